"""What does a play earn (R5, R6), or add to a score near 61 (R1.4)? A number.

The answer is in raw or displayed points. The misconceptions are computed the
way a mistaken learner computes, target check included: the sum taken for the
award, an internal double counted, an end double counted once, the unit mixed
up (or multiplied instead of divided), the target check forgotten or the award
cut down to fit, the new score given instead of the change.

With ``before_check`` the question asks for the award before the target check
(a twin asked just before the question with the check, on the same play): its
solution stops there and the check's misconceptions are left out, so a mistake
that makes the award larger, which the check would hide behind a right 0, is
caught on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from exact61_widgets.engine import explain
from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.advice import passes_target
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.scoring import (
    POINT,
    TARGET_PARAMS,
    accepts,
    displayed,
    play_award,
    round5,
    to_target,
)
from exact61_widgets.exercises.giveaways import (
    contributions_part,
    core,
    play_event,
    starting_at,
)
from exact61_widgets.exercises.layout_facts import (
    end_key,
    play_on,
    scoring_ends,
)
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    join,
    number_answer,
)
from exact61_widgets.exercises.wording import (
    FIT_REJECTED,
    SHOWN_NOT_RAW,
    SUM_ROUNDED,
    TIMES_FIVE,
    applied,
    check_score,
    fit_mistakes,
    raw,
    shown,
)
from exact61_widgets.i18n import Msg, check_lang
from exact61_widgets.render import render_svg

Unit = Literal["raw", "displayed"]

SUM_IS_NOT_AWARD = Misconception(
    "sum-taken-as-award",
    Msg("That is the sum of the ends; only a positive multiple of 5 scores (R6.2)."),
)
AWARD_REJECTED = Misconception(
    "target-check-forgotten",
    Msg(
        "That award would take the score above {target}: it is rejected whole, so the "
        "score does not change (R1.4).",
        TARGET_PARAMS,
    ),
)
CUT_TO_FIT = Misconception(
    "award-cut-to-fit",
    Msg(
        "An award that would pass {target} is not cut down to fit: it is rejected whole (R1.4).",
        TARGET_PARAMS,
    ),
)
RAW_NOT_SHOWN = Misconception(
    "raw-for-displayed", Msg("That is in raw points; displayed points are raw ÷ 5 (R1.2).")
)
NEW_SCORE = Misconception(
    "new-score",
    Msg("That is the score after the play; the question asks how much the play adds to it."),
)
INTERNAL_COUNTED = Misconception(
    "internal-double-counted",
    Msg("A double with both lines filled is internal: it adds nothing to the sum (R5.2)."),
)
END_DOUBLE_ONCE = Misconception(
    "end-double-counted-once", Msg("An end double counts both its halves (R5.1).")
)
MISCONCEPTIONS = (
    SUM_IS_NOT_AWARD,
    AWARD_REJECTED,
    CUT_TO_FIT,
    RAW_NOT_SHOWN,
    TIMES_FIVE,
    SHOWN_NOT_RAW,
    NEW_SCORE,
    INTERNAL_COUNTED,
    END_DOUBLE_ONCE,
    SUM_ROUNDED,
    FIT_REJECTED,
)


def award_mistakes(after: Layout, unit: Unit, score: int | None) -> list[Mistake]:
    """The answers the known mistakes give to an award question, each with its misconception.

    Each value is computed the way the mistaken learner would, target check
    included; :func:`~exact61_widgets.exercises.verdict.number_result` keeps only
    a misconception whose value is wrong and unique.
    """
    end_sum, award = after.end_sum, after.award
    added = applied(score, award)

    def in_unit(raw: int) -> int:
        return raw if unit == "raw" else displayed(raw)

    def from_sum(sum_: int, misconception: Misconception) -> Mistake:
        """The answer a learner gives from a (wrong) end sum."""
        gained = play_award(sum_)
        kept = applied(score, gained)  # 0 where the target check rejects it: hidden behind it
        return Mistake(in_unit(kept), misconception, kept != gained)

    found: list[Mistake] = []
    if added != award:  # the award passes 61: forgetting the target check gives the award
        found.append(Mistake(in_unit(award), AWARD_REJECTED))
        assert score is not None
        if to_target(score) > 0:
            found.append(Mistake(in_unit(to_target(score)), CUT_TO_FIT))
    if end_sum % POINT:  # a sum that earns nothing, taken as the award
        found.append(
            Mistake(
                end_sum if unit == "displayed" else applied(score, end_sum),
                SUM_IS_NOT_AWARD,
            )
        )
    if added:
        if unit == "displayed":
            found.append(Mistake(added, RAW_NOT_SHOWN))
            found.append(Mistake(added * POINT, TIMES_FIVE))
        else:
            found.append(Mistake(displayed(added), SHOWN_NOT_RAW))
    if end_sum % POINT and round5(end_sum):  # the sum rounded as tiles left in hands are
        found.append(from_sum(round5(end_sum), SUM_ROUNDED))
    if score:
        found.append(Mistake(in_unit(score + added), NEW_SCORE))
    found.extend(fit_mistakes(score, added))
    internal = [t for t in after.tiles if t.is_double and not after.is_end_double(t)]
    if internal:
        found.append(from_sum(end_sum + sum(t.pips for t in internal), INTERNAL_COUNTED))
    doubles = [c for c in after.contributions() if c.port is None and c.value]
    if doubles:
        found.append(from_sum(end_sum - sum(c.value // 2 for c in doubles), END_DOUBLE_ONCE))
    return found


def _check_play_award(
    layout: Layout | str,
    play: Play | str,
    answer: str | int,
    *,
    unit: Unit = "raw",
    score: int | None = None,
    before_check: bool = False,
) -> Result:
    """What does ``play`` on ``layout`` score (R5, R6)? Answer: a number in ``unit``.

    With ``score`` (the player's or pair's raw score before the play) the answer
    is what the play adds to that score, so an award passing 61 adds 0 (R1.4);
    with ``before_check`` too, it is the award the play earns before that check
    (the solution stops there, and the target check's mistakes are not asked).
    """
    if unit not in ("raw", "displayed"):
        raise ExerciseError(Msg("the unit is raw or displayed, not {unit}", {"unit": repr(unit)}))
    if score is not None:
        check_score(score)
    elif before_check:
        raise ExerciseError(Msg("a question before the target check needs the score"))
    checked = None if before_check else score
    table, action = play_on(layout, play)
    end_sum, award = table.end_sum, table.award
    added = applied(checked, award)
    ends = [c.value for c in table.contributions()]
    parts: list[Msg | str] = [*explain.award(end_sum, ends, str(action)).steps]
    if checked is not None and award:
        parts += explain.target_check(checked, award).steps
    expected = added if unit == "raw" else displayed(added)
    if unit == "displayed":
        parts += explain.displayed_points(added).steps
    why = join(parts)
    return number_answer(answer, expected, why, award_mistakes(table, unit, checked))


def play_award_giveaways(layout: str, play: str, score: int | None, lang: str) -> tuple[str, ...]:
    """Giveaways of "what does this play earn": the layout after it, described and explained.

    When the award would pass 61 (R1.4) the answer is the target check's
    verdict, so the texts that only state the award are not giveaways then;
    the engine's whole explanation and the sum of the check are.
    """
    before = Layout.parse(layout)
    after, action = play_on(before, play)
    award = after.award
    rejected = score is not None and not accepts(score, award)
    ends = scoring_ends(after)
    helper = "; ".join(f"{end_key(c)} = {c.value}" for c in ends)
    found = [f"{action} end sum {after.end_sum} award {award}", f"{action} {after.end_sum} {award}"]
    if not rejected:
        found[:0] = [
            contributions_part(after, lang),
            f"{helper} -> sum {after.end_sum}, award {award} raw",
        ]
    event = play_event(before, action, score)
    if event is not None:
        explained = starting_at(event.explain(lang), str(action.tile))
        found.append(explained if rejected else core(explained))
    if rejected:  # the search bot's hint says so of a play it does not choose
        hint = passes_target("", "", str(action), shown(displayed(award)))
        found.append(starting_at(hint.text(lang), str(action)))
    if score is not None and award:
        found.append(f"{score} + {award} = {score + award}")
    return tuple(found)


@dataclass(frozen=True)
class PlayAward(Task):
    """What does ``play`` on ``layout`` score (R6), optionally from ``score`` (R1.4)?"""

    #: The layout before the play, in notation.
    layout: str
    #: The play in notation (``[2|5]@[2|2]:lineB``).
    play: str
    #: Whether the answer is asked in ``raw`` or ``displayed`` points.
    unit: Unit = "raw"
    #: The side's raw score before the play, for the target check (None: no check asked).
    score: int | None = None
    #: Ask for the award the play earns before the target check (the score is then only the
    #: setting: a twin asked just before the question with the check, on the same play).
    before_check: bool = False
    kind: ClassVar[str] = "play_award"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        # An illegal play or a bad unit or score fails now, not at the first answer.
        self.check("0")
        _, action = play_on(self.layout, self.play)
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))
        object.__setattr__(self, "play", str(action))

    def question(self) -> Msg:
        """The question."""
        if self.before_check:
            params = {"score": raw(self.score or 0), "play": self.play}
            if self.unit == "displayed":
                return Msg(
                    "The player (or their pair) has {score}. How many displayed points "
                    "does {play} earn, before the target check?",
                    params,
                )
            return Msg(
                "The player (or their pair) has {score}. How many raw points does "
                "{play} earn, before the target check?",
                params,
            )
        if self.score is not None:
            params = {"score": raw(self.score), "play": self.play}
            if self.unit == "displayed":
                return Msg(
                    "The player (or their pair) has {score}. How many displayed points "
                    "does {play} add to that score?",
                    params,
                )
            return Msg(
                "The player (or their pair) has {score}. How many raw points does "
                "{play} add to that score?",
                params,
            )
        if self.unit == "displayed":
            return Msg("How many displayed points does {play} earn?", {"play": self.play})
        return Msg("How many raw points does {play} earn?", {"play": self.play})

    def answer_form(self) -> Msg:
        """A whole number of points in the task's unit."""
        if self.unit == "displayed":
            return Msg("a whole number of displayed points")
        return Msg("a whole number of raw points")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_play_award`` reaches it."""
        return _check_play_award(
            self.layout,
            self.play,
            answer,
            unit=self.unit,
            score=self.score,
            before_check=self.before_check,
        )

    def answer(self, lang: str | None = None) -> str:
        """What the play earns (or adds to the score, or earns before the target check), in
        the task's unit."""
        return self.check("0").expected

    def mistakes(self) -> list[Mistake]:
        """The answers of the award question's misconceptions (before the target check:
        the award's own, none of the check's)."""
        after, _ = play_on(self.layout, self.play)
        return award_mistakes(after, self.unit, None if self.before_check else self.score)

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The layout after the play, its scoring ends marked, summed and scored."""
        after, _ = play_on(self.layout, self.play)
        return str(render_svg(after, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The layout after the play described and explained; the target check's sum (before
        the check: what states the award)."""
        score = None if self.before_check else self.score
        return play_award_giveaways(self.layout, self.play, score, check_lang(lang))
