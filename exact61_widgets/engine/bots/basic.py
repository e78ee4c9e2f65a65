"""The simple bots: ``random`` (any legal action) and ``greedy`` (the best immediate gain)."""

from __future__ import annotations

import random

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.errors import IllegalMoveError
from exact61_widgets.engine.match import Match
from exact61_widgets.i18n import Msg


def _actions(match: Match) -> list[Action]:
    actions = match.legal_actions()
    if not actions:
        raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
    return actions


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    #: Always ``"random"``.
    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        """A uniformly random legal action."""
        actions = _actions(match)
        return actions[self.rng.randrange(len(actions))]


def immediate_gain(match: Match, play: Play) -> int:
    """How much the mover's side score changes if ``play`` is made now.

    Awards the target check rejects (R1.4) gain nothing; a going-out play gains
    its whole settlement (R7.4), which a partner's deduction can make negative.
    """
    side = match.side_of(match.to_move)
    before = match.scores[side]
    match.push(play)
    after = match.scores[side]
    match.pop()
    return after - before


class GreedyBot:
    """Plays the largest accepted immediate gain; ties go to the first play in order."""

    #: Always ``"greedy"``.
    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        """The legal play with the largest :func:`immediate_gain` (draw/pass if forced)."""
        actions = _actions(match)
        if not isinstance(actions[0], Play):
            return actions[0]
        best: Action = actions[0]
        best_gain = None
        for action in actions:
            assert isinstance(action, Play)
            gain = immediate_gain(match, action)
            if best_gain is None or gain > best_gain:
                best, best_gain = action, gain
        return best
