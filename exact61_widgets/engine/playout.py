"""Fast playouts: the rules of :class:`Match` in one tight loop, for search.

A playout copies the position through the match's public read-only views
(bitmask hands, open places by number, taken-port bits) and plays legal actions
to the end of the hand or match, with no events and no undo. Every rule it
applies comes from the engine's one place for it: the award table of
:mod:`.scoring`, the settlements of :mod:`.settlement`, the join and the turn of
:mod:`.kernel` (its steps, inlined at import on this loop's local variables:
:func:`.inline.inline`). Each turn it lists its candidate plays in one place and picks
among them, at random or greedily; with a ``trace`` it records the candidates
and the greedy gain, and the tests check both against ``Match`` at every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from exact61_widgets.engine.inline import inline
from exact61_widgets.engine.kernel import (
    DRAW_TURN,
    blocked_step,
    drawn_step,
    end_sum_step,
    join_step,
    turn_step,
)
from exact61_widgets.engine.match import HAND_OVER, MATCH_OVER, PLAYING, Match
from exact61_widgets.engine.scoring import AWARDS, accepts, reaches_target
from exact61_widgets.engine.settlement import settle_blocked, settle_going_out
from exact61_widgets.engine.tiles import (
    HAND_SIZE,
    TILE_OF_BIT,
    TILES,
    dealt_hands,
    pips_of,
    shuffled_tiles,
)

#: How a candidate play is kept in the loop: ``tile * 256 + place + 1`` (the place -1 for
#: the opening tile, so its low byte is 0). By a tile's bit: ``tile * 256 + 1`` and the
#: numbers on its halves.
_CANDIDATE = {1 << t.index: (t.index * 256 + 1, t.low, t.high) for t in TILES}


class TracePlay(NamedTuple):
    """A play: tile index and place code (-1: the opening), and how it was chosen.

    ``candidates`` are the ``(tile, place)`` plays the loop chose among; ``gain``
    is the accepted award it maximized (a greedy choice), or None (a random one).
    """

    seat: int
    tile: int
    place: int
    candidates: tuple[tuple[int, int], ...]
    gain: int | None


class TraceDraw(NamedTuple):
    """A draw of tile index ``tile`` from the boneyard."""

    seat: int
    tile: int


class TracePass(NamedTuple):
    """A pass."""

    seat: int


class TraceDeal(NamedTuple):
    """A new hand: its leader and the 28 tile indices in shuffled order (5 a seat, then
    the boneyard)."""

    leader: int
    order: tuple[int, ...]


TraceEntry = TracePlay | TraceDraw | TracePass | TraceDeal
Trace = list[TraceEntry]


@inline(end_sum_step)
def _greedy(
    moves: list[int],
    total: int,
    occ: list[int],
    score: int,
    rand: Callable[[], float],
    greedy: bool,
) -> tuple[int, int]:
    """The candidate with the largest accepted play award (R6.2, R1.4), and that award.

    Ties, and every candidate when ``greedy`` is false, are broken uniformly at
    random (reservoir sampling, in candidate order).
    """
    best = -1
    ties = 0
    choice = -1
    for mv in moves:
        if greedy:
            t = mv >> 8
            c = (mv & 255) - 1
            s = end_sum_step(occ, total, t, c)
            gain = AWARDS[s]
            if gain and not accepts(score, gain):
                gain = 0
        else:
            gain = 0
        if gain > best:
            best, choice, ties = gain, mv, 1
        elif gain == best:
            ties += 1
            if rand() * ties < 1:
                choice = mv
    return choice, best


def _candidates(entries: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((mv >> 8, (mv & 255) - 1) for mv in entries)


@inline(turn_step, join_step, drawn_step, blocked_step)
def playout(
    match: Match,
    rng: random.Random | None = None,
    *,
    hands: int | None = None,
    trace: Trace | None = None,
    greedy: bool = False,
    epsilon: float = 0.1,
    leads: list[int | None] | None = None,
) -> tuple[int, ...]:
    """Play legal actions from ``match``'s position to an end; return the scores.

    By default every action is uniformly random. With ``greedy`` every player
    takes the play with the largest accepted award (random among equals) and,
    with probability ``epsilon``, a uniformly random play instead: the rollout
    policy of the search bot. ``match`` itself is not changed. Play stops when
    the match is won or, if ``hands`` is given, after that many hand ends (the
    current one counts). New hands are dealt from ``rng``. ``trace`` collects
    every action (:data:`TraceEntry`) for checking. ``leads`` gets the leader of the
    next hand when play stops at a hand's end: the seat that went out, or None after a
    blocked hand (the lot decides, R8.7); a match's values read it (:mod:`.equity`).
    """
    rng = rng or random.Random()
    rand = rng.random
    n = match.players
    seats = match.seating
    side_of = seats.sides_of
    partner_of = seats.partners
    next_seat = seats.next_seats
    scores = list(match.scores)
    status = match.status
    layout = match.layout
    occ = list(layout.occupancy)
    opn = [list(layout.open_codes(k)) for k in range(7)]
    omask = layout.open_numbers
    placed = len(layout)
    total = layout.end_sum
    hands_ = list(match.hand_masks)
    bones = match.boneyard_indices
    left = len(bones)  # the tiles left to draw: the next is bones[-left]
    seat = match.to_move
    drawn = match.drawn_tile
    pending = -1 if drawn is None else drawn.index
    leader = match.leader
    end = match.hand_end
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
            order = shuffled_tiles(rng)
            hands_ = dealt_hands(order, n)
            bones = tuple(order[n * HAND_SIZE :])
            left = len(bones)
            occ = [0] * 28
            opn = [[], [], [], [], [], [], []]
            omask = 0
            placed = 0
            total = 0
            pending = -1
            leader = next_leader if next_leader is not None else rng.randrange(n)
            seat = leader
            status = PLAYING
            if trace is not None:
                trace.append(TraceDeal(leader, tuple(order)))
        hand = hands_[seat]
        playable = turn_step(hand, pending, placed, omask, left)
        if playable > 0:
            # The candidate plays, by tile then place in the order the places opened.
            moves = []
            m = playable
            if placed:
                while m:
                    low = m & -m
                    m ^= low
                    base, lo, hi = _CANDIDATE[low]
                    for c in opn[lo]:
                        moves.append(base + c)
                    if hi != lo:
                        for c in opn[hi]:
                            moves.append(base + c)
            else:
                while m:
                    low = m & -m
                    m ^= low
                    moves.append(TILE_OF_BIT[low] * 256)
            if greedy:
                best = rand() >= epsilon
                mv, gain = _greedy(moves, total, occ, scores[side_of[seat]], rand, best)
            else:
                mv = moves[int(rand() * len(moves))]
            t = mv >> 8
            p = (mv & 255) - 1
            if trace is not None:
                trace.append(
                    TracePlay(
                        seat,
                        t,
                        p,
                        _candidates(moves),
                        gain if greedy and best else None,
                    )
                )
            omask, total, _, _, _ = join_step(occ, opn, omask, total, t, p, False)
            placed += 1
            hand ^= 1 << t
            hands_[seat] = hand
            pending = -1
            award = AWARDS[total]
            if not hand:
                # Going out (R7): one settlement, accepted or rejected whole.
                out = settle_going_out(hands_, seat, side_of, partner_of, award, tuple(scores))
                if out.applied.won:
                    return out.applied.scores
                scores = list(out.applied.scores)
                next_leader = seat
                status = HAND_OVER
                ends_left -= 1
                if ends_left == 0:
                    if leads is not None:
                        leads.append(seat)
                    return tuple(scores)
                continue
            if award:
                side = side_of[seat]
                if accepts(scores[side], award):
                    scores[side] += award
                    if reaches_target(scores[side]):
                        return tuple(scores)
        elif playable == DRAW_TURN:
            t = bones[-left]
            left -= 1
            hands_[seat] = hand | (1 << t)
            fits = drawn_step(t, placed, omask)
            if fits:
                pending = t
            if trace is not None:
                trace.append(TraceDraw(seat, t))
            continue
        elif trace is not None:
            trace.append(TracePass(seat))
        # End of the turn (D9): a block ends the hand, else the next seat moves.
        blocked = blocked_step(hands_, omask, left)
        if blocked:
            last = settle_blocked([pips_of(h) for h in hands_], side_of, leader, tuple(scores))[-1]
            if last.won:
                return last.scores
            scores = list(last.scores)
            next_leader = None
            status = HAND_OVER
            ends_left -= 1
            if ends_left == 0:
                if leads is not None:
                    leads.append(None)
                return tuple(scores)
            continue
        seat = next_seat[seat]
