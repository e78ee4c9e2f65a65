"""Yesterday's engine as a named peer in the same run: the package at a git commit, importable.

A benchmark that asks whether a change made the engine slower measures both engines in
one process, in alternating turns, so that the machine's load hits them alike.
:func:`load_peer` takes the package as it stood at ``ref`` out of this clone (``git
archive``), renames it ``exact61_peer`` (every ``exact61_widgets`` in its Python files)
into a temporary directory put on ``sys.path``, and imports it under that name beside
the working tree's ``exact61_widgets``. :func:`load_now` copies the working tree's
package the same way, as ``exact61_now``: the two sides of a comparison are then loaded,
warmed and measured alike (the installed package has done the benchmark's other work
by then, which would tilt the comparison by a few per cent).

:data:`BEFORE_KERNEL` is the last commit before the fast loops were driven by the one
join kernel (issue 35): the benchmarks' default peer, so that the figures keep saying
what that change cost.
"""

from __future__ import annotations

import atexit
import importlib
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType

#: The last commit whose playout loop and solver wrote the join out again on local variables.
BEFORE_KERNEL = "e9d14f1"
#: The name the peer's package is imported under.
PEER = "exact61_peer"
#: The name the working tree's copy is imported under.
NOW = "exact61_now"
ROOT = Path(__file__).resolve().parent.parent


def _renamed(tmp: Path, name: str) -> None:
    """``tmp/exact61_widgets`` renamed ``name``, inside too, and importable."""
    if name in sys.modules:
        raise ValueError(f"{name} is loaded already: {sys.modules[name].__file__}")
    package = tmp / name
    (tmp / "exact61_widgets").rename(package)
    for source in package.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(text.replace("exact61_widgets", name), encoding="utf-8")
    sys.path.insert(0, str(tmp))


def _tmp() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="exact61-peer-"))
    atexit.register(shutil.rmtree, tmp, True)
    return tmp


def load_peer(ref: str = BEFORE_KERNEL) -> str:
    """Make the package at commit ``ref`` importable as :data:`PEER`; return ``ref``'s short name.

    Raises ``ValueError`` with git's message when ``ref`` is not a commit of this clone.
    """
    run = subprocess.run(
        ["git", "archive", "--format=tar", ref, "exact61_widgets"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if run.returncode:
        raise ValueError(f"no peer at {ref!r}: {run.stderr.decode().strip()}")
    tmp = _tmp()
    with tarfile.open(fileobj=io.BytesIO(run.stdout)) as tar:
        tar.extractall(tmp, filter="data")
    _renamed(tmp, PEER)
    short = subprocess.run(
        ["git", "rev-parse", "--short", ref], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return short.stdout.strip()


def load_now() -> None:
    """Make the working tree's package, as it is now, importable as :data:`NOW`."""
    tmp = _tmp()
    shutil.copytree(
        ROOT / "exact61_widgets",
        tmp / "exact61_widgets",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    _renamed(tmp, NOW)


def peer_module(name: str, package: str = PEER) -> ModuleType:
    """The peer's module ``name`` (dotted, under the package: ``engine.playout``), or that of
    ``package`` (:data:`NOW`: the working tree's copy)."""
    return importlib.import_module(f"{package}.{name}")
