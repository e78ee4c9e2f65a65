"""Jupyter widgets: the board, walkthroughs, hand stories, the explorer, the table, puzzles, review.

Python owns every state and draws every picture; the board (an anywidget) only
shows the SVG it is given and reports clicks and keys. Importing this package
loads ipywidgets and anywidget, which ``import exact61_widgets`` never does.
"""

from exact61_widgets.engine.advice import Advice
from exact61_widgets.engine.scenario import HandScript, SavedScenario, Scenario, ScenarioError
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.board import Board, BoardAction
from exact61_widgets.widgets.exercise import Exercise
from exact61_widgets.widgets.explorer import Export, PositionExplorer
from exact61_widgets.widgets.practice import MyProgress, Practice
from exact61_widgets.widgets.puzzle import PuzzleWidget
from exact61_widgets.widgets.review import ReviewWidget
from exact61_widgets.widgets.table import MatchTable
from exact61_widgets.widgets.walkthroughs import (
    BlockedWalkthrough,
    EndScoringWalkthrough,
    Exact61Walkthrough,
    GoingOutWalkthrough,
    HandStory,
    RoundingWalkthrough,
    SpinnerWalkthrough,
    Walkthrough,
)

__all__ = [
    "Advice",
    "BlockedWalkthrough",
    "Board",
    "BoardAction",
    "EndScoringWalkthrough",
    "Exact61Walkthrough",
    "Exercise",
    "Export",
    "GoingOutWalkthrough",
    "HandScript",
    "HandStory",
    "MatchTable",
    "MyProgress",
    "PositionExplorer",
    "Practice",
    "PuzzleWidget",
    "ReviewWidget",
    "RoundingWalkthrough",
    "SavedScenario",
    "Scenario",
    "ScenarioError",
    "SpinnerWalkthrough",
    "Walkthrough",
    "WidgetError",
]
