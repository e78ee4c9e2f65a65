"""The engine's exceptions: all ``ValueError`` with a one-line, translatable message."""

from __future__ import annotations

from exact61_widgets.i18n import Msg


class Exact61Error(ValueError):
    """Base of every error the package raises for bad input or an illegal action.

    ``str(error)`` is the English line; :meth:`text` gives it in another language.
    """

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(message.text("en"))

    def text(self, lang: str | None = None) -> str:
        """The error message in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.message.text(lang)


class NotationError(Exact61Error):
    """Text that is not a valid tile, place, port or layout.

    The notation: :ref:`formats page, §1 Notation <formats-1>`.
    """


class IllegalMoveError(Exact61Error):
    """An action the rules do not allow in the current position; nothing changed."""


class SetupError(Exact61Error):
    """An impossible explicit position: tiles missing or repeated, bad scores, seats."""


class RecordError(Exact61Error):
    """A game record that is malformed or breaks a rule, with hand and action numbers."""

    def __init__(self, message: Msg, hand: int | None = None, action: int | None = None) -> None:
        self.hand = hand
        self.action = action
        if hand is not None and action is not None:
            message = Msg(
                "hand {hand}, action {action}: {reason}",
                {"hand": hand, "action": action, "reason": message},
            )
        elif hand is not None:
            message = Msg("hand {hand}: {reason}", {"hand": hand, "reason": message})
        super().__init__(message)
