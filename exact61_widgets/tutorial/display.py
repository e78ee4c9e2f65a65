"""The notebook's language, pictures shown with the text that stands for them, folded texts."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any, Final

from exact61_widgets.engine.review.result import aligned_table
from exact61_widgets.i18n import Lang, gettext, set_language

_TITLE_DESC: Final = re.compile(r"<(title|desc)\b(?:[^>]*[^/>])?>(.*?)</\1>", re.S)


def setup(lang: str) -> Lang:
    """Make ``lang`` the language of every widget, picture and explanation of the notebook."""
    return set_language(lang)


def alt_text(svg: str) -> str:
    """The text that stands for an SVG picture: its first title, then its first description."""
    found: dict[str, str] = {}
    for kind, text in _TITLE_DESC.findall(svg):
        found.setdefault(kind, html.unescape(text).strip())
    title, desc = found.get("title", ""), found.get("desc", "")
    if not desc or desc.startswith(title):
        return desc or title
    if not title:
        return desc
    return f"{title}. {desc}"


def show(picture: object, caption: str | None = None) -> None:
    """Show an SVG picture (a string or anything whose ``str`` is SVG) with its text beside it.

    ``caption``, if given, is shown as plain text right under the picture: unlike a
    ``print`` after it, it keeps its place when the notebook's outputs are saved (the
    saved streams of a cell are merged into one).
    """
    from IPython.display import display

    svg = str(picture)
    bundle: dict[str, Any] = {"image/svg+xml": svg, "text/plain": alt_text(svg)}
    display(bundle, raw=True)  # type: ignore[no-untyped-call]
    if caption is not None:
        display({"text/plain": caption}, raw=True)  # type: ignore[no-untyped-call]


def show_folded(text: str, summary: str | None = None) -> None:
    """Show ``text`` folded away under ``summary`` (default: "Solution").

    What a page asks the reader to predict first — a program's verdict printed by a
    cell — stays closed until the reader opens it, in a saved notebook too; a
    frontend without HTML shows only the summary.
    """
    from IPython.display import display

    head = summary if summary is not None else gettext("Solution")
    markup = (
        f'<details class="exact61-folded"><summary>{html.escape(head)}</summary>'
        f"<pre>{html.escape(text)}</pre></details>"
    )
    display({"text/html": markup, "text/plain": head}, raw=True)  # type: ignore[no-untyped-call]


def show_curious(text: str) -> None:
    """Show ``text`` folded away under "For the curious".

    The later notebooks say a thing in plain words first; the numbers behind it (a
    program's values, intervals, a whole summary table) are there for whoever wants them,
    closed until opened.
    """
    show_folded(text, gettext("For the curious"))


def table_text(rows: Sequence[Sequence[str]], columns: Sequence[int] | None = None) -> str:
    """``rows`` (the first one the heading) as plain text in aligned columns; ``columns``
    keeps only those, in that order.

    >>> print(table_text([["who", "best", "only"], ["seat 0", "89%", "20"]], [0, 2]))
    who     only
    seat 0  20
    """
    kept = [[row[i] for i in columns] if columns is not None else list(row) for row in rows]
    if not kept:
        return ""
    return "\n".join(aligned_table(kept, left=tuple(range(len(kept[0])))))
