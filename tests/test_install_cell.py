"""Every notebook's first code cell installs the package where it is missing, and only there.

authoring/build.py puts :data:`INSTALL_CELL` before each source's first code cell, in both
languages. Run as IPython runs it: where ``exact61_widgets`` is installed it does nothing
(no output, no ``%pip``); where it is missing (Colab, a new environment) it runs
``%pip install --quiet exact61_widgets`` once.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest
from IPython.core.inputtransformer2 import TransformerManager

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "authoring"))

import build as BUILD  # noqa: E402  (authoring/build.py, the notebooks' builder)

SOURCES = BUILD.sources()


@pytest.mark.parametrize("source", SOURCES, ids=[s.name for s in SOURCES])
def test_the_first_code_cell_of_every_notebook_is_the_install_cell(source: Any) -> None:
    for lang in source.languages:
        cells = BUILD.notebook(source, lang)["cells"]
        code = [c for c in cells if c["cell_type"] == "code"]
        assert code[0]["source"] == BUILD.INSTALL_CELL
        assert code[0]["id"] == f"{source.name}-install"[:64] and code[0]["metadata"] == {}
        assert sum(c["source"] == BUILD.INSTALL_CELL for c in cells) == 1
        ids = [c["id"] for c in cells]
        assert len(set(ids)) == len(ids)


class Shell:
    """The one thing the cell asks of IPython: ``run_line_magic``, recorded."""

    def __init__(self) -> None:
        self.magics: list[tuple[str, str]] = []

    def run_line_magic(self, name: str, line: str) -> None:
        self.magics.append((name, line))


def run_cell(monkeypatch: pytest.MonkeyPatch, installed: bool) -> list[tuple[str, str]]:
    """The install cell as IPython runs it (its magics turned into calls); the magics called."""
    code = TransformerManager().transform_cell(BUILD.INSTALL_CELL)
    shell = Shell()
    if not installed:
        real = importlib.util.find_spec
        monkeypatch.setattr(
            importlib.util,
            "find_spec",
            lambda name, *a: None if name == "exact61_widgets" else real(name, *a),
        )
    exec(compile(code, "install-cell", "exec"), {"get_ipython": lambda: shell})
    return shell.magics


def test_where_the_package_is_installed_the_cell_does_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cell(monkeypatch, installed=True) == []
    assert capsys.readouterr() == ("", "")


def test_where_it_is_missing_the_cell_installs_it_with_pip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run_cell(monkeypatch, installed=False) == [("pip", "install --quiet exact61_widgets")]
