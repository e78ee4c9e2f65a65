"""Settlements as tables: going out (R7) and a blocked hand (R8).

Built from the engine's events, so a picture shows exactly what the engine
applied: each part, its rounding (once, R7.5), the net change and the target
check that accepted or rejected it (R1.4). Rows are ``<g class="row">`` with
data attributes for widgets and tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.engine.explain import differences, target_sum
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.svgkit import (
    Panel,
    SvgText,
    check_size,
    element,
    figure_prefix,
    picture,
    text,
)
from exact61_widgets.render.theme import RenderError, palette

ROW = 26
#: Estimated width of a character of the table's text, in user units.
CHAR = 8.6


def _status(status: str, lang: str) -> str:
    """The word for an award's fate in the target check."""
    if status == "applied":
        return gettext("applied", lang)
    if status == "rejected":
        return gettext("rejected", lang)
    return gettext("no award", lang)


def _status_color(status: str, colors: Mapping[str, str]) -> str:
    """Green for an applied part, red for a rejected one, grey for none (see the legend)."""
    return colors[
        "accepted" if status == "applied" else "rejected" if status == "rejected" else "muted"
    ]


def _status_class(status: str) -> str:
    """The class of a status word: ``status applied``, ``status rejected``, ``status none``."""
    return f"status {status if status in ('applied', 'rejected') else 'none'}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _table(
    rows: list[tuple[dict[str, str], list[str], str | None]],
    heads: Sequence[str],
    colors: Mapping[str, str],
    title: str,
) -> Panel:
    """A titled table: one ``g.row`` per row, the last cell in its status's colour.

    A row's third item is its status (``applied``, ``rejected``, ``none``) or None.

    Columns are as wide as their longest text (estimated from its length).
    """
    widths = [
        max(len(item) for item in (head, *(cells[i] for _, cells, _ in rows)))
        for i, head in enumerate(heads)
    ]
    columns = [0.0]
    for width in widths[:-1]:
        columns.append(columns[-1] + CHAR * width + 24)
    nodes = [
        text(0, 16, title, size=16, fill=colors["text"], weight="bold", cls="title"),
        element(
            "g",
            {"class": "header"},
            [
                text(x, 16 + ROW, head, size=13, fill=colors["muted"], weight="bold")
                for x, head in zip(columns, heads, strict=True)
                if head
            ],
        ),
    ]
    y = 16 + 2 * ROW
    for attrs, cells, status in rows:
        filled = [(x, cell) for x, cell in zip(columns, cells, strict=True) if cell]
        parts = [
            text(x, y, cell, size=14, fill=colors["text"])  # an empty cell draws nothing
            for x, cell in filled[:-1]
        ]
        x, cell = filled[-1]  # the last cell shows the status, in its colour
        parts.append(
            text(
                x,
                y,
                cell,
                size=14,
                fill=colors["text"] if status is None else _status_color(status, colors),
                weight="bold" if status is not None else None,
                cls=None if status is None else _status_class(status),
            )
        )
        nodes.append(element("g", {"class": "row", **attrs}, parts))
        y += ROW
    right = max(columns[-1] + 1.1 * CHAR * widths[-1], 1.1 * CHAR * len(title))
    return Panel((-12, -12, right + 24, y + 2), nodes)


def out_panel(event: OutEvent, colors: Mapping[str, str], lang: str) -> Panel:
    """The going-out settlement: last play, opponents' and partner's pips, net, target check."""
    if not isinstance(event, OutEvent):
        raise RenderError(
            Msg("a going-out table needs an OutEvent, not {kind}", {"kind": type(event).__name__})
        )
    seats = seating(len(event.remaining))
    opponents = [
        t for s, hand in enumerate(event.remaining) if seats.side_of(s) != event.side for t in hand
    ]
    rows: list[tuple[dict[str, str], list[str], str | None]] = [
        (
            {"data-part": "play", "data-value": str(event.play_award)},
            [gettext("Last play", lang), "", _signed(event.play_award)],
            None,
        ),
        (
            {
                "data-part": "opponents",
                "data-pips": str(event.opponents_pips),
                "data-value": str(event.opponents_award),
            },
            [
                gettext("Opponents' tiles", lang),
                Msg(
                    "{tiles} = {pips} → {rounded}",
                    {
                        "tiles": _tiles(opponents) or "—",
                        "pips": event.opponents_pips,
                        "rounded": event.opponents_award,
                    },
                ).text(lang),
                _signed(event.opponents_award),
            ],
            None,
        ),
    ]
    partner_seat = seats.partner(event.seat)
    if partner_seat is not None:
        partner = event.remaining[partner_seat]
        rows.append(
            (
                {
                    "data-part": "partner",
                    "data-pips": str(event.partner_pips),
                    "data-value": str(-event.partner_deduction),
                },
                [
                    gettext("Partner's tiles", lang),
                    Msg(
                        "{tiles} = {pips} → {rounded}",
                        {
                            "tiles": _tiles(partner) or "—",
                            "pips": event.partner_pips,
                            "rounded": event.partner_deduction,
                        },
                    ).text(lang),
                    _signed(-event.partner_deduction),
                ],
                None,
            )
        )
    rows.append(
        (
            {"data-part": "net", "data-value": str(event.net)},
            [gettext("Net change", lang), "", _signed(event.net)],
            None,
        )
    )
    rows.append(
        (
            {"data-part": "check", "data-status": event.status},
            [
                gettext("Target check", lang),
                target_sum(event.score_before, event.net),
                _status(event.status, lang),
            ],
            event.status,
        )
    )
    title = Msg("Seat {seat} goes out", {"seat": event.seat}).text(lang)
    return _table(
        rows, ("", gettext("Pips → rounded", lang), gettext("Raw points", lang)), colors, title
    )


def out_settlement_svg(
    event: OutEvent,
    *,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """The going-out settlement of R7 as a table (from the match's :class:`OutEvent`)."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    panel = out_panel(event, palette_, lang)
    prefix = figure_prefix(
        "out",
        repr(event.to_dict()),
        {"lang": lang, "theme": theme, "size": size, "colors": sorted(palette_.items())},
        id_prefix,
    )
    group = element("g", {"class": "settlement out", "id": f"{prefix}-table"}, panel.nodes)
    title = Msg("Seat {seat} goes out", {"seat": event.seat}).text(lang)
    return picture(
        Panel(panel.box, [group]), prefix, size, title, event.explain(lang), palette_["background"]
    )


def blocked_panel(
    events: Sequence[BlockedAwardEvent], colors: Mapping[str, str], lang: str
) -> Panel:
    """The blocked-hand awards in settlement order: totals, differences, rounding, check."""
    if not events or not all(isinstance(e, BlockedAwardEvent) for e in events):
        raise RenderError(Msg("a blocked-hand table needs the hand's BlockedAwardEvents"))
    rows: list[tuple[dict[str, str], list[str], str | None]] = []
    for e in events:
        diffs = differences(e.pips, e.compared)
        rows.append(
            (
                {
                    "data-seat": str(e.seat),
                    "data-pips": str(e.pips),
                    "data-difference": str(e.difference),
                    "data-award": str(e.award),
                    "data-status": e.status,
                },
                [
                    str(e.seat),
                    str(e.pips),
                    f"{diffs} = {e.difference}" if diffs else "—",
                    str(e.award),
                    _status(e.status, lang),
                ],
                e.status,
            )
        )
    heads = (
        gettext("Seat", lang),
        gettext("Total", lang),
        gettext("Differences", lang),
        gettext("Award", lang),
        gettext("Target check", lang),
    )
    return _table(rows, heads, colors, gettext("Blocked hand: awards in order", lang))


def blocked_settlement_svg(
    events: Sequence[BlockedAwardEvent],
    *,
    size: int | None = None,
    lang: str | None = None,
    colors: Mapping[str, str] | None = None,
    theme: str = "light",
    id_prefix: str | None = None,
) -> SvgText:
    """A blocked hand's settlement of R8 as a table (from its :class:`BlockedAwardEvent`\\ s)."""
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    events = list(events)
    panel = blocked_panel(events, palette_, lang)
    prefix = figure_prefix(
        "blocked",
        repr([e.to_dict() for e in events]),
        {"lang": lang, "theme": theme, "size": size, "colors": sorted(palette_.items())},
        id_prefix,
    )
    group = element("g", {"class": "settlement blocked", "id": f"{prefix}-table"}, panel.nodes)
    title = gettext("Blocked hand: awards in order", lang)
    desc = " ".join(e.explain(lang) for e in events)
    return picture(Panel(panel.box, [group]), prefix, size, title, desc, palette_["background"])
