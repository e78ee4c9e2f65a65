"""A hand as the awards it tried to make: the samples the match equity table is built from.

A hand played from scores of 0 shows every award *attempted* in it, in order:
each play's award (R6), the going-out settlement as one change (R7.4) and the
blocked hand's awards in their order (R8.4, D5). Nothing is rejected at 0 (no
hand comes near 305 raw), so the list is the hand itself, free of the score.
:func:`replay` then applies such a list from any score with the engine's own
target check (:func:`~exact61_widgets.engine.scoring.accepts`, R1.4) and the
exact-61 win (:func:`~exact61_widgets.engine.scoring.reaches_target`, R9.1):
an overshooting award changes nothing, the first side to reach 305 raw exactly
wins at once and nothing later in the hand is applied (D8).

The one approximation: the players' choices are taken as not depending on the
score, which holds for a bot that does not look at it and nearly holds for the
greedy bot (it prefers an accepted award to a rejected one, so near 61 it may
play another tile). :mod:`exact61_widgets.engine.equity.build` measures the
effect against matches played directly from the table's scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent, PlayEvent
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.scoring import TARGET, accepts, reaches_target

__all__ = ["HandSample", "replay", "sample_hands"]


@dataclass(frozen=True)
class HandSample:
    """One hand led by seat 0: its attempted awards in order and who leads the next hand.

    ``awards`` are ``(side, raw change)`` pairs; ``next_leader`` is the seat that
    went out, or the seat the lot picked after a blocked hand (R2.5, R8.7), drawn
    when the sample was made so that every sample names one.
    """

    awards: tuple[tuple[int, int], ...]
    next_leader: int


def hand_awards(match: Match) -> tuple[tuple[int, int], ...]:
    """The attempted awards of ``match``'s current hand, as :class:`HandSample` keeps them."""
    awards = []
    for event in match.hand_events:
        if isinstance(event, PlayEvent):
            if event.award and event.status != "deferred":  # the last play: in the settlement
                awards.append((event.side, event.award))
        elif isinstance(event, OutEvent):
            if event.net:
                awards.append((event.side, event.net))
        elif isinstance(event, BlockedAwardEvent) and event.award:
            awards.append((event.side, event.award))
    return tuple(awards)


def sample_hands(
    players: int, count: int, seed: int | str, bot: str = "greedy"
) -> list[HandSample]:
    """``count`` hands of self-play by ``bot`` (every seat), each led by seat 0 from scores of 0.

    Deterministic for a seed: hand ``i`` is dealt from ``f"{seed}/{i}"``.
    """
    from exact61_widgets.engine.bots import make_bot  # the search bot reads the table

    samples = []
    for i in range(count):
        match = Match(players, seed=f"{seed}/{i}", leader=0)
        bots = [make_bot(bot, f"{seed}/{i}/{s}") for s in range(players)]
        while match.status == PLAYING:
            match.push(bots[match.to_move].choose(match))
        end = match.hand_end
        assert end is not None
        leader = end.next_leader
        if leader is None:  # a blocked hand: the next leader by lot (R8.7, D6)
            leader = random.Random(f"{seed}/{i}/lot").randrange(players)
        samples.append(HandSample(hand_awards(match), leader))
    return samples


def replay(
    awards: Sequence[tuple[int, int]], scores: Sequence[int]
) -> tuple[tuple[int, ...], int | None]:
    """Apply ``awards`` from ``scores`` by the rules: the final scores and the side that won.

    Every award is checked against the target by itself (R1.4); the first to reach
    the target exactly wins the match and ends the hand (R9.1, D8).

    >>> replay([(0, 20), (1, 10), (0, 15)], (280, 0))
    ((300, 10), None)
    >>> replay([(0, 20), (0, 5)], (280, 0))
    ((305, 0), 0)
    """
    now = list(scores)
    for side, change in awards:
        before = now[side]
        if accepts(before, change):
            now[side] = before + change
            if reaches_target(now[side]):
                return tuple(now), side
    return tuple(now), None


#: The target in raw points, as the table's grid counts it.
TARGET_RAW = TARGET
