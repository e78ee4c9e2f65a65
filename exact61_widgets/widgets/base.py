"""The base of every widget that owns a board: the board, its guard, the error line, the snapshot.

The table, the explorer, the puzzles, the review and the walkthroughs each draw
on one :class:`~exact61_widgets.widgets.board.Board` and run every callback
through one :class:`~exact61_widgets.widgets.guard.Guard`: on an exception the
state a widget names in :attr:`BoardWidget.kept` is put back as it was, the
widget redraws, and one line of error shows on the board. :class:`BoardWidget`
builds and wires the two once; each widget says only what it keeps and how it
redraws.
"""

from __future__ import annotations

from typing import Any, ClassVar

from exact61_widgets.widgets.board import Board, BoardAction
from exact61_widgets.widgets.guard import Guard


class BoardWidget:
    """Mixin: a board and a guard that shows a failed callback's error on the board's line
    and puts the state back as it was before the callback.

    A widget calls :meth:`_own_board` in its ``__init__`` once ``lang`` and ``prefix`` are set.
    """

    board: Board
    guard: Guard
    lang: str
    prefix: str
    #: The attributes a failed callback leaves as they were, in order; a dotted name reaches
    #: into an attribute (``"picker.selected"``). A value with a ``copy()`` method (a match, a
    #: list, a set) is kept as a copy, any other value as it is.
    kept: ClassVar[tuple[str, ...]] = ()

    def _own_board(self, theme: str, *, interactive: bool = False, clicks: bool = False) -> None:
        """Make the board (``interactive``: it takes the focus and keys) and the guard; the board
        redraws the widget when its theme changes and, with ``clicks``, sends its clicks and keys
        to :meth:`click` through the guard."""
        self.board = Board(lang=self.lang, name=self.prefix, theme=theme)
        self.board.interactive = interactive
        self.guard = Guard(self._show_error, self.lang, self._snapshot, self._restore)
        if clicks:
            self.board.on_action(self._guarded_click)
        self.board.on_theme(self.refresh)

    def click(self, action: BoardAction) -> None:
        """A board click or key (a widget whose board takes clicks says what it does)."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw everything from the state."""
        raise NotImplementedError

    def _restored(self) -> None:
        """After the kept state is put back: redraw (a widget may first rebuild what follows
        from it)."""
        self.refresh()

    def _guarded_click(self, action: BoardAction) -> None:
        self.guard.run(self.click, action)

    def _show_error(self, text: str) -> None:
        self.board.error = text

    def _snapshot(self) -> tuple[Any, ...]:
        return tuple(_copied(_get(self, name)) for name in self.kept)

    def _restore(self, state: Any) -> None:
        for name, value in zip(self.kept, state, strict=True):
            owner, _, attribute = name.rpartition(".")
            setattr(_get(self, owner) if owner else self, attribute, value)
        self._restored()


def _get(obj: object, dotted: str) -> Any:
    for name in dotted.split("."):
        obj = getattr(obj, name)
    return obj


def _copied(value: Any) -> Any:
    copy = getattr(value, "copy", None)
    return copy() if callable(copy) else value
