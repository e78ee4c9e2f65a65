"""Building every notebook with svgwrite pictures, beside the string builder they replaced.

Issue 24 asks that building all the notebooks (``authoring/build.py``: every tutorial in
both languages, executed) be not more than 10 % slower with pictures built by svgwrite
than with the old string builder. This times exactly that: the commit where svgwrite's
pictures landed (``--new``, default the merge of branch ``svg``) against its first
parent (``--old``), each checked out in a temporary ``git worktree`` and built with its
own ``authoring/build.py`` and its own package (``PYTHONPATH`` points at the tree, ahead
of the editable install), in this same virtual environment. The builds take turns,
old, new, old, new … (``--rounds`` pairs), so drifting load on the machine hits both
alike; the load average is printed before and after each build. The worktrees are
removed at the end, whatever happens.

Run: ``python benchmarks/bench_build.py [--rounds 2] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The merge that made every picture an svgwrite Drawing (issue 24).
SVGWRITE_MERGE = "3455172"
#: Issue 24: building all the notebooks is not more than 10 % slower.
LIMIT = 1.10


def git(*args: str, cwd: Path = ROOT) -> str:
    """The output of one git command in the repository (raises on failure)."""
    done = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def build(tree: Path, jobs: int) -> float:
    """Wall seconds of ``authoring/build.py`` (all notebooks, executed) in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    check = [sys.executable, "-c", "import exact61_widgets; print(exact61_widgets.__file__)"]
    where = subprocess.run(check, env=env, cwd=tree, check=True, capture_output=True, text=True)
    if not where.stdout.strip().startswith(str(tree)):
        raise SystemExit(f"the package came from {where.stdout.strip()}, not from {tree}")
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "authoring/build.py", "--jobs", str(jobs)],
        env=env,
        cwd=tree,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--new", default=SVGWRITE_MERGE, help="the commit with svgwrite")
    parser.add_argument("--old", default=None, help="the peer (default: NEW's first parent)")
    parser.add_argument("--rounds", type=int, default=2, help="old/new pairs")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once")
    args = parser.parse_args()
    new = git("rev-parse", args.new)
    old = git("rev-parse", args.old or f"{new}^1")
    print(f"cores: {os.cpu_count()}; old {old[:10]} (string builder), new {new[:10]} (svgwrite)")
    times: dict[str, list[float]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        trees = {"old": Path(tmp) / "old", "new": Path(tmp) / "new"}
        try:
            for name, commit in (("old", old), ("new", new)):
                git("worktree", "add", "--detach", str(trees[name]), commit)
            for round_ in range(args.rounds):
                for name in ("old", "new"):
                    before = load()
                    seconds = build(trees[name], args.jobs)
                    times[name].append(seconds)
                    print(
                        f"round {round_ + 1} {name}: {seconds:6.1f} s "
                        f"(load before {before}, after {load()})",
                        flush=True,
                    )
        finally:
            for tree in trees.values():
                if tree.exists():
                    git("worktree", "remove", "--force", str(tree))
            git("worktree", "prune")
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    ratio = medians["new"] / medians["old"]
    verdict = "met" if ratio <= LIMIT else "NOT met"
    print(f"median old {medians['old']:.1f} s, new {medians['new']:.1f} s")
    print(f"new / old = {ratio:.3f} (<= {LIMIT:.2f}: {verdict})")


if __name__ == "__main__":
    main()
