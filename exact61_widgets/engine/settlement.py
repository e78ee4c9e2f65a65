"""How a hand ends, written once for ``Match``, the playout loop and the exact solver.

Going out (R7): the last play's award, plus the opponents' pips rounded once,
minus (in pair play) the partner's pips rounded once, as one net change.
A blocked hand (R8, D5): every player, from the smallest total up (ties in
turn order from the leader), gets the sum of the differences to the larger
opponent totals, rounded once. Each change goes to the target check on its own
(:func:`apply_change`, R1.4); an exact hit wins the match at once and cuts off
what would follow (R8.5, R9.1). A hand blocks when the boneyard is empty and no
hand holds a tile that fits (:meth:`.LayoutCore.turn_blocks`, R3.5, D9).

:class:`~.match.Match` turns each part into an event; the playout loop and the
solver keep only the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from exact61_widgets.engine.kernel import is_blocked as is_blocked  # the block (R3.5), here too
from exact61_widgets.engine.scoring import Status, accepts, reaches_target, round5
from exact61_widgets.engine.tiles import pips_of

#: ``_new(Cls, (a, b))`` is ``Cls(a, b)`` for a NamedTuple ``Cls``, without the Python-level
#: ``__new__`` a NamedTuple has (a frame per call): every hand ends with these records.
_new: Final = tuple.__new__


class Applied(NamedTuple):
    """A change of one side's score put to the target check (R1.4)."""

    status: Status
    #: The scores after it: unchanged when it was rejected.
    scores: tuple[int, ...]
    #: Whether it made the side's score exactly the target, which wins the match (R9.1).
    won: bool


def apply_change(scores: tuple[int, ...], side: int, change: int) -> Applied:
    """``change`` added to ``side``'s score if the target check accepts it, else rejected whole.

    Only the upper bound is checked: a negative change (a partner's deduction)
    applies even below zero (D3).
    """
    before = scores[side]
    if not accepts(before, change):
        return _new(Applied, ("rejected", scores, False))
    after = before + change
    return _new(
        Applied, ("applied", (*scores[:side], after, *scores[side + 1 :]), reaches_target(after))
    )


class GoingOutParts(NamedTuple):
    """The parts of a going-out settlement (R7.2–R7.4), in raw points."""

    opponents_award: int
    partner_deduction: int
    net: int


def going_out_parts(play_award: int, opponents_pips: int, partner_pips: int) -> GoingOutParts:
    """The settlement of going out: ``play_award`` + round5(opponents) − round5(partner)."""
    opponents_award = round5(opponents_pips)
    deduction = round5(partner_pips)
    return _new(
        GoingOutParts, (opponents_award, deduction, play_award + opponents_award - deduction)
    )


def out_pips(
    hands: Sequence[int], seat: int, side_of: Sequence[int], partner_of: Sequence[int | None]
) -> tuple[int, int]:
    """The pips the opponents hold and the pips the partner holds when ``seat`` goes out.

    ``hands`` are bitmasks of tile indices; a seat without a partner has 0 (R7.2, R7.3).
    """
    side = side_of[seat]
    opponents = 0  # the opponents' tiles together: the hands share no tile
    for s, hand in enumerate(hands):
        if side_of[s] != side:
            opponents |= hand
    partner = partner_of[seat]
    return pips_of(opponents), 0 if partner is None else pips_of(hands[partner])


class Out(NamedTuple):
    """A going-out settlement as the target check left it (R7, R1.4)."""

    opponents_pips: int
    partner_pips: int
    parts: GoingOutParts
    #: The net change put to the target check: applied or rejected whole (R7.4).
    applied: Applied


def settle_going_out(
    hands: Sequence[int],
    seat: int,
    side_of: Sequence[int],
    partner_of: Sequence[int | None],
    play_award: int,
    scores: tuple[int, ...],
) -> Out:
    """``seat`` goes out with a last play worth ``play_award``: the settlement from ``scores``."""
    opponents, partner = out_pips(hands, seat, side_of, partner_of)
    parts = going_out_parts(play_award, opponents, partner)
    return _new(Out, (opponents, partner, parts, apply_change(scores, side_of[seat], parts.net)))


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


class BlockedAward(NamedTuple):
    """One share of a blocked hand as the target check left it (R8.4)."""

    share: BlockedShare
    side: int
    #: ``none`` for a share of 0, else applied or rejected.
    status: Status
    #: The side's score before the share.
    before: int
    #: Every score after it.
    scores: tuple[int, ...]
    #: Whether it won the match: no share after it is settled (R8.5).
    won: bool


def settle_blocked(
    totals: Sequence[int], side_of: Sequence[int], leader: int, scores: tuple[int, ...]
) -> list[BlockedAward]:
    """The blocked-hand settlement from ``scores``: each share in order, checked on its own.

    The list stops at a share that reaches the target exactly (R8.4, R8.5); the
    last entry's scores are the scores after the settlement.
    """
    awards = []
    for share in blocked_shares(totals, side_of, leader):
        side = side_of[share.seat]
        before = scores[side]
        status: Status = "none"
        won = False
        if share.award:
            status, scores, won = apply_change(scores, side, share.award)
        awards.append(BlockedAward(share, side, status, before, scores, won))
        if won:
            break
    return awards


def blocked_winner(totals: Sequence[int], side_of: Sequence[int]) -> int | None:
    """The side holding the smallest total, or None when opposing sides tie for it (R8.6)."""
    smallest = min(totals)
    sides = {side_of[s] for s in range(len(totals)) if totals[s] == smallest}
    return sides.pop() if len(sides) == 1 else None
