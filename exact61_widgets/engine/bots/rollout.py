"""A fast greedy playout to the end of the hand: the rollout policy of the search bot.

Uniformly random playouts (:func:`~exact61_widgets.engine.playout.playout`) make
every player far weaker than a real one, so a search that trusts them
underrates how much an opponent will score from the openings a play leaves.
Here every player takes the play with the largest accepted award (R6.2, R1.4)
and, with probability ``epsilon``, a random play instead; ties are broken at
random. The loop follows the engine's rules exactly, like ``playout``, on the
same bitmask state; the tests replay its traces through :class:`Match`.
"""

from __future__ import annotations

import random
from typing import Final

from exact61_widgets.engine.layout import CONTRIB, JOIN, OPENING, TILE_DOUBLE, TILES_WITH
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.playout import Trace
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
#: The chance that a rollout player makes a random play instead of the greedy one.
EPSILON: Final = 0.1


def _pips(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _PIPS[_BIT[low]]
        mask ^= low
    return total


def greedy_playout(match: Match, rng: random.Random, epsilon: float = EPSILON,
                   trace: Trace | None = None) -> tuple[int, ...]:
    """Play ``match``'s hand to its end (or the match's) greedily; return the scores.

    ``match`` itself is not changed; ``trace`` collects ``(seat, kind, tile,
    place)`` entries like :func:`~exact61_widgets.engine.playout.playout`'s.
    """
    scores = list(match._scores)
    if match._status != PLAYING:
        return tuple(scores)
    rand = rng.random
    n = match._n
    side_of = match._side_of
    partner = tuple((s + 2) % 4 for s in range(4)) if n == 4 else None
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
    while True:
        hand = hands_[seat]
        if pending >= 0:
            playable = 1 << pending
        elif placed:
            playable = hand & TILES_WITH[omask]
        else:
            playable = hand
        if playable:
            side = side_of[seat]
            room = TARGET - scores[side]
            greedy = rand() >= epsilon
            if not placed:
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
                p = -1
                for c in OPENING[t]:
                    num = PLACE_NUMBER[c]
                    opn[num].append(c)
                    omask |= 1 << num
                occ[t] = 0
                total = CONTRIB[t][0]
            else:
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
                    cands = opn[lo] if lo == hi else opn[lo] + opn[hi]
                    for c in cands:
                        if greedy:
                            a = c // 6
                            old = occ[a]
                            new = old | (1 << (c - a * 6))
                            s = total + CONTRIB[a][new] - CONTRIB[a][old] + CONTRIB[u][
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
            if not hand:
                # Going out (R7): one settlement, accepted or rejected whole.
                opp = 0
                for o in range(n):
                    if side_of[o] != side:
                        opp += _pips(hands_[o])
                net = award + (opp + 2) // 5 * 5
                if partner is not None:
                    net -= (_pips(hands_[partner[seat]]) + 2) // 5 * 5
                if scores[side] + net <= TARGET:
                    scores[side] += net
                return tuple(scores)
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
            for h in hands_:
                if h & can:
                    break
            else:
                _settle_block(hands_, scores, side_of, leader, n)
                return tuple(scores)
        seat = seat + 1 if seat + 1 < n else 0


def _settle_block(hands_: list[int], scores: list[int], side_of: tuple[int, ...], leader: int,
                  n: int) -> None:
    """R8 awards in order, stopping at a win (R8.5)."""
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
                return
