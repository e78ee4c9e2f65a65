"""Every legal move of a position with its award and the target check's verdict.

Each action is pushed and popped on the match, so what is listed is exactly
what the engine would do (R6, R7.4, R1.4): the end sum, the award, and whether
the score would take it.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.events import Event, OutEvent, PlayEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.i18n import Msg, gettext


def verdict_word(status: str) -> Msg:
    """The target check's verdict on an award status."""
    if status == "applied":
        return Msg("accepted")
    if status == "rejected":
        return Msg("rejected (passes {target})", TARGET_PARAMS)
    return Msg("no award")


@dataclass(frozen=True)
class MoveInfo:
    """One legal action and what it would do: events, end sum, award, verdict, score change."""

    action: Action
    events: tuple[Event, ...]
    end_sum: int | None
    award: int
    status: str
    gain: int
    wins: bool

    def verdict(self, lang: str | None = None) -> str:
        """The target check in words: accepted, rejected, no award (settlement for going out)."""
        if self.wins:
            return Msg("accepted: exactly {target}, the match is won", TARGET_PARAMS).text(lang)
        out = next((e for e in self.events if isinstance(e, OutEvent)), None)
        if out is not None:
            return Msg(
                "goes out: settlement {net}, {verdict}",
                {"net": out.net, "verdict": verdict_word(out.status)},
            ).text(lang)
        return verdict_word(self.status).text(lang)

    def explain(self, lang: str | None = None) -> str:
        """The engine's explanation of every event the action would cause."""
        return " ".join(e.explain(lang) for e in self.events)


def analyze(match: Match) -> list[MoveInfo]:
    """Every legal action of the mover, tried and taken back (``match`` is unchanged)."""
    result: list[MoveInfo] = []
    if not match.legal_actions():
        return result
    side = match.side_of(match.to_move)
    before = match.scores[side]
    for action in match.legal_actions():
        events = tuple(match.push(action))
        gain = match.scores[side] - before
        wins = match.is_over
        match.pop()
        play = events[0] if isinstance(events[0], PlayEvent) else None
        result.append(
            MoveInfo(
                action,
                events,
                None if play is None else play.end_sum,
                0 if play is None else play.award,
                "none" if play is None else play.status,
                gain,
                wins,
            )
        )
    return result


def move_name(action: Action, lang: str | None = None) -> str:
    """``[1|4]@[4|4]:lineB``, or the translated word for a draw or a pass."""
    if isinstance(action, Play):
        return str(action)
    return gettext("draw", lang) if action.kind == "draw" else gettext("pass", lang)


def moves_html(moves: list[MoveInfo], lang: str) -> str:
    """The moves as an HTML table (move, end sum, award, target check, score change)."""
    if not moves:
        return f"<p>{html.escape(gettext('No legal moves: the hand or match is over.', lang))}</p>"
    head = "".join(
        f"<th>{html.escape(h)}</th>"
        for h in (
            gettext("Move", lang),
            gettext("End sum", lang),
            gettext("Award", lang),
            gettext("Target check", lang),
            gettext("Score change", lang),
        )
    )
    rows = []
    for m in moves:
        cells = (
            move_name(m.action, lang),
            "" if m.end_sum is None else str(m.end_sum),
            str(m.award),
            m.verdict(lang),
            f"{m.gain:+d}",
        )
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    caption = html.escape(gettext("Legal moves", lang))
    return (
        f'<table class="exact61-moves" cellpadding="4"><caption>{caption}</caption>'
        f"<thead><tr>{head}"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
