"""The original rules' eleven diagrams: their layouts in order, their three groups, the nine plays.

The original rules (written in Russian) explain scoring with eleven diagrams, in
three groups. Notebook 04 draws them, and ``docs/diagrams.md`` (written by
``authoring/diagrams.py``) shows them with their texts in both languages. Each
diagram is the layout just after its play, in notation; :func:`describe` and
:func:`caption` of that layout are its texts, the Russian ones word for word the
original's. The last layout of the first group was built by nine plays, eight of
which are diagrams of their own: the nine plays notebook 04 steps through.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from exact61_widgets.engine.layout import Layout

#: The eleven layouts, each just after its diagram's play, in the original's order.
DIAGRAMS: Final[tuple[str, ...]] = (
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB",
    "[2|2]",
    "[1|4]",
    "[1|4] [1|1]@[1|4]:low",
    "[3|6] [6|6]@[3|6]:high",
    "[0|0]",
)


@dataclass(frozen=True)
class DiagramGroup:
    """One of the original's groups of diagrams: its key (an anchor) and its diagrams'
    numbers, counted from 1."""

    key: str
    numbers: tuple[int, ...]


#: The original's three groups: opening a spinner's branches, doubles at the end and
#: inside the layout, from the sum of the ends to points.
GROUPS: Final[tuple[DiagramGroup, ...]] = (
    DiagramGroup("branches", (1, 2, 3, 4)),
    DiagramGroup("doubles", (5, 6, 7)),
    DiagramGroup("points", (8, 9, 10, 11)),
)

#: The nine plays: the layout of diagram 4, built play by play.
NINE_PLAYS: Final[str] = DIAGRAMS[3]


def diagram(number: int) -> str:
    """The layout of diagram ``number`` (1 to 11)."""
    if not 1 <= number <= len(DIAGRAMS):
        raise ValueError(f"the original rules have diagrams 1 to {len(DIAGRAMS)}, not {number}")
    return DIAGRAMS[number - 1]


def nine_plays() -> list[tuple[str, int | None]]:
    """Each of the nine plays in notation, with the number of the diagram that shows the
    layout right after it (None for the one play that has no diagram of its own)."""
    placements = NINE_PLAYS.split(" ")
    found = []
    for count in range(1, len(placements) + 1):
        after = str(Layout.parse(" ".join(placements[:count])))
        number = next((i for i, d in enumerate(DIAGRAMS, 1) if str(Layout.parse(d)) == after), None)
        found.append((placements[count - 1], number))
    return found
