"""The exact solver's fast core: a position with every tile known, searched to the hand's end.

:class:`OpenPosition` copies a :class:`~exact61_widgets.engine.match.Match` through its
public view (hands, boneyard order, layout ports, scores, mover, leader) into bitmasks and
small lists, and makes and unmakes moves with the steps :meth:`Match.push` plays through
(R3–R9): the join and the turn of :mod:`.kernel` (inlined at import on this class's local
variables, :func:`.inline.inline`), the awards and the target check, draws (the
boneyard's order is known, so a draw is a forced move), passes, going out with its one
settlement and the blocked-hand settlement. The tests compare it with plain minimax over
``Match.push``/``pop``.

Two searches read it: alpha-beta with a transposition table (two sides exactly; three
players as *paranoid*, the two others jointly against the mover) and max-n (each side
maximizes its own utility, memoized, no pruning). A value is, for the root mover's side,
its gain over the rest of the hand minus the largest gain of another side, in raw points;
a match won is :data:`WIN` and a match lost ``-WIN``.

Positions are told apart by what their future depends on, not by the tiles on the
table: for each number, how many open places of each kind show it — a free half
of a tile that is not a double (it counts its number), a line of a double with
both lines open (the opening double: it counts twice its number), the last open
line of a double (the same), an open branch (it counts nothing). With the hands,
the boneyard's position, the mover and the scores that is the whole state (R3–R5),
so layouts that differ only in which tiles lie where share one table entry, and
two open places of the same number and kind give the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from exact61_widgets.engine.inline import inline
from exact61_widgets.engine.kernel import (
    DRAW_TURN,
    OPEN_AT,
    OPENS_BRANCHES,
    PASS_TURN,
    TILE_DOUBLE,
    TILE_HIGH,
    TILE_LOW,
    blocked_step,
    drawn_step,
    end_sum_step,
    join_step,
    turn_step,
    unjoin_step,
)
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import PLACE_NUMBER, Port
from exact61_widgets.engine.scoring import AWARDS, accepts, reaches_target
from exact61_widgets.engine.settlement import (
    apply_change,
    going_out_parts,
    out_pips,
    settle_blocked,
    settle_going_out,
)
from exact61_widgets.engine.tiles import pips_of

#: The value of winning the match, in raw points: beyond any hand's margin.
WIN: Final = 10_000
#: A bound beyond every value.
INF: Final = WIN + 1
#: Move codes: a play is ``t * 256 + p + 1`` (``p`` the place code, -1 the opening).
DRAW_MOVE: Final = DRAW_TURN
PASS_MOVE: Final = PASS_TURN

_BIT: Final = {1 << t: t for t in range(28)}
#: A spinner's first branch port: its ports from here on are branches (R4.2).
_FIRST_BRANCH: Final = int(Port.BRANCH_A)
#: Kinds of open places, as above: free half, line of the opening double, last line, branch.
_HALF, _TWIN, _LINE, _BRANCH = range(4)
#: _UNIT[number][kind]: one open place of that number and kind in the packed key.
_UNIT: Final = tuple(tuple(1 << (3 * (4 * n + k)) for k in range(4)) for n in range(7))


def _kind(c: int, taken: int) -> int:
    """The kind of open place ``c`` on a tile with taken-port bits ``taken`` (module docstring)."""
    a = c // 6
    if not TILE_DOUBLE[a]:
        return _HALF
    port = c - a * 6
    if port >= _FIRST_BRANCH:
        return _BRANCH
    # A line whose filling opens the branches is the spinner's last open line (R4.3).
    return _LINE if OPENS_BRANCHES[taken][port] else _TWIN


#: _CLASS[c][taken]: the number and kind of open place ``c`` whose tile has taken-port bits
#: ``taken``, as ``number * 4 + kind``: places of one class give the same move.
_CLASS: Final = tuple(
    tuple(PLACE_NUMBER[c] * 4 + _kind(c, taken) for taken in range(64)) for c in range(168)
)
#: _KEY[t][taken]: the open places of tile ``t`` with taken-port bits ``taken`` in the packed
#: key (:data:`~.kernel.OPEN_AT`): the key of a layout is the sum over its tiles.
_KEY: Final = tuple(
    tuple(
        sum(_UNIT[PLACE_NUMBER[c]][_kind(c, taken)] for c in OPEN_AT[t][taken])
        for taken in range(64)
    )
    for t in range(28)
)


def _order_key(before: int, award: int) -> int:
    """How a move whose immediate change of score is ``award`` sorts: a win first (−WIN), then
    the largest accepted change; one the target check rejects changes nothing (R1.4, R9.1)."""
    if not accepts(before, award):
        return 0
    return -WIN if reaches_target(before + award) else -award


class NodeLimit(Exception):
    """Raised inside a search when it has visited more nodes than allowed."""


class Undo(NamedTuple):
    """What :meth:`OpenPosition.pop` needs to unmake a move: the state before it, and
    for a play where its place stood and what it opened."""

    #: The move made (a play's code, :data:`DRAW_MOVE` or :data:`PASS_MOVE`).
    move: int
    #: The seat that made it.
    seat: int
    #: The drawn tile to play at once before it (-1: none).
    pending: int
    #: The boneyard position before it.
    pos: int
    scores: tuple[int, ...]
    over: str | None
    #: The open numbers (bitmask), the end sum, and the two packed keys before it.
    omask: int
    total: int
    lkey: int
    hkey: int
    #: A join's place in its number's open list (-1: not a join).
    slot: int


#: ``_undo(Undo, (…))`` makes an :class:`Undo` from its fields in one C call, without the
#: Python ``__new__`` a named tuple's constructor runs: the solver makes one per node.
_undo: Final[Callable[[type[Undo], tuple[Any, ...]], Undo]] = tuple.__new__


class OpenPosition:
    """A fully known position of the current hand, with make/unmake of internal moves.

    ``root_side`` is the side whose values the searches report. ``over`` is None
    while the hand goes on, else ``"out"``, ``"blocked"`` or ``"won"``.
    """

    def __init__(self, match: Match) -> None:
        n = match.players
        self.n = n
        self.nsides = match.sides
        self.side_of = tuple(match.side_of(s) for s in range(n))
        self.partner = tuple(match.partner_of(s) for s in range(n))
        self.leader = match.leader
        self.root_side = match.side_of(match.to_move)
        self.root_scores = match.scores
        self.scores = match.scores
        self.hands = [sum(1 << t.index for t in hand) for hand in match.hands]
        self.bones = tuple(t.index for t in match.boneyard)
        self.pos = 0
        self.seat = match.to_move
        drawn = match.drawn_tile
        self.pending = -1 if drawn is None else drawn.index
        layout = match.layout
        self.occ = [0] * 28
        for tile in layout.tiles:
            self.occ[tile.index] = sum(1 << int(port) for port in layout.taken(tile))
        self.opn: list[list[int]] = [[] for _ in range(7)]
        for place in layout.open_places():
            self.opn[place.number].append(place.code)
        self.omask = sum(1 << k for k in range(7) if self.opn[k])
        self.total = layout.end_sum
        self.placed = len(layout)
        self.lkey = sum(_KEY[t.index][self.occ[t.index]] for t in layout.tiles)
        self.hkey = sum(h << (28 * s) for s, h in enumerate(self.hands))
        self.over: str | None = None
        self.nodes = 0
        self.limit: int | None = None

    # -- keys and values ---------------------------------------------------------------

    def key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """Everything the rest of the hand depends on (see the module's docstring)."""
        return (
            self.lkey,
            self.hkey,
            (self.pos << 10) | (self.seat << 5) | (self.pending + 1),
            self.scores,
        )

    def utility(self, side: int) -> int:
        """The value of the reached end for ``side``: ±WIN, or its gain minus the best rival's."""
        scores = self.scores
        if self.over == "won":
            return WIN if reaches_target(scores[side]) else -WIN
        root = self.root_scores
        best = -INF
        for s in range(self.nsides):
            if s != side:
                gain = scores[s] - root[s]
                if gain > best:
                    best = gain
        return scores[side] - root[side] - best

    def _add(self, side: int, award: int) -> bool:
        """Apply an award the target check accepts (R1.4); True if it wins the match."""
        _, self.scores, won = apply_change(self.scores, side, award)
        return won

    # -- moves -------------------------------------------------------------------------

    def moves(self, distinct: bool = False) -> list[int]:
        """The legal moves now: plays (by tile, then place code), else a draw, else a pass.

        ``distinct`` keeps one place of each number and kind per tile: the others
        lead to the same position up to the names of the tiles on the table.
        """
        return [m for _, m in self._scored(distinct)]

    def ordered(self, first: int | None = None, distinct: bool = False) -> list[int]:
        """The legal moves, the largest immediate gain first (``first`` ahead of all)."""
        scored = self._scored(distinct)
        if len(scored) > 1:
            if first is not None:
                scored = [(-INF - 1 if m == first else g, m) for g, m in scored]
            scored.sort()
        return [m for _, m in scored]

    @inline(turn_step, end_sum_step)
    def _scored(self, distinct: bool) -> list[tuple[int, int]]:
        """``(-gain, move)`` for each legal move, gain being the mover's immediate score change.

        An award the target check rejects gains nothing; one that reaches the target
        exactly gains :data:`WIN`; going out gains its whole settlement (R7.4).
        """
        seat = self.seat
        hand = self.hands[seat]
        placed = self.placed
        pending = self.pending
        omask = self.omask
        left = len(self.bones) - self.pos
        mask = turn_step(hand, pending, placed, omask, left)
        if mask < 0:
            return [(0, mask)]
        side = self.side_of[seat]
        before = self.scores[side]
        extra = 0
        if hand & (hand - 1) == 0:  # the last tile: going out settles at once (R7)
            extra = self._settlement(seat, 0)
        result = []
        opn = self.opn
        occ = self.occ
        total = self.total
        while mask:
            low = mask & -mask
            mask ^= low
            t = _BIT[low]
            if not placed:
                c = -1
                after = end_sum_step(occ, total, t, c)
                award = AWARDS[after] + extra
                result.append((_order_key(before, award), t * 256))
                continue
            lo = TILE_LOW[t]
            hi = TILE_HIGH[t]
            codes = opn[lo] if lo == hi else opn[lo] + opn[hi]
            if len(codes) > 1:
                codes = sorted(codes)
                if distinct:
                    seen = set()
                    kept = []
                    for c in codes:
                        cls = _CLASS[c][occ[c // 6]]
                        if cls not in seen:
                            seen.add(cls)
                            kept.append(c)
                    codes = kept
            for c in codes:
                after = end_sum_step(occ, total, t, c)
                award = AWARDS[after] + extra
                result.append((_order_key(before, award), t * 256 + c + 1))
        return result

    @inline(join_step, drawn_step)
    def push(self, move: int) -> Undo:
        """Make ``move`` (legal, from :meth:`moves`); return what :meth:`pop` needs."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise NodeLimit
        seat = self.seat
        # A play's own work first (its place, what it opens), into locals; then the one
        # undo record of the state before the move, for a play, a draw or a pass alike.
        slot = -1
        omask = self.omask
        total = self.total
        lkey = self.lkey
        if move >= 0:
            t = move >> 8
            p = (move & 255) - 1
            occ = self.occ
            opn = self.opn
            omask, total, slot, old, _ = join_step(occ, opn, omask, total, t, p, True)
            # The key: the sum over the tiles of their open places (_KEY).
            lkey += _KEY[t][occ[t]]
            if p >= 0:
                a = p // 6
                lkey += _KEY[a][occ[a]] - _KEY[a][old]
        saved = _undo(
            Undo,
            (
                move,
                seat,
                self.pending,
                self.pos,
                self.scores,
                self.over,
                self.omask,
                self.total,
                self.lkey,
                self.hkey,
                slot,
            ),
        )
        if move < 0:
            if move == DRAW_MOVE:
                t = self.bones[self.pos]
                self.pos += 1
                self.hands[seat] |= 1 << t
                self.hkey |= 1 << (t + 28 * seat)
                placed = self.placed
                fits = drawn_step(t, placed, omask)
                if fits:
                    self.pending = t
            else:
                self._end_turn(seat)
            return saved
        self.omask = omask
        self.total = total
        self.lkey = lkey
        self.placed += 1
        hand = self.hands[seat] & ~(1 << t)
        self.hands[seat] = hand
        self.hkey &= ~(1 << (t + 28 * seat))
        self.pending = -1
        award = AWARDS[total]
        if not hand:
            self._go_out(seat, award)
        elif award and self._add(self.side_of[seat], award):
            self.over = "won"
        else:
            self._end_turn(seat)
        return saved

    @inline(unjoin_step)
    def pop(self, saved: Undo) -> None:
        """Unmake the move that returned ``saved``."""
        (
            move,
            seat,
            self.pending,
            pos,
            self.scores,
            self.over,
            omask,
            total,
            self.lkey,
            self.hkey,
            slot,
        ) = saved
        self.seat = seat
        self.pos = pos
        self.omask = omask
        self.total = total
        if move < 0:
            if move == DRAW_MOVE:
                self.hands[seat] &= ~(1 << self.bones[pos])
            return
        t = move >> 8
        p = (move & 255) - 1
        occ = self.occ
        opn = self.opn
        _ = unjoin_step(occ, opn, t, p, slot)
        self.placed -= 1
        self.hands[seat] |= 1 << t

    # -- hand ends -----------------------------------------------------------------------

    @inline(blocked_step)
    def _end_turn(self, seat: int) -> None:
        """D9: a block ends the hand at the end of a turn; otherwise the next seat moves."""
        hands = self.hands
        omask = self.omask
        left = len(self.bones) - self.pos
        blocked = blocked_step(hands, omask, left)
        if blocked:
            self._block()
            return
        self.seat = seat + 1 if seat + 1 < self.n else 0

    def _settlement(self, seat: int, award: int) -> int:
        """The net of ``seat`` going out with a last play worth ``award`` (R7.2–R7.4)."""
        return going_out_parts(award, *out_pips(self.hands, seat, self.side_of, self.partner)).net

    def _go_out(self, seat: int, award: int) -> None:
        """R7: the last play, the opponents' rounded pips and the partner's deduction, as one."""
        out = settle_going_out(self.hands, seat, self.side_of, self.partner, award, self.scores)
        self.scores = out.applied.scores
        self.over = "won" if out.applied.won else "out"

    def _block(self) -> None:
        """R8 (D5): every player's share in settlement order, each checked on its own."""
        totals = [pips_of(h) for h in self.hands]
        last = settle_blocked(totals, self.side_of, self.leader, self.scores)[-1]
        self.scores = last.scores
        self.over = "won" if last.won else "blocked"


Table = dict[tuple[int, int, int, tuple[int, ...]], tuple[int, int, int]]


def alphabeta(pos: OpenPosition, table: Table) -> Callable[[int, int], int]:
    """A fail-soft alpha-beta search of ``pos`` sharing ``table`` (bounds and best moves).

    The root side maximizes, every other side minimizes: exact for two sides and
    the paranoid method for three. The returned function searches the current
    position within the window ``(alpha, beta)``.
    """
    root = pos.root_side
    side_of = pos.side_of

    def search(alpha: int, beta: int) -> int:
        key = pos.key()
        entry = table.get(key)
        first = None
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        a0, b0 = alpha, beta
        maximizing = side_of[pos.seat] == root
        best = -INF if maximizing else INF
        best_move = 0
        for move in pos.ordered(first, distinct=True):
            saved = pos.push(move)
            value = pos.utility(root) if pos.over else search(alpha, beta)
            pos.pop(saved)
            if maximizing:
                if value > best:
                    best, best_move = value, move
                    if best >= beta:
                        break
                    alpha = max(alpha, best)
            else:
                if value < best:
                    best, best_move = value, move
                    if best <= alpha:
                        break
                    beta = min(beta, best)
        if best <= a0:
            table[key] = (-INF, best, best_move)
        elif best >= b0:
            table[key] = (best, INF, best_move)
        else:
            table[key] = (best, best, best_move)
        return best

    return search


MaxnTable = dict[tuple[int, int, int, tuple[int, ...]], tuple[int, ...]]


def maxn(pos: OpenPosition, table: MaxnTable) -> Callable[[], tuple[int, ...]]:
    """A memoized max-n search: each side's utility, the mover's side taking its largest.

    Among choices equally good for the mover the one worst for the root side is
    taken (then the smallest vector), a rule that does not depend on the order of
    the moves, so positions that share a table entry share their value.
    """
    sides = range(pos.nsides)
    side_of = pos.side_of
    root = pos.root_side

    def search() -> tuple[int, ...]:
        key = pos.key()
        best = table.get(key)
        if best is not None:
            return best
        me = side_of[pos.seat]
        for move in pos.ordered(distinct=True):
            saved = pos.push(move)
            value = tuple(pos.utility(s) for s in sides) if pos.over else search()
            pos.pop(saved)
            if best is None or (-value[me], value[root], value) < (-best[me], best[root], best):
                best = value
        assert best is not None
        table[key] = best
        return best

    return search
