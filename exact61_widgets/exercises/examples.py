"""Examples that show the form of an answer and can never be the answer itself.

A question and its answer box say how to write an answer ("places such as
[0|6]:low"). An example written by hand may happen to be the answer, or the
most common wrong one; so the examples here are built from tiles that are on
no table and in no hand of the question: they name nothing the learner could
mean.
"""

from __future__ import annotations

from collections.abc import Iterable

from exact61_widgets.engine.tiles import TILES, Tile


def _spare(taken: Iterable[Tile], double: bool) -> Tile:
    used = set(taken)
    return next(t for t in (*TILES[::-1], *TILES) if t.is_double == double and t not in used)


def example_tile(taken: Iterable[Tile]) -> str:
    """A tile that is not a double and not in ``taken``: ``[5|6]``."""
    return str(_spare(taken, False))


def example_double(taken: Iterable[Tile]) -> str:
    """A double not in ``taken``: ``[6|6]``."""
    return str(_spare(taken, True))


def example_place(taken: Iterable[Tile]) -> str:
    """A place of a tile not in ``taken``: ``[5|6]:low``."""
    return f"{example_tile(taken)}:low"


def example_play(taken: Iterable[Tile]) -> str:
    """A play of two tiles not in ``taken``: ``[5|6]@[4|6]:high``."""
    tiles = list(taken)
    first = _spare(tiles, False)
    second = _spare([*tiles, first], False)
    return f"{first}@{second}:high"
