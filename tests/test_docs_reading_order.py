"""The API pages open with what a user meets first, as python-chess's pages do.

Each page's summary table (``docs/_ext/exact61_docs.py``'s ``summary_table``) lists a module's
names in the order :data:`exact61_docs.READING` gives, the rest after them. These tests hold
that order to the tutorials (the exercise kinds in the order the notebooks first ask them) and
make sure no page opens with a helper or an error where a user expects the main entry.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import exact61_docs  # noqa: E402  (docs/_ext, the site's own extension)

from exact61_widgets.exercises import task_classes  # noqa: E402

ROW = re.compile(r"^\| \{py:(?:class|func)\}`~([\w.]+)` \|", re.M)
#: What each API page's table opens with: the first thing a user calls on that page.
OPENS_WITH = {
    "play": "exact61_widgets.engine.Layout",
    "positions": "exact61_widgets.engine.scenario.Scenario",
    "pictures": "exact61_widgets.render.svg.render_svg",
    "widgets": "exact61_widgets.widgets.MatchTable",
    "exercises": "exact61_widgets.widgets.exercise.Exercise",
    "review": "exact61_widgets.engine.advice.search_advice",
    "cli": "exact61_widgets.cli.main",
}


def _rows(page: str) -> list[str]:
    return ROW.findall(exact61_docs.summary_table(exact61_docs.API[page]))


def _kind_class_names() -> dict[str, str]:
    """Each exercise kind's spec name (``displayed_points``) -> its class name."""
    return {cls.kind: cls.__name__ for cls in task_classes()}


def test_each_api_page_opens_with_what_a_user_meets_first() -> None:
    assert set(OPENS_WITH) == set(exact61_docs.API), "a new API page needs its first entry here"
    for page, first in OPENS_WITH.items():
        rows = _rows(page)
        assert rows and rows[0] == first, f"{page}: opens with {rows[:1]}, not {first}"


def test_the_exercise_kinds_are_listed_in_the_order_the_notebooks_ask_them() -> None:
    data = json.loads(
        (ROOT / "exact61_widgets" / "handouts" / "tutorial-exercises.json").read_text("utf-8")
    )
    names = _kind_class_names()
    asked: list[str] = []
    for item in data["exercises"]:
        name = names[item["spec"]["kind"]]
        if name not in asked:
            asked.append(name)
    rows = [r.rsplit(".", 1)[1] for r in _rows("exercises")]
    listed = [r for r in rows if r in names.values()]
    assert listed[: len(asked)] == asked
    assert set(listed) == set(names.values()), "every exercise kind is in the table"
    assert rows.index(listed[-1]) < rows.index("generate"), "the kinds before the generator"


def test_every_reading_order_names_real_entries_of_its_module() -> None:
    """A renamed or removed name must not silently drop out of a page's opening rows."""
    members = exact61_docs.api_members()
    for module, names in exact61_docs.READING.items():
        assert module in members, f"{module} is on no API page"
        chosen = members[module][0]
        missing = [n for n in names if n not in chosen]
        assert not missing, f"{module}: {missing} are not documented there"
        values = [getattr(importlib.import_module(module), n) for n in names]
        assert all(inspect.isclass(v) or inspect.isroutine(v) for v in values), module


def test_every_module_with_several_entries_says_which_come_first() -> None:
    """A module of three or more classes and functions states its opening rows (READING),
    so that its table does not open with whatever its ``__all__`` happens to list first."""
    members = exact61_docs.api_members()
    unordered = []
    for module, (chosen, _) in members.items():
        value = importlib.import_module(module)
        entries = [
            n
            for n in chosen
            if inspect.isclass(getattr(value, n)) or inspect.isroutine(getattr(value, n))
        ]
        if len(entries) >= 3 and module not in exact61_docs.READING:
            unordered.append(module)
    assert not unordered, f"no reading order for {unordered}"


def test_the_tutorial_helpers_are_listed_in_the_order_the_notebooks_call_them() -> None:
    import exact61_widgets.tutorial as tutorial

    called: list[str] = []
    names = "|".join(n for n in tutorial.__all__ if callable(getattr(tutorial, n)))
    for source in sorted((ROOT / "authoring" / "tutorials").glob("*.md")):
        for found in re.finditer(rf"\b({names})\(", source.read_text("utf-8")):
            if found.group(1) not in called:
                called.append(found.group(1))
    assert exact61_docs.READING["exact61_widgets.tutorial"] == called
