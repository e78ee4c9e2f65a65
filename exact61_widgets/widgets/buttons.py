"""Buttons with stable CSS classes, so pages, styles and tests find them in any language.

Every button of the widgets carries ``exact61-button`` and ``exact61-<name>``
(``exact61-next``, ``exact61-undo`` …): the label is translated, the class is not.
Every button has a name for screen readers: its label, or, for a button that shows
only its icon, the same label as its tooltip (the ``title`` that names it).
"""

from __future__ import annotations

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
