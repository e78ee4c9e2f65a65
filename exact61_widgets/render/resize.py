"""A finished picture shown smaller: only the root ``<svg>``'s ``width`` and ``height`` change.

Saved walkthrough strips draw each picture at most a notebook's width; the drawing itself, its
``viewBox`` and its ids stay as they are, so the bytes inside are those of the full picture.
"""

from __future__ import annotations

import re

_SIZE = re.compile(r'(?<![\w-])(width|height)="([0-9.]+)"')


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}".rstrip("0").rstrip(".")


def shrink_svg(svg: str, width: float, height: float) -> str:
    """The same SVG shown at most ``width`` × ``height`` pixels, its proportions kept.

    Only the root element's ``width`` and ``height`` change; a picture already small
    enough, or one without both sizes, is returned as it is.
    """
    end = svg.find(">")
    head = svg[:end]
    found = {m.group(1): float(m.group(2)) for m in _SIZE.finditer(head)}
    root = head[1:].split(None, 1)[0] if head.startswith("<") and len(head) > 1 else ""
    if end < 0 or root != "svg" or set(found) != {"width", "height"}:
        return svg
    scale = min(1.0, width / found["width"], height / found["height"])
    if scale >= 1.0:
        return svg
    sizes = {
        "width": _number(round(found["width"] * scale, 1)),
        "height": _number(round(found["height"] * scale, 1)),
    }
    head = _SIZE.sub(lambda m: f'{m.group(1)}="{sizes[m.group(1)]}"', head)
    return head + svg[end:]
