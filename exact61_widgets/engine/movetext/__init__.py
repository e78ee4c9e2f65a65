"""Moves typed as text, in notation or in plain words of either language (no UI).

One concept in two steps: :mod:`.words` reads what was typed without looking at a
position (``3-6 on the high 3 of 2-3``, «3-6 к тройке», ``пас``) into a reading, and
:mod:`.typed` finds the one legal action it means in a position, names actions in
words that read back to them, and completes what was typed so far. The move line
widget, the puzzles and the handouts use the names below.
"""

from exact61_widgets.engine.movetext.typed import (
    Completion,
    action_msg,
    action_notation,
    complete,
    describe_action,
    parse_move,
    place_msg,
    tile_words,
)
from exact61_widgets.engine.movetext.words import MoveTextError

__all__ = [
    "Completion",
    "MoveTextError",
    "action_msg",
    "action_notation",
    "complete",
    "describe_action",
    "parse_move",
    "place_msg",
    "tile_words",
]
