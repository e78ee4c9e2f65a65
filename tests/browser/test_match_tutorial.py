"""The match table against a bot in JupyterLab 4 and Notebook 7.

08_match_against_bots is run in the browser and must show its table. Its table starts
one point short of 61, where a match ends within a few plays, so the table that is
played here is a fresh one (``.exact61-table``: you at seat 0, a greedy bot at seat 1,
0 : 0) in a notebook written at test time: a whole hand with the keyboard alone, and
clicks that each bring their own new picture (timed inside the browser and printed;
``benchmarks/bench_click.py`` measures the speed).
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.server_extension import LOADED

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, one_cell_notebook, open_notebook, open_tutorial

NOTEBOOK = "08_match_against_bots.ipynb"
TABLE_NOTEBOOK = "browser_match_table.ipynb"
TABLE_CELL = (
    "from exact61_widgets.widgets import MatchTable\n"
    'MatchTable(2, seed=1, bots="greedy", name="browser-table")'
)
#: A guard, not a target: a median above it means redraws hang (the speed is measured by
#: benchmarks/bench_click.py against a peer in the same run).
CLICK_GUARD_MS = 2000
CLICKS = 20
_HAND = re.compile(r"^Hand (\d+)")
FOCUSABLE = ".exact61-layout [data-place], .exact61-hand [data-tile]"


@pytest.fixture(scope="module", params=FRONT_ENDS)
def match_page(
    request: pytest.FixtureRequest, browser: Any, servers: Any
) -> Iterator[OpenNotebook]:
    """A fresh match table in one front end, its cell run."""
    server = servers(request.param)
    notebook = one_cell_notebook(TABLE_CELL, "table")
    (server.root / TABLE_NOTEBOOK).write_text(json.dumps(notebook), "utf-8")
    yield from open_notebook(browser, server, TABLE_NOTEBOOK)


@pytest.mark.parametrize("kind", FRONT_ENDS)
def test_the_tutorial_runs_in_the_browser_and_shows_its_table(
    kind: str, browser: Any, servers: Any
) -> None:
    """08 runs all its cells without a traceback and draws its two live tables, each with its
    hand: the bot's table near 61 and the learner's own match (the one open cell)."""
    for opened in open_tutorial(browser, servers, kind, NOTEBOOK):
        tables = ui.widgets(opened.page, ".exact61-table")
        assert len(tables) == 2
        for table in tables:
            assert table.picture.locator(".exact61-hand [data-tile]").count() >= 1


def the_table(opened: OpenNotebook) -> ui.Widget:
    """The page's match table (the test notebook has one)."""
    tables = ui.widgets(opened.page, ".exact61-table")
    assert len(tables) == 1
    return tables[0]


def learner_to_choose(table: ui.Widget) -> None:
    """Bring the table (with clicks) to the learner's turn on a table with tiles on it."""
    for _ in range(12):
        status = ui.table_status(table)
        mine = "seat 0 to move" in status and not ui.hand_is_over(status)
        if mine and table.places():
            return
        if mine:  # the learner leads: open the table
            ui.click_tile_then_place(table, ".exact61-hand")
        else:  # a bot's turn, or the hand is over: Auto-play deals and plays the bot
            table.button("auto-play").click()
        ui.wait_for_status_change(table, status, "the table to move on")
    raise AssertionError(f"the learner never got to choose: {ui.table_status(table)}")


def test_every_click_brings_its_own_new_picture(match_page: OpenNotebook) -> None:
    """A click on a hand tile chooses it and the next puts it back: each click brings a new
    picture from Python, and it is that click's picture (the tile picked out, then not).

    Each click is timed in the browser (``performance.now()`` as the click is dispatched,
    a MutationObserver when the new picture is in the page) and printed. How fast is
    measured by ``benchmarks/bench_click.py`` beside a round-trip peer in the same run,
    never here: the guard only catches a redraw that hangs (a lost message, a page that
    reloads), far above any load this machine sees.
    """
    table = the_table(match_page)
    learner_to_choose(table)
    tile = table.picture.locator(".exact61-hand [data-tile]").first.get_attribute("data-tile")
    selector = f'.exact61-hand [data-tile="{tile}"]'
    table.picture.locator(selector).scroll_into_view_if_needed()
    times = []
    for click in range(CLICKS):
        times.append(ui.click_to_picture_ms(table, selector))
        drawn = table.picture.locator(selector).first.get_attribute("class") or ""
        assert ("highlight" in drawn.split()) == (click % 2 == 0), (click, drawn)
    median = statistics.median(times)
    print(
        f"\nclick-to-picture in {match_page.kind}: median {median:.1f} ms over {CLICKS} "
        f"clicks (min {min(times):.1f}, max {max(times):.1f})"
    )
    assert table.error() == ""
    assert median <= CLICK_GUARD_MS, times


def test_the_server_sends_widget_answers_without_nagles_delay(match_page: OpenNotebook) -> None:
    """The package's server extension is loaded by the front end's own server, as installed
    (``exact61_widgets.server_extension``; ``benchmarks/bench_click.py --plain`` without it)."""
    log = match_page.server.log.read_text("utf-8", errors="replace")
    assert LOADED in log, log  # the message itself: tests/test_server_extension.py


def test_arrow_keys_move_the_focus_between_places_and_tiles(match_page: OpenNotebook) -> None:
    """The board is one Tab stop; the arrows, Home and End move along its places and tiles."""
    page, table = match_page.page, the_table(match_page)
    learner_to_choose(table)
    assert table.picture.locator(FOCUSABLE).count() >= 2
    order = ui.board_order(table)  # reading order: the table's places, then the hand
    assert len(order) == table.picture.locator(FOCUSABLE).count()
    assert order[-1].startswith("tile ") and not order[0].startswith("tile ")
    ui.tab_to_board(page, table)
    for key, want in [
        ("Home", 0),
        ("ArrowRight", 1),
        ("ArrowLeft", 0),
        ("ArrowLeft", -1),  # wraps around to the last one
        ("ArrowDown", 0),
        ("End", -1),
        ("ArrowUp", -2),
    ]:
        page.keyboard.press(key)
        assert ui.focused_key(page) == order[want], key
    page.keyboard.press("Tab")  # one Tab leaves the board: its other items are not stops
    assert ui.focused_key(page) is None
    page.keyboard.press("Shift+Tab")  # and comes back to the item it left
    assert ui.focused_key(page) == order[-2]


def test_a_whole_hand_is_played_with_the_keyboard_alone(
    match_page: OpenNotebook, screenshots: Path
) -> None:
    """Tab, Shift+Tab and Enter only: the learner's plays and Auto-play until the hand ends."""
    page, table = match_page.page, the_table(match_page)
    status = ui.table_status(table)
    if ui.hand_is_over(status):  # deal the next hand, from the keyboard too
        ui.tab_to(page, table.button("auto-play"))
        page.keyboard.press("Enter")
        status = ui.wait_for_status_change(table, status, "the next deal")
    hand = _HAND.search(status)
    plays = ui.keyboard_hand(page, table)
    final = ui.table_status(table)
    path = ui.screenshot(page, screenshots / f"{match_page.kind}-07-hand-over.png", table.root)
    print(f"\nkeyboard hand in {match_page.kind}: {plays}; {final} ({path})")
    assert ui.hand_is_over(final)
    assert hand is None or f"Hand {hand.group(1)}" in final or "match is over" in final
    assert plays, "the learner never played"
    log = table.text(".exact61-log")
    for play in plays:
        assert play.split("@")[0].split()[0] in log, (play, log)
    assert table.error() == ""


def test_the_table_fits_the_notebooks_width(match_page: OpenNotebook, screenshots: Path) -> None:
    """The whole table is one picture that shrinks to the notebook's width: nothing of it
    is cut off or scrolls sideways, in a wide window and in a narrow one."""
    page, table = match_page.page, the_table(match_page)
    try:
        for width in (1400, 900):
            page.set_viewport_size({"width": width, "height": 1000})
            # The notebook lays itself out again: wait until the picture is inside its output
            # area (what is asserted below; a picture that never fits times out here).
            page.wait_for_function(
                """root => {
                     const svg = root.querySelector('.exact61-board svg').getBoundingClientRect();
                     const box = root.closest('.jp-OutputArea-output').getBoundingClientRect();
                     return svg.width > 0 && box.left - 1 <= svg.left && svg.right <= box.right + 1;
                   }""",
                arg=table.root.element_handle(),
                timeout=15_000,
            )
            found = table.root.evaluate(
                """root => {
                     const svg = root.querySelector('.exact61-board svg').getBoundingClientRect();
                     const area = root.closest('.jp-OutputArea-output');
                     const box = area.getBoundingClientRect();
                     const wide = Array.from(root.querySelectorAll('*')).filter(n =>
                       ['auto', 'scroll'].includes(getComputedStyle(n).overflowX) &&
                       n.scrollWidth > n.clientWidth + 1).length;
                     return {svg: [svg.left, svg.right, svg.width, svg.height],
                             area: [box.left, box.right], wide};
                   }"""
            )
            left, right, w, h = found["svg"]
            assert found["area"][0] - 1 <= left and right <= found["area"][1] + 1, found
            assert found["wide"] == 0, found
            assert 2.3 < w / h < 2.7, found  # the whole picture, scaled, not cropped
            print(f"\ntable in {match_page.kind} at {width} px: picture {w:.0f}x{h:.0f} px")
        ui.screenshot(page, screenshots / f"{match_page.kind}-table-narrow.png", table.root)
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
