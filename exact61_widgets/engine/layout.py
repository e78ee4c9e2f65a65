"""The layout: a tree of tiles grown from the opening tile (R3.1, R4, R5, D1, D2).

Other engines flatten the table into a list of ends and get spinners wrong; here
every tile knows which of its ports are taken, so open places (R4.3) and scoring
ends (R5) follow from the tree. Play with :meth:`Layout.push` and undo with
:meth:`Layout.pop`.

:class:`Layout` is a :class:`~.kernel.LayoutCore`, the join kernel: the open places,
the taken ports and the end sum are kept up to date there, incrementally, by the
one join the match, the playout loop and the solver share. Fast code reads its
integer views (:attr:`~.kernel.LayoutCore.placed_mask`,
:attr:`~.kernel.LayoutCore.open_numbers`, :meth:`Layout.open_codes`,
:attr:`Layout.occupancy`) and plays through :meth:`~.kernel.LayoutCore.push_code`;
this module adds the notation, the checks with their reasons, and what the table
shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from exact61_widgets.engine.actions import DRAW, PASS, PLAY_ROWS, Action, Play
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.inline import inline
from exact61_widgets.engine.kernel import (
    DRAW_TURN,
    JOIN_PORT,
    TILE_DOUBLE,
    TILE_HIGH,
    TILE_LOW,
    LayoutCore,
    turn_step,
)
from exact61_widgets.engine.ports import (
    PLACE_NUMBER,
    PLACES,
    PORTS,
    Place,
    Port,
    branches_open,
    port_fits,
)
from exact61_widgets.engine.scoring import AWARDS
from exact61_widgets.engine.tiles import TILES, Tile, as_tile, parse_tile
from exact61_widgets.i18n import Msg

#: By a tile's bit (``1 << index``): its numbers and its plays by place code (:data:`PLAY_ROWS`).
_PLAY_ROW: Final = {1 << t: (TILE_LOW[t], TILE_HIGH[t], PLAY_ROWS[t]) for t in range(28)}
#: By a tile's bit: the play that opens the layout with it.
_OPENING_PLAY: Final[dict[int, Play]] = {1 << t: Play(TILES[t]) for t in range(28)}


class Placement(NamedTuple):
    """One tile put on the table: the opening tile (``at`` is None) or ``TILE@PLACE``."""

    #: The tile placed.
    tile: Tile
    #: The place it joined (None: the opening tile).
    at: Place | None
    #: The port of the tile by which it joined (None: the opening tile).
    joined_by: Port | None

    def __str__(self) -> str:
        return str(self.tile) if self.at is None else f"{self.tile}@{self.at}"


class Contribution(NamedTuple):
    """One scoring end (R5): a free half, or an end double (``port`` None, both halves)."""

    #: The tile whose end counts.
    tile: Tile
    #: The port of that end (None: an end double, both halves).
    port: Port | None
    #: What it adds to the end sum, in pips (both halves for an end double).
    value: int


class Connection(NamedTuple):
    """Two tiles joined: the parent's place and the child's joining port."""

    #: The place of the parent tile the child joined.
    parent: Place
    #: The child tile's joining port, as a place.
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


class Layout(LayoutCore):
    """The tiles on the table as a tree, with push/pop.

    Its notation is on the :ref:`formats page, §1 Notation <formats-1>`.

    ``Layout.parse(text)`` reads the notation; ``str(layout)`` writes it back.
    Tiles and places also have integer forms (``tile.index``, ``place.code``)
    that the fast paths take: :meth:`~.LayoutCore.push_code` and :meth:`plays_for`.

    >>> layout = Layout.parse("[1|4] [1|1]@[1|4]:low")
    >>> str(layout)
    '[1|4] [1|1]@[1|4]:low'
    >>> [str(place) for place in layout.open_places()]
    ['[1|1]:lineB', '[1|4]:high']
    """

    __slots__ = ()

    def __init__(
        self, placements: Iterable[Placement | tuple[Tile | str, Place | str | None]] = ()
    ) -> None:
        super().__init__()
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
        if not self.placed_mask:
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
        occ = self.occ[anchor.index]
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
        if not self.placed_mask:
            return [None]
        codes = (
            self.open_lists[tile.low]
            if tile.is_double
            else self.open_lists[tile.low] + (self.open_lists[tile.high])
        )
        return [PLACES[c] for c in sorted(codes)]

    def can_play(self, tile: Tile | str) -> bool:
        """Whether ``tile`` has at least one legal place."""
        t = as_tile(tile).index
        return not self.placed_mask >> t & 1 and self.drawn_tile_fits(t)

    def plays_for(self, tiles: int) -> list[Play]:
        """Every legal play of the tiles in bitmask ``tiles``, by tile then place (R3.1, R4.3).

        On an empty table each tile may open the layout.
        """
        actions = self.actions(tiles & ~self.placed_mask, -1, 0)
        return [] if actions[0] is PASS else actions  # type: ignore[return-value]

    @inline(turn_step)
    def actions(self, hand: int, pending: int, boneyard: int) -> list[Action]:
        """The actions open to the player to move (R3.2–R3.4), as :func:`.kernel.turn_step`
        allows: every legal play of its tiles, by tile then place; else a draw, else a pass.

        ``hand`` is its hand (a bitmask), ``pending`` a drawn tile that fits (-1: none),
        ``boneyard`` the number of tiles left to draw.
        """
        placed = self.placed_mask
        open_numbers = self.open_numbers
        turn = turn_step(hand, pending, placed, open_numbers, boneyard)
        if turn < 0:
            return [DRAW] if turn == DRAW_TURN else [PASS]
        plays: list[Action] = []
        if not placed:  # the empty table (no open place yet): every tile opens it
            while turn:
                bit = turn & -turn
                turn ^= bit
                plays.append(_OPENING_PLAY[bit])
            return plays
        open_ = self.open_lists
        while turn:
            bit = turn & -turn
            turn ^= bit
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

    def pop(self) -> Placement:
        """Take back the last tile put down and return its placement."""
        if not self.placed_mask:
            raise IndexError("pop from an empty layout")
        code = self.pop_code()
        t, p = code >> 8, (code & 255) - 1
        if p < 0:
            return Placement(TILES[t], None, None)
        return Placement(TILES[t], PLACES[p], PORTS[JOIN_PORT[t][PLACE_NUMBER[p]]])

    def copy(self) -> Layout:
        """An independent copy with the same placements."""
        other = Layout()
        for t, p in self.placed_codes():
            other.push_code(t, p)
        return other

    # -- what fast code reads (read-only views in integers) ---------------------------

    def open_codes(self, number: int) -> tuple[int, ...]:
        """The open place codes that need ``number``, in the order they opened."""
        return tuple(self.open_lists[number])

    @property
    def occupancy(self) -> tuple[int, ...]:
        """The taken-port bits of each tile index (bit ``port`` set: joined there)."""
        return tuple(self.occ)

    # -- what the table shows ---------------------------------------------------------

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The placements in play order."""
        return tuple(
            Placement(TILES[t], None, None)
            if p < 0
            else Placement(TILES[t], PLACES[p], PORTS[JOIN_PORT[t][PLACE_NUMBER[p]]])
            for t, p in self.placed_codes()
        )

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles in play order."""
        return tuple(TILES[t] for t, _ in self.placed_codes())

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """Every double on the table, in play order: each one is a spinner (R4.1)."""
        return tuple(TILES[t] for t, _ in self.placed_codes() if TILE_DOUBLE[t])

    @property
    def last(self) -> Placement | None:
        """The placement made last, or None on an empty table."""
        return self.placements[-1] if self.placed_mask else None

    def connections(self) -> list[Connection]:
        """Each join, in play order: the parent's place and the child's joining port."""
        return [
            Connection(pl.at, Place(pl.tile, pl.joined_by))
            for pl in self.placements
            if pl.at is not None and pl.joined_by is not None
        ]

    def open_places(self) -> list[Place]:
        """The places a tile may be joined to now, sorted by tile then port (R4.3, R4.4)."""
        return [PLACES[c] for c in sorted(c for codes in self.open_lists for c in codes)]

    def is_open(self, place: Place | str) -> bool:
        """Whether ``place`` is open to a matching tile now."""
        place = Place.parse(place) if isinstance(place, str) else place
        return place.code in self.open_lists[place.number]

    def taken(self, tile: Tile | str) -> tuple[Port, ...]:
        """The ports of a tile on the table that are joined to a neighbour."""
        tile = as_tile(tile)
        occ = self.occ[tile.index]
        return tuple(Port(i) for i in range(6) if occ >> i & 1)

    def child_at(self, place: Place | str) -> Tile | None:
        """The tile joined at ``place``, or None."""
        place = Place.parse(place) if isinstance(place, str) else place
        code = place.code
        for t, p in self.placed_codes():
            if p == code:
                return TILES[t]
        return None

    def is_end_double(self, tile: Tile | str) -> bool:
        """Whether a double on the table still counts both halves (R5.1)."""
        tile = as_tile(tile)
        return (
            tile.is_double
            and bool(self.placed_mask >> tile.index & 1)
            and (not branches_open(self.occ[tile.index]))
        )

    def contributions(self) -> list[Contribution]:
        """The scoring ends (R5), sorted by tile then port; an end double counts once."""
        return contributions_of(self.placed_mask, self.occ)

    @property
    def award(self) -> int:
        """The raw play award of the position: the end sum if a positive multiple of 5 (R6.2)."""
        return AWARDS[self.end_sum]

    def __len__(self) -> int:
        return self.placed_mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.placed_mask)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self.placed_mask >> tile.index & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self.placed_codes() == other.placed_codes()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import render_svg  # lazy: the engine imports no SVG code

        return str(render_svg(self))
