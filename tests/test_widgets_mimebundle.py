"""What a saved notebook keeps of each widget: a static SVG and a text, the same every run."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from exact61_widgets.widgets import (
    BlockedWalkthrough,
    Board,
    EndScoringWalkthrough,
    Exact61Walkthrough,
    GoingOutWalkthrough,
    MatchTable,
    PositionExplorer,
    RoundingWalkthrough,
    SpinnerWalkthrough,
)
from exact61_widgets.widgets.mimebundle import WIDGET_VIEW

FACTORIES: dict[str, Callable[[], Any]] = {
    "spinner": SpinnerWalkthrough,
    "scoring": EndScoringWalkthrough,
    "rounding": RoundingWalkthrough,
    "going_out": GoingOutWalkthrough,
    "blocked": BlockedWalkthrough,
    "exact61": Exact61Walkthrough,
    "explorer": PositionExplorer,
    "table": lambda: MatchTable(3, seed=2),
    "spinner_ru": lambda: SpinnerWalkthrough(lang="ru"),
    "table_ru": lambda: MatchTable(4, seed=1, lang="ru"),
}
IDS = re.compile(r'\bid="([^"]+)"')


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_the_same_widget_built_twice_gives_the_same_bundle(name: str) -> None:
    first = FACTORIES[name]()._repr_mimebundle_()
    second = FACTORIES[name]()._repr_mimebundle_()
    for key in ("text/plain", "image/svg+xml"):
        assert first[key] == second[key], key
    assert first[WIDGET_VIEW]["model_id"] != second[WIDGET_VIEW]["model_id"]  # the live view
    svg = first["image/svg+xml"]
    assert svg.startswith("<svg") and "<title" in svg and "<desc" in svg
    assert "0x" not in first["text/plain"] and len(first["text/plain"]) < 200
    ids = IDS.findall(svg)
    assert ids and len(ids) == len(set(ids))


def test_the_bundle_follows_the_step_and_names_fix_the_ids() -> None:
    walk = SpinnerWalkthrough(name="lesson-a")
    first = walk._repr_mimebundle_()
    walk.next()
    second = walk._repr_mimebundle_()
    assert first["image/svg+xml"] != second["image/svg+xml"]
    assert second["text/plain"] == "SpinnerWalkthrough(step 2 of 7, lang='en')"
    assert all(i.startswith("lesson-a") for i in IDS.findall(second["image/svg+xml"]))
    other = SpinnerWalkthrough(name="lesson-b")
    assert not set(IDS.findall(other._repr_mimebundle_()["image/svg+xml"])) & set(
        IDS.findall(first["image/svg+xml"]))


def test_the_board_markup_never_repeats_an_id() -> None:
    table = MatchTable(4, seed=1)
    ids = IDS.findall(table.board.svg)
    assert len(ids) == len(set(ids))
    walk = GoingOutWalkthrough()
    for step in range(len(walk.steps)):
        walk.go(step)
        ids = IDS.findall(walk.board.svg)
        assert len(ids) == len(set(ids)), step


def test_a_fresh_process_draws_the_same_bytes() -> None:
    code = ("from exact61_widgets.widgets import EndScoringWalkthrough as W; "
            "w = W(); w.go(5); import hashlib; "
            "print(hashlib.sha1(w._repr_mimebundle_()['image/svg+xml'].encode()).hexdigest())")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)}
    walk = EndScoringWalkthrough()
    walk.go(5)
    import hashlib

    here = hashlib.sha1(walk._repr_mimebundle_()["image/svg+xml"].encode()).hexdigest()
    assert runs == {here + "\n"}


def test_reprs_are_short_and_deterministic() -> None:
    assert repr(Board(name="b")) == "Board('b')"
    assert repr(RoundingWalkthrough()) == "RoundingWalkthrough(step 1 of 7, lang='en')"
    assert repr(MatchTable(2, seed=1)).startswith("MatchTable(players=2, hand=1, scores=(0, 0)")
    assert repr(PositionExplorer()).startswith("PositionExplorer(players=2, layout='[1|4]")
