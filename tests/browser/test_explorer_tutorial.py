"""09_exploring_positions in JupyterLab 4 and Notebook 7: a click on an open place plays.

The explorer (``.exact61-explorer``) of the position near 61 is the reveal of the
exercise that asks what its exact play adds: after Run All it is not on the page; a
first try and Show solution open it. It is then clicked where the mover has exactly
one tile that fits: Python plays it, redraws the board, writes the status line and the
move list, and announces the play on the aria-live line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, open_tutorial

NOTEBOOK = "09_exploring_positions.ipynb"


@pytest.fixture(scope="module", params=FRONT_ENDS)
def explorer_page(
    request: pytest.FixtureRequest, browser: Any, servers: Any
) -> Iterator[OpenNotebook]:
    """The tutorial open in one front end, all cells run."""
    yield from open_tutorial(browser, servers, request.param, NOTEBOOK)


def status_of(explorer: ui.Widget) -> str:
    """The explorer's status line (whose turn, boneyard, hands)."""
    return explorer.text(".exact61-status")


def open_the_explorer(page: Any) -> None:
    """Answer the exercise whose reveal is the explorer (wrongly), then ask for its solution."""
    assert page.locator(".exact61-explorer").count() == 0  # Run All revealed nothing
    exercise = page.locator(".jupyter-widgets.exact61-exercise").nth(3)
    answer = exercise.locator("input[type=text]").first
    answer.fill("5")
    answer.press("Enter")
    exercise.locator(".exact61-feedback-wrong").wait_for(timeout=30_000)
    exercise.locator("button.exact61-button.exact61-solution").click()
    exercise.locator(".exact61-reveal .exact61-explorer").wait_for(timeout=30_000)


def test_clicking_an_open_place_plays_the_one_tile_that_fits(explorer_page: OpenNotebook) -> None:
    """Open places are clicked until one takes the mover's only fitting tile; Python plays it."""
    open_the_explorer(explorer_page.page)
    explorer = ui.widgets(explorer_page.page, ".exact61-explorer")[0]
    before = status_of(explorer)
    mover = re.search(r"seat (\d+) to move", before)
    assert mover is not None, before
    layout_before = explorer.picture.locator(".exact61-layout").inner_html()
    hand = explorer.picture.locator(f".exact61-hand{mover.group(1)} [data-tile]")
    tiles = {str(t.get_attribute("data-tile")) for t in hand.all()}
    answers = []
    for place in explorer.places():
        live = explorer.live()
        explorer.picture.locator(f'.exact61-layout [data-place="{place}"]').click()
        # Python answers every click on the aria-live line, after redrawing (if it played).
        ui.wait_until(
            lambda live=live: explorer.live() != live,  # type: ignore[misc]
            10,
            f"an answer to a click on {place}",
        )
        answers.append(explorer.live())
        if status_of(explorer) != before:
            break
    else:
        raise AssertionError(f"no open place took a tile: {answers}")
    layout_after = explorer.picture.locator(".exact61-layout").inner_html()
    assert layout_after != layout_before
    assert f'data-place="{place}"' not in layout_after  # the place is taken now
    ui.wait_until(
        lambda: any(t in explorer.live() for t in tiles),
        10,
        "the announcement to name the tile played",
    )
    played = [t for t in tiles if t in explorer.live()]
    assert f'data-tile="{played[0]}"' in layout_after
    assert explorer.error() == ""
