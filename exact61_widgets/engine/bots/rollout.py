"""A fast greedy playout to the end of the hand: the rollout policy of the search bot.

Uniformly random playouts (:func:`~exact61_widgets.engine.playout.playout`) make
every player far weaker than a real one, so a search that trusts them
underrates how much an opponent will score from the openings a play leaves.
Here every player takes the play with the largest accepted award (R6.2, R1.4)
and, with probability ``epsilon``, a random play instead; ties are broken at
random. The loop follows the engine's rules exactly, like ``playout``, on the
same bitmask state; the tests check every step of its traces against :class:`Match`.
"""

from __future__ import annotations

import random
from typing import Final

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.playout import Trace, playout

#: The chance that a rollout player makes a random play instead of the greedy one.
EPSILON: Final = 0.1


def greedy_playout(
    match: Match,
    rng: random.Random,
    epsilon: float = EPSILON,
    trace: Trace | None = None,
    leads: list[int | None] | None = None,
) -> tuple[int, ...]:
    """Play ``match``'s hand to its end (or the match's) greedily; return the scores.

    ``match`` itself is not changed; ``trace`` collects the typed entries of
    :func:`~exact61_widgets.engine.playout.playout` (each play with the candidates
    and the greedy gain), whose loop (with ``greedy=True``) this is; ``leads`` the next
    hand's leader (see :func:`~exact61_widgets.engine.playout.playout`).
    """
    return playout(match, rng, hands=1, trace=trace, greedy=True, epsilon=epsilon, leads=leads)
