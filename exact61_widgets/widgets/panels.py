"""Drawing a widget's panels on its board, shared by the explorer and the match table.

Both build their pictures as a tuple of :class:`~exact61_widgets.widgets.pictures.Panel`
from their state (``_panels``); this mixin draws them in the board's theme, gives
the keyboard's labels, and makes the first panel the static picture of a saved notebook.
"""

from __future__ import annotations

from exact61_widgets.widgets.board import Board
from exact61_widgets.widgets.pictures import Panel, compose, focus_labels


class PanelsOnBoard:
    """Mixin: ``board``, ``prefix``, ``lang`` and ``_panels()`` in; pictures on the board out."""

    board: Board
    prefix: str
    lang: str

    def _panels(self) -> tuple[Panel, ...]:
        raise NotImplementedError

    def _show_panels(self, panels: tuple[Panel, ...]) -> None:
        """Draw ``panels`` in the board's theme and show them, with their focus labels."""
        picture, markup = compose(panels, self.prefix, self.lang, theme=self.board.drawn_theme)
        self.board.show(picture, markup, focus_labels(panels, self.lang))

    def static_svg(self) -> str:
        """The first panel (the table) as it is now."""
        return compose(self._panels()[:1], self.prefix, self.lang,
                       theme=self.board.drawn_theme)[0]
