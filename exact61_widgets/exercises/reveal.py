"""What shows an exercise's answer: pictures, texts and widgets, held back until it is earned.

An :class:`~exact61_widgets.widgets.exercise.Exercise` owns its reveal — the
engine's picture of the answer, a walkthrough or any other widget, the
engine's explanation of an event — and shows it only after a right answer or
on request. :func:`reveal_items` checks what a tutorial passes;
:func:`saved_html` is the reveal as a saved notebook shows it (inside the
folded solution: pictures inline, a widget's static form, such as a
walkthrough's strip of every step); the widget builds what a running kernel
shows from :func:`item_html`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from exact61_widgets.exercises.verdict import ExerciseError
from exact61_widgets.i18n import Msg

Shape = Literal["picture", "text", "widget"]


@dataclass(frozen=True)
class RevealItem:
    """One thing a reveal shows: an SVG ``picture``, a ``text`` or a ``widget``."""

    shape: Shape
    content: Any

    def text(self, lang: str) -> str:
        """A text item in ``lang``, as a sentence: the engine's reasons are clauses
        (``seat 0 can play [3|5], … (R3.2)``), shown with a capital and a full stop."""
        said = self.content if isinstance(self.content, str) else self.content.text(lang)
        said = said.strip()
        if said and said[-1] not in ".!?:":
            said += "."
        return said[:1].upper() + said[1:]


def _item(value: object) -> RevealItem:
    if isinstance(value, RevealItem):
        return value
    if isinstance(value, Msg):
        return RevealItem("text", value)
    if isinstance(value, str):
        svg = value.lstrip().startswith("<svg")
        return RevealItem("picture" if svg else "text", str(value))
    if hasattr(value, "_repr_mimebundle_") or hasattr(value, "_view_name"):
        return RevealItem("widget", value)
    if hasattr(value, "_repr_svg_"):
        return RevealItem("picture", value._repr_svg_())
    raise ExerciseError(
        Msg(
            "an exercise reveals pictures (SVG), texts and widgets, not {kind}",
            {"kind": type(value).__name__},
        )
    )


def reveal_items(reveal: object) -> tuple[RevealItem, ...]:
    """The items of a reveal: one thing or several (a list or tuple), in order; None: none."""
    if reveal is None:
        return ()
    if isinstance(reveal, (list, tuple)):
        return tuple(_item(v) for v in reveal)
    return (_item(reveal),)


def _widget_html(widget: Any) -> str:
    """A widget's static form: its HTML, else its picture, else its plain text."""
    bundle = widget._repr_mimebundle_() if hasattr(widget, "_repr_mimebundle_") else {}
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if data.get("text/html"):
        return str(data["text/html"])
    if data.get("image/svg+xml"):
        return f'<div class="exact61-reveal-picture">{data["image/svg+xml"]}</div>'
    return f"<pre>{html.escape(str(data.get('text/plain', '')))}</pre>"


def item_html(item: RevealItem, lang: str) -> str:
    """One item as a saved notebook shows it."""
    if item.shape == "picture":
        return f'<div class="exact61-reveal-picture">{item.content}</div>'
    if item.shape == "text":
        return f'<p class="exact61-reveal-text">{html.escape(item.text(lang))}</p>'
    return _widget_html(item.content)


def saved_html(items: Iterable[RevealItem], lang: str) -> str:
    """The reveal as a saved notebook shows it: every item, in order, in one block."""
    return f'<div class="exact61-reveal">{"".join(item_html(i, lang) for i in items)}</div>'
