"""No test and no build step reads a file outside the repository: a pytest plugin that fails
the test during which any Python process of the session opened one.

A clone of this repository must pass its tests wherever it lies, with nothing beside it, so
every fixture lives in the repository (``tests/data/``). This plugin adds an audit hook to the
test process and, through ``tests/guard/sitecustomize.py`` on ``PYTHONPATH``, to every Python
process the tests start (servers, kernels, scripts). Allowed: the repository, the Python
installations (the virtual environment, the interpreter it was made from), the temporary
folder, the system's folders and the per-user caches and settings of the tools (Jupyter,
Matplotlib, npm …). Anything else opened is reported as an error of the test that was running,
with the paths.

``tests/conftest.py`` loads it; the notebooks' run loads it with ``-p outside``.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUARD = Path(__file__).resolve().parent / "guard"
#: The system's folders, which any program reads.
SYSTEM = (
    "/usr",
    "/etc",
    "/opt",
    "/proc",
    "/sys",
    "/dev",
    "/lib",
    "/lib64",
    "/bin",
    "/sbin",
    "/var",
    "/run",
)
#: Per-user folders where tools keep caches and settings (Jupyter, IPython, Matplotlib, npm).
USER = (".cache", ".config", ".local", ".ipython", ".jupyter", ".matplotlib", ".npm", ".pyenv")


def allowed() -> list[str]:
    """The folders a test may read from."""
    home = Path.home()
    return [
        str(ROOT),
        tempfile.gettempdir(),
        *SYSTEM,
        *(str(home / name) for name in USER),
    ]


def _log_name() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def pytest_configure(config: pytest.Config) -> None:
    """Point this process's reports at a log of its own and add the hook to it."""
    folder = Path(tempfile.mkdtemp(prefix="e61-outside-"))
    log = folder / f"{_log_name()}.log"
    log.touch()
    config.stash[LOG] = log
    os.environ["E61_OUTSIDE_ALLOW"] = os.pathsep.join(allowed())
    os.environ["E61_OUTSIDE_LOG"] = str(log)
    paths = [str(GUARD), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    if str(GUARD) not in sys.path:
        sys.path.insert(0, str(GUARD))
    importlib.import_module("sitecustomize").install()


LOG = pytest.StashKey[Path]()


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove this process's log folder from the temporary folder: nothing is left behind."""
    log = config.stash.get(LOG, None)
    if log is not None:
        shutil.rmtree(log.parent, ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    """After a test's teardown, fail it if anything was opened outside since the last test."""
    result = yield
    log = item.config.stash[LOG]
    text = log.read_text("utf-8")
    if text:
        log.write_text("", "utf-8")
        raise AssertionError(
            "a file outside the repository was opened (carry it under tests/data/):\n" + text
        )
    return result
