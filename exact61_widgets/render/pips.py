"""Where the pips of a half tile go: the standard patterns of 0 to 6.

Positions are fractions of the half's side, as (along, across) the tile's long
axis, so a six shows two rows of three along the tile whichever way it lies.
"""

from __future__ import annotations

from typing import Final

_A, _C, _B = 0.25, 0.5, 0.75

#: PATTERNS[n]: the pips of a half showing ``n``, as (along, across) fractions.
PATTERNS: Final[tuple[tuple[tuple[float, float], ...], ...]] = (
    (),
    ((_C, _C),),
    ((_A, _A), (_B, _B)),
    ((_A, _A), (_C, _C), (_B, _B)),
    ((_A, _A), (_A, _B), (_B, _A), (_B, _B)),
    ((_A, _A), (_A, _B), (_C, _C), (_B, _A), (_B, _B)),
    ((_A, _A), (_C, _A), (_B, _A), (_A, _B), (_C, _B), (_B, _B)),
)


def pip_centers(
    number: int, x: float, y: float, side: float, horizontal: bool
) -> list[tuple[float, float]]:
    """Centres of the pips of a half showing ``number`` whose top-left corner is (x, y).

    ``horizontal`` says that the tile's long axis runs left to right.
    """
    if horizontal:
        return [(x + a * side, y + c * side) for a, c in PATTERNS[number]]
    return [(x + c * side, y + a * side) for a, c in PATTERNS[number]]
