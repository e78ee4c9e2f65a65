"""The pictures look as they did: the whole sample drawn into pixels, before and after.

*Before* is the committed reference (``tests/data/pictures-reference.json.gz``, the
sample as last approved: first as the string builder drew it, before the svgwrite
pictures, :mod:`render_sample`); *after* is the sample drawn now. Both are rasterised
by cairosvg at the size the picture declares (twice that for pictures under 300 pixels
wide: single tiles and the small pictures), and compared pixel by pixel.

A difference is *visible* when, in one picture, a pixel differs by more than
:data:`STRONG` (of 255) in any channel (a mark moved, changed colour or is missing),
or more than :data:`SHARE` of its pixels differ by more than :data:`FAINT` (a drift
too faint for one pixel to show, spread over the picture). Anything below that is
antialiasing noise: the same shapes, composited in another order. A picture whose text is
the reference's, byte for byte, draws the same pixels: only the others are rasterised.
"""

from __future__ import annotations

import io
import re

import pytest
from render_sample import kinds, read_reference, sample

from exact61_widgets.render import render_svg
from exact61_widgets.render.svgkit import validating

cairosvg = pytest.importorskip("cairosvg")
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

pytestmark = pytest.mark.slow

#: A pixel differing by more than this in a channel is a visible change on its own.
STRONG = 48
#: Pixels differing by more than FAINT ...
FAINT = 8
#: ... may make up at most this share of a picture.
SHARE = 0.001
#: Pictures narrower than this are drawn at twice their size.
SMALL = 300
_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"')


def raster(svg: str) -> object:
    """The picture as an RGBA array of integers, at the size it declares (small ones 2x)."""
    found = _WIDTH.search(svg)
    scale = 2.0 if found is not None and float(found.group(1)) < SMALL else 1.0
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA")).astype(np.int16)


def difference(before: str, after: str) -> tuple[int, float]:
    """The largest channel difference of any pixel, and the share of pixels over FAINT."""
    a, b = raster(before), raster(after)
    assert a.shape == b.shape, f"the picture's size changed: {a.shape[:2]} -> {b.shape[:2]}"
    delta = np.abs(a - b).max(axis=2)
    return int(delta.max()), float((delta > FAINT).mean())


@pytest.fixture(scope="module")
def drawn() -> dict[str, str]:
    """The sample drawn now, once for the module's tests."""
    return sample()


def test_the_sample_has_every_kind_and_enough_of_each(drawn: dict[str, str]) -> None:
    found = kinds(drawn)
    assert sum(found.values()) >= 200
    assert set(found) >= {
        "layout",
        "layout-long",
        "tile",
        "hand",
        "boneyard",
        "scores",
        "out",
        "blocked",
        "tally",
        "rounding",
        "legend",
        "match",
        "strip",
        "puzzle",
        "seats",
    }
    assert min(found.values()) >= 20, found


def test_no_picture_of_the_sample_looks_different_from_the_reference(
    drawn: dict[str, str],
) -> None:
    reference = read_reference()
    assert sorted(drawn) == sorted(reference), "the sample changed: regenerate the reference"
    changed = {name: svg for name, svg in drawn.items() if svg != reference[name]}
    print(f"{len(changed)} of {len(drawn)} pictures differ from the reference in their text")
    visible = {}
    worst = (0, 0.0)
    for name, svg in changed.items():
        strongest, share = difference(reference[name], svg)
        worst = (max(worst[0], strongest), max(worst[1], share))
        if strongest > STRONG or share > SHARE:
            visible[name] = (strongest, round(share, 5))
    print(f"largest channel difference {worst[0]}, largest share over {FAINT}: {worst[1]:.5f}")
    assert visible == {}


def test_the_comparison_sees_a_moved_mark_and_a_changed_colour() -> None:
    """The thresholds are not vacuous: a dot 3 units off, or a faint tint over the dots, shows."""
    svg = str(render_svg("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high", ends=False, id_prefix="r"))
    found = re.search(r'<circle[^>]*class="dot"[^>]*/>', svg)
    assert found is not None
    dot = found.group(0)
    moved = re.sub(r'cx="([0-9.-]+)"', lambda m: f'cx="{float(m.group(1)) + 3:g}"', dot, count=1)
    assert difference(svg, svg.replace(dot, moved))[0] > STRONG
    strongest, share = difference(svg, svg.replace("#1b63d6", "#2570e0"))
    assert strongest <= STRONG and share > SHARE


def test_svgwrites_validator_passes_the_whole_sample(drawn: dict[str, str]) -> None:
    """Every picture of the sample built with ``debug=True`` is valid and the same bytes."""
    with validating():
        checked = sample()
    assert checked == drawn
