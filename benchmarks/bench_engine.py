"""Engine speed: exact61_widgets against the `dominoes` package, side by side in one run.

Every figure is tiles placed per second, in pure Python:

- ``dominoes``: the `dominoes` package playing its own random games (the yardstick);
- ``match``: random self-play through the public API (``Match.legal_actions`` and
  ``Match.push``, with events and undo records), dealing each new hand;
- ``replay``: checking game records move by move (``replay(record)``: the event
  stream of docs/formats.md, section 6: every event and the summary of every hand),
  records written beforehand from random matches;
- ``check``: the same records checked move by move without the document
  (``load_record(record)``), shown for comparison, with no target;
- ``playout``: the search bot's own loop (``engine.playout``), random matches;
- ``match@peer`` and ``playout@peer``: the same two measurements of the engine at an
  earlier commit (``--baseline``, by default the last commit before the one join kernel,
  issue 35; see ``benchmarks/peer.py``), beside ``match@now`` and ``playout@now``, a copy
  of the working tree's engine loaded and warmed the same way, so that a change to the
  engine shows its cost against the code it replaced, in the same run, on the same
  matches (the median of the rounds' ratios).

Each round gives every measurement ``--seconds`` of time in short turns, one after
the other (``--slice`` each), so a change in the machine's load hits them all
alike; each round's figures are divided by that round's ``dominoes`` figure.
The report gives the medians over the rounds with their ratio, and every round's
ratio. The fixtures (the records, the imported modules) are frozen out of the
garbage collector before the first round, so that its full collections walk what a
measurement made, not the 60 records that every round keeps. Time is this process's
CPU time by default (``--clock cpu``), which on a shared machine leaves out the time
other programs hold the processor, for both sides alike; ``--clock wall`` measures
elapsed time instead. Targets (issues 15 and 25): ``match`` and ``replay`` at least
1.3× ``dominoes``, ``playout`` at least 2.5×, in every round.

Both sides do the same work: a random legal move chosen by a seeded generator at
every turn, every game dealt from a shuffle, the moves checked by the engine;
``dominoes`` counts each tile its games place, and so do we (our draws and passes,
which its rules do not have, are done but not counted).

Run: ``python benchmarks/bench_engine.py [--seconds 2] [--rounds 5] [--slice 0.05]
[--clock cpu|wall] [--baseline REF | --no-baseline]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import dominoes
from peer import BEFORE_KERNEL, NOW, PEER, load_now, load_peer, peer_module

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.playout import Trace, TracePlay, playout
from exact61_widgets.engine.record import load_record, to_record
from exact61_widgets.engine.replay import replay

#: The matches of each kind: 2, 3 and 4 players in turn, seeded by their number.
MATCHES = 60
#: What each measurement reads the time from (``--clock``): CPU time or elapsed time.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
#: (name, label, target ratio to ``dominoes``) of each exact61 measurement (issues 15, 25).
TARGETS = (
    ("match", "exact61 Match random self-play", 1.3),
    ("replay", "exact61 record replay", 1.3),
    ("playout", "exact61 playout loop (search)", 2.5),
)

#: A measurement: run for about ``seconds`` of ``clock``, carrying on where the last
#: turn stopped; return the tiles placed and the time taken.
Measure = Callable[[float, Callable[[], float]], tuple[int, float]]


def dominoes_game() -> int:
    """One random game of `dominoes` (its players draw on ``random``): the tiles it places."""
    game = dominoes.Game.new()
    moves = 0
    while game.result is None:
        dominoes.players.random(game)
        game.make_move(*game.valid_moves[0])
        moves += 1
    return moves


def dominoes_random(seed: int) -> Measure:
    """`dominoes` playing its own random games."""
    random.seed(seed)

    def measure(seconds: float, clock: Callable[[], float]) -> tuple[int, float]:
        moves = 0
        start = clock()
        while clock() - start < seconds:
            moves += dominoes_game()
        return moves, clock() - start

    return measure


def random_match(n: int, rng: random.Random, match_class: type[Any] = Match) -> tuple[Any, int]:
    """Match ``n`` (2, 3 and 4 players in turn, seeded by ``n``) played to its end through
    the public Match API, dealing every hand, a random legal action from ``rng`` at every
    turn; with the tiles it placed.

    The loop asks for the legal actions once a turn, as `dominoes`' loop reads its game's
    result once a move: none means the hand is over (deal the next) or the match is.
    """
    match = match_class(2 + n % 3, seed=n)
    moves = 0
    choice = rng.choice
    push = match.push
    legal_actions = match.legal_actions
    while True:
        actions = legal_actions()
        if not actions:
            if match.is_over:
                return match, moves
            match.deal()
            continue
        action = choice(actions)
        push(action)
        moves += action.kind == "play"


def exact61_match_api(seed: int, match_class: type[Any] = Match) -> Measure:
    """Random matches through the public Match API (:func:`random_match`), one after another
    (``match_class``: this engine's ``Match`` or the peer's)."""
    rng = random.Random(seed)
    count = [0]

    def measure(seconds: float, clock: Callable[[], float]) -> tuple[int, float]:
        moves = 0
        start = clock()
        while clock() - start < seconds:
            moves += random_match(count[0], rng, match_class)[1]
            count[0] += 1
        return moves, clock() - start

    return measure


def random_records(count: int) -> list[tuple[dict[str, Any], int]]:
    """``count`` records of random matches, each with the number of tiles it places."""
    records = []
    for n in range(count):
        match, plays = random_match(n, random.Random(n))
        records.append((to_record(match), plays))
    return records


def exact61_replay(
    records: list[tuple[dict[str, Any], int]], run: Callable[[dict[str, Any]], object] = replay
) -> Measure:
    """Replaying ``records`` in turn, each checked move by move by ``run``: ``replay``
    (into its §5 document) or ``load_record`` (the match alone)."""
    count = [0]

    def measure(seconds: float, clock: Callable[[], float]) -> tuple[int, float]:
        moves = 0
        start = clock()
        while clock() - start < seconds:
            record, plays = records[count[0] % len(records)]
            run(record)
            moves += plays
            count[0] += 1
        return moves, clock() - start

    return measure


def playout_plays(count: int) -> list[int]:
    """How many tiles each benchmark playout places (counted once, with a trace)."""
    plays = []
    for n in range(count):
        trace: Trace = []
        playout(Match(2 + n % 3, seed=n), random.Random(n), trace=trace)
        plays.append(sum(1 for entry in trace if isinstance(entry, TracePlay)))
    return plays


def exact61_playout(
    plays: list[int], match_class: type[Any] = Match, loop: Callable[..., Any] = playout
) -> Measure:
    """Random matches in the fast playout loop (no trace), in turn (``match_class`` and
    ``loop``: this engine's or the peer's)."""
    count = [0]

    def measure(seconds: float, clock: Callable[[], float]) -> tuple[int, float]:
        moves = 0
        start = clock()
        while clock() - start < seconds:
            n = count[0] % len(plays)
            loop(match_class(2 + n % 3, seed=n), random.Random(n))
            moves += plays[n]
            count[0] += 1
        return moves, clock() - start

    return measure


def run_round(
    measures: dict[str, Measure], seconds: float, turn: float, clock: Callable[[], float]
) -> dict[str, float]:
    """Tiles placed per second by each measurement, given ``seconds`` in turns of ``turn``.

    Every other pass takes the measurements in the reverse order, so that none always
    follows the same one (what ran before warms or cools the caches alike for all).
    """
    moves = dict.fromkeys(measures, 0)
    spent = dict.fromkeys(measures, 0.0)
    order = list(measures.items())
    while min(spent.values()) < seconds:
        order.reverse()
        for name, measure in order:
            done, took = measure(turn, clock)
            moves[name] += done
            spent[name] += took
    return {name: moves[name] / spent[name] for name in measures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="time of each measurement in a round"
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--slice", type=float, default=0.05, help="time of each turn within a round"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="CPU time of this process (default) or elapsed time",
    )
    parser.add_argument(
        "--baseline", default=BEFORE_KERNEL, help="the commit whose engine is measured beside"
    )
    parser.add_argument("--no-baseline", action="store_true", help="measure this engine alone")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    records = random_records(MATCHES)
    plays = playout_plays(MATCHES)
    measures: dict[str, Measure] = {
        "dominoes": dominoes_random(0),
        "match": exact61_match_api(0),
        "replay": exact61_replay(records),
        "check": exact61_replay(records, load_record),
        "playout": exact61_playout(plays),
    }
    peer = None if args.no_baseline else load_peer(args.baseline)
    if peer is not None:
        # Both sides of the comparison are copies loaded, warmed and measured alike.
        load_now()
        for side, package in (("now", NOW), ("peer", PEER)):
            side_match = peer_module("engine.match", package).Match
            side_playout = peer_module("engine.playout", package).playout
            for n in range(MATCHES):  # the work the fixtures made the installed engine do
                random_match(n, random.Random(n), side_match)
                side_playout(side_match(2 + n % 3, seed=n), random.Random(n), trace=[])
            measures[f"match@{side}"] = exact61_match_api(0, side_match)
            measures[f"playout@{side}"] = exact61_playout(plays, side_match, side_playout)
    # The fixtures (the records, the imported modules) stay alive for the whole run: frozen
    # out of the garbage collector, its full collections walk only what a measurement
    # made, not the fixtures, whose size is this benchmark's choice (MATCHES).
    gc.freeze()
    runs: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, rate in run_round(measures, args.seconds, args.slice, clock).items():
            runs[name].append(rate)
    med = {name: statistics.median(values) for name, values in runs.items()}
    base = med["dominoes"]
    print(
        f"tiles placed per {args.clock} second: medians of {args.rounds} rounds of "
        f"{args.seconds:g} s each, in turns of {args.slice:g} s; ratios to dominoes "
        "(of the medians, then of each round)"
    )
    print(f"{'dominoes random self-play':<32}{base:>10,.0f}  1.00x")
    met = True
    for name, label, target in TARGETS:
        rounds = [v / d for v, d in zip(runs[name], runs["dominoes"], strict=True)]
        missed = sum(x < target for x in rounds)
        met = met and not missed
        verdict = "met in every round" if not missed else f"MISSED in {missed} of {len(rounds)}"
        print(
            f"{label:<32}{med[name]:>10,.0f}  {med[name] / base:.2f}x  "
            f"rounds {' '.join(f'{x:.2f}' for x in rounds)}  target >= {target}x: {verdict}"
        )
    check = [v / d for v, d in zip(runs["check"], runs["dominoes"], strict=True)]
    print(
        f"{'(record check, no document)':<32}{med['check']:>10,.0f}  {med['check'] / base:.2f}x  "
        f"rounds {' '.join(f'{x:.2f}' for x in check)}  (for comparison: no target)"
    )
    if peer is not None:
        for name in ("match", "playout"):
            now, then = runs[f"{name}@now"], runs[f"{name}@peer"]
            rounds = [v / d for v, d in zip(now, then, strict=True)]
            print(
                f"{name + ' against ' + peer:<32}{statistics.median(rounds):>10.3f}x  "
                f"rounds {' '.join(f'{x:.3f}' for x in rounds)}  "
                f"(this engine's tiles per second / the peer's, in the same run)"
            )
    print("all targets met in every round" if met else "a target was missed in some round")


if __name__ == "__main__":
    main()
