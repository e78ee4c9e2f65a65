"""Fast random playouts: the rules of :class:`Match` in one tight loop, for search.

A playout copies the position's internals (bitmask hands, open places by number,
taken-port bits) and plays uniformly random legal actions to the end of the
hand or match, with no events and no undo. It follows exactly the same rules as
:meth:`Match.push`; the tests replay its traces through ``Match`` to prove it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from exact61_widgets.engine.layout import CONTRIB, JOIN, OPENING, TILE_DOUBLE, TILES_WITH
from exact61_widgets.engine.match import HAND_OVER, MATCH_OVER, PLAYING, Match
from exact61_widgets.engine.ports import PLACE_NUMBER
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.engine.tiles import TILES

_PIPS: Final = tuple(t.pips for t in TILES)
_LOW: Final = tuple(t.low for t in TILES)
_HIGH: Final = tuple(t.high for t in TILES)
_BIT: Final = {1 << t: t for t in range(28)}
#: For tile t joining a place of number n: (taken bits, the place it opens, its number).
_JOIN2: Final = tuple(
    tuple(None if j is None else (j[1], j[2][0], PLACE_NUMBER[j[2][0]]) for j in row)
    for row in JOIN
)

#: A trace entry: (seat, kind, tile index, place code) with kind 0 play, 1 draw, 2 pass;
#: a deal is (leader, 3, *the 28 tile indices in shuffled order).
Trace = list[tuple[int, ...]]


def _pips(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _PIPS[_BIT[low]]
        mask ^= low
    return total


def _greedy_opening(playable: int, room: int, rand: Callable[[], float],
                    greedy: bool) -> int:
    """The opening tile with the largest accepted award; ties (and ``not greedy``) at random."""
    best = -1
    ties = 0
    t = -1
    m = playable
    while m:
        low = m & -m
        m ^= low
        u = _BIT[low]
        s = CONTRIB[u][0]
        gain = s if greedy and s % 5 == 0 and s <= room else 0
        if gain > best:
            best, t, ties = gain, u, 1
        elif gain == best:
            ties += 1
            if rand() * ties < 1:
                t = u
    return t


def _greedy_join(playable: int, opn: list[list[int]], occ: list[int], total: int, room: int,
                 rand: Callable[[], float], greedy: bool) -> tuple[int, int]:
    """The join with the largest accepted award (R6.2, R1.4); ties, or ``not greedy``: random."""
    best = -1
    ties = 0
    t = p = -1
    m = playable
    while m:
        low = m & -m
        m ^= low
        u = _BIT[low]
        lo = _LOW[u]
        hi = _HIGH[u]
        for c in (opn[lo] if lo == hi else opn[lo] + opn[hi]):
            if greedy:
                a = c // 6
                old = occ[a]
                s = total + CONTRIB[a][old | (1 << (c - a * 6))] - CONTRIB[a][old] + CONTRIB[u][
                    _JOIN2[u][PLACE_NUMBER[c]][0]]  # type: ignore[index]
                gain = s if s > 0 and s % 5 == 0 and s <= room else 0
            else:
                gain = 0
            if gain > best:
                best, t, p, ties = gain, u, c, 1
            elif gain == best:
                ties += 1
                if rand() * ties < 1:
                    t, p = u, c
    return t, p


def playout(match: Match, rng: random.Random | None = None, *, hands: int | None = None,
            trace: Trace | None = None, greedy: bool = False,
            epsilon: float = 0.1) -> tuple[int, ...]:
    """Play legal actions from ``match``'s position to an end; return the scores.

    By default every action is uniformly random. With ``greedy`` every player
    takes the play with the largest accepted award (random among equals) and,
    with probability ``epsilon``, a uniformly random play instead: the rollout
    policy of the search bot. ``match`` itself is not changed. Play stops when
    the match is won or, if ``hands`` is given, after that many hand ends (the
    current one counts). New hands are dealt from ``rng``. ``trace`` collects
    the actions for checking.
    """
    rng = rng or random.Random()
    rand = rng.random
    n = match._n
    side_of = match._side_of
    partner = tuple((s + 2) % 4 for s in range(4)) if n == 4 else None
    scores = list(match._scores)
    status = match._status
    layout = match._layout
    occ = list(layout._occ)
    opn = [list(lst) for lst in layout._open]
    omask = layout._open_mask
    placed = len(layout._order)
    total = layout._sum
    hands_ = list(match._hands)
    bones = match._boneyard
    pos = match._bone_pos
    nb = len(bones)
    seat = match._to_move
    pending = match._pending
    leader = match._leader
    end = match._end
    next_leader = None if end is None else end.next_leader
    ends_left = -1 if hands is None else hands
    if status == MATCH_OVER:
        return tuple(scores)
    if status == HAND_OVER:
        ends_left -= 1  # the current hand has ended already: it counts
        if ends_left == 0:
            return tuple(scores)
    while True:
        if status != PLAYING:
            # Deal a new hand (R2.2) and pick its leader (R2.5, D6).
            order = list(range(28))
            rng.shuffle(order)
            hands_ = [0] * n
            for s in range(n):
                for t in order[s * 5:s * 5 + 5]:
                    hands_[s] |= 1 << t
            bones = order[n * 5:]
            pos = 0
            nb = len(bones)
            occ = [0] * 28
            opn = [[] for _ in range(7)]
            omask = 0
            placed = 0
            total = 0
            pending = -1
            leader = next_leader if next_leader is not None else rng.randrange(n)
            seat = leader
            status = PLAYING
            if trace is not None:
                trace.append((leader, 3, *order))
        hand = hands_[seat]
        if pending >= 0:
            playable = 1 << pending
        elif placed:
            playable = hand & TILES_WITH[omask]
        else:
            playable = hand
        if playable:
            if greedy:
                room = TARGET - scores[side_of[seat]]
                best = rand() >= epsilon
            if not placed:
                if greedy:
                    t = _greedy_opening(playable, room, rand, best)
                else:
                    count = playable.bit_count()
                    k = int(rand() * count)
                    m = playable
                    for _ in range(k):
                        m &= m - 1
                    t = _BIT[m & -m]
                p = -1
                for c in OPENING[t]:
                    num = PLACE_NUMBER[c]
                    opn[num].append(c)
                    omask |= 1 << num
                occ[t] = 0
                total = CONTRIB[t][0]
            else:
                if greedy:
                    t, p = _greedy_join(playable, opn, occ, total, room, rand, best)
                else:
                    moves = []
                    m = playable
                    while m:
                        low = m & -m
                        m ^= low
                        t = _BIT[low]
                        lo = _LOW[t]
                        hi = _HIGH[t]
                        for c in opn[lo]:
                            moves.append(t * 256 + c)
                        if hi != lo:
                            for c in opn[hi]:
                                moves.append(t * 256 + c)
                    mv = moves[int(rand() * len(moves))]
                    t = mv >> 8
                    p = mv & 255
                a = p // 6
                num = PLACE_NUMBER[p]
                lst = opn[num]
                lst.remove(p)
                if not lst:
                    omask &= ~(1 << num)
                old = occ[a]
                new = old | (1 << (p - a * 6))
                occ[a] = new
                bits, opened, onum = _JOIN2[t][num]  # type: ignore[misc]
                occ[t] = bits
                opn[onum].append(opened)
                omask |= 1 << onum
                if TILE_DOUBLE[a] and new & 12 == 12 and old & 12 != 12:
                    opn[num].append(a * 6 + 4)
                    opn[num].append(a * 6 + 5)
                    omask |= 1 << num
                total += CONTRIB[a][new] - CONTRIB[a][old] + CONTRIB[t][bits]
            placed += 1
            hand ^= 1 << t
            hands_[seat] = hand
            pending = -1
            if trace is not None:
                trace.append((seat, 0, t, p))
            award = total if total > 0 and total % 5 == 0 else 0
            side = side_of[seat]
            if not hand:
                # Going out (R7): one settlement, accepted or rejected whole.
                opp = 0
                for s in range(n):
                    if side_of[s] != side:
                        opp += _pips(hands_[s])
                net = award + (opp + 2) // 5 * 5
                if partner is not None:
                    net -= (_pips(hands_[partner[seat]]) + 2) // 5 * 5
                if scores[side] + net <= TARGET:
                    scores[side] += net
                    if scores[side] == TARGET:
                        return tuple(scores)
                next_leader = seat
                status = HAND_OVER
                ends_left -= 1
                if ends_left == 0:
                    return tuple(scores)
                continue
            if award and scores[side] + award <= TARGET:
                scores[side] += award
                if scores[side] == TARGET:
                    return tuple(scores)
        elif pos < nb:
            t = bones[pos]
            pos += 1
            hands_[seat] = hand | (1 << t)
            if not placed or TILES_WITH[omask] >> t & 1:
                pending = t
            if trace is not None:
                trace.append((seat, 1, t, -1))
            continue
        elif trace is not None:
            trace.append((seat, 2, -1, -1))
        # End of the turn (D9): a block ends the hand, else the next seat moves.
        if pos >= nb:
            can = TILES_WITH[omask]
            blocked = True
            for h in hands_:
                if h & can:
                    blocked = False
                    break
            if blocked:
                if _settle_block(hands_, scores, side_of, leader, n):
                    return tuple(scores)
                next_leader = None
                status = HAND_OVER
                ends_left -= 1
                if ends_left == 0:
                    return tuple(scores)
                continue
        seat = seat + 1 if seat + 1 < n else 0


def _settle_block(hands_: list[int], scores: list[int], side_of: tuple[int, ...], leader: int,
                  n: int) -> bool:
    """R8 awards in order; True if one of them won the match."""
    totals = [_pips(h) for h in hands_]
    order = sorted(range(n), key=lambda s: (totals[s], (s - leader) % n))
    for s in order:
        side = side_of[s]
        mine = totals[s]
        diff = 0
        for o in order:
            if side_of[o] != side and totals[o] > mine:
                diff += totals[o] - mine
        award = (diff + 2) // 5 * 5
        if award and scores[side] + award <= TARGET:
            scores[side] += award
            if scores[side] == TARGET:
                return True
    return False


def random_match_moves(players: int, seed: int) -> int:
    """Play one random match from a fresh deal; return how many tiles were played."""
    rng = random.Random(seed)
    trace: Trace = []
    playout(Match(players, seed=seed), rng, trace=trace)
    return sum(1 for entry in trace if entry[1] == 0)


PlayoutFn = Callable[[Match, random.Random], tuple[int, ...]]
