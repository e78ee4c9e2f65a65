"""From clicks to a play: choose a tile (from the hand), then a place — or just a place.

Pure logic, no widgets: the board reports what was clicked and :class:`PlayPicker`
answers with the play to make or a sentence to announce (a selection, a hint, or
why the click is refused). Nothing here changes the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.ports import DOUBLE_PORTS, SINGLE_PORTS, Place, Port
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg

Why = Callable[[Play], Msg | None]
"""Why a play is illegal now (None if it is legal): ``Match.why_illegal`` or the layout's."""


@dataclass(frozen=True)
class Outcome:
    """What a click means: a ``play`` to make, or a ``message`` (``refused`` if it is a no)."""

    play: Play | None = None
    message: Msg | None = None
    refused: bool = False


def _join(items: Sequence[object]) -> str:
    return ", ".join(str(i) for i in items)


class PlayPicker:
    """Remembers the chosen tile between clicks and resolves each click to an :class:`Outcome`.

    ``tiles`` are the tiles the player may use (the mover's hand, or every tile
    off the table for free play); ``why`` says why a play is illegal.
    """

    def __init__(self) -> None:
        self.selected: Tile | None = None

    def clear(self) -> None:
        """Forget the chosen tile."""
        self.selected = None

    def escape(self) -> Outcome:
        """Escape on the board: put the chosen tile back, and say so (nothing if none was)."""
        chosen, self.selected = self.selected, None
        if chosen is None:
            return Outcome()
        return Outcome(message=Msg("{tile} put back", {"tile": str(chosen)}))

    def targets(self, layout: Layout, why: Why) -> tuple[str, ...]:
        """The open places where the chosen tile may go now (to highlight them)."""
        chosen = self.selected
        if chosen is None or not layout:
            return ()
        return tuple(str(p) for p in layout.open_places() if why(Play(chosen, p)) is None)

    def chosen(self) -> tuple[str, ...]:
        """The chosen tile as a highlight list (empty if none)."""
        return () if self.selected is None else (str(self.selected),)

    def click(
        self,
        place: Place | None,
        tile: Tile | None,
        *,
        tiles: Sequence[Tile],
        layout: Layout,
        why: Why,
    ) -> Outcome:
        """A click on a place or (if ``place`` is None) on a tile."""
        if place is not None:
            return self.click_place(place, tiles=tiles, layout=layout, why=why)
        assert tile is not None
        return self.click_tile(tile, tiles=tiles, layout=layout, why=why)

    def click_tile(self, tile: Tile, *, tiles: Sequence[Tile], layout: Layout, why: Why) -> Outcome:
        """A tile was clicked: choose or drop a hand tile, or aim at a tile on the table."""
        if tile in tiles:
            if self.selected is tile:
                self.selected = None
                return Outcome(message=Msg("{tile} put back", {"tile": str(tile)}))
            if not layout:
                play = Play(tile, None)
                reason = why(play)
                if reason is None:
                    self.selected = None
                    return Outcome(play=play)
                return Outcome(message=reason, refused=True)
            self.selected = tile
            places = [p for p in layout.open_places() if why(Play(tile, p)) is None]
            if places:
                return Outcome(
                    message=Msg(
                        "{tile} chosen: now choose a place ({places})",
                        {"tile": str(tile), "places": _join(places)},
                    )
                )
            return Outcome(
                message=Msg("{tile} chosen, but it fits no open place now", {"tile": str(tile)})
            )
        if tile in layout:
            return self._aim_at(tile, tiles=tiles, layout=layout, why=why)
        return Outcome(
            message=Msg("{tile} is not one of the tiles you can play now", {"tile": str(tile)}),
            refused=True,
        )

    def _aim_at(self, anchor: Tile, *, tiles: Sequence[Tile], layout: Layout, why: Why) -> Outcome:
        """A tile on the table was clicked with a tile chosen: join it there if one place fits."""
        chosen = self.selected
        if chosen is None:
            return Outcome(message=Msg("choose a tile first, then a place"))
        ports = DOUBLE_PORTS if anchor.is_double else SINGLE_PORTS
        places = [Place(anchor, port) for port in ports]
        fitting = [p for p in places if layout.is_open(p) and why(Play(chosen, p)) is None]
        if len(fitting) == 1:
            self.selected = None
            return Outcome(play=Play(chosen, fitting[0]))
        if fitting:
            return Outcome(
                message=Msg(
                    "{tile} fits {anchor} at {places}: click the place",
                    {"tile": str(chosen), "anchor": str(anchor), "places": _join(fitting)},
                )
            )
        return Outcome(message=self._why_not(chosen, anchor, places, layout, why), refused=True)

    @staticmethod
    def _why_not(chosen: Tile, anchor: Tile, places: list[Place], layout: Layout, why: Why) -> Msg:
        """The most telling reason why ``chosen`` joins ``anchor`` nowhere."""
        branch = Place(anchor, Port.BRANCH_A)
        if anchor.is_double and chosen.has(anchor.low) and not layout.is_open(branch):
            reason = why(Play(chosen, branch))
            if reason is not None and layout.why_illegal(chosen, branch) is not None:
                return reason
        open_places = [p for p in places if layout.is_open(p)]
        target = open_places[0] if open_places else places[0]
        return why(Play(chosen, target)) or Msg(
            "{tile} fits no place of {anchor}", {"tile": str(chosen), "anchor": str(anchor)}
        )

    def click_place(
        self, place: Place, *, tiles: Sequence[Tile], layout: Layout, why: Why
    ) -> Outcome:
        """An open place was clicked: play the chosen tile there, or the one tile that fits."""
        chosen = self.selected
        if chosen is not None:
            play = Play(chosen, place)
            reason = why(play)
            if reason is not None:
                return Outcome(message=reason, refused=True)
            self.selected = None
            return Outcome(play=play)
        fitting = [t for t in tiles if why(Play(t, place)) is None]
        if len(fitting) == 1:
            return Outcome(play=Play(fitting[0], place))
        if fitting:
            return Outcome(
                message=Msg(
                    "several tiles fit {place}: {tiles}; choose a tile first",
                    {"place": str(place), "tiles": _join(fitting)},
                )
            )
        showing = [t for t in tiles if t.has(place.number)]
        if showing:
            reason = why(Play(showing[0], place))
            if reason is not None:
                return Outcome(message=reason, refused=True)
        return Outcome(
            message=Msg(
                "no tile you can play fits {place}: it needs a {number}",
                {"place": str(place), "number": place.number},
            ),
            refused=True,
        )
