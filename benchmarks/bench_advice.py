"""How long a hint takes: median, 95th percentile and maximum over many real positions.

Positions come from matches between greedy bots with 2, 3 and 4 players; every
position where the player to move has a real choice (two or more legal plays)
is timed with the default hint settings (a playout budget and a time cap). The
goal is at most 0.5 s per hint.

Run: ``python benchmarks/bench_advice.py [--positions 300] [--seed 7]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from exact61_widgets.engine.advice import ADVICE_PLAYOUTS, ADVICE_SECONDS, search_advice
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.match import Match

GOAL = 0.5


def positions(count: int, seed: int) -> list[Match]:
    """``count`` positions with a choice, spread over matches of 2, 3 and 4 players."""
    rng = random.Random(seed)
    found: list[Match] = []
    game = 0
    while len(found) < count:
        players = 2 + game % 3
        match = Match(players, seed=f"{seed}/{game}")
        bot = make_bot("greedy", game)
        while not match.is_over and len(found) < count:
            if match.status == "hand_over":
                match.deal()
            if len(match.legal_actions()) >= 2 and rng.random() < 0.3:
                found.append(match.copy())
            match.push(bot.choose(match))
        game += 1
    return found


def main() -> None:
    """Time the hints and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    times: list[float] = []
    choices: list[int] = []
    for match in positions(args.positions, args.seed):
        start = time.perf_counter()
        advice = search_advice(match)
        times.append(time.perf_counter() - start)
        choices.append(len(advice.values))
        advice.text("ru")
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    over = sum(1 for t in times if t > GOAL)
    print(
        f"{len(times)} hints (2–4 players, {min(choices)}–{max(choices)} legal actions; "
        f"budget {ADVICE_PLAYOUTS} playouts or {ADVICE_SECONDS} s)"
    )
    print(
        f"median {statistics.median(times):.3f} s, 95th percentile {p95:.3f} s, "
        f"max {times[-1]:.3f} s; over {GOAL} s: {over}"
    )


if __name__ == "__main__":
    main()
