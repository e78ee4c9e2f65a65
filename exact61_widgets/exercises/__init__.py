"""Small exercises for the tutorials: a question, the learner's answer, the engine's verdict.

The checks (:mod:`.checks`) are pure functions of a position and the learner's
text; they never hold an answer written by hand: the right answer and its
explanation are computed by the engine, in English or Russian. The widget
(:class:`Exercise`, in :mod:`.widget`) loads ipywidgets, so it is imported on
first use only.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from exact61_widgets.exercises.checks import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    ExerciseError,
    GoingOut,
    LegalAction,
    OpenPlaces,
    PlayAward,
    Result,
    Rounding,
    ScoringEnds,
    TallyPoints,
    Task,
    check_blocked_award,
    check_boneyard_size,
    check_displayed_points,
    check_going_out,
    check_legal_action,
    check_open_places,
    check_play_award,
    check_rounding,
    check_scoring_ends,
    check_tally_points,
)

_LAZY = {"Exercise": "exact61_widgets.exercises.widget"}

__all__ = [
    "BlockedAward", "BoneyardSize", "DisplayedPoints", "Exercise", "ExerciseError", "GoingOut",
    "LegalAction", "OpenPlaces", "PlayAward", "Result", "Rounding", "ScoringEnds",
    "TallyPoints", "Task", "check_blocked_award", "check_boneyard_size",
    "check_displayed_points", "check_going_out", "check_legal_action", "check_open_places",
    "check_play_award", "check_rounding", "check_scoring_ends", "check_tally_points",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
