"""The review's graph: each side's expected outcome at its decisions over the match, errors marked.

Built only from :mod:`.svgkit`'s elements (no markup is written here). The x axis
counts the decisions with a choice in match order, hands split by dashed lines;
the y axis is the fair value of the move played for the mover's side: its chance
to win the match, from 0% at the bottom through 50% on the middle line to 100% at
the top (a match won or lost sits on an edge). Each side has a
line in its own colour; a move's mark tells its class by shape as well as colour:
a dot for best, a square for an inaccuracy, a triangle for a mistake, a cross
for a blunder. A vertical line marks the decision shown now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from exact61_widgets.engine.review import Decision, Review, grade_name
from exact61_widgets.engine.seating import seating
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.render.svgkit import (
    Markup,
    Panel,
    SvgText,
    check_size,
    element,
    figure_prefix,
    num,
    picture,
    text,
    text_width,
)
from exact61_widgets.render.theme import palette

WIDTH: Final = 640
HEIGHT: Final = 200
LEFT: Final = 44
TOP: Final = 22
#: The palette keys of the sides' lines.
SIDE_COLORS: Final = ("badge", "spinner", "last")
FONT_SIZE: Final = 11


def _height(chance: float) -> float:
    """A chance to win the match as the graph's value: percentage points above 50%."""
    return 100 * chance - 50


def _mark(
    grade: str, x: float, y: float, color: str, colors: Mapping[str, str], kind: str = "mark"
) -> Markup:
    """A move's mark by its class: dot, square, triangle or cross (``kind``: its CSS class)."""
    attrs = {"class": f"{kind} {grade}"}
    if grade == "blunder":
        d = 5.0
        stroke = colors["rejected"]
        lines = [
            element(
                "line",
                {
                    "x1": num(x - d),
                    "y1": num(y - d),
                    "x2": num(x + d),
                    "y2": num(y + d),
                    "stroke": stroke,
                    "stroke-width": "2.5",
                },
            ),
            element(
                "line",
                {
                    "x1": num(x - d),
                    "y1": num(y + d),
                    "x2": num(x + d),
                    "y2": num(y - d),
                    "stroke": stroke,
                    "stroke-width": "2.5",
                },
            ),
        ]
        return element("g", attrs, lines)
    if grade == "mistake":
        d = 5.0
        pts = (
            f"{num(x)},{num(y - d)} {num(x + d)},{num(y + d * 0.8)} {num(x - d)},{num(y + d * 0.8)}"
        )
        return element("polygon", {**attrs, "points": pts, "fill": colors["rejected"]})
    if grade == "inaccuracy":
        d = 3.5
        return element(
            "rect",
            {
                **attrs,
                "x": num(x - d),
                "y": num(y - d),
                "width": num(2 * d),
                "height": num(2 * d),
                "fill": color,
            },
        )
    return element("circle", {**attrs, "cx": num(x), "cy": num(y), "r": "2.5", "fill": color})


def graph_panel(
    review: Review, colors: Mapping[str, str], lang: str, current: int | None = None
) -> Panel:
    """The graph as a panel: axes, hands, one line per side, the marks, the current decision."""
    chosen = [d for d in review.decisions if d.grade != "only"]
    top = 50
    plot_w, plot_h = WIDTH - LEFT - 12, HEIGHT - TOP - 30
    count = max(len(chosen), 1)

    def xy(i: int, value: float) -> tuple[float, float]:
        clipped = max(-top, min(top, value))
        x = LEFT + (i + 0.5) * plot_w / count
        return x, TOP + plot_h / 2 - clipped * plot_h / (2 * top)

    nodes: list[Markup] = []
    for value in (top, 0, -top):
        _, y = xy(0, value)
        nodes.append(
            element(
                "line",
                {
                    "x1": num(LEFT),
                    "y1": num(y),
                    "x2": num(LEFT + plot_w),
                    "y2": num(y),
                    "stroke": colors["muted"],
                    "stroke-width": "1" if value == 0 else "0.5",
                    "class": "axis",
                },
            )
        )
        label = Msg("{n}%", {"n": value + 50}).text(lang)  # 50 % in Russian
        nodes.append(
            text(LEFT - 6, y + 4, label, size=FONT_SIZE, fill=colors["text"], anchor="end")
        )
    nodes.append(
        text(
            2,
            TOP - 5,
            gettext("chance to win the match", lang),
            size=FONT_SIZE - 1,
            fill=colors["muted"],
        )
    )
    hand = None
    for i, d in enumerate(chosen):
        if d.hand != hand:
            hand = d.hand
            x = LEFT + i * plot_w / count
            nodes.append(
                element(
                    "line",
                    {
                        "x1": num(x),
                        "y1": num(TOP),
                        "x2": num(x),
                        "y2": num(TOP + plot_h),
                        "stroke": colors["muted"],
                        "stroke-width": "0.75",
                        "stroke-dasharray": "3 3",
                        "class": "hand",
                    },
                )
            )
            nodes.append(
                text(
                    x + 3,
                    TOP + plot_h + 14,
                    Msg("hand {n}", {"n": d.hand}).text(lang) if i == 0 else str(d.hand),
                    size=FONT_SIZE - 1,
                    fill=colors["muted"],
                )
            )
    if current is not None:
        index = next((i for i, d in enumerate(chosen) if d.number >= current), None)
        if index is not None:
            x, _ = xy(index, 0)
            nodes.append(
                element(
                    "line",
                    {
                        "x1": num(x),
                        "y1": num(TOP - 4),
                        "x2": num(x),
                        "y2": num(TOP + plot_h + 4),
                        "stroke": colors["highlight"],
                        "stroke-width": "2",
                        "class": "current",
                    },
                )
            )
    for side in range(review.sides):
        color = colors[SIDE_COLORS[side % len(SIDE_COLORS)]]
        mine = [(i, d) for i, d in enumerate(chosen) if d.side == side]
        if len(mine) > 1:
            pts = " ".join(
                f"{num(x)},{num(y)}" for x, y in (xy(i, _height(d.expected)) for i, d in mine)
            )
            nodes.append(
                element(
                    "polyline",
                    {
                        "points": pts,
                        "fill": "none",
                        "stroke": color,
                        "stroke-width": "1.5",
                        "class": f"side side{side}",
                    },
                )
            )
        nodes.extend(_mark(d.grade, *xy(i, _height(d.expected)), color, colors) for i, d in mine)
    nodes.extend(_legend(review, colors, lang, TOP + plot_h + 28))
    return Panel((0, 0, WIDTH, HEIGHT + 16), nodes)


def _legend(review: Review, colors: Mapping[str, str], lang: str, y: float) -> list[Markup]:
    nodes: list[Markup] = []
    x = float(LEFT)
    for side in range(review.sides):
        color = colors[SIDE_COLORS[side % len(SIDE_COLORS)]]
        label = seating(review.players).side_name(side).text(lang)
        nodes.append(
            element(
                "line",
                {
                    "x1": num(x),
                    "y1": num(y - 4),
                    "x2": num(x + 16),
                    "y2": num(y - 4),
                    "stroke": color,
                    "stroke-width": "2",
                },
            )
        )
        nodes.append(text(x + 20, y, label, size=FONT_SIZE, fill=colors["text"]))
        x += 28 + text_width(label, FONT_SIZE)
    for grade in ("inaccuracy", "mistake", "blunder"):
        nodes.append(_mark(grade, x + 5, y - 4, colors["text"], colors, "legend-mark"))
        name = grade_name(grade, lang)
        nodes.append(text(x + 14, y, name, size=FONT_SIZE, fill=colors["text"]))
        x += 24 + text_width(name, FONT_SIZE)
    return nodes


def graph_description(review: Review, lang: str) -> str:
    """The graph in words: what it shows, and every mistake and blunder with its loss."""
    lang = check_lang(lang)
    errors = [d for d in review.decisions if d.grade in ("mistake", "blunder")]
    head = Msg(
        "The fair value of each move played, the mover's side's chance to win the match, "
        "over {decisions} of {hands}.",
        {
            "decisions": Plural(
                "{n} decision",
                "{n} decisions",
                sum(1 for d in review.decisions if d.grade != "only"),
            ),
            "hands": Plural(
                "{n} hand", "{n} hands", max((d.hand for d in review.decisions), default=0)
            ),
        },
    ).text(lang)
    if not errors:
        return head + " " + gettext("No mistake or blunder.", lang)
    return head + " " + "; ".join(_error_words(d, lang) for d in errors) + "."


def _error_words(d: Decision, lang: str) -> str:
    from exact61_widgets.engine.review.result import percent

    return Msg(
        "move {number} (hand {hand}, seat {seat}): {grade}, {loss} of the match",
        {
            "number": d.number,
            "hand": d.hand,
            "seat": d.seat,
            "grade": grade_name(d.grade, lang),
            "loss": percent(-d.loss.mean, lang, signed=True),
        },
    ).text(lang)


def review_graph_svg(
    review: Review,
    *,
    current: int | None = None,
    size: int | None = None,
    lang: str | None = None,
    theme: str = "light",
    colors: Mapping[str, str] | None = None,
    id_prefix: str | None = None,
) -> SvgText:
    """The review's graph as a picture, with its title and a description in words.

    ``current`` is the number of the decision shown now (a vertical line marks it).
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    key = ";".join(f"{d.number}:{d.grade}:{d.expected:.2f}" for d in review.decisions)
    prefix = figure_prefix(
        "review",
        key,
        {"lang": lang, "theme": theme, "size": size, "current": current},
        id_prefix,
    )
    panel = graph_panel(review, palette_, lang, current)
    title = gettext("Expected outcome over the match", lang)
    return picture(
        panel, prefix, size, title, graph_description(review, lang), palette_["background"]
    )
