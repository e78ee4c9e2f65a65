"""Time the whole notebook suite under strict nbval, as ``make test`` runs it (target: < 60 s).

The notebooks and nbval's options are read from the Makefile's ``NBVAL`` line, so this
times what the test suite runs: every tutorial in both languages, here by themselves on two
workers, one notebook to a worker at a time (``make test`` runs them with the rest of the
suite on the same two workers). ``--serial`` also times
the same notebooks in one process (plain nbval, the peer) in the same run and prints the
ratio. The machine's load average is printed before and after, since other work on the
two cores changes the wall time.

    .venv/bin/python benchmarks/bench_notebooks.py [--serial] [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 60.0


#: Two workers, each notebook's cells to one of them.
WORKERS = ["-n", "2", "--dist", "loadfile"]


def nbval_args() -> list[str]:
    """The Makefile's ``NBVAL :=`` line (the notebooks and nbval's options) on two workers."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^NBVAL :=(.*)$", text, re.MULTILINE)
    if found is None:
        raise SystemExit("the Makefile has no 'NBVAL :=' line")
    return [*shlex.split(found.group(1)), *WORKERS]


def serial(args: list[str]) -> list[str]:
    """The same run in one process: without the xdist options."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-n", "--dist"):
            skip = True
            continue
        out.append(arg)
    return out


def run(args: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds of the children, and pytest's summary line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    summary = lines[-1] if lines else done.stderr.strip().splitlines()[-1]
    if done.returncode != 0:
        raise SystemExit(f"the notebooks failed: {summary}")
    return wall, cpu, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--serial", action="store_true", help="also time plain nbval in one process, the peer"
    )
    parser.add_argument("--rounds", type=int, default=1, help="runs of each (median is shown)")
    options = parser.parse_args()
    args = nbval_args()
    print(
        f"cores: {os.cpu_count()}; load average before: "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"pytest {' '.join(args)}")
    walls: list[float] = []
    peer: list[float] = []
    for _ in range(options.rounds):
        wall, cpu, summary = run(args)
        walls.append(wall)
        print(f"  two workers: {wall:6.1f} s wall, {cpu:6.1f} s CPU  ({summary})")
        if options.serial:
            wall, cpu, summary = run(serial(args))
            peer.append(wall)
            print(f"  one process: {wall:6.1f} s wall, {cpu:6.1f} s CPU  ({summary})")
    median = statistics.median(walls)
    verdict = "met" if median < TARGET_S else "NOT met"
    print(f"median {median:.1f} s; target < {TARGET_S:.0f} s on two cores: {verdict}")
    if peer:
        print(f"one process / two workers: {statistics.median(peer) / median:.2f}x")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
