"""Callbacks that never lose an exception: it is shown in the widget and the state restored.

ipywidgets swallows exceptions raised in button and observer callbacks (they go
to a log the learner never sees). Every callback of this package runs through a
:class:`Guard`: on an exception the widget's state is put back as it was before
the callback and the error is shown on the widget's error line.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg

_LOG = logging.getLogger("exact61_widgets.widgets")


def error_text(error: BaseException, lang: str) -> str:
    """One line for an exception: the package's own errors translated, others named."""
    if isinstance(error, Exact61Error):
        return error.text(lang)
    return Msg(
        "unexpected error ({kind}): {text}", {"kind": type(error).__name__, "text": str(error)}
    ).text(lang)


class Guard:
    """Runs a callback; on an exception restores a snapshot and shows one line of error.

    ``show`` receives the error line ("" clears it after a callback succeeds);
    ``snapshot`` / ``restore`` capture and put back the owner's state.
    """

    def __init__(
        self,
        show: Callable[[str], None],
        lang: str,
        snapshot: Callable[[], object] = lambda: None,
        restore: Callable[[object], None] = lambda state: None,
    ) -> None:
        self._show = show
        self._lang = lang
        self._snapshot = snapshot
        self._restore = restore
        #: The last exception a callback raised (kept for tests and for the log), or None.
        self.last_error: BaseException | None = None
        self._depth = 0
        self._failed = False

    def run(self, fn: Callable[..., object], *args: Any) -> bool:
        """Call ``fn(*args)``; True if it succeeded, False if it raised (shown, state restored).

        Callbacks may run inside callbacks (a button moves a slider whose observer
        draws): only the outermost one clears the error line, and only if nothing
        inside it failed.
        """
        if self._depth == 0:
            self._failed = False
        state = self._snapshot()
        self._depth += 1
        try:
            fn(*args)
        except Exception as error:  # every failure is shown, none is lost
            self.last_error = error
            self._failed = True
            _LOG.warning("callback failed: %s", error, exc_info=error)
            try:
                self._restore(state)
            except Exception as again:  # the state is back; only redrawing it failed
                _LOG.warning("redrawing after the failure failed too: %s", again, exc_info=again)
            self._show(error_text(error, self._lang))
            return False
        finally:
            self._depth -= 1
        if self._depth == 0 and not self._failed:
            self._show("")
        return not self._failed

    def callback(self, fn: Callable[..., object]) -> Callable[..., None]:
        """A callback for ipywidgets (which passes the button or the change) that runs ``fn``."""

        def run(*_ignored: Any) -> None:
            self.run(fn)

        return run
