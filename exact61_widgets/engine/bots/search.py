"""``search``: determinized Monte Carlo search under hidden information.

For each decision the bot deals the unseen tiles many times, each time
consistently with what the table and the history showed (:mod:`~exact61_widgets.engine.hidden`,
:meth:`Match.sample_hidden <exact61_widgets.engine.match.Match.sample_hidden>`),
and in every such *world* tries each legal play followed by a fast playout to
the end of the hand. A play is worth the mover's side's chance to win the
match where the playout ends (:func:`~exact61_widgets.engine.equity.value.end_chance`:
the final scores and the next leader read through the match equity table; 1 for
reaching exactly 61, 0 for an opponent reaching it), so a hand's points count as
much as they matter to the match at that score, as backgammon programs play match
play by match equity. The engine already gives an overshooting award nothing
(R1.4), so the search learns the exact-61 rule from the results: it avoids
overshoots and values plays that set up an exact finish.

``evaluation="points"`` keeps the evaluation of the previous version (the side's
gain minus the opponents' mean gain in raw points, a match won worth :data:`WIN`)
for the strength benchmark, which plays the two against each other.

Every candidate sees the same worlds (common random numbers), so their
differences are measured with little noise. The generator of each decision is
seeded from the bot's seed and the public position only, so the choice is
deterministic and cannot depend on hidden tiles.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Literal, Protocol

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.bots.rollout import greedy_playout
from exact61_widgets.engine.equity.value import end_chance
from exact61_widgets.engine.errors import IllegalMoveError, SetupError
from exact61_widgets.engine.hidden import knowledge
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.playout import playout
from exact61_widgets.engine.scoring import reaches_target
from exact61_widgets.i18n import Msg

#: The value of winning the match, in raw points (far above any hand's margin).
WIN = 1000.0
#: The playouts a decision may use by default.
DEFAULT_PLAYOUTS = 600

#: How a search values a playout's end: the chance to win the match, or (the previous
#: version's, for the benchmark) the hand's points.
Evaluation = Literal["match", "points"]
EVALUATIONS: tuple[Evaluation, ...] = ("match", "points")


class Rollout(Protocol):
    """A playout to the end of the hand: the final scores; ``leads`` gets the next leader."""

    def __call__(
        self, match: Match, rng: random.Random, *, leads: list[int | None] | None = None
    ) -> tuple[int, ...]: ...


def random_rollout(
    match: Match, rng: random.Random, *, leads: list[int | None] | None = None
) -> tuple[int, ...]:
    """Uniformly random play to the end of the hand (the engine's :func:`playout`)."""
    return playout(match, rng, hands=1, leads=leads)


def greedy_rollout(
    match: Match, rng: random.Random, *, leads: list[int | None] | None = None
) -> tuple[int, ...]:
    """The greedy playout (:func:`~exact61_widgets.engine.bots.rollout.greedy_playout`)."""
    return greedy_playout(match, rng, leads=leads)


ROLLOUTS: dict[str, Rollout] = {"random": random_rollout, "greedy": greedy_rollout}


@dataclass(frozen=True)
class ActionValue:
    """What the search found for one action.

    ``value`` is the mover's side's mean chance to win the match at the playouts'
    ends (0 to 1; with ``evaluation="points"`` the previous version's mean margin in
    raw points, ±:data:`WIN` for a match won or lost); ``gain`` the immediate change
    of the mover's score; ``win`` and ``loss`` the share of playouts in which the
    match was won or lost.
    """

    action: Action
    value: float
    gain: int
    win: float
    loss: float
    playouts: int


@dataclass(frozen=True)
class SearchResult:
    """The actions ranked best first, with the effort spent finding them."""

    ranked: tuple[ActionValue, ...]
    playouts: int
    worlds: int
    seconds: float

    @property
    def best(self) -> ActionValue:
        """The best action's value."""
        return self.ranked[0]

    @property
    def playouts_per_second(self) -> float:
        """Playouts (each a trial play plus a playout to the end of the hand) per second."""
        return self.playouts / self.seconds if self.seconds > 0 else 0.0


def _check_budget(playouts: int | None, time_limit: float | None) -> None:
    if playouts is not None and (
        isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1
    ):
        raise SetupError(
            Msg(
                "a playout budget is a whole number of at least 1, not {value}",
                {"value": repr(playouts)},
            )
        )
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise SetupError(
            Msg(
                "a time limit is a positive number of seconds, not {value}",
                {"value": repr(time_limit)},
            )
        )


def _margin(final: tuple[int, ...], before: tuple[int, ...], side: int) -> tuple[float, int]:
    """The value of a playout's final scores for ``side``, and +1/-1/0 for win/loss/neither."""
    for s, score in enumerate(final):
        if reaches_target(score):
            return (WIN, 1) if s == side else (-WIN, -1)
    mine = final[side] - before[side]
    others = len(final) - 1
    theirs = sum(final[s] - before[s] for s in range(len(final)) if s != side)
    return mine - theirs / others, 0


def search(
    match: Match,
    rng: random.Random,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    time_limit: float | None = None,
    rollout: Rollout = greedy_rollout,
    evaluation: Evaluation = "match",
) -> SearchResult:
    """Rank the mover's legal actions by determinized Monte Carlo; ``match`` is unchanged.

    Stops after about ``playouts`` playouts or ``time_limit`` seconds, whichever
    comes first (at least one world is always tried). ``evaluation`` chooses the value
    of a playout's end (the module's docstring).
    """
    _check_budget(playouts, time_limit)
    start = time.perf_counter()
    actions = match.legal_actions()
    if not actions:
        raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
    me = match.to_move
    side = match.side_of(me)
    before = match.scores
    by_match = evaluation == "match"
    players = match.players
    n = len(actions)
    gains = [0] * n
    for i, action in enumerate(actions):
        if isinstance(action, Play):
            match.push(action)
            gains[i] = match.scores[side] - before[side]
            match.pop()
    totals = [0.0] * n
    wins = [0] * n
    losses = [0] * n
    worlds = 0
    done = 0
    if n > 1:
        know = knowledge(match)
        world = match.copy()
        target_worlds = max(1, playouts // n)
        deadline = None if time_limit is None else start + time_limit
        while worlds < target_worlds:
            if deadline is not None and worlds and time.perf_counter() >= deadline:
                break
            world.sample_hidden(rng, view=know)
            for i, action in enumerate(actions):
                world.push(action)
                leads: list[int | None] = []
                if world.status == PLAYING:
                    final = rollout(world, rng, leads=leads)
                else:
                    final = world.scores
                    end = world.hand_end
                    leads.append(None if end is None else end.next_leader)
                world.pop()
                value, outcome = _margin(final, before, side)
                if by_match:
                    value = end_chance(final, leads[0] if leads else None, side, players)
                totals[i] += value
                if outcome > 0:
                    wins[i] += 1
                elif outcome < 0:
                    losses[i] += 1
            worlds += 1
            done += n
    w = max(worlds, 1)
    ranked = [
        ActionValue(
            a,
            totals[i] / w if worlds else _unsearched(match, gains[i], side, by_match),
            gains[i],
            wins[i] / w,
            losses[i] / w,
            worlds,
        )
        for i, a in enumerate(actions)
    ]
    order = sorted(range(n), key=lambda i: (-ranked[i].value, -ranked[i].gain, i))
    return SearchResult(tuple(ranked[i] for i in order), done, worlds, time.perf_counter() - start)


def _unsearched(match: Match, gain: int, side: int, by_match: bool) -> float:
    """An action's value with no world tried (a single legal action): its immediate gain, in
    the search's unit (for the chance: the table's at the current scores plus the gain)."""
    if not by_match:
        return float(gain)
    scores = list(match.scores)
    scores[side] += gain
    return end_chance(scores, match.to_move, side, match.players)


def decision_rng(seed: int | str | None, match: Match) -> random.Random:
    """A generator for one decision, from the bot's seed and public facts of the position."""
    return random.Random(
        f"{seed}/{match.hand_number}/{len(match.hand_events)}/"
        f"{match.to_move}/{match.scores}/{match.layout}"
    )


class SearchBot:
    """Determinized Monte Carlo search with a playout (and optional time) budget.

    ``playouts`` caps the playouts per decision; ``time_limit`` (seconds) caps
    the time as well, which makes the choice depend on the machine's speed.
    ``rollout`` is ``"greedy"`` (each player takes the best immediate award,
    now and then a random play) or ``"random"``; ``evaluation`` is ``"match"`` (the
    chance to win the match) or ``"points"`` (the previous version's, kept for the
    strength benchmark). The statistics of every search
    are added up in :attr:`playouts`, :attr:`seconds` and
    :attr:`playouts_per_second`.
    """

    #: Always ``"search"``.
    name = "search"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float | None = None,
        rollout: str = "greedy",
        evaluation: Evaluation = "match",
    ) -> None:
        _check_budget(playouts, time_limit)
        if evaluation not in EVALUATIONS:
            raise SetupError(
                Msg(
                    "unknown evaluation {name}: choose from {names}",
                    {"name": repr(evaluation), "names": ", ".join(EVALUATIONS)},
                )
            )
        self.evaluation: Evaluation = evaluation
        if rollout not in ROLLOUTS:
            raise SetupError(
                Msg(
                    "unknown rollout {name}: choose from {names}",
                    {"name": repr(rollout), "names": ", ".join(sorted(ROLLOUTS))},
                )
            )
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.budget = playouts
        self.time_limit = time_limit
        self.rollout = rollout
        self.playouts = 0
        self.seconds = 0.0
        self.searches = 0

    @property
    def playouts_per_second(self) -> float:
        """Playouts per second over every search this bot has made."""
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    def evaluate(self, match: Match) -> SearchResult:
        """Rank the legal actions of ``match`` (the same ranking :meth:`choose` uses)."""
        result = search(
            match,
            decision_rng(self.seed, match),
            playouts=self.budget,
            time_limit=self.time_limit,
            rollout=ROLLOUTS[self.rollout],
            evaluation=self.evaluation,
        )
        if result.playouts:
            self.playouts += result.playouts
            self.seconds += result.seconds
            self.searches += 1
        return result

    def choose(self, match: Match) -> Action:
        """The legal action with the best searched value (a forced action at once)."""
        actions = match.legal_actions()
        if not actions:
            raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
        if len(actions) == 1:
            return actions[0]
        return self.evaluate(match).best.action
