"""What a widget looks like outside a live kernel: static pictures and a deterministic text.

Each widget's mimebundle holds ``text/plain`` (a repr without memory addresses,
for walkthroughs followed by every step's caption), the widget view, and either
``image/svg+xml`` (its current picture) or, for widgets with steps, ``text/html``:
a strip of every step's pictures, each step with its caption, drawn at a size whose
text reads as well as on the board. A saved notebook
then shows the whole walkthrough on GitHub, and strict nbval, which compares
those outputs exactly and skips the widget view, passes run after run. SVG ids
come from :func:`id_prefix`, derived from content or a name the user gives,
never from a counter, so the same widget draws the same bytes every time.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Sequence
from typing import Any

from exact61_widgets.render.resize import shrink_svg

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
#: The width of a notebook's output area that a saved strip is drawn for, in pixels (a
#: notebook at a projector's 1366 × 768 with its side bar open).
NOTEBOOK_WIDTH = 860
#: The largest size of a picture in a strip, in pixels: a wider one is shrunk to the
#: notebook's width (none of the walkthroughs' is, by more than a few per cent), so that
#: its text reads at 11 pixels or more (``tests/test_widgets_walkthroughs.py`` measures it).
STRIP_WIDTH = NOTEBOOK_WIDTH
STRIP_HEIGHT = 900
#: Steps per row of a strip: one, its pictures side by side (wrapping at the width).
STRIP_COLUMNS = 1


def id_prefix(kind: str, *content: object, name: str | None = None) -> str:
    """An SVG id prefix for one widget: from ``name`` if given, else a hash of its content."""
    if name is not None:
        if not _NAME.fullmatch(name):
            from exact61_widgets.i18n import Msg
            from exact61_widgets.views.errors import WidgetError

            raise WidgetError(
                Msg(
                    "a widget name starts with a letter and holds letters, "
                    "digits, - and _ only, not {name}",
                    {"name": repr(name)},
                )
            )
        return name
    digest = hashlib.sha1(repr((kind, *content)).encode("utf-8")).hexdigest()[:8]
    return f"e61-{kind}-{digest}"


def bundle(widget: Any, svg: str, text: str, markup: str | None = None) -> dict[str, Any]:
    """The mimebundle: plain text, the HTML strip or else the SVG, and the widget view."""
    data: dict[str, Any] = {"text/plain": text}
    if markup is None:
        data["image/svg+xml"] = svg
    else:
        data["text/html"] = markup
    if getattr(widget, "_view_name", None) is not None:
        data[WIDGET_VIEW] = {"version_major": 2, "version_minor": 0, "model_id": widget.model_id}
    return data


def shrink(svg: str, width: int = STRIP_WIDTH, height: int = STRIP_HEIGHT) -> str:
    """The SVG sized for a saved strip (:func:`exact61_widgets.render.resize.shrink_svg`)."""
    return shrink_svg(svg, width, height)


def strip_html(title: str, intro: str, cells: Sequence[tuple[str, Sequence[str], str]]) -> str:
    """Every step at a glance: a table of steps, each with its pictures, heading and caption.

    ``cells`` are ``(heading, the step's SVGs, caption HTML)``: the pictures stand side
    by side, as on the board. ``title`` and ``heading`` are plain text, ``intro`` and
    the captions already HTML.
    """
    rows = []
    for start in range(0, len(cells), STRIP_COLUMNS):
        tds = []
        for heading, svgs, caption in cells[start : start + STRIP_COLUMNS]:
            pictures = "".join(
                '<div style="display:inline-block;vertical-align:top;margin:0 8px 8px 0">'
                f"{svg}</div>"
                for svg in svgs
            )
            tds.append(
                f'<td style="vertical-align:top;text-align:left">{pictures}'
                f"<p><b>{html.escape(heading)}</b><br>{caption}</p></td>"
            )
        rows.append(f"<tr>{''.join(tds)}</tr>")
    return (
        f'<div class="exact61-strip"><p><b>{html.escape(title)}</b>. {intro}</p>'
        f'<table class="exact61-strip-table">{"".join(rows)}</table></div>'
    )


class StaticPicture:
    """Mixin for widgets: ``__repr__`` is :meth:`plain_text`; the bundle shows the rest.

    Widgets with steps give :meth:`static_html` (every step) and a longer
    :meth:`static_text`; the others show :meth:`static_svg`.
    """

    def static_svg(self) -> str:
        """The widget's current picture as one SVG document."""
        raise NotImplementedError

    def plain_text(self) -> str:
        """A short, deterministic description (no memory address)."""
        raise NotImplementedError

    def static_html(self) -> str | None:
        """What a reader without a kernel sees instead of the picture (None: the picture)."""
        return None

    def static_text(self) -> str:
        """The bundle's plain text: :meth:`plain_text` unless a widget says more."""
        return self.plain_text()

    def __repr__(self) -> str:
        return self.plain_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        markup = self.static_html()
        svg = self.static_svg() if markup is None else ""
        return bundle(self, svg, self.static_text(), markup)
