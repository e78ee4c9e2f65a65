"""Every legal action valued from what the mover knew (fair), and with every tile known (hindsight).

*Fair*: the tiles the mover cannot see are dealt again ``samples`` times, each deal
agreeing with everything the mover has seen (:func:`~exact61_widgets.engine.hidden.knowledge`,
the sampler the search bot and the hints use). Every action is valued in every
deal: exactly by the solver (:func:`~exact61_widgets.engine.solve.solve`) once few
enough tiles are unplayed, else by a greedy playout to the end of the hand after
it (the search bot's rollout). The deals come from a generator seeded by the
review's seed and the public position only, so two positions that look the same
to the mover get the same values, whatever the hidden tiles really are.

*Hindsight*: the real deal solved, every tile known, when the position is small
enough to solve quickly; None otherwise.

Every action gets two values in every deal. The one that grades it is the
mover's side's *chance to win the match* at the hand's end
(:mod:`~exact61_widgets.engine.equity.value`: the final scores and the next
leader read through the match equity table; 1 for a match won, 0 for one
lost), so that a move's loss is a share of the match
wherever it is made. The other is the hand's points as the solver counts them:
for the mover's side, its gain in raw points to the end of the hand minus the
largest gain of another side, a match won at exactly 61 worth
:data:`~exact61_widgets.engine.solve.WIN` and one lost ``-WIN``; while no deal
can end the match in the hand, a learner reads a loss in those points too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final, Literal

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.bots.rollout import greedy_playout
from exact61_widgets.engine.bots.search import decision_rng
from exact61_widgets.engine.equity.value import end_chance
from exact61_widgets.engine.hidden import sampled_deals, unplayed
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.scoring import reaches_target
from exact61_widgets.engine.solve import WIN, Solution, SolveError, solve

Method = Literal["exact", "playout"]
#: Deals sampled for every decision by default.
SAMPLES: Final = 200
#: Each deal is solved exactly when at most this many tiles are unplayed (hands and boneyard) ...
EXACT_UNPLAYED: Final = 12
#: ... each within this many positions, and all the decision's deals within the budget;
#: past either, the whole decision is valued by playouts instead.
EXACT_NODES: Final = 5_000
EXACT_BUDGET: Final = 100_000
#: The real deal is solved (hindsight) when at most this many tiles are unplayed ...
HINDSIGHT_UNPLAYED: Final = 14
#: ... and within this many positions.
HINDSIGHT_NODES: Final = 30_000


@dataclass(frozen=True)
class SampledValues:
    """Each legal action's values in each sampled deal, ``[i][j]`` for action i, deal j:
    ``values`` the hand's points (raw, the solver's), ``chances`` the mover's side's chance
    to win the match (0 to 1)."""

    actions: tuple[Action, ...]
    values: tuple[tuple[int, ...], ...]
    chances: tuple[tuple[float, ...], ...]
    method: Method


def outcome_value(final: tuple[int, ...], before: tuple[int, ...], side: int) -> int:
    """The solver's value of final scores for ``side``: ±WIN, or its gain minus the best rival's."""
    for s, score in enumerate(final):
        if reaches_target(score):
            return WIN if s == side else -WIN
    mine = final[side] - before[side]
    return mine - max(final[s] - before[s] for s in range(len(final)) if s != side)


def review_rng(seed: int | str, match: Match) -> random.Random:
    """The generator of one decision's deals: from the review's seed and public facts only."""
    return decision_rng(f"review/{seed}", match)


def _exact(
    world: Match, actions: tuple[Action, ...], nodes: int
) -> tuple[tuple[int, ...], tuple[float, ...], int] | None:
    """Every action's exact values in one deal (points, then chances) and the positions the two
    solves took; None if either needs more than ``nodes``."""
    try:
        points = solve(world, lines=False, max_nodes=nodes)
        match = solve(world, lines=False, max_nodes=nodes, value="match")
    except SolveError:
        return None
    return (
        tuple(points.value_of(a) for a in actions),
        tuple(match.value_of(a) / WIN for a in actions),
        points.nodes + match.nodes,
    )


def _playouts(
    world: Match, actions: tuple[Action, ...], rng: random.Random
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Every action's value in one deal by a greedy playout after it.

    Each action's playout draws the same random numbers (common random numbers), so
    actions that lead to the same position get the same value, and the differences
    between actions carry as little noise as the playouts allow.
    """
    side = world.side_of(world.to_move)
    before = world.scores
    seed = rng.getrandbits(64)
    row, chances = [], []
    for action in actions:
        world.push(action)
        leads: list[int | None] = []
        if world.status == PLAYING:
            final = greedy_playout(world, random.Random(seed), leads=leads)
        else:
            final = world.scores
            end = world.hand_end
            leads.append(None if end is None else end.next_leader)
        world.pop()
        row.append(outcome_value(final, before, side))
        chances.append(end_chance(final, leads[0] if leads else None, side, world.players))
    return tuple(row), tuple(chances)


def fair_values(match: Match, seed: int | str = 0, samples: int = SAMPLES) -> SampledValues:
    """Every legal action of ``match`` valued over ``samples`` deals the mover cannot tell apart.

    Exact per deal when at most :data:`EXACT_UNPLAYED` tiles are unplayed and every
    deal solves within :data:`EXACT_NODES` positions, all within :data:`EXACT_BUDGET`;
    otherwise every deal is valued by playouts (one method for the whole decision, so
    its values compare; the same deals either way, as both start from the same seed).
    ``match`` is not changed.
    """
    actions = tuple(match.legal_actions())
    if unplayed(match) <= EXACT_UNPLAYED:
        columns: list[tuple[int, ...]] = []
        chances: list[tuple[float, ...]] = []
        left = EXACT_BUDGET
        for world in sampled_deals(match, review_rng(seed, match), samples):
            solved = _exact(world, actions, min(EXACT_NODES, left))
            if solved is None:
                break
            columns.append(solved[0])
            chances.append(solved[1])
            left -= solved[2]
        else:
            return SampledValues(
                actions,
                tuple(zip(*columns, strict=True)),
                tuple(zip(*chances, strict=True)),
                "exact",
            )
    rng = review_rng(seed, match)
    both = [_playouts(world, actions, rng) for world in sampled_deals(match, rng, samples)]
    return SampledValues(
        actions,
        tuple(zip(*(b[0] for b in both), strict=True)),
        tuple(zip(*(b[1] for b in both), strict=True)),
        "playout",
    )


def hindsight(
    match: Match, lines: bool = False, value: Literal["points", "match"] = "points"
) -> Solution | None:
    """The real deal solved with every tile known, or None if too big.

    ``lines`` adds the principal lines (the puzzles' words need them; a review does not);
    ``value="match"`` values it in the match's chance (ten-thousandths, as the review grades).
    """
    if unplayed(match) > HINDSIGHT_UNPLAYED:
        return None
    try:
        return solve(
            match, lines=lines, max_nodes=HINDSIGHT_NODES * (2 if lines else 1), value=value
        )
    except SolveError:
        return None
