"""The widgets' exception: bad input to a widget, a ``ValueError`` with a one-line message."""

from __future__ import annotations

from exact61_widgets.engine.errors import Exact61Error


class WidgetError(Exact61Error):
    """A scenario, a play text or a browser message a widget cannot use; nothing changed.

    Like every error of the package it is a ``ValueError`` whose ``str`` is one
    English line; :meth:`text` gives it in Russian.
    """
