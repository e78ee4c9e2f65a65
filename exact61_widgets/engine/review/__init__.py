"""Review a match: every decision graded from what the mover knew, as chess and backgammon tools do.

:func:`review` takes a finished (or unfinished) :class:`~exact61_widgets.engine.match.Match`,
a game record or a saved scenario and returns a :class:`Review`: for every play
with a choice, each legal action's *fair* value, its *hindsight* value, the played
action's loss against the best and its class, and per seat and per side the mean
loss per decision, the share of best moves and the count of each class.

**What a value is.** The mover's side's (the player's, or the pair's) chance to
win the match once the hand is over: the hand's end — the scores and who leads
next — read through the match equity table (:mod:`exact61_widgets.engine.equity`),
1 for a match won at exactly 61 and 0 for one lost. So a move's loss is a share of
the match, the same unit at 0–0 and at 60–60, as GNU Backgammon grades match play.
While the match cannot end in the hand, the loss is also given in the hand's points
(the solver's value: the side's gain to the hand's end minus the best rival's), the
unit a learner counts in.

**Fair and hindsight.** The *fair* value is the mean over deals of the hidden tiles
that agree with what the mover had seen (the hand, the table, every draw and pass),
so a move is judged by what could be known when it was made; the *hindsight* value
uses the real hidden tiles (the exact solver), as bridge players compare a play with
the double-dummy result. Only the fair value grades a move.
"""

from exact61_widgets.engine.review.action_values import SAMPLES, fair_values, hindsight
from exact61_widgets.engine.review.core import grade_decisions, review
from exact61_widgets.engine.review.result import (
    ActionReview,
    Decision,
    Review,
    Summary,
    grade_name,
    percent,
    rating_name,
)
from exact61_widgets.engine.review.saved import (
    ReviewFileError,
    SavedDecision,
    SavedReview,
    is_saved_review,
    read_review,
)
from exact61_widgets.engine.review.stats import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    RATINGS,
    Estimate,
    Grade,
    rating,
)

__all__ = [
    "BLUNDER",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "RATINGS",
    "SAMPLES",
    "ActionReview",
    "Decision",
    "Estimate",
    "Grade",
    "Review",
    "ReviewFileError",
    "SavedDecision",
    "SavedReview",
    "Summary",
    "fair_values",
    "grade_decisions",
    "grade_name",
    "hindsight",
    "is_saved_review",
    "percent",
    "rating",
    "rating_name",
    "read_review",
    "review",
]
