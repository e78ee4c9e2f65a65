"""The kinds of exercise, one module each: its task and check, misconceptions, giveaways.

Importing this package defines (and so registers) every kind, in the order the
tutorials meet them.
"""

from __future__ import annotations

from exact61_widgets.exercises.kinds.blocked_award import BlockedAward
from exact61_widgets.exercises.kinds.boneyard_size import BoneyardSize
from exact61_widgets.exercises.kinds.displayed_points import DisplayedPoints
from exact61_widgets.exercises.kinds.going_out import GoingOut
from exact61_widgets.exercises.kinds.legal_action import LegalAction
from exact61_widgets.exercises.kinds.open_places import OpenPlaces
from exact61_widgets.exercises.kinds.play_award import PlayAward
from exact61_widgets.exercises.kinds.play_draw_pass import PlayDrawPass
from exact61_widgets.exercises.kinds.playable_tiles import PlayableTiles
from exact61_widgets.exercises.kinds.rounding import Rounding
from exact61_widgets.exercises.kinds.scoring_ends import ScoringEnds
from exact61_widgets.exercises.kinds.tally_points import TallyPoints
from exact61_widgets.exercises.kinds.which_mistake import WhichMistake

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
]
