"""Shared helpers for the tests: explicit positions and snapshots of a match."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: the browser tests go together to one worker, the rest as ``load``.

    The browser tests share one Chromium and one server per front end, so ``make test`` keeps
    them in order on one worker while the other works through everything else. xdist's own
    loadgroup cannot do it under pytest 9.2 (it renames the items' node ids, which pytest no
    longer lets a plugin change), so the grouping is by folder here.
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "tests/browser" if nodeid.startswith("tests/browser/") else nodeid

    return BrowserTestsTogether(config, log)


def _find_shared() -> Path:
    for candidate in (ROOT.parent / "shared", ROOT / "shared", Path("/work/shared")):
        if (candidate / "rules" / "seed-examples.json").is_file():
            return candidate
    raise FileNotFoundError("shared/rules/seed-examples.json not found beside the repository")


@pytest.fixture(scope="session")
def rules_text() -> str:
    """RULES.md, the English rendering of the rules with the decisions D1…D10."""
    return (_find_shared() / "rules" / "RULES.md").read_text("utf-8")


@pytest.fixture(scope="session")
def seed_examples() -> list[dict[str, Any]]:
    """The eleven diagrams of the rules text."""
    data = json.loads((_find_shared() / "rules" / "seed-examples.json").read_text("utf-8"))
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
