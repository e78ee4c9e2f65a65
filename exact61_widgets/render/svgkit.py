"""The one way every picture is built: svgwrite's ``Drawing`` and its element classes.

Every element of every picture is an svgwrite element (``Group``, ``Rect``, ``Text``,
``Use`` …) made by :func:`element` (and :func:`text`, built on it) from its tag, its
attributes in order and its children; a picture is one svgwrite ``Drawing``
(:func:`picture`): a root ``<svg role="img">`` carrying a ``<title>`` and ``<desc>``,
the ``<defs>`` it needs and explicit ids under a per-figure prefix (never svgwrite's
global id counter), so that several pictures can share a notebook page and the same
state always gives the same bytes, in any process.

Reuse is SVG's own: a tile's face and divider, the pips of each number, a spinner's
frame, the last play's star and a tile's back are ``<symbol>``\\ s in the picture's
``<defs>`` (geometry only, with ids ``PREFIX-face-h``, ``PREFIX-pips-v3`` …), placed
with ``<use>`` elements that carry the colours, so the same symbols serve every tile
whatever its look. What repeats between pictures is cached as element objects (a
board redraws nearly the same tiles and marks after every move), and a cached
element's XML is built once (:func:`share`). Drawings are made with ``debug=False``
for speed; :func:`validating` turns svgwrite's validator on for the tests.
"""

from __future__ import annotations

import hashlib
import html
import math
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, TypeAlias, TypeVar
from xml.etree import ElementTree

from svgwrite.base import BaseElement, Desc, Title
from svgwrite.container import Defs, Group, Marker, Symbol, Use
from svgwrite.data.types import SVGAttribute
from svgwrite.drawing import Drawing
from svgwrite.gradients import LinearGradient, RadialGradient
from svgwrite.masking import ClipPath, Mask
from svgwrite.params import Parameter
from svgwrite.path import Path
from svgwrite.pattern import Pattern
from svgwrite.shapes import Circle, Ellipse, Line, Polygon, Polyline, Rect
from svgwrite.text import Text, TSpan

from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg
from exact61_widgets.render.geometry import UNIT
from exact61_widgets.render.pips import pip_centers
from exact61_widgets.render.theme import RenderError

#: A tile's short side in user units (two grid cells); its long side is twice that.
SIDE = 2 * UNIT
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: An element of a picture: an instance of one of svgwrite's element classes.
Node: TypeAlias = BaseElement
#: The name the drawing code used for a finished piece of a picture; now an svgwrite element.
Markup: TypeAlias = Node

#: The svgwrite class of each tag a picture may hold (``title``/``desc`` are svgwrite's own
#: ``Title``/``Desc``, made by :func:`element` too).
CLASSES: Final[Mapping[str, Any]] = {
    "g": Group,
    "defs": Defs,
    "symbol": Symbol,
    "use": Use,
    "clipPath": ClipPath,
    "marker": Marker,
    "mask": Mask,
    "pattern": Pattern,
    "linearGradient": LinearGradient,
    "radialGradient": RadialGradient,
    "rect": Rect,
    "circle": Circle,
    "ellipse": Ellipse,
    "line": Line,
    "polyline": Polyline,
    "polygon": Polygon,
    "path": Path,
    "text": Text,
    "tspan": TSpan,
}
#: Attributes the pictures use beyond SVG 1.1 (SVG 2 and WAI-ARIA): ``data-*`` besides.
ARIA: Final = frozenset({"role", "aria-labelledby", "aria-describedby", "aria-label"})


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

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"image/svg+xml": str(self), "text/plain": self.summary or "<SVG picture>"}


@lru_cache(maxsize=8192)
def num(value: float) -> str:
    """A coordinate as short text: ``12``, ``12.5``, ``-3.25`` (cached: pictures repeat them)."""
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


# -- the builder: svgwrite elements ------------------------------------------------------


class _Factory:
    """What every element is made with: svgwrite's parameters (``debug``, profile ``full``).

    Passed as svgwrite's ``factory``, so that all elements share one ``Parameter``.
    """

    def __init__(self) -> None:
        self.parameter: Any = Parameter(debug=False, profile="full")

    @property
    def _parameter(self) -> Any:
        """The name svgwrite reads a factory's parameters by."""
        return self.parameter


FACTORY: Final = _Factory()


def debugging() -> bool:
    """Whether svgwrite's validator checks every element now (see :func:`validating`)."""
    return bool(FACTORY.parameter.debug)


#: Caches of elements, emptied when validation is switched on or off (and by the benchmark).
_CACHES: list[Any] = []
F = TypeVar("F", bound=Callable[..., Any])


def node_cache(maxsize: int) -> Callable[[F], F]:
    """``lru_cache`` for functions that return elements, registered for :func:`clear_caches`."""

    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def clear_caches() -> None:
    """Forget every cached element (the next pictures build all of theirs afresh)."""
    for cached in _CACHES:
        cached.cache_clear()


@contextmanager
def validating() -> Iterator[None]:
    """Build pictures with svgwrite's validator on (``debug=True``), for the tests.

    Every attribute name and value is checked against SVG 1.1 Full as it is set, every
    child against its parent, and every element again as it is written; ``data-*`` and
    the ARIA attributes (``role``, ``aria-*``), which SVG 2 allows on every element, are
    declared to the validator first, as svgwrite's own Inkscape extension declares its
    attributes. The element caches are emptied on the way in and out.
    """
    before = FACTORY.parameter
    clear_caches()
    FACTORY.parameter = Parameter(debug=True, profile="full")
    try:
        yield
    finally:
        FACTORY.parameter = before
        clear_caches()


def _declare(tag: str, name: str) -> None:
    """Tell the validator that ``tag`` may carry ``name`` (a ``data-*`` or ARIA attribute)."""
    validator = FACTORY.parameter.validator
    if name not in validator.attributes:
        validator.attributes[name] = SVGAttribute(
            name, anim=False, types=frozenset(["string"]), const=frozenset()
        )
    spec = validator.elements[tag]
    if name not in spec.valid_attributes:
        spec.valid_attributes = spec.valid_attributes | {name}


def _points(value: str) -> list[tuple[str, str]]:
    """A ``points`` attribute as svgwrite keeps it: pairs, written back as ``x,y x,y``."""
    pairs = []
    for pair in value.split():
        x, _, y = pair.partition(",")
        pairs.append((x, y))
    return pairs


def _new(tag: str, attrs: Mapping[str, str], content: str) -> Any:
    """An svgwrite element for ``tag``, made by its class with what it keeps apart."""
    cls = CLASSES.get(tag)
    if cls is None:
        raise RenderError(
            Msg(
                "no svgwrite element for the tag {tag}: use one of {tags}",
                {"tag": tag, "tags": ", ".join(sorted(CLASSES))},
            )
        )
    if content and tag not in ("text", "tspan"):
        raise RenderError(Msg("the element {tag} holds no text", {"tag": tag}))
    if tag in ("text", "tspan"):
        return cls(content, factory=FACTORY)
    if tag == "use":
        return cls(attrs.get("xlink:href", ""), factory=FACTORY)
    if tag in ("polygon", "polyline"):
        return cls(_points(attrs.get("points", "")), factory=FACTORY)
    if tag == "path":
        return cls(attrs.get("d"), factory=FACTORY)
    return cls(factory=FACTORY)


def element(
    tag: str, attrs: Mapping[str, str], children: Iterable[Node] = (), content: str = ""
) -> Node:
    """One svgwrite element: ``<tag k="v" …>content children</tag>``.

    ``attrs`` are the SVG attributes as text (svgwrite writes them in name order and
    escapes them, and ``content``, as XML needs); ``children`` are elements.
    """
    if tag in ("title", "desc"):
        node: Any = (Title if tag == "title" else Desc)(content)
        for key, value in attrs.items():
            node.xml.set(key, value)
        return node
    node = _new(tag, attrs, content)
    if not FACTORY.parameter.debug:
        node.attribs = dict(attrs)
        node.elements.extend(children)
        return node
    node.attribs.clear()  # what the constructor set by default
    for key, value in attrs.items():
        if key.startswith("data-") or key in ARIA:
            _declare(tag, key)
        node[key] = value
    for child in children:
        node.add(child)
    return node


def text(
    x: float,
    y: float,
    content: str,
    *,
    size: float,
    fill: str,
    anchor: str = "start",
    weight: str | None = None,
    cls: str | None = None,
) -> Node:
    """A line of text with its baseline at ``y``."""
    attrs = {"x": num(x), "y": num(y), "font-family": FONT, "font-size": num(size), "fill": fill}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if weight:
        attrs["font-weight"] = weight
    if cls:
        attrs["class"] = cls
    return element("text", attrs, content=content)


#: Per shared element, the ids of the symbols it places and what each symbol is.
Refs: TypeAlias = dict[str, str]


def share(node: Node) -> Node:
    """``node``, to be cached and placed in many pictures: its XML is built once.

    ElementTree elements have no parent, so the one tree serves every picture; the
    node must not change after this (validation builds every element afresh instead).
    The symbols it places are noted on it, so :func:`picture` need not look inside.
    """
    found: Refs = {}
    _collect(node, found)
    node.symbol_refs = found
    if not FACTORY.parameter.debug:
        xml = node.get_xml()
        written = ElementTree.tostring(xml, encoding="unicode")

        def get_xml() -> Any:
            splicing = _SPLICING.stack
            if not splicing:
                return xml
            # In serialize(): a stand-in, and the element's text, written once, in its place.
            splicing[-1].append(written)
            return ElementTree.Element(_STAND_IN)

        node.get_xml = get_xml
    return node


class _Splicing(threading.local):
    """While :func:`serialize` builds a tree, the texts of the shared elements met, in order.

    One stack per thread: the server draws pictures in worker threads, and a stack shared
    by all of them would give one picture's shared texts to another's stand-ins.
    """

    def __init__(self) -> None:
        self.stack: list[list[str]] = []


_SPLICING = _Splicing()
#: The tag of a shared element's stand-in (no picture has it; a text's ``<`` is escaped).
_STAND_IN: Final = "exact61-shared"
#: The stand-in as ElementTree writes it (an empty element), where a shared text goes.
_STAND_IN_TEXT: Final = ElementTree.tostring(ElementTree.Element(_STAND_IN), encoding="unicode")


def _collect(node: Any, found: Refs) -> None:
    refs = getattr(node, "symbol_refs", None)
    if refs is not None:
        found.update(refs)
        return
    for child in getattr(node, "elements", ()):
        _collect(child, found)


def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a text's width in user units (10 % over DejaVu Sans).

    Pictures size themselves from it; Russian text is about a fifth wider than English.
    """
    return _text_width(content, size, bold)


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


@lru_cache(maxsize=2048)
def _text_width(content: str, size: float, bold: bool) -> float:
    ems = sum(_advance(c) for c in content) * (1.12 if bold else 1.0)
    return 1.1 * size * ems


def figure_prefix(
    kind: str, content: str, options: Mapping[str, object], id_prefix: str | None
) -> str:
    """The id prefix of a figure: the caller's, or one derived from what it shows.

    Derived prefixes differ between different pictures and never change between
    runs; two identical pictures on one page need an explicit ``id_prefix``.
    """
    if id_prefix is not None:
        if (
            not isinstance(id_prefix, str)
            or not id_prefix
            or not all(c.isalnum() or c in "-_" for c in id_prefix)
            or not id_prefix[0].isalpha()
        ):
            raise RenderError(
                Msg(
                    "id_prefix must start with a letter and hold only letters, "
                    "digits, - and _, not {value}",
                    {"value": repr(id_prefix)},
                )
            )
        return id_prefix
    key = repr((kind, content, sorted((k, repr(v)) for k, v in options.items())))
    return f"e61{kind[0]}-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


def check_size(size: object) -> int | None:
    """``size`` (the picture's width in pixels) if it is None or a positive int, else raise."""
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise RenderError(
            Msg(
                "size must be a positive number of pixels or None, not {size}", {"size": repr(size)}
            )
        )
    return size


@dataclass
class Panel:
    """Part of a picture: its elements and the box ``(x, y, width, height)`` they fill.

    Standalone pictures are one panel; :func:`match_svg` arranges several.
    """

    box: tuple[float, float, float, float]
    nodes: list[Node] = field(default_factory=list)

    @property
    def width(self) -> float:
        """The panel's width in user units."""
        return self.box[2]

    @property
    def height(self) -> float:
        """The panel's height in user units."""
        return self.box[3]

    def at(self, x: float, y: float, cls: str) -> Node:
        """The panel as a group whose box starts at (x, y)."""
        dx, dy = x - self.box[0], y - self.box[1]
        attrs = {"class": cls}
        if dx or dy:
            attrs["transform"] = f"translate({num(dx)},{num(dy)})"
        return element("g", attrs, self.nodes)


def drawing(
    panel: Panel, prefix: str, size: int | None, title: str, desc: str, background: str | None
) -> Any:
    """One panel as a whole svgwrite ``Drawing``: ``<svg role="img">``, title, description,
    the symbols its ``<use>`` elements place, background.

    The view box is the panel's box in user units; ``size`` the displayed width in
    pixels (None: one pixel per unit).
    """
    x, y, w, h = panel.box
    width, height = (w, h) if size is None else (size, size * h / w)
    debug = debugging()
    root: Any = Drawing(size=(num(width), num(height)), debug=debug)
    for key, value in (
        ("aria-describedby", f"{prefix}-desc"),
        ("aria-labelledby", f"{prefix}-title"),
        ("id", prefix),
        ("role", "img"),
        ("viewBox", " ".join(num(v) for v in panel.box)),
    ):
        if debug and key in ARIA:
            _declare("svg", key)
        root[key] = value
    root.set_desc(title=title, desc=desc)
    root.elements[0].xml.set("id", f"{prefix}-title")
    root.elements[1].xml.set("id", f"{prefix}-desc")
    refs: Refs = {}
    for node in panel.nodes:
        _collect(node, refs)
    if refs:
        for ident in sorted(refs):
            root.defs.add(_symbol(ident, refs[ident]))
    else:
        root.elements.remove(root.defs)
    parts = []
    if background is not None:
        parts.append(
            element(
                "rect",
                {
                    "x": num(x),
                    "y": num(y),
                    "width": num(w),
                    "height": num(h),
                    "fill": background,
                    "class": "background",
                },
            )
        )
    parts.extend(panel.nodes)
    if debug:
        for part in parts:
            root.add(part)
    else:
        root.elements.extend(parts)
    return root


def serialize(root: Any) -> str:
    """An svgwrite drawing as text: its ElementTree written as svgwrite's ``tostring`` does.

    svgwrite encodes the text to UTF-8 and decodes it back; written straight to text it
    is the same string in about 60 % of the time. A shared element (:func:`share`: a
    cached tile, a symbol, a legend row) was written once when it was cached: the tree
    holds a stand-in for it, and its text goes in the stand-in's place, so a redrawn
    picture writes only what is new in it. The bytes are those of the whole tree
    written by ElementTree (``tests/test_render_builder.py`` compares them).
    """
    splicing = _SPLICING.stack
    splicing.append([])
    try:
        xml = root.get_xml()
    finally:
        texts = splicing.pop()
    written = ElementTree.tostring(xml, encoding="unicode")
    if not texts:
        return written
    pieces = written.split(_STAND_IN_TEXT)
    if len(pieces) != len(texts) + 1:
        raise RenderError(Msg("a picture's shared parts were not all written"))
    out = [pieces[0]]
    for shared, piece in zip(texts, pieces[1:], strict=True):
        out += (shared, piece)
    return "".join(out)


def picture(
    panel: Panel, prefix: str, size: int | None, title: str, desc: str, background: str | None
) -> SvgText:
    """One panel as a whole picture (:func:`drawing`), written out as SVG text."""
    return SvgText(serialize(drawing(panel, prefix, size, title, desc, background)))


# -- shared symbols ---------------------------------------------------------------------


def _size(horizontal: bool) -> tuple[int, int]:
    return (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)


def _face_parts(horizontal: bool) -> list[Node]:
    """A tile's face (its fill and edge come from where it is placed) and its divider.

    The divider is drawn in ``currentColor``: the ``color`` of the face's ``<use>``.
    """
    w, h = _size(horizontal)
    if horizontal:
        ends = {"x1": str(SIDE), "x2": str(SIDE), "y1": "5", "y2": str(h - 5)}
    else:
        ends = {"x1": "5", "x2": str(w - 5), "y1": str(SIDE), "y2": str(SIDE)}
    return [
        element(
            "rect",
            {"height": str(h - 2), "rx": "5", "ry": "5", "width": str(w - 2), "x": "1", "y": "1"},
        ),
        element(
            "line",
            {"class": "divider", "stroke": "currentColor", "stroke-width": "1.5", **ends},
        ),
    ]


def _pip_parts(horizontal: bool, number: int) -> list[Node]:
    """The pips of a half showing ``number``, its top-left corner at the origin."""
    return [
        element("circle", {"class": "pip", "cx": num(cx), "cy": num(cy), "r": "3.4"})
        for cx, cy in pip_centers(number, 0, 0, SIDE, horizontal)
    ]


def _frame_parts(horizontal: bool) -> list[Node]:
    """The outline of a spinner's frame, just inside the tile's edge."""
    w, h = _size(horizontal)
    return [
        element(
            "rect",
            {
                "x": "2.5",
                "y": "2.5",
                "width": num(w - 5),
                "height": num(h - 5),
                "rx": "4",
                "ry": "4",
            },
        )
    ]


#: The star of the last play: outer and inner radius (it sits on the divider, between pips).
STAR_OUTER = 6.5
STAR_INNER = 2.8


def star_points(cx: float, cy: float, outer: float = STAR_OUTER, inner: float = STAR_INNER) -> str:
    """The ``points`` of a five-pointed star centred at (cx, cy), one point up."""
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi * k / 5
        points.append(
            f"{num(round(cx + radius * math.sin(angle), 2))},"
            f"{num(round(cy - radius * math.cos(angle), 2))}"
        )
    return " ".join(points)


def _star_parts() -> list[Node]:
    return [element("polygon", {"points": star_points(0, 0)})]


def _back_parts(horizontal: bool) -> list[Node]:
    """A tile's back (fill and edge from where it is placed) and its emblem, in ``color``."""
    w, h = _size(horizontal)
    return [
        element(
            "rect",
            {
                "height": str(h - 2),
                "rx": "5",
                "ry": "5",
                "stroke-width": "1.2",
                "width": str(w - 2),
                "x": "1",
                "y": "1",
            },
        ),
        element(
            "rect",
            {
                "fill": "none",
                "height": str(h - 10),
                "rx": "3",
                "ry": "3",
                "stroke": "currentColor",
                "stroke-width": "1.5",
                "width": str(w - 10),
                "x": "5",
                "y": "5",
            },
        ),
        # The centre is written as a float (``32.0``), as the pictures always had it; the
        # emblem takes no stroke from the back's edge.
        element(
            "circle",
            {
                "cx": str(w / 2),
                "cy": str(h / 2),
                "fill": "currentColor",
                "r": "4",
                "stroke": "none",
            },
        ),
    ]


def _parts(key: str) -> list[Node]:
    """The children of the shared symbol ``key`` (``face-h``, ``pips-v3``, ``star`` …)."""
    kind, _, rest = key.partition("-")
    horizontal = rest[:1] == "h"
    if kind == "face":
        return _face_parts(horizontal)
    if kind == "pips":
        return _pip_parts(horizontal, int(rest[1:]))
    if kind == "frame":
        return _frame_parts(horizontal)
    if kind == "back":
        return _back_parts(horizontal)
    if kind == "star":
        return _star_parts()
    raise RenderError(Msg("no shared symbol {key}", {"key": repr(key)}))


@node_cache(maxsize=1024)
def _symbol(ident: str, key: str) -> Node:
    """The ``<symbol>`` ``ident`` in a picture's ``<defs>`` (it may draw past its box)."""
    return share(element("symbol", {"id": ident, "overflow": "visible"}, _parts(key)))


def placed(
    defs: str | None, key: str, attrs: Mapping[str, str], x: float = 0, y: float = 0
) -> Node:
    """The shared symbol ``key`` at (x, y) with ``attrs`` (class and colours).

    With ``defs`` (the id prefix of the picture part) a ``<use>`` of ``DEFS-KEY``, whose
    ``<symbol>`` :func:`picture` puts in the ``<defs>``; without, the same shapes in a
    group of their own (for drawing code that has no prefix at hand).
    """
    if defs is None:
        place = dict(attrs)
        if x or y:
            place["transform"] = f"translate({num(x)},{num(y)})"
        return element("g", place, _parts(key))
    ident = f"{defs}-{key}"
    place = {"xlink:href": f"#{ident}", **attrs}
    if x:
        place["x"] = num(x)
    if y:
        place["y"] = num(y)
    node = element("use", place)
    node.symbol_refs = {ident: key}
    return node


# -- tiles ----------------------------------------------------------------------------


def tile_face(
    first: int,
    second: int,
    horizontal: bool,
    face: str,
    edge: str,
    pip: str,
    divider: str,
    edge_width: float = 1.2,
    defs: str | None = None,
) -> list[Node]:
    """A face-up tile at the origin: its face and divider, then the pips of each half.

    Each is a ``<use>`` of a symbol shared by every tile (``defs`` names the picture
    part's prefix); the face's ``<use>`` has class ``face``.
    """
    parts = [
        placed(
            defs,
            f"face-{'h' if horizontal else 'v'}",
            {
                "class": "face",
                "color": divider,
                "fill": face,
                "stroke": edge,
                "stroke-width": num(edge_width),
            },
        )
    ]
    turn = "h" if horizontal else "v"
    for number, (hx, hy) in ((first, (0, 0)), (second, (SIDE, 0) if horizontal else (0, SIDE))):
        if number:
            parts.append(
                placed(defs, f"pips-{turn}{number}", {"class": "pips", "fill": pip}, hx, hy)
            )
    return parts


def tile_back(
    horizontal: bool, back: str, pattern: str, edge: str, defs: str | None = None
) -> Node:
    """A face-down tile at the origin, a plain back with a small emblem."""
    return placed(
        defs,
        f"back-{'h' if horizontal else 'v'}",
        {"class": "face", "color": pattern, "fill": back, "stroke": edge},
    )


def spinner_frame(horizontal: bool, color: str, defs: str | None = None) -> Node:
    """The dashed frame drawn just inside a spinner's edge (every double on the table).

    Dashed, so that it is told apart by its shape from a picked tile's thick solid
    edge, whatever the reader's colour vision.
    """
    return placed(
        defs,
        f"frame-{'h' if horizontal else 'v'}",
        {
            "class": "frame",
            "fill": "none",
            "stroke": color,
            "stroke-dasharray": "6 3",
            "stroke-width": "2.5",
        },
    )


def last_star(horizontal: bool, color: str, outline: str, defs: str | None = None) -> Node:
    """The star at the centre of the last tile played, on its divider where no pip lies."""
    w, h = _size(horizontal)
    return placed(
        defs,
        "star",
        {
            "class": "star",
            "fill": color,
            "stroke": outline,
            "stroke-linejoin": "round",
            "stroke-width": "1",
        },
        w / 2,
        h / 2,
    )


def tile_group(
    tile: Tile,
    x: float,
    y: float,
    first: int,
    second: int,
    horizontal: bool,
    look: TileLook,
    *,
    classes: Sequence[str] = ("tile",),
    ident: str | None = None,
    data: bool = True,
    defs: str | None = None,
) -> Node:
    """A face-up tile as a group at (x, y) with ``class`` and ``data-tile``.

    ``first`` is the number on the left or top half; ``look`` its colours
    (:meth:`TileLook.of`: the spinner's dashed frame, the last play's star …); ``defs``
    is the id prefix of the shared symbols (the picture part's prefix). A picture drawn
    again (the next step of a walkthrough, a widget's redraw) repeats most of its tiles
    exactly: each is cached under everything that makes it.
    """
    return _tile_node(
        tile, x, y, first, second, horizontal, tuple(classes), ident, look, data, defs
    )


@dataclass(frozen=True)
class TileLook:
    """The colours of a face-up tile, resolved: its face, edge (and width), pips and
    divider; ``frame`` the spinner frame's and ``star`` the last play's star's colour
    (None: not drawn). Hashable, so a tile drawn again is found in the cache."""

    face: str
    edge: str
    edge_width: float
    pip: str
    divider: str
    frame: str | None
    star: str | None

    @classmethod
    def of(
        cls,
        colors: Mapping[str, str],
        *,
        face: str | None = None,
        edge: str | None = None,
        edge_width: float = 1.2,
        frame: bool = False,
        star: bool = False,
    ) -> TileLook:
        """The look of a tile in palette ``colors``: its own ``face`` and ``edge`` colours
        if given (a picked or last tile), ``frame`` for a spinner, ``star`` for the last play.

        >>> from exact61_widgets.render.theme import LIGHT
        >>> TileLook.of(LIGHT, frame=True).frame == LIGHT["spinner"]
        True
        """
        return cls(
            face or colors["tile"],
            edge or colors["tile edge"],
            edge_width,
            colors["pip"],
            colors["divider"],
            colors["spinner"] if frame else None,
            colors["last"] if star else None,
        )


@node_cache(maxsize=4096)
def _tile_node(
    tile: Tile,
    x: float,
    y: float,
    first: int,
    second: int,
    horizontal: bool,
    classes: tuple[str, ...],
    ident: str | None,
    look: TileLook,
    data: bool,
    defs: str | None,
) -> Node:
    """:func:`tile_group`'s element from hashable values: where the tile lies and its look."""
    attrs = {"class": " ".join(classes)}
    if data:
        attrs["data-tile"] = str(tile)
    if ident:
        attrs["id"] = ident
    attrs["transform"] = f"translate({num(x)},{num(y)})"
    parts = tile_face(
        first,
        second,
        horizontal,
        look.face,
        look.edge,
        look.pip,
        look.divider,
        look.edge_width,
        defs,
    )
    if look.frame is not None:
        parts.append(spinner_frame(horizontal, look.frame, defs))
    if look.star is not None:
        parts.append(last_star(horizontal, look.star, look.face, defs))
    return share(element("g", attrs, parts))


def back_group(
    x: float,
    y: float,
    horizontal: bool,
    colors: Mapping[str, str],
    ident: str | None = None,
    data: Mapping[str, str] | None = None,
    defs: str | None = None,
) -> Node:
    """A face-down tile as a group at (x, y): class ``tile back`` and no ``data-tile``.

    ``data`` adds attributes after the others (a hand's ``data-index``).
    """
    attrs = {"class": "tile back"}
    if ident:
        attrs["id"] = ident
    attrs["transform"] = f"translate({num(x)},{num(y)})"
    if data:
        attrs.update(data)
    return element(
        "g",
        attrs,
        [
            tile_back(
                horizontal,
                colors["tile back"],
                colors["tile back pattern"],
                colors["tile edge"],
                defs,
            )
        ],
    )
