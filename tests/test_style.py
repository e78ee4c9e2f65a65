"""The code style the project promises: ruff clean, ruff formatted, mypy --strict clean at 3.10.

The commands are the ones ``make check`` runs; the tools are pinned in pyproject.toml, so a
new release cannot change what these tests find.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib


ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_would_change_nothing() -> None:
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing_at_the_floor_python() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    floor = config["project"]["requires-python"].removeprefix(">=")
    assert config["tool"]["mypy"]["python_version"] == floor
    assert config["tool"]["mypy"]["strict"] is True
    result = run("mypy", "exact61_widgets")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_tools_are_pinned_and_the_version_is_written_once() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    pins = [
        d
        for d in config["project"]["optional-dependencies"]["test"]
        if d.startswith(("ruff", "mypy"))
    ]
    assert sorted(p.split("==")[0] for p in pins if "==" in p) == ["mypy", "ruff"]
    assert "version" not in config["project"] and "version" in config["project"]["dynamic"]
    assert config["tool"]["hatch"]["version"]["path"] == "exact61_widgets/__init__.py"
