"""Reading a saved review (``exact61 review --json``): version 2, and version 1 as it was.

Version 2 states every loss as a share of the match (``"unit": "match"``) with the
hand's points beside it while the match could not end in the hand; version 1 stated
losses in raw points, a match won counting ``win`` (10 000). Both read into one
:class:`SavedReview`: a version-1 file keeps its losses in points and has no share
of the match (None), since its values mixed the two and cannot be converted.

>>> saved = read_review({"format": "exact61-review", "version": 1, "players": 2, "seed": 0,
...     "samples": 20, "decisions": [{"number": 1, "hand": 1, "seat": 0, "played": "[1|4]",
...     "best": "[1|4]", "grade": "best", "loss": {"mean": 0.0}}]})
>>> saved.unit, saved.decisions[0].points_loss, saved.decisions[0].loss
('points', 0.0, None)
>>> saved.text().splitlines()[-1].split()
['seat', '0', '1', '0.0']

``exact61 review review.json`` prints a saved review again this way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.review.result import (
    DECISION_COLUMNS,
    aligned_table,
    decision_heading,
    grade_name,
    percent,
    points,
)
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext

__all__ = ["ReviewFileError", "SavedDecision", "SavedReview", "is_saved_review", "read_review"]


class ReviewFileError(Exact61Error):
    """A saved review that is not one: wrong format, unknown version, a field missing."""


@dataclass(frozen=True)
class SavedDecision:
    """One decision of a saved review: ``loss`` a share of the match (None in version 1),
    ``points_loss`` raw points (None when the match could end in the hand)."""

    #: The decision's number in the match.
    number: int
    #: The hand it was made in.
    hand: int
    #: The seat that moved.
    seat: int
    #: The action played, in notation.
    played: str
    #: The best action, in notation.
    best: str
    #: Its class.
    grade: str
    #: The loss, a share of the match (None in version 1).
    loss: float | None
    #: The loss in raw points (None when the match could end in the hand).
    points_loss: float | None


@dataclass(frozen=True)
class SavedReview:
    """A saved review: its version, unit (``match`` or ``points``), settings and decisions."""

    #: The file's format version.
    version: int
    #: ``match`` (losses as shares of the match) or ``points`` (version 1).
    unit: str
    #: The number of players.
    players: int
    #: The seed the review sampled with.
    seed: int | str
    #: How many deals were sampled at each decision.
    samples: int
    #: Every decision, in order.
    decisions: tuple[SavedDecision, ...]
    #: What a won match counted in raw points (version 1; None in version 2, which has no such
    #: count).
    win: int | None = None
    #: Each seat's summary as saved: (seat, decisions with a choice, mean loss in the file's
    #: unit); empty when the file has none (then :meth:`text` computes it from the decisions).
    seats: tuple[tuple[int, int, float], ...] = ()

    def text(self, lang: str | None = None) -> str:
        """The saved review printed again: how it counted, each decision, each seat's mean loss.

        A version-2 review states losses as shares of the match (and the hand's displayed
        points where it saved them); a version-1 review's losses are raw points of the hand
        with a won match counted as :attr:`win`, and the report says so instead of passing
        them off as shares of the match.
        """
        lang = check_lang(lang)
        decisions = Plural("{n} decision", "{n} decisions", len(self.decisions))
        settings = {"decisions": decisions, "n": self.samples, "seed": self.seed}
        if self.unit == "match":
            head = Msg(
                "Saved review of {decisions}: fair values over {n} sampled deals each "
                "(seed {seed}), losses in percentage points of the chance to win the match; "
                "while the match cannot end in the hand, also in the hand's displayed points.",
                settings,
            )
        else:
            head = Msg(
                "Saved review of {decisions} in the old version 1: fair values over {n} "
                "sampled deals each (seed {seed}), losses in the hand's displayed points, a "
                "won match counted as {win} raw points, so they are not shares of the match.",
                {**settings, "win": self.win if self.win is not None else WIN},
            )
        lines = [head.text(lang), ""]
        lines += aligned_table(self._decision_rows(lang), left=(3, 4, 7))
        lines.append("")
        lines += aligned_table(self._summary_rows(lang), left=(0,))
        return "\n".join(lines)

    def _loss(self, decision: SavedDecision, lang: str) -> str:
        if self.unit == "match":
            return "" if decision.loss is None else percent(decision.loss, lang)
        return _points(decision.points_loss, lang)

    def _decision_rows(self, lang: str) -> list[list[str]]:
        columns = [c for c in DECISION_COLUMNS if c.msgid not in ("interval at 95%", "hindsight")]
        rows = [decision_heading(columns, lang)]
        for d in self.decisions:
            graded = d.grade != "only"
            rows.append(
                [
                    str(d.number),
                    str(d.hand),
                    str(d.seat),
                    d.played,
                    grade_name(d.grade, lang),
                    self._loss(d, lang) if graded else "",
                    _points(d.points_loss, lang) if graded and self.unit == "match" else "",
                    d.best if graded and d.best != d.played else "",
                ]
            )
        return rows

    def _summary_rows(self, lang: str) -> list[list[str]]:
        """Each seat's decisions with a choice and its mean loss per decision, in the file's
        own unit (a share of the match, or version 1's displayed points)."""
        rows = [[gettext("who", lang), gettext("decisions", lang), gettext("mean loss", lang)]]
        for seat, count, mean in self.seats or self._computed_seats():
            shown = percent(mean, lang) if self.unit == "match" else _points(mean, lang)
            who = Msg("seat {n}", {"n": seat}).text(lang)
            rows.append([who, str(count), shown if count else ""])
        return rows

    def _computed_seats(self) -> tuple[tuple[int, int, float], ...]:
        found = []
        for seat in sorted({d.seat for d in self.decisions}):
            chosen = [d for d in self.decisions if d.seat == seat and d.grade != "only"]
            losses = [d.loss if self.unit == "match" else d.points_loss for d in chosen]
            known = [x for x in losses if x is not None]
            found.append((seat, len(chosen), sum(known) / len(known) if known else 0.0))
        return tuple(found)


def _points(raw: float | None, lang: str) -> str:
    """A saved loss in raw points as the hand's displayed points, unsigned ("" if none)."""
    return "" if raw is None else points(raw, lang, False).lstrip("+")


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise ReviewFileError(Msg("the review has no field {name}", {"name": repr(name)}))
    return data[name]


def read_review(data: Mapping[str, Any]) -> SavedReview:
    """A saved review from its parsed JSON, version 1 or 2."""
    if not is_saved_review(data):
        raise ReviewFileError(Msg("this is not a review: its format is not exact61-review"))
    version = _field(data, "version")
    if version not in (1, 2):
        raise ReviewFileError(
            Msg("unknown review version {version}: 1 or 2 are read", {"version": repr(version)})
        )
    decisions = []
    for d in _field(data, "decisions"):
        loss = _field(d, "loss")
        share: float | None
        points: float | None
        if version == 1:
            share, points = None, float(loss["mean"])
        else:
            extra = _field(d, "points_loss")
            share = float(loss["mean"])
            points = None if extra is None else float(extra["mean"])
        decisions.append(
            SavedDecision(
                int(_field(d, "number")),
                int(_field(d, "hand")),
                int(_field(d, "seat")),
                str(_field(d, "played")),
                str(_field(d, "best")),
                str(_field(d, "grade")),
                share,
                points,
            )
        )
    return SavedReview(
        int(version),
        "points" if version == 1 else "match",
        int(_field(data, "players")),
        _field(data, "seed"),
        int(_field(data, "samples")),
        tuple(decisions),
        int(data.get("win", WIN)) if version == 1 else None,
        tuple(
            (int(_field(x, "seat")), int(_field(x, "decisions")), float(_field(x, "mean_loss")))
            for x in data.get("seats", ())
        ),
    )


def is_saved_review(data: object) -> bool:
    """Whether a file's parsed JSON says it is a saved review (its format marker)."""
    return isinstance(data, Mapping) and data.get("format") == "exact61-review"
