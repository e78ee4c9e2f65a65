"""Points: the target, rounding, and the play award test (R1, R6, R7.5).

Each rule is written here once and every part of the package uses it: the
positive-multiple-of-5 test (:func:`earns`), the play award (:func:`play_award`,
and its table :data:`AWARDS` for the fast loops), rounding to 5 (:func:`round5`) and
which way a remainder rounds (:func:`rounding_direction`), the target check
(:func:`accepts`) and the exact hit that wins (:func:`reaches_target`).
The target's numbers are written here and nowhere else; their words are in
:mod:`.explain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal

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


def rounding_direction(total: int) -> Literal["stays", "down", "up"]:
    """Which way ``total`` rounds to the nearest multiple of 5: the one decision of R7.5,
    read from :func:`round5` (remainders 1, 2 down; 3, 4 up; a multiple stays)."""
    rounded = round5(total)
    return "stays" if rounded == total else "down" if rounded < total else "up"


def earns(end_sum: int) -> bool:
    """Whether an end sum scores: a positive multiple of 5 (R6.2)."""
    return end_sum > 0 and end_sum % 5 == 0


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
