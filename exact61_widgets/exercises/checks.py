"""Checks of a learner's answer: the engine computes the right answer and explains it.

Each ``check_*`` function takes a position (a layout, a match, a number) and the
learner's text — ``"[1|1]:branchA, [3|4]:low"``, ``"15"``, ``"draw"`` — and
returns a :class:`Result`: whether it is right, how much of it is right, the
feedback (which never gives the right answer away) and, for the solution, the
engine's explanation of the right answer. Nothing is written by hand per
question, so an exercise can never disagree with the rules it teaches. An
answer that cannot be read gets a friendly :class:`Result` with
``malformed=True``; a question that cannot be asked raises
:class:`ExerciseError`.

The checks live by concern — :mod:`.layout_checks` (open places, ends, awards,
playable tiles), :mod:`.match_checks` (going out, a blocked hand, legal
actions), :mod:`.number_checks` (rounding, points, the tally, the boneyard) —
and the tasks that bundle them with a question in :mod:`.tasks`; this module
gathers them under one name.
"""

from __future__ import annotations

from exact61_widgets.exercises.layout_checks import (
    check_open_places,
    check_play_award,
    check_playable_tiles,
    check_scoring_ends,
)
from exact61_widgets.exercises.match_checks import (
    check_blocked_award,
    check_going_out,
    check_legal_action,
    check_play_draw_pass,
)
from exact61_widgets.exercises.number_checks import (
    check_boneyard_size,
    check_displayed_points,
    check_rounding,
    check_tally_points,
)
from exact61_widgets.exercises.result import ExerciseError, Mistake, Result
from exact61_widgets.exercises.tasks import (
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
    Task,
    task_from_spec,
)

__all__ = [
    "BlockedAward",
    "BoneyardSize",
    "DisplayedPoints",
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
    "task_from_spec",
]
