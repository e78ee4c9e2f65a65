"""The accessible text of a diagram: caption and long description (CONTRACT §2).

Pure functions of a layout and a language; the SVG carries the caption as
``<title>`` and the description as ``<desc>``.
"""

from __future__ import annotations

from collections.abc import Sequence

from exact61_widgets.engine.events import arithmetic
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.ports import Place, Port
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext

PORT_LABELS = {
    Port.LOW: "low end",
    Port.HIGH: "high end",
    Port.LINE_A: "line A",
    Port.LINE_B: "line B",
    Port.BRANCH_A: "branch A",
    Port.BRANCH_B: "branch B",
}


def port_label(port: Port, lang: str | None = None) -> str:
    """The name of a port as the descriptions write it (``low end``, ``линия A`` …)."""
    return gettext(PORT_LABELS[port], lang)


def _as_layout(layout: Layout | str) -> Layout:
    return layout if isinstance(layout, Layout) else Layout.parse(layout)


def raw_points(raw: int, lang: str | None = None) -> str:
    """``5 raw points (1 displayed point)`` with the right plural forms."""
    return Msg("{raw} ({displayed})", {
        "raw": Plural("{n} raw point", "{n} raw points", raw),
        "displayed": Plural("{n} displayed point", "{n} displayed points", raw // 5),
    }).text(lang)


def _sorted_contributions(layout: Layout, lang: str) -> list[Contribution]:
    return sorted(layout.contributions(), key=lambda c: (
        c.tile.index, "" if c.port is None else port_label(c.port, lang)))


def sum_expression(values: Sequence[int], lang: str | None = None) -> str:
    """``2 + 3 = 5``; ``none`` when nothing counts.

    A negative term is written as a subtraction with a real minus sign (``5 − 10 = −5``,
    never ``5 + -10``), as :func:`~exact61_widgets.engine.events.arithmetic` does.
    """
    if not values:
        return gettext("none", lang)
    return arithmetic(values)


def caption(layout: Layout | str, lang: str | None = None) -> str:
    """The short caption: the contributions, their sum and the play award (R5, R6)."""
    lang = check_lang(lang)
    layout = _as_layout(layout)
    values = [c.value for c in _sorted_contributions(layout, lang)]
    return Msg("Scoring contributions: {expr}. Award for the play: {award}.", {
        "expr": sum_expression(values, lang), "award": raw_points(layout.award, lang),
    }).text(lang)


def listed(items: Sequence[str], sep: str, lang: str) -> str:
    """``items`` joined by ``sep``, or the word for "none" when there are none."""
    return sep.join(items) if items else gettext("none", lang)


def place_text(place: Place, lang: str, with_number: bool) -> str:
    """A place as the descriptions write it: ``[1|4] (low end, 1)``."""
    label = port_label(place.port, lang)
    return f"{place.tile} ({label}, {place.number})" if with_number else f"{place.tile} ({label})"


def describe(layout: Layout | str, lang: str | None = None) -> str:
    """The long description: caption, tiles, spinners, connections, open places, ends."""
    lang = check_lang(lang)
    layout = _as_layout(layout)
    tiles = [str(t) for t in layout.tiles]
    spinners = [str(t) for t in layout.spinners]
    connections = [f"{place_text(c.parent, lang, False)} – {place_text(c.child, lang, False)}"
                   for c in layout.connections()]
    places = [place_text(p, lang, True) for p in sorted(
        layout.open_places(), key=lambda p: (p.tile.index, port_label(p.port, lang)))]
    ends = [f"{c.tile}: {c.value}" for c in _sorted_contributions(layout, lang)]
    body = Msg("Tiles: {tiles}. Spinners: {spinners}. Connections: {connections}. "
               "Open places: {places}. Scoring contributions: {ends}.", {
                   "tiles": listed(tiles, ", ", lang),
                   "spinners": listed(spinners, ", ", lang),
                   "connections": listed(connections, "; ", lang),
                   "places": listed(places, "; ", lang),
                   "ends": listed(ends, "; ", lang),
               }).text(lang)
    return f"{caption(layout, lang)} {body}"


def caption_line(layout: Layout | str, lang: str | None = None) -> str:
    """The line under a picture: ``2 + 3 = 5 → 5 raw (1 point)`` (the ends' sum and award).

    The values are in the caption's order; an empty table says so.
    """
    lang = check_lang(lang)
    layout = _as_layout(layout)
    if not layout:
        return gettext("The table is empty.", lang)
    award = layout.award
    return Msg("{expr} → {raw} ({points})", {
        "expr": sum_expression([c.value for c in _sorted_contributions(layout, lang)], lang),
        "raw": Plural("{n} raw", "{n} raw", award),
        "points": Plural("{n} point", "{n} points", award // 5),
    }).text(lang)
