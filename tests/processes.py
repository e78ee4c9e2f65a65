"""The processes a test or benchmark started, read from Linux's ``/proc``: children, kernels.

``tests/test_make_serve.py`` and ``benchmarks/bench_classroom.py`` use it to check that a
server's kernels come and go as they should, and that nothing outlives a stop.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

#: The kernels a Jupyter server starts (ipykernel's launcher).
KERNEL = "ipykernel_launcher"


def parents() -> dict[int, int]:
    """Every live process id with its parent's (zombies left out)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                found[int(stat.parent.name)] = int(fields[1])
    return found


def descendants(pid: int) -> set[int]:
    """The processes ``pid`` started, their children and so on (kernels included)."""
    children: dict[int, list[int]] = {}
    for child, parent in parents().items():
        children.setdefault(parent, []).append(child)
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def command_line(pid: int) -> str:
    """A process's command line (empty once it is gone)."""
    with suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


def kernels(pid: int) -> set[int]:
    """The kernels among ``pid``'s descendants."""
    return {child for child in descendants(pid) if KERNEL in command_line(child)}


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (0 once it is gone)."""
    with suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0
