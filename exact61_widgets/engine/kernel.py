"""The join kernel: the layout's state in integers and the one place a tile joins it (R3–R5).

:class:`LayoutCore` holds what every rule about the table reads: the tiles placed
(a bitmask), each tile's taken ports (bits), the open places by the number they
need, the numbers some open place needs (a bitmask) and the end sum. Its
:meth:`~LayoutCore.push_code` and :meth:`~LayoutCore.pop_code` are the only code
that joins a tile or takes it back (the open places it fills and opens, a spinner's
branches opening with its second line, the change of the end sum), and
:meth:`~LayoutCore.drawn_tile_fits` is the only statement of "a drawn tile that
fits is played at once" (R3.3). :class:`~.layout.Layout` is a ``LayoutCore`` with
the tree's notation and checks on top, so :class:`~.match.Match` plays through it.
The two fast loops, the playout loop (:mod:`.playout`) and the exact solver
(:mod:`.solvecore`), write the same join out on local variables from the tables
here (a method call per move costs them 5–25 %); the drift tests check them.

The tables (:data:`CONTRIB`, :data:`JOIN_AT` …) are built from the rules of
:mod:`.ports` at import time.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from exact61_widgets.engine.ports import (
    PLACE_NUMBER,
    PLACES,
    PORTS,
    Port,
    branches_open,
    far_port,
    joining_port,
    place_code,
    port_fits,
)
from exact61_widgets.engine.tiles import TILES

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

    :meth:`LayoutCore.push_code` applies joins from :data:`JOIN_AT` and
    :meth:`LayoutCore.end_sum_after` reads the same rows, so nothing else needs them.
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


#: _BIT[i] == 1 << i: a table look-up costs less than a shift in the push loop.
_BIT: Final = tuple(1 << i for i in range(28))


class LayoutCore:
    """The layout in integers, with the join and its undo (R3.1, R4, R5).

    The public attributes are read-only views for fast code (they change only
    through :meth:`push_code` and :meth:`pop_code`): plain attributes, not
    properties, because the playout loop and the solver read them at every move.

    >>> from exact61_widgets.engine.tiles import parse_tile
    >>> core = LayoutCore()
    >>> core.push_code(parse_tile("[1|4]").index, -1)  # the opening tile: the new end sum
    5
    >>> bin(core.open_numbers)  # its places want a 1 and a 4
    '0b10010'
    >>> [core.drawn_tile_fits(parse_tile(text).index) for text in ("[2|3]", "[3|4]")]
    [False, True]
    """

    __slots__ = (
        "_log",
        "end_sum",
        "occ",
        "open_lists",
        "open_numbers",
        "placed_mask",
        "taken_bits",
    )
    #: The tiles on the table, as a bitmask of tile indices.
    placed_mask: int
    #: The places joined so far, as a bitmask of place codes (the occupancy in one int).
    taken_bits: int
    #: The numbers (bitmask of 0–6) some open place needs: a tile showing one fits.
    open_numbers: int
    #: The sum of all scoring contributions (R6.1).
    end_sum: int
    #: Taken-port bits of every tile index (0 for tiles not on the table).
    occ: list[int]
    #: Open place codes by the number they need, in the order they opened.
    open_lists: list[list[int]]

    def __init__(self) -> None:
        #: Every push in play order, one int each (:meth:`placed_codes` reads it): the tile
        #: index (bits 0–7), its place code + 1 (bits 8–15, 0: the opening) and, for undo,
        #: where the place stood in its open list (from bit 16). A list of small ints costs
        #: no allocation per push and nothing to the garbage collector.
        self._log: list[int] = []
        self.occ = [0] * 28
        self.taken_bits = 0
        self.placed_mask = 0
        self.open_lists = [[], [], [], [], [], [], []]
        self.open_numbers = 0
        self.end_sum = 0

    def core_copy(self) -> LayoutCore:
        """An independent :class:`LayoutCore` in the same state, without the undo history.

        What the playout loop and the solver start from: they take back only the
        moves they make themselves (:meth:`pop_code` stops at the copied state).
        """
        other = LayoutCore()
        other.occ = self.occ.copy()
        other.taken_bits = self.taken_bits
        other.placed_mask = self.placed_mask
        other.open_lists = [codes.copy() for codes in self.open_lists]
        other.open_numbers = self.open_numbers
        other.end_sum = self.end_sum
        return other

    def placed_codes(self) -> list[tuple[int, int]]:
        """``(tile index, place code)`` of every push in play order (-1: the opening)."""
        return [(e & 255, (e >> 8 & 255) - 1) for e in self._log]

    def playable(self, tiles: int) -> int:
        """The tiles of bitmask ``tiles`` (tile indices) that have a legal place now."""
        tiles &= ~self.placed_mask
        return tiles & TILES_WITH[self.open_numbers] if self.placed_mask else tiles

    def tiles_to_play(self, hand: int, pending: int) -> int:
        """The tiles (bitmask) the player to move may play from bitmask ``hand`` (R3.3).

        A drawn tile that fits (``pending``, its index; -1: none) is played at once,
        alone; otherwise every tile of the hand with a legal place.
        """
        if pending >= 0:
            return _BIT[pending]
        hand &= ~self.placed_mask
        return hand & TILES_WITH[self.open_numbers] if self.placed_mask else hand

    def drawn_tile_fits(self, t: int) -> bool:
        """Whether tile index ``t``, just drawn, fits the layout: then it is played at once (R3.3).

        On an empty table every tile fits (it opens the layout).
        """
        return not self.placed_mask or bool(TILES_WITH[self.open_numbers] >> t & 1)

    def end_sum_after(self, t: int, p: int) -> int:
        """The end sum if tile index ``t`` were put at open place code ``p`` (-1: the opening).

        The change :meth:`push_code` makes, without making it (the greedy choices
        and the move ordering of search read it).
        """
        if p < 0:
            return CONTRIB[t][0]
        _, a, port, _, value, _, _, _, _ = JOIN_AT[t][p]  # type: ignore[misc]
        return self.end_sum + GAIN[a][self.occ[a]][port] + value

    def push_code(self, t: int, p: int) -> int:
        """Put tile index ``t`` at place code ``p`` (-1: the opening); return the new end sum.

        A placement the rules do not allow changes nothing and returns -1
        (:meth:`.Layout.why_illegal` tells why).
        """
        placed = self.placed_mask
        bit = _BIT[t]
        if placed & bit:
            return -1
        open_ = self.open_lists
        if p < 0:
            if placed:
                return -1
            self._log.append(t)
            total = CONTRIB[t][0]
            mask = self.open_numbers
            for c in OPENING[t]:
                number = PLACE_NUMBER[c]
                open_[number].append(c)
                mask |= 1 << number
            self.open_numbers = mask
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
            self._log.append((index << 16) + (p << 8) + 256 + t)
            occ = self.occ
            old = occ[a]
            occ[a] = old | _BIT[port]
            occ[t] = bits
            self.taken_bits |= taken
            total = self.end_sum + GAIN[a][old][port] + value
            open_[opened_number].append(opened)
            if spinner and OPENS_BRANCHES[old][port]:
                codes += BRANCHES[a]
                self.open_numbers |= _BIT[opened_number]
            elif codes:
                self.open_numbers |= _BIT[opened_number]
            else:
                self.open_numbers = self.open_numbers & ~_BIT[number] | _BIT[opened_number]
        self.placed_mask = placed | bit
        self.end_sum = total
        return total

    def pop_code(self) -> int:
        """Take back the last tile :meth:`push_code` put down; return ``tile * 256 + place + 1``.

        (``place`` is -1 for the opening tile, so the low byte is 0 then.)
        """
        entry = self._log.pop()
        t = entry & 255
        p = (entry >> 8 & 255) - 1
        self.placed_mask ^= _BIT[t]
        open_ = self.open_lists
        mask = self.open_numbers
        if p < 0:
            for c in OPENING[t]:
                number = PLACE_NUMBER[c]
                codes = open_[number]
                codes.pop()
                if not codes:
                    mask &= ~(1 << number)
            self.open_numbers = mask
            self.end_sum = 0
            return t << 8
        number, a, port, _, value, taken, _, opened_number, spinner = JOIN_AT[t][p]  # type: ignore[misc]
        occ = self.occ
        old = occ[a] ^ _BIT[port]
        occ[a] = old
        occ[t] = 0
        self.end_sum -= GAIN[a][old][port] + value
        self.taken_bits ^= taken
        codes = open_[number]
        if spinner and OPENS_BRANCHES[old][port]:
            del codes[-2:]
        other = open_[opened_number]
        other.pop()
        if not other:
            mask ^= _BIT[opened_number]
        codes.insert(entry >> 16, p)
        self.open_numbers = mask | _BIT[number]
        return (t << 8) + p + 1
