"""Random self-play speed: exact61_widgets against the `dominoes` package, same run.

Both engines play whole random games in pure Python and we count tiles placed
per second. Our figure is taken twice: through the fast playout loop that the
search bot uses (``engine.playout``), and through the public ``Match`` API
(``legal_actions`` + ``push`` with events and undo records). The measurements
are interleaved in rounds and the medians compared, so machine noise hits both.

Run: ``python benchmarks/bench_engine.py [--seconds 2] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import dominoes

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.playout import playout


def dominoes_random(seconds: float, seed: int) -> float:
    """Tiles placed per second by `dominoes` playing its own random games."""
    random.seed(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])
            moves += 1
    return moves / (time.perf_counter() - start)


def exact61_playout(seconds: float, seed: int) -> float:
    """Tiles placed per second by random matches in the fast playout loop."""
    rng = random.Random(seed)
    moves = 0
    trace: list[tuple[int, ...]] = []
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        trace.clear()
        playout(Match(2 + n % 3, seed=n), rng, trace=trace)
        moves += sum(1 for entry in trace if entry[1] == 0)
        n += 1
    return moves / (time.perf_counter() - start)


def exact61_match_api(seconds: float, seed: int) -> float:
    """Tiles placed per second by random matches through the public Match API."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        match = Match(2 + n % 3, seed=n)
        while not match.is_over:
            if match.status == "hand_over":
                match.deal()
            actions = match.legal_actions()
            action = actions[rng.randrange(len(actions))]
            match.push(action)
            moves += action.kind == "play"
        n += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"dominoes": [], "playout": [], "match": []}
    measures: dict[str, Callable[[float, int], float]] = {
        "dominoes": dominoes_random, "playout": exact61_playout, "match": exact61_match_api}
    for r in range(args.rounds):
        for name, measure in measures.items():
            runs[name].append(measure(args.seconds, r))
    med = {name: statistics.median(values) for name, values in runs.items()}
    print(f"dominoes {dominoes.__name__} random games: {med['dominoes']:>10,.0f} tiles/s")
    print(f"exact61 fast playout (search engine): {med['playout']:>10,.0f} tiles/s  "
          f"ratio {med['playout'] / med['dominoes']:.2f}x (target >= 2x)")
    print(f"exact61 public Match API:             {med['match']:>10,.0f} tiles/s  "
          f"ratio {med['match'] / med['dominoes']:.2f}x")


if __name__ == "__main__":
    main()
