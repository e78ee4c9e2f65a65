"""The layout: a tree of tiles grown from the opening tile (R3.1, R4, R5, D1, D2).

Other engines flatten the table into a list of ends and get spinners wrong; here
every tile knows which of its ports are taken, so open places (R4.3) and scoring
ends (R5) follow from the tree. Play with :meth:`Layout.push` and undo with
:meth:`Layout.pop`; the open places and the end sum are kept up to date
incrementally so that search and self-play stay fast.

Fast code reads the layout through public, read-only views in integers
(:attr:`Layout.placed_mask`, :attr:`Layout.open_numbers`,
:meth:`Layout.open_codes`, :attr:`Layout.occupancy`) and plays through
:meth:`Layout.push_code`; the tables here (:data:`CONTRIB`, :data:`JOIN` …) are
built from the rules of :mod:`.ports`, so each rule is written once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from exact61_widgets.engine.actions import PLAY_ROWS, Play
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.ports import (
    PLACE_NUMBER,
    PLACES,
    PORTS,
    Place,
    Port,
    branches_open,
    far_port,
    joining_port,
    place_code,
    port_fits,
)
from exact61_widgets.engine.scoring import AWARDS
from exact61_widgets.engine.tiles import TILES, Tile, as_tile, parse_tile
from exact61_widgets.i18n import Msg

TILE_LOW: Final = tuple(t.low for t in TILES)
TILE_HIGH: Final = tuple(t.high for t in TILES)
TILE_DOUBLE: Final = tuple(t.is_double for t in TILES)


def _contribution(t: int, occ: int) -> int:
    """Raw contribution of tile ``t`` whose taken ports are the bits of ``occ`` (R5)."""
    if TILE_DOUBLE[t]:
        return 0 if branches_open(occ) else 2 * TILE_LOW[t]
    return (0 if occ & 1 << Port.LOW else TILE_LOW[t]) + (
        0 if occ & 1 << Port.HIGH else TILE_HIGH[t]
    )


#: CONTRIB[t][occ]: the contribution of tile ``t`` with taken-port bits ``occ``.
CONTRIB: Final = tuple(tuple(_contribution(t, occ) for occ in range(64)) for t in range(28))

#: GAIN[t][occ][port]: how the contribution of tile ``t`` with taken-port bits ``occ`` changes
#: when ``port`` is joined too (R5): ``CONTRIB[t][occ | 1 << port] - CONTRIB[t][occ]``.
GAIN: Final = tuple(
    tuple(tuple(row[occ | 1 << port] - row[occ] for port in range(6)) for occ in range(64))
    for row in CONTRIB
)

#: Tiles (bitmask) having a half in the number set ``m`` (bitmask of numbers 0–6).
TILES_WITH: Final = tuple(
    sum(1 << t for t in range(28) if (m >> TILE_LOW[t]) & 1 or (m >> TILE_HIGH[t]) & 1)
    for m in range(128)
)


def _join(t: int, number: int) -> tuple[int, int, tuple[int, ...]]:
    """How tile ``t`` joins a place of ``number``: joining port, taken bits, new places."""
    tile = TILES[t]
    port = int(joining_port(tile, number))
    return port, 1 << port, (place_code(tile, far_port(tile, number)),)


#: JOIN[t][number]: (joining port, taken bits, places it opens); None if it cannot join.
JOIN: Final = tuple(
    tuple(_join(t, n) if n in (TILE_LOW[t], TILE_HIGH[t]) else None for n in range(7))
    for t in range(28)
)
#: JOIN_PORT[t][number]: the port tile ``t`` joins a place of ``number`` by (-1: it cannot).
JOIN_PORT: Final = tuple(tuple(-1 if j is None else j[0] for j in row) for row in JOIN)
#: OPENING[t]: the places an opening tile ``t`` offers: both halves, or a spinner's lines.
OPENING: Final = tuple(
    tuple(
        place_code(tile, port)
        for port in ((Port.LINE_A, Port.LINE_B) if tile.is_double else (Port.LOW, Port.HIGH))
    )
    for tile in TILES
)
#: BRANCHES[t]: a spinner's two branch places, which open with both its lines (R4.3).
BRANCHES: Final = tuple(
    (place_code(tile, Port.BRANCH_A), place_code(tile, Port.BRANCH_B)) if tile.is_double else ()
    for tile in TILES
)


#: OPENS_BRANCHES[taken][port]: whether joining a spinner with taken-port bits ``taken`` at
#: ``port`` fills its second line, which opens its branches (R4.3, :func:`branches_open`).
OPENS_BRANCHES: Final = tuple(
    tuple(branches_open(taken | 1 << port) and not branches_open(taken) for port in range(6))
    for taken in range(64)
)


class Join(NamedTuple):
    """Everything a join changes when tile ``t`` is put at place code ``p`` (R4, R5).

    :meth:`Layout.push_code` and the playout loop both apply joins from
    :data:`JOIN_AT`, so they cannot disagree on what a join opens or scores.
    """

    number: int  # the number at the place
    anchor: int  # the tile index the place belongs to
    port: int  # the anchor's port
    child_bits: int  # the joining tile's taken-port bits
    child_value: int  # the joining tile's contribution (R5)
    taken: int  # the two ports taken, as bits of place codes (Layout.taken_bits)
    opened: int  # the place code the joining tile opens
    opened_number: int  # and its number
    spinner: bool  # whether the anchor is a double (its branches may open, R4.3)


def _join_at(t: int, p: int) -> Join | None:
    number = PLACE_NUMBER[p]
    join = JOIN[t][number]
    if join is None or not port_fits(TILES[p // 6], PORTS[p % 6]):
        return None
    opened = join[2][0]
    return Join(
        number,
        p // 6,
        p % 6,
        join[1],
        CONTRIB[t][join[1]],
        1 << p | join[1] << 6 * t,
        opened,
        PLACE_NUMBER[opened],
        TILE_DOUBLE[p // 6],
    )


#: JOIN_AT[t][p]: how tile ``t`` joins place code ``p``, or None where it never can.
JOIN_AT: Final = tuple(tuple(_join_at(t, p) for p in range(len(PLACES))) for t in range(28))


def opened_by(t: int, p: int, taken_before: int) -> tuple[int, ...]:
    """The places that tile ``t`` put at place code ``p`` opens (``p`` -1: the opening).

    ``taken_before`` is the anchor's taken-port bits before the join: a join that
    fills a spinner's second line opens its branches too (R4.3).
    """
    if p < 0:
        return OPENING[t]
    a = p // 6
    join = JOIN[t][PLACE_NUMBER[p]]
    assert join is not None
    if TILE_DOUBLE[a] and OPENS_BRANCHES[taken_before][p - a * 6]:
        return (*join[2], *BRANCHES[a])
    return join[2]


#: _BIT[i] == 1 << i: a table look-up costs less than a shift in the push loop.
_BIT: Final = tuple(1 << i for i in range(28))
#: By a tile's bit (``1 << index``): its numbers and its plays by place code (:data:`PLAY_ROWS`).
_PLAY_ROW: Final = {1 << t: (TILE_LOW[t], TILE_HIGH[t], PLAY_ROWS[t]) for t in range(28)}
#: By a tile's bit: the play that opens the layout with it.
_OPENING_PLAY: Final[dict[int, Play]] = {1 << t: Play(TILES[t]) for t in range(28)}


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
            if not branches_open(taken):
                result.append(Contribution(tile, None, 2 * tile.low))
        else:
            if not taken & 1 << Port.LOW:
                result.append(Contribution(tile, Port.LOW, tile.low))
            if not taken & 1 << Port.HIGH:
                result.append(Contribution(tile, Port.HIGH, tile.high))
    return result


def occupancy_of(taken: int) -> tuple[int, ...]:
    """The taken-port bits of each tile index, from the bitmask of taken place codes."""
    return tuple(taken >> 6 * t & 63 for t in range(28))


class Layout:
    """The tiles on the table as a tree, with push/pop.

    Its notation is on the :ref:`formats page, §1 Notation <formats-1>`.

    ``Layout.parse(text)`` reads the notation; ``str(layout)`` writes it back.
    Tiles and places also have integer forms (``tile.index``, ``place.code``)
    that the fast paths take: :meth:`push_code` and :meth:`plays_for`.

    >>> layout = Layout.parse("[1|4] [1|1]@[1|4]:low")
    >>> str(layout)
    '[1|4] [1|1]@[1|4]:low'
    >>> [str(place) for place in layout.open_places()]
    ['[1|1]:lineB', '[1|4]:high']
    """

    __slots__ = (
        "_occ",
        "_open",
        "_open_mask",
        "_places",
        "_slots",
        "_sum",
        "_tiles",
        "placed_mask",
        "taken_bits",
    )
    placed_mask: int
    taken_bits: int

    def __init__(
        self, placements: Iterable[Placement | tuple[Tile | str, Place | str | None]] = ()
    ) -> None:
        #: Every push in play order: the tile index, its place code (-1: the opening), and
        #: for undo where the place stood in its open list. Lists of small numbers cost no
        #: allocation per push and nothing to the garbage collector.
        self._tiles: list[int] = []
        self._places: list[int] = []
        self._slots: list[int] = []
        #: Taken-port bits of every tile (0 for tiles not on the table), and the same bits
        #: as one bitmask of the taken place codes.
        self._occ: list[int] = [0] * 28
        #: The places joined so far, as a bitmask of place codes (the occupancy in one
        #: int). Read-only for everyone else: a plain attribute, as fast code reads it
        #: after every push.
        self.taken_bits = 0
        #: The tiles on the table, as a bitmask of tile indices (read-only, as above).
        self.placed_mask = 0
        #: Open place codes by the number they need, in the order they opened.
        self._open: list[list[int]] = [[], [], [], [], [], [], []]
        self._open_mask = 0
        self._sum = 0
        if not placements:
            return
        for i, item in enumerate(placements, start=1):
            tile, at = item[0], item[1]
            tile = as_tile(tile)
            place = Place.parse(at) if isinstance(at, str) else at
            reason = self.why_illegal(tile, place)
            if reason is not None:
                text = str(tile) if place is None else f"{tile}@{place}"
                raise NotationError(
                    Msg(
                        "placement {n} ({text}): {reason}", {"n": i, "text": text, "reason": reason}
                    )
                )
            self.push_code(tile.index, -1 if place is None else place.code)

    # -- notation ---------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Layout:
        """Read the layout notation, checking every placement against the rules.

        The first illegal placement is reported with its position and reason.
        """
        if not isinstance(text, str):
            raise NotationError(Msg("a layout is text, not {kind}", {"kind": type(text).__name__}))
        layout = cls()
        for i, token in enumerate(text.split(), start=1):
            tile_text, sep, place_text = token.partition("@")
            try:
                tile = parse_tile(tile_text)
                place = Place.parse(place_text) if sep else None
            except NotationError as err:
                raise NotationError(
                    Msg(
                        "placement {n} ({text}): {reason}",
                        {"n": i, "text": token, "reason": err.message},
                    )
                ) from None
            if i == 1 and place is not None:
                reason: Msg | None = Msg("the first placement is the opening tile alone, without @")
            elif i > 1 and place is None:
                reason = Msg("every tile after the opening names its place: TILE@PLACE")
            else:
                reason = layout.why_illegal(tile, place)
            if reason is not None:
                raise NotationError(
                    Msg(
                        "placement {n} ({text}): {reason}",
                        {"n": i, "text": token, "reason": reason},
                    )
                )
            layout.push_code(tile.index, -1 if place is None else place.code)
        return layout

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.placements)

    def __repr__(self) -> str:
        return f"Layout.parse({str(self)!r})"

    # -- rules checks -------------------------------------------------------------

    def why_illegal(self, tile: Tile, place: Place | None) -> Msg | None:
        """Why ``tile`` may not be put at ``place`` now (R3.1, R4.3), or None if it may."""
        if self.placed_mask >> tile.index & 1:
            return Msg("{tile} is already on the table", {"tile": str(tile)})
        if not self._tiles:
            if place is not None:
                return Msg(
                    "the table is empty: {tile} opens the layout and takes no place",
                    {"tile": str(tile)},
                )
            return None
        if place is None:
            return Msg(
                "the layout has begun: name the place where {tile} joins", {"tile": str(tile)}
            )
        anchor = place.tile
        if not self.placed_mask >> anchor.index & 1:
            return Msg("{anchor} is not on the table", {"anchor": str(anchor)})
        if not port_fits(anchor, place.port):
            return Msg(
                "{anchor} has no place {port}", {"anchor": str(anchor), "port": place.port.notation}
            )
        occ = self._occ[anchor.index]
        if occ >> place.port & 1:
            return Msg("{place} is already taken", {"place": str(place)})
        if place.port.is_branch and not branches_open(occ):
            return Msg(
                "branches of {anchor} open after both lines are filled (R4.3)",
                {"anchor": str(anchor)},
            )
        number = place.number
        if not tile.has(number):
            return Msg(
                "{tile} does not match {place}: a tile joined there needs a {number}",
                {"tile": str(tile), "place": str(place), "number": number},
            )
        return None

    def is_legal(self, tile: Tile | str, place: Place | str | None) -> bool:
        """Whether ``tile`` may be put at ``place`` now."""
        tile = as_tile(tile)
        place = Place.parse(place) if isinstance(place, str) else place
        return self.why_illegal(tile, place) is None

    def legal_places(self, tile: Tile | str) -> list[Place | None]:
        """Every place ``tile`` may take now, in canonical order; ``[None]`` on an empty table."""
        tile = as_tile(tile)
        if self.placed_mask >> tile.index & 1:
            return []
        if not self._tiles:
            return [None]
        codes = (
            self._open[tile.low]
            if tile.is_double
            else self._open[tile.low] + (self._open[tile.high])
        )
        return [PLACES[c] for c in sorted(codes)]

    def can_play(self, tile: Tile | str) -> bool:
        """Whether ``tile`` has at least one legal place."""
        tile = as_tile(tile)
        if self.placed_mask >> tile.index & 1:
            return False
        return not self._tiles or bool(TILES_WITH[self._open_mask] >> tile.index & 1)

    def playable(self, tiles: int) -> int:
        """The tiles of bitmask ``tiles`` (tile indices) that have a legal place now."""
        tiles &= ~self.placed_mask
        return tiles if not self._tiles else tiles & TILES_WITH[self._open_mask]

    def plays_for(self, tiles: int) -> list[Play]:
        """Every legal play of the tiles in bitmask ``tiles``, by tile then place (R3.1, R4.3).

        On an empty table each tile may open the layout.
        """
        fits = tiles & TILES_WITH[self._open_mask] & ~self.placed_mask
        plays: list[Play] = []
        if not fits:
            if not self._tiles:  # the empty table (no open place yet): every tile opens it
                tiles &= ~self.placed_mask
                while tiles:
                    bit = tiles & -tiles
                    tiles ^= bit
                    plays.append(_OPENING_PLAY[bit])
            return plays
        open_ = self._open
        while fits:
            bit = fits & -fits
            fits ^= bit
            low, high, row = _PLAY_ROW[bit]
            codes = open_[low]
            if low != high:  # both numbers' places, joined only when both have some
                other = open_[high]
                if not codes:
                    codes = other
                elif other:
                    codes = codes + other
            if len(codes) == 1:
                plays.append(row[codes[0]])  # type: ignore[arg-type]  # a place of its number
            else:
                for p in sorted(codes):
                    plays.append(row[p])  # type: ignore[arg-type]
        return plays

    # -- push / pop -----------------------------------------------------------------

    def push(self, tile: Tile | str, place: Place | str | None = None) -> None:
        """Put ``tile`` at ``place`` (None for the opening tile); raise if illegal."""
        tile = as_tile(tile)
        place = Place.parse(place) if isinstance(place, str) else place
        reason = self.why_illegal(tile, place)
        if reason is not None:
            raise NotationError(reason)
        self.push_code(tile.index, -1 if place is None else place.code)

    def push_code(self, t: int, p: int) -> int:
        """Put tile index ``t`` at place code ``p`` (-1: the opening); return the new end sum.

        The fast path of :meth:`push`, in integers: a placement the rules do not
        allow changes nothing and returns -1 (:meth:`why_illegal` tells why).
        """
        placed = self.placed_mask
        bit = _BIT[t]
        if placed & bit:
            return -1
        open_ = self._open
        if p < 0:
            if self._tiles:
                return -1
            self._tiles.append(t)
            self._places.append(-1)
            self._slots.append(-1)
            total = CONTRIB[t][0]
            mask = self._open_mask
            for c in OPENING[t]:
                number = PLACE_NUMBER[c]
                open_[number].append(c)
                mask |= 1 << number
            self._open_mask = mask
        else:
            join = JOIN_AT[t][p]
            if join is None:
                return -1
            number, a, port, bits, value, taken, opened, opened_number, spinner = join
            codes = open_[number]
            try:
                index = codes.index(p)
            except ValueError:
                return -1
            del codes[index]
            self._tiles.append(t)
            self._places.append(p)
            self._slots.append(index)
            occ = self._occ
            old = occ[a]
            occ[a] = old | _BIT[port]
            occ[t] = bits
            self.taken_bits |= taken
            total = self._sum + GAIN[a][old][port] + value
            open_[opened_number].append(opened)
            if spinner and OPENS_BRANCHES[old][port]:
                codes += BRANCHES[a]
                self._open_mask |= _BIT[opened_number]
            elif codes:
                self._open_mask |= _BIT[opened_number]
            else:
                self._open_mask = self._open_mask & ~_BIT[number] | _BIT[opened_number]
        self.placed_mask = placed | bit
        self._sum = total
        return total

    def pop(self) -> Placement:
        """Take back the last tile put down and return its placement."""
        if not self._tiles:
            raise IndexError("pop from an empty layout")
        t = self._tiles.pop()
        p = self._places.pop()
        slot = self._slots.pop()
        self.placed_mask &= ~(1 << t)
        open_ = self._open
        mask = self._open_mask
        if p < 0:
            for c in OPENING[t]:
                number = PLACE_NUMBER[c]
                codes = open_[number]
                codes.pop()
                if not codes:
                    mask &= ~(1 << number)
            self._open_mask = mask
            self._sum = 0
            return Placement(TILES[t], None, None)
        join = JOIN_AT[t][p]
        assert join is not None
        number, a, port, _, value, taken, _, opened_number, spinner = join
        occ = self._occ
        old = occ[a] & ~(1 << port)
        occ[a] = old
        occ[t] = 0
        self._sum -= GAIN[a][old][port] + value
        self.taken_bits &= ~taken
        codes = open_[number]
        if spinner and OPENS_BRANCHES[old][port]:
            del codes[-2:]
        other = open_[opened_number]
        other.pop()
        if not other:
            mask &= ~(1 << opened_number)
        codes.insert(slot, p)
        self._open_mask = mask | 1 << number
        return Placement(TILES[t], PLACES[p], PORTS[JOIN_PORT[t][number]])

    def copy(self) -> Layout:
        """An independent copy with the same placements."""
        other = Layout()
        for t, p in zip(self._tiles, self._places, strict=True):
            other.push_code(t, p)
        return other

    # -- what fast code reads (read-only views in integers) ---------------------------

    @property
    def open_numbers(self) -> int:
        """The numbers (bitmask of 0–6) that some open place needs: a tile showing one fits."""
        return self._open_mask

    def open_codes(self, number: int) -> tuple[int, ...]:
        """The open place codes that need ``number``, in the order they opened."""
        return tuple(self._open[number])

    @property
    def occupancy(self) -> tuple[int, ...]:
        """The taken-port bits of each tile index (bit ``port`` set: joined there)."""
        return tuple(self._occ)

    # -- what the table shows ---------------------------------------------------------

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The placements in play order."""
        return tuple(
            Placement(TILES[t], None, None)
            if p < 0
            else Placement(TILES[t], PLACES[p], PORTS[JOIN_PORT[t][PLACE_NUMBER[p]]])
            for t, p in zip(self._tiles, self._places, strict=True)
        )

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play order."""
        return tuple(TILES[t] for t in self._tiles)

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """Every double on the table, in play order: each one is a spinner (R4.1)."""
        return tuple(TILES[t] for t in self._tiles if TILE_DOUBLE[t])

    @property
    def last(self) -> Placement | None:
        """The placement made last, or None on an empty table."""
        return self.placements[-1] if self._tiles else None

    def connections(self) -> list[Connection]:
        """Each join, in play order: the parent's place and the child's joining port."""
        return [
            Connection(pl.at, Place(pl.tile, pl.joined_by))
            for pl in self.placements
            if pl.at is not None and pl.joined_by is not None
        ]

    def open_places(self) -> list[Place]:
        """The places a tile may be joined to now, sorted by tile then port (R4.3, R4.4)."""
        return [PLACES[c] for c in sorted(c for codes in self._open for c in codes)]

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
        for t, p in zip(self._tiles, self._places, strict=True):
            if p == code:
                return TILES[t]
        return None

    def is_end_double(self, tile: Tile | str) -> bool:
        """Whether a double on the table still counts both halves (R5.1)."""
        tile = as_tile(tile)
        return (
            tile.is_double
            and bool(self.placed_mask >> tile.index & 1)
            and (not branches_open(self._occ[tile.index]))
        )

    def contributions(self) -> list[Contribution]:
        """The scoring ends (R5), sorted by tile then port; an end double counts once."""
        return contributions_of(self.placed_mask, self._occ)

    @property
    def end_sum(self) -> int:
        """The sum of all scoring contributions (R6.1)."""
        return self._sum

    @property
    def award(self) -> int:
        """The raw play award of the position: the end sum if a positive multiple of 5 (R6.2)."""
        return AWARDS[self._sum]

    def __len__(self) -> int:
        return len(self._tiles)

    def __bool__(self) -> bool:
        return bool(self._tiles)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self.placed_mask >> tile.index & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._tiles == other._tiles and self._places == other._places

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import render_svg  # lazy: the engine imports no SVG code

        return str(render_svg(self))
