"""How hard a puzzle is: how often simple players find its answer, and how many moves there are.

Three players try each puzzle from the mover's seat (none of them sees hidden
tiles): ``random`` (its chance is the share of legal moves that are answers),
``greedy`` (the largest accepted immediate gain; its chance is the share of
answers among the moves that tie for that gain) and a short ``search`` (the
search bot with a small playout budget, run with several seeds; its chance is
the share of runs that find the answer). A puzzle the greedy player solves is
easy; one that even the search misses is hard; more legal moves make it harder.
The rating is on a chess-like scale, about 700 (easy) to 2300 (hard).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.bots.basic import immediate_gain
from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.engine.match import Match

#: Seeds of the short search, and its playout budget per decision.
SEARCH_RUNS: Final = 8
SEARCH_PLAYOUTS: Final = 100


@dataclass(frozen=True)
class Rates:
    """How often each simple player finds the answer (0–1), and the number of legal moves."""

    random: float
    greedy: float
    search: float
    legal: int

    @property
    def rating(self) -> int:
        """The difficulty rating: ``600 + 1400 × misses + 100 × log2(legal moves)``, by tens.

        ``misses`` weighs how often each player fails: random 0.2, greedy 0.35,
        search 0.45.
        """
        misses = 0.2 * (1 - self.random) + 0.35 * (1 - self.greedy) + 0.45 * (1 - self.search)
        value = 600 + 1400 * misses + 100 * math.log2(max(self.legal, 1))
        return int(round(value / 10) * 10)

    def to_json(self) -> dict[str, float | int]:
        """The rates as the puzzle JSON keeps them (rounded to three places)."""
        return {
            "random": round(self.random, 3),
            "greedy": round(self.greedy, 3),
            "search": round(self.search, 3),
            "legal": self.legal,
        }


def rates(
    match: Match,
    answer: tuple[Action, ...],
    *,
    runs: int = SEARCH_RUNS,
    playouts: int = SEARCH_PLAYOUTS,
) -> Rates:
    """Let the simple players try the position of ``match`` (which is left unchanged)."""
    legal = match.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    gains = {a: immediate_gain(match, a) for a in plays}
    top = max(gains.values())
    greedy_picks = [a for a in plays if gains[a] == top]
    found = 0
    for run in range(runs):
        # the short search as the set was rated: hand points (see puzzles/mine.py)
        bot = SearchBot(seed=f"rating/{run}", playouts=playouts, evaluation="points")
        if bot.choose(match) in answer:
            found += 1
    return Rates(
        sum(1 for a in legal if a in answer) / len(legal),
        sum(1 for a in greedy_picks if a in answer) / len(greedy_picks),
        found / runs,
        len(legal),
    )
