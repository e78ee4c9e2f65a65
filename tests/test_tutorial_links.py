"""The tutorials' links all land, and the start pages index every rule and decision.

A learner follows ``[04 §4.7](04_scoring_ends.ipynb#every-double-spins)`` from the
index: the notebook must exist and hold ``<a id="every-double-spins">``. Both start
pages (English and Russian) must list every rule ``R1.1 … R10.1`` and decision
``D1 … D10`` of ``RULES.md`` with at least one link.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))
LINK = re.compile(r"\]\(([\w.-]+\.ipynb)(?:#([\w-]+))?\)")
ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')


def markdown(path: Path) -> str:
    """All markdown cell text of a notebook."""
    cells = json.loads(path.read_text("utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


ANCHORS = {path.name: set(ANCHOR.findall(markdown(path))) for path in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_link_to_a_tutorial_lands_on_a_notebook_and_an_anchor(path: Path) -> None:
    broken = [
        f"{name}#{anchor}"
        for name, anchor in LINK.findall(markdown(path))
        if name not in ANCHORS or (anchor and anchor not in ANCHORS[name])
    ]
    assert not broken, f"{path.name}: {broken}"


@pytest.mark.parametrize("start", ["00_start_here.ipynb", "00_start_here_ru.ipynb"])
def test_the_start_page_indexes_every_rule_and_decision_with_a_link(
    start: str, rules_text: str
) -> None:
    numbers = re.findall(r"^- (R\d+\.\d+|D\d+)\b", rules_text, re.M)
    assert len(numbers) > 40
    rows = {
        m.group(1): m.group(2)
        for m in re.finditer(
            r"^\| \*\*(R\d+\.\d+|D\d+)\*\* \|(.*)$", markdown(TUTORIALS / start), re.M
        )
    }
    missing = [n for n in numbers if n not in rows]
    unlinked = [n for n, row in rows.items() if not LINK.search(row)]
    assert not missing and not unlinked, (missing, unlinked)
