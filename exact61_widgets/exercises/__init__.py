"""Small exercises for the tutorials: a question, the learner's answer, the engine's verdict.

Predict, then see: the checks (:mod:`.checks`) never hold an answer written by
hand — the right answer, its explanation and the hint for a known mistake are
computed by the engine, in English or Russian — and feedback on a wrong answer
does not give the answer away; the solution is shown only on request. Each
task (:mod:`.tasks`) states its answer and the texts that would give it away
(:func:`leaked_answers` finds them in a page), and saves itself as JSON
(:func:`task_from_spec`). The widget (:class:`Exercise`, in :mod:`.widget`)
loads ipywidgets, so it is imported on first use only.
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
    Mistake,
    OpenPlaces,
    PlayableTiles,
    PlayAward,
    PlayDrawPass,
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
    check_play_draw_pass,
    check_playable_tiles,
    check_rounding,
    check_scoring_ends,
    check_tally_points,
    task_from_spec,
)
from exact61_widgets.exercises.giveaways import leaked_answers

_LAZY = {"Exercise": "exact61_widgets.exercises.widget"}

__all__ = [
    "BlockedAward",
    "BoneyardSize",
    "DisplayedPoints",
    "Exercise",
    "ExerciseError",
    "GoingOut",
    "LegalAction",
    "Mistake",
    "OpenPlaces",
    "PlayAward",
    "PlayDrawPass",
    "PlayableTiles",
    "Result",
    "Rounding",
    "ScoringEnds",
    "TallyPoints",
    "Task",
    "check_blocked_award",
    "check_boneyard_size",
    "check_displayed_points",
    "check_going_out",
    "check_legal_action",
    "check_open_places",
    "check_play_award",
    "check_play_draw_pass",
    "check_playable_tiles",
    "check_rounding",
    "check_scoring_ends",
    "check_tally_points",
    "leaked_answers",
    "task_from_spec",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
