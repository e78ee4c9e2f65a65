"""The six walkthroughs (spinners, end scoring, rounding, going out, blocked hands, exact 61)
and the hand stories."""

from exact61_widgets.widgets.walkthroughs.base import Step, Walkthrough
from exact61_widgets.widgets.walkthroughs.blocked import BlockedWalkthrough
from exact61_widgets.widgets.walkthroughs.exact61 import Exact61Walkthrough
from exact61_widgets.widgets.walkthroughs.going_out import GoingOutWalkthrough
from exact61_widgets.widgets.walkthroughs.rounding import RoundingWalkthrough
from exact61_widgets.widgets.walkthroughs.scoring import EndScoringWalkthrough
from exact61_widgets.widgets.walkthroughs.spinner import SpinnerWalkthrough
from exact61_widgets.widgets.walkthroughs.story import HandStory

__all__ = [
    "BlockedWalkthrough",
    "EndScoringWalkthrough",
    "Exact61Walkthrough",
    "GoingOutWalkthrough",
    "HandStory",
    "RoundingWalkthrough",
    "SpinnerWalkthrough",
    "Step",
    "Walkthrough",
]
