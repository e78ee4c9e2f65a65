"""Puzzles: positions from self-play with one fair answer, verified by the exact solver.

``load_puzzles()`` gives the shipped set (``puzzles-v1.json``, made by
``make puzzles`` or ``python -m exact61_widgets.puzzles.mine --seed 61``); each
:class:`Puzzle` has its position (:meth:`Puzzle.match`), its answer, themes,
rating and explanation in English and Russian. :mod:`.verify` checks a
position, :mod:`.puzzle_themes` names its themes, :mod:`.rating` rates it and
:mod:`.mine` mines a new set.
"""

from exact61_widgets.puzzles.model import (
    Puzzle,
    PuzzleError,
    get_puzzle,
    load_puzzles,
    settings_of,
)
from exact61_widgets.puzzles.puzzle_themes import THEMES, theme_name

__all__ = [
    "THEMES",
    "Puzzle",
    "PuzzleError",
    "get_puzzle",
    "load_puzzles",
    "settings_of",
    "theme_name",
]
