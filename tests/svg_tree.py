"""A picture as it is drawn: its ``<use>`` elements replaced by what they place.

The pictures place shared ``<symbol>``\\ s (a tile's face, the pips of a number, a
spinner's frame, the star, a tile's back) with ``<use>``. Tests that look inside a
tile (its pips, its frame) read the tree :func:`resolved` gives: each ``<use>``
becomes a ``<g>`` with the use's own attributes (class, colours; its ``x``/``y`` as a
``translate``) holding a copy of its symbol's children, and the ``<defs>`` are gone.
A ``<use>`` whose symbol is not in the same picture fails the test.
"""

from __future__ import annotations

import copy
from xml.etree import ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"


def resolved(root: ET.Element) -> ET.Element:
    """``root`` with every ``<use>`` replaced by a group of its symbol's shapes (in place)."""
    targets = {e.get("id"): e for e in root.iter() if e.get("id")}
    for parent in list(root.iter()):
        for index, child in enumerate(list(parent)):
            if child.tag != f"{NS}use":
                continue
            href = child.get(HREF) or child.get("href") or ""
            target = targets.get(href[1:])
            assert href.startswith("#") and target is not None, f"<use> of a missing {href!r}"
            attrs = {k: v for k, v in child.attrib.items() if k not in (HREF, "href", "x", "y")}
            x, y = child.get("x", "0"), child.get("y", "0")
            if (x, y) != ("0", "0"):
                move = f"translate({x},{y})"
                attrs["transform"] = (
                    f"{attrs['transform']} {move}" if "transform" in attrs else move
                )
            group = ET.Element(f"{NS}g", attrs)
            group.extend(copy.deepcopy(list(target)))
            parent[index] = group
    for defs in root.findall(f"{NS}defs"):
        root.remove(defs)
    return root


def parse(svg: str) -> ET.Element:
    """The picture's tree as it is drawn (:func:`resolved`)."""
    return resolved(ET.fromstring(svg))
