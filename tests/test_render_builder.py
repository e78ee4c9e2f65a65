"""Issue 24: every picture is built with svgwrite, and no second builder comes back.

Every picture is an svgwrite ``Drawing`` of svgwrite elements, made through
:mod:`exact61_widgets.render.svgkit`, the only module that imports svgwrite (or any
XML library: it writes the drawing's ElementTree out). These tests fail if a module
of ``render/`` or ``widgets/`` imports svgwrite or an XML library, or writes SVG tags
by hand; if a picture of any kind is not the text of an svgwrite drawing whose every
element is one of svgwrite's classes; if svgwrite's validator rejects one; and they
check what the builder promises: escaping, shared symbols placed with ``<use>``,
cached elements, ids that stay apart when pictures share a page, the same bytes in
every process.
"""

from __future__ import annotations

import ast
import hashlib
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import svg_tree
import svgwrite
import svgwrite.base
from render_sample import FULL, every_kind

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.render import (
    match_svg,
    render_legend,
    render_svg,
    svgkit,
)
from exact61_widgets.render.svgkit import TileLook, element, num, text, tile_group, validating
from exact61_widgets.render.theme import LIGHT, RenderError

PACKAGE = Path(__file__).resolve().parent.parent / "exact61_widgets"
RENDER = PACKAGE / "render"
BUILDER = "svgkit.py"
NS = "{http://www.w3.org/2000/svg}"
#: Modules that build or parse XML: only the builder uses them.
XML_LIBRARIES = ("xml", "svgwrite", "lxml", "html5lib", "bs4", "drawsvg", "cairosvg")
#: A tag in a string: ``<g``, ``</text``, ``<{tag}``, `` />`` (but not ``a < b`` or ``<=``).
TAG = re.compile(r"</?[A-Za-z{]|/>")
#: An SVG element's tag in a string (the widgets write HTML, never SVG).
SVG_TAG = re.compile(
    r"</?(g|rect|circle|ellipse|line|polyline|polygon|path|text|tspan|use|symbol|defs|"
    r"title|desc)\b"
)


def sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def imported_modules(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Call) and getattr(
            node.func, "id", getattr(node.func, "attr", "")
        ) in ("__import__", "import_module"):
            names += [
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    return names


def markup_strings(tree: ast.AST) -> list[str]:
    """String constants that are not docstrings, and f-strings with ``{…}`` for each field."""
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.append(
                "".join(
                    str(part.value) if isinstance(part, ast.Constant) else "{}"
                    for part in node.values
                )
            )
    return found


def xml_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return [
        name
        for name in imported_modules(tree)
        if name.split(".")[0] in XML_LIBRARIES or "ElementTree" in name
    ]


# -- no second builder ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", [*sources(RENDER), *sources(PACKAGE / "widgets")], ids=lambda p: p.name
)
def test_only_the_builder_imports_svgwrite_or_an_xml_library(path: Path) -> None:
    found = xml_imports(path)
    if path == RENDER / BUILDER:
        assert found and {n.split(".")[0] for n in found} == {"svgwrite", "xml"}
        return
    assert not found, f"{path.name} imports {found}: build SVG with svgkit's svgwrite elements"


#: What the builder looks for in finished SVG text (a picture's title) and the plain text
#: of a picture without one: not markup it writes.
READ_ONLY = {"<title", "</title>", "<SVG picture>"}


@pytest.mark.parametrize("path", sources(RENDER), ids=lambda p: p.name)
def test_no_markup_is_written_by_hand_in_the_renderer(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    allowed = READ_ONLY if path.name == BUILDER else set()
    bad = [s for s in markup_strings(tree) if TAG.search(s) and s not in allowed]
    assert not bad, f"{path.name} writes tags by hand: {bad[:3]}"


@pytest.mark.parametrize("path", sources(PACKAGE / "widgets"), ids=lambda p: p.name)
def test_the_widgets_write_no_svg_by_hand(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    bad = [s for s in markup_strings(tree) if SVG_TAG.search(s)]
    assert not bad, f"{path.name} writes SVG by hand: {bad[:3]}"


def test_the_checks_catch_a_second_builder() -> None:
    """The scans above would see each kind of second builder (they are not vacuous)."""
    samples = {
        "import xml.etree.ElementTree as ET": "imports",
        "from xml.etree import ElementTree": "imports",
        "import svgwrite": "imports",
        "from xml.dom import minidom": "imports",
        "import importlib\nET = importlib.import_module('xml.etree.ElementTree')": "imports",
        "def f(x):\n    return f'<circle cx=\"{x}\" />'": "markup",
        "def f(tag, head):\n    return f'<{tag}{head}>'": "markup",
        "CLOSE = '</g>'": "markup",
        "def f(tag):\n    return '<' + tag + '>'": None,  # caught by neither: a lone '<'
    }
    for code, kind in samples.items():
        tree = ast.parse(code)
        as_import = any(n.split(".")[0] in XML_LIBRARIES for n in imported_modules(tree))
        as_markup = any(TAG.search(s) for s in markup_strings(tree))
        assert (as_import, as_markup) == (kind == "imports", kind == "markup"), code
    # A comparison or an arrow in a message is not markup; a docstring may show tags.
    tree = ast.parse('"""Draws <g class=\\"tile\\">."""\nX = "a < b, 5 <= 6, <- back"\n')
    assert not any(TAG.search(s) for s in markup_strings(tree))
    # HTML is not SVG; an SVG tag in a widget is.
    assert not SVG_TAG.search('<div class="exact61-hand"><p><b>x</b></p>')
    assert SVG_TAG.search('<rect x="1" />') and SVG_TAG.search("</text>")


# -- every picture is an svgwrite drawing ------------------------------------------------------


def recorded(make: Callable[[], Any], cold: bool = True) -> tuple[str, list[tuple[Any, str]]]:
    """What ``make`` returns, and every drawing svgkit wrote meanwhile with its text
    (``cold``: every cache emptied first)."""
    drawings: list[tuple[Any, str]] = []
    original = svgkit.serialize

    def spy(root: Any) -> str:
        out = original(root)
        drawings.append((root, out))
        return out

    if cold:
        svgkit.clear_caches()
    svgkit.serialize = spy  # type: ignore[assignment]
    try:
        made = str(make())
    finally:
        svgkit.serialize = original  # type: ignore[assignment]
    return made, drawings


SVG_DOC = re.compile(r"<svg\b.*?</svg>", re.S)
ROOT_SIZE = re.compile(r'^(<svg\b[^>]*?) height="[0-9.]+"([^>]*?) width="[0-9.]+"')


def unsized(svg: str) -> str:
    """A picture without its root's width and height (a saved strip shrinks them)."""
    return ROOT_SIZE.sub(r"\1\2", svg, count=1)


@pytest.mark.parametrize("kind", sorted(every_kind()))
def test_every_picture_is_an_svgwrite_drawing_of_svgwrite_elements(kind: str) -> None:
    made, drawings = recorded(every_kind()[kind])
    pictures = SVG_DOC.findall(made)
    assert pictures, kind
    written = {unsized(out) for _, out in drawings}
    for svg in pictures:
        assert unsized(svg) in written, f"{kind}: a picture svgwrite did not write"
    for root, out in drawings:
        assert isinstance(root, svgwrite.Drawing)
        assert out == root.tostring(), "svgkit writes a drawing exactly as svgwrite does"
        stack = [root]
        while stack:
            node = stack.pop()
            assert isinstance(node, svgwrite.base.BaseElement | svgwrite.base.Title), node
            stack.extend(getattr(node, "elements", ()))


@pytest.mark.parametrize("kind", sorted(every_kind()))
def test_a_picture_drawn_again_splices_its_shared_parts_into_the_same_bytes(kind: str) -> None:
    """Drawn again, a picture's cached parts are written once and spliced in (svgkit.share):
    the text is still exactly what svgwrite writes for the whole drawing, the same as the
    first time."""
    first, _ = recorded(every_kind()[kind])
    again, drawings = recorded(every_kind()[kind], cold=False)  # the first one's caches
    assert again == first
    assert drawings
    for root, out in drawings:
        assert out == root.tostring()


def test_the_splice_refuses_a_stand_in_it_cannot_fill() -> None:
    svgkit.clear_caches()
    group = tile_group(Tile(2, 5), 0, 0, 2, 5, True, TileLook.of(LIGHT), defs="p")
    root = svgkit.drawing(svgkit.Panel((0, 0, 64, 32), [group]), "p", None, "t", "d", None)
    assert svgkit.serialize(root) == root.tostring()
    root.elements.append(element("text", {"x": "0", "y": "0"}, content="<exact61-shared />"))
    assert "&lt;exact61-shared /&gt;" in svgkit.serialize(root)  # escaped: never a stand-in


@pytest.mark.parametrize("kind", sorted(every_kind()))
def test_svgwrites_validator_passes_every_kind(kind: str) -> None:
    """Built with ``debug=True``: every attribute, value and child checked (SVG 1.1 Full)."""
    plain = str(every_kind()[kind]())
    with validating():
        assert svgkit.debugging()
        checked = str(every_kind()[kind]())
    assert not svgkit.debugging()
    assert checked == plain


def test_the_validator_is_on_and_refuses_what_svg_does_not_allow() -> None:
    with validating():
        with pytest.raises((ValueError, TypeError)):
            element("circle", {"cx": "1", "cy": "2", "r": "big"})
        with pytest.raises((ValueError, TypeError)):
            element("rect", {"colour": "red"})
        with pytest.raises(ValueError):
            element("rect", {}, [element("g", {})])  # a rectangle holds no group
    with pytest.raises(RenderError):
        element("blink", {})
    with pytest.raises(RenderError):
        element("rect", {}, content="text in a rect")


# -- what the builder promises --------------------------------------------------------------


def test_the_builder_escapes_as_xml_does() -> None:
    attrs = {"class": 'x"<>&\n\t\r y', "id": "1", "data-tile": "[1|2]"}
    built = element(
        "g",
        attrs,
        [element("rect", {}), element("text", {"x": "0"}, content="q")],
    )
    parsed = ET.fromstring(ET.tostring(built.get_xml(), encoding="unicode"))
    assert parsed.attrib == attrs
    assert [c.tag for c in parsed] == ["rect", "text"] and parsed[1].text == "q"
    label = text(0, 0, "a & b < c → ü", size=12, fill="#000")
    assert ET.tostring(label.get_xml(), encoding="unicode").endswith(">a &amp; b &lt; c → ü</text>")


def test_text_from_users_cannot_break_out_of_a_picture() -> None:
    line = text(0, 0, '</text><script>alert("x")</script>', size=12, fill="#000")
    parsed = ET.fromstring(ET.tostring(line.get_xml(), encoding="unicode"))
    assert parsed.tag == "text" and len(parsed) == 0
    assert parsed.text == '</text><script>alert("x")</script>'
    svg = render_legend(id_prefix="x", colors={"text": "#123456"})
    assert "<script" not in svg


def test_numbers_are_short_and_the_same_for_equal_values() -> None:
    assert [num(v) for v in (12, 12.0, 12.5, -3.25, 0.1 + 0.2, -0.0, 1 / 3)] == [
        "12",
        "12",
        "12.5",
        "-3.25",
        "0.3",
        "0",
        "0.33",
    ]


def test_tile_faces_pips_and_marks_are_symbols_placed_with_use() -> None:
    svg = render_svg(FULL, legend=True, id_prefix="f")
    root = ET.fromstring(svg)
    (defs,) = root.findall(f"{NS}defs")
    symbols = {s.get("id") for s in defs}
    assert all(s.tag == f"{NS}symbol" for s in defs)
    # Two faces, the pips of 1 to 6 each way, two frames and the star: every tile shares them.
    assert symbols == {
        "f-face-h",
        "f-face-v",
        *(f"f-pips-{turn}{n}" for turn in "hv" for n in range(1, 7)),
        "f-frame-h",
        "f-frame-v",
        "f-star",
    }
    tiles = [g for g in root.iter(f"{NS}g") if "tile" in (g.get("class") or "").split()]
    assert len(tiles) == 28
    for group in tiles:
        assert {c.tag for c in group} == {f"{NS}use"}
        assert group[0].get("class") == "face"
    uses = [u.get(svg_tree.HREF) for u in root.iter(f"{NS}use")]
    assert {u[1:] for u in uses if u} == symbols
    assert svg.count("<circle") < 80  # the 168 pips are 42 circles in the defs
    svg_tree.resolved(root)  # every <use> finds its symbol in the same picture


def test_a_tile_without_a_prefix_for_its_symbols_draws_its_shapes_itself() -> None:
    group = tile_group(Tile(2, 5), 0, 0, 2, 5, True, TileLook.of(LIGHT, frame=True, star=True))
    xml = ET.tostring(group.get_xml(), encoding="unicode")
    assert "<use" not in xml and xml.count('class="pip"') == 7 and 'class="frame"' in xml


def test_what_repeats_is_cached_as_elements_whose_xml_is_built_once() -> None:
    svgkit.clear_caches()
    args = (Tile(2, 5), 10, 20, 2, 5, True, TileLook.of(LIGHT))
    first = tile_group(*args, ident="p-tile-25", defs="p")
    assert tile_group(*args, ident="p-tile-25", defs="p") is first
    assert first.get_xml() is first.get_xml()  # shared: one ElementTree for every picture
    assert first.symbol_refs == {
        "p-face-h": "face-h",
        "p-pips-h2": "pips-h2",
        "p-pips-h5": "pips-h5",
    }
    with validating():  # validation builds every element afresh, checked
        again = tile_group(*args, ident="p-tile-25", defs="p")
        assert again is not first and again.get_xml() is not again.get_xml()
    one = render_svg(FULL, id_prefix="c")
    assert render_svg(FULL, id_prefix="c") == one


def test_the_same_bytes_twice_and_in_a_fresh_process() -> None:
    pictures = {kind: str(make()) for kind, make in every_kind().items()}
    assert pictures == {kind: str(make()) for kind, make in every_kind().items()}
    digest = hashlib.sha1(repr(sorted(pictures.items())).encode()).hexdigest()
    code = (
        "import hashlib, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_render_builder import every_kind\n"
        "pictures = {kind: str(make()) for kind, make in every_kind().items()}\n"
        "print(hashlib.sha1(repr(sorted(pictures.items())).encode()).hexdigest())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == digest


def test_ids_stay_apart_when_pictures_share_a_page() -> None:
    """A page of many pictures (a board, a saved story): no id twice, every <use> its own."""
    page = "".join(
        [
            str(every_kind()["strip"]()),
            str(every_kind()["puzzle"]()),
            str(render_svg(FULL)),
            str(render_svg(FULL, theme="dark")),
            str(render_legend()),
            str(match_svg(Match(3, seed=1))),
        ]
    )
    pictures = [ET.fromstring(svg) for svg in SVG_DOC.findall(page)]
    assert len(pictures) > 20
    ids = [e.get("id") for svg in pictures for e in svg.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})[:5]
    for svg in pictures:
        own = {e.get("id") for e in svg.iter()}
        for use in svg.iter(f"{NS}use"):
            assert (use.get(svg_tree.HREF) or "")[1:] in own


def test_drawing_pictures_loads_svgwrite_and_importing_the_renderer_does_not() -> None:
    code = (
        "import sys\n"
        "import exact61_widgets.render as r\n"
        "before = 'svgwrite' in sys.modules\n"
        "r.render_svg('[1|4] [1|1]@[1|4]:low')\n"
        "print(before, 'svgwrite' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["False", "True"]


def test_pictures_drawn_in_many_threads_at_once_each_splice_their_own_parts() -> None:
    """The server draws solutions in worker threads: each serialize keeps its own list of
    shared texts (one list for every thread gave one picture's parts to another, or
    refused with "a picture's shared parts were not all written"). Six threads draw every
    kind again and again, switching as often as Python lets them."""
    kinds = sorted(every_kind().items())
    expected = {kind: str(make()) for kind, make in kinds}  # the caches filled: splices
    drawn: list[tuple[str, str]] = []
    faults: list[BaseException] = []

    def draw() -> None:
        try:
            for _ in range(3):
                drawn.extend((kind, str(make())) for kind, make in kinds)
        except BaseException as fault:  # reported below, in the test's thread
            faults.append(fault)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=draw) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not faults, faults[0]
    assert len(drawn) == 6 * 3 * len(kinds)
    assert all(svg == expected[kind] for kind, svg in drawn)
