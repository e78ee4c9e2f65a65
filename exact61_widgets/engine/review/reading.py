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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg

__all__ = ["ReviewFileError", "SavedDecision", "SavedReview", "read_review"]


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


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise ReviewFileError(Msg("the review has no field {name}", {"name": repr(name)}))
    return data[name]


def read_review(data: Mapping[str, Any]) -> SavedReview:
    """A saved review from its parsed JSON, version 1 or 2."""
    if not isinstance(data, Mapping) or data.get("format") != "exact61-review":
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
    )
