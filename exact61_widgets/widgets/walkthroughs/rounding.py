"""Walkthrough 3: rounding to the nearest multiple of 5 (R7.5), once, never pooled (R7.2, R7.3).

Pip totals are put on a number line: remainders 1–2 round down, 3–4 up,
multiples stay. Then why a total is rounded once (adding the opponents' tiles
first) and why the partner's tiles are rounded on their own and subtracted,
never pooled with the opponents'.
"""

from __future__ import annotations

from collections.abc import Sequence

from exact61_widgets.engine.explain import rounding
from exact61_widgets.engine.scoring import round5
from exact61_widgets.engine.settlement import going_out_parts
from exact61_widgets.exercises.kinds.going_out import (
    OUT_NOT_ROUNDED,
    PARTNER_ADDED,
    PARTNER_FORGOTTEN,
    PARTNER_POOLED,
    opponents_mistakes,
)
from exact61_widgets.exercises.kinds.rounding import rounding_mistakes
from exact61_widgets.exercises.verdict import Mistake
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.figures import Figure, RoundingSpec
from exact61_widgets.widgets.walkthroughs.base import Step, Walkthrough, wrong_answers


def rounding_caption(total: int) -> Msg:
    """How one total rounds, with its remainder (R7.5): the engine's explanation."""
    return rounding(total).steps[0]


def _lines(totals: Sequence[int]) -> tuple[Figure, ...]:
    """One number line per total, side by side."""
    return tuple(Figure(RoundingSpec(t), f"rounding{i}") for i, t in enumerate(totals))


def _sum(values: Sequence[int]) -> str:
    return " + ".join(str(v) for v in values)


class RoundingWalkthrough(Walkthrough):
    """Rounding on a number line (R7.5), rounding once (R7.2), the partner apart (R7.3).

    ``totals`` are shown one by one; ``parts`` are the opponents' separate pip
    totals (added, then rounded once); ``opponents`` and ``partner`` are the pip
    totals of the partner example.

    >>> walk = RoundingWalkthrough(lang="en")
    >>> walk.caption_text.startswith("12 has remainder 2: remainders 1 and 2 round down")
    True
    """

    #: Always ``"rounding"``.
    kind = "rounding"
    #: "Rounding".
    title = Msg("Rounding")

    def __init__(
        self,
        totals: Sequence[int] = (12, 13, 15, 16, 18),
        *,
        parts: Sequence[int] = (6, 7),
        opponents: int = 12,
        partner: int = 3,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        values = [*totals, *parts, opponents, partner]
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
            raise WidgetError(Msg("pip totals are whole numbers from 0 up"))
        if len(parts) < 2:
            raise WidgetError(
                Msg("give at least two parts to compare rounding once with rounding each part")
            )
        self.totals = tuple(totals)
        self.parts = tuple(parts)
        self.opponents = opponents
        self.partner = partner
        super().__init__(
            lang=lang, name=name, theme=theme, content=(self.totals, self.parts, opponents, partner)
        )

    def build_steps(self) -> Sequence[Step]:
        """One step per total, then once-versus-parts, then the partner apart."""
        steps = [
            Step(
                (Figure(RoundingSpec(t), "rounding"),),
                rounding_caption(t),
                ask=Step(
                    (),
                    Msg(
                        "{total} rounded to the nearest multiple of 5: what do you get?",
                        {"total": t},
                    ),
                    expect=wrong_answers(rounding_mistakes(t), round5(t)),
                ),
            )
            for t in self.totals
        ]
        parts = self.parts
        whole = sum(parts)
        each = [round5(p) for p in parts]
        once = Step(
            (),
            Msg(
                "The opponents hold {parts}. What do their tiles give, rounded?",
                {"parts": ", ".join(str(p) for p in parts)},
            ),
            expect=wrong_answers(opponents_mistakes(parts), round5(whole)),
        )
        steps.append(
            Step(
                _lines((whole, *parts)),
                Msg(
                    "The opponents hold {parts}: their tiles are added first, {sum} = {whole}, and "
                    "rounded once to {once} (R7.2). Rounding each part, {each} = {wrong}, would "
                    "give a different award.",
                    {
                        "parts": ", ".join(str(p) for p in parts),
                        "sum": _sum(parts),
                        "whole": whole,
                        "once": round5(whole),
                        "each": _sum(each),
                        "wrong": sum(each),
                    },
                )
                if round5(whole) != sum(each)
                else Msg(
                    "The opponents hold {parts}: their tiles are added first, {sum} = {whole}, and "
                    "rounded once to {once} (R7.2). Here rounding each part happens to give the "
                    "same, {each} = {wrong}, but the rule is to round once.",
                    {
                        "parts": ", ".join(str(p) for p in parts),
                        "sum": _sum(parts),
                        "whole": whole,
                        "once": round5(whole),
                        "each": _sum(each),
                        "wrong": sum(each),
                    },
                ),
                tuple(rounding_caption(v) for v in (whole, *parts)),
                ask=once,
            )
        )
        opp, mate = self.opponents, self.partner
        settled = going_out_parts(0, opp, mate)  # the engine's settlement, no last play's award
        pooled = round5(opp - mate)
        apart = Step(
            (),
            Msg(
                "In pair play the opponents hold {opp} and the partner {mate}. What does the "
                "pair get from the two hands?",
                {"opp": opp, "mate": mate},
            ),
            expect=wrong_answers(
                [
                    Mistake(pooled, PARTNER_POOLED),
                    Mistake(round5(opp), PARTNER_FORGOTTEN),
                    Mistake(round5(opp + mate), PARTNER_ADDED),
                    Mistake(opp - mate, OUT_NOT_ROUNDED),
                ],
                settled.net,
            ),
        )
        steps.append(
            Step(
                _lines((opp, mate, opp - mate)),
                Msg(
                    "In pair play the opponents' {opp} pips round to {opp_r} and the partner's "
                    "{mate} pips round on their own to {mate_r}, which is subtracted: "
                    "{opp_r} − {mate_r} = {net} (R7.3). Pooling first, {opp} − {mate} = {diff} → "
                    "{pooled}, is never done.",
                    {
                        "opp": opp,
                        "opp_r": settled.opponents_award,
                        "mate": mate,
                        "mate_r": settled.partner_deduction,
                        "net": settled.net,
                        "diff": opp - mate,
                        "pooled": pooled,
                    },
                ),
                (rounding_caption(opp), rounding_caption(mate)),
                ask=apart,
            )
        )
        return steps
