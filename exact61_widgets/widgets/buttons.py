"""Buttons with stable CSS classes, so pages, styles and tests find them in any language.

Every button of the widgets carries ``exact61-button`` and ``exact61-<name>``
(``exact61-next``, ``exact61-undo`` …): the label is translated, the class is not.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w


def button(label: str, name: str, **options: Any) -> w.Button:
    """A button showing ``label`` with the classes ``exact61-button exact61-<name>``."""
    made = w.Button(description=label, **options)
    made.add_class("exact61-button")
    made.add_class(f"exact61-{name}")
    return made
