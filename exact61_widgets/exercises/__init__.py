"""Small exercises for the tutorials: a question, the learner's answer, the engine's verdict.

Predict, then see. Each kind of exercise lives in one module of
:mod:`.kinds` — its task class, whose :meth:`Task.check` is the kind's one
check (the engine computes the right answer, its explanation and the hints),
the misconceptions it recognizes and the texts that would give its answer
away. Nothing is written by hand per question, so an exercise can never
disagree with the rules it teaches; feedback on a wrong answer never gives the answer away. A task
(:class:`Task`, :mod:`.task`) saves itself as JSON (:func:`task_from_spec`);
:func:`leaked_answers` finds its giveaways in a page. The widget that asks
the question and owns what shows the answer — its *reveal*, shown only after a
right answer or on request — is :class:`~exact61_widgets.widgets.exercise.Exercise`,
beside :class:`~exact61_widgets.widgets.practice.Practice` and
:class:`~exact61_widgets.widgets.practice.MyProgress` in :mod:`exact61_widgets.widgets`:
this package holds the items and their checking and imports nothing from there
(so the engine's checks run where no widget can, the live class's server and Pyodide
among them). :func:`generate` makes a
fresh task of a kind and difficulty from a seed (:mod:`.generate`), checked by
:func:`tells_mistakes_apart` like every shipped exercise.
"""

from __future__ import annotations

from exact61_widgets.exercises.generate import (
    generate,
    generated_kinds,
    like,
    tells_mistakes_apart,
)
from exact61_widgets.exercises.giveaways import leaked_answers
from exact61_widgets.exercises.kinds import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    GoingOut,
    LegalAction,
    OpenPlaces,
    PlayableTiles,
    PlayAward,
    PlayDrawPass,
    Rounding,
    ScoringEnds,
    TallyPoints,
    WhichMistake,
)
from exact61_widgets.exercises.task import Task, task_classes, task_from_spec, task_kinds
from exact61_widgets.exercises.verdict import ExerciseError, Misconception, Mistake, Result

__all__ = [
    "BlockedAward",
    "BoneyardSize",
    "DisplayedPoints",
    "ExerciseError",
    "GoingOut",
    "LegalAction",
    "Misconception",
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
    "WhichMistake",
    "generate",
    "generated_kinds",
    "leaked_answers",
    "like",
    "task_classes",
    "task_from_spec",
    "task_kinds",
    "tells_mistakes_apart",
]
