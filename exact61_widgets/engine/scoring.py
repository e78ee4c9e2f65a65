"""Points: the target, rounding, and the play award test (R1, R6, R7.5).

Each rule is written here once and every part of the package uses it: the
positive-multiple-of-5 test (:func:`earns`), the play award (:func:`play_award`,
and its table :data:`AWARDS` for the fast loops), rounding to 5 (:func:`round5`),
the target check (:func:`accepts`) and the exact hit that wins (:func:`reaches_target`).
The target's numbers are written here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

from exact61_widgets.i18n import Msg, Plural

#: Raw points per displayed point (R1.2).
POINT: Final = 5
#: Displayed points of the exact target (R1.3).
TARGET_POINTS: Final = 61
#: Raw points of the exact target (R1.3).
TARGET: Final = TARGET_POINTS * POINT
#: The target as a message's parameters: ``{target}`` (displayed points) and ``{target_raw}``
#: (raw points). Messages name the target through these, never as a number of their own.
TARGET_PARAMS: Final[Mapping[str, int]] = MappingProxyType(
    {"target": TARGET_POINTS, "target_raw": TARGET}
)

#: What the target check made of an award or a settlement: none to check, applied, rejected,
#: or deferred to the going-out settlement (R1.4, R7.4).
Status = Literal["none", "applied", "rejected", "deferred"]
#: The largest end sum there can be: every pip of the set (each end counts pips once).
MAX_END_SUM: Final = 168


#: The rounding rule's remainders as a message's parameters (R7.5): ``{down_1}`` and ``{down_2}``
#: round down, ``{up_1}`` and ``{up_2}`` round up. Messages name them through these.
ROUNDING_PARAMS: Final[Mapping[str, int]] = MappingProxyType(
    {"down_1": 1, "down_2": 2, "up_1": 3, "up_2": 4}
)


def round5(pips: int) -> int:
    """Round to the nearest multiple of 5: remainders 1, 2 down; 3, 4 up (R7.5)."""
    return (pips + 2) // 5 * 5


def rounding_rule(rule: str = "R7.5") -> Msg:
    """The rounding rule in words: which remainders round down and which up.

    The one statement of the rule (R7.5); a settlement that rounds cites its own rule
    (``"R7.2"``, ``"R8.2"``). Exercises, handouts and pictures say it so.
    """
    return Msg(
        "remainders {down_1} and {down_2} round down, {up_1} and {up_2} round up ({rule})",
        {**ROUNDING_PARAMS, "rule": rule},
    )


def rounding_reason(total: int) -> Msg:
    """How ``total`` rounds to the nearest multiple of 5, by its remainder: one sentence (R7.5).

    The one explanation of a rounding: exercises and walkthroughs say it so.
    """
    rest = total % POINT
    params = {**ROUNDING_PARAMS, "total": total, "rest": rest, "result": round5(total)}
    if rest == 0:
        return Msg("{total} is a multiple of 5, so it stays {result} (R7.5).", params)
    if rest <= ROUNDING_PARAMS["down_2"]:
        return Msg(
            "{total} has remainder {rest}: remainders {down_1} and {down_2} round down, "
            "to {result} (R7.5).",
            params,
        )
    return Msg(
        "{total} has remainder {rest}: remainders {up_1} and {up_2} round up, to {result} (R7.5).",
        params,
    )


def earns(end_sum: int) -> bool:
    """Whether an end sum scores: a positive multiple of 5 (R6.2)."""
    return end_sum > 0 and end_sum % 5 == 0


def award_reason(end_sum: int) -> Msg:
    """Why an end sum earns what it earns, in words: the multiple-of-5 test of R6.2.

    The one explanation of the test: events, exercises, walkthroughs and narration say it so.
    """
    if end_sum == 0:
        return Msg("the ends add up to 0, which earns nothing (R6.2)")
    if not earns(end_sum):
        return Msg("{sum} is not a multiple of 5: no award (R6.2)", {"sum": end_sum})
    return Msg(
        "{sum} is a positive multiple of 5, so it earns {raw} (R6.2)",
        {"sum": end_sum, "raw": Plural("{n} raw point", "{n} raw points", end_sum)},
    )


def play_award(end_sum: int) -> int:
    """The raw award for an end sum: itself if a positive multiple of 5, else 0 (R6.2)."""
    return end_sum if earns(end_sum) else 0


#: AWARDS[end_sum] == play_award(end_sum), for every end sum there can be (the fast loops).
AWARDS: Final[tuple[int, ...]] = tuple(play_award(s) for s in range(MAX_END_SUM + 1))


def displayed(raw: int) -> int:
    """Displayed points of a raw score (R1.2); raw scores are multiples of 5."""
    return raw // POINT


def accepts(score: int, award: int) -> bool:
    """The target check of R1.4: an award may not take a score above the target."""
    return score + award <= TARGET


def reaches_target(score: int) -> bool:
    """Whether a score is exactly the target: the match is won at once (R1.3, R9.1)."""
    return score == TARGET


def to_target(score: int) -> int:
    """The raw points a score still needs to reach the target exactly (R1.3)."""
    return TARGET - score


def is_start_score(score: object) -> bool:
    """Whether ``score`` may start a match: a raw multiple of 5 below the target (D10)."""
    return (
        isinstance(score, int)
        and not isinstance(score, bool)
        and not score % POINT
        and (score < TARGET)
    )
