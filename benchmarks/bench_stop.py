"""Stopping is reliable: the make-serve tests, many times in a row, beside a CPU-bound load.

``tests/test_make_serve.py`` starts ``make lab`` and ``make classroom`` as the README gives
them, uses them (pages in Chromium, the classroom's kernels), stops each as Control-C in its
terminal would and requires every process it started, kernels included, to be gone within
10 s. A hang that happens one time in a few (as the one that made the server outlive
Control-C did) shows only over many runs, and more readily on a busy computer, so this runs
those tests ``--runs`` times (10 by default) one after another while ``--burners`` processes
(one per core by default) spin on the CPU, and reports each run's result and time.

    .venv/bin/python benchmarks/bench_stop.py [--runs N] [--burners K] [--json]

The exit status is 0 only if every run passed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = "tests/test_make_serve.py"


def burn(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one core busy with arithmetic until told to stop."""
    x = 0
    while not stop.is_set():
        for i in range(100_000):
            x = (x * 31 + i) % 1_000_003


def run_once() -> tuple[bool, float, str]:
    """One run of the make-serve tests: passed, wall seconds, pytest's last line."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TESTS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return done.returncode == 0, time.monotonic() - start, lines[-1] if lines else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs in a row (default 10)")
    parser.add_argument(
        "--burners", type=int, default=os.cpu_count() or 2, help="CPU-bound processes beside"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.burners < 0:
        parser.error("--runs must be at least 1 and --burners at least 0")
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=burn, args=(stop,)) for _ in range(args.burners)]
    for process in burners:
        process.start()
    results = []
    try:
        for index in range(args.runs):
            passed, seconds, last = run_once()
            results.append({"run": index + 1, "passed": passed, "seconds": round(seconds, 1)})
            if not args.json:
                verdict = "passed" if passed else "FAILED"
                print(f"run {index + 1:2d}/{args.runs}: {verdict} in {seconds:6.1f} s  {last}")
    finally:
        stop.set()
        for process in burners:
            process.join()
    failed = sum(not r["passed"] for r in results)
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"runs": results, "failed": failed, "burners": args.burners}))
    else:
        print(
            f"{args.runs - failed} of {args.runs} runs passed beside {args.burners} CPU-bound "
            f"processes (load average {load:.1f} at the end)"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
