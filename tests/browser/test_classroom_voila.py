"""The classroom app (tutorials/classroom.ipynb) served by Voila, as ``make classroom`` does.

Voila runs the notebook and shows only its outputs: the language buttons, the tile-size
slider and the tabs Match | Spinner branching | End scoring | Rounding | Going out |
Blocked hand | Exactly 61 | A whole hand. The tests check that the match board is drawn
with large tiles, that a click on it plays (Python answers), that a walkthrough tab steps
both ways, and that one click switches every tab to Russian and back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import ui
from .conftest import TUTORIALS, VIEWPORT
from .harness import jupyter_server

TABS = [
    "Match",
    "Spinner branching",
    "End scoring",
    "Rounding",
    "Going out",
    "Blocked hand",
    "Exactly 61",
    "A whole hand, step by step",
]
#: The width of an upright tile in the SVG's own units (render/svg: 32 wide, face 30).
TILE_UNITS = 32


@pytest.fixture(scope="module")
def classroom(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The classroom page in Voila, rendered (Voila runs the notebook on page load)."""
    tmp = tmp_path_factory.mktemp("voila")
    with jupyter_server(
        "voila", [TUTORIALS / "classroom.ipynb"], tmp, voila_notebook="classroom.ipynb"
    ) as server:
        context = browser.new_context(viewport=VIEWPORT)
        page = context.new_page()
        try:
            page.goto(server.page("classroom.ipynb"))
            page.wait_for_selector(
                ".exact61-classroom .exact61-table .exact61-board svg", timeout=120_000
            )
            yield page
        finally:
            context.close()


def tab_titles(page: Any) -> list[str]:
    """The titles of the classroom's tabs, in order."""
    titles: list[str] = page.locator(".exact61-classroom .lm-TabBar-tabLabel").all_text_contents()
    return titles


def hand_tile_width(page: Any) -> float:
    """The on-screen width in pixels of the first tile of the learner's hand."""
    tile = page.locator(".exact61-classroom .exact61-table .exact61-hand [data-tile]").first
    box = tile.bounding_box()
    assert box is not None
    return float(box["width"])


def test_classroom_shows_the_match_table_the_walkthroughs_and_the_story_as_tabs(
    classroom: Any, screenshots: Path
) -> None:
    """Eight tabs in order; the match board is a real SVG with the learner's five tiles."""
    assert tab_titles(classroom) == TABS
    table = ui.widgets(classroom, ".exact61-classroom .exact61-table")[0]
    stats = ui.board_stats(table)
    assert stats["svgs"] >= 3 and stats["tiles"] >= 5 and stats["elements"] > 50, stats
    assert len(classroom.locator(".exact61-classroom .exact61-walkthrough").all()) == 7
    path = ui.screenshot(classroom, screenshots / "voila-classroom-match.png")
    assert path.stat().st_size > 10_000
    print(f"\nscreenshot: {path}")


def test_classroom_tiles_are_large_and_do_not_move(classroom: Any) -> None:
    """Tiles are drawn at about twice the notebook size; no page style animates them.

    Voila's page spins anything of class ``spinner`` (its loading icon), which the
    doubles of the SVG also carry: the board's own style sheet stops that. The
    Spinner branching tab is shown so that doubles are on screen while we look.
    """
    width = hand_tile_width(classroom)
    assert width >= 1.8 * TILE_UNITS, width
    classroom.get_by_role("tab", name="Spinner branching").click()
    try:
        walk = ui.widgets(classroom, ".exact61-classroom .exact61-walkthrough")[0]
        walk.board.wait_for(state="visible")
        assert walk.picture.locator("svg .spinner").count() >= 1
        moving = classroom.evaluate(
            """() => document.getAnimations()
                     .filter(a => a.effect && a.effect.target
                                  && a.effect.target.closest('.exact61-board')).length"""
        )
        assert moving == 0
    finally:
        classroom.get_by_role("tab", name="Match").click()


def test_the_tile_size_slider_makes_tiles_larger(classroom: Any) -> None:
    """The named slider (ArrowRight on its range input) zooms the boards at once, in the browser."""
    before = hand_tile_width(classroom)
    handle = classroom.locator(".exact61-classroom .exact61-tile-size input[type=range]").first
    handle.focus()
    classroom.keyboard.press("ArrowRight")
    try:
        ui.wait_until(lambda: hand_tile_width(classroom) > before * 1.05, 10, "the tiles to grow")
    finally:
        classroom.keyboard.press("ArrowLeft")
    ui.wait_until(
        lambda: abs(hand_tile_width(classroom) - before) < 1, 10, "the tiles to shrink back"
    )


def test_a_click_on_the_classroom_match_board_plays_in_python(classroom: Any) -> None:
    """Clicking a tile of the class's hand (then a lit place) makes Python play and answer."""
    classroom.get_by_role("tab", name="Match").click()
    table = ui.widgets(classroom, ".exact61-classroom .exact61-table")[0]
    status = ui.table_status(table)
    assert re.search(r"seat 0 to move", status), status
    tile, _place = ui.click_tile_then_place(table, ".exact61-hand")
    ui.wait_until(lambda: ui.table_status(table) != status, 10, "the status line to change")
    ui.wait_until(lambda: tile in table.live(), 10, "the announcement of the play")
    assert table.error() == ""
    assert f'data-tile="{tile}"' in table.picture.locator(".exact61-layout").inner_html()


def test_a_classroom_walkthrough_tab_steps_forward_and_back(classroom: Any) -> None:
    """In the Spinner branching tab, Next and Back change the caption and the picture."""
    classroom.get_by_role("tab", name="Spinner branching").click()
    walk = ui.widgets(classroom, ".exact61-classroom .exact61-walkthrough")[0]
    walk.board.wait_for(state="visible")
    caption = walk.text(".exact61-caption-text")
    picture = walk.markup()
    walk.button("next").click()
    walk.wait_for_change(picture)
    ui.wait_until(lambda: walk.text(".exact61-caption-text") != caption, 10, "a new caption")
    ui.wait_until(lambda: "2" in walk.text(".exact61-step-label"), 10, "step 2")
    walk.button("back").click()
    ui.wait_until(lambda: walk.text(".exact61-caption-text") == caption, 10, "the caption back")
    ui.wait_until(lambda: walk.markup() == picture, 10, "the first picture again")


def test_one_click_switches_every_tab_to_russian_and_back(classroom: Any) -> None:
    """The language buttons rebuild every tab in Russian (Python answers), then in English."""
    classroom.locator(".exact61-classroom .exact61-language button", has_text="Русский").click()
    ui.wait_until(lambda: tab_titles(classroom)[:1] == ["Партия"], 20, "Russian tab titles")
    assert len(tab_titles(classroom)) == len(TABS)
    assert tab_titles(classroom)[1] != TABS[1]
    classroom.locator(".exact61-classroom .exact61-language button", has_text="English").click()
    ui.wait_until(lambda: tab_titles(classroom) == TABS, 20, "the English tab titles again")
    table = ui.widgets(classroom, ".exact61-classroom .exact61-table")[0]
    ui.wait_until(lambda: "seat 0 to move" in ui.table_status(table), 20, "a new English table")
