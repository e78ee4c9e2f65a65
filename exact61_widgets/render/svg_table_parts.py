"""Pictures round the table: a hand, every hand, the boneyard, the score board, rounding to 5.

Each has a ``*_panel`` function (its elements, for composite pictures such as
:func:`~exact61_widgets.render.svg.match_svg`) and a ``*_svg`` function (a whole
picture with title, description and ids).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from exact61_widgets.engine.explain import rounding, rounding_rule
from exact61_widgets.engine.scoring import (
    POINT,
    TARGET_PARAMS,
    displayed,
    round5,
    rounding_direction,
    to_target,
)
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext, signed
from exact61_widgets.render.descriptions import hand_line
from exact61_widgets.render.marks import PICK_EDGE
from exact61_widgets.render.svg_tally import tally_panel
from exact61_widgets.render.svgkit import (
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

TILE_GAP = 8
LABEL = 22


def _options(
    lang: str, theme: str, size: int | None, colors: Mapping[str, str]
) -> dict[str, object]:
    return {"lang": lang, "theme": theme, "size": size, "colors": sorted(colors.items())}


def _margin(panel: Panel, margin: float = 12) -> Panel:
    x, y, w, h = panel.box
    return Panel((x - margin, y - margin, w + 2 * margin, h + 2 * margin), panel.nodes)


# -- hand --------------------------------------------------------------------------------


def hand_panel(
    tiles: Sequence[Tile],
    colors: Mapping[str, str],
    prefix: str,
    *,
    face_up: bool = True,
    highlight: Iterable[Tile] = (),
    label: str | None = None,
    defs: str | None = None,
) -> Panel:
    """Upright tiles in a row under a label; face down they show only their backs.

    A double in hand has class ``double`` (it becomes a spinner on the table). The
    tiles place the shared symbols of ``defs`` (default: ``prefix``), so that several
    hands in one picture can share them.
    """
    lit = set(highlight)
    nodes: list[Node] = []
    top = 0.0
    if label:
        nodes.append(text(0, 15, label, size=14, fill=colors["text"], cls="label"))
        top = LABEL
    for i, tile in enumerate(tiles):
        x = i * (SIDE + TILE_GAP)
        if face_up:
            classes = ["tile", "double"] if tile.is_double else ["tile"]
            face = edge = None
            if tile in lit:
                classes.append("highlight")
                face, edge = colors["tile highlight"], colors["highlight"]
            nodes.append(
                tile_group(
                    tile,
                    x,
                    top,
                    tile.low,
                    tile.high,
                    False,
                    TileLook.of(
                        colors, face=face, edge=edge, edge_width=PICK_EDGE if edge else 1.2
                    ),
                    classes=classes,
                    ident=f"{prefix}-tile-{i}",
                    defs=defs or prefix,
                )
            )
        else:
            nodes.append(
                back_group(
                    x,
                    top,
                    False,
                    colors,
                    ident=f"{prefix}-tile-{i}",
                    data={"data-index": str(i)},
                    defs=defs or prefix,
                )
            )
    width = float(max(len(tiles) * (SIDE + TILE_GAP) - TILE_GAP, 0))
    if label:
        width = max(width, 8.0 * len(label))
    return Panel(
        (0, 0, max(width, SIDE), top + 2 * SIDE),
        [element("g", {"class": "hand", "data-count": str(len(tiles))}, nodes)],
    )


def hand_svg(
    tiles: Iterable[Tile | str],
    *,
    face_up: bool = True,
    highlight: Iterable[Tile | str] = (),
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """A hand of tiles, face up (with ``highlight``\\ ed ones, e.g. the playable) or down."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    hand = [as_tile(t) for t in tiles]
    lit = [as_tile(t) for t in highlight]
    for tile in lit:
        if tile not in hand:
            raise RenderError(Msg("highlight: {tile} is not in the hand", {"tile": str(tile)}))
    content = " ".join(str(t) for t in hand) if face_up else f"{len(hand)} down"
    prefix = figure_prefix(
        "hand",
        content,
        {**_options(lang, theme, size, palette_), "lit": sorted(t.index for t in lit)},
        id_prefix,
    )
    panel = hand_panel(hand, palette_, prefix, face_up=face_up, highlight=lit)
    count = Plural("{n} tile", "{n} tiles", len(hand))
    if face_up:
        title = Msg(
            "Hand: {tiles}", {"tiles": ", ".join(str(t) for t in hand) or gettext("none", lang)}
        ).text(lang)
        desc = Msg(
            "{count}, {pips} in all.",
            {"count": count, "pips": Plural("{n} pip", "{n} pips", sum(t.pips for t in hand))},
        ).text(lang)
    else:
        title = desc = Msg("A hand of {count} face down.", {"count": count}).text(lang)
    return picture(_margin(panel), prefix, size, title, desc, palette_["background"])


def seats_svg(
    hands: Sequence[Iterable[Tile | str]],
    labels: Sequence[str],
    *,
    highlight: Iterable[Tile | str] = (),
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """Every hand face up, a labelled row per seat (a story's view of the whole table).

    ``labels`` are the rows' labels, already in ``lang``; ``highlight`` marks tiles in
    the hands (the ones just drawn). The description lists each row's tiles and pips.
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    rows = [[as_tile(t) for t in hand] for hand in hands]
    if len(labels) != len(rows):
        raise RenderError(
            Msg(
                "each hand needs its label: hands {count}, labels {given}",
                {"count": len(rows), "given": len(labels)},
            )
        )
    lit = {as_tile(t) for t in highlight}
    prefix = figure_prefix(
        "seats",
        repr([[str(t) for t in row] for row in rows]),
        {
            **_options(lang, theme, size, palette_),
            "labels": list(labels),
            "lit": sorted(t.index for t in lit),
        },
        id_prefix,
    )
    nodes = []
    top = width = 0.0
    lines = []
    for seat, (tiles, label) in enumerate(zip(rows, labels, strict=True)):
        panel = hand_panel(
            tiles,
            palette_,
            f"{prefix}-seat{seat}",
            highlight=[t for t in tiles if t in lit],
            label=label,
            defs=prefix,
        )
        nodes.append(panel.at(0, top, "seat"))
        top += panel.height + 14
        width = max(width, panel.width)
        # one list in the description: after «;» it goes on in lowercase (seat 1, игрок 1)
        lines.append(hand_line(label if not seat else label[:1].lower() + label[1:], tiles, lang))
    margin = 12.0
    box = (-margin, -margin, width + 2 * margin, top - 14 + 2 * margin)
    return picture(
        Panel(box, nodes),
        prefix,
        size,
        gettext("The hands", lang),
        "; ".join(lines) + ".",
        palette_["background"],
    )


# -- boneyard ----------------------------------------------------------------------------


def boneyard_panel(count: int, colors: Mapping[str, str], lang: str, prefix: str) -> Panel:
    """A small pile of face-down tiles with the number left to draw."""
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 28:
        raise RenderError(
            Msg("a boneyard holds 0 to 28 tiles, not {count}", {"count": repr(count)})
        )
    label = Msg("Boneyard: {count}", {"count": Plural("{n} tile", "{n} tiles", count)}).text(lang)
    nodes = [text(0, 15, label, size=14, fill=colors["text"], cls="label")]
    for i in range(min(count, 3)):
        nodes.append(
            back_group(
                i * 10, LABEL + 4 - i * 4, True, colors, ident=f"{prefix}-pile-{i}", defs=prefix
            )
        )
    if not count:
        nodes.append(
            element(
                "rect",
                {
                    "x": "1",
                    "y": num(LABEL + 1),
                    "width": num(2 * SIDE - 2),
                    "height": num(SIDE - 2),
                    "rx": "5",
                    "fill": "none",
                    "stroke": colors["muted"],
                    "stroke-dasharray": "4 3",
                },
            )
        )
    width = max(2 * SIDE + 20, 8.0 * len(label))
    return Panel(
        (0, 0, width, LABEL + 4 + SIDE),
        [element("g", {"class": "boneyard", "data-count": str(count)}, nodes)],
    )


def boneyard_svg(
    count: int,
    *,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """The boneyard: a pile of face-down tiles and how many are left (R2.2, R3.3)."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    prefix = figure_prefix("boneyard", str(count), _options(lang, theme, size, palette_), id_prefix)
    panel = boneyard_panel(count, palette_, lang, prefix)
    title = Msg("Boneyard: {count}", {"count": Plural("{n} tile", "{n} tiles", count)}).text(lang)
    return picture(_margin(panel), prefix, size, title, title, palette_["background"])


# -- score board ---------------------------------------------------------------------------


def scoreboard_panel(
    scores: Sequence[int],
    colors: Mapping[str, str],
    lang: str,
    prefix: str,
    *,
    players: int | None = None,
    labels: Sequence[str] | None = None,
    tally: bool = True,
) -> Panel:
    """One row per side: raw points, displayed points, distance to 61; the paper tally under it."""
    players = players if players is not None else len(scores)
    if labels is not None and len(labels) != len(scores):
        raise RenderError(
            Msg(
                "{count} scores need {count} labels, not {given}",
                {"count": len(scores), "given": len(labels)},
            )
        )
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int) or score % POINT:
            raise RenderError(
                Msg(
                    "a score is a whole number of raw points, a multiple of 5, not {score}",
                    {"score": repr(score)},
                )
            )
    names = [
        labels[side] if labels is not None else seating(players).side_title(side).text(lang)
        for side in range(len(scores))
    ]
    heads = [
        "",
        gettext("Raw", lang),
        gettext("Points", lang),
        Msg("To {target}", TARGET_PARAMS).text(lang),
    ]
    # Column starts from the widest text in each column (bold, 13 or 14 units).
    starts = [0.0]
    for width_ in (
        max(max((text_width(n, 14, bold=True) for n in names), default=0) + 16, 90),
        max(text_width(heads[1], 13, bold=True) + 16, 60),
        max(text_width(heads[2], 13, bold=True) + 16, 50),
        max(text_width(heads[3], 13, bold=True) + 16, 50),
    ):
        starts.append(starts[-1] + width_)
    columns = tuple(starts)
    nodes = [
        element(
            "g",
            {"class": "header"},
            [
                text(x, 14, head, size=13, fill=colors["muted"], weight="bold")
                for x, head in zip(columns, heads, strict=False)
                if head
            ],
        )
    ]
    y = LABEL + 4.0
    width = columns[4]
    for side, raw in enumerate(scores):
        shown = displayed(raw)
        label = names[side]
        cells = [
            text(columns[0], y + 17, label, size=14, fill=colors["text"], weight="bold"),
            text(columns[1], y + 17, signed(raw, lang), size=14, fill=colors["text"]),
            text(columns[2], y + 17, signed(shown, lang), size=14, fill=colors["text"]),
            text(
                columns[3],
                y + 17,
                signed(displayed(to_target(raw)), lang),
                size=14,
                fill=colors["text"],
            ),
        ]
        height = 26.0
        if tally and shown:
            # Under the side's numbers, full size, so that every stroke can be counted (R10).
            figures = tally_panel(shown, colors, f"{prefix}-tally-{side}")
            x0 = columns[1] - figures.box[0]
            cells.append(
                element("g", {"transform": f"translate({num(x0)},{num(y + 32)})"}, figures.nodes)
            )
            height += 6 + figures.height
            width = max(width, columns[1] + figures.width)
        nodes.append(
            element(
                "g",
                {
                    "class": "side",
                    "data-side": str(side),
                    "data-raw": str(raw),
                    "data-points": str(shown),
                    "data-to-target": str(displayed(to_target(raw))),
                    "id": f"{prefix}-side-{side}",
                },
                cells,
            )
        )
        y += height + 8
    return Panel((0, 0, width, y), [element("g", {"class": "scoreboard"}, nodes)])


def scoreboard_svg(
    scores: Sequence[int],
    *,
    players: int | None = None,
    labels: Sequence[str] | None = None,
    tally: bool = True,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """The score board: raw and displayed points per player or pair, distance to 61, tally.

    ``scores`` are raw points per side, as :attr:`Match.scores` gives them; with
    ``players=4`` the two sides are the pairs 0+2 and 1+3.
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    scores = list(scores)
    prefix = figure_prefix(
        "scores",
        repr(scores),
        {
            **_options(lang, theme, size, palette_),
            "players": players,
            "labels": labels,
            "tally": tally,
        },
        id_prefix,
    )
    panel = scoreboard_panel(
        scores, palette_, lang, prefix, players=players, labels=labels, tally=tally
    )
    players = players if players is not None else len(scores)
    parts = [
        Msg(
            "{side}: {raw} ({points}), {left} to {target}",
            {
                **TARGET_PARAMS,
                "side": labels[i]
                if labels is not None
                # a list: the first entry starts the sentence, the rest go on after «;»
                else (seating(players).side_name(i) if i else seating(players).side_title(i)).text(
                    lang
                ),
                "raw": Plural("{n} raw point", "{n} raw points", raw),
                "points": Plural("{n} displayed point", "{n} displayed points", displayed(raw)),
                "left": displayed(to_target(raw)),
            },
        ).text(lang)
        for i, raw in enumerate(scores)
    ]
    title = gettext("Scores", lang)
    return picture(
        _margin(panel), prefix, size, title, "; ".join(parts) + ".", palette_["background"]
    )


# -- rounding ------------------------------------------------------------------------------


def _axis(x1: float, x2: float, y: float, colors: Mapping[str, str]) -> Node:
    """The number line itself."""
    return element(
        "line",
        {
            "x1": num(x1),
            "y1": num(y),
            "x2": num(x2),
            "y2": num(y),
            "stroke": colors["text"],
            "stroke-width": "2",
            "class": "axis",
        },
    )


def _tick_color(kind: str, colors: Mapping[str, str]) -> str:
    """A multiple of 5 in the text colour; remainders 1–2 green (down), 3–4 blue (up)."""
    return colors["text" if kind == "multiple" else "accepted" if kind == "down" else "dot"]


def _tick(x: float, y: float, kind: str, colors: Mapping[str, str], half: float = 8) -> Node:
    """A tick of the number line: a multiple of 5, or a remainder rounding down or up."""
    return element(
        "line",
        {
            "x1": num(x),
            "y1": num(y - half),
            "x2": num(x),
            "y2": num(y + half),
            "stroke": _tick_color(kind, colors),
            "stroke-width": "3" if kind == "multiple" else "2",
        },
    )


def _total(x: float, y: float, total: int, colors: Mapping[str, str]) -> Node:
    """The pip total on the line: a filled circle."""
    return element(
        "circle",
        {
            "cx": num(x),
            "cy": num(y),
            "r": "7",
            "fill": colors["highlight"],
            "class": "total",
            "data-value": str(total),
        },
    )


def _result(x: float, y: float, result: int, colors: Mapping[str, str]) -> Node:
    """The multiple of 5 it rounds to: a ring."""
    return element(
        "circle",
        {
            "cx": num(x),
            "cy": num(y),
            "r": "9",
            "fill": "none",
            "stroke": colors["highlight"],
            "stroke-width": "2.5",
            "class": "result",
            "data-value": str(result),
        },
    )


def _tick_kind(value: int) -> str:
    """A tick's mark: ``multiple``, or the way its remainder rounds, ``down`` or ``up`` (R7.5)."""
    direction = rounding_direction(value)
    return "multiple" if direction == "stays" else direction


def rounding_sample(x: float, y: float, width: float, colors: Mapping[str, str]) -> list[Node]:
    """The number line in small, for the legend: 10 to 15 with 13 rounding up to 15."""
    step = (width - 12) / 5
    nodes = [_axis(x + 6, x + width - 6, y, colors)]
    for k in range(6):
        kind = _tick_kind(10 + k)
        nodes.append(
            element("g", {"class": f"tick {kind}"}, [_tick(x + 6 + k * step, y, kind, colors, 5)])
        )
    nodes.append(_total(x + 6 + 3 * step, y, 13, colors))
    nodes.append(_result(x + width - 6, y, 15, colors))
    return nodes


def rounding_panel(total: int, colors: Mapping[str, str], lang: str, prefix: str) -> Panel:
    """A number line from the multiple of 5 below ``total`` to the one above (R7.5).

    Remainders 1–2 (rounding down) and 3–4 (rounding up) are marked in two
    colours; the total and the arrow to its nearest multiple of 5 stand out.
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise RenderError(
            Msg("a pip total is a whole number from 0 up, not {total}", {"total": repr(total)})
        )
    low = total - total % 5
    result = round5(total)
    step = 52
    x0 = 20
    y = 70
    nodes = [_axis(x0, x0 + 5 * step, y, colors)]
    for k in range(6):
        value = low + k
        x = x0 + k * step
        kind = _tick_kind(value)
        nodes.append(
            element(
                "g",
                {"class": f"tick {kind}", "data-value": str(value)},
                [
                    _tick(x, y, kind, colors),
                    text(
                        x,
                        y + 28,
                        str(value),
                        size=14,
                        fill=_tick_color(kind, colors),
                        anchor="middle",
                        weight="bold" if value == total else None,
                    ),
                ],
            )
        )
    tx = x0 + (total - low) * step
    rx = x0 + (result - low) * step
    nodes.append(_total(tx, y, total, colors))
    if rx != tx:
        mid = (tx + rx) / 2
        nodes.append(
            element(
                "path",
                {
                    "d": f"M{num(tx)},{y - 12} Q{num(mid)},{y - 52} {num(rx)},{y - 14}",
                    "fill": "none",
                    "stroke": colors["highlight"],
                    "stroke-width": "2.5",
                    "class": "arrow",
                },
            )
        )
        head = -1 if rx < tx else 1
        nodes.append(
            element(
                "path",
                {
                    "d": f"M{num(rx)},{y - 10} l{num(-head * 4)},-10 l{num(head * 9)},3 z",
                    "fill": colors["highlight"],
                    "class": "head",
                },
            )
        )
    nodes.append(_result(rx, y, result, colors))
    nodes.append(
        text(
            x0 + 2.5 * step,
            y + 58,
            rounding_text(total, lang),
            size=14,
            fill=colors["text"],
            anchor="middle",
            cls="label",
        )
    )
    return Panel(
        (0, 0, 2 * x0 + 5 * step, y + 70),
        [
            element(
                "g",
                {
                    "class": "rounding",
                    "data-total": str(total),
                    "data-result": str(result),
                    "id": f"{prefix}-line",
                },
                nodes,
            )
        ],
    )


def rounding_text(total: int, lang: str | None = None) -> str:
    """``13 → 15: remainder 3 rounds up`` and the like (R7.5), as
    :func:`~exact61_widgets.engine.explain.rounding` says it."""
    return rounding(total).text(lang)


def rounding_svg(
    total: int,
    *,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """Rounding a pip total to the nearest multiple of 5 on a number line (R7.5)."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    prefix = figure_prefix("rounding", str(total), _options(lang, theme, size, palette_), id_prefix)
    panel = rounding_panel(total, palette_, lang, prefix)
    title = gettext("Rounding to the nearest multiple of 5", lang)
    desc = (
        rounding_text(total, lang)
        + ". "
        + Msg("Rounding to 5: {rounding}.", {"rounding": rounding_rule()}).text(lang)
    )
    return picture(panel, prefix, size, title, desc, palette_["background"])
