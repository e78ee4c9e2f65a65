"""Walkthrough 4: going out (R7) — the last play, the opponents, the partner, one settlement.

From a position where the mover can play their last tile: the play (its award
waits for the settlement), the opponents' pips rounded once, in pair play the
partner's pips rounded and subtracted, and the target check that accepts or
rejects all the parts together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.events import OutEvent, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import as_match
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import Scenario, rewind
from exact61_widgets.engine.scoring import displayed
from exact61_widgets.exercises.kinds.going_out import (
    OUT_NOT_ROUNDED,
    PART_REJECTED,
    PARTNER_FORGOTTEN,
    opponents_mistakes,
    out_mistakes,
)
from exact61_widgets.exercises.verdict import Mistake
from exact61_widgets.exercises.wording import ROUNDED_WRONG_WAY, applied, round_wrong_way
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.match_status import seat_label
from exact61_widgets.views.ready_positions import GOING_OUT_PAIRS
from exact61_widgets.widgets.figures import Figure, GoingOutSpec, HandSpec, LayoutSpec
from exact61_widgets.widgets.walkthroughs.base import Lines, Said, Step, Walkthrough, wrong_answers


def going_out_play(match: Match) -> Play:
    """The first legal play that empties the mover's hand."""
    if len(match.hand(match.to_move)) == 1:
        for action in match.legal_actions():
            if isinstance(action, Play):
                return action
    raise WidgetError(Msg("seat {seat} cannot go out in this position", {"seat": match.to_move}))


def prepare(
    source: Scenario | Match | Mapping[str, Any], play: str | Play | None
) -> tuple[Match, Play]:
    """The position before the going-out play, and that play.

    A game record is replayed and wound back to just before its last going-out.
    """
    match = as_match(source)
    if isinstance(source, Mapping) and "format" in source and play is None:
        outs = [i for i, e in enumerate(match.events) if isinstance(e, OutEvent)]
        if not outs:
            raise WidgetError(Msg("nobody goes out in this record"))
        first = rewind(match, outs[-1] - 1)[0]
        assert isinstance(first, Play)
        return match, first
    if play is None:
        return match, going_out_play(match)
    action = parse_action(play) if isinstance(play, str) else play
    if not isinstance(action, Play) or len(match.hand(match.to_move)) != 1:
        raise WidgetError(
            Msg(
                "{play} does not go out: the mover must play their last tile", {"play": str(action)}
            )
        )
    return match, action


class GoingOutWalkthrough(Walkthrough):
    """Going out, part by part (R7.1–R7.5, R6.3): one settlement, checked as a whole.

    ``scenario``: a :class:`Scenario`, a :class:`Match` or a game record (wound
    back to its last going-out); ``play``: the going-out play (default: found).

    >>> walk = GoingOutWalkthrough()
    >>> walk.go(len(walk.steps) - 1)  # the last step: the settlement as a whole
    >>> walk.caption_text.startswith("One settlement: 0 + 10 − 5 = 5 (R7.4).")
    True
    """

    #: Always ``"going_out"``.
    kind = "going_out"
    #: "Going out".
    title = Msg("Going out")

    def __init__(
        self,
        scenario: Scenario | Match | Mapping[str, Any] = GOING_OUT_PAIRS,
        play: str | Play | None = None,
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.match, self.play = prepare(scenario, play)
        self.before = self.match.copy()
        reason = self.match.why_illegal(self.play)
        if reason is not None:
            raise WidgetError(
                Msg(
                    "{play} cannot be played here: {reason}",
                    {"play": str(self.play), "reason": reason},
                )
            )
        self.events = tuple(self.match.push(self.play))
        super().__init__(
            lang=lang,
            name=name,
            theme=theme,
            content=(repr(Scenario.from_match(self.before)), str(self.play)),
        )

    def build_steps(self) -> Sequence[Step]:
        """Position, last play, opponents, partner, settlement."""
        before, after = self.before, self.match
        play = self.events[0]
        out = self.events[1]
        assert isinstance(play, PlayEvent) and isinstance(out, OutEvent)
        seat = play.seat
        partner = before.partner_of(seat)
        table = Figure(LayoutSpec(str(after.layout), play=play))
        opponents = [s for s in range(before.players) if before.side_of(s) != play.side]

        def hands(seats: Sequence[int]) -> tuple[Figure, ...]:
            return tuple(
                Figure(
                    HandSpec(tuple(str(t) for t in out.remaining[s])),
                    f"hand{s}",
                    seat_label(s, False, self.lang),
                )
                for s in seats
            )

        explained = out.explanation().steps
        steps = [
            Step(
                (
                    Figure(LayoutSpec(str(before.layout), last=False)),
                    Figure(
                        HandSpec((str(self.play.tile),)),
                        f"hand{seat}",
                        seat_label(seat, True, self.lang),
                    ),
                ),
                Msg(
                    "Seat {seat} holds one tile, {tile}, and the scores are {scores}: playing it "
                    "goes out (R7.1).",
                    {"seat": seat, "tile": str(self.play.tile), "scores": _scores(before.scores)},
                ),
            ),
            Step(
                (table,),
                ask=going_out_question(after.layout, self.play, play),
                caption=Lines(
                    (
                        Msg("Seat {seat} plays {play}.", {"seat": seat, "play": str(self.play)}),
                        *play.explanation().steps,
                    )
                ),
            ),
        ]
        steps.append(
            Step(
                (*hands(opponents), table),
                Lines((Msg("All hands are shown (R7.1)."), explained[0])),
                ask=Step(
                    (*hands(opponents), table),
                    Msg("The opponents show their tiles. What do they give, rounded?")
                    if len(opponents) > 1
                    else Msg("The opponent shows their tiles. What do they give, rounded?"),
                    expect=wrong_answers(
                        opponents_mistakes([before.pips(s) for s in opponents]),
                        out.opponents_award,
                    ),
                ),
            )
        )
        if partner is not None:
            steps.append(
                Step(
                    (*hands([partner]), table),
                    explained[1],
                    ask=Step(
                        (*hands([partner]), table),
                        Msg(
                            "The partner, seat {partner}, shows their tiles. What is taken off "
                            "the pair's score for them?",
                            {"partner": partner},
                        ),
                        expect=wrong_answers(
                            [
                                Mistake(out.partner_pips, OUT_NOT_ROUNDED),
                                Mistake(round_wrong_way(out.partner_pips), ROUNDED_WRONG_WAY),
                                *([Mistake(0, PARTNER_FORGOTTEN)] if out.partner_deduction else []),
                            ],
                            out.partner_deduction,
                        ),
                    ),
                )
            )
        caption = Lines(explained[-2:])
        ask = replace(settlement_question(after, out, play.end_sum), panels=steps[-1].panels)
        steps.append(
            Step(
                (Figure(GoingOutSpec(out), "settlement"), table),
                caption,
                (out.explain(self.lang),),
                ask=ask,
            )
        )
        return steps


def going_out_question(after: Layout, action: Action, play: PlayEvent) -> Step:
    """The held-back step of a going-out play (predict mode): ``after``, the layout with the
    play, no scoring end marked; the question what the ends add up to and whether the award
    is applied now (it is not: it joins the settlement), and the wrong answer to expect, that
    it is applied at once (the settlement split)."""
    return Step(
        (Figure(LayoutSpec(str(after), ends=False)),),
        Msg(
            "Seat {seat} plays {play}, their last tile. What do the ends add up to, "
            "and is that award applied now?",
            {"seat": play.seat, "play": str(action)},
        ),
        expect=(Said(Msg("yes, at once"), PART_REJECTED),),
    )


def settlement_question(match: Match, out: OutEvent, end_sum: int) -> Step:
    """The held-back step of a going-out settlement (predict mode): the question what it gives
    and whether it is applied, and the wrong answers to expect (``end_sum``: the last play's
    sum of the ends). Its pictures are the caller's."""
    return Step(
        (),
        Msg(
            "{team}: what does the settlement give in raw points, and is it applied?",
            {"team": match.seating.side_title(out.side)},
        ),
        expect=wrong_answers(out_mistakes(out, match, end_sum), applied(out.score_before, out.net)),
    )


def _scores(scores: Sequence[int]) -> str:
    return ", ".join(f"{s} ({displayed(s)})" for s in scores)
