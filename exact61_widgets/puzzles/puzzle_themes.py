"""The themes of a puzzle, read from the rules at work in its position.

Each theme is a fact about the position and its answer that a learner can
name: the answer reaches exactly 61 now (R1.3, R9); a tempting award would
pass 61 and be rejected whole (R1.4); the answer scores through a spinner — on
its branch or line, or as a new end double counting both halves (R4, R5);
going out and its settlement, with the partner's deduction in pairs (R7); a
play that blocks the hand, or a line that ends blocked (R8); keeping an
opponent from reaching exactly 61 (R9). Where none of these is at work, the
answer either scores more now than any other play ("counting the ends", R6)
or is about planning the rest of the hand ("looking ahead").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.events import Event, OutEvent, PlayEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.i18n import Msg, check_lang
from exact61_widgets.puzzles.verify import Verdict

#: Every theme, in the order they are listed.
THEMES: Final = (
    "exact_finish",
    "overshoot",
    "spinner",
    "going_out",
    "block",
    "deny",
    "count",
    "look_ahead",
)

_NAMES: Final = {
    "exact_finish": Msg("exact finish"),
    "overshoot": Msg("avoid the overshoot"),
    "spinner": Msg("spinner arithmetic"),
    "going_out": Msg("the going-out settlement"),
    "block": Msg("timing a block"),
    "deny": Msg("denying the opponent's finish"),
    "count": Msg("counting the ends"),
    "look_ahead": Msg("looking ahead"),
}


def theme_name(theme: str, lang: str | None = None) -> str:
    """A theme's name in ``lang``: ``exact finish``, «точный финиш» …"""
    return _NAMES[theme].text(check_lang(lang))


@dataclass(frozen=True)
class Tried:
    """One legal action, made and taken back: its events and what followed."""

    action: Action
    events: tuple[Event, ...]
    wins: bool
    blocks: bool

    @property
    def play(self) -> PlayEvent | None:
        """The play event, if the action is a play."""
        first = self.events[0] if self.events else None
        return first if isinstance(first, PlayEvent) else None

    @property
    def out(self) -> OutEvent | None:
        """The going-out settlement, if the action plays the mover's last tile."""
        return next((e for e in self.events if isinstance(e, OutEvent)), None)

    @property
    def scores(self) -> bool:
        """Whether the action earns an accepted play award."""
        play = self.play
        return play is not None and play.status == "applied" and play.award > 0

    @property
    def overshoots(self) -> bool:
        """Whether its award (or settlement) would pass 61 and is rejected whole (R1.4)."""
        play = self.play
        out = self.out
        return (play is not None and play.status == "rejected") or (
            out is not None and out.status == "rejected" and out.net > 0
        )


def tried(match: Match) -> tuple[Tried, ...]:
    """Every legal action of ``match`` tried and taken back (``match`` is unchanged)."""
    result = []
    for action in match.legal_actions():
        events = tuple(match.push(action))
        end = match.hand_end
        result.append(
            Tried(action, events, match.is_over, end is not None and end.kind == "blocked")
        )
        match.pop()
    return tuple(result)


@dataclass(frozen=True)
class Facts:
    """What the themes and the explanation need: the answer and the others, tried."""

    answer: Tried
    others: tuple[Tried, ...]
    themes: tuple[str, ...]
    line_blocked: bool
    denied: Tried | None


def _through_spinner(action: Action) -> bool:
    """Whether a play's count goes through a spinner (R4, R5).

    It starts a branch of a double, fills a line of a double that counts (not the
    0-0, which counts nothing either way), or is such a double itself (a new end
    double counts both halves).
    """
    if not isinstance(action, Play):
        return False
    at = action.at
    if at is not None and at.tile.is_double and (at.port.is_branch or at.tile.low > 0):
        return True
    return action.tile.is_double and action.tile.low > 0


def _gain(t: Tried) -> int:
    """The accepted award of a tried play (0 if none or rejected)."""
    return t.play.award if t.scores and t.play is not None else 0


def _line_ends_blocked(match: Match, verdict: Verdict) -> bool:
    if verdict.true is None:
        return False
    line = next(m.line for m in verdict.true.moves if m.action == verdict.answer[0])
    replay = match.copy()
    for action in line:
        replay.push(action)
    end = replay.hand_end
    return end is not None and end.kind == "blocked"


def facts(match: Match, verdict: Verdict) -> Facts:
    """The themes of the verified position of ``match`` and the facts behind them."""
    every = tried(match)
    answer = next(t for t in every if t.action == verdict.answer[0])
    others = tuple(t for t in every if t.action not in verdict.answer)
    found: list[str] = []
    if answer.wins:
        found.append("exact_finish")
    if any(t.overshoots for t in others):
        found.append("overshoot")
    if answer.scores and _through_spinner(answer.action):
        found.append("spinner")
    if answer.out is not None or any(t.out is not None for t in others):
        found.append("going_out")
    line_blocked = match.boneyard_count == 0 and _line_ends_blocked(match, verdict)
    if answer.blocks or any(t.blocks for t in others) or line_blocked:
        found.append("block")
    stats = {s.action: s for s in verdict.stats}
    mine = stats[answer.action]
    denied = None
    half = verdict.deals // 2
    for t in others:
        s = stats[t.action]
        if (
            s.losses >= half
            and mine.losses * 5 <= s.losses
            and (denied is None or s.losses > stats[denied.action].losses)
        ):
            denied = t
    if denied is not None:
        found.append("deny")
    if not found:
        top = max(_gain(t) for t in (answer, *others))
        best_now = _gain(answer) == top and all(_gain(t) < top for t in others)
        found.append("count" if answer.scores and best_now else "look_ahead")
    return Facts(answer, others, tuple(found), line_blocked, denied)
