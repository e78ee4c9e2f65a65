"""Jupyter teaching widgets for the domino game Exact 61 Five Up, on an exact rules engine.

``import exact61_widgets`` is cheap: it loads the engine and the text renderer
only; the SVG renderer and the widgets load on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from exact61_widgets.engine import (
    DRAW,
    PASS,
    IllegalMoveError,
    Layout,
    Match,
    NotationError,
    Place,
    Play,
    Port,
    RecordError,
    SetupError,
    Tile,
)
from exact61_widgets.i18n import get_language, set_language
from exact61_widgets.render.descriptions import caption, describe

__version__ = "0.1.0"

_LAZY = {
    "replay": "exact61_widgets.engine.replay",
    "render_svg": "exact61_widgets.render.svg",
    "layout_geometry": "exact61_widgets.render.geometry",
}

__all__ = [
    "DRAW",
    "PASS",
    "IllegalMoveError",
    "Layout",
    "Match",
    "NotationError",
    "Place",
    "Play",
    "Port",
    "RecordError",
    "SetupError",
    "Tile",
    "__version__",
    "caption",
    "describe",
    "get_language",
    "set_language",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
