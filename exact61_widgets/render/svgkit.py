"""Shared tools of the SVG pictures: the drawing, ids, numbers, and domino tiles.

Every picture is one :func:`svgwrite.Drawing` (``debug=False``) carrying a
``<title>`` and ``<desc>`` and explicit ids under a per-figure prefix, so that
several pictures can share a notebook page and the same state always gives the
same bytes. A tile's face (rectangle, divider, pips) is drawn once per look
with svgwrite, cached as an element tree and shared by every tile that looks
the same: that keeps a 28-tile picture within a few milliseconds.
"""

from __future__ import annotations

import hashlib
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from xml.etree import ElementTree as ET

import svgwrite

from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg
from exact61_widgets.render.geometry import UNIT
from exact61_widgets.render.pips import pip_centers
from exact61_widgets.render.theme import RenderError

#: A tile's short side in user units (two grid cells); its long side is twice that.
SIDE = 2 * UNIT
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


class SvgText(str):
    """SVG text that Jupyter shows as a picture, with its ``<title>`` as the plain text.

    The plain-text form matters where a front end shows no SVG (an untrusted
    notebook, a terminal): it says what the picture shows instead of dumping
    the SVG source a second time into the saved notebook.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    @property
    def summary(self) -> str:
        """The text of the picture's ``<title>`` (empty if it has none)."""
        start = self.find(">", self.find("<title")) + 1
        end = self.find("</title>", start)
        if start <= 0 or end < 0:
            return ""
        return html.unescape(self[start:end])

    def _repr_mimebundle_(self, include: object = None, exclude: object = None
                          ) -> dict[str, str]:
        return {"image/svg+xml": str(self), "text/plain": self.summary or "<SVG picture>"}


class Raw:
    """An element tree put into a svgwrite drawing as it is (svgwrite calls ``get_xml``)."""

    __slots__ = ("xml",)

    def __init__(self, xml: ET.Element) -> None:
        self.xml = xml

    def get_xml(self) -> ET.Element:
        """The element tree itself, shared, not copied."""
        return self.xml


def num(value: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``, ``-3.25``."""
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


def element(tag: str, attrs: Mapping[str, str], children: Iterable[ET.Element] = ()
            ) -> ET.Element:
    """A plain element tree node (faster than svgwrite for the many small parts)."""
    node = ET.Element(tag, dict(attrs))
    node.extend(children)
    return node


def text(x: float, y: float, content: str, *, size: float, fill: str, anchor: str = "start",
         weight: str | None = None, cls: str | None = None) -> ET.Element:
    """A line of text with its baseline at ``y``."""
    attrs = {"x": num(x), "y": num(y), "font-family": FONT, "font-size": num(size),
             "fill": fill}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if weight:
        attrs["font-weight"] = weight
    if cls:
        attrs["class"] = cls
    node = ET.Element("text", attrs)
    node.text = content
    return node


def _advance(char: str) -> float:
    """A character's advance in DejaVu Sans, in ems (by class: measured averages)."""
    if char == " ":
        return 0.32
    if char.isdigit():
        return 0.64
    if "a" <= char <= "z":
        return 0.57
    if "A" <= char <= "Z":
        return 0.68
    if "а" <= char <= "я" or char == "ё":
        return 0.67
    if "А" <= char <= "Я" or char == "Ё":
        return 0.77
    if char in ".,:;'!|[]()":
        return 0.38
    return 0.72


def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a text's width in user units (10 % over DejaVu Sans).

    Pictures size themselves from it; Russian text is about a fifth wider than English.
    """
    ems = sum(_advance(c) for c in content) * (1.12 if bold else 1.0)
    return 1.1 * size * ems


def figure_prefix(kind: str, content: str, options: Mapping[str, object],
                  id_prefix: str | None) -> str:
    """The id prefix of a figure: the caller's, or one derived from what it shows.

    Derived prefixes differ between different pictures and never change between
    runs; two identical pictures on one page need an explicit ``id_prefix``.
    """
    if id_prefix is not None:
        if not isinstance(id_prefix, str) or not id_prefix or not all(
                c.isalnum() or c in "-_" for c in id_prefix) or not id_prefix[0].isalpha():
            raise RenderError(Msg("id_prefix must start with a letter and hold only letters, "
                                  "digits, - and _, not {value}", {"value": repr(id_prefix)}))
        return id_prefix
    key = repr((kind, content, sorted((k, repr(v)) for k, v in options.items())))
    return f"e61{kind[0]}-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def check_size(size: object) -> int | None:
    """``size`` (the picture's width in pixels) if it is None or a positive int, else raise."""
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise RenderError(Msg("size must be a positive number of pixels or None, not {size}",
                              {"size": repr(size)}))
    return size


def drawing(prefix: str, box: tuple[float, float, float, float], size: int | None,
            title: str, desc: str, background: str | None) -> svgwrite.Drawing:
    """An empty picture: root ``<svg role="img">`` with title, description, background.

    ``box`` is the view box (x, y, width, height) in user units; ``size`` the
    displayed width in pixels (None: one pixel per unit).
    """
    x, y, w, h = box
    width, height = (w, h) if size is None else (size, size * h / w)
    dwg = svgwrite.Drawing(size=(num(width), num(height)), debug=False, id=prefix,
                           viewBox=" ".join(num(v) for v in box), role="img",
                           **{"aria-labelledby": f"{prefix}-title",
                              "aria-describedby": f"{prefix}-desc"})
    dwg.elements.remove(dwg.defs)  # unused; title and desc come first
    for tag, content in (("title", title), ("desc", desc)):
        node = ET.Element(tag, {"id": f"{prefix}-{tag}"})
        node.text = content
        dwg.add(Raw(node))
    if background is not None:
        dwg.add(Raw(element("rect", {"x": num(x), "y": num(y), "width": num(w),
                                     "height": num(h), "fill": background,
                                     "class": "background"})))
    return dwg


#: The tag of a node whose ``text`` is already-serialised XML (a shared tile face).
FRAGMENT = "exact61-fragment"


def fragment(nodes: Iterable[ET.Element]) -> ET.Element:
    """Elements serialised once, to be written out as they are wherever they appear."""
    node = ET.Element(FRAGMENT)
    node.text = "".join(serialize(n) for n in nodes)
    return node


def _escape_attr(value: str) -> str:
    if "&" in value:
        value = value.replace("&", "&amp;")
    for char, entity in (("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("\n", "&#10;"),
                         ("\r", "&#13;"), ("\t", "&#09;")):
        if char in value:
            value = value.replace(char, entity)
    return value


def _escape_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def serialize(node: ET.Element) -> str:
    """XML text of an element tree, byte for byte as ``ElementTree.tostring`` writes it.

    Faster, because :func:`fragment` nodes (tile faces, built once and shared
    by every tile that looks the same) are written from their cached text.
    """
    out: list[str] = []
    _write(node, out)
    return "".join(out)


def _write(node: ET.Element, out: list[str]) -> None:
    tag = node.tag
    if tag == FRAGMENT:
        out.append(node.text or "")
        return
    out.append("<" + tag)
    for key, value in node.attrib.items():
        out.append(f' {key}="{_escape_attr(value)}"')
    if node.text or len(node):
        out.append(">")
        if node.text:
            out.append(_escape_text(node.text))
        for child in node:
            _write(child, out)
        out.append(f"</{tag}>")
    else:
        out.append(" />")
    if node.tail:
        out.append(_escape_text(node.tail))


def finish(dwg: svgwrite.Drawing) -> SvgText:
    """The picture's text (svgwrite builds the tree; :func:`serialize` writes it)."""
    return SvgText(serialize(dwg.get_xml()))


@dataclass
class Panel:
    """Part of a picture: its elements and the box ``(x, y, width, height)`` they fill.

    Standalone pictures are one panel; :func:`match_svg` arranges several.
    """

    box: tuple[float, float, float, float]
    nodes: list[ET.Element] = field(default_factory=list)

    @property
    def width(self) -> float:
        """The panel's width in user units."""
        return self.box[2]

    @property
    def height(self) -> float:
        """The panel's height in user units."""
        return self.box[3]

    def at(self, x: float, y: float, cls: str) -> ET.Element:
        """The panel as a group whose box starts at (x, y)."""
        dx, dy = x - self.box[0], y - self.box[1]
        attrs = {"class": cls}
        if dx or dy:
            attrs["transform"] = f"translate({num(dx)},{num(dy)})"
        return element("g", attrs, self.nodes)


def picture(panel: Panel, prefix: str, size: int | None, title: str, desc: str,
            background: str | None) -> SvgText:
    """One panel as a whole picture."""
    dwg = drawing(prefix, panel.box, size, title, desc, background)
    for node in panel.nodes:
        dwg.add(Raw(node))
    return finish(dwg)


# -- tiles ----------------------------------------------------------------------------


@lru_cache(maxsize=512)
def tile_face(first: int, second: int, horizontal: bool, face: str, edge: str, pip: str,
              divider: str, edge_width: float = 1.2) -> ET.Element:
    """A face-up tile at the origin: rounded face, divider, pips, as a :func:`fragment`.

    Built with svgwrite once per look and shared by every tile that looks the same.
    """
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    dwg = svgwrite.Drawing(debug=False)
    parts = [dwg.rect((1, 1), (w - 2, h - 2), rx=5, ry=5, fill=face, stroke=edge,
                      stroke_width=num(edge_width), class_="face")]
    if horizontal:
        parts.append(dwg.line((SIDE, 5), (SIDE, h - 5), stroke=divider, stroke_width=1.5,
                              class_="divider"))
    else:
        parts.append(dwg.line((5, SIDE), (w - 5, SIDE), stroke=divider, stroke_width=1.5,
                              class_="divider"))
    for number, (hx, hy) in ((first, (0, 0)), (second, (SIDE, 0) if horizontal else (0, SIDE))):
        for cx, cy in pip_centers(number, hx, hy, SIDE, horizontal):
            parts.append(dwg.circle((num(cx), num(cy)), 3.4, fill=pip, class_="pip"))
    return fragment(part.get_xml() for part in parts)


@lru_cache(maxsize=64)
def tile_back(horizontal: bool, back: str, pattern: str, edge: str) -> ET.Element:
    """A face-down tile at the origin, a plain back with a small emblem (a fragment)."""
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    dwg = svgwrite.Drawing(debug=False)
    parts = [dwg.rect((1, 1), (w - 2, h - 2), rx=5, ry=5, fill=back, stroke=edge,
                      stroke_width=1.2, class_="face"),
             dwg.rect((5, 5), (w - 10, h - 10), rx=3, ry=3, fill="none", stroke=pattern,
                      stroke_width=1.5),
             dwg.circle((w / 2, h / 2), 4, fill=pattern)]
    return fragment(part.get_xml() for part in parts)


@lru_cache(maxsize=64)
def spinner_frame(horizontal: bool, color: str) -> ET.Element:
    """The dashed frame drawn just inside a spinner's edge (every double on the table).

    Dashed, so that it is told apart by its shape from a picked tile's thick solid
    edge, whatever the reader's colour vision.
    """
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    return element("rect", {"x": "2.5", "y": "2.5", "width": num(w - 5), "height": num(h - 5),
                            "rx": "4", "ry": "4", "fill": "none", "stroke": color,
                            "stroke-width": "2.5", "stroke-dasharray": "6 3",
                            "class": "frame"})


#: The star of the last play: outer and inner radius (it sits on the divider, between pips).
STAR_OUTER = 6.5
STAR_INNER = 2.8


def star_points(cx: float, cy: float, outer: float = STAR_OUTER,
                inner: float = STAR_INNER) -> str:
    """The ``points`` of a five-pointed star centred at (cx, cy), one point up."""
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * k / 5
        points.append(f"{num(round(cx + radius * math.sin(angle), 2))},"
                      f"{num(round(cy - radius * math.cos(angle), 2))}")
    return " ".join(points)


@lru_cache(maxsize=64)
def last_star(horizontal: bool, color: str, outline: str) -> ET.Element:
    """The star at the centre of the last tile played, on its divider where no pip lies."""
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    return element("polygon", {"points": star_points(w / 2, h / 2), "fill": color,
                               "stroke": outline, "stroke-width": "1",
                               "stroke-linejoin": "round", "class": "star"})


def tile_group(tile: Tile, x: float, y: float, first: int, second: int, horizontal: bool,
               colors: Mapping[str, str], *, classes: Sequence[str] = ("tile",),
               ident: str | None = None, face: str | None = None, edge: str | None = None,
               edge_width: float = 1.2, frame: bool = False, star: bool = False,
               data: bool = True) -> ET.Element:
    """A face-up tile as a group at (x, y) with ``class`` and ``data-tile``.

    ``first`` is the number on the left or top half; ``frame`` adds the spinner's
    dashed frame, ``star`` the last play's star.
    """
    attrs = {"class": " ".join(classes)}
    if data:
        attrs["data-tile"] = str(tile)
    if ident:
        attrs["id"] = ident
    attrs["transform"] = f"translate({num(x)},{num(y)})"
    face = face or colors["tile"]
    parts = [tile_face(first, second, horizontal, face, edge or colors["tile edge"],
                       colors["pip"], colors["divider"], edge_width)]
    if frame:
        parts.append(spinner_frame(horizontal, colors["spinner"]))
    if star:
        parts.append(last_star(horizontal, colors["last"], face))
    return element("g", attrs, parts)


def back_group(x: float, y: float, horizontal: bool, colors: Mapping[str, str],
               ident: str | None = None) -> ET.Element:
    """A face-down tile as a group at (x, y): class ``tile back`` and no ``data-tile``."""
    attrs = {"class": "tile back"}
    if ident:
        attrs["id"] = ident
    attrs["transform"] = f"translate({num(x)},{num(y)})"
    return element("g", attrs, [tile_back(horizontal, colors["tile back"],
                                          colors["tile back pattern"], colors["tile edge"])])
