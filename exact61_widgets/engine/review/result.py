"""The typed result of a review: each decision graded, and every seat's and side's summary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.history import Deal, HistoryEntry
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.review.stats import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    Estimate,
    Grade,
    thresholds,
)
from exact61_widgets.engine.review.values import Method
from exact61_widgets.engine.scoring import POINT
from exact61_widgets.engine.solve import WIN, notation
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext

_GRADE_NAMES: Mapping[str, Msg] = {
    "best": Msg("best"),
    "inaccuracy": Msg("inaccuracy"),
    "mistake": Msg("mistake"),
    "blunder": Msg("blunder"),
    "only": Msg("only move"),
}


def grade_name(grade: str, lang: str | None = None) -> str:
    """A class's name in ``lang``: ``blunder``, «грубая ошибка» …"""
    return _GRADE_NAMES[grade].text(check_lang(lang))


def points(raw: float, lang: str | None = None, words: bool = True) -> str:
    """A raw value in displayed points with one decimal, signed.

    With ``words``, ±WIN (a match won or lost in every deal) is said in words; without,
    every value is a number (the ends of an interval).
    """
    lang = check_lang(lang)
    if words and raw >= WIN:
        return gettext("wins the match", lang)
    if words and raw <= -WIN:
        return gettext("loses the match", lang)
    tenths = round(raw * 10 / POINT)
    sign = "−" if tenths < 0 else ("+" if tenths > 0 else "")
    whole, frac = divmod(abs(tenths), 10)
    sep = "," if lang == "ru" else "."
    return f"{sign}{whole}{sep}{frac}"


@dataclass(frozen=True)
class ActionReview:
    """One legal action of a decision: its fair value, its wins and losses, its hindsight value.

    ``fair`` is the mean over the sampled deals with its 95% interval (raw points);
    ``wins`` / ``losses`` count the deals in which it reaches exactly 61 for the
    mover's side / lets another side reach it; ``ordinary`` is its mean value over
    the other deals (None if there are none); ``worse`` counts the deals in which it
    is worth less than the decision's best action; ``hindsight`` is its exact value
    in the real deal (None when that was not solved).
    """

    action: Action
    fair: Estimate
    wins: int
    losses: int
    ordinary: float | None
    worse: int
    hindsight: int | None

    def to_json(self) -> dict[str, Any]:
        """The action's numbers as plain data."""
        return {
            "action": notation(self.action),
            "fair": self.fair.to_json(),
            "wins": self.wins,
            "losses": self.losses,
            "ordinary": None if self.ordinary is None else round(self.ordinary, 2),
            "worse": self.worse,
            "hindsight": self.hindsight,
        }


@dataclass(frozen=True)
class Decision:
    """One turn of the match at which the mover played a tile, graded.

    ``number`` counts the decisions of the match from 1; ``hand`` and ``turn`` say
    where it is (the turn is the action's number in the hand, as a record numbers
    it); ``step`` is its index in the match's history. ``actions`` lists every
    legal action in legal order; ``best`` is the one with the best fair value,
    ``loss`` the played action's fair loss against it (the paired differences'
    mean and interval), ``grade`` its class (by the interval's lower end).
    ``method`` says how the deals were valued (None for an only move),
    ``samples`` how many there were, ``clear`` in
    how many of them the best action led every other by at least
    :data:`~exact61_widgets.puzzles.verify.MARGIN` (5 raw points) and ``margins``
    those leads.
    """

    number: int
    hand: int
    turn: int
    step: int
    seat: int
    side: int
    scores: tuple[int, ...]
    played: Action
    actions: tuple[ActionReview, ...]
    best: Action
    loss: Estimate
    grade: Grade
    method: Method | None
    samples: int
    clear: int
    margins: tuple[int, ...]

    @property
    def choices(self) -> int:
        """How many legal actions there were."""
        return len(self.actions)

    def value_of(self, action: Action) -> ActionReview:
        """The review of one legal action."""
        return next(a for a in self.actions if a.action == action)

    @property
    def expected(self) -> float:
        """The played action's fair value (raw points): the mover's side's expected outcome."""
        return self.value_of(self.played).fair.mean

    @property
    def best_value(self) -> float:
        """The best action's fair value (raw points)."""
        return self.value_of(self.best).fair.mean

    @property
    def hindsight_loss(self) -> int | None:
        """The played action's loss against the best with every tile known (None: not solved)."""
        values = [a.hindsight for a in self.actions]
        played = self.value_of(self.played).hindsight
        if played is None or any(v is None for v in values):
            return None
        return max(v for v in values if v is not None) - played

    @property
    def hindsight_best(self) -> tuple[Action, ...]:
        """The best actions with every tile known (empty when not solved)."""
        values = {a.action: a.hindsight for a in self.actions}
        if any(v is None for v in values.values()):
            return ()
        top = max(v for v in values.values() if v is not None)
        return tuple(a for a, v in values.items() if v == top)

    @property
    def is_error(self) -> bool:
        """Whether the move is a mistake or a blunder (the ones "next mistake" jumps to)."""
        return self.grade in ("mistake", "blunder")

    def text(self, lang: str | None = None) -> str:
        """One line: who played what, its class and loss, and the better move."""
        lang = check_lang(lang)
        head = Msg(
            "{number}. Hand {hand}, seat {seat}: {move}",
            {
                "number": self.number,
                "hand": self.hand,
                "seat": self.seat,
                "move": action_msg(self.played),
            },
        ).text(lang)
        if self.grade == "only":
            return f"{head} — {grade_name('only', lang)}."
        if self.grade == "best":
            return f"{head} — {grade_name('best', lang)} ({self._value_words(lang)})."
        return (
            f"{head} — {grade_name(self.grade, lang)}: "
            + Msg(
                "it loses {loss} (from {low} to {high} at 95%) against {best}",
                {
                    "loss": points(self.loss.mean, lang, False).lstrip("+"),
                    "low": points(self.loss.low, lang, words=False),
                    "high": points(self.loss.high, lang, words=False),
                    "best": action_msg(self.best),
                },
            ).text(lang)
            + "."
        )

    def _value_words(self, lang: str) -> str:
        fair = self.value_of(self.played).fair
        if fair.low >= WIN:
            return gettext("the match is won in every deal", lang)
        if fair.high <= -WIN:
            return gettext("the match is lost in every deal", lang)
        return Msg(
            "expected {value} ± {half} over {n}",
            {
                "value": points(fair.mean, lang),
                "half": points(fair.half_width, lang, False).lstrip("+"),
                "n": Plural("{n} deal", "{n} deals", self.samples),
            },
        ).text(lang)

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data (values in raw points)."""
        return {
            "number": self.number,
            "hand": self.hand,
            "turn": self.turn,
            "seat": self.seat,
            "side": self.side,
            "scores": list(self.scores),
            "played": notation(self.played),
            "best": notation(self.best),
            "grade": self.grade,
            "loss": self.loss.to_json(),
            "method": self.method,
            "samples": self.samples,
            "clear": self.clear,
            "hindsight_loss": self.hindsight_loss,
            "hindsight_best": [notation(a) for a in self.hindsight_best],
            "actions": [a.to_json() for a in self.actions],
        }


@dataclass(frozen=True)
class Summary:
    """One seat's or one side's play over the match, as GNU Backgammon sums up a player.

    ``decisions`` counts the moves with a choice, ``only`` the moves without one;
    ``mean_loss`` is the mean fair loss per decision with a choice (raw points, the
    error rate), ``best_share`` the share of those graded best, ``counts`` the
    decisions of each class, ``hindsight_loss`` the mean loss with every tile known
    over the decisions that were solved (None if none was).
    """

    kind: str
    number: int
    decisions: int
    only: int
    mean_loss: float
    best_share: float
    counts: Mapping[str, int]
    hindsight_loss: float | None

    def to_json(self) -> dict[str, Any]:
        """The summary as plain data."""
        return {
            self.kind: self.number,
            "decisions": self.decisions,
            "only": self.only,
            "mean_loss": round(self.mean_loss, 2),
            "best_share": round(self.best_share, 4),
            "counts": dict(self.counts),
            "hindsight_loss": None
            if self.hindsight_loss is None
            else round(self.hindsight_loss, 2),
        }


def summarize(kind: str, number: int, decisions: list[Decision]) -> Summary:
    """The summary of the decisions of one seat (``kind="seat"``) or one side (``"side"``)."""
    chosen = [d for d in decisions if d.grade != "only"]
    counts: dict[str, int] = {g: sum(1 for d in decisions if d.grade == g) for g in GRADES}
    solved = [d.hindsight_loss for d in chosen if d.hindsight_loss is not None]
    n = len(chosen)
    return Summary(
        kind,
        number,
        n,
        counts["only"],
        sum(d.loss.mean for d in chosen) / n if n else 0.0,
        counts["best"] / n if n else 0.0,
        counts,
        sum(solved) / len(solved) if solved else None,
    )


@dataclass(frozen=True)
class Review:
    """A whole match reviewed: every decision graded, and the summaries per seat and per side.

    ``start`` is the match before anything was played (copied; a set-up position
    or no hand dealt) and ``entries`` its history, so :meth:`position` rebuilds the
    table at any decision. ``seed`` and ``samples`` make the review again exactly.
    """

    players: int
    sides: int
    seed: int | str
    samples: int
    decisions: tuple[Decision, ...]
    seats: tuple[Summary, ...]
    teams: tuple[Summary, ...]
    start: Match
    entries: tuple[HistoryEntry, ...]

    def position(self, step: int) -> Match:
        """The match just before history entry ``step`` (a decision's :attr:`~Decision.step`)."""
        match = self.start.copy()
        for entry in self.entries[:step]:
            match.push(entry if isinstance(entry, Deal) else entry.action)
        return match

    def at(self, decision: Decision) -> Match:
        """The position of a decision, the mover to play."""
        return self.position(decision.step)

    def hand_start_scores(self, decision: Decision) -> tuple[int, ...]:
        """The scores when the decision's hand was dealt."""
        match = self.start.copy()
        scores = match.scores
        for entry in self.entries[: decision.step]:
            match.push(entry if isinstance(entry, Deal) else entry.action)
            if isinstance(entry, Deal):
                scores = match.scores
        return scores

    @property
    def errors(self) -> tuple[Decision, ...]:
        """The mistakes and blunders, in match order."""
        return tuple(d for d in self.decisions if d.is_error)

    def to_json(self) -> dict[str, Any]:
        """The whole review as plain data: settings, thresholds, decisions, summaries."""
        return {
            "format": "exact61-review",
            "version": 1,
            "players": self.players,
            "seed": self.seed,
            "samples": self.samples,
            "win": WIN,
            "thresholds": thresholds(),
            "decisions": [d.to_json() for d in self.decisions],
            "seats": [s.to_json() for s in self.seats],
            "sides": [s.to_json() for s in self.teams],
        }

    def summary_rows(self, lang: str | None = None) -> list[list[str]]:
        """The summary table: a heading row, then one row per seat (and per pair, with four)."""
        lang = check_lang(lang)
        head = [
            gettext("who", lang),
            gettext("decisions", lang),
            gettext("mean loss", lang),
            gettext("best", lang),
            *(grade_name(g, lang) for g in GRADES[1:]),
        ]
        rows = [head]
        pairs = self.sides != self.players
        for s in (*self.seats, *(self.teams if pairs else ())):
            who = (
                Msg("seat {n}", {"n": s.number})
                if s.kind == "seat"
                else Msg("side {n}", {"n": s.number})
            ).text(lang)
            rows.append(
                [
                    who,
                    str(s.decisions),
                    points(s.mean_loss, lang, False).lstrip("+"),
                    f"{round(100 * s.best_share)}%",
                    *(str(s.counts[g]) for g in GRADES[1:]),
                ]
            )
        return rows

    def text(self, lang: str | None = None) -> str:
        """The report: how it was made, the per-decision table, then the summary table."""
        lang = check_lang(lang)
        lines = [
            Msg(
                "Review of {decisions}: fair values over {n} sampled deals each (seed {seed}), "
                "losses in displayed points.",
                {
                    "decisions": Plural("{n} decision", "{n} decisions", len(self.decisions)),
                    "n": self.samples,
                    "seed": self.seed,
                },
            ).text(lang),
            Msg(
                "Classes, by the points a move surely loses (the lower end of its interval at "
                "95%): inaccuracy from {i}, mistake from {m}, blunder from {b}.",
                {"i": INACCURACY // POINT, "m": MISTAKE // POINT, "b": BLUNDER // POINT},
            ).text(lang),
            "",
        ]
        lines += _table(self.decision_rows(lang), left=(3, 4, 8))
        lines.append("")
        lines += _table(self.summary_rows(lang), left=(0,))
        return "\n".join(lines)

    def decision_rows(self, lang: str | None = None) -> list[list[str]]:
        """The per-decision table: a heading row, then one row per decision (moves in notation)."""
        lang = check_lang(lang)
        rows = [
            [
                "#",
                gettext("hand", lang),
                gettext("seat", lang),
                gettext("move played", lang),
                gettext("class", lang),
                gettext("loss", lang),
                gettext("interval at 95%", lang),
                gettext("hindsight", lang),
                gettext("better move", lang),
            ]
        ]
        for d in self.decisions:
            graded = d.grade != "only"
            hindsight = d.hindsight_loss
            rows.append(
                [
                    str(d.number),
                    str(d.hand),
                    str(d.seat),
                    notation(d.played),
                    grade_name(d.grade, lang),
                    points(d.loss.mean, lang, False).lstrip("+") if graded else "",
                    _interval(d.loss, lang) if graded else "",
                    "" if hindsight is None else points(hindsight, lang, False).lstrip("+"),
                    notation(d.best) if graded and d.best != d.played else "",
                ]
            )
        return rows


def _interval(estimate: Estimate, lang: str) -> str:
    """``−1.2 … +3.4``: an interval's ends in displayed points."""
    return f"{points(estimate.low, lang, False)} … {points(estimate.high, lang, False)}"


def _table(rows: list[list[str]], left: tuple[int, ...]) -> list[str]:
    """Rows as aligned text columns: the columns in ``left`` to the left, numbers to the right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(w) if i in left else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
