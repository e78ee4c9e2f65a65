"""The handouts' pictures: the package's own render functions, in a palette made for paper.

Only the public functions of :mod:`exact61_widgets.render` draw; this module picks
their options for print (a white background, no last-play star unless asked) and
gives every picture the id prefix its page hands it, so that no two pictures on a
page share an id. The marks differ by shape as well as colour, so a black-and-white
copy keeps their meaning (README, "Reading the pictures").
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from typing import Final

from exact61_widgets import render
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.handouts.printed_page import esc, picture, prose, unbroken

#: Colours laid over the light theme: white paper instead of the screen's cream.
PRINT_COLORS: Final = {"background": "#ffffff", "dot fill": "#ffffff", "tile": "#ffffff"}
#: The smallest size a picture's text is printed at, in points (with room for the browser's
#: rounding of 8 pt).
SMALLEST_PT: Final = 8.1
#: Points in a CSS pixel.
PT_PER_PX: Final = 0.75
_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')
_SVG = "{http://www.w3.org/2000/svg}"


def layout(
    notation: str,
    prefix: str,
    lang: str,
    scale: float = 1.0,
    *,
    ends: bool = True,
    places: bool = True,
    caption: bool = False,
    highlight_places: Iterable[str] = (),
    last: str | None = None,
    label: str | None = None,
    max_height: float | None = None,
) -> str:
    """A layout picture: end badges and open places unless told otherwise, no caption line.

    ``caption`` prints the ends' sum and award (``2 + 3 = 5 → 5 raw (1 point)``) under the
    picture as the page's own text, not the picture's, so that it keeps the page's size.
    ``max_height`` (millimetres) shrinks a tall layout to fit, but a layout with its ends
    marked is never printed so small that its badges' numbers fall below 8 pt
    (:func:`legible`).
    """
    if caption and label is None:
        label = render.caption_line(notation, lang)
    svg = render.render_svg(
        notation,
        ends=ends,
        places=places,
        caption=False,
        highlight_places=tuple(highlight_places),
        last=last,
        lang=lang,
        colors=PRINT_COLORS,
        id_prefix=prefix,
    )
    text = str(svg)
    smallest = legible(text, scale)
    if smallest > scale:
        scale, max_height = smallest, None
    return picture(text, scale, label=label, max_height=max_height)


def legible(svg: str, scale: float) -> float:
    """The least scale, ``scale`` or more, at which every text in ``svg`` prints at
    :data:`SMALLEST_PT` or more (a picture's numbers are read, not only seen)."""
    sizes = [float(size) for size in _FONT_SIZE.findall(svg)]
    if not sizes:
        return scale
    return max(scale, SMALLEST_PT / (PT_PER_PX * min(sizes)))


def tile(text: str, prefix: str, lang: str, scale: float = 1.0, *, label: str | None = None) -> str:
    """One tile, lying down."""
    svg = render.tile_svg(text, horizontal=True, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def hand(
    tiles: Sequence[str], prefix: str, lang: str, scale: float = 1.0, *, label: str | None = None
) -> str:
    """A hand of tiles, face up."""
    svg = render.hand_svg(list(tiles), lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def tally(
    points: int,
    prefix: str,
    lang: str,
    scale: float = 1.0,
    *,
    count: bool = True,
    label: str | None = None,
) -> str:
    """The paper tally of ``points`` (``count=False``: the number left out of its texts)."""
    svg = render.tally_svg(points, count=count, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def as_table(svg: str) -> str:
    """A settlement picture's texts as an HTML table: its title the caption, its bold grey
    first row the head, each row of texts (by height) a row and each column (by its left
    edge) a column. On paper the page's own text keeps its size in a narrow column, where
    the picture, shrunk to fit, printed its numbers at 6 pt."""
    root = ET.fromstring(svg)
    title = ""
    rows: dict[float, dict[float, tuple[str, str]]] = {}
    for node in root.iter(f"{_SVG}text"):
        text = "".join(node.itertext()).strip()
        classes = node.get("class", "")
        if "title" in classes.split():
            title = text
            continue
        row = rows.setdefault(float(node.get("y", "0")), {})
        row[float(node.get("x", "0"))] = (text, classes)
    columns = sorted({x for row in rows.values() for x in row})
    lines = []
    for index, y in enumerate(sorted(rows)):
        tag = "th" if index == 0 else "td"
        cells = []
        for x in columns:
            text, classes = rows[y].get(x, ("", ""))
            cls = f' class="{esc(classes)}"' if classes else ""
            cells.append(f"<{tag}{cls}>{unbroken(esc(text))}</{tag}>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{esc(title)}</caption>" if title else ""
    return f'<table class="settle">{caption}{"".join(lines)}</table>'


def legend_list(svg: str) -> str:
    """The legend picture's words as an HTML list under its title: each mark is described in
    words that name its shape ("Dot: an open place …"), so the list reads on its own, at the
    page's size (the picture, shrunk to fit the sheet, printed them at 3 pt)."""
    root = ET.fromstring(svg)
    title = ""
    rows: list[tuple[float, str]] = []
    for node in root.iter(f"{_SVG}text"):
        text = "".join(node.itertext()).strip()
        if "title" in node.get("class", "").split():
            title = text
        elif node.get("text-anchor") is None:  # the words beside a mark, not the mark's own
            rows.append((float(node.get("y", "0")), text))
    items = "".join(f"<li>{prose(text)}</li>" for _, text in sorted(rows))
    return f'<h2>{esc(title)}</h2><ul class="legend-list">{items}</ul>'


def out_settlement(event: OutEvent, prefix: str, lang: str, scale: float = 1.0) -> str:
    """The going-out settlement table (R7), as the page's own table (:func:`as_table`)."""
    svg = render.out_settlement_svg(event, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return as_table(str(svg))


def blocked(events: Sequence[BlockedAwardEvent], prefix: str, lang: str, scale: float = 1.0) -> str:
    """The blocked-hand settlement table (R8), as the page's own table (:func:`as_table`)."""
    svg = render.blocked_settlement_svg(
        list(events), lang=lang, colors=PRINT_COLORS, id_prefix=prefix
    )
    return as_table(str(svg))
