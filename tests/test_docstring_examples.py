"""The examples in the docstrings run and give what they show (doctest).

Every module of the package is searched; each example is one doctest, run with the module's
names, the output compared exactly. The main entry points a user meets first must each have
one (:data:`WITH_EXAMPLES`).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from typing import Any

import pytest

import exact61_widgets

#: The entry points a user meets first: each docstring shows it at work.
WITH_EXAMPLES = (
    "exact61_widgets.engine.layout.Layout",
    "exact61_widgets.engine.match.Match",
    "exact61_widgets.engine.replay.replay",
    "exact61_widgets.render.svg.render_svg",
    "exact61_widgets.widgets.board.Board",
    "exact61_widgets.widgets.table.MatchTable",
    "exact61_widgets.widgets.explorer.PositionExplorer",
    "exact61_widgets.widgets.puzzle.PuzzleWidget",
    "exact61_widgets.widgets.walkthroughs.spinner.SpinnerWalkthrough",
    "exact61_widgets.widgets.walkthroughs.scoring.EndScoringWalkthrough",
    "exact61_widgets.widgets.walkthroughs.rounding.RoundingWalkthrough",
    "exact61_widgets.widgets.walkthroughs.going_out.GoingOutWalkthrough",
    "exact61_widgets.widgets.walkthroughs.blocked.BlockedWalkthrough",
    "exact61_widgets.widgets.walkthroughs.exact61.Exact61Walkthrough",
    "exact61_widgets.widgets.walkthroughs.story.HandStory",
    "exact61_widgets.engine.solve.solve",
    "exact61_widgets.engine.review.core.review",
    "exact61_widgets.widgets.review.ReviewWidget",
    "exact61_widgets.widgets.exercise.Exercise",
    "exact61_widgets.handouts.handout",
    "exact61_widgets.resources.write_tutorials",
)


def module_names() -> list[str]:
    """Every module of the package (``__main__`` aside: importing it runs the command)."""
    found = ["exact61_widgets"]
    for info in pkgutil.walk_packages(exact61_widgets.__path__, "exact61_widgets."):
        if not info.name.endswith("__main__"):
            found.append(info.name)
    return sorted(found)


def examples() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests: dict[str, doctest.DocTest] = {}
    for name in module_names():
        module = importlib.import_module(name)
        for test in finder.find(module, name):
            if test.examples and test.name.startswith(name):
                tests.setdefault(test.name, test)
    return sorted(tests.values(), key=lambda t: t.name)


EXAMPLES = examples()


def test_every_main_entry_point_has_an_example() -> None:
    names = {test.name for test in EXAMPLES}
    assert not [name for name in WITH_EXAMPLES if name not in names]


@pytest.mark.parametrize("test", EXAMPLES, ids=[t.name for t in EXAMPLES])
def test_the_example_runs_and_shows_what_it_says(test: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    globs: dict[str, Any] = dict(test.globs)
    test.globs = globs
    result = runner.run(test, out=out.append)
    assert result.failed == 0, "".join(out)
