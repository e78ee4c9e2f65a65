"""Tiles of the double-six set (R1.1) and their notation ``[a|b]``.

The notation is stated on the :ref:`formats page, §1 Notation <formats-1>`.

There are exactly 28 :class:`Tile` objects; ``Tile(4, 1)`` and ``Tile.parse("41")``
return the same singleton, so tiles compare by identity and cost nothing to pass.
A tile's ``index`` (0–27, in ``(low, high)`` order) is what the fast core uses.
"""

from __future__ import annotations

import random
import re
from typing import Final

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.i18n import Msg

MAX_PIP: Final = 6
TILE_COUNT: Final = 28


class Tile:
    """One domino ``[low|high]`` with ``low <= high``; a singleton per pair."""

    __slots__ = ("high", "index", "is_double", "low", "pips", "text")

    #: The smaller number, 0–6.
    low: int
    #: The larger number, 0–6 (equal to ``low`` for a double).
    high: int
    #: The tile's index in the set, 0–27.
    index: int
    #: ``low + high``: what the tile counts in a hand.
    pips: int
    #: Whether both numbers are equal: every double is a spinner.
    is_double: bool
    #: The notation ``[low|high]``, as ``str(tile)`` gives it.
    text: str

    def __new__(cls, a: int, b: int) -> Tile:
        if not (isinstance(a, int) and isinstance(b, int)) or not (
            0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP
        ):
            raise NotationError(
                Msg("{text} is not a tile: numbers run from 0 to 6", {"text": f"[{a}|{b}]"})
            )
        return TILES[_index(min(a, b), max(a, b))]

    @classmethod
    def _make(cls, low: int, high: int) -> Tile:
        tile = object.__new__(cls)
        tile.low = low
        tile.high = high
        tile.index = _index(low, high)
        tile.pips = low + high
        tile.is_double = low == high
        tile.text = f"[{low}|{high}]"
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
        raise ValueError(f"{self.text} has no half {number}")

    def __str__(self) -> str:
        return self.text

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


#: The 28 tiles of the double-six set, in order ([0|0], [0|1], … [6|6]).
TILES: Final[tuple[Tile, ...]] = tuple(
    Tile._make(a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)
)
assert all(t.index == i for i, t in enumerate(TILES))

#: TILE_OF_BIT[1 << t] == t: the tile index of a one-tile bitmask (hands are bitmasks).
TILE_OF_BIT: Final[dict[int, int]] = {1 << t: t for t in range(TILE_COUNT)}
_TILE_OF_BIT: Final = {1 << t: tile for t, tile in enumerate(TILES)}
#: TILE_PIPS[t]: the pips of tile index ``t``.
TILE_PIPS: Final = tuple(t.pips for t in TILES)
#: Every accepted spelling of every tile (the formats page, §1), the fast path of parse_tile.
_SPELLINGS: Final[dict[str, Tile]] = {
    text: TILES[_index(min(a, b), max(a, b))]
    for a in range(MAX_PIP + 1)
    for b in range(MAX_PIP + 1)
    for text in (f"[{a}|{b}]", f"{a}|{b}", f"{a}-{b}", f"{a}{b}")
}


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bitmask of tile indices, in tile order."""
    tiles = []
    while mask:
        low = mask & -mask
        tiles.append(_TILE_OF_BIT[low])
        mask ^= low
    return tuple(tiles)


def shuffled_tiles(rng: random.Random) -> list[int]:
    """The 28 tile indices in a random order: exactly ``rng.shuffle(list(range(28)))``.

    CPython's ``shuffle`` swaps each position, from the last down, with one at or
    below it drawn by ``getrandbits`` (again while too large); a deal is shuffled
    for every hand, so this makes the same draws without the two calls a swap costs
    there. The tests check the order and the generator's state against ``shuffle``.
    """
    order = list(range(TILE_COUNT))
    getrandbits = rng.getrandbits
    for i, k in _SWAPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


#: The positions a shuffle swaps, from the last down to 1, each with the bits drawn for a
#: position from 0 to it.
_SWAPS: Final = tuple((i, (i + 1).bit_length()) for i in range(TILE_COUNT - 1, 0, -1))


def dealt_hands(order: list[int], players: int) -> list[int]:
    """The hands (bitmasks) dealt from shuffled tile indices: five each, in turn (R2.2)."""
    bit = _BIT
    it = iter(order[: players * HAND_SIZE])
    return [
        bit[a] | bit[b] | bit[c] | bit[d] | bit[e]
        for a, b, c, d, e in zip(it, it, it, it, it, strict=True)
    ]


#: Tiles in a hand at the deal (R2.2).
HAND_SIZE: Final = 5
_BIT: Final = tuple(1 << t for t in range(TILE_COUNT))


#: The pip totals of every 7-bit slice of a tile bitmask, slice by slice (for :func:`pips_of`).
_SLICE_PIPS: Final = tuple(
    tuple(sum(TILE_PIPS[7 * k + i] for i in range(7) if m >> i & 1) for m in range(128))
    for k in range(4)
)


def pips_of(mask: int) -> int:
    """The pip total of the tiles in a bitmask of tile indices (a hand's count, R7, R8).

    Four table look-ups, one per 7 tiles: the solver counts hands at every node.
    """
    a, b, c, d = _SLICE_PIPS
    return a[mask & 127] + b[mask >> 7 & 127] + c[mask >> 14 & 127] + d[mask >> 21]


_FORMS = re.compile(r"\[(\d)\|(\d)\]|(\d)\|(\d)|(\d)-(\d)|(\d)(\d)")


def parse_tile(text: str) -> Tile:
    """Parse one tile in any accepted notation and normalise it to ``[a|b]``."""
    if type(text) is str:
        tile = _SPELLINGS.get(text)
        if tile is not None:
            return tile
    if not isinstance(text, str):
        raise NotationError(
            Msg("{text} is not a tile: expected text like [1|4]", {"text": repr(text)})
        )
    m = _FORMS.fullmatch(text.strip())
    if m is None:
        raise NotationError(
            Msg("{text} is not a tile: write it like [1|4], 1|4, 1-4 or 14", {"text": repr(text)})
        )
    a, b = (int(g) for g in m.groups() if g is not None)
    if a > MAX_PIP or b > MAX_PIP:
        raise NotationError(
            Msg("{text} is not a tile: numbers run from 0 to 6", {"text": repr(text)})
        )
    return TILES[_index(min(a, b), max(a, b))]


def as_tile(value: Tile | str) -> Tile:
    """Accept a :class:`Tile` or its notation text."""
    return value if isinstance(value, Tile) else parse_tile(value)
