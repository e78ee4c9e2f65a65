"""The board: an anywidget that shows the SVG Python sends and reports clicks and keys.

Python owns all state and draws every picture; the browser side
(``static/board.js``) only shows the markup of the ``svg`` trait and sends what was
clicked or activated with the keyboard. It shows a new picture by replacing the parts
whose markup changed (a seat, the layout's places, a line of the side column) and
keeping the others as they are, so what is shown is always exactly Python's markup. So a click is
answered by one small message each way, and the view is testable: the
container has the class ``exact61-board``, the picture ``exact61-board-picture``,
the live line (``aria-live``) ``exact61-board-live`` and the error line
``exact61-board-error``.

Messages from the browser (``model.send``) are one of::

    {"type": "click", "place": "[4|4]:branchA"}      an open place clicked
    {"type": "click", "tile": "[4|5]"}               a tile (hand or table) clicked
    {"type": "key", "key": "Enter", "place": "…"}    Enter/Space on a focused place
    {"type": "key", "key": "Enter", "tile": "…"}     … or on a focused tile
    {"type": "key", "key": "Escape"}                 drop the chosen tile

Moving the focus is the browser's alone (no message). A board you can act on
(``interactive``) is one Tab stop (roving tabindex): the browser gives its items, the
open places and hand tiles that :data:`FOCUSABLE` selects, the role ``button`` and the
name Python sent in ``labels``, and tabindex 0 to one of them, -1 to the rest. The arrow
keys move between them in reading order (panel after panel, top to bottom, left to
right), Home and End jump to the first and last, Enter or Space chooses, Escape cancels.
The container is then a labelled composite (role ``application``, named by ``label`` and
described by ``instructions``) and every SVG holding items a ``group`` named by its
``<title>``; a board you only look at is a ``group`` of pictures that keep ``role="img"``.

The browser also reports the page's theme in the ``page_theme`` trait (JupyterLab
and Notebook 7 say it on ``<body data-jp-theme-light>``, VS Code with a ``vscode-dark``
class), so with ``theme="auto"`` the owner redraws its pictures in the dark palette
when the page turns dark. A notebook run without a browser draws them light. The browser
knows ``theme`` too: it outlines the focused item in a colour that stands out on the
palette drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

import anywidget
import traitlets

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import Tile, parse_tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.guard import error_text
from exact61_widgets.widgets.mimebundle import StaticPicture

#: What the keyboard can reach: open-place dots and the tiles of a hand (``exact61-hand``).
FOCUSABLE = ".exact61-layout [data-place]:not(.closed), .exact61-hand [data-tile]"

#: The smallest and largest ``zoom`` of a board's pictures.
ZOOM_RANGE = (0.25, 4.0)

#: What ``theme`` may be: follow the page, or always one palette of the renderer.
THEME_CHOICES = ("auto", "light", "dark")


def check_theme(theme: object) -> str:
    """``theme`` if it is one of :data:`THEME_CHOICES`; anything else raises WidgetError."""
    if theme not in THEME_CHOICES:
        raise WidgetError(
            Msg(
                "unknown board theme {theme}: use 'auto', 'light' or 'dark'", {"theme": repr(theme)}
            )
        )
    return str(theme)


def static_text(name: str) -> str:
    """A file of ``widgets/static`` (shipped as package data)."""
    folder = resources.files("exact61_widgets.widgets").joinpath("static")
    return folder.joinpath(name).read_text("utf-8")


@dataclass(frozen=True)
class BoardAction:
    """One message from the browser, checked: a click or a key on a place or a tile."""

    #: ``click`` or ``key``.
    kind: Literal["click", "key"]
    #: The place clicked or chosen, if any.
    place: Place | None = None
    #: The tile clicked or chosen, if any.
    tile: Tile | None = None
    #: The key pressed, for a key.
    key: str | None = None

    @property
    def activates(self) -> bool:
        """Whether it means "use this": a click, or Enter on a place or tile."""
        return self.kind == "click" or (
            self.key == "Enter" and (self.place is not None or self.tile is not None)
        )


def parse_message(content: object) -> BoardAction:
    """Check a browser message (see the module doc); a bad one raises :class:`WidgetError`."""
    if not isinstance(content, Mapping):
        raise WidgetError(
            Msg("the board sent {content}, not a message", {"content": repr(content)})
        )
    kind = content.get("type")
    if kind not in ("click", "key"):
        raise WidgetError(
            Msg("the board sent an unknown message type {kind}", {"kind": repr(kind)})
        )
    key = content.get("key")
    if kind == "key" and key not in ("Enter", "Escape"):
        raise WidgetError(Msg("the board sent an unknown key {key}", {"key": repr(key)}))
    place_text, tile_text = content.get("place"), content.get("tile")
    place = Place.parse(place_text) if isinstance(place_text, str) else None
    tile = parse_tile(tile_text) if isinstance(tile_text, str) else None
    if kind == "click" and (place is None) == (tile is None):
        raise WidgetError(Msg("a click names one place or one tile"))
    return BoardAction(kind, place, tile, key if kind == "key" else None)


class Board(StaticPicture, anywidget.AnyWidget):  # type: ignore[misc]
    """Shows SVG markup from Python; reports clicks and keys to :meth:`on_action` callbacks.

    ``svg`` is the markup shown (one or more SVGs, wrapped by the owner), ``picture``
    the single SVG a saved notebook shows; ``announcement`` is read out by screen
    readers after each change (``aria-live``); ``error`` is the error line.
    ``theme`` (``"auto"``, ``"light"``, ``"dark"``) chooses the palette the owner
    draws with; ``"auto"`` follows ``page_theme``, which the browser reports.
    ``zoom`` scales the pictures in the browser alone (CSS ``zoom``, 0.25 to 4), so a
    slider linked to it with ``ipywidgets.jslink`` resizes a board without Python.
    ``label`` names the board and ``instructions`` tells screen-reader users its keys.

    >>> board = Board(lang="ru")
    >>> board.label, board.theme
    ('Стол с выкладкой', 'auto')
    """

    _esm = static_text("board.js")
    _css = static_text("board.css")

    #: The markup shown: one or more SVG pictures, wrapped by the widget that owns the board.
    svg = traitlets.Unicode("").tag(sync=True)
    #: What screen readers read out after each change (an ``aria-live`` region).
    announcement = traitlets.Unicode("").tag(sync=True)
    #: The error line under the picture (empty when there is none).
    error = traitlets.Unicode("").tag(sync=True)
    #: The board's accessible name ("Domino table" in the widget's language by default).
    label = traitlets.Unicode("").tag(sync=True)
    #: How to use the board from the keyboard, for screen-reader users.
    instructions = traitlets.Unicode("").tag(sync=True)
    #: The CSS selector of the parts of the picture that take the focus in turn (arrow keys).
    focusable = traitlets.Unicode(FOCUSABLE).tag(sync=True)
    #: The spoken label of each focusable part, by its id.
    labels = traitlets.Dict().tag(sync=True)
    #: Whether the board takes clicks and keys (False: a picture only).
    interactive = traitlets.Bool(False).tag(sync=True)
    #: The page's theme as the browser reports it: ``"light"`` or ``"dark"``.
    page_theme = traitlets.Unicode("light").tag(sync=True)
    #: The palette the owner draws with: ``"auto"`` (follows ``page_theme``), ``"light"`` or
    #: ``"dark"``.
    theme = traitlets.Unicode("auto").tag(sync=True)
    #: The pictures' scale in the browser alone (CSS ``zoom``, 0.25 to 4).
    zoom = traitlets.Float(1.0).tag(sync=True)

    def __init__(
        self, *, lang: str | None = None, name: str = "board", theme: str = "auto", **kwargs: Any
    ) -> None:
        kwargs.setdefault("label", gettext("Domino table", lang))
        kwargs.setdefault(
            "instructions",
            gettext(
                "Arrow keys move between the open places and the tiles, Home and End jump to "
                "the first and the last, Enter or Space chooses, Escape puts a chosen tile "
                "back.",
                lang,
            ),
        )
        super().__init__(theme=check_theme(theme), **kwargs)
        self.lang = check_lang(lang)
        self.name = name
        self.picture = ""
        self._callbacks: list[Callable[[BoardAction], None]] = []
        self._theme_callbacks: list[Callable[[], None]] = []
        self._drawn_theme = self.drawn_theme
        self.on_msg(self._on_custom)
        self.observe(self._on_theme, names=["theme", "page_theme"])

    @traitlets.validate("theme")
    def _valid_theme(self, proposal: Any) -> str:
        return check_theme(proposal["value"])

    @traitlets.validate("zoom")
    def _valid_zoom(self, proposal: Any) -> float:
        zoom = proposal["value"]
        if not ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1]:
            raise WidgetError(
                Msg(
                    "a board's zoom is a number from {low} to {high}, not {zoom}",
                    {"low": ZOOM_RANGE[0], "high": ZOOM_RANGE[1], "zoom": repr(zoom)},
                )
            )
        return float(zoom)

    @traitlets.validate("page_theme")
    def _valid_page_theme(self, proposal: Any) -> str:
        # Only the browser writes it; anything but "dark" is drawn light.
        return "dark" if proposal["value"] == "dark" else "light"

    @property
    def drawn_theme(self) -> str:
        """The renderer's palette for this board now: ``"light"`` or ``"dark"``."""
        return self.page_theme if self.theme == "auto" else self.theme

    def on_theme(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever :attr:`drawn_theme` changes (the owner redraws)."""
        self._theme_callbacks.append(callback)

    def _on_theme(self, _change: object) -> None:
        if self.drawn_theme == self._drawn_theme:
            return
        self._drawn_theme = self.drawn_theme
        for callback in list(self._theme_callbacks):
            self._call(callback)

    def _call(self, callback: Callable[..., None], *args: object) -> bool:
        """Run an owner's callback; a failure is shown on the error line, never raised."""
        try:
            callback(*args)
        except Exception as err:  # shown on the board, never lost
            self.error = error_text(err, self.lang)
            return False
        return True

    def show(
        self, picture: str, markup: str | None = None, labels: Mapping[str, str] | None = None
    ) -> None:
        """Show a new picture: ``markup`` (default: the picture itself) in the browser."""
        self.picture = picture
        with self.hold_sync():
            if labels is not None:
                self.labels = dict(labels)
            self.svg = picture if markup is None else markup

    def on_action(self, callback: Callable[[BoardAction], None]) -> None:
        """Call ``callback(action)`` for every checked click or key from the browser."""
        self._callbacks.append(callback)

    def _on_custom(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)

    def receive(self, content: object) -> BoardAction | None:
        """Handle one browser message as the JS sends it (tests call this directly).

        A bad message or a failing callback is shown on the error line, never raised.
        """
        try:
            action = parse_message(content)
        except Exact61Error as err:
            self.error = error_text(err, self.lang)
            return None
        for callback in list(self._callbacks):
            if not self._call(callback, action):
                break
        return action

    def static_svg(self) -> str:
        """The picture shown now."""
        return self.picture

    def plain_text(self) -> str:
        """``Board('name')`` — no memory address, so saved outputs do not change."""
        return f"Board({self.name!r})"
