"""The optional paper tally of R10 / D7: one stroke a displayed point.

A figure holds ten strokes: strokes 1–2 are the diagonals of a large X, strokes
3–10 are two per small x, in the top, right, bottom and left regions between
the diagonals, in that order. 61 points are six full figures and one stroke.
"""

from __future__ import annotations

from collections.abc import Mapping

from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.render.svgkit import (
    Node,
    Panel,
    SvgText,
    check_size,
    element,
    figure_prefix,
    num,
    picture,
    text,
)
from exact61_widgets.render.theme import RenderError, palette

#: A figure's side in user units (pixels at the default size), and the space between
#: figures: large enough to count every stroke of a small x.
FIGURE = 120
GAP = 20
#: Half the side of a small x, and how far its centre lies from the figure's edge
#: (as a fraction of the side): this keeps its strokes about 11 units off the large X.
_SMALL = 13
_INSET = 0.15
#: Stroke widths: the large X, and the small x's.
LARGE_STROKE = 3.5
SMALL_STROKE = 3
#: Figures in a row of :func:`tally_svg` (61 points: two rows).
PER_ROW = 5


def _strokes(x: float, y: float) -> list[tuple[float, float, float, float]]:
    """The ten strokes of a figure whose top-left corner is (x, y), in drawing order."""
    s = FIGURE
    near, far = s * _INSET, s * (1 - _INSET)
    result = [(x, y, x + s, y + s), (x + s, y, x, y + s)]
    for cx, cy in ((s / 2, near), (far, s / 2), (s / 2, far), (near, s / 2)):
        cx, cy = x + cx, y + cy
        result.append((cx - _SMALL, cy - _SMALL, cx + _SMALL, cy + _SMALL))
        result.append((cx + _SMALL, cy - _SMALL, cx - _SMALL, cy + _SMALL))
    return result


def stroke(x1: float, y1: float, x2: float, y2: float, color: str, width: float) -> Node:
    """One stroke of the tally: a round-capped line."""
    return element(
        "line",
        {
            "x1": num(x1),
            "y1": num(y1),
            "x2": num(x2),
            "y2": num(y2),
            "stroke": color,
            "stroke-width": num(width),
            "stroke-linecap": "round",
            "class": "stroke",
        },
    )


def tally_sample(x: float, y: float, side: float, color: str) -> list[Node]:
    """A small figure for the legend, in a square of ``side`` at (x, y): the X, one x."""
    scale = side / FIGURE
    return [
        stroke(x + a * scale, y + b * scale, x + c * scale, y + d * scale, color, w)
        for (a, b, c, d), w in zip(
            _strokes(0, 0)[:4], (LARGE_STROKE, LARGE_STROKE, 2, 2), strict=True
        )
    ]


def tally_figures(points: int) -> list[int]:
    """Strokes per figure for ``points`` displayed points: ``[10, 10, …, rest]``."""
    points = abs(points)
    figures = [10] * (points // 10)
    if points % 10:
        figures.append(points % 10)
    return figures


def tally_panel(
    points: int, colors: Mapping[str, str], prefix: str, per_row: int = PER_ROW
) -> Panel:
    """The tally of ``points`` (negative scores are drawn in the ``rejected`` colour)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise RenderError(
            Msg("a tally counts whole points, not {points}", {"points": repr(points)})
        )
    color = colors["rejected" if points < 0 else "tally"]
    figures = tally_figures(points)
    nodes: list[Node] = []
    for i, count in enumerate(figures):
        fx = (i % per_row) * (FIGURE + GAP)
        fy = (i // per_row) * (FIGURE + GAP)
        lines = [
            stroke(a, b, c, d, color, LARGE_STROKE if k < 2 else SMALL_STROKE)
            for k, (a, b, c, d) in enumerate(_strokes(fx, fy)[:count])
        ]
        nodes.append(
            element(
                "g",
                {"class": "figure", "data-strokes": str(count), "id": f"{prefix}-figure-{i}"},
                lines,
            )
        )
    rows = max(1, -(-len(figures) // per_row))
    width = min(max(len(figures), 1), per_row) * (FIGURE + GAP) - GAP
    height = rows * (FIGURE + GAP) - GAP
    if points < 0:
        nodes.append(text(-8, FIGURE / 2 + 12, "−", size=40, fill=color, anchor="end", cls="minus"))
        return Panel(
            (-36, 0, width + 36, height),
            [element("g", {"class": "tally negative", "data-points": str(points)}, nodes)],
        )
    return Panel(
        (0, 0, width, height), [element("g", {"class": "tally", "data-points": str(points)}, nodes)]
    )


def tally_svg(
    points: int,
    *,
    count: bool = True,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """The paper tally of a score in displayed points (R10, D7): one stroke a point.

    ``count=False`` (an exercise: how many points does it show?) keeps the number
    out of ``<title>`` and ``<desc>``; the strokes are the reader's to count.
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    prefix = figure_prefix(
        "tally",
        str(points),
        {
            "lang": lang,
            "theme": theme,
            "size": size,
            "count": count,
            "colors": sorted(palette_.items()),
        },
        id_prefix,
    )
    panel = tally_panel(points, palette_, prefix)
    x, y, w, h = panel.box
    panel.box = (x - 8, y - 8, w + 16, h + 16)
    if not count:
        title = gettext("Paper tally", lang)
        rule = gettext(
            "Count the strokes: each is one displayed point; a full figure, a large "
            "X with a small x in each of its four regions, is ten (R10).",
            lang,
        )
        desc = f"{rule} {tally_strokes_text(points, lang)}"
        return picture(panel, prefix, size, title, desc, palette_["background"])
    title, desc = tally_texts(points, lang)
    return picture(panel, prefix, size, title, desc, palette_["background"])


#: The small x of each region of a figure, in the order they are drawn (D7), and one stroke of it.
SMALL_X = (
    Msg("a small x in its top region"),
    Msg("a small x in its right region"),
    Msg("a small x in its bottom region"),
    Msg("a small x in its left region"),
)
HALF_X = (
    Msg("one stroke of a small x in its top region"),
    Msg("one stroke of a small x in its right region"),
    Msg("one stroke of a small x in its bottom region"),
    Msg("one stroke of a small x in its left region"),
)


def figure_strokes(strokes: int, lang: str | None = None) -> str:
    """What one figure of a tally shows, stroke by stroke, without its count (D7): what a
    reader who cannot see the picture counts from."""
    if strokes >= 10:
        return Msg("a full figure: a large X with a small x in each of its four regions").text(lang)
    if strokes == 1:
        return Msg("one stroke: one diagonal of a large X").text(lang)
    small, half = divmod(strokes - 2, 2)
    parts = [Msg("a large X").text(lang), *(m.text(lang) for m in SMALL_X[:small])]
    if half:
        parts.append(HALF_X[small].text(lang))
    if len(parts) == 1:
        return parts[0]
    return Msg("{some}, and {last}", {"some": ", ".join(parts[:-1]), "last": parts[-1]}).text(lang)


def tally_strokes_text(points: int, lang: str | None = None) -> str:
    """The strokes of a tally in words, figure by figure (for a screen reader, and for a
    question asked in text): enough to count them, without the count."""
    lang = check_lang(lang)
    figures = [  # not numbered: the number of full figures is the reader's to count
        Msg("Figure: {strokes}.", {"strokes": figure_strokes(c, lang)}).text(lang)
        for c in tally_figures(abs(points))
    ]
    if not figures:
        return Msg("No strokes.").text(lang)
    if points < 0:
        figures.insert(0, Msg("A minus sign.").text(lang))
    return " ".join(figures)


def tally_texts(points: int, lang: str | None = None) -> tuple[str, str]:
    """The title and description of the tally of ``points``: how many points, in figures and
    strokes; a negative score says it is negative (its strokes follow a minus sign)."""
    full = sum(1 for f in tally_figures(points) if f == 10)
    rest = abs(points) % 10
    figures = Plural("{n} full figure of ten strokes", "{n} full figures of ten strokes", full)
    # Only the parts there are: no "0 full figures", no "0 more strokes" (empty arithmetic).
    if full and rest:
        counted = Msg(
            "{full} and {rest} (R10).",
            {"full": figures, "rest": Plural("{n} more stroke", "{n} more strokes", rest)},
        )
    elif full:
        counted = Msg("{full} (R10).", {"full": figures})
    elif rest:
        counted = Msg("{rest} (R10).", {"rest": Plural("{n} stroke", "{n} strokes", rest)})
    else:
        counted = Msg("No strokes yet (R10).")
    amount = Plural("{n} point", "{n} points", points)
    if points < 0:
        title = Msg("Paper tally: {points}, a negative score", {"points": amount})
        desc = Msg("A minus sign, then {counted}", {"counted": counted})
        return title.text(lang), desc.text(lang)
    return Msg("Paper tally: {points}", {"points": amount}).text(lang), counted.text(lang)
