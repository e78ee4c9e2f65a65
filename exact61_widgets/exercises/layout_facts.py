"""Facts about a layout that several kinds of exercise state: joins, ends, a play, its test.

The open places, scoring ends, sums and awards all come from the engine; these
helpers only name them the way an answer names them (``[3|4]:low``, an end
double by its tile ``[1|1]``) and put the engine's tests into words.
"""

from __future__ import annotations

from exact61_widgets.engine.actions import Play, parse_action
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.exercises.verdict import ExerciseError, Misconception
from exact61_widgets.i18n import Msg

#: Shared by the kinds that ask where a tile may go: a branch named before both lines are filled.
BRANCH_TOO_EARLY = Misconception(
    "branch-too-early",
    Msg("A spinner's branches open only after both its lines are filled (R4.3)."),
)


def neighbour(table: Layout, place: Place) -> Tile | None:
    """The tile joined to ``place`` from either side: a child joined there, or the parent."""
    for link in table.connections():
        if link.parent == place:
            return link.child.tile
        if link.child == place:
            return link.parent.tile
    return None


def end_key(c: Contribution) -> str:
    """A scoring end as an answer names it: ``[3|4]:low``, or an end double's tile ``[1|1]``."""
    return str(c.tile) if c.port is None else f"{c.tile}:{c.port.notation}"


def scoring_ends(table: Layout) -> list[Contribution]:
    """The scoring ends in the order answers list them: by tile, then port."""
    return sorted(table.contributions(), key=lambda c: (c.tile.index, c.port or 0))


def play_on(layout: Layout | str, play: Play | str) -> tuple[Layout, Play]:
    """The layout after ``play``; an illegal play raises :class:`ExerciseError`."""
    table = as_layout(layout)
    action = parse_action(play) if isinstance(play, str) else play
    if not isinstance(action, Play):
        raise ExerciseError(
            Msg("{play} is not a play: write it like [1|2]@[1|4]:low", {"play": str(play)})
        )
    reason = table.why_illegal(action.tile, action.at)
    if reason is not None:
        raise ExerciseError(
            Msg(
                "{play} cannot be played on this layout: {reason}",
                {"play": str(action), "reason": reason},
            )
        )
    table.push(action.tile, action.at)
    return table, action
