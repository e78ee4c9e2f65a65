"""Every code example of the documentation pages runs, and gives what it says.

``docs/**/*.md``: each page's ``python`` blocks run in order in one namespace, as a reader
types them, and a line ``expression  # value`` must give that value (the README's rule,
``tests/test_readme_examples.py``); each ``exact61 …`` line of a ``sh`` block runs in an empty
folder and must succeed. The other shell lines (``make lab``, ``make test``, a server) start
servers or install things: the tests of those targets run them (test_make_serve.py and the
browser tests).
"""

from __future__ import annotations

import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_readme_examples import claimed, shown

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").rglob("*.md"))
BLOCK = re.compile(r"^```(python|sh)\n(.*?)^```", re.S | re.M)


def blocks(page: Path, language: str) -> list[str]:
    return [code for lang, code in BLOCK.findall(page.read_text("utf-8")) if lang == language]


PYTHON = [p for p in PAGES if blocks(p, "python")]
#: Each page's ``exact61`` lines, in order (a later one may read a file an earlier one wrote).
COMMANDS = {
    page: [
        line.split("  #")[0].strip()
        for code in blocks(page, "sh")
        for line in code.splitlines()
        if line.startswith("exact61 ")
    ]
    for page in PAGES
}
COMMANDS = {page: lines for page, lines in COMMANDS.items() if lines}


def test_the_pages_have_examples() -> None:
    assert len(PYTHON) >= 3 and len(COMMANDS) >= 2


#: Pages whose examples take long (the guide reviews a whole match): left out of make check.
SLOW = {"guide.md"}


@pytest.mark.parametrize(
    "page",
    [pytest.param(p, marks=[pytest.mark.slow] if p.name in SLOW else []) for p in PYTHON],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_python_examples_run_and_give_what_they_say(page: Path) -> None:
    namespace: dict[str, Any] = {}
    for code in blocks(page, "python"):
        for statement in ast.parse(code).body:
            line = code.splitlines()[statement.end_lineno - 1] if statement.end_lineno else ""
            comment = line.partition("  # ")[2]
            if isinstance(statement, ast.Expr):
                value = eval(compile(ast.Expression(statement.value), page.name, "eval"), namespace)
                expected = claimed(comment)
                if expected is not None:
                    assert shown(value).startswith(expected), (shown(value), expected)
            else:
                exec(compile(ast.Module([statement], []), page.name, "exec"), namespace)


@pytest.mark.parametrize("page", sorted(COMMANDS), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_command_examples_run(page: Path, tmp_path: Path) -> None:
    for command in COMMANDS[page]:
        result = subprocess.run(
            [sys.executable, "-m", "exact61_widgets", *shlex.split(command)[1:]],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "HOME": str(tmp_path)},
            check=False,
        )
        assert result.returncode == 0, (command, result.stderr)
