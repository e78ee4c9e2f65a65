"""Buttons and text lines with stable CSS classes, so pages, styles and tests find them.

Every button of the widgets carries ``exact61-button`` and ``exact61-<name>``
(``exact61-next``, ``exact61-undo`` …): the label is translated, the class is not.
Every button has a name for screen readers: its label, or, for a button that shows
only its icon, the same label as its tooltip (the ``title`` that names it).
:func:`buttons` makes a row of them wired to their actions, :func:`text_line` a line
of text (a title, a status, feedback) with its class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError


def button(label: str, name: str, *, icon_only: bool = False, **options: Any) -> w.Button:
    """A button showing ``label`` with the classes ``exact61-button exact61-<name>``.

    ``icon_only=True`` shows only ``options["icon"]`` and keeps ``label`` as the tooltip,
    which names the button. An empty label is refused: a button without a name is one
    that screen-reader users cannot find.
    """
    if not label.strip():
        raise WidgetError(Msg("the button {name} needs a label", {"name": repr(name)}))
    if icon_only:
        if not options.get("icon"):
            raise WidgetError(
                Msg("the button {name} shows only an icon but has none", {"name": repr(name)})
            )
        options.setdefault("tooltip", label)
        made = w.Button(description="", **options)
        made.add_class("exact61-icon-only")
    else:
        made = w.Button(description=label, **options)
    made.add_class("exact61-button")
    made.add_class(f"exact61-{name}")
    return made


#: A button to make: its label, its name (``exact61-<name>``), its icon (None: none), its action.
ButtonSpec = tuple[str, str, str | None, Callable[[], object]]


def buttons(
    specs: Sequence[ButtonSpec], wrap: Callable[[Callable[..., object]], Callable[..., None]]
) -> list[w.Button]:
    """The buttons of ``specs`` in order, each calling its action through ``wrap`` on a click.

    ``wrap`` is the owner's guard (:meth:`~exact61_widgets.widgets.guard.Guard.callback`),
    so that a click that fails shows its error and changes nothing.
    """
    made = []
    for label, name, icon, action in specs:
        one = button(label, name) if icon is None else button(label, name, icon=icon)
        one.on_click(wrap(action))
        made.append(one)
    return made


def text_line(css_class: str, value: str = "") -> w.HTML:
    """A line of HTML text with the class ``css_class`` (``exact61-status`` …)."""
    line = w.HTML(value)
    line.add_class(css_class)
    return line
