"""The code and the documents cite only files that are in the repository.

A path that starts at one of the repository's folders (``exact61_widgets/engine/match.py``,
``docs/legend.svg``) or inside the package (``engine/match.py``, ``widgets/board.py``)
must name a file or folder that exists; ``NAME`` stands for any notebook or module.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "exact61_widgets"
TOP = ("exact61_widgets", "tests", "benchmarks", "scripts", "docs", "lite", "tutorials", ".ci")
INSIDE = tuple(p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_"))
#: A path from the repository's root, or from the package's root.
ROOTS = "|".join(re.escape(t) for t in TOP + INSIDE)
CITED = re.compile(rf"(?<![\w/.-])((?:{ROOTS})/[\w./-]*\w)")
SKIP = {
    ".venv",
    "node_modules",
    ".lite-cache",
    "_site",
    "build",
    ".git",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    "__pycache__",
    ".ipynb_checkpoints",
}
SUFFIXES = {".py", ".md", ".toml", ".cfg", ".js", ".mjs", ".css", ".po", ".txt"}


def sources() -> list[Path]:
    """Every text file of the code and the documents (the tests' own fixtures aside)."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP and not (folder == str(ROOT) and d == "tests")]
        found += [
            Path(folder, name)
            for name in files
            if Path(name).suffix in SUFFIXES or name in ("Makefile", "run")
        ]
    return sorted(found)


def cited(text: str) -> set[str]:
    """The repository paths a text names, placeholders (``NAME``) and patterns left out."""
    return {
        m.group(1).rstrip(".")
        for m in CITED.finditer(text)
        if "NAME" not in m.group(1) and not any(c in m.group(1) for c in "*{<")
    }


#: Files the wheel carries inside the package from elsewhere in the repository (pyproject.toml's
#: ``force-include``: the rules pages, the tutorials): a wheel path -> the repository's file.
WHEEL_COPIES = {
    target: source
    for source, target in tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"][
        "hatch"
    ]["build"]["targets"]["wheel"]["force-include"].items()
}


def exists(path: str) -> bool:
    if (ROOT / path).exists() or (PACKAGE / path).exists():
        return True
    for target, source in WHEEL_COPIES.items():  # a path inside a copy the wheel carries
        if path == target or path.startswith(target + "/"):
            return (ROOT / source / path.removeprefix(target).lstrip("/")).exists()
    wheel_data = {t.rsplit("/", 1)[0] for t in WHEEL_COPIES}
    return any(t == path or t.startswith(path + "/") for t in wheel_data)


def test_the_scan_finds_citations_and_would_see_a_missing_one() -> None:
    readme = cited((ROOT / "README.md").read_text("utf-8"))
    assert "tutorials/00_start_here.ipynb" in readme and all(exists(p) for p in readme)
    assert cited("see engine/nothing_here.py and docs/gone.svg") == {
        "engine/nothing_here.py",
        "docs/gone.svg",
    }
    assert not exists("engine/nothing_here.py")


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_file_exists(path: Path) -> None:
    missing = sorted(p for p in cited(path.read_text("utf-8", errors="replace")) if not exists(p))
    assert not missing, f"{path.relative_to(ROOT)} cites {', '.join(missing)}"
