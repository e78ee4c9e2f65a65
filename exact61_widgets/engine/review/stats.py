"""The arithmetic of a review: means with confidence intervals, and the classes of an error.

A fair value is a mean over sampled deals, so it is stated with a 95% confidence
interval (the normal approximation, ``mean ± 1.96 s / √n``). The loss of the
played move is the mean of the per-deal differences between the best action and
it: every action is valued on the same deals, so those paired differences vary
far less than either value, and their interval is the one reported.

The classes are GNU Backgammon's, in the same unit. A review measures a move in
*match-winning chance*: the mover's side's chance to win the match at the hand's
end, read from the match equity table (:mod:`exact61_widgets.engine.equity`), so
a loss of 0.05 is 5% of the match, at 0–0 as at 60–60. GNU Backgammon marks a
play doubtful, bad or very bad from 0.04, 0.08 or 0.16 of normalised equity
(a match won +1, lost −1: twice the chance to win, less one), that is from 2%,
4% and 8% of the match. Those are the bounds here too, as fractions of a match:

========== ===================================================================
best        less than :data:`INACCURACY` (0.02): as good as best
inaccuracy  from :data:`INACCURACY` (2% of the match) up to :data:`MISTAKE`
mistake     from :data:`MISTAKE` (4%) up to :data:`BLUNDER`
blunder     :data:`BLUNDER` (8%) or more
only        one legal action: nothing to choose (not counted in the averages)
========== ===================================================================

Why the same bounds fit Exact 61: they are in the same unit, so an inaccuracy,
a mistake and a blunder cost a player the same share of a match as they do in
backgammon, and a backgammon player reads them without conversion. At 0–0 the
shipped table gives one displayed point about 1.7 percentage points of the match
with two players and in pairs, 1.6 with three, so the bounds are there about 1,
2½ and 5 points of a hand (the earlier review's classes in points were 2, 5 and
10, which near 61 said nothing, since one point could decide the match); near 61
they stay shares of the match, whatever the points a play scores.

A move is graded by the *lower end* of its loss's 95% interval, the loss the
review is sure of, not by the mean: a sampled value is noisy, and a few deals
more or less in which the match is won would otherwise make a blunder of a move
no worse than the best. The mean losses make the summaries: a player's *error
rate*, the mean loss per decision with a choice, and the *rating* of the match
played, GNU Backgammon's bands of that rate (:data:`RATINGS`) in the same unit,
so two matches compare whatever their scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

#: A decision's grade, from best to blunder; ``only`` when there was one legal action.
Grade = Literal["best", "inaccuracy", "mistake", "blunder", "only"]
#: Every class, best first; ``only`` (no choice) last.
GRADES: Final[tuple[Grade, ...]] = ("best", "inaccuracy", "mistake", "blunder", "only")
#: The smallest loss of an inaccuracy (a fraction of the match); a mistake and a blunder follow.
INACCURACY: Final = 0.02
#: The smallest loss of a mistake (a fraction of the match).
MISTAKE: Final = 0.04
#: The smallest loss of a blunder (a fraction of the match).
BLUNDER: Final = 0.08
#: A match's rating by its error rate (mean loss per decision, a fraction of the match):
#: GNU Backgammon's bands (normalised equity per move 0.002, 0.005, 0.008, 0.012, 0.018,
#: 0.026, 0.035), halved into the chance to win. The first band whose bound the rate is
#: below names it; above the last, ``awful``.
RATINGS: Final[tuple[tuple[str, float], ...]] = (
    ("supernatural", 0.001),
    ("world class", 0.0025),
    ("expert", 0.004),
    ("advanced", 0.006),
    ("intermediate", 0.009),
    ("casual", 0.013),
    ("beginner", 0.0175),
)
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` sampled deals and its 95% confidence interval ``low``–``high``."""

    #: The mean over the sampled deals.
    mean: float
    #: The lower end of its 95% confidence interval.
    low: float
    #: The upper end of its 95% confidence interval.
    high: float
    #: How many deals were sampled.
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ``±`` of ``mean ± half_width``."""
        return (self.high - self.low) / 2

    def to_json(self, digits: int = 2) -> dict[str, float | int]:
        """``{"mean", "low", "high", "n"}``, the numbers rounded to ``digits`` places."""
        return {
            "mean": round(self.mean, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
            "n": self.n,
        }


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% interval (a single value: an interval of width 0)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean, n)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def mean_of(estimates: Sequence[Estimate]) -> Estimate:
    """The mean of independent estimates with its 95% interval (their errors combined).

    A player's error rate over the decisions of a match: each decision's deals are its own.
    """
    n = len(estimates)
    if not n:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = sum(e.mean for e in estimates) / n
    half = math.sqrt(sum(e.half_width**2 for e in estimates)) / n
    return Estimate(mean, mean - half, mean + half, n)


def rating(rate: float) -> str:
    """The band of an error rate (:data:`RATINGS`): ``expert``, ``awful`` …"""
    for name, bound in RATINGS:
        if rate < bound:
            return name
    return "awful"


def grade(loss: float, choices: int) -> Grade:
    """The class of a move that surely loses ``loss`` of the match among ``choices`` actions.

    :func:`~exact61_widgets.engine.review.core.review` passes the lower end of the
    loss's interval.
    """
    if choices < 2:
        return "only"
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "best"


def thresholds() -> dict[str, float]:
    """The classes' lower bounds as fractions of the match, as the JSON form states them."""
    return {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
