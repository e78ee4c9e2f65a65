"""The move line: type a move in notation or plain words, as lichess offers blind players.

A labelled text input (its label is the accessible name) whose suggestions are
the legal moves in plain words, and a button; Enter or the button reads the text
with :func:`~exact61_widgets.engine.movetext.parse_move` and hands the action to
the owning widget's own ``play`` — the path a click on the board takes — so the
rules live in one place and the play is announced in the board's ``aria-live``
line. A text that names no single legal move shows the one-line error on the
board's error line and changes nothing. The owner calls :meth:`MoveLine.refresh`
after every redraw; the suggestions are renewed when the position changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as w

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import complete, parse_move
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.guard import Guard


class MoveOwner(Protocol):
    """What the move line needs of its widget: the match, the guard and the play path."""

    @property
    def match(self) -> Match:
        """The position moves are read against (read anew each time: undo replaces it)."""

    @property
    def guard(self) -> Guard:
        """Runs callbacks, shows their error line and restores the state on a failure."""

    def play(self, action: Action) -> None:
        """Make the move, announce it and redraw (the widget's own click path)."""


class MoveLine(w.HBox):  # type: ignore[misc]
    """A text line for typing a move (``3-6 on the high 3 of 2-3``, «3-6 к тройке», ``draw``).

    ``owner`` is the widget that plays (the match table or the explorer);
    ``refuse`` (optional) says why no move may be typed now — e.g. it is a bot's
    turn, whose hand must stay hidden — or returns None. The input carries the CSS
    class ``exact61-move-line``, the button ``exact61-play-typed``.
    """

    def __init__(
        self,
        owner: MoveOwner,
        *,
        lang: str | None = None,
        refuse: Callable[[], Msg | None] | None = None,
    ) -> None:
        self.owner = owner
        self.lang = check_lang(lang)
        self.refuse = refuse
        #: What the suggestions shown were worked out for: refused, the layout, the legal moves.
        self._suggested: tuple[bool, str, tuple[Any, ...]] | None = None
        self.input = w.Combobox(
            options=(),
            ensure_option=False,
            value="",
            description=gettext("Type a move", self.lang),
            placeholder=gettext("for example: 3-6 on the 3 of 2-3, draw, pass", self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="34em"),
        )
        self.input.add_class("exact61-move-line")
        self.input.on_msg(self._on_msg)
        self.play_button = button(gettext("Play typed move", self.lang), "play-typed")
        self.play_button.on_click(lambda _button: self.enter())
        super().__init__([self.input, self.play_button])
        self.add_class("exact61-move-line-box")

    def _on_msg(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":  # Enter
            self.enter()

    def enter(self) -> bool:
        """What Enter and the button do: play the typed move; True if it was played.

        A failure shows its one line on the owner's error line and changes nothing.
        """
        return self.owner.guard.run(self.play_text, self.input.value)

    def play_text(self, text: str) -> Action:
        """Read ``text`` in the owner's position and play it; errors raise, nothing changes."""
        reason = self.refuse() if self.refuse is not None else None
        if reason is not None:
            raise WidgetError(reason)
        action = parse_move(self.owner.match, text)
        self.owner.play(action)
        self.input.value = ""
        return action

    def refresh(self) -> None:
        """Renew the suggestions: the legal moves now, in plain words (none if refused).

        They are worked out again only when the layout or the legal moves changed (or
        typing was refused or allowed since): a redraw that only picks a tile out or
        lights its places, the click a learner makes most, costs the move line nothing.
        """
        refused = self.refuse is not None and self.refuse() is not None
        match = self.owner.match
        key = (refused, str(match.layout), tuple(match.legal_actions()))
        if key == self._suggested:
            return
        self._suggested = key
        words = () if refused else tuple(c.words for c in complete(match, "", self.lang))
        if tuple(self.input.options) != words:
            self.input.options = words
