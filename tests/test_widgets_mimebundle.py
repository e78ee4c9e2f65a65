"""What a saved notebook keeps of each widget: pictures and a text, the same every run.

Widgets with steps (the walkthroughs and hand stories) save every step: a strip of
small pictures with their captions as HTML, and the captions as plain text.
"""

from __future__ import annotations

import hashlib
import html
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
    HandStory,
    MatchTable,
    PositionExplorer,
    RoundingWalkthrough,
    SpinnerWalkthrough,
)
from exact61_widgets.widgets.mimebundle import (
    STRIP_HEIGHT,
    STRIP_WIDTH,
    WIDGET_VIEW,
    shrink,
)
from exact61_widgets.widgets.walkthroughs import Walkthrough

FACTORIES: dict[str, Callable[[], Any]] = {
    "spinner": SpinnerWalkthrough,
    "scoring": EndScoringWalkthrough,
    "rounding": RoundingWalkthrough,
    "going_out": GoingOutWalkthrough,
    "blocked": BlockedWalkthrough,
    "exact61": Exact61Walkthrough,
    "story": HandStory,
    "story_blocked": lambda: HandStory("blocked"),
    "explorer": PositionExplorer,
    "table": lambda: MatchTable(3, seed=2),
    "spinner_ru": lambda: SpinnerWalkthrough(lang="ru"),
    "table_ru": lambda: MatchTable(4, seed=1, lang="ru"),
}
STEPPED = [
    "spinner",
    "scoring",
    "rounding",
    "going_out",
    "blocked",
    "exact61",
    "story",
    "story_blocked",
    "spinner_ru",
]
IDS = re.compile(r'\bid="([^"]+)"')
SVG = re.compile(r"<svg\b[^>]*>")
TAG = re.compile(r"<[^>]+>")
CELL = re.compile(r"<td\b.*?</td>", re.S)


def saved(widget: Any) -> tuple[str, str]:
    """The strip and the plain text a reader without a kernel gets."""
    data = widget._repr_mimebundle_()
    return data.get("text/html", ""), data["text/plain"]


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_the_same_widget_built_twice_gives_the_same_bundle(name: str) -> None:
    first = FACTORIES[name]()._repr_mimebundle_()
    second = FACTORIES[name]()._repr_mimebundle_()
    assert first.keys() == second.keys()
    for key in first.keys() - {WIDGET_VIEW}:
        assert first[key] == second[key], key
    assert first[WIDGET_VIEW]["model_id"] != second[WIDGET_VIEW]["model_id"]  # the live view
    pictures = first.get("image/svg+xml") or first["text/html"]
    assert pictures.count("<svg") >= 1 and "<title" in pictures and "<desc" in pictures
    assert "0x" not in first["text/plain"]
    ids = IDS.findall(pictures)
    assert ids and len(ids) == len(set(ids))


@pytest.mark.parametrize("name", STEPPED)
def test_a_saved_walkthrough_shows_every_step_with_its_picture_and_caption(name: str) -> None:
    walk: Walkthrough = FACTORIES[name]()
    strip, plain = saved(walk)
    shown = repr(walk)
    cells = CELL.findall(strip)
    assert len(cells) == len(walk.steps)
    for index, cell in enumerate(cells):
        walk.go(index)
        text = html.unescape(TAG.sub("", cell))
        assert walk.caption_text in text, index
        assert walk.controls.position.value in text  # "Step 3 of 7"
        if "<svg" not in cell:  # the same picture as an earlier step, which shows it
            earlier = int(re.search(r"(\d+)\.</i>", cell).group(1)) - 1  # type: ignore[union-attr]
            assert "<svg" in cells[earlier]
            for between in range(earlier, index):
                assert walk.steps[between + 1].panels[0].spec == walk.steps[earlier].panels[0].spec
    lines = plain.split("\n")
    assert lines[0] == shown and len(lines) == len(walk.steps) + 1
    for index, line in enumerate(lines[1:]):
        walk.go(index)
        assert line.endswith(walk.caption_text)
    assert "WIDGET" not in plain and "0x" not in plain


@pytest.mark.parametrize("name", STEPPED)
def test_the_strip_pictures_are_small_and_their_ids_unique(name: str) -> None:
    walk = FACTORIES[name]()
    strip, _ = saved(walk)
    heads = SVG.findall(strip)
    assert heads
    for head in heads:
        width = float(re.search(r' width="([\d.]+)"', head).group(1))  # type: ignore[union-attr]
        height = float(re.search(r' height="([\d.]+)"', head).group(1))  # type: ignore[union-attr]
        assert width <= STRIP_WIDTH and height <= STRIP_HEIGHT, head
        assert 'viewBox="' in head
    ids = IDS.findall(strip)
    assert len(ids) == len(set(ids))
    assert all(i.startswith(f"{walk.prefix}-step") for i in ids)


def test_the_strip_links_every_rule_code_and_reads_the_language() -> None:
    strip, plain = saved(BlockedWalkthrough(lang="ru"))
    assert 'href="../RULES.ru.md#r8-5" target="_blank">R8.5</a>' in strip
    assert "Шаг 1 из 6" in strip and "Блокировка" in strip
    assert re.search("[а-яё]", plain.split("\n")[1])
    english, _ = saved(BlockedWalkthrough())
    assert 'href="../RULES.md#r8-4" target="_blank">R8.4</a>' in english


def test_shrink_keeps_the_proportions_and_the_view_box() -> None:
    svg = '<svg height="546" id="a" viewBox="-320 -304 560 546" width="560"><g/></svg>'
    small = shrink(svg, 260, 220)
    assert small.startswith('<svg height="220" id="a" viewBox="-320 -304 560 546" width="225.6">')
    head = SVG.match(small).group(0)  # type: ignore[union-attr]
    width = float(re.search(r' width="([\d.]+)"', head).group(1))  # type: ignore[union-attr]
    height = float(re.search(r' height="([\d.]+)"', head).group(1))  # type: ignore[union-attr]
    assert abs(width / height - 560 / 546) < 0.01 and max(width / 260, height / 220) == 1
    assert small.endswith("<g/></svg>")
    tiny = '<svg height="40" width="60" viewBox="0 0 60 40"></svg>'
    assert shrink(tiny) == tiny
    assert shrink('<svg stroke-width="3" viewBox="0 0 9 9"/>') == (
        '<svg stroke-width="3" viewBox="0 0 9 9"/>'
    )


def test_the_whole_story_stays_a_reasonable_size() -> None:
    story = HandStory()
    strip, plain = saved(story)
    assert len(strip) < 600_000 and len(plain) < 10_000  # 21 steps, each with its 3-4 pictures
    cells = CELL.findall(strip)
    drawn = [step for step, cell in zip(story.steps, cells, strict=True) if "<svg" in cell]
    assert strip.count("<svg") == sum(len(step.panels) for step in drawn)


def test_the_bundle_follows_the_step_and_names_fix_the_ids() -> None:
    walk = SpinnerWalkthrough(name="lesson-a")
    first = walk._repr_mimebundle_()
    walk.next()
    second = walk._repr_mimebundle_()
    assert first["text/html"] == second["text/html"]  # every step, whichever is shown
    assert second["text/plain"].split("\n")[0] == "SpinnerWalkthrough(step 2 of 7, lang='en')"
    assert all(i.startswith("lesson-a-step") for i in IDS.findall(second["text/html"]))
    other = SpinnerWalkthrough(name="lesson-b")
    assert not set(IDS.findall(other._repr_mimebundle_()["text/html"])) & set(
        IDS.findall(first["text/html"])
    )
    assert repr(walk) == "SpinnerWalkthrough(step 2 of 7, lang='en')"


def test_the_board_markup_never_repeats_an_id() -> None:
    table = MatchTable(4, seed=1)
    ids = IDS.findall(table.board.svg)
    assert len(ids) == len(set(ids))
    for walk in (GoingOutWalkthrough(), HandStory("blocked")):
        for step in range(len(walk.steps)):
            walk.go(step)
            ids = IDS.findall(walk.board.svg)
            assert len(ids) == len(set(ids)), step


def test_a_fresh_process_draws_the_same_bytes() -> None:
    code = (
        "from exact61_widgets.widgets import EndScoringWalkthrough as W; "
        "w = W(); w.go(5); import hashlib; b = w._repr_mimebundle_(); "
        "print(hashlib.sha1((b['text/html'] + b['text/plain']).encode()).hexdigest())"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    }
    walk = EndScoringWalkthrough()
    walk.go(5)
    data = walk._repr_mimebundle_()
    here = hashlib.sha1((data["text/html"] + data["text/plain"]).encode()).hexdigest()
    assert runs == {here + "\n"}


def test_reprs_are_short_and_deterministic() -> None:
    assert repr(Board(name="b")) == "Board('b')"
    assert repr(RoundingWalkthrough()) == "RoundingWalkthrough(step 1 of 7, lang='en')"
    assert repr(HandStory()) == "HandStory(step 1 of 21, lang='en')"
    assert repr(MatchTable(2, seed=1)).startswith("MatchTable(players=2, hand=1, scores=(0, 0)")
    assert repr(PositionExplorer()).startswith("PositionExplorer(players=2, layout='[1|4]")
    data = MatchTable(2, seed=1)._repr_mimebundle_()  # no steps: the current picture
    assert "image/svg+xml" in data and "text/html" not in data
