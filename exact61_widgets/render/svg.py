"""The layout picture (``render_svg``), a single tile, and a match at a glance.

``render_svg`` is stated on the :ref:`formats page, §8 Python entry points <formats-8>`.

The marks are those of the one legend (:mod:`exact61_widgets.render.legend`),
each told apart by its shape: a badge (a filled square with the value) on each
scoring end (one badge for an end double, with both halves' total), a small dot
on each open place, a hollow ring on each closed branch, a dashed frame round
every spinner, a star on the last tile played; a wide ring round a place and a
thick edge round a tile picked out. A caption line gives the sum and the award
— only when the badges are drawn: with ``ends=False`` (an exercise) neither the
caption line nor ``<title>``/``<desc>`` state a contribution, sum or award.

Elements that widgets and tests look for carry a class and data attributes on
the group that is to be clicked:

* ``<g class="tile [spinner] [last] [highlight]" data-tile="[4|4]">`` — its
  face with its divider (``use.face``), the pips of each half (``use.pips``), on a
  spinner ``use.frame`` and on the last play ``use.star``: each a ``<use>`` of a
  ``<symbol>`` in the picture's ``<defs>`` (one ``circle.pip`` per pip there);
* ``<g class="place [highlight]" data-place="[4|4]:branchA">`` with its
  ``circle.dot`` at the point :func:`layout_geometry` gives, a larger
  invisible ``circle.hit`` that takes clicks and, when picked out, the wide
  ``circle.pick`` (it shows round a badge too);
* ``<g class="place closed" data-place="[4|4]:branchA">`` with ``circle.ring``
  and ``circle.hit``: a branch not yet open (R4.3), so a click there can be
  answered with the reason;
* ``<g class="end" data-tile="[1|2]" data-port="high" data-value="2">`` — the
  badge (an end double's badge has no ``data-port``: it counts both halves).
  It sits on its place's dot, covering it, and lets clicks through
  (``pointer-events="none"``), so clicking it clicks the place;
* ``line.bridge`` from a place to a tile drawn apart from it;
* ``text.caption`` and, with ``legend=True``, ``g.legend`` with one
  ``g.legend-row[data-mark]`` per mark the picture shows;
* given the last play's event (``play=``), an award the target check rejected is
  drawn rejected: ``text.caption.rejected`` says so in red and ``text.verdict``
  (``data-status="rejected"``) why, as the engine explains it; a last tile's award
  kept for the going-out settlement says that instead (``data-status="deferred"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from exact61_widgets.engine.events import PlayEvent
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.ports import Place, Port
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.render.descriptions import (
    caption_line,
    caption_line_of,
    caption_of,
    describe,
    details,
    sorted_contributions,
    verdict_line,
)
from exact61_widgets.render.geometry import LayoutGeometry, drawn_geometry
from exact61_widgets.render.hidden_ends import (
    hidden_ends_description,
    hidden_ends_line,
    hidden_ends_title,
)
from exact61_widgets.render.legend import legend_rows
from exact61_widgets.render.marks import (
    PICK_EDGE,
    bridge,
    closed_ring,
    end_mark,
    hit_area,
    place_mark,
)
from exact61_widgets.render.options import PictureOptions
from exact61_widgets.render.svg_table_parts import boneyard_panel, hand_panel, scoreboard_panel
from exact61_widgets.render.svgkit import (
    FONT,
    SIDE,
    Node,
    Panel,
    SvgText,
    TileLook,
    back_group,
    check_size,
    element,
    figure_prefix,
    num,
    picture,
    text,
    text_width,
    tile_group,
)
from exact61_widgets.render.theme import RenderError, palette

if TYPE_CHECKING:
    from exact61_widgets.engine.match import Match

MARGIN = 16
LINE = 22
#: ``last`` default: highlight the layout's last placement.
AUTO = "auto"

__all__ = ["AUTO", "SvgText", "match_svg", "render_svg", "tile_svg"]


#: The target check's verdicts a picture shows beside its caption line, and their colours.
VERDICTS = {"rejected": "rejected", "deferred": "muted"}


def last_play(match: Match) -> PlayEvent | None:
    """The event of the play that put the table's last tile down, in this hand (if any)."""
    final = match.layout.last
    if final is None:
        return None
    for event in reversed(match.hand_events):
        if isinstance(event, PlayEvent):
            return event if event.tile == final.tile else None
    return None


def match_caption(match: Match, lang: str) -> tuple[str, str | None]:
    """The caption line of a match's layout and the last play's verdict (None: as it reads).

    A rejected award (R1.4) or one kept for the settlement (R7.4) reads so, never as earned.
    """
    layout = match.layout
    ordered = sorted_contributions(layout.contributions(), lang)
    verdict = verdict_of(layout, last_play(match))
    if verdict is not None:
        return verdict_line(layout, ordered, verdict, lang), verdict
    return caption_line_of(layout, ordered, lang), None


def verdict_of(layout: Layout, play: PlayEvent | None) -> str | None:
    """The fate of the layout's award that the picture must show (None: as it reads).

    ``play`` is the event of the layout's last play (what :meth:`Match.push` gave): an
    award the target check rejected (R1.4), or a going-out tile's award kept for the
    settlement (R7.4), is not earned as the caption line would say.
    """
    if play is None:
        return None
    played = layout.tiles
    if getattr(play, "kind", None) != "play" or not played or play.tile != played[-1]:
        raise RenderError(
            Msg(
                "play: the event of the last play on this table, not {what}",
                {"what": repr(play)},
            )
        )
    if play.status not in VERDICTS or not play.award:  # no award: nothing is kept back
        return None
    return play.status


def _sentence(text: str) -> str:
    """A text as a sentence of its own: its first letter upper case."""
    return text[:1].upper() + text[1:]


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
        raise RenderError(
            Msg("{what}: {tile} is not on the table", {"what": what, "tile": str(tile)})
        )
    return tile


def _open_places(layout: Layout, items: Iterable[Place | str]) -> set[Place]:
    found = set()
    for item in items:
        place = Place.parse(item) if isinstance(item, str) else item
        if not layout.is_open(place):
            raise RenderError(
                Msg(
                    "highlight_places: {place} is not an open place of the layout",
                    {"place": str(place)},
                )
            )
        found.add(place)
    return found


def _closed_places(
    layout: Layout, geo: LayoutGeometry, prefix: str, colors: Mapping[str, str]
) -> list[Node]:
    """Hollow rings where a spinner's branches will open once both lines are filled.

    They are not open places (R4.3); an interactive board can answer a click
    there with the reason instead of losing it.
    """
    rings = []
    for spinner in layout.spinners:
        if not layout.is_end_double(spinner):
            continue
        for port in (Port.BRANCH_A, Port.BRANCH_B):
            place = Place(spinner, port)
            if place not in geo.markers:
                continue
            cx, cy = geo.markers[place]
            rings.append(
                element(
                    "g",
                    {
                        "class": "place closed",
                        "data-place": str(place),
                        "id": f"{prefix}-closed-{spinner.low}{spinner.high}-{port}",
                    },
                    [hit_area(cx, cy), closed_ring(cx, cy, colors)],
                )
            )
    return rings


def layout_panel(
    layout: Layout,
    geo: LayoutGeometry,
    prefix: str,
    options: PictureOptions,
    contributions: Sequence[Contribution] | None = None,
) -> Panel:
    """The layout's elements in the geometry's user units, with caption and legend below.

    The legend lists exactly the marks drawn (a dot hidden under a badge does not count).
    ``options`` says what is drawn and how; ``contributions`` are ``layout.contributions()``,
    if the caller has them.
    """
    colors, lang, last, play = options.colors, options.lang, options.last, options.play
    if layout:
        x, y, w, h = geo.bounds
        box: list[float] = [x - MARGIN, y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN]
    else:
        box = [-4 * SIDE, -SIDE, 8 * SIDE, 2 * SIDE]
    used: set[str] = set()
    nodes: list[Node] = []
    bridges = [bridge(*b, colors) for b in (dt.bridge for dt in geo.drawn) if b is not None]
    if bridges:
        used.add("bridge")
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
            face = colors["tile last"]
            used.add("last")
        if tile in options.highlight_tiles:
            classes.append("highlight")
            face, edge, edge_width = colors["tile highlight"], colors["highlight"], PICK_EDGE
            used.add("picked-tile")
        framed = options.spinners and tile.is_double
        if framed:
            used.add("spinner")
        tiles.append(
            tile_group(
                tile,
                dt.rect[0],
                dt.rect[1],
                dt.first,
                dt.second,
                dt.horizontal,
                TileLook.of(
                    colors,
                    face=face,
                    edge=edge,
                    edge_width=edge_width,
                    frame=framed,
                    star=tile is last,
                ),
                classes=classes,
                ident=f"{prefix}-tile-{tile.low}{tile.high}",
                defs=prefix,
            )
        )
    nodes.append(element("g", {"class": "tiles"}, tiles))
    if tiles:
        used.add("tile")
    if not options.ends:
        contributions = []
    elif contributions is None:
        contributions = layout.contributions()
    covered = {_badge_place(layout, c.tile, c.port) for c in contributions}
    if options.places:
        dots = []
        for place in layout.open_places():
            cx, cy = geo.markers[place]
            if place not in covered:
                used.add("place")
            lit = place in options.highlight_places
            if lit:
                used.add("picked-place")
            ident = f"{prefix}-place-{place.tile.low}{place.tile.high}-{place.port}"
            dots.append(
                place_mark(
                    str(place),
                    ident,
                    cx,
                    cy,
                    colors["dot"],
                    colors["highlight"] if lit else None,
                )
            )
        nodes.append(element("g", {"class": "places"}, dots))
    # which places are open is told by both, or by neither
    if options.closed_places and options.places:
        rings = _closed_places(layout, geo, prefix, colors)
        if rings:
            used.add("closed")
            nodes.append(element("g", {"class": "closed-places"}, rings))
    if options.ends:
        badges = []
        for c in contributions:
            bx, by = geo.markers[_badge_place(layout, c.tile, c.port)]
            badges.append(
                end_mark(
                    str(c.tile),
                    None if c.port is None else c.port.notation,
                    c.value,
                    bx,
                    by,
                    colors["badge"],
                    colors["badge text"],
                )
            )
        if badges:
            used.add("end")
        nodes.append(element("g", {"class": "ends"}, badges))
    bottom = box[1] + box[3]
    width = box[2]
    if options.caption:
        verdict = verdict_of(layout, play) if options.ends else None
        ordered = sorted_contributions(contributions, lang)
        if verdict is not None:
            line = verdict_line(layout, ordered, verdict, lang)
        elif options.ends:
            line = caption_line_of(layout, ordered, lang)
        else:
            line = hidden_ends_line(layout, lang)
        color = colors[VERDICTS[verdict]] if verdict is not None else colors["text"]
        cls = f"caption {verdict}" if verdict is not None else "caption"
        nodes.append(text(box[0] + MARGIN, bottom + 4, line, size=15, fill=color, cls=cls))
        width = max(width, 2 * MARGIN + text_width(line, 15))
        bottom += LINE + 4
        if verdict is not None and play is not None:
            why = _sentence(play.reason().text(lang))
            attrs = {
                "x": num(box[0] + MARGIN),
                "y": num(bottom + 2),
                "font-family": FONT,
                "font-size": "14",
                "fill": color,
                "class": f"verdict {verdict}",
                "data-status": verdict,
            }
            nodes.append(element("text", attrs, content=why))
            width = max(width, 2 * MARGIN + text_width(why, 14))
            bottom += LINE
            used.add(verdict)
    if options.legend and used:
        group, legend_width, legend_height = legend_rows(
            used, colors, lang, box[0] + MARGIN, bottom - 8, defs=prefix
        )
        nodes.append(group)
        width = max(width, 2 * MARGIN + legend_width)
        bottom += legend_height - 4
    box[3] = bottom + (8 if options.caption or (options.legend and used) else 0) - box[1]
    box[2] = width
    return Panel((box[0], box[1], box[2], box[3]), nodes)


def render_svg(
    layout: Layout | str,
    *,
    size: int | None = None,
    ends: bool = True,
    places: bool = True,
    spinners: bool = True,
    caption: bool = True,
    legend: bool = False,
    highlight_places: Iterable[Place | str] = (),
    highlight_tiles: Iterable[Tile | str] = (),
    last: Tile | str | None = AUTO,
    closed_places: bool = True,
    play: PlayEvent | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """The layout as a domino picture (a Layout or its notation text).

    The options are keywords, as a notebook asks for a picture; checked against the layout,
    they are gathered into one :class:`~exact61_widgets.render.options.PictureOptions`,
    which the drawing below (:func:`layout_panel`) takes.

    :param size: width in pixels (None: one pixel per user unit).
    :param ends: draw the badges of the scoring ends. Without them (an exercise)
        nothing in the picture states a contribution, sum or award: the caption
        line says the ends are not marked, and ``<title>``/``<desc>`` name only
        tiles, spinners, connections and (if drawn) open places.
    :param places: draw the dots of the open places (and, unless ``closed_places`` is
        False, the rings of the closed branches: without dots, as in an exercise on
        open places, neither is drawn).
    :param spinners: draw the dashed frames of the spinners.
    :param caption: draw the caption line (sum and award) under the picture.
    :param legend: draw under it the legend rows of the marks this picture shows
        (:func:`~exact61_widgets.render.legend.render_legend` draws them all).
    :param highlight_places: open places to pick out (e.g. where a chosen tile may go).
    :param highlight_tiles: tiles on the table to pick out.
    :param last: the tile to mark with the last play's star; ``"auto"`` (the default)
        is the layout's last placement, None marks none.
    :param closed_places: draw hollow rings (``class="place closed"``) where spinners'
        branches will open once both lines are filled (R4.3); on by default, so that
        a spinner looks the same in every picture. An interactive board answers a
        click there with the reason.
    :param play: the event of the layout's last play (:meth:`Match.push` returns it):
        an award the target check rejected is drawn rejected, with the engine's reason
        (R1.4), and a going-out tile's award as kept for the settlement (R7.4), in the
        caption line, ``<title>`` and ``<desc>``.
    :param lang: ``"en"`` or ``"ru"`` for the texts, ``<title>`` and ``<desc>``.
    :param colors: colours to override, by the keys of :data:`~exact61_widgets.render.theme.LIGHT`.
    :param theme: ``"light"`` or ``"dark"``.
    :param id_prefix: the prefix of every id (default: derived from the content).

    >>> svg = render_svg("[1|4] [1|1]@[1|4]:low", lang="ru")  # Jupyter shows it as a picture
    >>> svg.startswith("<svg"), "Начисление за выкладывание: 0 исходных очков" in svg
    (True, True)
    """
    lang = check_lang(lang)
    if not isinstance(layout, Layout):
        layout = Layout.parse(layout)
    size = check_size(size)
    palette_ = palette(theme, colors)
    if last == AUTO:  # the last placement's tile (cheaper than building every placement)
        played = layout.tiles
        last_tile = played[-1] if played else None
    else:
        last_tile = None if last is None else _tile_on(layout, last, "last")
    lit_tiles = {_tile_on(layout, t, "highlight_tiles") for t in highlight_tiles}
    lit_places = _open_places(layout, highlight_places)
    notation = str(layout)
    prefix = figure_prefix(
        "layout",
        notation,
        {
            "ends": ends,
            "places": places,
            "spinners": spinners,
            "caption": caption,
            "legend": legend,
            "last": str(last_tile),
            "closed": closed_places,
            "lang": lang,
            "theme": theme,
            "colors": sorted(palette_.items()),
            "size": size,
            "tiles": sorted(t.index for t in lit_tiles),
            "lit": sorted(p.code for p in lit_places),
            **({} if play is None else {"play": play}),
        },
        id_prefix,
    )
    options = PictureOptions(
        ends=ends,
        places=places,
        spinners=spinners,
        caption=caption,
        legend=legend,
        closed_places=closed_places,
        last=last_tile,
        highlight_tiles=frozenset(lit_tiles),
        highlight_places=frozenset(lit_places),
        play=play,
        lang=lang,
        colors=palette_,
        size=size,
    )
    contributions = layout.contributions()
    panel = layout_panel(layout, drawn_geometry(layout, notation), prefix, options, contributions)
    if ends:
        ordered = sorted_contributions(contributions, lang)
        title = caption_of(layout, ordered, lang)
        if play is not None and verdict_of(layout, play) is not None:
            title = f"{title} {_sentence(play.reason().text(lang))}."
        desc = f"{title} {details(layout, lang, ordered)}"
    else:
        title = hidden_ends_title(layout, lang)
        desc = hidden_ends_description(layout, lang, places=places)
    return picture(panel, prefix, options.size, title, desc, palette_["background"])


def tile_svg(
    tile: Tile | str,
    *,
    size: int | None = None,
    horizontal: bool = False,
    face_up: bool = True,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """One tile, upright by default; face down it shows only its back (no ``data-tile``)."""
    lang = check_lang(lang)
    tile = as_tile(tile)
    size = check_size(size)
    palette_ = palette(theme, colors)
    prefix = figure_prefix(
        "tile",
        str(tile) if face_up else "back",
        {
            "horizontal": horizontal,
            "lang": lang,
            "theme": theme,
            "colors": sorted(palette_.items()),
            "size": size,
        },
        id_prefix,
    )
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    if face_up:
        node = tile_group(
            tile,
            0,
            0,
            tile.low,
            tile.high,
            horizontal,
            TileLook.of(palette_),
            classes=("tile", "double") if tile.is_double else ("tile",),
            ident=f"{prefix}-tile",
            defs=prefix,
        )
        title = Msg("Tile {tile}", {"tile": str(tile)}).text(lang)
        desc = Msg(
            "{tile}: {pips}", {"tile": str(tile), "pips": Plural("{n} pip", "{n} pips", tile.pips)}
        ).text(lang)
    else:
        node = back_group(0, 0, horizontal, palette_, ident=f"{prefix}-tile", defs=prefix)
        title = desc = gettext("A face-down tile", lang)
    return picture(Panel((0, 0, w, h), [node]), prefix, size, title, desc, None)


def match_svg(
    match: Match,
    *,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """A match at a glance: the layout, the mover's hand, the boneyard and the scores."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    layout = match.layout
    seat = match.to_move
    key = f"{layout}|{match.hands}|{match.boneyard_count}|{match.scores}|{seat}|{match.status}"
    prefix = figure_prefix(
        "match",
        key,
        {"lang": lang, "theme": theme, "colors": sorted(palette_.items()), "size": size},
        id_prefix,
    )
    final = layout.last
    last = final.tile if final is not None else None
    options = PictureOptions(last=last, lang=lang, colors=palette_)
    table = layout_panel(layout, drawn_geometry(layout, str(layout)), f"{prefix}-layout", options)
    hand = hand_panel(
        match.hand(seat),
        palette_,
        f"{prefix}-hand",
        label=Msg("Seat {seat} to move", {"seat": seat}).text(lang),
    )
    bones = boneyard_panel(match.boneyard_count, palette_, lang, f"{prefix}-boneyard")
    board = scoreboard_panel(
        match.scores, palette_, lang, f"{prefix}-scores", players=match.players, tally=False
    )
    gap = 24
    row_h = max(hand.height, bones.height)
    width = max(
        table.width, MARGIN + hand.width + gap + bones.width + MARGIN, MARGIN + board.width + MARGIN
    )
    height = table.height + gap + row_h + gap + board.height + MARGIN
    nodes = [
        table.at(0, 0, "layout"),
        hand.at(MARGIN, table.height + gap, "to-move"),
        bones.at(MARGIN + hand.width + gap, table.height + gap, "pile"),
        board.at(MARGIN, table.height + 2 * gap + row_h, "scores"),
    ]
    title = Msg(
        "Hand {hand}, seat {seat} to move: {caption}",
        {"hand": match.hand_number, "seat": seat, "caption": caption_line(layout, lang)},
    ).text(lang)
    desc = describe(layout, lang)
    return picture(
        Panel((0, 0, width, height), nodes), prefix, size, title, desc, palette_["background"]
    )
