"""Closed branch places: hollow rings, drawn by default so a spinner looks the same everywhere.

A click on one can be answered with the reason (R4.3); the board's keyboard skips them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from exact61_widgets import layout_geometry, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def closed(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [
        g.get("data-place", "")
        for g in root.iter(f"{SVG}g")
        if "closed" in g.get("class", "").split()
    ]


def test_closed_branches_are_drawn_by_default_and_only_before_both_lines() -> None:
    layout = "[1|4] [4|4]@[1|4]:high [1|1]@[1|4]:low [1|2]@[1|1]:lineB"
    # [4|4] has one line taken: its branches are closed; [1|1]'s are open (dots, not rings).
    assert closed(render_svg(layout)) == ["[4|4]:branchA", "[4|4]:branchB"]
    assert closed(render_svg(layout, closed_places=False)) == []
    assert closed(render_svg("[2|2]")) == ["[2|2]:branchA", "[2|2]:branchB"]
    assert closed(render_svg("[2|2] [2|3]@[2|2]:lineA [2|5]@[2|2]:lineB")) == []
    # Without the dots of the open places (an exercise on them) no ring tells either.
    assert closed(render_svg("[2|2]", places=False)) == []


def test_a_closed_branch_is_a_hollow_ring_unlike_the_filled_dot_of_an_open_place() -> None:
    root = ET.fromstring(render_svg("[2|2] [2|3]@[2|2]:lineA"))
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "ring"]
    dots = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "dot"]
    assert len(rings) == 2 and dots
    for ring in rings:
        assert float(ring.get("stroke-width", "0")) >= 2 and ring.get("stroke")
    for dot in dots:
        assert dot.get("stroke") is None and dot.get("fill") not in (None, "none")
    # The ring's inside is the table's colour: it reads as hollow.
    background = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "background")
    assert {r.get("fill") for r in rings} == {background.get("fill")}


def test_closed_rings_lie_off_every_tile() -> None:
    layout = "[1|4] [4|4]@[1|4]:high [1|6]@[1|4]:low [6|6]@[1|6]:high"
    root = ET.fromstring(render_svg(layout))
    geo = layout_geometry(layout)
    rings = [g for g in root.iter(f"{SVG}g") if "closed" in g.get("class", "").split()]
    assert len(rings) == 4
    for ring in rings:
        circle = ring.find(f"{SVG}circle")
        assert circle is not None
        x, y = float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))
        for rx, ry, w, h in geo.tiles.values():
            assert not (rx < x < rx + w and ry < y < ry + h)
