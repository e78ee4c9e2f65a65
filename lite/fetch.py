"""Bring what the offline site is made of from the package registries, into a cache.

Three sources, each through its ordinary client: the Pyodide core from the npm
registry's ``pyodide`` package (``npm install``), the pure-Python wheels the
browser runs from PyPI (``pip download``, pinned in ``browser-requirements.txt``),
and this package's own wheel built from the working tree (``pip wheel``). Downloads
are kept under a folder named by what was asked for, so a second build reuses them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

#: The files of the npm ``pyodide`` package that the browser loads (no consoles or typings).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


class FetchError(RuntimeError):
    """A registry did not give what the site needs; the message says which and why."""


def _run(args: list[str], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        raise FetchError(f"{what} failed ({' '.join(args)}):\n{done.stdout}{done.stderr}")


def staging_for(folder: Path) -> Path:
    """A new empty folder beside ``folder``, this process's own, to fill and then publish."""
    staging = folder.with_name(f"{folder.name}.partial-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    return staging


def publish(staging: Path, folder: Path) -> Path:
    """Move the complete ``staging`` to ``folder`` in one step; ``folder``.

    If another build published ``folder`` meanwhile, that one is kept: the cache
    holds the same content under the same name.
    """
    try:
        staging.rename(folder)
    except OSError:
        if not folder.is_dir():
            raise
        shutil.rmtree(staging, ignore_errors=True)
    return folder


def pyodide_core(version: str, cache: Path) -> Path:
    """The folder holding the Pyodide core ``version`` from the npm registry."""
    folder = cache / f"pyodide-{version}"
    if (folder / "pyodide-lock.json").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError("npm is needed to fetch the Pyodide core (Debian: apt-get install npm)")
    staging = staging_for(folder)
    _run(
        [
            npm,
            "install",
            "--prefix",
            str(staging / "npm"),
            "--no-package-lock",
            "--no-save",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
            "--omit=optional",
            "--loglevel=error",
            f"pyodide@{version}",
        ],
        f"npm install pyodide@{version}",
    )
    package = staging / "npm" / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (package / name).is_file()]
    if missing:
        raise FetchError(f"the npm package pyodide@{version} lacks {', '.join(missing)}")
    core = staging_for(folder.with_name(folder.name + "-core"))
    for name in PYODIDE_FILES:
        shutil.copy2(package / name, core / name)
    shutil.rmtree(staging)
    return publish(core, folder)


def browser_wheels(requirements: Path, python: str, cache: Path) -> list[Path]:
    """The pinned pure-Python wheels of ``requirements`` for Pyodide's Python ``python``.

    Only ``py3-none-any``-style wheels are accepted (``--platform any --abi none``):
    that is all a browser can install without Pyodide's own compiled builds.
    """
    text = requirements.read_bytes()
    key = hashlib.sha256(text + python.encode()).hexdigest()[:16]
    folder = cache / f"wheels-{key}"
    if (folder / ".complete").is_file():
        return sorted(folder.glob("*.whl"))
    staging = staging_for(folder)
    minor = ".".join(python.split(".")[:2])
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--abi",
            "none",
            "--implementation",
            "py",
            "--python-version",
            minor,
            "--dest",
            str(staging),
            "--requirement",
            str(requirements),
        ],
        "pip download of the browser's wheels",
    )
    (staging / ".complete").write_text(requirements.read_text("utf-8"), "utf-8")
    return sorted(publish(staging, folder).glob("*.whl"))


def package_wheel(project: Path, target: Path) -> Path:
    """Build this project's wheel from ``project`` into the empty folder ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--wheel-dir",
            str(target),
            str(project),
        ],
        "building the exact61_widgets wheel",
    )
    found = sorted(target.glob("exact61_widgets-*-py3-none-any.whl"))
    if len(found) != 1:
        raise FetchError(f"expected one exact61_widgets wheel in {target}, found {found}")
    return found[0]
