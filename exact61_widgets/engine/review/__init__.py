"""Review a match: every decision graded from what the mover knew, as chess and backgammon tools do.

:func:`review` takes a finished (or unfinished) :class:`~exact61_widgets.engine.match.Match`,
a game record or a saved scenario and returns a :class:`Review`: for every play
with a choice, each legal action's *fair* value, its *hindsight* value, the played
action's loss against the best and its class, and per seat and per side the mean
loss per decision, the share of best moves and the count of each class.

**What a value is.** As the solver's (README, "Puzzles and the solver"): for the
mover's side (the player, or the pair), its gain in raw points from this decision
to the end of the hand minus the largest gain of another side, with a match won at
exactly 61 worth :data:`~exact61_widgets.engine.solve.WIN` (10 000) and a match
lost ``-WIN``. Why: a hand is scored for each side separately, so what a move is
worth is how far it moves its side ahead of the best rival by the hand's end; the
match itself is decided only by exactly 61, which outweighs any hand's points.

**Fair and hindsight.** The *fair* value is the mean over deals of the hidden tiles
that agree with what the mover had seen (the hand, the table, every draw and pass),
so a move is judged by what could be known when it was made; the *hindsight* value
uses the real hidden tiles (the exact solver), as bridge players compare a play with
the double-dummy result. Only the fair value grades a move.
"""

from exact61_widgets.engine.review.core import grade_decisions, review
from exact61_widgets.engine.review.result import (
    ActionReview,
    Decision,
    Review,
    Summary,
    grade_name,
)
from exact61_widgets.engine.review.stats import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    Estimate,
    Grade,
)
from exact61_widgets.engine.review.values import SAMPLES, fair_values, hindsight

__all__ = [
    "BLUNDER",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "SAMPLES",
    "ActionReview",
    "Decision",
    "Estimate",
    "Grade",
    "Review",
    "Summary",
    "fair_values",
    "grade_decisions",
    "grade_name",
    "hindsight",
    "review",
]
