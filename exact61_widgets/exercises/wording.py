"""Small pieces of explanation the checks share: points with plurals, the target check.

Every number with a noun is a :class:`Plural` (1 очко, 2 очка, 5 очков). The rules'
verdicts (the target check, a settlement, a rounding) are worded by
:mod:`exact61_widgets.engine.explain`, not here.
"""

from __future__ import annotations

from collections.abc import Iterable

from exact61_widgets.engine.explain import rounding_rule
from exact61_widgets.engine.scoring import (
    POINT,
    TARGET,
    TARGET_PARAMS,
    accepts,
    is_start_score,
    round5,
    rounding_direction,
)
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.exercises.verdict import ExerciseError, Misconception, Mistake
from exact61_widgets.i18n import Msg, Plural


def raw(n: int) -> Plural:
    """``15 raw points`` / ``15 исходных очков``."""
    return Plural("{n} raw point", "{n} raw points", n)


def shown(n: int) -> Plural:
    """``3 displayed points`` / ``3 отображаемых очка``."""
    return Plural("{n} displayed point", "{n} displayed points", n)


def pips(n: int) -> Plural:
    """``13 pips`` / ``13 очков`` (the value of tiles)."""
    return Plural("{n} pip", "{n} pips", n)


def tiles_text(tiles: Iterable[Tile]) -> str:
    """``[1|2] [5|6]`` (``—`` for none)."""
    return " ".join(str(t) for t in tiles) or "—"


def check_score(score: int) -> None:
    """A starting score of a question is a raw multiple of 5 below 305 (D10)."""
    if not is_start_score(score):
        raise ExerciseError(
            Msg(
                "a score is a raw multiple of 5 below {target_raw} (D10), not {score}",
                {**TARGET_PARAMS, "score": repr(score)},
            )
        )


def applied(before: int | None, change: int) -> int:
    """What a change adds to the score ``before``: all of it, or 0 past 305 (R1.4); all of it
    where no target check is asked (``before`` None)."""
    return change if before is None or accepts(before, change) else 0


def round_wrong_way(total: int) -> int:
    """``total`` rounded the other way: what a learner gets who mixes up the remainders
    (1 and 2 up, 3 and 4 down); a multiple of 5 stays (R7.5)."""
    direction = rounding_direction(total)
    if direction == "stays":
        return total
    return round5(total) + POINT if direction == "down" else round5(total) - POINT


#: Shared by the kinds that round (a total, a settlement, a blocked-hand award).
ROUNDED_WRONG_WAY = Misconception(
    "rounded-wrong-way",
    Msg("Look at the remainder after dividing by 5: {rounding}.", {"rounding": rounding_rule()}),
)
#: Shared by the kinds that ask for displayed points.
TIMES_FIVE = Misconception(
    "multiplied-by-five",
    Msg("Displayed points are fewer than raw points: divide by 5, do not multiply (R1.2)."),
)
#: Shared by the kinds that ask for raw points: the answer given in displayed points.
SHOWN_NOT_RAW = Misconception(
    "displayed-for-raw",
    Msg("That is in displayed points; the question asks for raw points (R1.2)."),
)
#: Shared by the kinds that ask about a score near 61: an award that fits taken as rejected.
FIT_REJECTED = Misconception(
    "fitting-award-rejected",
    Msg(
        "Near {target} an award is rejected only if it would take the score above {target}; "
        "one that reaches {target} or stays below it is added in full (R1.4).",
        TARGET_PARAMS,
    ),
)
#: Shared by the kinds that score a play: a sum that is no multiple of 5 rounded to one.
SUM_ROUNDED = Misconception(
    "end-sum-rounded",
    Msg(
        "A play's sum of the ends is never rounded: only a sum that is already a positive "
        "multiple of 5 scores, any other scores nothing (R6.2)."
    ),
)
#: The going-out kind's: a last play whose sum scored nothing, added anyway.
UNSCORED_SUM_ADDED = Misconception(
    "unscored-sum-added",
    Msg(
        "The last play's sum of the ends is no multiple of 5, so that play earns nothing: "
        "add nothing for it (R6.2)."
    ),
)


def near_target(score: int | None) -> bool:
    """Whether a score is close enough to 61 that a learner may expect every award rejected
    (within 25 raw points of 305)."""
    return score is not None and score >= TARGET - 25


def fit_mistakes(score: int | None, change: int) -> list[Mistake]:
    """The answer of a learner who takes an award that fits for rejected, near 61: 0.

    Near 61 is where the score is, or where the award takes it (270 + 30 = 300 fits, and a
    learner who sees 300 may think it passes).
    """
    if score is not None and change > 0 and near_target(score + change):
        return [Mistake(0, FIT_REJECTED)]
    return []


def target_checked(before: int | None, change: int, misconception: Misconception) -> list[Mistake]:
    """The answers of a mistake that changes a score by ``change`` from ``before``: the change
    after the target check (0 if it would pass 61, R1.4), and, if it would, the change as
    the learner computed it, the target check forgotten as well. Where no target check is
    asked (``before`` None), the change as computed."""
    if before is None or accepts(before, change):
        return [Mistake(change, misconception)]
    return [Mistake(0, misconception, hidden=True), Mistake(change, misconception, hidden=True)]
