"""The layout picture (CONTRACT §6 ``render_svg``), a single tile, and a match at a glance.

Markers follow the legend of the rules text: a filled number badge on each
scoring end (one badge for an end double, with both halves' total), an empty
dot on each open place, an orange frame round every spinner; the last tile
played is highlighted, and a caption line gives the sum and the award.

Elements that widgets and tests look for carry a class and data attributes on
the group that is to be clicked:

* ``<g class="tile [spinner] [last] [highlight]" data-tile="[4|4]">`` — its
  face (``rect.face``), ``line.divider``, one ``circle.pip`` per pip and, on a
  spinner, ``rect.frame``;
* ``<g class="place [highlight]" data-place="[4|4]:branchA">`` with its
  ``circle.dot`` at the point :func:`layout_geometry` gives and a larger
  invisible ``circle.hit`` that takes clicks (a highlighted place's dot is a
  ring round that circle, so it shows round a badge too);
* ``<g class="end" data-tile="[1|2]" data-port="high" data-value="2">`` — the
  badge (an end double's badge has no ``data-port``: it counts both halves).
  It sits on its place's dot, covering it, and lets clicks through
  (``pointer-events="none"``), so clicking it clicks the place;
* ``text.caption`` and, with ``legend=True``, ``g.legend``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.ports import Place, Port
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.render.geometry import LayoutGeometry, layout_geometry
from exact61_widgets.render.svg_pictures import boneyard_panel, hand_panel, scoreboard_panel
from exact61_widgets.render.svgkit import (
    SIDE,
    Panel,
    SvgText,
    back_group,
    check_size,
    element,
    figure_prefix,
    num,
    picture,
    text,
    tile_group,
)
from exact61_widgets.render.text import caption as caption_text
from exact61_widgets.render.text import caption_line, describe
from exact61_widgets.render.theme import RenderError, palette

if TYPE_CHECKING:
    from exact61_widgets.engine.match import Match

MARGIN = 16
BADGE_RADIUS = 10
DOT_RADIUS = 5
#: A place's clickable circle (under its badge, if any) and its highlight ring.
HIT_RADIUS = 14
LINE = 22
#: ``last`` default: highlight the layout's last placement.
AUTO = "auto"

__all__ = ["AUTO", "SvgText", "match_svg", "render_svg", "tile_svg"]


def _badge_place(layout: Layout, tile: Tile, port: Port | None) -> Place:
    """Where a scoring end's badge goes: its free half's place; an end double's open line."""
    if port is not None:
        return Place(tile, port)
    line_b = Place(tile, Port.LINE_B)
    return line_b if layout.is_open(line_b) else Place(tile, Port.LINE_A)


def _tile_on(layout: Layout, item: Tile | str, what: str) -> Tile:
    """The tile ``item`` names, which must be on the table (for option ``what``)."""
    tile = as_tile(item)
    if tile not in layout:
        raise RenderError(Msg("{what}: {tile} is not on the table",
                              {"what": what, "tile": str(tile)}))
    return tile


def _open_places(layout: Layout, items: Iterable[Place | str]) -> set[Place]:
    found = set()
    for item in items:
        place = Place.parse(item) if isinstance(item, str) else item
        if not layout.is_open(place):
            raise RenderError(Msg("highlight_places: {place} is not an open place of the layout",
                                  {"place": str(place)}))
        found.add(place)
    return found


def _closed_places(layout: Layout, geo: LayoutGeometry, prefix: str,
                   colors: Mapping[str, str]) -> list[ET.Element]:
    """Faint dashed rings where a spinner's branches will open once both lines are filled.

    They are not open places (R4.3): an interactive board draws them so that a
    click there can be answered with the reason instead of being lost.
    """
    rings = []
    for spinner in layout.spinners:
        if not layout.is_end_double(spinner):
            continue
        for port in (Port.BRANCH_A, Port.BRANCH_B):
            place = Place(spinner, port)
            if place not in geo.markers:
                continue
            cx, cy = (num(v) for v in geo.markers[place])
            ring = element("circle", {"cx": cx, "cy": cy, "r": str(DOT_RADIUS),
                                      "fill": "none", "stroke": colors["muted"],
                                      "stroke-width": "1.5", "stroke-dasharray": "3 3",
                                      "opacity": "0.7", "class": "ring"})
            hit = element("circle", {"cx": cx, "cy": cy, "r": str(HIT_RADIUS), "fill": "none",
                                     "pointer-events": "all", "class": "hit"})
            rings.append(element("g", {
                "class": "place closed", "data-place": str(place),
                "id": f"{prefix}-closed-{spinner.low}{spinner.high}-{port}"}, [hit, ring]))
    return rings


def layout_panel(layout: Layout, geo: LayoutGeometry, prefix: str, colors: Mapping[str, str],
                 lang: str, *, ends: bool = True, places: bool = True, spinners: bool = True,
                 show_caption: bool = True, legend: bool = False, last: Tile | None = None,
                 highlight_tiles: AbstractSet[Tile] = frozenset(),
                 highlight_places: AbstractSet[Place] = frozenset(),
                 closed_places: bool = False) -> Panel:
    """The layout's elements in the geometry's user units, with caption and legend below."""
    if layout:
        x, y, w, h = geo.bounds
        box: list[float] = [x - MARGIN, y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN]
    else:
        box = [-4 * SIDE, -SIDE, 8 * SIDE, 2 * SIDE]
    nodes: list[ET.Element] = []
    bridges = [element("line", {"x1": num(b[0]), "y1": num(b[1]), "x2": num(b[2]),
                                "y2": num(b[3]), "stroke": colors["bridge"],
                                "stroke-width": "3", "stroke-linecap": "round"})
               for b in (dt.bridge for dt in geo.drawn) if b is not None]
    if bridges:
        nodes.append(element("g", {"class": "bridges"}, bridges))
    tiles = []
    for dt in geo.drawn:
        tile = dt.tile
        classes = ["tile"]
        if tile.is_double:
            classes.append("spinner")
        face = edge = None
        edge_width = 1.2
        if tile is last:
            classes.append("last")
            face, edge, edge_width = colors["tile last"], colors["last"], 2.5
        if tile in highlight_tiles:
            classes.append("highlight")
            face, edge, edge_width = colors["tile highlight"], colors["highlight"], 2.5
        tiles.append(tile_group(tile, dt.rect[0], dt.rect[1], dt.first, dt.second,
                                dt.horizontal, colors, classes=classes,
                                ident=f"{prefix}-tile-{tile.low}{tile.high}", face=face,
                                edge=edge, edge_width=edge_width,
                                frame=spinners and tile.is_double))
    nodes.append(element("g", {"class": "tiles"}, tiles))
    if places:
        dots = []
        for place in layout.open_places():
            cx, cy = (num(v) for v in geo.markers[place])
            lit = place in highlight_places
            # A highlighted place is a ring wide enough to show round a badge on it.
            dot = element("circle", {
                "cx": cx, "cy": cy, "r": str(HIT_RADIUS if lit else DOT_RADIUS),
                "fill": colors["dot fill"], "stroke": colors["highlight" if lit else "dot"],
                "stroke-width": "2.5" if lit else "2", "class": "dot"})
            hit = element("circle", {"cx": cx, "cy": cy, "r": str(HIT_RADIUS), "fill": "none",
                                     "pointer-events": "all", "class": "hit"})
            dots.append(element("g", {
                "class": "place highlight" if lit else "place", "data-place": str(place),
                "id": f"{prefix}-place-{place.tile.low}{place.tile.high}-{place.port}"},
                [hit, dot]))
        nodes.append(element("g", {"class": "places"}, dots))
    if closed_places:
        nodes.append(element("g", {"class": "closed-places"},
                             _closed_places(layout, geo, prefix, colors)))
    if ends:
        badges = []
        for c in layout.contributions():
            bx, by = geo.markers[_badge_place(layout, c.tile, c.port)]
            attrs = {"class": "end", "data-tile": str(c.tile)}
            if c.port is not None:
                attrs["data-port"] = c.port.notation
            attrs["data-value"] = str(c.value)
            attrs["pointer-events"] = "none"
            badges.append(element("g", attrs, [
                element("circle", {"cx": num(bx), "cy": num(by), "r": str(BADGE_RADIUS),
                                   "fill": colors["badge"]}),
                text(bx, by + 4.5 if c.value < 10 else by + 4, str(c.value),
                     size=13 if c.value < 10 else 11, fill=colors["badge text"],
                     anchor="middle", weight="bold")]))
        nodes.append(element("g", {"class": "ends"}, badges))
    bottom = box[1] + box[3]
    if show_caption:
        nodes.append(text(box[0] + MARGIN, bottom + 4, caption_line(layout, lang), size=15,
                          fill=colors["text"], cls="caption"))
        bottom += LINE + 4
    if legend:
        nodes.append(_legend(box[0] + MARGIN, bottom, colors, lang))
        bottom += 3 * LINE
    box[3] = bottom + (8 if show_caption or legend else 0) - box[1]
    longest = max((len(t.text or "") for n in nodes[-2:] for t in n.iter("text")), default=0)
    box[2] = max(box[2], 2 * MARGIN + 24 + 7.6 * longest)
    return Panel((box[0], box[1], box[2], box[3]), nodes)


def _legend(x: float, y: float, colors: Mapping[str, str], lang: str) -> ET.Element:
    """The legend of the rules text: badge, dot and frame with what they mean."""
    rows = [
        element("g", {}, [
            element("circle", {"cx": num(x + 8), "cy": num(y + 6), "r": "8",
                               "fill": colors["badge"]}),
            text(x + 8, y + 10, "3", size=11, fill=colors["badge text"], anchor="middle",
                 weight="bold"),
            text(x + 24, y + 11, gettext("Filled number: scoring contribution", lang),
                 size=13, fill=colors["text"])]),
        element("g", {}, [
            element("circle", {"cx": num(x + 8), "cy": num(y + LINE + 6),
                               "r": str(DOT_RADIUS), "fill": colors["dot fill"],
                               "stroke": colors["dot"], "stroke-width": "2"}),
            text(x + 24, y + LINE + 11,
                 gettext("Empty dot: a permitted continuation not counted here", lang),
                 size=13, fill=colors["text"])]),
        element("g", {}, [
            element("rect", {"x": num(x + 1), "y": num(y + 2 * LINE - 2), "width": "14",
                             "height": "16", "rx": "3", "fill": colors["tile"],
                             "stroke": colors["spinner"], "stroke-width": "3"}),
            text(x + 24, y + 2 * LINE + 11, gettext("Orange frame: a spinner", lang),
                 size=13, fill=colors["text"])]),
    ]
    return element("g", {"class": "legend"}, rows)


def render_svg(layout: Layout | str, *, size: int | None = None, ends: bool = True,
               places: bool = True, spinners: bool = True, caption: bool = True,
               legend: bool = False, highlight_places: Iterable[Place | str] = (),
               highlight_tiles: Iterable[Tile | str] = (), last: Tile | str | None = AUTO,
               closed_places: bool = False, lang: str = "en",
               colors: Mapping[str, str] | None = None, theme: str = "light",
               id_prefix: str | None = None) -> SvgText:
    """The layout as a domino picture (a Layout or its notation text).

    :param size: width in pixels (None: one pixel per user unit).
    :param ends: draw the number badges of the scoring ends.
    :param places: draw the dots of the open places.
    :param spinners: draw the orange frames of the spinners.
    :param caption: draw the caption line (sum and award) under the picture.
    :param legend: draw the legend of the markers under it.
    :param highlight_places: open places to mark (e.g. where a chosen tile may go).
    :param highlight_tiles: tiles on the table to mark.
    :param last: the tile to show as the last play; ``"auto"`` (the default) is the
        layout's last placement, None shows none.
    :param closed_places: draw faint dashed rings (``class="place closed"``) where
        spinners' branches will open once both lines are filled (R4.3), so that an
        interactive board can answer a click there with the reason.
    :param lang: ``"en"`` or ``"ru"`` for the texts, ``<title>`` and ``<desc>``.
    :param colors: colours to override, by the keys of :data:`~exact61_widgets.render.theme.LIGHT`.
    :param theme: ``"light"`` or ``"dark"``.
    :param id_prefix: the prefix of every id (default: derived from the content).
    """
    lang = check_lang(lang)
    if not isinstance(layout, Layout):
        layout = Layout.parse(layout)
    size = check_size(size)
    palette_ = palette(theme, colors)
    if last == AUTO:
        last_tile = layout.last.tile if layout.last is not None else None
    else:
        last_tile = None if last is None else _tile_on(layout, last, "last")
    lit_tiles = {_tile_on(layout, t, "highlight_tiles") for t in highlight_tiles}
    lit_places = _open_places(layout, highlight_places)
    notation = str(layout)
    prefix = figure_prefix("layout", notation, {
        "ends": ends, "places": places, "spinners": spinners, "caption": caption,
        "legend": legend, "last": str(last_tile), "closed": closed_places, "lang": lang,
        "theme": theme,
        "colors": sorted(palette_.items()), "size": size,
        "tiles": sorted(t.index for t in lit_tiles),
        "lit": sorted(p.code for p in lit_places)}, id_prefix)
    panel = layout_panel(layout, layout_geometry(layout), prefix, palette_, lang, ends=ends,
                         places=places, spinners=spinners, show_caption=caption,
                         legend=legend, last=last_tile, highlight_tiles=lit_tiles,
                         highlight_places=lit_places, closed_places=closed_places)
    return picture(panel, prefix, size, caption_text(layout, lang), describe(layout, lang),
                   palette_["background"])


def tile_svg(tile: Tile | str, *, size: int | None = None, horizontal: bool = False,
             face_up: bool = True, lang: str = "en", colors: Mapping[str, str] | None = None,
             theme: str = "light", id_prefix: str | None = None) -> SvgText:
    """One tile, upright by default; face down it shows only its back (no ``data-tile``)."""
    lang = check_lang(lang)
    tile = as_tile(tile)
    size = check_size(size)
    palette_ = palette(theme, colors)
    prefix = figure_prefix("tile", str(tile) if face_up else "back", {
        "horizontal": horizontal, "lang": lang, "theme": theme,
        "colors": sorted(palette_.items()), "size": size}, id_prefix)
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    if face_up:
        node = tile_group(tile, 0, 0, tile.low, tile.high, horizontal, palette_,
                          classes=("tile", "double") if tile.is_double else ("tile",),
                          ident=f"{prefix}-tile")
        title = Msg("Tile {tile}", {"tile": str(tile)}).text(lang)
        desc = Msg("{tile}: {pips}", {"tile": str(tile), "pips": Plural(
            "{n} pip", "{n} pips", tile.pips)}).text(lang)
    else:
        node = back_group(0, 0, horizontal, palette_, ident=f"{prefix}-tile")
        title = desc = gettext("A face-down tile", lang)
    return picture(Panel((0, 0, w, h), [node]), prefix, size, title, desc, None)


def match_svg(match: Match, *, size: int | None = None, lang: str = "en",
              colors: Mapping[str, str] | None = None, theme: str = "light",
              id_prefix: str | None = None) -> SvgText:
    """A match at a glance: the layout, the mover's hand, the boneyard and the scores."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    layout = match.layout
    seat = match.to_move
    key = f"{layout}|{match.hands}|{match.boneyard_count}|{match.scores}|{seat}|{match.status}"
    prefix = figure_prefix("match", key, {"lang": lang, "theme": theme,
                                          "colors": sorted(palette_.items()),
                                          "size": size}, id_prefix)
    last = layout.last.tile if layout.last is not None else None
    table = layout_panel(layout, layout_geometry(layout), f"{prefix}-layout", palette_, lang,
                         last=last)
    hand = hand_panel(match.hand(seat), palette_, f"{prefix}-hand",
                      label=Msg("Seat {seat} to move", {"seat": seat}).text(lang))
    bones = boneyard_panel(match.boneyard_count, palette_, lang, f"{prefix}-boneyard")
    board = scoreboard_panel(match.scores, palette_, lang, f"{prefix}-scores",
                             players=match.players, tally=False)
    gap = 24
    row_h = max(hand.height, bones.height)
    width = max(table.width, MARGIN + hand.width + gap + bones.width + MARGIN,
                MARGIN + board.width + MARGIN)
    height = table.height + gap + row_h + gap + board.height + MARGIN
    nodes = [
        table.at(0, 0, "layout"),
        hand.at(MARGIN, table.height + gap, "to-move"),
        bones.at(MARGIN + hand.width + gap, table.height + gap, "pile"),
        board.at(MARGIN, table.height + 2 * gap + row_h, "scores"),
    ]
    title = Msg("Hand {hand}, seat {seat} to move: {caption}", {
        "hand": match.hand_number, "seat": seat, "caption": caption_line(layout, lang)}
    ).text(lang)
    desc = describe(layout, lang)
    return picture(Panel((0, 0, width, height), nodes), prefix, size, title, desc,
                   palette_["background"])
