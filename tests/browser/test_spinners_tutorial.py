"""03_spinners_and_branches in JupyterLab 4 and Notebook 7: walkthrough, board, themes.

The notebook is opened and run once per front end; the tests then use its
spinner walkthrough (``.exact61-walkthrough``) and its position explorer
(``.exact61-explorer``) as a learner would, with clicks, and check that Python
answered: only Python writes the caption, the step label, the aria-live line and
the pictures.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.render.theme import DARK, LIGHT

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, open_tutorial

NOTEBOOK = "03_spinners_and_branches.ipynb"
_STEP = re.compile(r"(\d+)\D+(\d+)")


@pytest.fixture(scope="module", params=FRONT_ENDS)
def spinners(request: pytest.FixtureRequest, browser: Any, servers: Any) -> Iterator[OpenNotebook]:
    """The tutorial open in one front end, all cells run."""
    yield from open_tutorial(browser, servers, request.param, NOTEBOOK)


def step_label(walk: ui.Widget) -> tuple[int, int]:
    """The walkthrough's "Step k of n" label as (k, n)."""
    found = _STEP.search(walk.text(".exact61-step-label"))
    assert found is not None, walk.text(".exact61-step-label")
    return int(found.group(1)), int(found.group(2))


def test_walkthrough_next_and_back_change_caption_step_and_picture(spinners: OpenNotebook) -> None:
    """Next shows the following step (caption, label, SVG), Back returns to the same one."""
    walk = ui.widgets(spinners.page, ".exact61-walkthrough")[0]
    walk.button("reset").click() if step_label(walk)[0] > 1 else None
    ui.wait_until(lambda: step_label(walk)[0] == 1, 10, "step 1")
    first_caption = walk.text(".exact61-caption-text")
    first_picture = walk.markup()
    count = step_label(walk)[1]
    assert count >= 3 and first_caption

    walk.button("next").click()
    walk.wait_for_change(first_picture)
    ui.wait_until(lambda: step_label(walk) == (2, count), 10, "the label to say step 2")
    ui.wait_until(lambda: walk.text(".exact61-caption-text") != first_caption, 10, "a new caption")
    second_caption = walk.text(".exact61-caption-text")
    ui.wait_until(
        lambda: walk.live() == second_caption,
        10,  # read out by screen readers
        "the aria-live line to read the new caption",
    )

    walk.button("back").click()
    ui.wait_until(lambda: step_label(walk) == (1, count), 10, "the label to say step 1")
    ui.wait_until(
        lambda: walk.text(".exact61-caption-text") == first_caption, 10, "the first caption again"
    )
    ui.wait_until(lambda: walk.markup() == first_picture, 10, "the first picture again")


def test_clicking_a_tile_then_a_lit_place_on_the_board_plays_in_python(
    spinners: OpenNotebook,
) -> None:
    """On the explorer: a hand tile, then a lit open place; Python plays, redraws, announces."""
    board = ui.widgets(spinners.page, ".exact61-explorer")[0]
    status_before = board.text(".exact61-status")
    mover = re.search(r"seat (\d+) to move", status_before)
    assert mover is not None, status_before
    layout_before = board.picture.locator(".exact61-layout").inner_html()
    tile, place = ui.click_tile_then_place(board, f".exact61-hand{mover.group(1)}")
    ui.wait_until(
        lambda: board.text(".exact61-status") != status_before, 10, "the status line to change"
    )
    ui.wait_until(lambda: tile in board.live(), 10, "the announcement of the play")
    assert board.error() == ""
    layout_after = board.picture.locator(".exact61-layout").inner_html()
    assert layout_after != layout_before
    assert f'data-tile="{tile}"' in layout_after  # the tile is on the table now
    assert f'data-place="{place}"' not in layout_after  # and its place is taken


def test_boards_are_drawn_in_the_light_and_the_dark_theme(
    spinners: OpenNotebook, screenshots: Path
) -> None:
    """Screenshots in JupyterLab Light and Dark, each with real SVG boards full of tiles.

    The board reports the page's theme to Python, which redraws in the matching palette.
    """
    page, kind = spinners.page, spinners.kind
    walk = ui.widgets(page, ".exact61-walkthrough")[0]
    explorer = ui.widgets(page, ".exact61-explorer")[0]
    saved = []
    try:
        for dark in (False, True):
            ui.set_theme(page, dark)
            assert ui.theme_is_dark(page) == dark
            theme = "dark" if dark else "light"
            for name, widget in (("walkthrough", walk), ("explorer", explorer)):
                background = (DARK if dark else LIGHT)["background"]
                ui.wait_until(
                    lambda w=widget, b=background: b in w.markup(),
                    20,
                    f"Python to redraw the {name} in the {theme} palette",
                )
                widget.board.scroll_into_view_if_needed()
                stats = ui.board_stats(widget)
                assert stats["svgs"] >= 1 and stats["tiles"] >= 1, stats
                assert stats["elements"] >= 20 and stats["width"] > 100, stats
                saved.append(
                    ui.screenshot(page, screenshots / f"{kind}-02-{name}-{theme}.png", widget.root)
                )
            saved.append(ui.screenshot(page, screenshots / f"{kind}-02-page-{theme}.png"))
    finally:
        ui.set_theme(page, False)
    for path in saved:
        assert path.stat().st_size > 5000, path
    print(f"\nscreenshots ({kind}): {screenshots}")


def test_an_exercise_reveals_its_answer_only_after_a_right_answer_or_on_request(
    spinners: OpenNotebook,
) -> None:
    """Run All revealed nothing. A wrong answer gets feedback and no reveal; Show solution
    opens the reveal (its picture and the engine's reason); a right answer opens another."""
    from exact61_widgets.exercises import OpenPlaces

    page = spinners.page
    exercises = page.locator(".jupyter-widgets.exact61-exercise")
    exercises.first.locator("input[type=text]").first.wait_for(timeout=30_000)
    count = exercises.count()
    assert count == 5
    for index in range(count):  # after Run All, every reveal is still closed
        assert exercises.nth(index).locator(".exact61-reveal svg").count() == 0, index

    first = exercises.nth(0)
    answer = first.locator("input[type=text]").first
    answer.fill("[2|6]:high")
    answer.press("Enter")
    feedback = first.locator(".exact61-feedback p")
    feedback.wait_for(timeout=30_000)
    assert feedback.get_attribute("class") == "exact61-feedback-wrong", feedback.inner_html()
    assert "[2|2]:lineB" not in (feedback.text_content() or "")  # the answer is not told
    assert first.locator(".exact61-reveal svg").count() == 0
    first.locator("button.exact61-button.exact61-solution").click()
    first.locator(".exact61-reveal svg").first.wait_for(state="attached", timeout=30_000)
    reveal = first.locator(".exact61-reveal").text_content() or ""
    assert "(R4.3)" in reveal, reveal  # the engine's reason the branch is refused
    assert "[2|2]:lineB" in (first.locator(".exact61-solution-text").text_content() or "")

    third = exercises.nth(2)
    later = "[3|3] [3|5]@[3|3]:lineA [1|3]@[3|3]:lineB [5|5]@[3|5]:high"
    box = third.locator("input[type=text]").first
    box.fill(OpenPlaces(later).answer("en"))
    box.press("Enter")
    third.locator(".exact61-feedback-right").wait_for(timeout=30_000)
    third.locator(".exact61-reveal svg").first.wait_for(state="attached", timeout=30_000)
    assert third.locator(".exact61-solution-text").text_content() == ""  # no solution asked
