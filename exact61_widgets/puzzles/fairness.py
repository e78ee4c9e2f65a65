"""Is a puzzle fair? Its answer re-checked on a fresh, larger sample of the deals the mover sees.

A puzzle is mined on one seeded sample of :data:`~.verify.DEALS` deals; a second,
independent sample of :data:`DEALS` (400) deals, each agreeing with what the mover
has seen, is solved exactly and counted: in how many is the answer best by at
least :data:`MARGIN` — 2% of the match, in the mover's side's chance to win it
(the match's own currency, as the review measures a move)? A deal too large to
answer within :data:`MAX_NODES` positions counts against the answer. The share is
stated with the lower end of its 95% Wilson score interval (:func:`wilson_lower`),
and a puzzle is kept only if that bound is at least :data:`LOWEST` (90%): with 400
deals, an answer best in 372 or more.

Why 2% of the match: the review calls a loss of 2% of the match an inaccuracy
(:mod:`exact61_widgets.engine.review`, GNU Backgammon's bound), so every other move
of a kept puzzle is at least an inaccuracy in nearly every deal — what the puzzle
calls wrong, the review calls wrong too, at 0–0 as at 60–60. A margin in the hand's
points (the mining's first test, :data:`~.verify.MARGIN`) cannot say that: near 61
a raw point more may be worth nothing, or the match. Files made before keep their
margin in raw points (``unit`` absent or ``"points"``) and are still read.

Why Wilson: the share is a binomial proportion near 1, where the normal
approximation's interval is too narrow and can pass 1; Wilson's stays inside
0–1 and keeps close to its stated coverage at every share and sample size.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Final, Literal

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.hidden import sampled_deals
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.review.stats import INACCURACY
from exact61_widgets.engine.solve import WIN, SolveError, leads_by

#: Deals of the fairness check.
DEALS: Final = 400
#: The confidence of the interval, and its normal quantile (two-sided).
CONFIDENCE: Final = 0.95
Z: Final = 1.959963984540054
#: How much better than every other move the answer must be in a deal: 2% of the match, in
#: ten-thousandths of the mover's side's chance to win it (the review's inaccuracy bound).
MARGIN: Final = round(INACCURACY * WIN)
#: The unit of a margin: the match's chance (ten-thousandths), or raw points (older files).
Unit = Literal["match", "points"]
#: The lowest acceptable lower bound of the share of deals where the answer is best.
LOWEST: Final = 0.9
#: Work allowed for the solve of one deal of the check.
MAX_NODES: Final = 150_000
#: The interval's name as the file states it.
BOUND: Final = "wilson"


def wilson_lower(agree: int, deals: int, z: float = Z) -> float:
    """The lower end of the Wilson score interval of ``agree`` successes in ``deals`` trials."""
    if deals <= 0:
        return 0.0
    p = agree / deals
    z2 = z * z
    centre = p + z2 / (2 * deals)
    spread = z * math.sqrt(p * (1 - p) / deals + z2 / (4 * deals * deals))
    return max(0.0, (centre - spread) / (1 + z2 / deals))


@dataclass(frozen=True)
class Fairness:
    """The fairness check of one puzzle: ``agree`` of ``deals`` deals, and its lower bound.

    ``seed`` made the deals; ``unsolved`` counts deals too large to solve (counted
    against the answer); ``margin`` is in ``unit``: ten-thousandths of the match
    (``"match"``) or raw points (``"points"``, files made before).
    """

    agree: int
    deals: int
    lower: float
    seed: str
    unsolved: int
    margin: int = MARGIN
    unit: Unit = "match"

    @property
    def share(self) -> float:
        """The share of deals in which the answer was best by the margin."""
        return self.agree / self.deals

    @property
    def fair(self) -> bool:
        """Whether the lower bound reaches :data:`LOWEST`."""
        return self.lower >= LOWEST

    def to_json(self) -> dict[str, Any]:
        """The check as the puzzle file keeps it."""
        return {
            "deals": self.deals,
            "agree": self.agree,
            "share": round(self.share, 4),
            "lower": round(self.lower, 4),
            "bound": BOUND,
            "confidence": CONFIDENCE,
            "margin": self.margin,
            "unit": self.unit,
            "seed": self.seed,
            "unsolved": self.unsolved,
        }

    @classmethod
    def from_json(cls, data: Any) -> Fairness:
        """Read the check back; raise ``ValueError`` (or KeyError, TypeError) if it is not one."""
        keys = {
            "deals",
            "agree",
            "share",
            "lower",
            "bound",
            "confidence",
            "margin",
            "seed",
            "unsolved",
        }
        if not isinstance(data, dict) or set(data) - {"unit"} != keys:
            raise ValueError("the fairness record has other fields than " + ", ".join(sorted(keys)))
        unit = data.get("unit", "points")
        if unit not in ("match", "points"):
            raise ValueError(f"a fairness margin is in match or points, not {unit!r}")
        if data["bound"] != BOUND or data["confidence"] != CONFIDENCE:
            raise ValueError("the fairness bound is not the 95% Wilson lower bound")
        agree, deals = int(data["agree"]), int(data["deals"])
        lower = wilson_lower(agree, deals)  # the file keeps it rounded; it must agree
        if not 0 <= agree <= deals or abs(lower - float(data["lower"])) > 1e-4:
            raise ValueError("the fairness bound does not follow from its counts")
        return cls(
            agree,
            deals,
            lower,
            str(data["seed"]),
            int(data["unsolved"]),
            int(data["margin"]),
            "match" if unit == "match" else "points",
        )


def check_fairness(
    match: Match,
    answer: tuple[Action, ...],
    seed: str,
    *,
    deals: int = DEALS,
    margin: int = MARGIN,
    max_nodes: int = MAX_NODES,
) -> Fairness:
    """Solve ``deals`` fresh deals of the hidden tiles (from ``seed``) and count the answer's wins.

    Each deal asks only whether the answer leads every other action by ``margin``
    ten-thousandths of the match (:func:`~exact61_widgets.engine.solve.leads_by`),
    not every action's value. ``match`` is not changed.
    """
    agree = unsolved = 0
    for world in sampled_deals(match, random.Random(seed), deals):
        try:
            agree += leads_by(world, answer, margin, max_nodes=max_nodes, value="match")
        except SolveError:
            unsolved += 1
    return Fairness(agree, deals, wilson_lower(agree, deals), seed, unsolved, margin, "match")
