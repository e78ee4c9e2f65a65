"""Accessibility in JupyterLab 4 and Notebook 7: axe-core over every widget kind, light and
dark, and a whole walkthrough and a whole hand played with the keyboard alone.

One notebook, written at test time, holds one widget of every kind: a spinner and an
end-scoring walkthrough, the position explorer, the match table, an exercise, the puzzles and
a match review. It is
run once per front end; axe-core (from the npm registry, ``tests/browser/package.json``,
installed by ``make test``) is injected into the page and run over those widgets in the
JupyterLab Light and Dark themes: no serious or critical violation may remain, and the
focused board item is outlined in the colour of the palette drawn. The keyboard tests
count every key pressed from the moment the focus enters the widget (printed with ``-s``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import ui
from .conftest import FRONT_ENDS, OpenNotebook, open_notebook

NOTEBOOK = "a11y_every_widget.ipynb"
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
#: The outer box of every widget kind, as the widgets mark it.
WIDGET_ROOTS = (
    ".exact61-walkthrough",
    ".exact61-explorer",
    ".exact61-table",
    ".exact61-exercise",
    ".exact61-puzzles",
    ".exact61-review",
)
#: The cells: one widget of each kind (the walkthroughs' boards are a picture and a board
#: to act on; the explorer and table take plays; the exercise is a text box and a button).
CELLS = (
    "from exact61_widgets.exercises import PlayAward\n"
    "from exact61_widgets.widgets import Exercise\n"
    "from exact61_widgets.widgets import (EndScoringWalkthrough, MatchTable,\n"
    "                                     PositionExplorer, PuzzleWidget, SpinnerWalkthrough)",
    "SpinnerWalkthrough(name='a11y-spinner')",
    "EndScoringWalkthrough(name='a11y-scoring')",
    "PositionExplorer(name='a11y-explorer')",
    "MatchTable(players=2, seed=3, bots='greedy', hint_budget=None, name='a11y-table')",
    "Exercise(PlayAward('[1|4]', '[4|6]@[1|4]:high'), name='a11y-exercise')",
    "PuzzleWidget(name='a11y-puzzle')",
    "from exact61_widgets.engine import Match\n"
    "from exact61_widgets.simulation.matches import play_match, seat_bots\n"
    "from exact61_widgets.widgets import ReviewWidget\n"
    "reviewed = play_match(Match(2, seed=3, start_scores=[250, 250]), "
    "seat_bots(['greedy'], 2, 3))\n"
    "review_widget = ReviewWidget(reviewed, samples=6, name='a11y-review')\n"
    "review_widget.next_mistake()\n"
    "review_widget",
)
#: The WCAG levels axe checks (A and AA of WCAG 2.0 and 2.1).
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def write_notebook(folder: Path) -> None:
    """Write :data:`NOTEBOOK` (the cells of :data:`CELLS`, not yet run) into ``folder``."""
    cells: list[dict[str, Any]] = [
        {
            "cell_type": "code",
            "id": f"cell-{n}",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": source,
        }
        for n, source in enumerate(CELLS)
    ]
    notebook = {
        "cells": cells,
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
    }
    (folder / NOTEBOOK).write_text(json.dumps(notebook, indent=1), "utf-8")


@pytest.fixture(scope="module", params=FRONT_ENDS)
def every_widget(
    request: pytest.FixtureRequest, browser: Any, servers: Any
) -> Iterator[OpenNotebook]:
    """The notebook of every widget kind open in one front end, all cells run."""
    server = servers(request.param)
    write_notebook(server.root)
    yield from open_notebook(browser, server, NOTEBOOK)


def axe_run(page: Any) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """axe-core over every widget on the page (injected on first use): the violations, and
    how many elements each rule checked and passed."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core from tests/browser")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = page.evaluate(
        """async ([roots, tags]) => {
             const include = roots.filter(r => document.querySelector(r)).map(r => [r]);
             const result = await axe.run({include}, {runOnly: {type: 'tag', values: tags}});
             return {
               violations: result.violations.map(v => ({
                 id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.map(n => ({target: n.target.join(' '),
                                           summary: n.failureSummary}))})),
               passes: Object.fromEntries(result.passes.map(p => [p.id, p.nodes.length]))};
           }""",
        [list(WIDGET_ROOTS), AXE_TAGS],
    )
    return found["violations"], found["passes"]


#: The focus outline on a board item, per palette (board.css), as computed styles say it.
FOCUS_OUTLINE = {"light": "rgb(26, 95, 180)", "dark": "rgb(153, 193, 241)"}


def enter(widget: ui.Widget) -> None:
    """Put the focus on the widget's first Tab stop, as one Tab into it would (not counted)."""
    widget.root.evaluate(
        """root => {
             const stop = root.querySelector(
               '[data-exact61-item][tabindex="0"], button:not([disabled]), input, select');
             stop.scrollIntoView({block: 'center'});
             stop.focus();
           }"""
    )


def focus_outline(page: Any) -> dict[str, str]:
    """The computed outline of the focused element."""
    found: dict[str, str] = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                   return {style: s.outlineStyle, color: s.outlineColor,
                           width: s.outlineWidth}; }"""
    )
    return found


def axe_report(violations: list[dict[str, Any]]) -> str:
    """The violations, one line per rule and element."""
    return "\n".join(
        f"{v['impact']} {v['id']} ({v['help']}): {n['target']} — {n['summary']}"
        for v in violations
        for n in v["nodes"]
    )


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_no_serious_or_critical_axe_violation_in_any_widget(
    every_widget: OpenNotebook, dark: bool, screenshots: Path
) -> None:
    """axe-core over all the widgets (boards and their items, controls, texts), and the
    focused board item outlined in the colour of the palette drawn."""
    page, kind = every_widget.page, every_widget.kind
    theme = "dark" if dark else "light"
    for css in WIDGET_ROOTS:
        page.locator(css).first.wait_for(state="attached", timeout=30_000)
    explorer = ui.widgets(page, ".exact61-explorer")[0]
    try:
        ui.set_theme(page, dark)
        ui.wait_until(
            lambda: page.evaluate(
                f"""() => Array.from(document.querySelectorAll('.exact61-board'))
                   .every(b => b.dataset.theme === '{theme}')"""
            ),
            20,
            f"every board to draw in the {theme} palette",
        )
        violations, checked = axe_run(page)
        enter(explorer)
        ui.tab_to_board(page, explorer)
        page.keyboard.press("ArrowRight")  # a key press: the focus is shown (:focus-visible)
        outline = focus_outline(page)
        shot = ui.screenshot(page, screenshots / f"{kind}-a11y-focus-{theme}.png", explorer.board)
    finally:
        if dark:
            ui.set_theme(page, False)
    print(
        f"\naxe in {kind} ({theme}): {len(violations)} violations; focus {outline} ({shot})"
        f"\n{axe_report(violations)}"
    )
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, axe_report(bad)
    # axe did look at the boards: every item is a named button outside any picture role
    for rule in ("nested-interactive", "aria-command-name"):
        assert checked.get(rule, 0) >= 10, (rule, checked)
    assert outline["style"] == "solid" and outline["color"] == FOCUS_OUTLINE[theme], outline


def test_each_board_is_one_tab_stop_and_the_arrows_go_in_reading_order(
    every_widget: OpenNotebook,
) -> None:
    """On the explorer (a table and two hands): one Tab onto the board, one Tab off it; the
    arrows visit the items panel by panel, row by row from the top, left to right."""
    page = every_widget.page
    explorer = ui.widgets(page, ".exact61-explorer")[0]
    order = ui.board_order(explorer)
    assert len(order) >= 8 and order[0].startswith("[") and order[-1].startswith("tile ")
    boxes: list[dict[str, float]] = explorer.picture.evaluate(
        """(node, keys) => keys.map(key => {
             const item = Array.from(node.querySelectorAll('[data-exact61-item]')).find(
               n => (n.getAttribute('data-place') || 'tile ' + n.getAttribute('data-tile'))
                    === key);
             const box = item.getBoundingClientRect();
             const panel = Array.from(node.children).findIndex(p => p.contains(item));
             return {panel, x: box.left + box.width / 2, y: box.top + box.height / 2,
                     h: box.height};
           })""",
        order,
    )
    for before, after, key in zip(boxes, boxes[1:], order[1:], strict=False):
        assert after["panel"] >= before["panel"], key
        if after["panel"] == before["panel"]:
            same_row = abs(after["y"] - before["y"]) < max(before["h"], after["h"]) / 2
            assert after["x"] > before["x"] if same_row else after["y"] > before["y"], key
    keys = ui.Keys(page)
    ui.tab_to(page, explorer.root.locator(".exact61-mode button").last)
    keys.press("Tab")
    assert ui.focused_key(page) in order  # onto the board: its one Tab stop
    keys.press("Tab")
    assert ui.focused_key(page) is None and explorer.root.evaluate(
        "root => root.contains(document.activeElement)"
    )  # off it, to the next control
    assert keys.count == 2


def test_a_whole_walkthrough_with_the_keyboard_alone(every_widget: OpenNotebook) -> None:
    """The end-scoring walkthrough from its first step to its last with Next, back and forth
    with the step slider (Home, End), and the learner's own play chosen on its board."""
    page = every_widget.page
    walk = ui.widgets(page, ".exact61-walkthrough")[1]  # the end-scoring one
    keys = ui.Keys(page)
    label = walk.root.locator(".exact61-step-label")
    slider = walk.root.locator(".exact61-step-slider input[type=range]")
    assert slider.get_attribute("aria-valuetext") == label.text_content() == "Step 1 of 9"
    enter(walk)
    ui.tab_to(page, walk.button("next"), keys=keys)
    for step in range(2, 10):
        keys.press("Enter")
        ui.wait_until(
            lambda s=step: label.text_content() == f"Step {s} of 9",
            10,  # type: ignore[misc]
            f"step {step}",
        )
    assert walk.button("next").is_disabled()
    ui.tab_to(page, slider, keys=keys)
    keys.press("Home")
    ui.wait_until(lambda: label.text_content() == "Step 1 of 9", 10, "the slider's Home")
    keys.press("End")
    ui.wait_until(lambda: label.text_content() == "Step 9 of 9", 10, "the slider's End")
    keys.press("ArrowLeft")  # the arrows are the slider's, not the notebook's shortcuts
    ui.wait_until(lambda: label.text_content() == "Step 8 of 9", 10, "the slider's ArrowLeft")
    keys.press("ArrowRight")
    ui.wait_until(lambda: label.text_content() == "Step 9 of 9", 10, "the slider's ArrowRight")
    assert slider.get_attribute("aria-valuetext") == "Step 9 of 9"
    ui.tab_to_board(page, walk, keys)
    tray = [k for k in ui.board_order(walk) if k.startswith("tile ")]
    play = ui.keyboard_play(page, walk, tray, lambda: label.text_content() == "Step 10 of 10", keys)
    tile = play.split("@")[0]
    ui.wait_until(
        lambda: tile in walk.text(".exact61-caption-text"), 10, "the caption of the learner's play"
    )
    assert walk.error() == ""
    print(
        f"\nkeyboard walkthrough in {every_widget.kind}: 9 steps with Next, the slider's "
        f"Home, End and arrows, and the play {play}: {keys.summary()}"
    )


def test_a_whole_hand_with_the_keyboard_alone(every_widget: OpenNotebook) -> None:
    """The match table against a greedy bot: every play of the learner chosen with the
    arrows and Enter on the board's one Tab stop, Auto-play (Tab, Enter) for the bot."""
    page = every_widget.page
    table = ui.widgets(page, ".exact61-table")[0]
    keys = ui.Keys(page)
    enter(table)
    plays = ui.keyboard_hand(page, table, keys=keys)
    final = ui.table_status(table)
    assert ui.hand_is_over(final) and plays, (final, plays)
    log = table.text(".exact61-log")
    for play in plays:
        assert play.split("@")[0].split()[0] in log, (play, log)
    assert table.error() == ""
    print(
        f"\nkeyboard hand in {every_widget.kind}: {len(plays)} plays {plays}; {final}: "
        f"{keys.summary()}"
    )


def test_a_puzzle_with_the_keyboard_alone(every_widget: OpenNotebook) -> None:
    """The first puzzle of the set answered on its board with the arrows and Enter: the
    answer reaches Python and the feedback (right, or what the move gives against the best)
    is announced."""
    page = every_widget.page
    puzzle = ui.widgets(page, ".exact61-puzzles")[0]
    keys = ui.Keys(page)
    feedback = puzzle.root.locator(".exact61-puzzle-feedback")
    before = feedback.text_content() or ""
    enter(puzzle)
    ui.tab_to_board(page, puzzle, keys)
    tray = [k for k in ui.board_order(puzzle) if k.startswith("tile ")]
    play = ui.keyboard_play(
        page, puzzle, tray, lambda: (feedback.text_content() or "") != before, keys
    )
    assert (feedback.text_content() or "").strip() and puzzle.error() == ""
    verdict = (feedback.text_content() or "").strip()
    live = puzzle.root.locator(".exact61-board-live")
    ui.wait_until(
        lambda: (live.text_content() or "").strip() == verdict, 10, "the verdict read out"
    )
    assert live.get_attribute("aria-live") in ("polite", "assertive")
    print(f"\nkeyboard puzzle in {every_widget.kind}: {play}: {keys.summary()}")
