"""The handouts' pictures: the package's own render functions, in a palette made for paper.

Only the public functions of :mod:`exact61_widgets.render` draw; this module picks
their options for print (a white background, no last-play star unless asked) and
gives every picture the id prefix its page hands it, so that no two pictures on a
page share an id. The marks differ by shape as well as colour, so a black-and-white
copy keeps their meaning (README, "Reading the pictures").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from exact61_widgets import render
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.handouts.page import picture

#: Colours laid over the light theme: white paper instead of the screen's cream.
PRINT_COLORS: Final = {"background": "#ffffff", "dot fill": "#ffffff", "tile": "#ffffff"}


def layout(
    notation: str,
    prefix: str,
    lang: str,
    scale: float = 1.0,
    *,
    ends: bool = True,
    places: bool = True,
    caption: bool = False,
    highlight_places: Iterable[str] = (),
    last: str | None = None,
    label: str | None = None,
    max_height: float | None = None,
) -> str:
    """A layout picture: end badges and open places unless told otherwise, no caption line.

    ``max_height`` (millimetres) shrinks a tall layout to fit.
    """
    svg = render.render_svg(
        notation,
        ends=ends,
        places=places,
        caption=caption,
        highlight_places=tuple(highlight_places),
        last=last,
        lang=lang,
        colors=PRINT_COLORS,
        id_prefix=prefix,
    )
    return picture(str(svg), scale, label=label, max_height=max_height)


def tile(text: str, prefix: str, lang: str, scale: float = 1.0, *, label: str | None = None) -> str:
    """One tile, lying down."""
    svg = render.tile_svg(text, horizontal=True, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def hand(
    tiles: Sequence[str], prefix: str, lang: str, scale: float = 1.0, *, label: str | None = None
) -> str:
    """A hand of tiles, face up."""
    svg = render.hand_svg(list(tiles), lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def tally(
    points: int,
    prefix: str,
    lang: str,
    scale: float = 1.0,
    *,
    count: bool = True,
    label: str | None = None,
) -> str:
    """The paper tally of ``points`` (``count=False``: the number left out of its texts)."""
    svg = render.tally_svg(points, count=count, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale, label=label)


def going_out(event: OutEvent, prefix: str, lang: str, scale: float = 1.0) -> str:
    """The going-out settlement table (R7)."""
    svg = render.out_settlement_svg(event, lang=lang, colors=PRINT_COLORS, id_prefix=prefix)
    return picture(str(svg), scale)


def blocked(events: Sequence[BlockedAwardEvent], prefix: str, lang: str, scale: float = 1.0) -> str:
    """The blocked-hand settlement table (R8)."""
    svg = render.blocked_settlement_svg(
        list(events), lang=lang, colors=PRINT_COLORS, id_prefix=prefix
    )
    return picture(str(svg), scale)
