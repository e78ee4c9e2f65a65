"""The two settlements that end a hand, written once for ``Match`` and the playout loop.

Going out (R7): the last play's award, plus the opponents' pips rounded once,
minus (in pair play) the partner's pips rounded once, as one net change.
A blocked hand (R8, D5): every player, from the smallest total up (ties in
turn order from the leader), gets the sum of the differences to the larger
opponent totals, rounded once. Applying each part against the target (R1.4)
and stopping at a win (R8.5) is the caller's: :class:`~.match.Match` explains
every part in events, the playout loop only keeps the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from exact61_widgets.engine.scoring import round5


class GoingOut(NamedTuple):
    """The parts of a going-out settlement (R7.2–R7.4), in raw points."""

    opponents_award: int
    partner_deduction: int
    net: int


def going_out(play_award: int, opponents_pips: int, partner_pips: int) -> GoingOut:
    """The settlement of going out: ``play_award`` + round5(opponents) − round5(partner)."""
    opponents_award = round5(opponents_pips)
    deduction = round5(partner_pips)
    return GoingOut(opponents_award, deduction, play_award + opponents_award - deduction)


class BlockedShare(NamedTuple):
    """One player's part of a blocked-hand settlement (R8.2–R8.4)."""

    seat: int
    pips: int
    #: (opponent seat, their total, the difference) for each strictly larger opponent total.
    compared: tuple[tuple[int, int, int], ...]
    difference: int
    award: int


def blocked_order(totals: Sequence[int], leader: int) -> list[int]:
    """The seats in settlement order: smallest total first, ties from the leader on (R8.1, D5)."""
    n = len(totals)
    return sorted(range(n), key=lambda s: (totals[s], (s - leader) % n))


def blocked_shares(
    totals: Sequence[int], side_of: Sequence[int], leader: int
) -> list[BlockedShare]:
    """Every player's blocked-hand award, in settlement order (R8, D5).

    ``totals`` are the pips each seat holds and ``side_of`` the side each seat
    scores for; the differences of a player are summed first, then rounded once.
    """
    order = blocked_order(totals, leader)
    shares = []
    for seat in order:
        side = side_of[seat]
        mine = totals[seat]
        compared = tuple(
            (o, totals[o], totals[o] - mine)
            for o in order
            if side_of[o] != side and totals[o] > mine
        )
        difference = sum(c[2] for c in compared)
        shares.append(BlockedShare(seat, mine, compared, difference, round5(difference)))
    return shares


def blocked_winner(totals: Sequence[int], side_of: Sequence[int]) -> int | None:
    """The side holding the smallest total, or None when opposing sides tie for it (R8.6)."""
    smallest = min(totals)
    sides = {side_of[s] for s in range(len(totals)) if totals[s] == smallest}
    return sides.pop() if len(sides) == 1 else None
