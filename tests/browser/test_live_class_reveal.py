"""The reveal of a fresh going-out question in Chromium, in Russian: the console shows the
engine's solution with every step of the notebooks' walkthrough, and axe-core finds no
violation on it. Every wait is on a condition."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from live_server import SECRET, classroom_server

from exact61_widgets.classroom.bank import FRESH, find_bank, solution_view, task_of

from .harness import axe_violations

BANK = FRESH + "05_going_out_and_rounding"
#: Milliseconds any one thing may take to show on a busy machine.
WAIT = 30_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with classroom_server(tmp_path_factory.mktemp("live-reveal")) as running:
        yield running.url


def test_the_reveal_shows_the_walkthrough_of_a_fresh_question(browser: Any, server: str) -> None:
    bank = find_bank(BANK)
    entry = next(e for e in bank.entries if e.spec["kind"] == "going_out")
    steps = solution_view(entry, "steps", "ru").walkthrough.count("<svg")
    context = browser.new_context(bypass_csp=True, viewport={"width": 1366, "height": 900})
    try:
        console = context.new_page()
        console.goto(f"{server}/live/teacher?key={SECRET}&lang=ru")
        console.select_option("#bank", BANK)
        console.click("#new-room button[type=submit]")
        console.wait_for_selector("#code", timeout=WAIT)
        console.wait_for_selector(
            f"#choose option[value='{entry.name}']", state="attached", timeout=WAIT
        )
        console.select_option("#choose", entry.name)
        console.click("#open")
        console.wait_for_function("() => document.body.dataset.phase === 'open'", timeout=WAIT)
        console.click("#close")
        console.wait_for_function("() => document.body.dataset.phase === 'closed'", timeout=WAIT)
        assert console.locator("#solution .walkthrough").count() == 0  # nothing before the reveal
        console.click("#reveal")
        console.wait_for_selector("#solution:not([hidden]) .walkthrough svg", timeout=WAIT)
        shown = console.locator("#solution .walkthrough svg").count()
        assert shown == steps >= 2
        text = console.inner_text("#solution")
        assert task_of(entry).answer("ru") in text
        assert axe_violations(console) == []
    finally:
        context.close()
