"""What a widget looks like outside a live kernel: a static SVG and a deterministic text.

Each widget's mimebundle holds ``image/svg+xml`` (its current picture),
``text/plain`` (a repr without memory addresses) and the widget view. A saved
notebook then shows a picture on GitHub, and strict nbval, which compares the
first two exactly and skips the widget view, passes run after run. SVG ids come
from :func:`id_prefix`, derived from content or a name the user gives, never
from a counter, so the same widget draws the same bytes every time.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def id_prefix(kind: str, *content: object, name: str | None = None) -> str:
    """An SVG id prefix for one widget: from ``name`` if given, else a hash of its content."""
    if name is not None:
        if not _NAME.fullmatch(name):
            from exact61_widgets.i18n import Msg
            from exact61_widgets.widgets.errors import WidgetError

            raise WidgetError(Msg("a widget name starts with a letter and holds letters, "
                                  "digits, - and _ only, not {name}", {"name": repr(name)}))
        return name
    digest = hashlib.sha1(repr((kind, *content)).encode("utf-8")).hexdigest()[:8]
    return f"e61-{kind}-{digest}"


def bundle(widget: Any, svg: str, text: str) -> dict[str, Any]:
    """The mimebundle: static SVG, plain text and (when it has one) the widget view."""
    data: dict[str, Any] = {"text/plain": text, "image/svg+xml": svg}
    if getattr(widget, "_view_name", None) is not None:
        data[WIDGET_VIEW] = {"version_major": 2, "version_minor": 0,
                             "model_id": widget.model_id}
    return data


class StaticPicture:
    """Mixin for widgets: ``__repr__`` is :meth:`plain_text`, the bundle adds :meth:`static_svg`."""

    def static_svg(self) -> str:
        """The widget's current picture as one SVG document."""
        raise NotImplementedError

    def plain_text(self) -> str:
        """A short, deterministic description (no memory address)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.plain_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return bundle(self, self.static_svg(), self.plain_text())
