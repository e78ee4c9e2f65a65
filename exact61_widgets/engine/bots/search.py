"""``search``: determinized Monte Carlo search under hidden information.

For each decision the bot deals the unseen tiles many times, each time
consistently with what the table and the history showed (:mod:`~exact61_widgets.engine.hidden`,
:meth:`Match.sample_hidden <exact61_widgets.engine.match.Match.sample_hidden>`),
and in every such *world* tries each legal play followed by a fast playout to
the end of the hand. A play is worth the mover's side's gain minus the
opponents' average gain; reaching exactly 61 is worth :data:`WIN` and an
opponent reaching it costs as much. The engine already gives an overshooting
award nothing (R1.4), so the search learns the exact-61 rule from the results:
it avoids overshoots and values plays that set up an exact finish.

Every candidate sees the same worlds (common random numbers), so their
differences are measured with little noise. The generator of each decision is
seeded from the bot's seed and the public position only, so the choice is
deterministic and cannot depend on hidden tiles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.bots.rollout import greedy_playout
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

Rollout = Callable[[Match, random.Random], tuple[int, ...]]


def random_rollout(match: Match, rng: random.Random) -> tuple[int, ...]:
    """Uniformly random play to the end of the hand (the engine's :func:`playout`)."""
    return playout(match, rng, hands=1)


ROLLOUTS: dict[str, Rollout] = {"random": random_rollout, "greedy": greedy_playout}


@dataclass(frozen=True)
class ActionValue:
    """What the search found for one action.

    ``value`` is the mean margin in raw points (mover's side gain minus the
    opponents' mean gain to the end of the hand, ±:data:`WIN` for a match won or
    lost); ``gain`` the immediate change of the mover's score; ``win`` and
    ``loss`` the share of playouts in which the match was won or lost.
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
    rollout: Rollout = greedy_playout,
) -> SearchResult:
    """Rank the mover's legal actions by determinized Monte Carlo; ``match`` is unchanged.

    Stops after about ``playouts`` playouts or ``time_limit`` seconds, whichever
    comes first (at least one world is always tried).
    """
    _check_budget(playouts, time_limit)
    start = time.perf_counter()
    actions = match.legal_actions()
    if not actions:
        raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
    me = match.to_move
    side = match.side_of(me)
    before = match.scores
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
                final = rollout(world, rng) if world.status == PLAYING else world.scores
                world.pop()
                value, outcome = _margin(final, before, side)
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
            totals[i] / w if worlds else float(gains[i]),
            gains[i],
            wins[i] / w,
            losses[i] / w,
            worlds,
        )
        for i, a in enumerate(actions)
    ]
    order = sorted(range(n), key=lambda i: (-ranked[i].value, -ranked[i].gain, i))
    return SearchResult(tuple(ranked[i] for i in order), done, worlds, time.perf_counter() - start)


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
    now and then a random play) or ``"random"``. The statistics of every search
    are added up in :attr:`playouts`, :attr:`seconds` and
    :attr:`playouts_per_second`.
    """

    name = "search"

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float | None = None,
        rollout: str = "greedy",
    ) -> None:
        _check_budget(playouts, time_limit)
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
