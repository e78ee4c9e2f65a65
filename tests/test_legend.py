"""One legend for every picture: the same marks, samples and words everywhere.

A layout drawn with ``legend=True`` lists exactly the marks it shows (found here
from the SVG itself, not from the legend code); the samples are drawn as the
marks on the table are; every mark differs from the others by shape, not only
by colour; the committed ``docs/legend*.svg`` are what the renderer draws now,
and the documentation's "Reading the pictures" (docs/pictures.md) says each mark in one sentence.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import svg_tree
from render_sample import every_kind

from exact61_widgets import render_svg
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.render import render_legend
from exact61_widgets.render.legend import (
    KEYS,
    LEGEND_FILES,
    MARKS,
    legend_file_text,
    legend_words,
)
from exact61_widgets.render.theme import LIGHT, THEMES, RenderError

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
#: Attributes that say how a mark looks, apart from where it is.
LOOK = ("fill", "stroke", "stroke-width", "stroke-dasharray", "r", "rx", "class")


def classes(node: ET.Element) -> list[str]:
    return (node.get("class") or "").split()


def outside_legend(root: ET.Element) -> list[ET.Element]:
    """Every element of the picture except those of its legend."""
    found: list[ET.Element] = []

    def walk(node: ET.Element) -> None:
        if "legend" in classes(node):
            return
        found.append(node)
        for child in node:
            walk(child)

    walk(root)
    return found


def marks_drawn(root: ET.Element) -> set[str]:
    """Which marks of the legend's language a picture shows, read from its elements."""
    nodes = outside_legend(root)
    badge_centres = set()
    for node in nodes:
        if "end" in classes(node):
            for rect in node.iter(f"{NS}rect"):
                badge_centres.add(
                    (
                        float(rect.get("x") or 0) + float(rect.get("width") or 0) / 2,
                        float(rect.get("y") or 0) + float(rect.get("height") or 0) / 2,
                    )
                )
    found = set()
    for node in nodes:
        cls = classes(node)
        if "tile" in cls:
            found.add("back" if "back" in cls else "tile")
        if "caption" in cls and ("rejected" in cls or "deferred" in cls):
            found.add("rejected" if "rejected" in cls else "deferred")
        if "end" in cls:
            found.add("end")
        centre = (float(node.get("cx") or 0), float(node.get("cy") or 0))
        if node.tag == f"{NS}circle" and "dot" in cls and centre not in badge_centres:
            found.add("place")
        if "closed" in cls:
            found.add("closed")
        if "frame" in cls:
            found.add("spinner")
        if "star" in cls:
            found.add("last")
        if "pick" in cls:
            found.add("picked-place")
        if "tile" in cls and "highlight" in cls:
            found.add("picked-tile")
        if "bridge" in cls:
            found.add("bridge")
    return found


def legend_marks(root: ET.Element) -> list[str]:
    return [
        row.get("data-mark") or "" for row in root.iter(f"{NS}g") if "legend-row" in classes(row)
    ]


def random_layout(rng: random.Random) -> Layout:
    layout = Layout()
    for _ in range(rng.randrange(1, 22)):
        off = [t for t in TILES if t not in layout]
        choices = (
            [(t, p) for p in layout.open_places() for t in off if t.has(p.number)]
            if layout
            else [(t, None) for t in off]
        )
        if not choices:
            break
        doubles = [c for c in choices if c[0].is_double]
        layout.push(*rng.choice(doubles if doubles and rng.random() < 0.5 else choices))
    return layout


def test_the_full_legend_lists_every_mark_in_order_in_both_languages() -> None:
    for lang in ("en", "ru"):
        root = svg_tree.parse(render_legend(lang))
        assert legend_marks(root) == list(KEYS) == [m.key for m in MARKS]
        rows = [row for row in root.iter(f"{NS}g") if "legend-row" in classes(row)]
        words = [[t.text for t in row.iter(f"{NS}text")][-1] for row in rows]  # after the sample
        assert words == legend_words(lang=lang) == [m.words.text(lang) for m in MARKS]
        desc = root.find(f"{NS}desc")
        assert desc is not None and all(w in (desc.text or "") for w in words)
    assert legend_words(lang="ru")[0] != legend_words(lang="en")[0]
    only = svg_tree.parse(render_legend("en", marks=["last", "end"]))
    assert legend_marks(only) == ["end", "last"]
    with pytest.raises(RenderError, match="unknown mark"):
        render_legend(marks=["arrow"])


def test_a_layout_legend_names_exactly_the_marks_the_picture_draws() -> None:
    rng = random.Random(61)
    seen: set[str] = set()
    for _ in range(120):
        layout = random_layout(rng)
        places = layout.open_places()
        options: dict[str, Any] = {
            "ends": rng.random() < 0.7,
            "places": rng.random() < 0.8,
            "spinners": rng.random() < 0.8,
            "closed_places": rng.random() < 0.7,
            "last": "auto" if rng.random() < 0.7 else None,
            "highlight_places": rng.sample(places, min(len(places), rng.randrange(0, 3))),
            "highlight_tiles": rng.sample(layout.tiles, rng.randrange(0, 2)),
        }
        root = svg_tree.parse(render_svg(layout, legend=True, **options))
        drawn = marks_drawn(root)
        listed = legend_marks(root)
        assert set(listed) == drawn, (str(layout), options)
        assert listed == [k for k in KEYS if k in drawn]  # in the one order
        seen |= drawn
    # Every mark of a layout (but perhaps the rare bridge) was met; the others belong to
    # the pictures round the table and to the target check.
    assert (
        set(KEYS)
        - {"bridge", "back", "applied", "tally", "negative", "rounding"}
        - {
            "rejected",
            "deferred",
        }
        <= seen
    )


def test_a_picture_with_a_bridge_lists_the_bridge() -> None:
    rng = random.Random(5)
    for _ in range(400):
        layout = random_layout(rng)
        root = svg_tree.parse(render_svg(layout, legend=True))
        if "bridge" in marks_drawn(root):
            assert "bridge" in legend_marks(root)
            return
    pytest.skip("no bridge in 400 random layouts")


def look(node: ET.Element) -> tuple[tuple[str, str], ...]:
    return tuple((k, node.get(k) or "") for k in LOOK)


def test_legend_samples_look_exactly_like_the_marks_on_the_table() -> None:
    layout = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [3|3]@[3|4]:low"
    for theme in ("light", "dark"):
        root = svg_tree.parse(
            render_svg(
                layout,
                legend=True,
                theme=theme,
                highlight_places=["[1|1]:lineB"],
                highlight_tiles=["[1|4]"],
            )
        )
        table = {
            look(n)
            for n in outside_legend(root)
            if n.tag in (f"{NS}rect", f"{NS}circle", f"{NS}polygon", f"{NS}line")
        }
        (legend,) = [n for n in root.iter(f"{NS}g") if "legend" in classes(n)]
        for row in legend:
            for node in row.iter():
                if node.tag in (f"{NS}rect", f"{NS}circle", f"{NS}polygon"):
                    assert look(node) in table, (row.get("data-mark"), look(node))


def test_every_mark_differs_from_the_others_by_shape_not_only_colour() -> None:
    """With every colour the same, the legend's samples still differ from one another."""
    one = dict.fromkeys(LIGHT, "#444444")
    root = svg_tree.parse(render_legend("en", colors=one))
    shapes = []
    for row in root.iter(f"{NS}g"):
        if "legend-row" not in classes(row):
            continue
        (symbol,) = [g for g in row if "symbol" in classes(g)]
        shape = []
        for node in symbol.iter():
            if node.tag in (f"{NS}rect", f"{NS}circle", f"{NS}polygon", f"{NS}line"):
                x = [
                    node.get(k)
                    for k in ("r", "width", "height", "rx", "stroke-width", "stroke-dasharray")
                ]
                shape.append((node.tag, node.get("fill") == "none", *x))
            elif node.tag == f"{NS}text" and node.text:
                shape.append(("text", node.text))  # a word is told apart by its letters
        shapes.append(tuple(sorted(shape, key=repr)))
    assert len(shapes) == len(KEYS) == len(set(shapes))


@pytest.mark.parametrize("name", sorted(LEGEND_FILES))
def test_the_committed_legend_pictures_are_what_the_renderer_draws(name: str) -> None:
    path = ROOT / "docs" / name
    wanted = legend_file_text(LEGEND_FILES[name])
    assert path.exists() and path.read_text("utf-8") == wanted, (
        f"docs/{name} differs from what the renderer draws now; regenerate it with "
        "`python -m exact61_widgets.render.legend docs`"
    )


def test_the_pictures_page_shows_the_legend_with_one_sentence_per_mark() -> None:
    section = (ROOT / "docs" / "pictures.md").read_text("utf-8")
    assert section.startswith("# Reading the pictures\n")
    assert "](legend.svg)" in section and "](legend.ru.svg)" in section
    for words in legend_words(lang="en"):
        assert section.count(words) == 1, words


#: Classes that name a part of a picture for widgets and tests (a group, a text line), not
#: a mark a reader must learn: the marks are drawn inside them.
STRUCTURE = {
    "background",
    "blocked",
    "boneyard",
    "bridges",
    "caption",
    "closed",
    "closed-places",
    "double",
    "end",
    "ends",
    "hand",
    "header",
    "hit",
    "label",
    "last",
    "layout",
    "out",
    "pile",
    "place",
    "places",
    "rounding",
    "row",
    "scoreboard",
    "scores",
    "seat",
    "settlement",
    "side",
    "spinner",
    "status",
    "tally",
    "tile",
    "tiles",
    "title",
    "to-move",
    "verdict",
}
SVG_DOC = re.compile(r"<svg\b.*?</svg>", re.S)


def test_the_legend_names_every_mark_and_colour_the_pictures_use() -> None:
    """Every class of a mark and every palette colour drawn, in one or two pictures of every
    kind (layouts, a rejected and a kept award, hands, boneyard, boards, settlements, tallies,
    number lines, a story, puzzles), has its legend row."""
    marks = {c for mark in MARKS for c in mark.classes}
    colours = {k for mark in MARKS for k in mark.colors} | {"background"}
    by_value: dict[str, set[str]] = {}
    for theme in THEMES.values():
        for key, value in theme.items():
            by_value.setdefault(value, set()).add(key)
    seen_classes: set[str] = set()
    seen_colours: set[str] = set()
    for kind, make in every_kind().items():
        for svg in SVG_DOC.findall(str(make())):
            for node in outside_legend(svg_tree.parse(svg)):
                for cls in classes(node):
                    assert cls in marks or cls in STRUCTURE, (kind, node.tag, cls)
                    seen_classes.add(cls)
                for key in ("fill", "stroke", "color"):
                    value = node.get(key) or ""
                    if value.startswith("#"):
                        keys = by_value.get(value, set())
                        assert keys & colours, (kind, node.tag, key, value, keys)
                        seen_colours |= keys
    # Not vacuous: every mark's classes are met, and nearly every colour.
    assert marks - {"none"} <= seen_classes
    assert set(THEMES["light"]) - seen_colours <= {"dot fill"}
