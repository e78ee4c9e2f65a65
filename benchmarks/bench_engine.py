"""Engine speed: exact61_widgets against the `dominoes` package, side by side in one run.

Every figure is tiles placed per second, in pure Python:

- ``dominoes``: the `dominoes` package playing its own random games (the yardstick);
- ``match``: random self-play through the public API (``Match.legal_actions`` and
  ``Match.push``, with events and undo records), dealing each new hand;
- ``replay``: checking game records move by move (``replay(record)``, events and the
  summary of every hand), records written beforehand from random matches;
- ``playout``: the search bot's own loop (``engine.playout``), random matches.

The measurements are interleaved in rounds and the medians compared, so noise
from the machine hits every one alike. Targets (issue 15): ``match`` and
``replay`` at least 1.0× ``dominoes``, ``playout`` at least 2.5×.

Run: ``python benchmarks/bench_engine.py [--seconds 2] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import dominoes

from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.engine.playout import Trace, TracePlay, playout
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.replay import replay

#: The matches of each kind: 2, 3 and 4 players in turn, seeded by their number.
MATCHES = 60


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


def exact61_match_api(seconds: float, seed: int) -> float:
    """Tiles placed per second by random matches through the public Match API."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        match = Match(2 + n % 3, seed=n)
        while not match.is_over:
            if match.status == HAND_OVER:
                match.deal()
            actions = match.legal_actions()
            action = actions[rng.randrange(len(actions))]
            match.push(action)
            moves += action.kind == "play"
        n += 1
    return moves / (time.perf_counter() - start)


def random_records(count: int) -> list[tuple[dict[str, Any], int]]:
    """``count`` records of random matches, each with the number of tiles it places."""
    records = []
    for n in range(count):
        match = Match(2 + n % 3, seed=n)
        rng = random.Random(n)
        while not match.is_over:
            if match.status == HAND_OVER:
                match.deal()
            actions = match.legal_actions()
            match.push(actions[rng.randrange(len(actions))])
        record = to_record(match)
        plays = sum(1 for hand in record["hands"] for a in hand["actions"] if "play" in a)
        records.append((record, plays))
    return records


def exact61_replay(records: list[tuple[dict[str, Any], int]]) -> Callable[[float, int], float]:
    """Tiles placed per second by replaying ``records`` (each checked move by move)."""
    def measure(seconds: float, seed: int) -> float:
        moves = 0
        start = time.perf_counter()
        i = seed
        while time.perf_counter() - start < seconds:
            record, plays = records[i % len(records)]
            replay(record)
            moves += plays
            i += 1
        return moves / (time.perf_counter() - start)
    return measure


def playout_plays(count: int) -> list[int]:
    """How many tiles each benchmark playout places (counted once, with a trace)."""
    plays = []
    for n in range(count):
        trace: Trace = []
        playout(Match(2 + n % 3, seed=n), random.Random(n), trace=trace)
        plays.append(sum(1 for entry in trace if isinstance(entry, TracePlay)))
    return plays


def exact61_playout(plays: list[int]) -> Callable[[float, int], float]:
    """Tiles placed per second by random matches in the fast playout loop (no trace)."""
    def measure(seconds: float, seed: int) -> float:
        moves = 0
        start = time.perf_counter()
        i = seed
        while time.perf_counter() - start < seconds:
            n = i % len(plays)
            playout(Match(2 + n % 3, seed=n), random.Random(n))
            moves += plays[n]
            i += 1
        return moves / (time.perf_counter() - start)
    return measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    measures: dict[str, Callable[[float, int], float]] = {
        "dominoes": dominoes_random, "match": exact61_match_api,
        "replay": exact61_replay(random_records(MATCHES)),
        "playout": exact61_playout(playout_plays(MATCHES))}
    runs: dict[str, list[float]] = {name: [] for name in measures}
    for r in range(args.rounds):
        for name, measure in measures.items():
            runs[name].append(measure(args.seconds, r))
    med = {name: statistics.median(values) for name, values in runs.items()}
    base = med["dominoes"]
    print(f"medians of {args.rounds} interleaved rounds, tiles placed per second")
    print(f"dominoes random self-play:        {base:>10,.0f}")
    for name, label, target in (("match", "exact61 Match random self-play:", 1.0),
                                ("replay", "exact61 record replay:", 1.0),
                                ("playout", "exact61 playout loop (search):", 2.5)):
        ratio = med[name] / base
        print(f"{label:<34}{med[name]:>10,.0f}  {ratio:.2f}x (target >= {target}x)")


if __name__ == "__main__":
    main()
