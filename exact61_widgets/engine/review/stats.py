"""The arithmetic of a review: means with confidence intervals, and the classes of an error.

A fair value is a mean over sampled deals, so it is stated with a 95% confidence
interval (the normal approximation, ``mean ± 1.96 s / √n``). The loss of the
played move is the mean of the per-deal differences between the best action and
it: every action is valued on the same deals, so those paired differences vary
far less than either value, and their interval is the one reported.

The classes follow what chess and backgammon programs do with their own units.
lichess calls a move an inaccuracy, a mistake or a blunder when it costs at least
0.1, 0.2 or 0.3 of its "winning chances" scale; GNU Backgammon marks a checker
play doubtful, bad or very bad from 0.04, 0.08 or 0.16 of a game's equity and
reports each player's error rate as the mean loss per unforced decision. A
review here measures in raw points (5 raw = 1 displayed point) with a match won
worth :data:`~exact61_widgets.engine.solve.WIN`, and classes the loss of a move:

========== ===================================================================
best        less than :data:`INACCURACY` (2 displayed points): as good as best
inaccuracy  from :data:`INACCURACY` (10 raw) up to :data:`MISTAKE`
mistake     from :data:`MISTAKE` (25 raw, 5 displayed points) up to :data:`BLUNDER`
blunder     :data:`BLUNDER` (50 raw, 10 displayed points) or more
only        one legal action: nothing to choose (not counted in the averages)
========== ===================================================================

A move is graded by the *lower end* of its loss's 95% interval, the loss the
review is sure of, not by the mean: a sampled value is noisy, and near 61, where a
match won is worth 10 000 raw, a few deals more or less in which the match is won
would otherwise make a blunder of a move no worse than the best. So a move that
surely costs 0.5% of the chance to reach exactly 61 in this hand is a blunder, as
is one that surely gives away ten displayed points: either is a good hand's margin.
The mean losses still make the summaries' error rates.
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
#: The smallest loss of an inaccuracy (raw points); a mistake and a blunder follow.
INACCURACY: Final = 10
#: The smallest loss of a mistake (raw points).
MISTAKE: Final = 25
#: The smallest loss of a blunder (raw points).
BLUNDER: Final = 50
#: The normal quantile of a two-sided 95% interval.
Z95: Final = 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` sampled deals and its 95% confidence interval ``low``–``high``."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ``±`` of ``mean ± half_width``."""
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, float | int]:
        """``{"mean", "low", "high", "n"}``, the numbers rounded to two places."""
        return {
            "mean": round(self.mean, 2),
            "low": round(self.low, 2),
            "high": round(self.high, 2),
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


def grade(loss: float, choices: int) -> Grade:
    """The class of a move that surely loses ``loss`` raw points among ``choices`` legal actions.

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


def thresholds() -> dict[str, int]:
    """The classes' lower bounds in raw points, as the JSON form states them."""
    return {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
