"""The typed result of a review: each decision graded, and every seat's and side's summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.history import Deal, HistoryEntry
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.review.action_values import Method
from exact61_widgets.engine.review.stats import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    Estimate,
    Grade,
    mean_of,
    rating,
    thresholds,
)
from exact61_widgets.engine.scoring import POINT
from exact61_widgets.engine.seating import seating
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


def percent(chance: float, lang: str | None = None, signed: bool = False) -> str:
    """:func:`percent_msg` in ``lang``."""
    return percent_msg(chance, signed).text(check_lang(lang))


def rating_name(name: str, lang: str | None = None) -> str:
    """A rating band's name in ``lang``."""
    return _RATING_NAMES[name].text(check_lang(lang))


_RATING_NAMES: Mapping[str, Msg] = {
    "supernatural": Msg("supernatural"),
    "world class": Msg("world class"),
    "expert": Msg("expert"),
    "advanced": Msg("advanced"),
    "intermediate": Msg("intermediate"),
    "casual": Msg("casual player"),
    "beginner": Msg("beginner"),
    "awful": Msg("awful"),
}


@dataclass(frozen=True)
class ActionReview:
    """One legal action of a decision: its fair value, its wins and losses, its hindsight value.

    ``fair`` is the mover's side's chance to win the match at the hand's end, the
    mean over the sampled deals with its 95% interval (a fraction of the match);
    ``points`` the hand's points in the same deals (raw, the solver's value);
    ``wins`` / ``losses`` count the deals in which it reaches exactly 61 for the
    mover's side / lets another side reach it; ``ordinary`` is its mean value in
    points over the other deals (None if there are none); ``worse`` counts the deals
    in which its chance is below the decision's best action's; ``hindsight`` is its
    chance in the real deal solved exactly (None when that was not solved).
    """

    #: The legal action.
    action: Action
    #: The mover's side's chance to win the match at the hand's end, mean over the sampled deals
    #: with its 95% interval.
    fair: Estimate
    #: The hand's raw points in the same deals (the solver's value).
    points: Estimate
    #: The deals in which it reaches exactly 61 for the mover's side.
    wins: int
    #: The deals in which it lets another side reach exactly 61.
    losses: int
    #: Its mean value in points over the other deals (None if there are none).
    ordinary: float | None
    #: The deals in which its chance is below the best action's.
    worse: int
    #: Its chance in the real deal solved exactly (None when that was not solved).
    hindsight: float | None

    def to_json(self) -> dict[str, Any]:
        """The action's numbers as plain data."""
        return {
            "action": notation(self.action),
            "fair": self.fair.to_json(4),
            "points": self.points.to_json(),
            "wins": self.wins,
            "losses": self.losses,
            "ordinary": None if self.ordinary is None else round(self.ordinary, 2),
            "worse": self.worse,
            "hindsight": None if self.hindsight is None else round(self.hindsight, 4),
        }


@dataclass(frozen=True)
class Decision:
    """One turn of the match at which the mover played a tile, graded.

    ``number`` counts the decisions of the match from 1; ``hand`` and ``turn`` say
    where it is (the turn is the action's number in the hand, as a record numbers
    it); ``step`` is its index in the match's history. ``actions`` lists every
    legal action in legal order; ``best`` is the one with the best fair value,
    ``loss`` the played action's fair loss against it in the chance to win the
    match (the paired differences' mean and interval, a fraction of the match),
    ``grade`` its class (by the interval's lower end); ``points_loss`` the same loss
    in the hand's raw points, given only while no sampled deal ends the match in
    this hand (then a learner can read it; near 61 only the match's share means
    anything).
    ``method`` says how the deals were valued (None for an only move),
    ``samples`` how many there were, ``clear`` in
    how many of them the best action led every other by at least 2% of the match
    (:data:`~exact61_widgets.engine.review.core.CLEAR`, an inaccuracy's worth) and
    ``margins`` its leads in the hand's raw points where they reached
    :data:`~exact61_widgets.engine.review.core.MARGIN` (5).
    """

    #: The decision's number in the match, from 1.
    number: int
    #: The hand it was made in, from 1.
    hand: int
    #: The action's number in the hand, as a record numbers it.
    turn: int
    #: Its index in the match's history (:meth:`Review.position` takes it).
    step: int
    #: The seat that moved.
    seat: int
    #: The side it plays for: the seat, or its pair with 4 players.
    side: int
    #: Every side's raw score before the move.
    scores: tuple[int, ...]
    #: The action played.
    played: Action
    #: Every legal action, reviewed, in legal order.
    actions: tuple[ActionReview, ...]
    #: The action with the best fair value.
    best: Action
    #: The played action's loss against the best in the chance to win the match (a fraction of the
    #: match, with its interval).
    loss: Estimate
    #: The same loss in the hand's raw points, given only while no sampled deal ends the match in
    #: this hand.
    points_loss: Estimate | None
    #: Its class, by the loss interval's lower end.
    grade: Grade
    #: How the deals were valued (None for an only move).
    method: Method | None
    #: How many deals were sampled.
    samples: int
    #: In how many of them the best action led every other by at least 5 raw points.
    clear: int
    #: Those leads, in raw points.
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
        """The played action's fair value: the mover's side's chance to win the match after it."""
        return self.value_of(self.played).fair.mean

    @property
    def best_value(self) -> float:
        """The best action's fair value (the chance to win the match after it)."""
        return self.value_of(self.best).fair.mean

    @property
    def hindsight_loss(self) -> float | None:
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
        words = Msg(
            "it loses {loss} of the match (from {low} to {high} at 95%) against {best}",
            {
                "loss": percent(self.loss.mean, lang),
                "low": percent(self.loss.low, lang),
                "high": percent(self.loss.high, lang),
                "best": action_msg(self.best),
            },
        ).text(lang)
        if self.points_loss is not None:
            words += "; " + Msg(
                "in this hand's points: {loss}",
                {"loss": points(self.points_loss.mean, lang, False).lstrip("+")},
            ).text(lang)
        return f"{head} — {grade_name(self.grade, lang)}: {words}."

    def _value_words(self, lang: str) -> str:
        fair = self.value_of(self.played).fair
        if fair.low >= 1:
            return gettext("the match is won in every deal", lang)
        if fair.high <= 0:
            return gettext("the match is lost in every deal", lang)
        return Msg(
            "chance to win the match {value} ± {half} over {n}",
            {
                "value": percent(fair.mean, lang),
                "half": percent(fair.half_width, lang),
                "n": Plural("{n} deal", "{n} deals", self.samples),
            },
        ).text(lang)

    def to_json(self) -> dict[str, Any]:
        """The decision as plain data (chances and losses as fractions of the match, points raw)."""
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
            "loss": self.loss.to_json(4),
            "points_loss": None if self.points_loss is None else self.points_loss.to_json(),
            "method": self.method,
            "samples": self.samples,
            "clear": self.clear,
            "hindsight_loss": None
            if self.hindsight_loss is None
            else round(self.hindsight_loss, 4),
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
    over the decisions that were solved (None if none was). Losses are fractions of
    the match: ``error_rate`` is the mean loss with its 95% interval (the decisions'
    own intervals combined) and ``rating`` its band (:data:`~.stats.RATINGS`), the same
    scale in every match.
    """

    #: ``seat`` or ``side``: whom the summary is of.
    kind: str
    #: The seat's or the side's number.
    number: int
    #: The moves with a choice.
    decisions: int
    #: The moves without a choice.
    only: int
    #: The mean loss per decision with a choice, a fraction of the match.
    mean_loss: float
    #: The share of those decisions graded best.
    best_share: float
    #: How many decisions fell in each class.
    counts: Mapping[str, int]
    #: The mean loss with every tile known, over the decisions solved (None if none was).
    hindsight_loss: float | None
    #: The mean loss with its 95% interval: the error rate, the same scale in every match.
    error_rate: Estimate

    @property
    def rating(self) -> str:
        """The match's rating for this player: the band of the error rate."""
        return rating(self.mean_loss)

    def to_json(self) -> dict[str, Any]:
        """The summary as plain data."""
        return {
            self.kind: self.number,
            "decisions": self.decisions,
            "only": self.only,
            "mean_loss": round(self.mean_loss, 4),
            "error_rate": self.error_rate.to_json(4),
            "rating": self.rating if self.decisions else None,
            "best_share": round(self.best_share, 4),
            "counts": dict(self.counts),
            "hindsight_loss": None
            if self.hindsight_loss is None
            else round(self.hindsight_loss, 4),
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
        mean_of([d.loss for d in chosen]),
    )


@dataclass(frozen=True)
class Review:
    """A whole match reviewed: every decision graded, and the summaries per seat and per side.

    ``start`` is the match before anything was played (copied; a set-up position
    or no hand dealt) and ``entries`` its history, so :meth:`position` rebuilds the
    table at any decision. ``seed`` and ``samples`` make the review again exactly.
    """

    #: The number of players.
    players: int
    #: The number of sides (players, or pairs with 4 players).
    sides: int
    #: The seed the review sampled with: the same seed gives the same review.
    seed: int | str
    #: How many deals were sampled at each decision.
    samples: int
    #: Every decision with a tile played, graded, in order.
    decisions: tuple[Decision, ...]
    #: Each seat's summary.
    seats: tuple[Summary, ...]
    #: Each side's summary.
    teams: tuple[Summary, ...]
    #: The match before anything was played (a copy).
    start: Match
    #: The match's history, from ``start`` on.
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
            "version": 2,
            "unit": "match",
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
            gettext("interval at 95%", lang),
            gettext("rating", lang),
            gettext("best", lang),
            *(grade_name(g, lang) for g in GRADES[1:]),
        ]
        rows = [head]
        pairs = self.sides != self.players
        for s in (*self.seats, *(self.teams if pairs else ())):
            who = (
                Msg("seat {n}", {"n": s.number})
                if s.kind == "seat"
                else seating(self.players).side_name(s.number)
            ).text(lang)
            rows.append(
                [
                    who,
                    str(s.decisions),
                    percent(s.mean_loss, lang),
                    _interval(s.error_rate, lang) if s.decisions else "",
                    rating_name(s.rating, lang) if s.decisions else "",
                    Msg("{n}%", {"n": round(100 * s.best_share)}).text(lang),
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
                "losses in percentage points of the chance to win the match; while the "
                "match cannot end in the hand, also in the hand's displayed points.",
                {
                    "decisions": Plural("{n} decision", "{n} decisions", len(self.decisions)),
                    "n": self.samples,
                    "seed": self.seed,
                },
            ).text(lang),
            Msg(
                "Classes, by the share of the match a move surely loses (the lower end of its "
                "interval at 95%): inaccuracy from {i}, mistake from {m}, blunder from {b}.",
                {
                    "i": percent(INACCURACY, lang),
                    "m": percent(MISTAKE, lang),
                    "b": percent(BLUNDER, lang),
                },
            ).text(lang),
            "",
        ]
        lines += aligned_table(self.decision_rows(lang), left=(3, 4, 9))
        lines.append("")
        lines += aligned_table(self.summary_rows(lang), left=(0, 4))
        return "\n".join(lines)

    def decision_rows(self, lang: str | None = None) -> list[list[str]]:
        """The per-decision table: a heading row, then one row per decision (moves in notation)."""
        lang = check_lang(lang)
        rows = [decision_heading(DECISION_COLUMNS, lang)]
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
                    percent(d.loss.mean, lang) if graded else "",
                    _interval(d.loss, lang) if graded else "",
                    ""
                    if d.points_loss is None
                    else points(d.points_loss.mean, lang, False).lstrip("+"),
                    "" if hindsight is None else percent(hindsight, lang),
                    notation(d.best) if graded and d.best != d.played else "",
                ]
            )
        return rows


#: The per-decision table's columns after its "#" (a saved review prints those it has: no
#: interval, no hindsight).
DECISION_COLUMNS: tuple[Msg, ...] = (
    Msg("hand"),
    Msg("seat"),
    Msg("move played"),
    Msg("class"),
    Msg("loss"),
    Msg("interval at 95%"),
    Msg("points"),
    Msg("hindsight"),
    Msg("better move"),
)


def decision_heading(columns: Sequence[Msg], lang: str) -> list[str]:
    """The heading row of a per-decision table: "#", then these of :data:`DECISION_COLUMNS`."""
    return ["#", *(column.text(lang) for column in columns)]


def _interval(estimate: Estimate, lang: str) -> str:
    """``−1.2% … 3.4%``: an interval's ends as shares of the match."""
    return f"{percent(estimate.low, lang)} … {percent(estimate.high, lang)}"


def aligned_table(rows: list[list[str]], left: tuple[int, ...]) -> list[str]:
    """Rows as aligned text columns: the columns in ``left`` to the left, numbers to the right
    (the review's tables, made or saved)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(w) if i in left else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
