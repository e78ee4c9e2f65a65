"""The review widget with the keyboard alone, in JupyterLab 4 and Notebook 7.

A notebook written at test time reviews a seeded match (a greedy bot against a bot
with search, from 30 : 30; 60 deals a decision, so it is quick). The test reaches
the buttons with Tab only, steps to the next move with Enter, jumps to the next
mistake, and checks that the live line announces each move as the review grades
it: the same text the review, made again here with the same seed, gives.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.review import Review, review
from exact61_widgets.simulation.matches import play_match, seat_bots

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, one_cell_notebook, open_notebook

REVIEW_NOTEBOOK = "browser_review.ipynb"
SEED, SAMPLES = 1, 60
REVIEW_CELL = (
    "from exact61_widgets.engine import Match\n"
    "from exact61_widgets.simulation.matches import play_match, seat_bots\n"
    "from exact61_widgets.widgets.review import ReviewWidget\n"
    "match = Match(2, seed=2, start_scores=[150, 150])\n"
    'play_match(match, seat_bots(["greedy", "search"], 2, 2))\n'
    f'ReviewWidget(match, seed={SEED}, samples={SAMPLES}, name="browser-review")'
)


def expected() -> Review:
    """The same review, made here: what the widget must announce."""
    match = Match(2, seed=2, start_scores=[150, 150])
    play_match(match, seat_bots(["greedy", "search"], 2, 2))
    return review(match, seed=SEED, samples=SAMPLES)


@pytest.fixture(scope="module", params=FRONT_ENDS)
def review_page(
    request: pytest.FixtureRequest, browser: Any, servers: Any
) -> Iterator[OpenNotebook]:
    """A review widget in one front end, its cell run."""
    server = servers(request.param)
    notebook = one_cell_notebook(REVIEW_CELL, "review")
    (server.root / REVIEW_NOTEBOOK).write_text(json.dumps(notebook), "utf-8")
    yield from open_notebook(browser, server, REVIEW_NOTEBOOK)


def press_on(page: Any, keys: ui.Keys, widget: ui.Widget, name: str) -> str:
    """Tab to the widget's button ``name`` and press Enter; the live line once it changes."""
    before = widget.live()
    ui.tab_to(page, widget.button(name), keys=keys)
    keys.press("Enter")
    ui.wait_until(lambda: widget.live() != before, 30, f"an announcement after {name}")
    return widget.live()


def test_step_and_jump_to_the_next_mistake_with_the_keyboard(review_page: OpenNotebook) -> None:
    page = review_page.page
    reviewed = expected()
    (widget,) = ui.widgets(page, ".exact61-review")
    first, second = reviewed.decisions[0], reviewed.decisions[1]
    assert widget.live() == first.text("en")
    keys = ui.Keys(page)
    assert press_on(page, keys, widget, "next") == second.text("en")
    assert "Move 2 of" in widget.text(".exact61-review-title")
    errors = reviewed.errors
    assert len(errors) >= 2
    said = press_on(page, keys, widget, "next-mistake")
    assert said == errors[0].text("en")
    assert said.split(" — ", 1)[1].startswith(("mistake", "blunder"))
    assert f"Move {errors[0].number} of" in widget.text(".exact61-review-title")
    assert "The better move:" in widget.text(".exact61-review-why")
    # Enter again, the focus still on the button: the mistake after it.
    before = widget.live()
    keys.press("Enter")
    ui.wait_until(lambda: widget.live() != before, 30, "the second mistake")
    assert widget.live() == errors[1].text("en")
    assert press_on(page, keys, widget, "previous-mistake") == errors[0].text("en")
    assert widget.error() == ""
    print(f"{review_page.kind}: {keys.summary()}")


TABLE_NOTEBOOK = "browser_review_table.ipynb"
TABLE_CELL = (
    "from exact61_widgets.widgets import MatchTable\n"
    'MatchTable(2, seed=5, human=None, start_scores=[150, 150], review_samples=8, name="rt")'
)


@pytest.fixture(scope="module", params=FRONT_ENDS)
def table_page(
    request: pytest.FixtureRequest, browser: Any, servers: Any
) -> Iterator[OpenNotebook]:
    """A table of bots only in one front end, its cell run."""
    server = servers(request.param)
    notebook = one_cell_notebook(TABLE_CELL, "table")
    (server.root / TABLE_NOTEBOOK).write_text(json.dumps(notebook), "utf-8")
    yield from open_notebook(browser, server, TABLE_NOTEBOOK)


def test_the_table_opens_its_review_once_the_hand_is_over(table_page: OpenNotebook) -> None:
    """Review is disabled mid-hand; after the hand it opens the review in place of the table,
    and Back to the table returns, all with the keyboard."""
    page = table_page.page
    (table,) = ui.widgets(page, ".exact61-table")
    review_button = table.button("open-review")
    assert review_button.is_disabled()
    keys = ui.Keys(page)
    ui.tab_to(page, table.button("auto-play"), keys=keys)
    keys.press("Enter")  # bots only: the whole hand is played
    ui.wait_until(lambda: review_button.is_enabled(), 60, "Review to be enabled")
    ui.tab_to(page, review_button, keys=keys)
    keys.press("Enter")
    shown = table.root.locator(".exact61-table-review .exact61-review")
    shown.locator(".exact61-board svg").first.wait_for(state="attached", timeout=60_000)
    assert table.root.locator(".exact61-table-controls").first.is_hidden()
    live = shown.locator(".exact61-board-live").first
    ui.wait_until(
        lambda: "review of the match" in (live.text_content() or "").lower(),
        30,
        "the review to say what it is",
    )
    ui.tab_to(page, table.button("back-to-table"), keys=keys)
    keys.press("Enter")
    ui.wait_until(lambda: shown.count() == 0, 30, "the review to close")
    controls = table.root.locator(".exact61-table-controls").first
    ui.wait_until(controls.is_visible, 30, "the table's controls to show again")
    ui.wait_until(lambda: "Back at the table." in table.live(), 30, "the table to say so")
    print(f"{table_page.kind}: {keys.summary()}")
