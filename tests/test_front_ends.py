"""docs/front-ends.md: what it says is tested here is tested here, and nothing else is claimed.

Each row of its table names a front end, its status and how that is known. A row "tested here"
must cite test files that exist and that open that front end; the other rows must say they are
not tested here and rest on anywidget's support (the widgets are anywidget widgets).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "front-ends.md").read_text("utf-8")
ROW = re.compile(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", re.M)
#: What a test file must mention to show it opens the front end (lower case).
SIGNS = {
    "JupyterLab 4": "lab",
    "Jupyter Notebook 7": "notebook",
    "JupyterLite": "lite",
    "Voila": "voila",
}


def rows() -> list[tuple[str, str, str]]:
    table = PAGE.split("<!-- front-ends:", 1)[1]
    return [r for r in ROW.findall(table) if r[0] not in ("front end", "---")]


def test_the_page_covers_the_front_ends_of_the_issue() -> None:
    names = " ".join(name for name, _, _ in rows())
    for front_end in ("JupyterLab 4", "Notebook 7", "JupyterLite", "VS Code", "Colab", "Voila"):
        assert front_end in names


def test_what_is_tested_here_is_tested_by_the_files_it_cites() -> None:
    tested = [(name, how) for name, status, how in rows() if status == "tested here"]
    assert len(tested) == 4
    for name, how in tested:
        files = re.findall(r"`(tests/[\w/]+\.py)", how)
        assert files, name
        sign = next(v for k, v in SIGNS.items() if name.startswith(k))
        for file in files:
            text = (ROOT / file).read_text("utf-8").lower()
            assert sign in text, (name, file)
    front_ends = re.search(
        r"FRONT_ENDS = \(([^)]*)\)", (ROOT / "tests/browser/conftest.py").read_text()
    )
    assert front_ends and {"lab", "notebook"} <= set(re.findall(r'"(\w+)"', front_ends.group(1)))


def test_the_others_say_they_rest_on_anywidget_s_support() -> None:
    others = [(name, status, how) for name, status, how in rows() if status != "tested here"]
    assert {name.split(" (")[0] for name, _, _ in others} == {"VS Code", "Google Colab"}
    for _, status, how in others:
        assert status == "from anywidget's support" and how.startswith("not tested here")
    board = (ROOT / "exact61_widgets" / "widgets" / "board.py").read_text("utf-8")
    assert "class Board(" in board and "anywidget.AnyWidget" in board
