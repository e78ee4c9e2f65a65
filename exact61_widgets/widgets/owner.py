"""A widget that takes plays on its board: the explorer, the puzzles and the match table.

Each lets the player choose a tile of the hand, then a place: :class:`BoardOwner` turns
the clicks into plays, and each widget says only whose tiles a click may choose now
(``_clickable_tiles``). The explorer and the puzzles build their pictures as a tuple of
:class:`~exact61_widgets.widgets.figures.Figure` from their state (``_panels``), drawn
here in the board's theme (the first one is the static picture of a saved notebook); the
match table draws its one table picture, which says what its keyboard reaches.
"""

from __future__ import annotations

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.views.picker import PlayPicker
from exact61_widgets.widgets.base import BoardWidget
from exact61_widgets.widgets.board import BoardAction
from exact61_widgets.widgets.figures import Figure, compose, focus_labels


class BoardOwner(BoardWidget):
    """Mixin: a board, a match and a picker in; pictures on the board and plays out."""

    match: Match
    picker: PlayPicker

    def _panels(self) -> tuple[Figure, ...]:
        raise NotImplementedError

    def play(self, action: Play) -> None:
        """Make a play chosen on the board."""
        raise NotImplementedError

    def _clickable_tiles(self) -> list[Tile] | None:
        """The tiles a click may choose now, or None once the board says why there are none."""
        raise NotImplementedError

    def _show_panels(self, panels: tuple[Figure, ...]) -> None:
        """Draw ``panels`` in the board's theme and show them, with their focus labels."""
        picture, markup = compose(panels, self.prefix, self.lang, theme=self.board.drawn_theme)
        self.board.show(picture, markup, focus_labels(panels, self.lang))

    def static_svg(self) -> str:
        """The first panel (the table) as it is now."""
        return compose(self._panels()[:1], self.prefix, self.lang, theme=self.board.drawn_theme)[0]

    def click(self, action: BoardAction) -> None:
        """A board click or key (see :mod:`.board`): a tile of the hand, then a place."""
        if action.key == "Escape":
            dropped = self.picker.escape()
            self.refresh()
            if dropped.message is not None:  # heard on the live line, as a click would be
                self.board.announcement = dropped.message.text(self.lang)
            return
        if not action.activates:
            return
        tiles = self._clickable_tiles()
        if tiles is None:
            return
        match = self.match
        outcome = self.picker.click(
            action.place, action.tile, tiles=tiles, layout=match.layout, why=match.why_illegal
        )
        if outcome.play is not None:
            self.play(outcome.play)
            return
        self.refresh()
        if outcome.message is not None:
            self.board.announcement = outcome.message.text(self.lang)
