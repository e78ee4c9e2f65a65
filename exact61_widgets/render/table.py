"""The match table as one picture, as domino programs and lichess draw theirs.

State in, SVG out: :func:`table_svg` draws a :class:`~exact61_widgets.engine.match.Match`
as the viewer sees it. The viewer's hand lies at the bottom, face up; the other seats sit
round the layout in turn order (left, opposite, right: with four players the partner
opposite), each hand face down with its count until the hand is over (R2.3); the layout
lies in the middle, scaled down to fit; at the side stand whose turn it is and the last
action, the layout's sum and award, the boneyard, the score board and each side's paper
tally (R10).

The picture has one size in user units whatever the position (:data:`WIDTH` ×
:data:`HEIGHT`), so a page that holds it once holds it always: 1200 pixels wide it fits a
1366×768 screen together with the classroom's controls. Every part has a region of
its own (:func:`table_regions`), and :func:`table_layout` says where each part landed once
scaled to fit; the regions never overlap and each part stays inside its region (the tests
check both over many positions).

Classes the board relies on: ``exact61-layout`` on the layout's group (its open places
take the keyboard), ``exact61-hand`` on the viewer's hand (its tiles do). Every seat is a
``g.seat`` with ``data-seat``, ``data-count`` and ``data-region`` (``south`` for the
viewer's); the seat to move has the class ``to-move``. Every part is built by
:mod:`~exact61_widgets.render.svgkit`'s ``element``, ``text`` and ``picture`` and by the
pictures' own panel functions, composed as lists of children.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exact61_widgets.engine.events import (
    BlockedAwardEvent,
    DrawEvent,
    Event,
    OutEvent,
    PassEvent,
    PlayEvent,
)
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.scoring import TARGET, TARGET_PARAMS, displayed, to_target
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.render.descriptions import details, hand_line, sorted_contributions
from exact61_widgets.render.geometry import drawn_geometry
from exact61_widgets.render.options import PictureOptions
from exact61_widgets.render.svg import VERDICTS, layout_panel, match_caption
from exact61_widgets.render.svg_table_parts import (
    boneyard_panel,
    hand_panel,
    scoreboard_panel,
)
from exact61_widgets.render.svg_tally import FIGURE, tally_panel
from exact61_widgets.render.svg_tally import GAP as TALLY_GAP
from exact61_widgets.render.svgkit import (
    Markup,
    Panel,
    SvgText,
    check_size,
    element,
    figure_prefix,
    node_cache,
    num,
    picture,
    share,
    text,
    text_width,
)
from exact61_widgets.render.theme import RenderError, palette

if TYPE_CHECKING:
    from exact61_widgets.engine.match import Match

#: The picture's size in user units (pixels at zoom 1): the same for every position.
WIDTH = 1260
HEIGHT = 500
#: The side column (turn, boneyard, scores, tallies) and the gap between regions.
SIDE = 290
GAP = 12
#: The bands of the viewer's hand (bottom) and of the seat opposite (top), each one row
#: (the label, then the tiles), and the columns of the seats at the left and right.
SOUTH = 84
NORTH = 44
WEST = 96
#: The space between a seat's label and its tiles.
ROW_GAP = 14
#: The largest scale of each part: the viewer's tiles are drawn a quarter larger than the
#: layout's, the other seats' backs at 0.6; the layout never grows past its own size.
HAND_SCALE = 1.25
BACK_SCALE = 0.6
LAYOUT_SCALE = 1.0
#: Text sizes in user units: the turn, the labels (and the layout's line), the counts.
TURN_SIZE = 17
LABEL_SIZE = 15
SMALL_SIZE = 13
#: Displayed points a tally row must hold: 61 is six full figures and one stroke.
TALLY_FIGURES = -(-displayed(TARGET) // 10)

#: The order the regions are drawn in, which is the order a screen reader meets them in:
#: the other seats, the layout, the viewer's hand, the side column.
DRAWING_ORDER = ("west", "north", "east", "layout", "south", "side")

Box = tuple[float, float, float, float]
"""A rectangle in user units: ``(x, y, width, height)``."""


@dataclass(frozen=True)
class TableLayout:
    """Where the picture's parts go: each region, and the box each part fills in it.

    ``seats`` maps each seat to its region's name (``south`` is the viewer's).
    """

    #: Each region's box, by name.
    regions: Mapping[str, Box]
    #: The box each part of the picture fills.
    parts: Mapping[str, Box]
    #: Each seat's region (``south`` is the viewer's).
    seats: Mapping[int, str]


@dataclass(frozen=True)
class _Part:
    """A part placed in its region: its elements, already moved and scaled, and its box;
    what in it the board's keyboard reaches: open places' dots, tiles of the viewer's hand."""

    nodes: list[Markup]
    box: Box
    places: tuple[Place, ...] = ()
    tiles: tuple[Tile, ...] = ()


class TableSvg(SvgText):
    """The table picture (SVG text, shown as a picture like every other) with what its
    keyboard reaches, as drawn: the layout's open places (``places``) and the tiles of the
    viewer's hand (``tiles``), each in the order a screen reader meets them.

    A board names these items (:func:`~exact61_widgets.widgets.figures.target_labels`)
    from the picture itself, so nothing describes the picture a second time.
    """

    #: The layout's open places, each drawn as a dot the keyboard reaches.
    places: tuple[Place, ...]
    #: The tiles of the viewer's hand, face up, which the keyboard reaches (none without one).
    tiles: tuple[Tile, ...]

    def __new__(cls, svg: str, places: tuple[Place, ...], tiles: tuple[Tile, ...]) -> TableSvg:
        drawn = super().__new__(cls, svg)
        drawn.places, drawn.tiles = places, tiles
        return drawn


def seat_regions(players: int, bottom: int) -> dict[int, str]:
    """Which region each seat sits in, the seat ``bottom`` at the bottom (``south``).

    The others follow in turn order round the table: with two players opposite, with
    three at the left and the right, with four at the left, opposite (the partner, R2.1)
    and the right.
    """
    if not 2 <= players <= 4:
        raise RenderError(
            Msg("a match has 2, 3 or 4 players, not {players}", {"players": repr(players)})
        )
    order = {2: ("north",), 3: ("west", "east"), 4: ("west", "north", "east")}[players]
    seats = {bottom: "south"}
    for k, name in enumerate(order, start=1):
        seats[(bottom + k) % players] = name
    return seats


def table_regions(players: int) -> dict[str, Box]:
    """The regions of the picture for ``players`` (2–4), in user units; none overlap.

    ``side`` (turn, boneyard, scores, tallies), ``south`` (the viewer's hand), the seats'
    regions that this many players use (``north``, ``west``, ``east``) and ``layout``.
    """
    names = set(seat_regions(players, 0).values())
    table_w = WIDTH - SIDE - GAP
    regions: dict[str, Box] = {
        "side": (WIDTH - SIDE, 0, SIDE, HEIGHT),
        "south": (0, HEIGHT - SOUTH, table_w, SOUTH),
    }
    top = 0.0
    if "north" in names:
        regions["north"] = (0, 0, table_w, NORTH)
        top = NORTH + GAP
    middle = HEIGHT - SOUTH - GAP - top
    left, right = 0.0, float(table_w)
    if "west" in names:
        regions["west"] = (0, top, WEST, middle)
        regions["east"] = (table_w - WEST, top, WEST, middle)
        left, right = WEST + GAP, table_w - WEST - GAP
    regions["layout"] = (left, top, right - left, middle)
    return regions


def _fit(
    content: Box, region: Box, most: float, align: str = "center", across: str = "center"
) -> tuple[float, float, float]:
    """``(dx, dy, scale)`` that puts ``content`` in ``region``, at most ``most`` times its size.

    ``across`` places it along the width (``left`` or ``center``), ``align`` along the height
    (``top``, ``center``, ``bottom``). The scale is rounded down and the shift rounded to the
    hundredths the markup writes, so the box computed is the box drawn.
    """
    cx, cy, cw, ch = content
    rx, ry, rw, rh = region
    scale = min(most, rw / cw if cw else most, rh / ch if ch else most)
    scale = math.floor(scale * 100 + 1e-9) / 100
    free = rw - cw * scale
    dx = rx - cx * scale + (free / 2 if across == "center" else 0.0)
    room = rh - ch * scale
    dy = ry - cy * scale + {"top": 0.0, "center": room / 2, "bottom": room}[align]
    return round(dx, 2), round(dy, 2), scale


def _placed(
    nodes: Sequence[Markup],
    content: Box,
    fit: tuple[float, ...],
    cls: str,
    places: tuple[Place, ...] = (),
    tiles: tuple[Tile, ...] = (),
) -> _Part:
    """``nodes`` in a group moved and scaled by ``fit``, and the box they then fill
    (``places`` and ``tiles``: what the keyboard reaches among them)."""
    dx, dy, scale = fit
    attrs = {"class": cls, "transform": f"translate({num(dx)},{num(dy)}) scale({num(scale)})"}
    cx, cy, cw, ch = content
    return _Part(
        [element("g", attrs, list(nodes))],
        (dx + cx * scale, dy + cy * scale, cw * scale, ch * scale),
        places,
        tiles,
    )


def _marker(x: float, y: float, size: float, colors: Mapping[str, str]) -> Markup:
    """The seat-to-move marker: a filled triangle pointing right, its tip at (x + size, y)."""
    half = size / 2
    return element(
        "polygon",
        {
            "points": f"{num(x)},{num(y - half)} {num(x + size)},{num(y)} {num(x)},{num(y + half)}",
            "fill": colors["highlight"],
            "class": "to-move-mark",
        },
    )


# -- texts -------------------------------------------------------------------------------------


def seat_name(match: Match, seat: int, viewer: int | None, lang: str | None = None) -> str:
    """A seat's label: ``Your hand (seat 0)``, ``Seat 2 (partner)`` with four, ``Seat 1``."""
    if seat == viewer:
        return Msg("Your hand (seat {seat})", {"seat": seat}).text(lang)
    if viewer is not None and match.seating.are_partners(seat, viewer):
        return Msg("Seat {seat} (partner)", {"seat": seat}).text(lang)
    return Msg("Seat {seat}", {"seat": seat}).text(lang)


def turn_text(match: Match, viewer: int | None, lang: str | None = None) -> str:
    """Whose turn it is in a few words: ``Hand 2: your turn``, ``Hand 2: seat 1 to move``."""
    if match.is_over:
        winner = match.winner if match.winner is not None else 0
        return Msg("The match is over: {side} won", {"side": match.seating.side_name(winner)}).text(
            lang
        )
    if match.status == "hand_over":
        return Msg("Hand {n} is over", {"n": match.hand_number}).text(lang)
    if match.to_move == viewer:
        return Msg("Hand {n}: your turn", {"n": match.hand_number}).text(lang)
    return Msg(
        "Hand {n}: seat {seat} to move", {"n": match.hand_number, "seat": match.to_move}
    ).text(lang)


def last_action_text(match: Match, viewer: int | None, lang: str | None = None) -> str:
    """The hand's last event in a few words: ``Last: seat 1 played [2|5], +2 points``.

    A tile that another seat drew stays hidden (D4); before the first play, who leads.
    """
    events = match.hand_events
    if not events:
        if match.status != "playing":
            return ""
        return Msg("Seat {seat} leads", {"seat": match.to_move}).text(lang)
    return _event_words(events[-1], viewer).text(lang)


def _event_words(event: Event, viewer: int | None) -> Msg:
    """:func:`last_action_text` of one event."""
    if isinstance(event, PlayEvent):
        params = {
            "seat": event.seat,
            "tile": str(event.tile),
            "points": Plural("+{n} point", "+{n} points", displayed(event.award)),
        }
        if event.award and event.status == "rejected":
            return Msg("Last: seat {seat} played {tile}, {points} rejected (R1.4)", params)
        if event.award and event.status == "applied":
            return Msg("Last: seat {seat} played {tile}, {points}", params)
        return Msg("Last: seat {seat} played {tile}", params)
    if isinstance(event, DrawEvent):
        if event.seat == viewer:
            return Msg("Last: you drew {tile}", {"tile": str(event.tile)})
        return Msg("Last: seat {seat} drew a tile", {"seat": event.seat})
    if isinstance(event, PassEvent):
        return Msg("Last: seat {seat} passed", {"seat": event.seat})
    if isinstance(event, OutEvent):
        return Msg("Last: seat {seat} went out", {"seat": event.seat})
    if isinstance(event, BlockedAwardEvent):
        return Msg("Last: the hand is blocked (R8)")
    return Msg("Last: exactly {target} (R9)", TARGET_PARAMS)


def table_description(match: Match, viewer: int | None, lang: str | None = None) -> str:
    """The picture's ``<desc>``: the last action, every hand, the boneyard, scores, layout.

    The other seats' tiles are counted, not named, until the hand is over (R2.3).
    """
    lang = check_lang(lang)
    parts = []
    last = last_action_text(match, viewer, lang)
    if last:
        parts.append(f"{last}.")
    for seat in _turn_order(match.players, viewer):
        label = seat_name(match, seat, viewer, lang)
        hand = match.hand(seat)
        if seat == viewer or match.status != "playing":
            parts.append(hand_line(label, hand, lang) + ".")
        else:
            parts.append(
                Msg(
                    "{label}: {count} face down.",
                    {"label": label, "count": Plural("{n} tile", "{n} tiles", len(hand))},
                ).text(lang)
            )
    if match.boneyard_count:
        count = Plural("{n} tile", "{n} tiles", match.boneyard_count)
        parts.append(Msg("Boneyard: {count}", {"count": count}).text(lang) + ".")
    else:  # not "0 tiles"
        parts.append(Msg("The boneyard is empty.").text(lang))
    parts.append(
        "; ".join(
            Msg(
                "{side}: {raw} ({points}), {left} to {target}",
                {
                    **TARGET_PARAMS,
                    # one list: after «;» it goes on in lowercase (pair 1+3, игрок 1)
                    "side": (
                        match.seating.side_name(side) if side else match.seating.side_title(side)
                    ).text(lang),
                    "raw": Plural("{n} raw point", "{n} raw points", raw),
                    "points": Plural("{n} displayed point", "{n} displayed points", displayed(raw)),
                    "left": displayed(to_target(raw)),
                },
            ).text(lang)
            for side, raw in enumerate(match.scores)
        )
        + "."
    )
    layout = match.layout
    ordered = sorted_contributions(layout.contributions(), lang)
    parts.append(match_caption(match, lang)[0])
    parts.append(details(layout, lang, ordered))
    return " ".join(parts)


def _turn_order(players: int, viewer: int | None) -> list[int]:
    """The seats from the one at the bottom round the table."""
    bottom = 0 if viewer is None else viewer
    return [(bottom + k) % players for k in range(players)]


# -- the parts ---------------------------------------------------------------------------------


def _text_part(
    x: float,
    baseline: float,
    width: float,
    words: str,
    size: float,
    fill: str,
    *,
    anchor: str = "start",
    weight: str | None = None,
    cls: str | None = None,
) -> _Part:
    """A line of text at ``x`` with its baseline at ``baseline``, shrunk if need be to fit
    ``width``, and the box it fills (its advance estimated generously)."""
    bold = weight == "bold"
    needed = text_width(words, size, bold=bold)
    if needed > width:
        size = size * width / needed
    used = min(width, text_width(words, size, bold=bold))
    start = {"start": x, "middle": x + width / 2, "end": x + width}[anchor]
    node = text(start, baseline, words, size=size, fill=fill, anchor=anchor, weight=weight, cls=cls)
    left = {"start": x, "middle": x + (width - used) / 2, "end": x + width - used}[anchor]
    return _Part([node], (left, baseline - size, used, size * 1.25))


def _label(
    left: float,
    baseline: float,
    width: float,
    words: str,
    to_move: bool,
    colors: Mapping[str, str],
) -> dict[str, _Part]:
    """A seat's label starting at ``left``; the seat to move has a marker before it.

    The marker is a triangle pointing at the label, which is then bold: told by its shape
    and weight, not by colour alone. The two take at most ``width``.
    """
    mark = LABEL_SIZE * 0.8
    indent = mark + 6 if to_move else 0.0
    parts = {
        "label": _text_part(
            left + indent,
            baseline,
            width - indent,
            words,
            LABEL_SIZE,
            colors["text"],
            weight="bold" if to_move else None,
            cls="label",
        )
    }
    if to_move:
        middle = baseline - LABEL_SIZE * 0.38
        parts["mark"] = _Part(
            [_marker(left, middle, mark, colors)], (left, middle - mark / 2, mark, mark)
        )
    return parts


def _label_width(words: str, to_move: bool, most: float) -> float:
    """How wide :func:`_label` draws ``words`` (marker included), at most ``most``."""
    indent = LABEL_SIZE * 0.8 + 6 if to_move else 0.0
    return min(most, indent + text_width(words, LABEL_SIZE, bold=to_move))


def _seat_parts(
    match: Match,
    seat: int,
    where: str,
    region: Box,
    viewer: int | None,
    colors: Mapping[str, str],
    lang: str,
    prefix: str,
    chosen: Sequence[Tile],
) -> dict[str, _Part]:
    """A seat's label (with the to-move marker) and its tiles, inside its region."""
    x, y, w, h = region
    hand = list(match.hand(seat))
    to_move = match.status == "playing" and match.to_move == seat
    name = seat_name(match, seat, viewer, lang)
    parts: dict[str, _Part] = {}
    # Everyone's tiles are shown in the settlement at the end of the hand (R2.3).
    shown = seat == viewer or match.status != "playing"
    if seat == viewer:
        panel = hand_panel(hand, colors, f"{prefix}-hand", highlight=chosen)
        most, cls = HAND_SCALE, "exact61-hand"
    else:
        panel = hand_panel(hand, colors, f"{prefix}-seat{seat}-hand", face_up=shown)
        most, cls = BACK_SCALE, "shown" if shown else "backs"
    if where in ("west", "east"):
        parts.update(_label(x, y + LABEL_SIZE, w, name, to_move, colors))
        count = Plural("{n} tile", "{n} tiles", len(hand)).text(lang)
        parts["count"] = _text_part(
            x, y + LABEL_SIZE + 4 + SMALL_SIZE, w, count, SMALL_SIZE, colors["muted"], cls="count"
        )
        below = LABEL_SIZE + SMALL_SIZE + 12
        # The row of tiles turned a quarter: a column of tiles lying across.
        bx, by, bw, bh = panel.box
        turned = (-(by + bh), bx, bh, bw)
        dx, dy, scale = _fit(turned, (x, y + below, w, h - below), most, "top")
        attrs = {
            "class": cls,
            "transform": f"translate({num(dx)},{num(dy)}) scale({num(scale)}) rotate(90)",
        }
        parts["tiles"] = _Part(
            [element("g", attrs, panel.nodes)],
            (dx + turned[0] * scale, dy + turned[1] * scale, bh * scale, bw * scale),
        )
        return parts
    # One row, centred in the band: the label, then the tiles.
    words = (
        name
        if seat == viewer
        else Msg(
            "{label} · {count}",
            {"label": name, "count": Plural("{n} tile", "{n} tiles", len(hand))},
        ).text(lang)
    )
    label_w = _label_width(words, to_move, w * 0.4)
    scale = _fit(panel.box, (0, 0, w - label_w - ROW_GAP, h), most)[2]
    left = x + (w - label_w - ROW_GAP - panel.width * scale) / 2
    parts.update(_label(left, y + h / 2 + LABEL_SIZE * 0.38, label_w, words, to_move, colors))
    tiles_box = (left + label_w + ROW_GAP, y, panel.width * scale, h)
    keyed = tuple(hand) if seat == viewer else ()  # the viewer's tiles take the keyboard
    fit = _fit(panel.box, tiles_box, most)
    parts["tiles"] = _placed(panel.nodes, panel.box, fit, cls, tiles=keyed)
    return parts


def _tally_shape(sides: int, height: float) -> tuple[int, float]:
    """Figures per row and the scale that show the most a side can hold, largest first."""
    best = (TALLY_FIGURES, 0.0)
    for per_row in range(1, TALLY_FIGURES + 1):
        rows = -(-TALLY_FIGURES // per_row)
        width = per_row * (FIGURE + TALLY_GAP) - TALLY_GAP
        tall = rows * (FIGURE + TALLY_GAP) - TALLY_GAP
        scale = min(SIDE / width, (height / sides - SMALL_SIZE - 10) / tall)
        if scale > best[1]:
            best = (per_row, scale)
    return best


def _side_parts(
    match: Match, viewer: int | None, colors: Mapping[str, str], lang: str, prefix: str
) -> dict[str, _Part]:
    """The side column: the turn, the last action and the layout's sum and award, the
    boneyard, the scores, the tallies.

    It changes only when one of them does (not when a tile is picked out): it is built
    once for what it shows and its elements are shared (written once).
    """
    line, verdict = match_caption(match, lang)
    return _side_column(
        match.players,
        tuple(match.seating.side_title(side).text(lang) for side in range(len(match.scores))),
        turn_text(match, viewer, lang),
        last_action_text(match, viewer, lang),
        line,
        verdict,
        match.boneyard_count,
        tuple(match.scores),
        tuple(sorted(colors.items())),
        lang,
        prefix,
    )


@node_cache(maxsize=256)
def _side_column(
    players: int,
    titles: tuple[str, ...],
    turn: str,
    last: str,
    line: str,
    verdict: str | None,
    boneyard: int,
    scores: tuple[int, ...],
    palette_items: tuple[tuple[str, str], ...],
    lang: str,
    prefix: str,
) -> dict[str, _Part]:
    """:func:`_side_parts` from plain values (cached: callers must not change the parts)."""
    colors = dict(palette_items)
    x, y, w, h = table_regions(players)["side"]
    parts = {
        "turn": _text_part(
            x,
            y + TURN_SIZE,
            w,
            turn,
            TURN_SIZE,
            colors["text"],
            weight="bold",
            cls="turn",
        ),
    }
    top = y + TURN_SIZE * 1.25 + 4
    if last:
        parts["last"] = _text_part(
            x, top + SMALL_SIZE + 2, w, last, SMALL_SIZE + 1, colors["muted"], cls="last-action"
        )
    top += SMALL_SIZE + 8
    # The layout's sum and award, as every layout picture gives it under the tiles.
    color = colors[VERDICTS[verdict]] if verdict is not None else colors["text"]
    cls = f"caption {verdict}" if verdict is not None else "caption"
    parts["caption"] = _text_part(x, top + LABEL_SIZE + 2, w, line, LABEL_SIZE, color, cls=cls)
    top += LABEL_SIZE * 1.25 + 12
    bones = boneyard_panel(boneyard, colors, lang, f"{prefix}-boneyard")
    fit = _fit(bones.box, (x, top, w, bones.height), 1.0, "top", "left")
    parts["boneyard"] = _placed(bones.nodes, bones.box, fit, "pile")
    top += bones.height * fit[2] + GAP
    board = scoreboard_panel(
        list(scores), colors, lang, f"{prefix}-scores", players=players, tally=False
    )
    fit = _fit(board.box, (x, top, w, h - top), 1.0, "top", "left")
    parts["scores"] = _placed(board.nodes, board.box, fit, "scores")
    top += board.height * fit[2] + GAP
    sides = len(scores)
    per_row, scale = _tally_shape(sides, y + h - top)
    slot = (y + h - top) / sides
    for side, raw in enumerate(scores):
        label = titles[side]
        parts[f"tally-label-{side}"] = _text_part(
            x, top + SMALL_SIZE, w, label, SMALL_SIZE, colors["muted"], cls="label"
        )
        figures = tally_panel(displayed(raw), colors, f"{prefix}-tally-{side}", per_row=per_row)
        region = (x, top + SMALL_SIZE + 6, w, slot - SMALL_SIZE - 10)
        fit = _fit(figures.box, region, scale, "top", "left")
        parts[f"tally-{side}"] = _placed(figures.nodes, figures.box, fit, "tally-row")
        top += slot
    return {name: _Part([share(n) for n in part.nodes], part.box) for name, part in parts.items()}


def _check_places(match: Match, places: Iterable[Place | str]) -> set[Place]:
    found = set()
    for item in places:
        place = Place.parse(item) if isinstance(item, str) else item
        if not match.layout.is_open(place):
            raise RenderError(
                Msg("places: {place} is not an open place of the layout", {"place": str(place)})
            )
        found.add(place)
    return found


def _check_viewer(match: Match, viewer: object) -> int | None:
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < match.players
    ):
        raise RenderError(
            Msg("the viewer is a seat from 0 to {last}, or None", {"last": match.players - 1})
        )
    return viewer


def _check_chosen(match: Match, viewer: int | None, chosen: Iterable[Tile | str]) -> list[Tile]:
    tiles = [as_tile(t) for t in chosen]
    hand = match.hand(viewer) if viewer is not None else ()
    for tile in tiles:
        if tile not in hand:
            raise RenderError(
                Msg("chosen: {tile} is not in the viewer's hand", {"tile": str(tile)})
            )
    return tiles


def _compose(
    match: Match,
    viewer: int | None,
    chosen: Sequence[Tile],
    places: set[Place],
    colors: Mapping[str, str],
    lang: str,
    prefix: str,
) -> tuple[dict[str, _Part], dict[str, Box], dict[int, str]]:
    """Every part of the picture, by name, with the regions and where each seat sits."""
    regions = table_regions(match.players)
    seats = seat_regions(match.players, 0 if viewer is None else viewer)
    parts: dict[str, _Part] = {}
    for seat, where in seats.items():
        for name, part in _seat_parts(
            match, seat, where, regions[where], viewer, colors, lang, prefix, chosen
        ).items():
            parts[f"{where}-{name}"] = part
    layout = match.layout
    contributions = layout.contributions()
    options = PictureOptions(
        caption=False,
        last=layout.tiles[-1] if layout else None,
        highlight_places=frozenset(places),
        lang=lang,
        colors=colors,
    )
    panel = layout_panel(
        layout, drawn_geometry(layout, str(layout)), f"{prefix}-layout", options, contributions
    )
    fit = _fit(panel.box, regions["layout"], LAYOUT_SCALE)
    dots = tuple(layout.open_places())  # each drawn as a dot the keyboard reaches
    parts["layout"] = _placed(panel.nodes, panel.box, fit, "exact61-layout layout", places=dots)
    for name, part in _side_parts(match, viewer, colors, lang, prefix).items():
        parts[f"side-{name}"] = part
    return parts, regions, seats


def table_layout(match: Match, *, viewer: int | None = 0, lang: str | None = None) -> TableLayout:
    """Where :func:`table_svg` puts each region and part for this match (for the tests)."""
    lang = check_lang(lang)
    viewer = _check_viewer(match, viewer)
    parts, regions, seats = _compose(match, viewer, [], set(), palette(), lang, "t")
    return TableLayout(regions, {name: part.box for name, part in parts.items()}, seats)


def table_svg(
    match: Match,
    *,
    viewer: int | None = 0,
    chosen: Iterable[Tile | str] = (),
    places: Iterable[Place | str] = (),
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> TableSvg:
    """The match as ``viewer`` sees it at the table: one picture of :data:`WIDTH` × :data:`HEIGHT`.

    :param viewer: the seat whose hand lies face up at the bottom; None (bots playing
        every seat) draws every hand face down, seat 0 at the bottom.
    :param chosen: tiles of the viewer's hand to pick out (a chosen tile, a hint).
    :param places: open places of the layout to pick out (where a chosen tile may go).
    :param size: width in pixels (None: one pixel per user unit).
    :param lang: ``"en"`` or ``"ru"``; ``colors``, ``theme`` and ``id_prefix`` as for
        :func:`~exact61_widgets.render.svg.render_svg`.
    :return: the SVG text, with what its keyboard reaches (:class:`TableSvg`).
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    viewer = _check_viewer(match, viewer)
    lit = _check_chosen(match, viewer, chosen)
    spots = _check_places(match, places)
    key = repr(
        (
            str(match.layout),
            [str(t) for t in match.hand(viewer)] if viewer is not None else None,
            [len(match.hand(s)) for s in range(match.players)],
            match.boneyard_count,
            match.scores,
            match.to_move,
            match.status,
            match.hand_number,
            last_action_text(match, viewer, lang),
        )
    )
    prefix = figure_prefix(
        "table",
        key,
        {
            "viewer": viewer,
            "chosen": sorted(t.index for t in lit),
            "places": sorted(p.code for p in spots),
            "lang": lang,
            "theme": theme,
            "colors": sorted(palette_.items()),
            "size": size,
        },
        id_prefix,
    )
    parts, _regions, seats = _compose(match, viewer, lit, spots, palette_, lang, prefix)
    nodes: list[Markup] = []
    keyed_places: list[Place] = []
    keyed_tiles: list[Tile] = []
    where = {name: seat for seat, name in seats.items()}
    for region in DRAWING_ORDER:
        inside = []
        for name, part in parts.items():
            if name.split("-", 1)[0] == region:
                inside.extend(part.nodes)
                keyed_places.extend(part.places)
                keyed_tiles.extend(part.tiles)
        seat = where.get(region)
        if seat is None:
            nodes.extend(inside)
            continue
        moving = match.status == "playing" and match.to_move == seat
        attrs = {
            "class": "seat to-move" if moving else "seat",
            "data-seat": str(seat),
            "data-count": str(len(match.hand(seat))),
            "data-region": region,
            "id": f"{prefix}-seat{seat}",
        }
        nodes.append(element("g", attrs, inside))
    turn = turn_text(match, viewer, lang)
    title = Msg(
        "{turn}. {caption}",
        {
            "turn": turn,
            "caption": match_caption(match, lang)[0],
        },
    ).text(lang)
    svg = picture(
        Panel((0, 0, WIDTH, HEIGHT), nodes),
        prefix,
        size,
        title,
        table_description(match, viewer, lang),
        palette_["background"],
    )
    return TableSvg(svg, tuple(keyed_places), tuple(keyed_tiles))
