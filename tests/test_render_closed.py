"""Closed branch places: drawn on request, so a click there can be answered (R4.3)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from exact61_widgets import layout_geometry, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def closed(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("data-place", "") for g in root.iter(f"{SVG}g")
            if "closed" in g.get("class", "").split()]


def test_closed_branches_are_drawn_only_when_asked_and_only_before_both_lines() -> None:
    layout = "[1|4] [4|4]@[1|4]:high [1|1]@[1|4]:low [1|2]@[1|1]:lineB"
    assert closed(render_svg(layout)) == []
    # [4|4] has one line taken: its branches are closed; [1|1]'s are open (dots, not rings).
    assert closed(render_svg(layout, closed_places=True)) == ["[4|4]:branchA", "[4|4]:branchB"]
    assert closed(render_svg("[2|2]", closed_places=True)) == ["[2|2]:branchA", "[2|2]:branchB"]
    assert closed(render_svg("[2|2] [2|3]@[2|2]:lineA [2|5]@[2|2]:lineB",
                             closed_places=True)) == []


def test_closed_rings_lie_off_every_tile() -> None:
    layout = "[1|4] [4|4]@[1|4]:high [1|6]@[1|4]:low [6|6]@[1|6]:high"
    root = ET.fromstring(render_svg(layout, closed_places=True))
    geo = layout_geometry(layout)
    rings = [g for g in root.iter(f"{SVG}g") if "closed" in g.get("class", "").split()]
    assert len(rings) == 4
    for ring in rings:
        circle = ring.find(f"{SVG}circle")
        assert circle is not None
        x, y = float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))
        for rx, ry, w, h in geo.tiles.values():
            assert not (rx < x < rx + w and ry < y < ry + h)
    assert "closed" not in render_svg(layout)
