"""The layout picture: what it shows, checked element by element (xml.etree).

Every one of the eleven diagrams of the rules is drawn and compared with the
data of ``seed-examples.json``: tiles and their pips, one badge per scoring
end with its value, one dot per open place, one ring per closed branch, one
dashed frame per spinner, the last play's star, ``<title>`` and ``<desc>`` in
both languages. A picture drawn without its badges (an exercise) states no
contribution, sum or award anywhere.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from collections.abc import Mapping
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import svg_tree
from render_sample import FULL

from exact61_widgets import render_svg
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES, Tile
from exact61_widgets.render import SvgText, caption, caption_line, describe, layout_geometry
from exact61_widgets.render.theme import DARK, RenderError

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
EXAMPLE = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB"


def parse(svg: str) -> ET.Element:
    return svg_tree.parse(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """Elements whose class list holds ``cls``."""
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def open_places(root: ET.Element) -> list[ET.Element]:
    """The groups of the open places (a closed branch's ring is a ``place closed``)."""
    return [g for g in groups(root, "place") if "closed" not in (g.get("class") or "").split()]


def title_desc(root: ET.Element) -> tuple[str, str]:
    title = root.find(f"{NS}title")
    desc = root.find(f"{NS}desc")
    assert title is not None and desc is not None
    return title.text or "", desc.text or ""


@pytest.mark.parametrize("index", range(11))
def test_each_seed_diagram_is_drawn_as_the_rules_show_it(
    seed_examples: list[Mapping[str, Any]], index: int
) -> None:
    example = seed_examples[index]
    layout = Layout.parse(example["notation"])
    root = parse(render_svg(layout))
    assert root.get("role") == "img"
    assert title_desc(root) == (caption(layout, "en"), describe(layout, "en"))
    tiles = groups(root, "tile")
    assert [g.get("data-tile") for g in tiles] == [p["tile"] for p in example["placements"]]
    for g in tiles:
        pips = groups(g, "pip")
        assert len(pips) == Tile.parse(g.get("data-tile") or "").pips
        assert all(p.tag == f"{NS}circle" for p in pips)
    frames = [g.get("data-tile") for g in tiles if groups(g, "frame")]
    assert frames == example["spinners"]
    assert [g.get("data-tile") for g in groups(root, "spinner")] == example["spinners"]
    assert all(f.get("stroke-dasharray") for g in tiles for f in groups(g, "frame"))
    last = groups(root, "last")
    assert [g.get("data-tile") for g in last] == [example["played"]]
    assert [len(groups(g, "star")) for g in tiles] == [
        int(g.get("data-tile") == example["played"]) for g in tiles
    ]
    dots = open_places(root)
    assert sorted(g.get("data-place") or "" for g in dots) == sorted(
        f"{p['tile']}:{p['port']}" for p in example["open_places"]
    )
    rings = sorted(g.get("data-place") or "" for g in groups(root, "closed"))
    assert rings == sorted(
        f"{t}:{port}"
        for t in layout.spinners
        if layout.is_end_double(t)
        for port in ("branchA", "branchB")
    )
    geo = layout_geometry(layout)
    for g in dots:
        (circle,) = groups(g, "dot")
        point = geo.places[g.get("data-place") or ""]
        assert (float(circle.get("cx") or 0), float(circle.get("cy") or 0)) == point
    badges = groups(root, "end")
    found = sorted(
        (g.get("data-tile"), g.get("data-port"), int(g.get("data-value") or -1)) for g in badges
    )
    assert found == sorted((e["tile"], e["port"], e["value"]) for e in example["scoring_ends"])
    for g in badges:
        (label,) = g.iter(f"{NS}text")
        assert label.text == g.get("data-value")
    (line,) = groups(root, "caption")
    expression = example["caption_ru"].split(": ", 1)[1].split(". ", 1)[0]  # "2 + 3 = 5"
    points = example["award_displayed"]
    assert line.text == (
        f"{expression} → {example['award_raw']} raw ({points} point{'' if points == 1 else 's'})"
    )


@pytest.mark.parametrize("index", range(11))
def test_each_seed_diagram_in_russian(seed_examples: list[Mapping[str, Any]], index: int) -> None:
    example = seed_examples[index]
    root = parse(render_svg(example["notation"], lang="ru"))
    assert title_desc(root) == (example["caption_ru"], example["description_ru"])
    (line,) = groups(root, "caption")
    assert line.text is not None and "исходн" in line.text and "→" in line.text


def test_the_caption_line_in_both_languages() -> None:
    layout = Layout.parse(EXAMPLE)
    assert caption_line(layout) == "2 + 3 = 5 → 5 raw (1 point)"
    assert caption_line(layout, "ru") == "2 + 3 = 5 → 5 исходных (1 очко)"
    assert caption_line("[6|6]") == "12 = 12 → 0 raw (0 points)"
    assert caption_line("[3|6] [6|6]@[3|6]:high", "ru") == "3 + 12 = 15 → 15 исходных (3 очка)"
    assert caption_line("") == "The table is empty."
    assert caption_line("", "ru") == "Стол пуст."


def test_an_end_double_has_one_badge_with_both_halves_and_no_port() -> None:
    root = parse(render_svg("[3|6] [6|6]@[3|6]:high"))
    badges = {g.get("data-tile"): g for g in groups(root, "end")}
    assert badges["[6|6]"].get("data-value") == "12"
    assert badges["[6|6]"].get("data-port") is None
    assert badges["[3|6]"].get("data-port") == "low"
    assert all(g.get("pointer-events") == "none" for g in badges.values())


def test_the_badge_sits_on_the_dot_of_its_place() -> None:
    root = parse(render_svg(EXAMPLE))
    dots = {g.get("data-place"): next(iter(groups(g, "dot"))) for g in open_places(root)}
    for badge in groups(root, "end"):
        (square,) = badge.iter(f"{NS}rect")
        centre = (
            float(square.get("x") or 0) + float(square.get("width") or 0) / 2,
            float(square.get("y") or 0) + float(square.get("height") or 0) / 2,
        )
        place = f"{badge.get('data-tile')}:{badge.get('data-port')}"
        assert centre == (float(dots[place].get("cx") or 0), float(dots[place].get("cy") or 0))


def test_options_switch_markers_on_and_off() -> None:
    plain = parse(
        render_svg(
            "[4|4] [4|5]@[4|4]:lineA",
            ends=False,
            places=False,
            spinners=False,
            caption=False,
            last=None,
            closed_places=False,
        )
    )
    for cls in ("end", "place", "frame", "caption", "last", "star", "legend"):
        assert groups(plain, cls) == [], cls
    assert len(groups(plain, "spinner")) == 1  # still a double, only the frame is off
    legend = parse(render_svg(EXAMPLE, legend=True, lang="ru"))
    (box,) = groups(legend, "legend")
    texts = [t.text for t in box.iter(f"{NS}text")]
    assert (
        "Число в закрашенном квадрате: зачётный конец и его вклад; сюда тоже можно выложить кость"
        in texts
    )
    assert "Точка: допустимое место продолжения, куда можно выложить кость" in texts


def test_last_play_and_highlights() -> None:
    root = parse(
        render_svg(
            EXAMPLE,
            last="[4|4]",
            highlight_tiles=["[1|4]"],
            highlight_places=["[3|4]:low", "[1|1]:branchA"],
        )
    )
    assert [g.get("data-tile") for g in groups(root, "last")] == ["[4|4]"]
    lit = groups(root, "highlight")
    assert sorted(g.get("data-tile") or g.get("data-place") or "" for g in lit) == [
        "[1|1]:branchA",
        "[1|4]",
        "[3|4]:low",
    ]
    for place in open_places(root):
        assert len(groups(place, "dot")) == 1
        (hit,) = groups(place, "hit")
        assert hit.get("pointer-events") == "all" and hit.get("fill") == "none"
        # A picked place keeps its dot and gets a wide ring as large as the click area,
        # which clears the corners of a badge on it (a 20-unit square, corners rounded 5).
        picked = "highlight" in (place.get("class") or "")
        rings = groups(place, "pick")
        assert len(rings) == int(picked)
        for ring in rings:
            assert ring.get("r") == hit.get("r")
            inner = float(ring.get("r") or 0) - float(ring.get("stroke-width") or 0) / 2
            assert inner > 5 + 5 * 2**0.5
    # A picked tile has a thick solid edge; the others a thin one.
    widths = {
        g.get("data-tile"): float(groups(g, "face")[0].get("stroke-width") or 0)
        for g in groups(root, "tile")
    }
    assert widths.pop("[1|4]") >= 2 * max(widths.values())
    with pytest.raises(RenderError, match="not an open place"):
        render_svg(EXAMPLE, highlight_places=["[1|4]:low"])
    with pytest.raises(RenderError, match="not on the table"):
        render_svg(EXAMPLE, last="[6|6]")
    with pytest.raises(NotationError):
        render_svg(EXAMPLE, highlight_tiles=["[9|9]"])


def test_size_theme_and_colours() -> None:
    root = parse(render_svg(EXAMPLE, size=300))
    assert root.get("width") == "300"
    _x, _y, w, h = (float(v) for v in (root.get("viewBox") or "").split())
    assert float(root.get("height") or 0) == pytest.approx(300 * h / w, abs=0.01)
    dark = render_svg(EXAMPLE, theme="dark")
    assert f'fill="{DARK["background"]}"' in dark
    red = render_svg(EXAMPLE, colors={"spinner": "#ff0000"})
    frames = groups(parse(red), "frame")
    assert len(frames) == 2 and all(f.get("stroke") == "#ff0000" for f in frames)
    for bad, message in (
        ({"theme": "blue"}, "unknown theme"),
        ({"colors": {"nope": "#000"}}, "unknown colour"),
        ({"colors": {"tile": "<x>"}}, "CSS colour"),
        ({"size": 0}, "size must be"),
        ({"id_prefix": "1x"}, "id_prefix"),
    ):
        with pytest.raises(RenderError, match=message):
            render_svg(EXAMPLE, **bad)
    with pytest.raises(ValueError, match="unknown language"):
        render_svg(EXAMPLE, lang="de")
    with pytest.raises(NotationError, match="placement 2"):
        render_svg("[1|4] [2|2]@[1|4]:low")
    assert issubclass(RenderError, ValueError)


def test_every_option_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        render_svg(EXAMPLE, 300)


def test_ids_are_explicit_unique_and_disjoint_between_figures() -> None:
    first = parse(render_svg(EXAMPLE))
    second = parse(render_svg("[2|2]"))
    ids_first = [e.get("id") for e in first.iter() if e.get("id")]
    ids_second = [e.get("id") for e in second.iter() if e.get("id")]
    assert len(ids_first) == len(set(ids_first)) > 5
    assert not set(ids_first) & set(ids_second)
    prefix = first.get("id") or ""
    assert all((i or "").startswith(prefix) for i in ids_first)
    assert first.get("aria-labelledby") == f"{prefix}-title"
    same = parse(render_svg(EXAMPLE, id_prefix="fig2"))
    assert same.get("id") == "fig2" and not {e.get("id") for e in same.iter()} & set(ids_first)
    # Different options give different prefixes too.
    assert parse(render_svg(EXAMPLE, lang="ru")).get("id") != prefix


def test_byte_identical_output_in_another_process() -> None:
    layouts = [EXAMPLE, "[0|0]", "[3|6] [6|6]@[3|6]:high"]
    code = (
        "import sys, json, hashlib; from exact61_widgets import render_svg; "
        "print(json.dumps([hashlib.sha256(render_svg(t, lang=l).encode()).hexdigest() "
        "for t in json.load(sys.stdin) for l in ('en', 'ru')]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(layouts),
        capture_output=True,
        text=True,
        check=True,
    )
    mine = [
        hashlib.sha256(render_svg(t, lang=lang).encode()).hexdigest()
        for t in layouts
        for lang in ("en", "ru")
    ]
    assert json.loads(result.stdout) == mine
    assert render_svg(EXAMPLE) == render_svg(Layout.parse(EXAMPLE))


def test_svg_text_and_the_engine_reprs() -> None:
    svg = render_svg(EXAMPLE)
    assert isinstance(svg, str)
    assert isinstance(svg, SvgText)
    assert svg._repr_svg_() == str(svg)
    layout = Layout.parse(EXAMPLE)
    assert layout._repr_svg_() == str(svg)
    tile_repr = Tile.parse("[2|5]")._repr_svg_()
    assert len(groups(parse(tile_repr), "pip")) == 7
    match = Match(3, seed=5)
    root = parse(match._repr_svg_())
    assert root.get("role") == "img"


def test_an_empty_table() -> None:
    root = parse(render_svg(""))
    assert groups(root, "tile") == [] and groups(root, "place") == []
    (line,) = groups(root, "caption")
    assert line.text == "The table is empty."
    assert title_desc(root) == (caption("", "en"), describe("", "en"))


def test_a_full_layout_with_many_spinners() -> None:
    text = FULL
    layout = Layout.parse(text)
    root = parse(render_svg(layout))
    tiles = groups(root, "tile")
    assert len(tiles) == 28
    assert sum(len(groups(g, "pip")) for g in tiles) == 168  # every pip of the set
    assert len(groups(root, "frame")) == 7
    assert len(groups(root, "end")) == len(layout.contributions())
    assert len(open_places(root)) == len(layout.open_places())


def test_a_picture_reads_back_as_the_xml_it_was_built_from() -> None:
    """Built by svgwrite (issue 24), a whole picture is XML that ElementTree reads and
    writes back byte for byte (namespace declarations aside)."""
    svg = render_svg(EXAMPLE, legend=True, lang="ru")
    root = ET.fromstring(svg)
    for element in root.iter():
        element.tag = element.tag.split("}")[-1]
        items = [(k.replace(XLINK, "xlink:"), v) for k, v in element.attrib.items()]
        element.attrib.clear()
        element.attrib.update(items)
    start = svg.index("<title")
    assert ET.tostring(root, encoding="unicode").split("<title", 1)[1] == svg[start + 6 :]


def random_tables(seed: int, count: int) -> list[Layout]:
    """Random legal layouts of 1 to 20 tiles that have at least one scoring end."""
    rng = random.Random(seed)
    found: list[Layout] = []
    while len(found) < count:
        layout = Layout()
        for _ in range(rng.randrange(1, 21)):
            off = [t for t in TILES if t not in layout]
            choices = (
                [(t, p) for p in layout.open_places() for t in off if t.has(p.number)]
                if layout
                else [(t, None) for t in off]
            )
            if not choices:
                break
            layout.push(*rng.choice(choices))
        if layout.contributions():
            found.append(layout)
    return found


def every_text(root: ET.Element) -> str:
    """Everything a reader or a screen reader gets: title, description, visible texts."""
    return " | ".join(
        t.text or "" for t in root.iter() if t.tag in (f"{NS}title", f"{NS}desc", f"{NS}text")
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_picture_without_badges_states_no_contribution_sum_or_award(lang: str) -> None:
    for layout in random_tables(17, 40):
        for places in (True, False):
            root = parse(render_svg(layout, ends=False, places=places, legend=True, lang=lang))
            assert groups(root, "end") == []
            said = every_text(root)
            for phrase in (
                "=",
                "→",
                caption(layout, lang),
                caption_line(layout, lang),
                "Scoring contributions",
                "Учитываемые вклады",
                "raw",
                "исходн",
            ):
                assert phrase not in said, (str(layout), phrase, said)
            assert not re.search(r"\b(point|очк)", said), said
            for c in layout.contributions():
                assert f"{c.tile}: {c.value}" not in said
            assert ("[" in said.split("|")[0]) and (str(layout.tiles[0]) in said)
            # The open places are named only where their dots are drawn.
            desc = root.find(f"{NS}desc")
            assert desc is not None and desc.text is not None
            named = "Open places:" in desc.text or "Допустимые места продолжения:" in desc.text
            assert named == places
            (line,) = groups(root, "caption")
            assert line.text == (
                "The scoring ends are not marked: find them yourself."
                if lang == "en"
                else "Зачётные концы не отмечены: найдите их сами."
            )


def test_a_picture_that_states_a_sum_shows_every_badge_of_it() -> None:
    for layout in random_tables(18, 40):
        root = parse(render_svg(layout))
        values = sorted(c.value for c in layout.contributions())
        assert sorted(int(g.get("data-value") or -1) for g in groups(root, "end")) == values
        (line,) = groups(root, "caption")
        assert line.text == caption_line(layout)
        assert f"= {sum(values)}" in (line.text or "")
        for badge in groups(root, "end"):
            (label,) = badge.iter(f"{NS}text")
            assert label.text == badge.get("data-value")


def test_an_opening_double_is_drawn_the_same_in_every_picture_that_shows_its_ends() -> None:
    """The same place, frame, marks at its four places, whichever function draws it."""
    from exact61_widgets.widgets.figures import LayoutSpec, draw

    Looks = tuple[
        str | None,
        tuple[tuple[str | None, str | None], ...],
        tuple[tuple[str | None, str | None], ...],
        tuple[tuple[str | None, str | None], ...],
    ]

    def looks(svg: str) -> Looks:
        root = parse(svg)
        (tile,) = [g for g in groups(root, "tile") if g.get("data-tile") == "[4|4]"]
        marks = sorted((g.get("data-place"), g.get("class")) for g in groups(root, "place"))
        badges = sorted((g.get("data-tile"), g.get("data-value")) for g in groups(root, "end"))
        frame = tuple((f.get("stroke-dasharray"), f.get("width")) for f in groups(tile, "frame"))
        return tile.get("transform"), frame, tuple(marks), tuple(badges)

    for text in ("[4|4]", "[4|4] [4|5]@[4|4]:lineA"):
        layout = Layout.parse(text)
        seen = {
            looks(render_svg(text)),
            looks(render_svg(layout, legend=True, lang="ru")),
            looks(render_svg(text, theme="dark", caption=False)),
            looks(draw(LayoutSpec(text), "widget", "en")),
            looks(draw(LayoutSpec(text, last=False), "widget", "en", "dark")),
        }
        assert len(seen) == 1, seen
        ((_, frame, marks, badges),) = seen
        assert frame and badges and ("[4|4]:branchA", "place closed") in marks


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_exercise_picture_gives_away_none_of_its_answers(lang: str) -> None:
    """Drawn for "which ends count?" (no badges) or "which places are open?" (no dots)."""
    from exact61_widgets.exercises import OpenPlaces, ScoringEnds, leaked_answers

    for layout in random_tables(19, 25):
        ends = str(render_svg(layout, ends=False, legend=True, lang=lang))
        assert leaked_answers(ends, ScoringEnds(str(layout)), lang) == []
        places = str(render_svg(layout, ends=False, places=False, lang=lang))
        assert leaked_answers(places, OpenPlaces(str(layout)), lang) == []
        # The picture with its badges does state them: the search would find it.
        assert leaked_answers(str(render_svg(layout, lang=lang)), ScoringEnds(str(layout)), lang)
