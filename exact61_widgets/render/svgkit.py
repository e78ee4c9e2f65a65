"""The one way every picture is built: SVG markup written by plain string formatting.

Every element of every picture is written by :func:`element` (and :func:`text`,
built on it), which escapes attribute values and text exactly as XML needs and
writes attributes in the order given; a picture is one root ``<svg role="img">``
(:func:`picture`) carrying a ``<title>`` and ``<desc>`` and explicit ids under a
per-figure prefix, so that several pictures can share a notebook page and the
same state always gives the same bytes.

No element tree is built: a piece of a picture is its :data:`Markup`, a string,
and a group is its children's markup joined. So a tile's face (rectangle,
divider, pips), the same for every tile that looks the same, is written once per
look and cached as its markup, and so are the marks that pictures repeat place by
place. A 28-tile layout takes under a millisecond, about a tenth of what svgwrite
(an element tree, serialised by ElementTree) needs for the same elements
(``benchmarks/bench_render.py``; the README says why in its section on the pictures).
"""

from __future__ import annotations

import hashlib
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NewType

from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg
from exact61_widgets.render.geometry import UNIT
from exact61_widgets.render.pips import pip_centers
from exact61_widgets.render.theme import RenderError

#: A tile's short side in user units (two grid cells); its long side is twice that.
SIDE = 2 * UNIT
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

if TYPE_CHECKING:
    #: Finished SVG markup of one or more elements (only :func:`element` makes it).
    Markup = NewType("Markup", str)
else:  # the same check for the type checker, and no call for each element at run time
    Markup = str


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


# -- the builder ------------------------------------------------------------------------

#: The characters that an attribute value cannot hold as they are.
_SPECIAL = frozenset('&<>"\n\r\t')
_ATTR_ENTITIES = (
    ("<", "&lt;"),
    (">", "&gt;"),
    ('"', "&quot;"),
    ("\n", "&#10;"),
    ("\r", "&#13;"),
    ("\t", "&#09;"),
)


def escape_attr(value: str) -> str:
    """An attribute value made safe between double quotes (newlines and tabs kept)."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    for char, entity in _ATTR_ENTITIES:
        if char in value:
            value = value.replace(char, entity)
    return value


def escape_text(value: str) -> str:
    """Character data made safe inside an element."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def element(
    tag: str, attrs: Mapping[str, str], children: Iterable[Markup] = (), content: str = ""
) -> Markup:
    """One element: ``<tag k="v" …>content children</tag>``, or ``<tag … />`` when empty.

    Attributes are written in the order given; values and ``content`` are escaped.
    """
    # Names are the code's own; values rarely need escaping: check them all at once.
    if _SPECIAL.isdisjoint("".join(attrs.values())):
        head = "".join([f' {key}="{value}"' for key, value in attrs.items()])
    else:
        head = "".join([f' {key}="{escape_attr(value)}"' for key, value in attrs.items()])
    if content:
        return Markup(f"<{tag}{head}>{escape_text(content)}{''.join(children)}</{tag}>")
    inner = "".join(children)
    if inner:
        return Markup(f"<{tag}{head}>{inner}</{tag}>")
    return Markup(f"<{tag}{head} />")


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
) -> Markup:
    """A line of text with its baseline at ``y``."""
    attrs = {"x": num(x), "y": num(y), "font-family": FONT, "font-size": num(size), "fill": fill}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if weight:
        attrs["font-weight"] = weight
    if cls:
        attrs["class"] = cls
    return element("text", attrs, content=content)


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
def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a text's width in user units (10 % over DejaVu Sans).

    Pictures size themselves from it; Russian text is about a fifth wider than English.
    """
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
    nodes: list[Markup] = field(default_factory=list)

    @property
    def width(self) -> float:
        """The panel's width in user units."""
        return self.box[2]

    @property
    def height(self) -> float:
        """The panel's height in user units."""
        return self.box[3]

    def at(self, x: float, y: float, cls: str) -> Markup:
        """The panel as a group whose box starts at (x, y)."""
        dx, dy = x - self.box[0], y - self.box[1]
        attrs = {"class": cls}
        if dx or dy:
            attrs["transform"] = f"translate({num(dx)},{num(dy)})"
        return element("g", attrs, self.nodes)


#: The root's namespaces and SVG version, written after its own attributes.
_ROOT_TAIL = {
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
}


def picture(
    panel: Panel, prefix: str, size: int | None, title: str, desc: str, background: str | None
) -> SvgText:
    """One panel as a whole picture: root ``<svg role="img">``, title, description, background.

    The view box is the panel's box in user units; ``size`` the displayed width in
    pixels (None: one pixel per unit). The root's attributes are in name order.
    """
    x, y, w, h = panel.box
    width, height = (w, h) if size is None else (size, size * h / w)
    root = {
        "aria-describedby": f"{prefix}-desc",
        "aria-labelledby": f"{prefix}-title",
        "baseProfile": "full",
        "height": num(height),
        "id": prefix,
        "role": "img",
        "version": "1.1",
        "viewBox": " ".join(num(v) for v in panel.box),
        "width": num(width),
        **_ROOT_TAIL,
    }
    parts = [
        element("title", {"id": f"{prefix}-title"}, content=title),
        element("desc", {"id": f"{prefix}-desc"}, content=desc),
    ]
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
    return SvgText(element("svg", root, parts))


# -- tiles ----------------------------------------------------------------------------


@lru_cache(maxsize=512)
def tile_face(
    first: int,
    second: int,
    horizontal: bool,
    face: str,
    edge: str,
    pip: str,
    divider: str,
    edge_width: float = 1.2,
) -> Markup:
    """A face-up tile at the origin: rounded face, divider, pips.

    Written once per look and shared by every tile that looks the same.
    """
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    parts = [
        element(
            "rect",
            {
                "class": "face",
                "fill": face,
                "height": str(h - 2),
                "rx": "5",
                "ry": "5",
                "stroke": edge,
                "stroke-width": num(edge_width),
                "width": str(w - 2),
                "x": "1",
                "y": "1",
            },
        )
    ]
    if horizontal:
        ends = {"x1": str(SIDE), "x2": str(SIDE), "y1": "5", "y2": str(h - 5)}
    else:
        ends = {"x1": "5", "x2": str(w - 5), "y1": str(SIDE), "y2": str(SIDE)}
    parts.append(
        element("line", {"class": "divider", "stroke": divider, "stroke-width": "1.5", **ends})
    )
    for number, (hx, hy) in ((first, (0, 0)), (second, (SIDE, 0) if horizontal else (0, SIDE))):
        for cx, cy in pip_centers(number, hx, hy, SIDE, horizontal):
            parts.append(
                element(
                    "circle",
                    {"class": "pip", "cx": num(cx), "cy": num(cy), "fill": pip, "r": "3.4"},
                )
            )
    return Markup("".join(parts))


@lru_cache(maxsize=64)
def tile_back(horizontal: bool, back: str, pattern: str, edge: str) -> Markup:
    """A face-down tile at the origin, a plain back with a small emblem."""
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    return Markup(
        element(
            "rect",
            {
                "class": "face",
                "fill": back,
                "height": str(h - 2),
                "rx": "5",
                "ry": "5",
                "stroke": edge,
                "stroke-width": "1.2",
                "width": str(w - 2),
                "x": "1",
                "y": "1",
            },
        )
        + element(
            "rect",
            {
                "fill": "none",
                "height": str(h - 10),
                "rx": "3",
                "ry": "3",
                "stroke": pattern,
                "stroke-width": "1.5",
                "width": str(w - 10),
                "x": "5",
                "y": "5",
            },
        )
        # The centre is written as a float (``32.0``), as the pictures always had it.
        + element("circle", {"cx": str(w / 2), "cy": str(h / 2), "fill": pattern, "r": "4"})
    )


@lru_cache(maxsize=64)
def spinner_frame(horizontal: bool, color: str) -> Markup:
    """The dashed frame drawn just inside a spinner's edge (every double on the table).

    Dashed, so that it is told apart by its shape from a picked tile's thick solid
    edge, whatever the reader's colour vision.
    """
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    return element(
        "rect",
        {
            "x": "2.5",
            "y": "2.5",
            "width": num(w - 5),
            "height": num(h - 5),
            "rx": "4",
            "ry": "4",
            "fill": "none",
            "stroke": color,
            "stroke-width": "2.5",
            "stroke-dasharray": "6 3",
            "class": "frame",
        },
    )


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


@lru_cache(maxsize=64)
def last_star(horizontal: bool, color: str, outline: str) -> Markup:
    """The star at the centre of the last tile played, on its divider where no pip lies."""
    w, h = (2 * SIDE, SIDE) if horizontal else (SIDE, 2 * SIDE)
    return element(
        "polygon",
        {
            "points": star_points(w / 2, h / 2),
            "fill": color,
            "stroke": outline,
            "stroke-width": "1",
            "stroke-linejoin": "round",
            "class": "star",
        },
    )


def tile_group(
    tile: Tile,
    x: float,
    y: float,
    first: int,
    second: int,
    horizontal: bool,
    colors: Mapping[str, str],
    *,
    classes: Sequence[str] = ("tile",),
    ident: str | None = None,
    face: str | None = None,
    edge: str | None = None,
    edge_width: float = 1.2,
    frame: bool = False,
    star: bool = False,
    data: bool = True,
) -> Markup:
    """A face-up tile as a group at (x, y) with ``class`` and ``data-tile``.

    ``first`` is the number on the left or top half; ``frame`` adds the spinner's
    dashed frame, ``star`` the last play's star. A picture drawn again (the next step of
    a walkthrough, a widget's redraw) repeats most of its tiles exactly: the markup of
    each is cached under everything that makes it.
    """
    return _tile_markup(
        tile,
        x,
        y,
        first,
        second,
        horizontal,
        tuple(classes),
        ident,
        face or colors["tile"],
        edge or colors["tile edge"],
        edge_width,
        colors["pip"],
        colors["divider"],
        colors["spinner"] if frame else None,
        colors["last"] if star else None,
        data,
    )


@lru_cache(maxsize=4096)
def _tile_markup(
    tile: Tile,
    x: float,
    y: float,
    first: int,
    second: int,
    horizontal: bool,
    classes: tuple[str, ...],
    ident: str | None,
    face: str,
    edge: str,
    edge_width: float,
    pip: str,
    divider: str,
    frame: str | None,
    star: str | None,
    data: bool,
) -> Markup:
    """:func:`tile_group`'s markup from plain values: a frame and a star in their colours."""
    attrs = {"class": " ".join(classes)}
    if data:
        attrs["data-tile"] = str(tile)
    if ident:
        attrs["id"] = ident
    attrs["transform"] = f"translate({num(x)},{num(y)})"
    parts = [tile_face(first, second, horizontal, face, edge, pip, divider, edge_width)]
    if frame is not None:
        parts.append(spinner_frame(horizontal, frame))
    if star is not None:
        parts.append(last_star(horizontal, star, face))
    return element("g", attrs, parts)


def back_group(
    x: float,
    y: float,
    horizontal: bool,
    colors: Mapping[str, str],
    ident: str | None = None,
    data: Mapping[str, str] | None = None,
) -> Markup:
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
                horizontal, colors["tile back"], colors["tile back pattern"], colors["tile edge"]
            )
        ],
    )
