"""Engine work in instructions: exact61 random self-play against `dominoes`, counted by valgrind.

``bench_engine.py`` measures time, and on a shared virtual machine the time an
instruction takes moves between runs (its ``dominoes`` figure alone has gone from 71k to
106k tiles a second between two runs here), so a change of a few percent is lost in it.
The instructions a workload executes do not move: this counts them with valgrind
(``callgrind``, no cache simulation) for the same two workloads as ``bench_engine``'s
``dominoes`` and ``match`` measurements, each run twice (with and without the work) so
that the interpreter's start and the imports cancel out, and prints instructions per
placed tile and their ratio. It is a companion to the time targets, not one of them:
use it to see what a change to the engine saves, before and after.

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

#: Random self-play through the public Match API, as bench_engine's ``match`` measure.
EXACT61 = """
import random, sys
from exact61_widgets.engine.match import HAND_OVER, Match
rng, tiles = random.Random(1), 0
for n in range(int(sys.argv[1])):
    match = Match(2 + n % 3, seed=n)
    while not match.is_over:
        if match.status == HAND_OVER:
            match.deal()
        actions = match.legal_actions()
        action = actions[rng.randrange(len(actions))]
        match.push(action)
        tiles += action.kind == "play"
print(tiles)
"""
#: `dominoes` playing its own random games, as bench_engine's ``dominoes`` measure.
DOMINOES = """
import random, sys
import dominoes
random.seed(1)
tiles = 0
for _ in range(int(sys.argv[1])):
    game = dominoes.Game.new()
    while game.result is None:
        dominoes.players.random(game)
        game.make_move(*game.valid_moves[0])
        tiles += 1
print(tiles)
"""


def instructions(script: Path, count: int) -> tuple[int, int]:
    """(instructions executed, tiles placed) of ``script`` run for ``count`` matches."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            str(script),
            str(count),
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


def per_tile(script: Path, count: int) -> tuple[float, int]:
    """Instructions per placed tile of ``count`` matches, less the run with none."""
    base, _ = instructions(script, 0)
    total, tiles = instructions(script, count)
    return (total - base) / tiles, tiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="exact61 matches")
    parser.add_argument("--games", type=int, default=1000, help="dominoes games")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as tmp:
        ours, theirs = Path(tmp) / "exact61.py", Path(tmp) / "dominoes_games.py"
        ours.write_text(EXACT61, "utf-8")
        theirs.write_text(DOMINOES, "utf-8")
        dominoes_cost, dominoes_tiles = per_tile(theirs, args.games)
        exact61_cost, exact61_tiles = per_tile(ours, args.matches)
    print("instructions per placed tile (valgrind), start-up subtracted:")
    print(f"  dominoes random self-play      {dominoes_cost:9,.0f}  ({dominoes_tiles:,} tiles)")
    print(f"  exact61 Match random self-play {exact61_cost:9,.0f}  ({exact61_tiles:,} tiles)")
    ratio = dominoes_cost / exact61_cost
    print(f"exact61 places a tile in {ratio:.2f}x fewer instructions than dominoes")


if __name__ == "__main__":
    main()
