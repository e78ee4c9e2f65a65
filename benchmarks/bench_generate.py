"""Making a fresh exercise ("Another one like this") must feel instant: p95 under 200 ms.

Issue 33 asks that generating one item (:func:`exact61_widgets.exercises.generate`,
which also runs the tells-mistakes-apart test on it) take under 200 ms at the 95th
percentile. This times every kind the generator makes, at each difficulty, over
``--seeds`` seeds, one generation at a time, and prints the p50, p95 and maximum per
kind and over all. The peer, timed in the same run on the same kinds, is what showing
a shipped exercise already costs: rebuilding a tutorial exercise of that kind from its
saved spec and checking one answer (:func:`task_from_spec`, :meth:`Task.check`); the
ratio says how much more a fresh one costs than a saved one. The run fails (exit
status 1) if the p95 of any kind is 200 ms or more.

Measured (40 seeds, on a two-core machine shared with other work): every kind but one
p95 under 4 ms; "which move was the mistake?" (``which_mistake``, graded by the review
with 30 sampled deals a move) p50 22 ms, p95 46 ms, max 115 ms (session 14; the first
measure, in session 13 on a machine busier with other work, gave p95 187 ms).

Run: ``python benchmarks/bench_generate.py [--seeds 40]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict

from exact61_widgets.exercises import generate, generated_kinds, task_from_spec
from exact61_widgets.exercises.generate import DIFFICULTIES
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises

#: Issue 33: one generation, 95th percentile, in seconds.
LIMIT = 0.200


def p95(times: list[float]) -> float:
    """The 95th percentile (nearest rank) of ``times``."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{1000 * seconds:7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="seeds per kind and difficulty")
    args = parser.parse_args()
    made: dict[str, list[float]] = defaultdict(list)
    for kind in generated_kinds():
        for difficulty in DIFFICULTIES:
            for seed in range(args.seeds):
                start = time.perf_counter()
                generate(kind, seed, difficulty)
                made[kind].append(time.perf_counter() - start)
    peer: dict[str, list[float]] = defaultdict(list)
    for entry in tutorial_exercises():
        if entry.spec["kind"] not in made:
            continue
        for _ in range(3):
            start = time.perf_counter()
            task = task_from_spec(entry.spec)
            task.check(task.answer("en"))
            peer[entry.spec["kind"]].append(time.perf_counter() - start)
    print(f"{'kind':18} {'p50':>10} {'p95':>10} {'max':>10}   saved p50  ratio")
    for kind, times in made.items():
        saved = statistics.median(peer[kind]) if peer[kind] else float("nan")
        ratio = statistics.median(times) / saved if peer[kind] else float("nan")
        print(
            f"{kind:18} {ms(statistics.median(times))} {ms(p95(times))} {ms(max(times))}"
            f"   {ms(saved)}  {ratio:5.1f}x"
        )
    every = [t for times in made.values() for t in times]
    print(f"{'all':18} {ms(statistics.median(every))} {ms(p95(every))} {ms(max(every))}")
    print(f"{len(every)} generations; p95 limit per kind {ms(LIMIT)}")
    return 0 if all(p95(times) < LIMIT for times in made.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
