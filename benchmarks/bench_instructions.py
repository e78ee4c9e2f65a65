"""Engine work in instructions: exact61 random self-play against `dominoes`, counted by valgrind.

``bench_engine.py`` measures time, and on a shared virtual machine the time an
instruction takes moves between runs (its ``dominoes`` figure alone has gone from 71k to
106k tiles a second between two runs here), so a change of a few percent is lost in it.
The instructions a workload executes do not move: this counts them with valgrind
(``callgrind``, no cache simulation) for the same two workloads as ``bench_engine``'s
``dominoes`` and ``match`` measurements (its own functions), each run twice (with and
without the work) so that the interpreter's start and the imports cancel out, and prints
instructions per placed tile and their ratio. It is a companion to the time targets, not
one of them: use it to see what a change to the engine saves, before and after.

Run: ``python benchmarks/bench_instructions.py [--matches 100] [--games 1000]``
(about a minute; needs ``valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent

#: The two workloads, as bench_engine measures them (its ``random_match`` and
#: ``dominoes_game``), for a count of matches or games given on the command line.
WORKLOAD = """
import random, sys
sys.path.insert(0, {benchmarks!r})
import bench_engine
count, tiles = int(sys.argv[1]), 0
if sys.argv[2] == "exact61":
    rng = random.Random(1)
    for n in range(count):
        tiles += bench_engine.random_match(n, rng)[1]
else:
    random.seed(1)
    for _ in range(count):
        tiles += bench_engine.dominoes_game()
print(tiles)
"""


def instructions(script: Path, count: int, side: str) -> tuple[int, int]:
    """(instructions executed, tiles placed) of ``side``'s workload for ``count`` matches."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            str(script),
            str(count),
            side,
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dictionaries in every run
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind did not report a count:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.strip() or 0)


def per_tile(script: Path, count: int, side: str) -> tuple[float, int]:
    """Instructions per placed tile of ``count`` matches, less the run with none."""
    base, _ = instructions(script, 0, side)
    total, tiles = instructions(script, count, side)
    return (total - base) / tiles, tiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="exact61 matches")
    parser.add_argument("--games", type=int, default=1000, help="dominoes games")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        script = Path(tmp) / "workload.py"
        script.write_text(WORKLOAD.format(benchmarks=str(BENCHMARKS)), "utf-8")
        dominoes_cost, dominoes_tiles = per_tile(script, args.games, "dominoes")
        exact61_cost, exact61_tiles = per_tile(script, args.matches, "exact61")
    print("instructions per placed tile (valgrind), start-up subtracted:")
    print(f"  dominoes random self-play      {dominoes_cost:9,.0f}  ({dominoes_tiles:,} tiles)")
    print(f"  exact61 Match random self-play {exact61_cost:9,.0f}  ({exact61_tiles:,} tiles)")
    ratio = dominoes_cost / exact61_cost
    print(f"exact61 places a tile in {ratio:.2f}x fewer instructions than dominoes")


if __name__ == "__main__":
    main()
