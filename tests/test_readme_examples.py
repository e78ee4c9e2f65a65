"""The README's Python examples run, and say what they give.

The blocks of the sections named in ``RUN`` are run in order in one namespace, as a reader would
type them. A line ``expression  # result`` whose comment starts as a Python value does (a string,
a list or a tuple) must give that value: the comment is compared with what the expression shows,
up to a closing ``…`` (the rest of a long text) or the comment's own words after the value.
The other sections' blocks need a match or a record of the reader's own and are not run.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
#: The sections whose examples run as they stand.
RUN = ("A short tour", "Widgets")
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def section(title: str) -> str:
    found = re.search(rf"^##+ {re.escape(title)}\n(.*?)(?=^## |\Z)", README, re.S | re.M)
    assert found, f"README has no section {title!r}"
    return found.group(1)


def blocks() -> list[tuple[str, str]]:
    return [(title, code) for title in RUN for code in BLOCK.findall(section(title))]


def shown(value: Any) -> str:
    """A value as the README's comments write it: lists and tuples of their items' text."""
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, tuple):
        return (
            "("
            + ", ".join(shown(v) if isinstance(v, (list, tuple)) else repr(v) for v in value)
            + ")"
        )
    return repr(value)


def claimed(comment: str) -> str | None:
    """The value a comment states, or None when it is only words."""
    comment = comment.strip()
    if not comment or comment[0] not in "'\"[(":
        return None
    if comment[0] in "'\"":
        end = comment.find(comment[0], 1)
        text = comment[: end + 1] if end > 0 else comment
        return text.split("…")[0]
    depth = 0
    for i, c in enumerate(comment):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        if depth == 0:
            return comment[: i + 1]
    return None


def test_the_runnable_sections_have_examples() -> None:
    assert len(blocks()) >= 2


@pytest.mark.parametrize("title", RUN)
def test_the_examples_run_and_give_what_they_say(title: str) -> None:
    namespace: dict[str, Any] = {}
    for name, code in blocks():
        if name == "Widgets" and title == "A short tour":
            break
        checked = 0
        for statement in ast.parse(code).body:
            line = code.splitlines()[statement.end_lineno - 1] if statement.end_lineno else ""
            source = ast.get_source_segment(code, statement) or ""
            comment = line.partition("  # ")[2]
            if isinstance(statement, ast.Expr):
                value = eval(
                    compile(ast.Expression(statement.value), "README.md", "eval"), namespace
                )
                expected = claimed(comment)
                if expected is not None:
                    assert shown(value).startswith(expected), (source, shown(value), expected)
                    checked += 1
            else:
                exec(compile(ast.Module([statement], []), "README.md", "exec"), namespace)
        if name == "A short tour":
            assert checked >= 3, "the tour's results are no longer checked"
