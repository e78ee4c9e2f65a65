"""The join kernel: the layout's state in integers and the one place each step of play is written.

Every rule of the table that the match, the playout loop and the solver share is one
function here, on plain integers and lists:

- :func:`join_step` joins a tile (R3.1, R4, R5): the open place it fills and the one it
  opens, a spinner's branches opening with its second line (R4.3), the open numbers, the
  change of the end sum; :func:`unjoin_step` takes it back; :func:`end_sum_step` is the
  end sum a join would give, unmade (greedy choices, move ordering);
- the turn: :func:`turn_step` (the tiles to play, a drawn tile that fits alone; else a
  draw, else a pass, R3.2–R3.4), :func:`drawn_step` ("a drawn tile that fits is played at
  once", R3.3) and :func:`blocked_step` (the end of a turn blocks the hand, R3.5, D9).

:class:`LayoutCore` holds what every rule about the table reads (the tiles placed, each
tile's taken ports, the open places by number, the open numbers, the end sum) and plays
through these steps: :meth:`~LayoutCore.push_code`, :meth:`~LayoutCore.pop_code`,
:meth:`~LayoutCore.turn` … :class:`~.layout.Layout` is a ``LayoutCore`` with the tree's
notation and checks on top, so :class:`~.match.Match` plays through it. The playout
loop (:mod:`.playout`) and the exact solver (:mod:`.solvecore`) run the same steps on
their local variables.

Why steps inlined at import (:func:`.inline.inline`) and not calls: measured against the
loops that wrote the join out by hand (``benchmarks/bench_engine.py`` and
``bench_solve.py`` measure the engine before this change beside it, in the same run),
driving the playout loop through ``LayoutCore``'s methods (a call to push, to the turn,
to the block check) made it 20–30 % slower: the calls, and the attribute reads and
writes a method makes where the loop keeps locals. A step inlined costs what the
hand-written statement cost, so each rule is written once here and run everywhere
without a call. To change a rule of the join or of the turn, change its step here.

The tables (:data:`CONTRIB`, :data:`JOIN_AT` …) are built from the rules of
:mod:`.ports` at import time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from exact61_widgets.engine.inline import inline
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

#: What :meth:`LayoutCore.turn` returns when the player to move has no tile to play: a draw
#: (R3.3) while the boneyard has tiles, else a pass (R3.4). The solver's move codes too.
DRAW_TURN: Final = -1
PASS_TURN: Final = -2


def _open_places(t: int, taken: int) -> tuple[int, ...]:
    tile = TILES[t]
    return tuple(
        place_code(tile, port)
        for port in PORTS
        if port_fits(tile, port)
        and not taken >> port & 1
        and (not port.is_branch or branches_open(taken))
    )


#: OPEN_AT[t][taken]: the place codes open on tile ``t`` (on the table) with taken-port bits
#: ``taken``: its free ports, a spinner's branches once both its lines are taken (R4.3).
OPEN_AT: Final = tuple(tuple(_open_places(t, taken) for taken in range(64)) for t in range(28))


def is_blocked(hands: Sequence[int], open_numbers: int) -> bool:
    """Whether no hand (bitmasks of tile indices) holds a tile for the open numbers (R3.5).

    With the boneyard empty, the end of a turn in this state ends the hand as
    blocked (D9, :meth:`LayoutCore.turn_blocks`); ``open_numbers`` is
    :attr:`LayoutCore.open_numbers` of a layout that has begun.
    """
    fits = TILES_WITH[open_numbers]
    for hand in hands:  # noqa: SIM110  # a plain loop: all() over a generator is slower here
        if hand & fits:
            return False
    return True


# -- the steps: each rule once, on plain integers and lists -----------------------------
# The methods of LayoutCore, the playout loop and the solver run these, inlined at import
# (:func:`.inline.inline`): no call per move, one written statement of each rule. A number
# or a port (below 7) is shifted (``1 << n`` is a cached small int), a tile looked up (_BIT).


def join_step(
    occ: list[int],
    open_lists: list[list[int]],
    open_numbers: int,
    end_sum: int,
    t: int,
    p: int,
    undo: bool,
) -> tuple[int, int, int, int, int]:
    """Join tile ``t`` at open place code ``p`` (-1: the opening) (R3.1, R4, R5).

    ``occ`` (taken-port bits by tile) and ``open_lists`` (open place codes by number,
    in the order they opened) change in place: the place is filled, the joining tile's
    far place opens, and filling a spinner's second line opens its two branches (R4.3).
    Returns the new open numbers (bitmask), the new end sum (R5), where the place stood
    in its open list (0 for the opening), the anchor's taken bits before (for undo) and
    the two ports joined as bits of place codes (:attr:`LayoutCore.taken_bits`; 0 for the
    opening). A caller drops what it does not need (``_``): inlined, that costs nothing.
    ``undo`` says whether the caller may take the join back: only then is it worth finding
    where the place stood (a caller that never does, the playout loop, passes ``False``,
    and inlined, its join is written without that search; its slot is 0).
    A join the rules do not allow raises before anything changes (what
    :meth:`LayoutCore.push_code` reads): ``TypeError`` if the tile has no half for the
    place (``JOIN_AT[t][p]`` is None), ``ValueError`` if the place is not open or the
    opening is asked of a layout that has begun.
    """
    if p < 0:
        if open_numbers:  # a layout that has begun has an open place (each join opens one)
            raise ValueError("only the first tile opens the layout")
        for c in OPENING[t]:
            number = PLACE_NUMBER[c]
            open_lists[number].append(c)
            open_numbers |= 1 << number
        end_sum = CONTRIB[t][0]
        slot = 0
        old = 0
        taken = 0
    else:
        number, a, port, bits, value, taken, opened, opened_number, spinner = JOIN_AT[t][p]  # type: ignore[misc]
        codes = open_lists[number]
        if undo:  # where the place stood, for unjoin_step to put it back there
            slot = codes.index(p)
            del codes[slot]
        else:
            codes.remove(p)
            slot = 0
        old = occ[a]
        occ[a] = old | 1 << port
        occ[t] = bits
        open_lists[opened_number].append(opened)
        if spinner and OPENS_BRANCHES[old][port]:
            codes += BRANCHES[a]
            open_numbers |= 1 << opened_number
        elif codes:
            open_numbers |= 1 << opened_number
        else:
            open_numbers = open_numbers & ~(1 << number) | 1 << opened_number
        end_sum += GAIN[a][old][port] + value
    return open_numbers, end_sum, slot, old, taken


def unjoin_step(occ: list[int], open_lists: list[list[int]], t: int, p: int, slot: int) -> int:
    """Take back the last join, of tile ``t`` at place code ``p`` that stood at ``slot``.

    The exact undo of :func:`join_step` on ``occ`` and ``open_lists``; the open numbers
    and the end sum before it are the caller's to restore (the solver kept them,
    :meth:`LayoutCore.pop_code` reads them again). Returns the anchor's taken bits as
    they are again (0 for the opening).
    """
    if p < 0:
        for c in OPENING[t]:
            open_lists[PLACE_NUMBER[c]].pop()
        old = 0
    else:
        number, a, port, _, _, _, _, opened_number, spinner = JOIN_AT[t][p]  # type: ignore[misc]
        old = occ[a] ^ 1 << port
        occ[a] = old
        occ[t] = 0
        codes = open_lists[number]
        if spinner and OPENS_BRANCHES[old][port]:
            del codes[-2:]
        open_lists[opened_number].pop()
        codes.insert(slot, p)
    return old


def end_sum_step(occ: list[int], end_sum: int, t: int, p: int) -> int:
    """The end sum if tile ``t`` joined open place code ``p`` (-1: the opening), unmade (R5).

    The change :func:`join_step` makes, read by the greedy choices and the move ordering.
    """
    if p < 0:
        after = CONTRIB[t][0]
    else:
        _, a, port, _, value, _, _, _, _ = JOIN_AT[t][p]  # type: ignore[misc]
        after = end_sum + GAIN[a][occ[a]][port] + value
    return after


def turn_step(hand: int, pending: int, placed: int, open_numbers: int, boneyard: int) -> int:
    """What the player to move does (R3.2–R3.4): the turn structure.

    The tiles (bitmask) it may play: a drawn tile that fits alone (``pending``, its
    index; -1: none), played at once (R3.3), else every tile of bitmask ``hand`` with
    a legal place (on an empty table, ``placed`` 0, every tile opens it); with none, a
    draw (:data:`DRAW_TURN`) while the boneyard has tiles (``boneyard``: how many),
    else a pass (:data:`PASS_TURN`). A draw keeps the turn (:func:`drawn_step`); a play
    or a pass ends it (:func:`blocked_step`).
    """
    if pending >= 0:
        turn = _BIT[pending]
    elif placed:
        turn = hand & TILES_WITH[open_numbers]
        if not turn:
            turn = DRAW_TURN if boneyard else PASS_TURN
    else:  # the empty table: every tile opens it
        turn = hand if hand else DRAW_TURN if boneyard else PASS_TURN
    return turn


def drawn_step(t: int, placed: int, open_numbers: int) -> bool:
    """Whether tile ``t``, just drawn, fits: then it is played at once (R3.3).

    On an empty table (``placed`` 0) every tile fits: it opens the layout.
    """
    fits = not placed or TILES_WITH[open_numbers] >> t & 1 == 1
    return fits


def blocked_step(hands: Sequence[int], open_numbers: int, boneyard: int) -> bool:
    """Whether the end of a turn ends the hand as blocked (R3.5, D9); else the next seat moves.

    So it does when the boneyard is empty (``boneyard``: the tiles left in it) and
    no hand of ``hands`` (bitmasks) holds a tile that fits.
    """
    blocked = not boneyard and is_blocked(hands, open_numbers)
    return blocked


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

    @inline(turn_step)
    def turn(self, hand: int, pending: int, boneyard: int) -> int:
        """What the player to move does (R3.2–R3.4): :func:`turn_step` on this layout.

        The tiles (bitmask) it may play from bitmask ``hand`` (``pending``: a drawn
        tile that fits, -1: none), else :data:`DRAW_TURN` or :data:`PASS_TURN`.
        """
        placed = self.placed_mask
        open_numbers = self.open_numbers
        turn = turn_step(hand, pending, placed, open_numbers, boneyard)
        return turn

    @inline(blocked_step)
    def turn_blocks(self, hands: Sequence[int], boneyard: int) -> bool:
        """Whether the end of a turn now ends the hand as blocked (:func:`blocked_step`)."""
        open_numbers = self.open_numbers
        blocked = blocked_step(hands, open_numbers, boneyard)
        return blocked

    @inline(drawn_step)
    def drawn_tile_fits(self, t: int) -> bool:
        """Whether tile index ``t``, just drawn, fits the layout: then it is played at once (R3.3).

        On an empty table every tile fits (it opens the layout).
        """
        placed = self.placed_mask
        open_numbers = self.open_numbers
        fits = drawn_step(t, placed, open_numbers)
        return fits

    @inline(end_sum_step)
    def end_sum_after(self, t: int, p: int) -> int:
        """The end sum if tile index ``t`` were put at open place code ``p`` (-1: the opening).

        The change :meth:`push_code` makes, without making it (:func:`end_sum_step`).
        """
        occ = self.occ
        end_sum = self.end_sum
        after = end_sum_step(occ, end_sum, t, p)
        return after

    @inline(join_step)
    def push_code(self, t: int, p: int) -> int:
        """Put tile index ``t`` at place code ``p`` (-1: the opening); return the new end sum.

        A placement the rules do not allow changes nothing and returns -1
        (:meth:`.Layout.why_illegal` tells why); the join is :func:`join_step`.
        """
        placed = self.placed_mask
        bit = _BIT[t]
        if placed & bit:
            return -1
        open_ = self.open_lists
        occ = self.occ
        open_numbers = self.open_numbers
        total = self.end_sum
        try:
            open_numbers, total, slot, _, taken = join_step(
                occ, open_, open_numbers, total, t, p, True
            )
        except (TypeError, ValueError):  # no half for the place, or it is not open: unchanged
            return -1
        # The log entry: the tile, its place + 1 and where the place stood (for undo).
        self._log.append((slot << 16) + (p << 8) + 256 + t)
        self.taken_bits |= taken
        self.open_numbers = open_numbers
        self.placed_mask = placed | bit
        self.end_sum = total
        return total

    @inline(unjoin_step, end_sum_step)
    def pop_code(self) -> int:
        """Take back the last tile :meth:`push_code` put down; return ``tile * 256 + place + 1``.

        (``place`` is -1 for the opening tile, so the low byte is 0 then.)
        """
        entry = self._log.pop()
        t = entry & 255
        p = (entry >> 8 & 255) - 1
        slot = entry >> 16
        self.placed_mask ^= _BIT[t]
        occ = self.occ
        if p >= 0:
            self.taken_bits ^= 1 << p | occ[t] << 6 * t  # the two ports the join took
        open_ = self.open_lists
        _ = unjoin_step(occ, open_, t, p, slot)
        # The end sum before: the join's change, read again from the layout before it.
        zero = 0
        change = end_sum_step(occ, zero, t, p)
        self.end_sum -= change
        self.open_numbers = sum(_BIT[number] for number, codes in enumerate(open_) if codes)
        return (t << 8) + p + 1
