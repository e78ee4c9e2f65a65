"""Colours of the pictures: a light and a dark theme, overridable key by key.

Kept apart from the drawing code so widgets can show or edit a palette without
loading it. Colours are CSS colour strings, written into the SVG as
presentation attributes (no style sheet: several pictures share a notebook page).

Both palettes meet WCAG AA (text 4.5:1, marks 3:1; ``tests/test_contrast.py``),
and their hues stay apart for colour-blind readers — blue ends and places,
orange spinners, bluish-green last play, reddish-purple picks — while every
mark also differs by its shape (:mod:`exact61_widgets.render.marks`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg


class RenderError(Exact61Error):
    """A picture option that cannot be used (unknown theme or colour key, bad size …)."""


#: The same keys in both themes. Text is drawn on ``background`` (``badge text`` on
#: ``badge``); marks on the table (badges, dots, ``closed`` rings, ``highlight`` rings,
#: bridges) on ``background``; ``spinner`` frames, the ``last`` star and pips on a tile's
#: face (``tile``, ``tile last``, ``tile highlight``). ``dot fill`` fills a closed ring.
LIGHT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "background": "#f7f5ef",
        "text": "#24292f",
        "muted": "#5e6670",
        "tile": "#fffdf2",
        "tile edge": "#8c8473",
        "tile last": "#d9f2e6",
        "last": "#00795a",
        "pip": "#1f1f1f",
        "divider": "#8c8473",
        "tile back": "#3a5a8c",
        "tile back pattern": "#5b7db3",
        "spinner": "#c05a00",
        "badge": "#1b63d6",
        "badge text": "#ffffff",
        "dot": "#1b63d6",
        "dot fill": "#f7f5ef",
        "closed": "#5e6670",
        "highlight": "#a8327a",
        "tile highlight": "#fbe3f0",
        "bridge": "#8c8473",
        "accepted": "#1a7f37",
        "rejected": "#cf222e",
        "tally": "#24292f",
    }
)

DARK: Final[Mapping[str, str]] = MappingProxyType(
    {
        "background": "#1e2227",
        "text": "#e6edf3",
        "muted": "#8b949e",
        "tile": "#ece6d3",
        "tile edge": "#5c564a",
        "tile last": "#cdeedd",
        "last": "#00795a",
        "pip": "#1b1b1b",
        "divider": "#7d7666",
        "tile back": "#4f76b0",
        "tile back pattern": "#7d9bd0",
        "spinner": "#c05a00",
        "badge": "#1f6feb",
        "badge text": "#ffffff",
        "dot": "#79c0ff",
        "dot fill": "#1e2227",
        "closed": "#8b949e",
        "highlight": "#e27bb7",
        "tile highlight": "#f6d3e8",
        "bridge": "#8b949e",
        "accepted": "#3fb950",
        "rejected": "#f85149",
        "tally": "#e6edf3",
    }
)

THEMES: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType({"light": LIGHT, "dark": DARK})


def palette(theme: str = "light", colors: Mapping[str, str] | None = None) -> dict[str, str]:
    """The colours of ``theme`` with ``colors`` laid over them; unknown names raise."""
    base = THEMES.get(theme)
    if base is None:
        raise RenderError(
            Msg("unknown theme {theme}: use 'light' or 'dark'", {"theme": repr(theme)})
        )
    result = dict(base)
    for key, value in (colors or {}).items():
        if key not in base:
            raise RenderError(
                Msg(
                    "unknown colour {key}: the keys are {keys}",
                    {"key": repr(key), "keys": ", ".join(sorted(base))},
                )
            )
        if not isinstance(value, str) or not value or any(c in value for c in "<>&\"'"):
            raise RenderError(
                Msg(
                    "colour {key} must be a CSS colour text, not {value}",
                    {"key": repr(key), "value": repr(value)},
                )
            )
        result[key] = value
    return result
