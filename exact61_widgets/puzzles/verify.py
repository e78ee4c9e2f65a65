"""Is a position a fair puzzle? One answer best whatever the hidden tiles are.

The mover cannot see the other hands or the boneyard's order, so an answer is
fair only if it is best in (nearly) every deal of the hidden tiles that agrees
with what the mover has seen. :func:`verify` deals them again many times
(:meth:`Match.sample_hidden`), solves each deal exactly
(:func:`~exact61_widgets.engine.solve.solve`) and counts the deals in which the
answer beats every other legal action by a clear margin. It stops as soon as
too many deals have failed — and the first :data:`EARLY` deals must all agree —
so that most candidates cost a few solves only.

The answer may be a group: the same tile at places that are worth the same in
every deal (a spinner's two branches, say) are one answer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.hidden import sampled_deals
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.solve import WIN, Solution, SolveError, solve

#: Deals sampled to verify a puzzle.
DEALS: Final = 50
#: The share of deals in which the answer must be best.
SHARE: Final = 0.95
#: How much better than every other action the answer must be in a deal (raw points).
MARGIN: Final = 5
#: Work allowed for one exact solve; a bigger position is no puzzle for us.
MAX_NODES: Final = 150_000
#: Work allowed for the whole verification (every deal's solve together).
BUDGET: Final = 2_000_000
#: The first deals must all agree: most candidates that fail, fail early and cheaply.
EARLY: Final = 8


@dataclass(frozen=True)
class ActionStats:
    """What one legal action gave over the sampled deals.

    ``wins`` / ``losses``: deals in which it wins / loses the match; ``mean``: its
    mean value in raw points over the other deals (None if there are none);
    ``worse``: deals in which it is worth less than the answer; ``chance``: the
    mover's side's mean chance to win the match after it over all the deals (0 to 1,
    the review's unit), None where it was not computed (a puzzle file of version 2).
    """

    action: Action
    wins: int
    losses: int
    mean: float | None
    worse: int
    chance: float | None = None


def moves_json(stats: tuple[ActionStats, ...]) -> dict[str, dict[str, Any]]:
    """Each action's numbers as a puzzle file writes them (``moves``), the mean rounded
    (and the chance to win the match, to four decimals, where it was computed)."""
    moves: dict[str, dict[str, Any]] = {}
    for s in stats:
        entry: dict[str, Any] = {
            "wins": s.wins,
            "losses": s.losses,
            "mean": None if s.mean is None else round(s.mean, 2),
            "worse": s.worse,
        }
        if s.chance is not None:
            entry["chance"] = round(s.chance, 4)
        moves[str(s.action)] = entry
    return moves


@dataclass(frozen=True)
class Verdict:
    """A verified puzzle: the answer group, how often it was best, by how much, per action.

    ``true`` is the real deal solved with its lines (None where it was not solved: a
    review's position that is too large).
    """

    answer: tuple[Action, ...]
    agree: int
    deals: int
    margins: tuple[int, ...]
    stats: tuple[ActionStats, ...]
    true: Solution | None

    @property
    def share(self) -> float:
        """The share of sampled deals in which the answer was best."""
        return self.agree / self.deals

    @property
    def margin(self) -> int:
        """The median margin of the answer over the best other action (raw points)."""
        ordered = sorted(self.margins)
        return ordered[len(ordered) // 2]


def answer_group(solution: Solution, margin: int = MARGIN) -> tuple[Action, ...] | None:
    """The best actions of one solved deal if they are one tile clearly ahead of the rest."""
    best = solution.value
    group = tuple(m.action for m in solution.moves if m.value == best)
    tiles = {a.tile for a in group if isinstance(a, Play)}
    if len(tiles) != 1 or not all(isinstance(a, Play) for a in group):
        return None
    others = [m.value for m in solution.moves if m.value != best]
    if others and best - max(others) < margin:
        return None
    return group if others else None


def gap(solution: Solution, group: tuple[Action, ...]) -> int | None:
    """How much the group beats every other action in this deal; None if it is not all best."""
    values = {m.action: m.value for m in solution.moves}
    mine = {values[a] for a in group}
    if len(mine) != 1:
        return None
    value = mine.pop()
    others = [v for a, v in values.items() if a not in group]
    return value - max(others)


def real_answer(
    match: Match, margin: int = MARGIN, max_nodes: int = MAX_NODES
) -> tuple[Solution, tuple[Action, ...]] | None:
    """The cheap first test: the real deal solved (no lines) and its answer group, or None."""
    try:
        true = solve(match, lines=False, max_nodes=max_nodes)
    except SolveError:
        return None
    group = answer_group(true, margin)
    return None if group is None else (true, group)


def verify(
    match: Match,
    rng: random.Random,
    *,
    deals: int = DEALS,
    share: float = SHARE,
    margin: int = MARGIN,
    max_nodes: int = MAX_NODES,
    budget: int = BUDGET,
) -> Verdict | None:
    """The verdict on the position of ``match`` as a puzzle, or None if it is not one.

    The real deal fixes the candidate answer; then ``deals`` deals of the hidden
    tiles are drawn from ``rng`` and solved. A deal that needs more than
    ``max_nodes`` positions, or all of them together more than ``budget``, ends
    the verification with None. ``true`` in the verdict is the real deal solved
    with its principal lines. Once the answer holds, every deal is solved again in
    the match's chance (``value="match"``, each within ``max_nodes``) for each
    action's :attr:`ActionStats.chance`, the unit its explanation speaks. ``match``
    is not changed.
    """
    first = real_answer(match, margin, max_nodes)
    if first is None:
        return None
    true, group = first
    allowed = deals - int(share * deals + 0.999999)
    failed = 0
    margins: list[int] = []
    solutions: list[Solution] = []
    worlds: list[Match] = []
    spent = true.nodes
    for number, world in enumerate(sampled_deals(match, rng, deals)):
        try:
            solution = solve(world, lines=False, max_nodes=min(max_nodes, budget - spent))
        except SolveError:
            return None
        spent += solution.nodes
        ahead = gap(solution, group)
        if ahead is None or ahead < margin:
            failed += 1
            if failed > allowed or number < EARLY:
                return None
        else:
            margins.append(ahead)
        solutions.append(solution)
        worlds.append(world.copy())  # the sampler deals the next one into the same copy
    chances = match_chances(worlds, max_nodes)
    if chances is None:
        return None
    stats = tuple(_stats(action, solutions, group, chances) for action in match.legal_actions())
    return Verdict(group, deals - failed, deals, tuple(margins), stats, solve(match))


class FilePuzzle(Protocol):
    """What :func:`verify_from_file` reads of a puzzle of the file (a :class:`.model.Puzzle`)."""

    @property
    def check_seed(self) -> str:
        """The seed its deals were sampled from."""

    def match(self) -> Match:
        """The puzzle's position."""


def verify_from_file(puzzle: FilePuzzle, settings: Mapping[str, Any]) -> Verdict | None:
    """:func:`verify` run again on a puzzle of the file, as its ``settings`` say it was mined.

    The deals come from the puzzle's own ``check_seed``, so the verdict is the one the file
    holds unless the engine or the solver changed: the tests and ``--reword`` rely on it.
    """
    return verify(
        puzzle.match(),
        random.Random(puzzle.check_seed),
        deals=settings["deals"],
        share=settings["share"],
        margin=settings["margin"],
        max_nodes=settings["max_nodes"],
        budget=settings["budget"],
    )


def match_chances(worlds: list[Match], max_nodes: int = MAX_NODES) -> list[Solution] | None:
    """Each deal solved in the mover's side's chance to win the match (ten-thousandths of a
    match, :data:`WIN` = 1), or None when a deal needs more than ``max_nodes`` positions."""
    try:
        return [solve(w, lines=False, max_nodes=max_nodes, value="match") for w in worlds]
    except SolveError:
        return None


def _stats(
    action: Action,
    solutions: list[Solution],
    group: tuple[Action, ...],
    chances: list[Solution],
) -> ActionStats:
    wins = losses = worse = 0
    ordinary: list[int] = []
    for solution in solutions:
        value = solution.value_of(action)
        if value >= WIN:
            wins += 1
        elif value <= -WIN:
            losses += 1
        else:
            ordinary.append(value)
        if value < solution.value_of(group[0]):
            worse += 1
    mean = sum(ordinary) / len(ordinary) if ordinary else None
    # Rounded as the file keeps it, so that the words made now and the file's numbers agree.
    chance = (
        round(sum(c.value_of(action) for c in chances) / (WIN * len(chances)), 4)
        if chances
        else None
    )
    return ActionStats(action, wins, losses, mean, worse, chance)
