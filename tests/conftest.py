"""Shared helpers for the tests: explicit positions and snapshots of a match."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES

ROOT = Path(__file__).resolve().parent.parent
#: The test data the repository carries (no test reads a file outside the repository).
DATA = Path(__file__).resolve().parent / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: tests/outside.py fails any test during which a file outside the repository was opened.
pytest_plugins = ["outside"]

#: Hypothesis draws the same examples in every run (derandomized, from each test's name) and
#: keeps no example database in the clone: no test passes or fails by chance, and a failure
#: found once is found again by the same command.
settings.register_profile("exact61", derandomize=True, database=None)
settings.load_profile("exact61")


#: The work that takes longest in ``make test`` (``benchmarks/bench_ci.py`` lists the slowest
#: files), in that order: test modules, or single tests whose cases go to both workers. They
#: are started first, so that no worker is left alone with a long one at the end. A hint for
#: the order only: a name missing here runs after them, as collected.
LONGEST_FIRST = (
    "tests/test_puzzles.py::test_every_puzzle_re_checks_its_fairness_from_its_seed",
    "tests/test_puzzles.py::test_every_puzzle_re_verifies_from_its_seed",
    "tests/test_binder.py",
    "tests/test_distribution.py",
    "tests/browser/test_lite.py",
    "tests/test_release_workflow.py",
    "tests/test_docs_build.py",
    "tests/test_make_serve.py",
    "tests/test_render_raster.py",
    "tests/test_review.py",
    "tests/browser/test_classroom_voila.py",
    "tests/browser/test_live_class.py",
    "tests/test_equity.py",
    "tests/browser/test_review_widget.py",
    "tests/browser/test_match_tutorial.py",
    "tests/browser/test_a11y.py",
    "tests/browser/test_spinners_tutorial.py",
    "tests/browser/test_explorer_tutorial.py",
    "tests/browser/test_russian_tutorial.py",
    "tests/browser/test_handouts.py",
    "tests/test_puzzles.py",
    "tests/test_geometry.py",
    "tests/test_style.py",
)
#: Tests whose cases are shared out one by one; every other module goes to one worker whole,
#: so that its module fixtures (a server, a built site, a notebook run in a browser) run once.
SPREAD = (
    "tests/test_puzzles.py::test_every_puzzle_re_checks_its_fairness_from_its_seed",
    "tests/test_puzzles.py::test_every_puzzle_re_verifies_from_its_seed",
)


def _rank(nodeid: str) -> int:
    """The place of a test's work: :data:`LONGEST_FIRST`'s, then a notebook's, then the rest."""
    found = next((n for n, name in enumerate(LONGEST_FIRST) if nodeid.startswith(name)), None)
    if found is not None:
        return found
    return len(LONGEST_FIRST) + (0 if nodeid.split("::", 1)[0].endswith(".ipynb") else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest work first (:data:`LONGEST_FIRST`), then the notebooks under nbval
    (``make test`` runs them with the suite: a few seconds to a quarter minute each), then
    the rest as collected: the short modules fill in at the end."""
    items.sort(key=lambda item: _rank(item.nodeid))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: each test module to one worker whole, the longest first.

    A module's fixtures then run once (the browser tests' servers and notebook runs, the
    documentation build, the JupyterLite site), and the two workers take the next module as
    they finish one, in :func:`pytest_collection_modifyitems`'s order; the cases of the
    tests in :data:`SPREAD` go out one by one. xdist's own loadgroup cannot do it under
    pytest 9.2 (it renames the items' node ids, which pytest no longer lets a plugin
    change), so the grouping is by module here. Without xdist (``-p no:xdist``, or xdist not
    installed) this hook is not called and the tests run in one process.
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the order is the collection's (longest first)

    class ModulesLongestFirst(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(SPREAD):
                return nodeid
            return nodeid.split("::", 1)[0]  # a module, or a notebook's cells under nbval

    return ModulesLongestFirst(config, log)


@pytest.fixture(scope="session")
def rules_text() -> str:
    """The rules' numbered English rendering (R1.1 … and the decisions D1…D10), as test data."""
    return (DATA / "rules-numbered.md").read_text("utf-8")


@pytest.fixture(scope="session")
def seed_examples() -> list[dict[str, Any]]:
    """The eleven diagrams of the original rules text, as test data."""
    data = json.loads((DATA / "seed-examples.json").read_text("utf-8"))
    examples: list[dict[str, Any]] = data["examples"]
    return examples


def position(
    players: int,
    layout: str,
    hands: list[list[str]],
    *,
    scores: list[int] | None = None,
    to_move: int = 0,
    leader: int | None = None,
    boneyard: list[str] | None = None,
) -> Match:
    """A set-up position; every tile not on the table or in a hand goes to the boneyard."""
    from exact61_widgets.engine.layout import Layout

    used = {str(t) for t in Layout.parse(layout).tiles} | {t for h in hands for t in h}
    if boneyard is None:
        boneyard = [str(t) for t in TILES if str(t) not in used]
    return Match.setup(
        players,
        layout=layout,
        hands=hands,
        boneyard=boneyard,
        scores=scores,
        to_move=to_move,
        leader=leader,
    )


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged."""
    return (
        str(match.layout),
        match.hands,
        match.scores,
        match.to_move,
        match.events,
        match.boneyard,
        match.drawn_tile,
        match.status,
        match.hand_end,
        match.winner,
        match.layout.open_places(),
        match.layout.end_sum,
    )
