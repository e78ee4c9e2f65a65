"""Short texts about a match shared by the explorer and the table: scores, turn, log."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from exact61_widgets.engine.events import Event
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import TARGET_PARAMS, displayed
from exact61_widgets.i18n import Msg, Plural, gettext


def seat_label(seat: int, to_move: bool, lang: str) -> str:
    """``Seat 1`` or ``Seat 1, to move``: the label above a hand."""
    if to_move:
        return Msg("Seat {seat}, to move", {"seat": seat}).text(lang)
    return Msg("Seat {seat}", {"seat": seat}).text(lang)


def scores_text(match: Match, lang: str) -> str:
    """Every side's score, raw and displayed: ``seat 0: 25 raw (5)``."""
    return "; ".join(
        Msg(
            "{side}: {raw} raw ({shown})",
            {"side": match.seating.side_name(s), "raw": raw, "shown": displayed(raw)},
        ).text(lang)
        for s, raw in enumerate(match.scores)
    )


def status_text(match: Match, lang: str) -> str:
    """Whose turn it is, the boneyard, the hand number — or how the hand or match ended."""
    bones = Plural("{n} tile", "{n} tiles", match.boneyard_count)
    if match.is_over:
        assert match.winner is not None
        return Msg(
            "The match is over: {side} reached exactly {target} (R9).",
            {**TARGET_PARAMS, "side": match.seating.side_name(match.winner)},
        ).text(lang)
    if match.status == "hand_over":
        return Msg("Hand {n} is over; deal the next hand.", {"n": match.hand_number}).text(lang)
    counts = ", ".join(
        Msg(
            "seat {seat}: {tiles}",
            {"seat": s, "tiles": Plural("{n} tile", "{n} tiles", len(match.hand(s)))},
        ).text(lang)
        for s in range(match.players)
    )
    return Msg(
        "Hand {n}: seat {seat} to move; boneyard {bones}; hands {counts}.",
        {"n": match.hand_number, "seat": match.to_move, "bones": bones, "counts": counts},
    ).text(lang)


def log_html(
    events: Sequence[Event],
    lang: str,
    title: str | None = None,
    explain: Callable[[Event], str] | None = None,
) -> str:
    """The events as an HTML list, each with its explanation (``explain``: the event's own,
    unless a widget tells some events otherwise, e.g. without a hidden tile)."""
    told = explain if explain is not None else (lambda e: e.explain(lang))
    items = "".join(f"<li>{html.escape(told(e))}</li>" for e in events)
    if not items:
        items = f"<li>{html.escape(gettext('Nothing has happened yet.', lang))}</li>"
    head = "" if title is None else f"<p><b>{html.escape(title)}</b></p>"
    return f'{head}<ol class="exact61-log">{items}</ol>'
