"""A hand's end in the match's own currency: a side's chance to win the match from there.

Where a hand ends — the scores and who leads the next hand — is worth, to a side,
its chance to win the match from that state, read from the match equity table
(:mod:`.met`): 1 if it has just reached exactly 61, 0 if another side has. The
review (:mod:`exact61_widgets.engine.review`), the hints and the search bot value
a move by the mean of this over the hand's possible ends, so a move near 61 and
one at the match's start are measured on the same scale, and an error of 0.05 is
5% of the match wherever it is made.

:class:`ChancePosition` gives the exact solver (:func:`~exact61_widgets.engine.solve.solve`
with ``value="match"``) the same value at the end of each line, in whole
ten-thousandths of a match (:data:`~exact61_widgets.engine.solvecore.WIN` = 1).

>>> from exact61_widgets.engine.equity.value import end_chance
>>> end_chance((305, 200), None, 0, 2)
1.0
>>> 0.0 < end_chance((0, 0), 0, 0, 2) < 1.0
True
"""

from __future__ import annotations

from collections.abc import Sequence

from exact61_widgets.engine.equity.met import load_table
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.engine.solvecore import WIN, OpenPosition
from exact61_widgets.i18n import Msg

__all__ = ["ChancePosition", "end_chance", "percent_msg"]


def percent_msg(chance: float, signed: bool = False) -> Msg:
    """A share of the match in percent with one decimal, as a message: ``48.3%``, ``+2.0%``
    (``48,3 %`` in Russian). Clipped to ±100%: no share larger than the match is ever shown."""
    tenths = round(max(-1.0, min(1.0, chance)) * 1000)
    sign = "\u2212" if tenths < 0 else ("+" if tenths > 0 and signed else "")
    whole, frac = divmod(abs(tenths), 10)
    return Msg("{sign}{whole}.{tenth}%", {"sign": sign, "whole": whole, "tenth": frac})


def end_chance(scores: Sequence[int], leader: int | None, side: int, players: int) -> float:
    """``side``'s chance to win the match once a hand has ended at ``scores`` with ``leader`` to
    lead the next (None: a blocked hand, the lot picks); 1 or 0 if a side reached the target."""
    for s, score in enumerate(scores):
        if score == TARGET:
            return 1.0 if s == side else 0.0
    table = load_table(players)
    low = table.grid.low
    return table.chance_after([max(low, s) for s in scores], leader, side)


class ChancePosition(OpenPosition):
    """An :class:`OpenPosition` whose lines end in a side's chance to win the match.

    The value of an end is ``round(WIN × chance)``: a match won is WIN, one lost 0.
    """

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self._cache: dict[tuple[tuple[int, ...], int, int], int] = {}

    def utility(self, side: int) -> int:
        """``side``'s chance to win the match from the reached end, in 1/WIN of a match."""
        leader = self.seat if self.over == "out" else -1
        key = (self.scores, leader, side)
        value = self._cache.get(key)
        if value is None:
            chance = end_chance(self.scores, None if leader < 0 else leader, side, self.n)
            value = self._cache[key] = round(WIN * chance)
        return value
