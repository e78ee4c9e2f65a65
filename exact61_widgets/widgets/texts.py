"""Short texts about a match shared by the explorer and the table: scores, turn, log."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from exact61_widgets.engine.events import Event
from exact61_widgets.engine.match import Match
from exact61_widgets.i18n import Msg, Plural, gettext


def side_name(match: Match, side: int) -> Msg:
    """``seat 1`` with 2–3 players, ``side 0 (seats 0 + 2)`` with pairs."""
    if match.players == 4:
        return Msg("side {side} (seats {a} + {b})", {"side": side, "a": side, "b": side + 2})
    return Msg("seat {seat}", {"seat": side})


def team_name(match: Match, side: int) -> Msg:
    """Who scores for ``side`` mid-sentence: ``pair 0+2`` with pairs, else ``seat 1``."""
    if match.players == 4:
        return Msg("pair {a}+{b}", {"a": side, "b": side + 2})
    return Msg("seat {seat}", {"seat": side})


def team_title(match: Match, side: int) -> Msg:
    """The same at the start of a sentence: ``Pair 0+2`` or ``Seat 1``."""
    if match.players == 4:
        return Msg("Pair {a}+{b}", {"a": side, "b": side + 2})
    return Msg("Seat {seat}", {"seat": side})


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
            {"side": side_name(match, s), "raw": raw, "shown": raw // 5},
        ).text(lang)
        for s, raw in enumerate(match.scores)
    )


def status_text(match: Match, lang: str) -> str:
    """Whose turn it is, the boneyard, the hand number — or how the hand or match ended."""
    bones = Plural("{n} tile", "{n} tiles", match.boneyard_count)
    if match.is_over:
        assert match.winner is not None
        return Msg(
            "The match is over: {side} reached exactly 61 (R9).",
            {"side": side_name(match, match.winner)},
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
