"""Pure functions from engine state to text or SVG.

Importing this package is cheap: the SVG modules (and svgwrite) load on first use.
Every picture is an svgwrite ``Drawing`` of svgwrite elements, made through
:mod:`exact61_widgets.render.svgkit` (see the README's section on the pictures).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from exact61_widgets.render.descriptions import caption, caption_line, describe, port_label

_LAZY = {
    "render_svg": "exact61_widgets.render.svg",
    "layout_geometry": "exact61_widgets.render.geometry",
    "tile_svg": "exact61_widgets.render.svg",
    "match_svg": "exact61_widgets.render.svg",
    "table_svg": "exact61_widgets.render.table",
    "hand_svg": "exact61_widgets.render.svg_table_parts",
    "seats_svg": "exact61_widgets.render.svg_table_parts",
    "boneyard_svg": "exact61_widgets.render.svg_table_parts",
    "scoreboard_svg": "exact61_widgets.render.svg_table_parts",
    "rounding_svg": "exact61_widgets.render.svg_table_parts",
    "tally_svg": "exact61_widgets.render.svg_tally",
    "render_legend": "exact61_widgets.render.legend",
    "out_settlement_svg": "exact61_widgets.render.svg_settlement",
    "blocked_settlement_svg": "exact61_widgets.render.svg_settlement",
    "shrink_svg": "exact61_widgets.render.resize",
    "SvgText": "exact61_widgets.render.svgkit",
    "LayoutGeometry": "exact61_widgets.render.geometry",
    "RenderError": "exact61_widgets.render.theme",
}

__all__ = ["caption", "caption_line", "describe", "port_label", *_LAZY]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
