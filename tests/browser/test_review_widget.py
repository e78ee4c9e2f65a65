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
from exact61_widgets.engine.selfplay import play_match, seat_bots

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, one_cell_notebook, open_notebook

REVIEW_NOTEBOOK = "browser_review.ipynb"
SEED, SAMPLES = 1, 60
REVIEW_CELL = (
    "from exact61_widgets.engine import Match\n"
    "from exact61_widgets.engine.selfplay import play_match, seat_bots\n"
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
