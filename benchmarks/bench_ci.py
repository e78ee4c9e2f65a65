"""Where ``make test`` spends its time: the whole run, each part, the slowest test files.

``make test`` is the README's test command and CI's (``.ci/run``). This runs the same commands
(read from ``make -n test``, so the two cannot drift apart): first the set-up (the virtual
environment, Debian's Chromium, the JupyterLite tools), then each pytest command with a JUnit
report, and prints the seconds of each part, the total, and the slowest test files with the
worker that ran them (a part on two workers is as slow as its busier worker).

    .venv/bin/python benchmarks/bench_ci.py [--clone] [--top N] [--json]

``--clone`` times it in a fresh clone of this checkout's HEAD in a temporary folder, with no
virtual environment yet, as CI runs it (installs included). The target is 12 minutes on the
two-core machine, installs included.
"""

from __future__ import annotations

import argparse
import json
import resource
import shlex
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The target for the whole ``make test``, installs included, in seconds.
TARGET = 12 * 60


def test_commands(repo: Path) -> tuple[list[str], list[str]]:
    """The set-up targets and the pytest command lines ``make test`` runs, in order."""
    printed = subprocess.run(
        ["make", "-n", "-s", "test"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout
    commands = [line for line in printed.splitlines() if " -m pytest " in line]
    if not commands:
        raise SystemExit("make -n test printed no pytest command")
    prerequisites = subprocess.run(
        ["make", "-p", "-n", "-s", "test"], cwd=repo, capture_output=True, text=True, check=True
    ).stdout
    setup: list[str] = []
    for line in prerequisites.splitlines():
        if line.startswith("test:"):
            setup = line.split(":", 1)[1].split()
    return setup, commands


@dataclass
class Part:
    """One command of ``make test``: what it ran, its wall seconds and its exit status.

    ``cpu`` is the CPU seconds (user and system) of the processes it ran and waited for,
    the workers and their kernels and browsers included: on a machine other work shares,
    the wall time grows with that work, the CPU time much less.
    """

    command: str
    seconds: float
    status: int
    cpu: float = 0.0


@dataclass
class Result:
    """The whole run: its parts in order, and the slowest test files with their seconds."""

    parts: list[Part]
    slowest_files: list[tuple[str, float]]

    @property
    def total(self) -> float:
        """Wall seconds of the whole ``make test``."""
        return sum(part.seconds for part in self.parts)

    def text(self) -> str:
        """The result as a table for a terminal."""
        lines = [f"{'seconds':>8}  {'cpu s':>8}  part"]
        lines += [
            f"{p.seconds:8.0f}  {p.cpu:8.0f}  {p.command} (exit {p.status})" for p in self.parts
        ]
        cpu = sum(p.cpu for p in self.parts)
        lines.append(f"{self.total:8.0f}  {cpu:8.0f}  in all (target {TARGET} s)")
        lines.append(f"\n{'seconds':>8}  slowest test files (the sum of their tests' times)")
        lines += [f"{seconds:8.0f}  {name}" for name, seconds in self.slowest_files]
        return "\n".join(lines)


def run_part(repo: Path, command: str) -> Part:
    """Run one command line (as ``make`` would, through the shell) in ``repo``; its wall and
    CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(["bash", "-c", command], cwd=repo, check=False)
    seconds = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Part(command, seconds, done.returncode, cpu)


def file_times(report: Path) -> dict[str, float]:
    """Wall seconds per test file from a JUnit report (the sum of its tests' times)."""
    times: dict[str, float] = defaultdict(float)
    for case in ET.parse(report).getroot().iter("testcase"):
        times[case.get("file") or _file_of(case.get("classname", ""))] += float(
            case.get("time", "0")
        )
    return dict(times)


def _file_of(classname: str) -> str:
    """A JUnit class name's file: ``tests.test_x`` a module, ``tutorials.n.ipynb`` a notebook."""
    if classname.endswith(".ipynb"):
        return classname.removesuffix(".ipynb").replace(".", "/") + ".ipynb"
    return classname.replace(".", "/") + ".py"


def measure(repo: Path, top: int) -> Result:
    """Run ``make test``'s parts in ``repo`` and collect their times."""
    setup, commands = test_commands(repo)
    parts = [run_part(repo, shlex.join(["make", *setup]))]
    times: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as reports:
        for number, line in enumerate(commands):
            report = Path(reports) / f"part{number}.xml"
            parts.append(run_part(repo, f"{line} --junitxml={shlex.quote(str(report))}"))
            if report.exists():
                times.update(file_times(report))
    ranked = sorted(times.items(), key=lambda item: -item[1])[:top]
    return Result(parts, ranked)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clone", action="store_true", help="time a fresh clone of HEAD")
    parser.add_argument("--top", type=int, default=15, help="how many slowest files to list")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        repo = ROOT
        if args.clone:
            repo = Path(folder) / "clone"
            subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True)
        result = measure(repo, args.top)
    if args.json:
        print(json.dumps({**asdict(result), "total": result.total, "target": TARGET}, indent=2))
    else:
        print("\n" + result.text())
    failed = any(part.status for part in result.parts)
    return 1 if failed or result.total > TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
