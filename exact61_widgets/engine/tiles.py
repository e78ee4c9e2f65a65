"""Tiles of the double-six set (R1.1) and their notation ``[a|b]`` (CONTRACT §1).

There are exactly 28 :class:`Tile` objects; ``Tile(4, 1)`` and ``Tile.parse("41")``
return the same singleton, so tiles compare by identity and cost nothing to pass.
A tile's ``index`` (0–27, in ``(low, high)`` order) is what the fast core uses.
"""

from __future__ import annotations

import re
from typing import Final

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.i18n import Msg

MAX_PIP: Final = 6
TILE_COUNT: Final = 28


class Tile:
    """One domino ``[low|high]`` with ``low <= high``; a singleton per pair."""

    __slots__ = ("_text", "high", "index", "is_double", "low", "pips")

    low: int
    high: int
    index: int
    pips: int
    is_double: bool
    _text: str

    def __new__(cls, a: int, b: int) -> Tile:
        if not (isinstance(a, int) and isinstance(b, int)) or not (
            0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP
        ):
            raise NotationError(Msg("{text} is not a tile: numbers run from 0 to 6",
                                    {"text": f"[{a}|{b}]"}))
        return TILES[_index(min(a, b), max(a, b))]

    @classmethod
    def _make(cls, low: int, high: int) -> Tile:
        tile = object.__new__(cls)
        tile.low = low
        tile.high = high
        tile.index = _index(low, high)
        tile.pips = low + high
        tile.is_double = low == high
        tile._text = f"[{low}|{high}]"
        return tile

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``[a|b]``, ``[b|a]``, ``a|b``, ``a-b`` or ``ab``; raise :class:`NotationError`."""
        return parse_tile(text)

    def has(self, number: int) -> bool:
        """Whether one half of the tile shows ``number``."""
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The number on the half opposite a half showing ``number``."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise ValueError(f"{self._text} has no half {number}")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import tile_svg  # lazy: the engine imports no SVG code

        return str(tile_svg(self))


def _index(low: int, high: int) -> int:
    return low * (2 * MAX_PIP + 3 - low) // 2 + (high - low)


TILES: Final[tuple[Tile, ...]] = tuple(
    Tile._make(a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)
)
assert all(t.index == i for i, t in enumerate(TILES))

_FORMS = re.compile(r"\[(\d)\|(\d)\]|(\d)\|(\d)|(\d)-(\d)|(\d)(\d)")


def parse_tile(text: str) -> Tile:
    """Parse one tile in any accepted notation and normalise it to ``[a|b]``."""
    if not isinstance(text, str):
        raise NotationError(Msg("{text} is not a tile: expected text like [1|4]",
                                {"text": repr(text)}))
    m = _FORMS.fullmatch(text.strip())
    if m is None:
        raise NotationError(Msg("{text} is not a tile: write it like [1|4], 1|4, 1-4 or 14",
                                {"text": repr(text)}))
    a, b = (int(g) for g in m.groups() if g is not None)
    if a > MAX_PIP or b > MAX_PIP:
        raise NotationError(Msg("{text} is not a tile: numbers run from 0 to 6",
                                {"text": repr(text)}))
    return TILES[_index(min(a, b), max(a, b))]


def as_tile(value: Tile | str) -> Tile:
    """Accept a :class:`Tile` or its notation text."""
    return value if isinstance(value, Tile) else parse_tile(value)
