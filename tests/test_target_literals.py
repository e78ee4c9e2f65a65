"""The target's numbers (61 points, 305 raw) are written in ``engine/scoring.py`` alone.

Messages name the target through ``scoring.TARGET_PARAMS`` (``{target}``, ``{target_raw}``);
code uses ``TARGET`` / ``TARGET_POINTS``. The documented exceptions are the game's name
(``Exact 61``, ``exact61``, ``exact-61``), and the places listed in :data:`ALLOWED`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "exact61_widgets"
#: A number 61 or 305 standing alone (not part of a longer number, a name or an id).
NUMBER = re.compile(r"(?<![\w\-.])(61|305)(?![\w\-])")
#: The game's own name and the ids made from it.
NAME = re.compile(r"Exact 61|Exact61|exact61|exact-61|EXACT_61")
#: Modules that may hold the numbers, and why.
ALLOWED = {
    "engine/scoring.py": "defines the target",
    "puzzles/mine.py": "the default seed of the shipped puzzle set is 61 (not the target)",
}


def _literals(path: Path) -> list[str]:
    """Where a string or a number in ``path`` holds the target's numbers."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Constant) or isinstance(node.value, bool):
            continue
        value = node.value
        if isinstance(value, int) and value in (61, 305):
            found.append(f"{node.lineno}: {value}")
        elif isinstance(value, str) and NUMBER.search(NAME.sub("", value)):
            found.append(f"{node.lineno}: {value[:60]!r}")
    return found


def _docstrings(path: Path) -> set[int]:
    """Line numbers of the docstrings in ``path`` (they may speak of 61 as the rules do)."""
    lines = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                lines.add(body[0].value.lineno)
    return lines


def test_messages_and_code_name_the_target_through_scoring() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in ALLOWED:
            continue
        docs = _docstrings(path)
        found += [f"{name}:{hit}" for hit in _literals(path) if int(hit.split(":")[0]) not in docs]
    assert not found, "\n".join(found)


def test_the_test_finds_a_literal(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Exactly 61 in a docstring is fine."""\nX = 305\nM = "reach exactly 61"\n'
        'N = "Exact 61 Five Up"\n',
        encoding="utf-8",
    )
    hits = [h for h in _literals(sample) if int(h.split(":")[0]) not in _docstrings(sample)]
    assert hits == ["2: 305", "3: 'reach exactly 61'"]
