"""Tests that pass every time: a suite run many times in a row beside a CPU-bound load.

A failure that happens one time in a few (a server that outlived Control-C, a front end that
replaced its kernel, a widget whose module loaded late) shows only over many runs, and more
readily on a busy computer. So this runs one suite ``--runs`` times (10 by default) one after
another while ``--burners`` processes (one per core by default) spin on the CPU, and reports
each run's result and time. The suites (``--suite``):

* ``make-serve`` (the default): ``tests/test_make_serve.py`` starts ``make lab`` and ``make
  classroom`` as the README gives them, uses them, stops each as Control-C in its terminal
  would and requires every process it started, kernels included, to be gone within 10 s;
* ``browser``: every real-browser test (``tests/browser``), on two workers as ``make test``
  runs them, the load test left out;
* ``load``: the classroom's load test (16 learners at once), by itself as ``make test`` runs it.

    .venv/bin/python benchmarks/bench_stop.py [--suite NAME] [--runs N] [--burners K] [--json]
        [--only FILE ...]

``--only`` repeats just these test files with the suite's options (for example the browser
modules a change touched: ``--suite browser --only tests/browser/test_classroom_voila.py``).

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
#: The pytest arguments of each suite.
SUITES = {
    "make-serve": ["tests/test_make_serve.py"],
    "browser": ["tests/browser", "-n", "2", "--dist", "loadgroup", "-m", "not alone"],
    "load": ["tests", "-m", "alone"],
}


def burn(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one core busy with arithmetic until told to stop."""
    x = 0
    while not stop.is_set():
        for i in range(100_000):
            x = (x * 31 + i) % 1_000_003


def run_once(suite: list[str]) -> tuple[bool, float, str]:
    """One run of a suite: passed, wall seconds, pytest's last line."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *suite],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return done.returncode == 0, time.monotonic() - start, lines[-1] if lines else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--suite", choices=sorted(SUITES), default="make-serve", help="the tests to repeat"
    )
    parser.add_argument("--runs", type=int, default=10, help="runs in a row (default 10)")
    parser.add_argument(
        "--burners", type=int, default=os.cpu_count() or 2, help="CPU-bound processes beside"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--only", nargs="+", metavar="FILE", help="these test files instead of the suite's own"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.burners < 0:
        parser.error("--runs must be at least 1 and --burners at least 0")
    suite = SUITES[args.suite]
    if args.only:
        missing = [f for f in args.only if not (ROOT / f).is_file()]
        if missing:
            parser.error(f"no test file {missing[0]}")
        suite = [*args.only, *suite[1:]]
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=burn, args=(stop,)) for _ in range(args.burners)]
    for process in burners:
        process.start()
    results = []
    try:
        for index in range(args.runs):
            passed, seconds, last = run_once(suite)
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
        print(
            json.dumps(
                {"suite": args.suite, "runs": results, "failed": failed, "burners": args.burners}
            )
        )
    else:
        print(
            f"{args.suite}: {args.runs - failed} of {args.runs} runs passed beside "
            f"{args.burners} CPU-bound processes (load average {load:.1f} at the end)"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
