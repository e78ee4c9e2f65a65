"""The layout: a tree of tiles grown from the opening tile (R3.1, R4, R5, D1, D2).

Other engines flatten the table into a list of ends and get spinners wrong; here
every tile knows which of its ports are taken, so open places (R4.3) and scoring
ends (R5) follow from the tree. Play with :meth:`Layout.push` and undo with
:meth:`Layout.pop`; the open places and the end sum are kept up to date
incrementally so that search and self-play stay fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.ports import PLACE_NUMBER, PLACES, Place, Port, port_fits
from exact61_widgets.engine.tiles import TILES, Tile, as_tile, parse_tile
from exact61_widgets.i18n import Msg

_LOW, _HIGH, _LINE_A, _LINE_B, _BRANCH_A, _BRANCH_B = range(6)
_BOTH_LINES: Final = (1 << _LINE_A) | (1 << _LINE_B)

TILE_LOW: Final = tuple(t.low for t in TILES)
TILE_HIGH: Final = tuple(t.high for t in TILES)
TILE_DOUBLE: Final = tuple(t.is_double for t in TILES)


def _contribution(t: int, occ: int) -> int:
    """Raw contribution of tile ``t`` whose taken ports are the bits of ``occ`` (R5)."""
    if TILE_DOUBLE[t]:
        return 0 if occ & _BOTH_LINES == _BOTH_LINES else 2 * TILE_LOW[t]
    return (0 if occ & 1 else TILE_LOW[t]) + (0 if occ & 2 else TILE_HIGH[t])


#: CONTRIB[t][occ]: the contribution of tile ``t`` with taken-port bits ``occ``.
CONTRIB: Final = tuple(tuple(_contribution(t, occ) for occ in range(64)) for t in range(28))

#: Tiles (bitmask) having a half in the number set ``m`` (bitmask of numbers 0–6).
TILES_WITH: Final = tuple(
    sum(1 << t for t in range(28) if (m >> TILE_LOW[t]) & 1 or (m >> TILE_HIGH[t]) & 1)
    for m in range(128)
)


def _join(t: int, number: int) -> tuple[int, int, tuple[int, ...]]:
    """How tile ``t`` joins a place of ``number``: joining port, taken bits, new places."""
    if TILE_DOUBLE[t]:
        return _LINE_A, 1 << _LINE_A, (t * 6 + _LINE_B,)
    port = _LOW if TILE_LOW[t] == number else _HIGH
    return port, 1 << port, (t * 6 + (1 - port),)


#: JOIN[t][number]: (joining port, taken bits, places it opens); None if it cannot join.
JOIN: Final = tuple(
    tuple(_join(t, n) if n in (TILE_LOW[t], TILE_HIGH[t]) else None for n in range(7))
    for t in range(28)
)
#: OPENING[t]: the places an opening tile ``t`` offers.
OPENING: Final = tuple(
    (t * 6 + _LINE_A, t * 6 + _LINE_B) if TILE_DOUBLE[t] else (t * 6 + _LOW, t * 6 + _HIGH)
    for t in range(28)
)


class Placement(NamedTuple):
    """One tile put on the table: the opening tile (``at`` is None) or ``TILE@PLACE``."""

    tile: Tile
    at: Place | None
    joined_by: Port | None

    def __str__(self) -> str:
        return str(self.tile) if self.at is None else f"{self.tile}@{self.at}"


class Contribution(NamedTuple):
    """One scoring end (R5): a free half, or an end double (``port`` None, both halves)."""

    tile: Tile
    port: Port | None
    value: int


class Connection(NamedTuple):
    """Two tiles joined: the parent's place and the child's joining port."""

    parent: Place
    child: Place


def contributions_of(placed: int, occ: list[int] | tuple[int, ...]) -> list[Contribution]:
    """The scoring ends of the tiles in bitmask ``placed`` with taken-port bits ``occ`` (R5)."""
    result = []
    for t in range(28):
        if not placed >> t & 1:
            continue
        taken = occ[t]
        tile = TILES[t]
        if TILE_DOUBLE[t]:
            if taken & _BOTH_LINES != _BOTH_LINES:
                result.append(Contribution(tile, None, 2 * tile.low))
        else:
            if not taken & 1:
                result.append(Contribution(tile, Port.LOW, tile.low))
            if not taken & 2:
                result.append(Contribution(tile, Port.HIGH, tile.high))
    return result


class Layout:
    """The tiles on the table as a tree, with push/pop (CONTRACT §1).

    ``Layout.parse(text)`` reads the notation; ``str(layout)`` writes it back.
    """

    __slots__ = ("_at", "_occ", "_open", "_open_mask", "_order", "_placed", "_sum", "_undo")

    def __init__(self, placements: Iterable[Placement | tuple[Tile | str, Place | str | None]]
                 = ()) -> None:
        self._order: list[int] = []
        self._at: list[int] = []
        self._occ: list[int] = [0] * 28
        self._placed = 0
        self._open: list[list[int]] = [[] for _ in range(7)]
        self._open_mask = 0
        self._sum = 0
        self._undo: list[tuple[int, int, tuple[int, ...]]] = []
        for i, item in enumerate(placements, start=1):
            tile, at = item[0], item[1]
            tile = as_tile(tile)
            place = Place.parse(at) if isinstance(at, str) else at
            reason = self.why_illegal(tile, place)
            if reason is not None:
                text = str(tile) if place is None else f"{tile}@{place}"
                raise NotationError(Msg("placement {n} ({text}): {reason}",
                                        {"n": i, "text": text, "reason": reason}))
            self._push(tile.index, -1 if place is None else place.code)

    # -- notation ---------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Layout:
        """Read the layout notation, checking every placement against the rules.

        The first illegal placement is reported with its position and reason.
        """
        if not isinstance(text, str):
            raise NotationError(Msg("a layout is text, not {kind}",
                                    {"kind": type(text).__name__}))
        layout = cls()
        for i, token in enumerate(text.split(), start=1):
            tile_text, sep, place_text = token.partition("@")
            try:
                tile = parse_tile(tile_text)
                place = Place.parse(place_text) if sep else None
            except NotationError as err:
                raise NotationError(Msg("placement {n} ({text}): {reason}",
                                        {"n": i, "text": token, "reason": err.message})) from None
            if i == 1 and place is not None:
                reason: Msg | None = Msg("the first placement is the opening tile alone, "
                                         "without @")
            elif i > 1 and place is None:
                reason = Msg("every tile after the opening names its place: TILE@PLACE")
            else:
                reason = layout.why_illegal(tile, place)
            if reason is not None:
                raise NotationError(Msg("placement {n} ({text}): {reason}",
                                        {"n": i, "text": token, "reason": reason}))
            layout._push(tile.index, -1 if place is None else place.code)
        return layout

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.placements)

    def __repr__(self) -> str:
        return f"Layout.parse({str(self)!r})"

    # -- rules checks -------------------------------------------------------------

    def why_illegal(self, tile: Tile, place: Place | None) -> Msg | None:
        """Why ``tile`` may not be put at ``place`` now (R3.1, R4.3), or None if it may."""
        if self._placed >> tile.index & 1:
            return Msg("{tile} is already on the table", {"tile": str(tile)})
        if not self._order:
            if place is not None:
                return Msg("the table is empty: {tile} opens the layout and takes no place",
                           {"tile": str(tile)})
            return None
        if place is None:
            return Msg("the layout has begun: name the place where {tile} joins",
                       {"tile": str(tile)})
        anchor = place.tile
        if not self._placed >> anchor.index & 1:
            return Msg("{anchor} is not on the table", {"anchor": str(anchor)})
        if not port_fits(anchor, place.port):
            return Msg("{anchor} has no place {port}",
                       {"anchor": str(anchor), "port": place.port.notation})
        occ = self._occ[anchor.index]
        if occ >> place.port & 1:
            return Msg("{place} is already taken", {"place": str(place)})
        if place.port.is_branch and occ & _BOTH_LINES != _BOTH_LINES:
            return Msg("branches of {anchor} open after both lines are filled (R4.3)",
                       {"anchor": str(anchor)})
        number = place.number
        if not tile.has(number):
            return Msg("{tile} does not match {place}: a tile joined there needs a {number}",
                       {"tile": str(tile), "place": str(place), "number": number})
        return None

    def is_legal(self, tile: Tile | str, place: Place | str | None) -> bool:
        """Whether ``tile`` may be put at ``place`` now."""
        tile = as_tile(tile)
        place = Place.parse(place) if isinstance(place, str) else place
        return self.why_illegal(tile, place) is None

    def legal_places(self, tile: Tile | str) -> list[Place | None]:
        """Every place ``tile`` may take now, in canonical order; ``[None]`` on an empty table."""
        tile = as_tile(tile)
        if self._placed >> tile.index & 1:
            return []
        if not self._order:
            return [None]
        codes = self._open[tile.low] if tile.is_double else self._open[tile.low] + (
            self._open[tile.high])
        return [PLACES[c] for c in sorted(codes)]

    def can_play(self, tile: Tile | str) -> bool:
        """Whether ``tile`` has at least one legal place."""
        tile = as_tile(tile)
        if self._placed >> tile.index & 1:
            return False
        return not self._order or bool(TILES_WITH[self._open_mask] >> tile.index & 1)

    # -- push / pop -----------------------------------------------------------------

    def push(self, tile: Tile | str, place: Place | str | None = None) -> None:
        """Put ``tile`` at ``place`` (None for the opening tile); raise if illegal."""
        tile = as_tile(tile)
        place = Place.parse(place) if isinstance(place, str) else place
        reason = self.why_illegal(tile, place)
        if reason is not None:
            raise NotationError(reason)
        self._push(tile.index, -1 if place is None else place.code)

    def pop(self) -> Placement:
        """Take back the last tile put down and return its placement."""
        if not self._order:
            raise IndexError("pop from an empty layout")
        last = self.placements[-1]
        self._pop()
        return last

    def _push(self, t: int, p: int) -> None:
        """Put tile index ``t`` at place code ``p`` (-1: opening); assumes it is legal."""
        self._order.append(t)
        self._at.append(p)
        self._placed |= 1 << t
        opened: tuple[int, ...]
        old_sum = self._sum
        open_ = self._open
        if p < 0:
            opened = OPENING[t]
            self._sum = CONTRIB[t][0]
            index = -1
        else:
            a = p // 6
            number = PLACE_NUMBER[p]
            lst = open_[number]
            index = lst.index(p)
            del lst[index]
            if not lst:
                self._open_mask &= ~(1 << number)
            occ = self._occ
            old = occ[a]
            new = old | (1 << (p - a * 6))
            occ[a] = new
            join = JOIN[t][number]
            assert join is not None
            occ[t] = join[1]
            opened = join[2]
            if (TILE_DOUBLE[a] and new & _BOTH_LINES == _BOTH_LINES
                    and old & _BOTH_LINES != _BOTH_LINES):
                opened = (*opened, a * 6 + _BRANCH_A, a * 6 + _BRANCH_B)
            self._sum = old_sum + CONTRIB[a][new] - CONTRIB[a][old] + CONTRIB[t][join[1]]
        for c in opened:
            number = PLACE_NUMBER[c]
            open_[number].append(c)
            self._open_mask |= 1 << number
        self._undo.append((index, old_sum, opened))

    def _pop(self) -> None:
        """Undo the last :meth:`_push` exactly, restoring the order of open places."""
        t = self._order.pop()
        p = self._at.pop()
        index, old_sum, opened = self._undo.pop()
        open_ = self._open
        for c in reversed(opened):
            number = PLACE_NUMBER[c]
            lst = open_[number]
            lst.pop()
            if not lst:
                self._open_mask &= ~(1 << number)
        self._placed &= ~(1 << t)
        self._occ[t] = 0
        if p >= 0:
            a = p // 6
            self._occ[a] &= ~(1 << (p - a * 6))
            number = PLACE_NUMBER[p]
            open_[number].insert(index, p)
            self._open_mask |= 1 << number
        self._sum = old_sum

    def copy(self) -> Layout:
        """An independent copy with the same placements."""
        other = Layout()
        for t, p in zip(self._order, self._at, strict=False):
            other._push(t, p)
        return other

    # -- what the table shows ---------------------------------------------------------

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The placements in play order."""
        result = []
        for t, p in zip(self._order, self._at, strict=False):
            if p < 0:
                result.append(Placement(TILES[t], None, None))
            else:
                port = JOIN[t][PLACE_NUMBER[p]]
                assert port is not None
                result.append(Placement(TILES[t], PLACES[p], Port(port[0])))
        return tuple(result)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play order."""
        return tuple(TILES[t] for t in self._order)

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """Every double on the table, in play order: each one is a spinner (R4.1)."""
        return tuple(TILES[t] for t in self._order if TILE_DOUBLE[t])

    @property
    def last(self) -> Placement | None:
        """The placement made last, or None on an empty table."""
        return self.placements[-1] if self._order else None

    def connections(self) -> list[Connection]:
        """Each join, in play order: the parent's place and the child's joining port."""
        return [Connection(pl.at, Place(pl.tile, pl.joined_by))
                for pl in self.placements if pl.at is not None and pl.joined_by is not None]

    def open_places(self) -> list[Place]:
        """The places a tile may be joined to now, sorted by tile then port (R4.3, R4.4)."""
        return [PLACES[c] for c in sorted(c for lst in self._open for c in lst)]

    def is_open(self, place: Place | str) -> bool:
        """Whether ``place`` is open to a matching tile now."""
        place = Place.parse(place) if isinstance(place, str) else place
        return place.code in self._open[place.number]

    def taken(self, tile: Tile | str) -> tuple[Port, ...]:
        """The ports of a tile on the table that are joined to a neighbour."""
        tile = as_tile(tile)
        occ = self._occ[tile.index]
        return tuple(Port(i) for i in range(6) if occ >> i & 1)

    def child_at(self, place: Place | str) -> Tile | None:
        """The tile joined at ``place``, or None."""
        place = Place.parse(place) if isinstance(place, str) else place
        code = place.code
        for t, p in zip(self._order, self._at, strict=False):
            if p == code:
                return TILES[t]
        return None

    def is_end_double(self, tile: Tile | str) -> bool:
        """Whether a double on the table still counts both halves (R5.1)."""
        tile = as_tile(tile)
        return tile.is_double and bool(self._placed >> tile.index & 1) and (
            self._occ[tile.index] & _BOTH_LINES != _BOTH_LINES)

    def contributions(self) -> list[Contribution]:
        """The scoring ends (R5), sorted by tile then port; an end double counts once."""
        return contributions_of(self._placed, self._occ)

    @property
    def end_sum(self) -> int:
        """The sum of all scoring contributions (R6.1)."""
        return self._sum

    @property
    def award(self) -> int:
        """The raw play award of the position: the end sum if a positive multiple of 5 (R6.2)."""
        s = self._sum
        return s if s > 0 and s % 5 == 0 else 0

    def __len__(self) -> int:
        return len(self._order)

    def __bool__(self) -> bool:
        return bool(self._order)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self._placed >> tile.index & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._order == other._order and self._at == other._at

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import render_svg  # lazy: the engine imports no SVG code

        return str(render_svg(self))
