"""Issue #15: every picture is built one way, by :func:`exact61_widgets.render.svgkit.element`.

These tests fail if a second builder comes back into ``exact61_widgets/render``:
an XML library (ElementTree, minidom, lxml), svgwrite, or markup written by hand
outside ``svgkit.py``. They also check that the one builder escapes as XML does.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from exact61_widgets.render import render_svg
from exact61_widgets.render.svgkit import element, num, text, tile_face

RENDER = Path(__file__).resolve().parent.parent / "exact61_widgets" / "render"
BUILDER = "svgkit.py"
#: Modules that build or parse XML: none of them belongs in the renderer.
XML_LIBRARIES = ("xml", "svgwrite", "lxml", "html5lib", "bs4", "drawsvg", "cairosvg")
#: A tag in a string: ``<g``, ``</text``, ``<{tag}``, `` />`` (but not ``a < b`` or ``<=``).
TAG = re.compile(r"</?[A-Za-z{]|/>")


def sources() -> list[Path]:
    found = sorted(RENDER.glob("*.py"))
    assert len(found) >= 10 and RENDER / BUILDER in found
    return found


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


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.name)
def test_the_renderer_uses_no_xml_library(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    bad = [
        name
        for name in imported_modules(tree)
        if name.split(".")[0] in XML_LIBRARIES or "ElementTree" in name
    ]
    assert not bad, f"{path.name} imports {bad}: build SVG with svgkit.element only"


@pytest.mark.parametrize("path", [p for p in sources() if p.name != BUILDER], ids=lambda p: p.name)
def test_no_markup_is_written_outside_the_builder(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    bad = [s for s in markup_strings(tree) if TAG.search(s)]
    assert not bad, f"{path.name} writes tags by hand: {bad[:3]}"


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


def test_drawing_pictures_loads_no_xml_library() -> None:
    code = (
        "import sys\n"
        "from exact61_widgets.engine.match import Match\n"
        "from exact61_widgets.render import (render_svg, render_legend, tile_svg, match_svg,\n"
        "    hand_svg, boneyard_svg, scoreboard_svg, rounding_svg, tally_svg)\n"
        "render_svg('[1|4] [1|1]@[1|4]:low', legend=True, lang='ru')\n"
        "render_legend(); tile_svg('[2|5]', face_up=False); match_svg(Match(3, seed=1))\n"
        "hand_svg(['[1|2]']); boneyard_svg(3); scoreboard_svg([5, 10]); rounding_svg(13)\n"
        "tally_svg(23)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in\n"
        "      ('xml', 'svgwrite', 'lxml')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_the_builder_escapes_as_xml_does() -> None:
    attrs = {"a": 'x"<>&\n\t\r y', "b": "1", "data-tile": "[1|2]"}
    built = element(
        "g",
        attrs,
        [element("x", {}), element("y", {"z": "0"}, content="q")],
        content="a & b < c → ü",
    )
    reference = ET.Element("g", attrs)
    reference.text = "a & b < c → ü"
    ET.SubElement(reference, "x")
    ET.SubElement(reference, "y", {"z": "0"}).text = "q"
    assert built == ET.tostring(reference, encoding="unicode")
    parsed = ET.fromstring(built)
    assert parsed.attrib == {"a": 'x"<>&\n\t\r y', "b": "1", "data-tile": "[1|2]"}
    assert parsed.text == "a & b < c → ü" and [c.tag for c in parsed] == ["x", "y"]
    # Attributes in the order given; an empty element closes itself, as before.
    assert element("rect", {"y": "2", "x": "1"}) == '<rect y="2" x="1" />'
    assert element("text", {"x": "0"}, content="") == '<text x="0" />'


def test_text_from_users_cannot_break_out_of_a_picture() -> None:
    line = text(0, 0, '</text><script>alert("x")</script>', size=12, fill="#000")
    parsed = ET.fromstring(line)
    assert parsed.tag == "text" and len(parsed) == 0
    assert parsed.text == '</text><script>alert("x")</script>'


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


def test_tile_faces_are_written_once_and_shared() -> None:
    face = tile_face(2, 5, True, "#fff", "#000", "#111", "#222", 1.2)
    assert tile_face(2, 5, True, "#fff", "#000", "#111", "#222", 1.2) is face
    svg = render_svg("[2|5] [5|5]@[2|5]:high [2|2]@[2|5]:low", id_prefix="f")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    tiles = [g for g in root.iter(f"{ns}g") if "tile" in g.get("class", "").split()]
    assert len(tiles) == 3
    for group in tiles:  # each face as its own copy of the shared markup: no <use>
        assert [c.get("class") for c in group][:2] == ["face", "divider"]
    assert "<use" not in svg and "href" not in svg
