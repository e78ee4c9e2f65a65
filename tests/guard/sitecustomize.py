"""Records every file a Python process opens outside the allowed folders (``tests/outside.py``).

The test session puts this folder on ``PYTHONPATH`` and sets ``E61_OUTSIDE_ALLOW`` (the allowed
folders) and ``E61_OUTSIDE_LOG`` (the file to report to), so that every Python process a test
starts — a Jupyter server, a kernel, a build script, the CLI — reports the files it opens
outside the repository, the virtual environment and the system's folders. Without those
variables it does nothing.
"""

from __future__ import annotations

import os
import sys

_installed = False


def install() -> None:
    """Add the audit hook once (a process can never remove one, so it reads the log's name from
    the environment at each report: a test process may point its own at a log of its own)."""
    global _installed
    allow = os.environ.get("E61_OUTSIDE_ALLOW")
    if _installed or not allow or not os.environ.get("E61_OUTSIDE_LOG"):
        return
    _installed = True
    roots = tuple(
        os.path.join(os.path.realpath(p), "")
        for p in (*allow.split(os.pathsep), sys.prefix, sys.base_prefix, sys.exec_prefix)
        if p
    )
    seen: set[str] = set()

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event != "open":
            return
        path = args[0]
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str) or path in seen:
            return
        seen.add(path)
        full = os.path.realpath(path)
        if os.path.join(full, "").startswith(roots) or not os.path.exists(full):
            return  # allowed, or nothing there to read (a test of a missing file's error)
        log = os.environ.get("E61_OUTSIDE_LOG")
        if log:
            try:
                with open(log, "a", encoding="utf-8") as out:
                    out.write(f"{os.getpid()} {sys.argv[:2]}\t{path}\n")
            except FileNotFoundError:
                pass  # the test run is over and removed its log: no test is left to fail

    sys.addaudithook(hook)


install()
