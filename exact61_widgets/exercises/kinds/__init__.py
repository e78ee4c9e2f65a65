"""The kinds of exercise, one module each: its check, its misconceptions, its task, its giveaways.

Importing this package defines (and so registers) every kind, in the order the
tutorials meet them.
"""

from __future__ import annotations

from exact61_widgets.exercises.kinds.blocked_award import BlockedAward, check_blocked_award
from exact61_widgets.exercises.kinds.boneyard_size import BoneyardSize, check_boneyard_size
from exact61_widgets.exercises.kinds.displayed_points import (
    DisplayedPoints,
    check_displayed_points,
)
from exact61_widgets.exercises.kinds.going_out import GoingOut, check_going_out
from exact61_widgets.exercises.kinds.legal_action import LegalAction, check_legal_action
from exact61_widgets.exercises.kinds.open_places import OpenPlaces, check_open_places
from exact61_widgets.exercises.kinds.play_award import PlayAward, check_play_award
from exact61_widgets.exercises.kinds.play_draw_pass import PlayDrawPass, check_play_draw_pass
from exact61_widgets.exercises.kinds.playable_tiles import PlayableTiles, check_playable_tiles
from exact61_widgets.exercises.kinds.rounding import Rounding, check_rounding
from exact61_widgets.exercises.kinds.scoring_ends import ScoringEnds, check_scoring_ends
from exact61_widgets.exercises.kinds.tally_points import TallyPoints, check_tally_points
from exact61_widgets.exercises.kinds.which_mistake import (
    WhichMistake,
    check_which_mistake,
)

__all__ = [
    "BlockedAward",
    "BoneyardSize",
    "DisplayedPoints",
    "GoingOut",
    "LegalAction",
    "OpenPlaces",
    "PlayAward",
    "PlayDrawPass",
    "PlayableTiles",
    "Rounding",
    "ScoringEnds",
    "TallyPoints",
    "WhichMistake",
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
    "check_which_mistake",
]
