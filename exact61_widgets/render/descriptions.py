"""The accessible text of a diagram: caption and long description.

Both are stated on the :ref:`formats page, §2 Descriptions <formats-2>`.

Pure functions of a layout and a language; the SVG carries the caption as
``<title>`` and the description as ``<desc>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from exact61_widgets.engine.explain import arithmetic
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.ports import PORT_LABELS, Place, Port
from exact61_widgets.engine.scoring import displayed
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext


def port_label(port: Port, lang: str | None = None) -> str:
    """The name of a port as the descriptions write it (``low end``, ``линия A`` …)."""
    return gettext(PORT_LABELS[port], lang)


def _as_layout(layout: Layout | str) -> Layout:
    return layout if isinstance(layout, Layout) else Layout.parse(layout)


def raw_points(raw: int, lang: str | None = None) -> str:
    """``5 raw points (1 displayed point)`` with the right plural forms."""
    return Msg(
        "{raw} ({displayed})",
        {
            "raw": Plural("{n} raw point", "{n} raw points", raw),
            "displayed": Plural("{n} displayed point", "{n} displayed points", displayed(raw)),
        },
    ).text(lang)


def sorted_contributions(contributions: Iterable[Contribution], lang: str) -> list[Contribution]:
    """The scoring ends in the order the texts list them: by tile, then port name."""
    labels = _labels(lang)
    return sorted(
        contributions, key=lambda c: (c.tile.index, "" if c.port is None else labels[c.port])
    )


def _labels(lang: str) -> dict[Port, str]:
    """Every port's name in ``lang`` (looked up once per text, not once per place)."""
    return {port: port_label(port, lang) for port in PORT_LABELS}


def sum_expression(values: Sequence[int], lang: str | None = None) -> str:
    """``2 + 3 = 5``; ``none`` when nothing counts.

    A negative term is written as a subtraction with a real minus sign (``5 − 10 = −5``,
    never ``5 + -10``), as :func:`~exact61_widgets.engine.explain.arithmetic` does.
    """
    if not values:
        return gettext("none", lang)
    return arithmetic(values)


def caption(layout: Layout | str, lang: str | None = None) -> str:
    """The short caption: the contributions, their sum and the play award (R5, R6)."""
    lang = check_lang(lang)
    layout = _as_layout(layout)
    return caption_of(layout, sorted_contributions(layout.contributions(), lang), lang)


def caption_of(layout: Layout, ends: Sequence[Contribution], lang: str) -> str:
    """:func:`caption` from the layout's :func:`sorted_contributions` (``ends``)."""
    values = [c.value for c in ends]
    return Msg(
        "Scoring contributions: {expr}. Award for the play: {award}.",
        {
            "expr": sum_expression(values, lang),
            "award": raw_points(layout.award, lang),
        },
    ).text(lang)


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
    return f"{caption(layout, lang)} {details(layout, lang)}"


def details(layout: Layout, lang: str, ends: Sequence[Contribution] | None = None) -> str:
    """The long description after its caption (a picture has the caption at hand already).

    ``ends`` are the layout's :func:`sorted_contributions`, if the caller has them.
    """
    labels = _labels(lang)
    tiles = [t.text for t in layout.tiles]
    spinners = [t.text for t in layout.spinners]
    connections = [
        f"{pl.at.tile.text} ({labels[pl.at.port]}) – "  # layout.connections()
        f"{pl.tile.text} ({labels[pl.joined_by]})"
        for pl in layout.placements
        if pl.at is not None and pl.joined_by is not None
    ]
    places = [
        f"{p.tile.text} ({labels[p.port]}, {p.number})"
        for p in sorted(layout.open_places(), key=lambda p: (p.tile.index, labels[p.port]))
    ]
    if ends is None:
        ends = sorted_contributions(layout.contributions(), lang)
    end_texts = [f"{c.tile.text}: {c.value}" for c in ends]
    return Msg(
        "Tiles: {tiles}. Spinners: {spinners}. Connections: {connections}. "
        "Open places: {places}. Scoring contributions: {ends}.",
        {
            "tiles": listed(tiles, ", ", lang),
            "spinners": listed(spinners, ", ", lang),
            "connections": listed(connections, "; ", lang),
            "places": listed(places, "; ", lang),
            "ends": listed(end_texts, "; ", lang),
        },
    ).text(lang)


def caption_line(layout: Layout | str, lang: str | None = None) -> str:
    """The line under a picture: ``2 + 3 = 5 → 5 raw (1 point)`` (the ends' sum and award).

    The values are in the caption's order; an empty table says so.
    """
    lang = check_lang(lang)
    layout = _as_layout(layout)
    return caption_line_of(layout, sorted_contributions(layout.contributions(), lang), lang)


def caption_line_of(layout: Layout, ends: Sequence[Contribution], lang: str) -> str:
    """:func:`caption_line` from the layout's :func:`sorted_contributions` (``ends``)."""
    if not layout:
        return gettext("The table is empty.", lang)
    award = layout.award
    return Msg(
        "{expr} → {raw} ({points})",
        {
            "expr": sum_expression([c.value for c in ends], lang),
            "raw": Plural("{n} raw", "{n} raw", award),
            "points": Plural("{n} point", "{n} points", displayed(award)),
        },
    ).text(lang)


def verdict_line(layout: Layout, ends: Sequence[Contribution], verdict: str, lang: str) -> str:
    """The caption line of an award the target check did not apply as it stands.

    ``6 + 5 + 4 = 15 → 15 raw (3 points): rejected`` (R1.4), or ``…: kept for the
    settlement`` for a going-out tile's award (R7.4).
    """
    award = layout.award
    params = {
        "expr": sum_expression([c.value for c in ends], lang),
        "raw": Plural("{n} raw", "{n} raw", award),
        "points": Plural("{n} point", "{n} points", displayed(award)),
    }
    if verdict == "rejected":
        return Msg("{expr} → {raw} ({points}): rejected", params).text(lang)
    return Msg("{expr} → {raw} ({points}): kept for the settlement", params).text(lang)


def hand_line(label: str, tiles: Sequence[Tile], lang: str) -> str:
    """A hand in words, as the pictures of hands describe it: ``Seat 1: [1|2], [3|4] (10 pips)``.

    No tiles: ``none``. The pictures of the seats and the match table both say it so.
    """
    return Msg(
        "{label}: {tiles} ({pips})",
        {
            "label": label,
            "tiles": ", ".join(str(t) for t in tiles) or gettext("none", lang),
            "pips": Plural("{n} pip", "{n} pips", sum(t.pips for t in tiles)),
        },
    ).text(lang)
