"""Colours of the pictures: a light and a dark theme, overridable key by key.

Kept apart from the drawing code so widgets can show or edit a palette without
loading svgwrite. Colours are CSS colour strings, written into the SVG as
presentation attributes (no style sheet: several pictures share a notebook page).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg


class RenderError(Exact61Error):
    """A picture option that cannot be used (unknown theme or colour key, bad size …)."""


LIGHT: Final[Mapping[str, str]] = MappingProxyType({
    "background": "#f7f5ef",
    "text": "#24292f",
    "muted": "#6e7781",
    "tile": "#fffdf2",
    "tile edge": "#8c8473",
    "tile last": "#ffe9a6",
    "last": "#c98a00",
    "pip": "#1f1f1f",
    "divider": "#8c8473",
    "tile back": "#3a5a8c",
    "tile back pattern": "#5b7db3",
    "spinner": "#f28c28",
    "badge": "#1f6feb",
    "badge text": "#ffffff",
    "dot": "#1f6feb",
    "dot fill": "#ffffff",
    "highlight": "#d1242f",
    "tile highlight": "#ffe1de",
    "bridge": "#8c8473",
    "accepted": "#1a7f37",
    "rejected": "#cf222e",
    "grid": "#d0d7de",
    "tally": "#24292f",
})

DARK: Final[Mapping[str, str]] = MappingProxyType({
    "background": "#1e2227",
    "text": "#e6edf3",
    "muted": "#8b949e",
    "tile": "#ece6d3",
    "tile edge": "#5c564a",
    "tile last": "#ffe08a",
    "last": "#ffb300",
    "pip": "#1b1b1b",
    "divider": "#7d7666",
    "tile back": "#2d4a75",
    "tile back pattern": "#4a6ea3",
    "spinner": "#f28c28",
    "badge": "#388bfd",
    "badge text": "#ffffff",
    "dot": "#79c0ff",
    "dot fill": "#1e2227",
    "highlight": "#ff7b72",
    "tile highlight": "#ffd2cc",
    "bridge": "#8b949e",
    "accepted": "#3fb950",
    "rejected": "#f85149",
    "grid": "#30363d",
    "tally": "#e6edf3",
})

THEMES: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType({"light": LIGHT, "dark": DARK})


def palette(theme: str = "light", colors: Mapping[str, str] | None = None) -> dict[str, str]:
    """The colours of ``theme`` with ``colors`` laid over them; unknown names raise."""
    base = THEMES.get(theme)
    if base is None:
        raise RenderError(Msg("unknown theme {theme}: use 'light' or 'dark'",
                              {"theme": repr(theme)}))
    result = dict(base)
    for key, value in (colors or {}).items():
        if key not in base:
            raise RenderError(Msg("unknown colour {key}: the keys are {keys}",
                                  {"key": repr(key), "keys": ", ".join(sorted(base))}))
        if not isinstance(value, str) or not value or any(c in value for c in "<>&\"'"):
            raise RenderError(Msg("colour {key} must be a CSS colour text, not {value}",
                                  {"key": repr(key), "value": repr(value)}))
        result[key] = value
    return result
