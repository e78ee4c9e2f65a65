"""The marks drawn on the table, each shape defined once for the pictures and the legend.

Every mark differs from the others by its shape, not by its colour alone, so the
pictures read the same to colour-blind readers and in print:

* a scoring end — a filled rounded square with the end's value (a *badge*);
* an open place — a small filled dot;
* a closed branch — a small hollow ring;
* a place picked out — a wide ring round the place's dot or badge;
* a spinner — a dashed frame inside the tile (:func:`~.svgkit.spinner_frame`);
* the last play — a star on the tile's divider (:func:`~.svgkit.last_star`);
* a tile picked out — a thick solid edge;
* a tile drawn apart from its place — a line (a *bridge*).

:mod:`exact61_widgets.render.legend` names them; :mod:`exact61_widgets.render.svg`
draws them on the layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from exact61_widgets.render.svgkit import Node, element, node_cache, num, share, text

#: A badge's side; its corners are rounded so that a wide ring clears them.
BADGE: Final = 20
DOT_RADIUS: Final = 5
RING_RADIUS: Final = 6
#: A place's clickable circle and the wide ring of a picked place (clear of a badge).
PICK_RADIUS: Final = 15
#: The edge of a picked tile.
PICK_EDGE: Final = 3.0


def badge(x: float, y: float, value: int, colors: Mapping[str, str]) -> list[Node]:
    """A scoring end's badge centred at (x, y): a filled rounded square and its value."""
    return list(_badge(x, y, value, colors["badge"], colors["badge text"]))


# The marks that every picture repeats, place by place, are built once per place and
# colour (like the tiles): a board draws nearly the same marks after every move.
@node_cache(maxsize=2048)
def _badge(x: float, y: float, value: int, fill: str, figure: str) -> tuple[Node, Node]:
    half = BADGE / 2
    small = value >= 10
    return (
        share(
            element(
                "rect",
                {
                    "x": num(x - half),
                    "y": num(y - half),
                    "width": num(BADGE),
                    "height": num(BADGE),
                    "rx": "5",
                    "ry": "5",
                    "fill": fill,
                    "class": "badge",
                },
            )
        ),
        share(
            text(
                x,
                y + (4 if small else 4.5),
                str(value),
                size=11 if small else 13,
                fill=figure,
                anchor="middle",
                weight="bold",
            )
        ),
    )


def dot(x: float, y: float, colors: Mapping[str, str]) -> Node:
    """An open place: a small filled dot."""
    return _dot(x, y, colors["dot"])


@node_cache(maxsize=2048)
def _dot(x: float, y: float, fill: str) -> Node:
    return share(
        element(
            "circle",
            {"cx": num(x), "cy": num(y), "r": num(DOT_RADIUS), "fill": fill, "class": "dot"},
        )
    )


def closed_ring(x: float, y: float, colors: Mapping[str, str]) -> Node:
    """A closed branch: a small hollow ring (it is not an open place, R4.3)."""
    return element(
        "circle",
        {
            "cx": num(x),
            "cy": num(y),
            "r": num(RING_RADIUS),
            "fill": colors["dot fill"],
            "stroke": colors["closed"],
            "stroke-width": "2",
            "class": "ring",
        },
    )


def pick_ring(x: float, y: float, colors: Mapping[str, str]) -> Node:
    """A place picked out: a wide ring round its dot or badge."""
    return _pick_ring(x, y, colors["highlight"])


def _pick_ring(x: float, y: float, color: str) -> Node:
    return element(
        "circle",
        {
            "cx": num(x),
            "cy": num(y),
            "r": num(PICK_RADIUS),
            "fill": "none",
            "stroke": color,
            "stroke-width": "3",
            "class": "pick",
        },
    )


@node_cache(maxsize=2048)
def hit_area(x: float, y: float) -> Node:
    """The invisible circle that takes a place's clicks (larger than its dot)."""
    return share(
        element(
            "circle",
            {
                "cx": num(x),
                "cy": num(y),
                "r": num(PICK_RADIUS),
                "fill": "none",
                "pointer-events": "all",
                "class": "hit",
            },
        )
    )


def bridge(x1: float, y1: float, x2: float, y2: float, colors: Mapping[str, str]) -> Node:
    """The line from a place to a tile drawn a little apart from it."""
    return element(
        "line",
        {
            "x1": num(x1),
            "y1": num(y1),
            "x2": num(x2),
            "y2": num(y2),
            "stroke": colors["bridge"],
            "stroke-width": "3",
            "stroke-linecap": "round",
            "class": "bridge",
        },
    )


# A board draws nearly the same places and ends after every move: each is built once under
# everything that makes it (like the tiles), and written once (svgkit.share).
@node_cache(maxsize=2048)
def place_mark(place: str, ident: str, cx: float, cy: float, fill: str, lit: str | None) -> Node:
    """An open place ``place`` (its ``data-place``): its hit area and its dot in ``fill``,
    and the wide ring in the colour ``lit`` if it is picked out."""
    parts = [hit_area(cx, cy), _dot(cx, cy, fill)]
    if lit is not None:
        parts.append(_pick_ring(cx, cy, lit))
    attrs = {
        "class": "place highlight" if lit is not None else "place",
        "data-place": place,
        "id": ident,
    }
    return share(element("g", attrs, parts))


@node_cache(maxsize=2048)
def end_mark(
    tile: str, port: str | None, value: int, x: float, y: float, fill: str, figure: str
) -> Node:
    """A scoring end of ``tile`` (at ``port``): its badge at (x, y) with the end's value, in
    a group that names them."""
    attrs = {"class": "end", "data-tile": tile}
    if port is not None:
        attrs["data-port"] = port
    attrs["data-value"] = str(value)
    attrs["pointer-events"] = "none"
    return share(element("g", attrs, list(_badge(x, y, value, fill, figure))))
