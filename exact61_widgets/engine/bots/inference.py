"""What the search bot may know about hidden tiles: see :mod:`exact61_widgets.engine.hidden`.

The reading of the public history and the sampling of consistent deals belong
to the engine (``Match.sample_hidden`` uses them); this module keeps the names
the search bot and its tests import.
"""

from exact61_widgets.engine.hidden import (
    AVOIDING,
    NUMBERS_OF,
    Group,
    Knowledge,
    consistent,
    knowledge,
    sample_world,
)

__all__ = [
    "AVOIDING",
    "NUMBERS_OF",
    "Group",
    "Knowledge",
    "consistent",
    "knowledge",
    "sample_world",
]
