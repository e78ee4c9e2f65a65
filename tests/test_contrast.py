"""Colour contrast of the pictures, light and dark (WCAG 2.1 AA).

Text needs 4.5:1 against what it is drawn on (1.4.3), marks that carry meaning
3:1 (1.4.11). The colours are read from the renderer's palettes
(:mod:`exact61_widgets.render.theme`); which colour is drawn on which is the
list below, and every palette key must be in it or be declared decorative. A
second test reads every ``<text>`` of real pictures and checks its fill against
the shape or picture background it is drawn on.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.etree import ElementTree as ET

import pytest
import svg_tree

from exact61_widgets import render_svg
from exact61_widgets.engine.match import Match
from exact61_widgets.render import (
    boneyard_svg,
    hand_svg,
    match_svg,
    render_legend,
    rounding_svg,
    scoreboard_svg,
    tally_svg,
    tile_svg,
)
from exact61_widgets.render.theme import THEMES

NS = "{http://www.w3.org/2000/svg}"

#: (text colour, what it is drawn on): captions, labels, table cells, status words,
#: rounding ticks ("dot" marks the remainders that round up), a badge's number.
TEXT = [
    ("text", "background"),
    ("muted", "background"),
    ("accepted", "background"),
    ("rejected", "background"),
    ("dot", "background"),
    ("badge text", "badge"),
]
#: (mark colour, what it is drawn on) for marks that carry meaning.
MARKS = [
    ("badge", "background"),
    ("dot", "background"),
    ("closed", "background"),
    ("highlight", "background"),
    ("bridge", "background"),
    ("tally", "background"),
    ("rejected", "background"),  # a negative tally
    ("accepted", "background"),  # rounding ticks that round down
    *(
        (mark, face)
        for mark in ("pip", "spinner", "last", "divider")
        for face in ("tile", "tile last", "tile highlight")
    ),
]
#: A tile's outline must stand out: its face or its edge against the background.
BOUNDARIES = [
    (("tile", "tile edge"), "background"),
    (("tile back", "tile edge"), "background"),
    (("tile highlight", "highlight"), "background"),
    (("tile last", "tile edge"), "background"),
]
#: Colours that carry no meaning of their own: the emblem on a tile's back, and the
#: inside of a closed branch's ring (the table's colour, so the ring reads hollow).
DECORATIVE = {"tile back pattern", "dot fill"}


def luminance(color: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    assert color.startswith("#") and len(color) == 7, color
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_ratio_is_wcags() -> None:
    assert ratio("#000000", "#ffffff") == pytest.approx(21)
    assert ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert ratio("#ffffff", "#ffffff") == 1


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_text_reaches_4_5_to_1(theme: str) -> None:
    colors = THEMES[theme]
    low = {
        f"{fg} on {bg}": round(ratio(colors[fg], colors[bg]), 2)
        for fg, bg in TEXT
        if ratio(colors[fg], colors[bg]) < 4.5
    }
    assert low == {}


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_marks_reach_3_to_1(theme: str) -> None:
    colors = THEMES[theme]
    low = {
        f"{fg} on {bg}": round(ratio(colors[fg], colors[bg]), 2)
        for fg, bg in MARKS
        if ratio(colors[fg], colors[bg]) < 3
    }
    for parts, bg in BOUNDARIES:
        best = max(ratio(colors[part], colors[bg]) for part in parts)
        if best < 3:
            low[f"{' or '.join(parts)} on {bg}"] = round(best, 2)
    assert low == {}


def test_every_palette_colour_is_checked_or_declared_decorative() -> None:
    keys = set(THEMES["light"])
    assert keys == set(THEMES["dark"])
    checked = {k for pair in (*TEXT, *MARKS) for k in pair}
    checked |= {k for parts, bg in BOUNDARIES for k in (*parts, bg)}
    assert keys - checked == DECORATIVE


def pictures(theme: str) -> list[str]:
    """Pictures of every kind, with every kind of text, in ``theme``."""
    layout = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [6|6]@[4|6]:high"
    layout = layout.rsplit(" ", 1)[0] + " [3|3]@[3|4]:low"
    match = Match(2, seed=4)
    match.push(match.legal_actions()[0])
    found = [
        render_svg(
            layout,
            legend=True,
            theme=theme,
            highlight_places=["[1|1]:lineB"],
            highlight_tiles=["[1|4]"],
        ),
        render_svg("[5|5] [5|6]@[5|5]:lineA", ends=False, legend=True, theme=theme),
        render_svg("", theme=theme, lang="ru"),
        render_legend("ru", theme),
        tile_svg("[2|5]", theme=theme),
        hand_svg(["[1|2]", "[3|3]"], highlight=["[3|3]"], theme=theme),
        boneyard_svg(0, theme=theme),
        scoreboard_svg([-10, 305], theme=theme),
        tally_svg(-3, theme=theme),
        match_svg(match, theme=theme),
    ]
    found += [rounding_svg(total, theme=theme) for total in (10, 12, 13)]
    return [str(svg) for svg in found]


def covers(shape: ET.Element, x: float, y: float) -> bool:
    """Whether a filled rectangle or circle covers the point (x, y)."""

    def number(key: str) -> float:
        return float(shape.get(key) or 0)

    if shape.tag == f"{NS}circle":
        return bool((x - number("cx")) ** 2 + (y - number("cy")) ** 2 <= number("r") ** 2)
    return number("x") <= x <= number("x") + number("width") and number("y") <= y <= number(
        "y"
    ) + number("height")


def text_backgrounds(root: ET.Element) -> list[tuple[str, str, str]]:
    """(text, its fill, what it is drawn on) for every ``<text>`` of a picture.

    What it is drawn on: the last filled shape before it in its group that covers
    the middle of its first letter (a badge's square), else the picture's background.
    """
    background = next(
        e.get("fill") or "" for e in root.iter(f"{NS}rect") if e.get("class") == "background"
    )
    found = []
    for parent in root.iter():
        shapes: list[ET.Element] = []
        for child in parent:
            if child.tag in (f"{NS}rect", f"{NS}circle") and child.get("fill") not in (
                None,
                "none",
            ):
                shapes.append(child)
            if child.tag == f"{NS}text":
                x = float(child.get("x") or 0)
                y = float(child.get("y") or 0) - 0.35 * float(child.get("font-size") or 0)
                under = next(
                    (shape.get("fill") or "" for shape in reversed(shapes) if covers(shape, x, y)),
                    background,
                )
                found.append((child.text or "", child.get("fill") or "", under))
    return found


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_text_in_the_pictures_reaches_4_5_to_1(theme: str) -> None:
    low: dict[str, float] = {}
    count = 0
    for svg in pictures(theme):
        root = svg_tree.parse(svg)
        if not any(e.get("class") == "background" for e in root.iter(f"{NS}rect")):
            continue  # a lone tile: no text and no background of its own
        for content, fill, under in text_backgrounds(root):
            count += 1
            value = ratio(fill, under)
            if value < 4.5:
                low[f"{content!r} {fill} on {under}"] = round(value, 2)
    assert count > 60
    assert low == {}


def colours_used(svgs: list[str]) -> Mapping[str, int]:
    used: dict[str, int] = {}
    for svg in svgs:
        for node in svg_tree.parse(svg).iter():
            for key in ("fill", "stroke", "color"):  # color: what a symbol's currentColor is
                value = node.get(key)
                if value and value.startswith("#"):
                    used[value] = used.get(value, 0) + 1
    return used


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_pictures_draw_only_palette_colours(theme: str) -> None:
    assert set(colours_used(pictures(theme))) <= set(THEMES[theme].values())
