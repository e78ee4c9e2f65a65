"""The live class in Chromium: the teacher's console and three learners' pages, on the
classroom's own server (``scripts/classroom_server.py``, as ``make classroom`` runs it).

The teacher opens a room and a question; Ann answers right with the keyboard alone, Bob with
a known misconception (on a 360-pixel phone), Кира in Russian with nonsense, which is
refused in Russian; Bob reloads in the middle and finds his answer. The console counts
"answered 2 of 3", closes and reveals: the distribution shows one right answer and one of
Bob's misconception, and each learner sees their own feedback. A second round shows the
shift. axe-core finds no violation on either page. Every wait is on a condition.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from live_server import SECRET, a_mistake, classroom_server, first_numbered

from exact61_widgets.classroom.bank import find_bank, task_of
from exact61_widgets.classroom.labels import did

from .harness import axe_violations

BANK = "01_tiles_points_and_target"
#: Seconds any one thing may take to show on a busy machine.
WAIT = 30_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with classroom_server(tmp_path_factory.mktemp("live")) as running:
        yield running.url


def tab_to(page: Any, element_id: str, limit: int = 30) -> None:
    """Press Tab until the element with this id has the focus."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    pytest.fail(f"#{element_id} never took the focus in {limit} Tab presses")


def test_a_question_with_three_learners_two_rounds_and_the_keyboard(
    browser: Any, server: str
) -> None:
    bank = find_bank(BANK)
    key = first_numbered(bank)
    task = task_of(bank.entry(key))
    right = task.answer("en")
    wrong, misconception = a_mistake(task)
    hint_en = next(m for m in task.misconceptions if m.key == misconception).text("en")

    contexts = []

    def context(**options: Any) -> Any:
        made = browser.new_context(bypass_csp=True, **options)  # axe is injected into the page
        contexts.append(made)
        return made

    try:
        # The teacher: the key once, then the console; a new room on the bank.
        console = context(viewport={"width": 1366, "height": 768}).new_page()
        console.goto(f"{server}/live/teacher?key={SECRET}&lang=en")
        console.select_option("#bank", BANK)
        console.click("#new-room button[type=submit]")
        console.wait_for_selector("#code", timeout=WAIT)
        code = console.inner_text("#code").strip()
        join = console.inner_text("#join-url").strip()
        assert join.endswith(f"/live/r/{code}")
        assert console.locator(".qr svg[role=img]").count() == 1
        console.wait_for_selector(f"#choose option[value='{key}']", state="attached", timeout=WAIT)
        console.select_option("#choose", key)
        console.click("#open")
        console.wait_for_function("() => document.body.dataset.phase === 'open'", timeout=WAIT)

        ann = context(viewport={"width": 1024, "height": 768}).new_page()
        bob = context(viewport={"width": 360, "height": 740}, is_mobile=True).new_page()
        kira = context(viewport={"width": 800, "height": 700}, locale="ru-RU").new_page()
        ann.goto(join + "?lang=en")
        bob.goto(join + "?lang=en")
        kira.goto(join + "?lang=ru")
        for page in (ann, bob, kira):
            page.wait_for_selector("#answer", timeout=WAIT)
        console.wait_for_function(
            "() => document.getElementById('answered').textContent === 'answered 0 of 3'",
            timeout=WAIT,
        )

        # Ann, keyboard alone: her name, then the right answer.
        ann.locator("body").focus()
        tab_to(ann, "nickname")
        ann.keyboard.type("Ann")
        ann.keyboard.press("Enter")
        ann.wait_for_selector("#named:not([hidden])", timeout=WAIT)
        assert "Ann" in ann.inner_text("#named")
        tab_to(ann, "answer")
        ann.keyboard.type(right)
        ann.keyboard.press("Enter")
        ann.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Answer received')",
            timeout=WAIT,
        )

        # Bob, on a phone: a known misconception; the page fits 360 px.
        bob.fill("#answer", wrong)
        bob.click("#answer-form button[type=submit]")
        bob.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Answer received')",
            timeout=WAIT,
        )
        assert bob.evaluate("() => document.documentElement.scrollWidth") <= 360

        # Кира: nonsense, refused in Russian; nothing counted.
        kira.fill("#answer", "жёлтый")
        kira.press("#answer", "Enter")
        kira.wait_for_function(
            "() => document.getElementById('error').textContent.length > 0", timeout=WAIT
        )
        assert "ответ" in kira.inner_text("#error")
        assert kira.inner_text("#status") == ""

        console.wait_for_function(
            "() => document.getElementById('answered').textContent === 'answered 2 of 3'",
            timeout=WAIT,
        )
        assert console.locator("#names li").all_text_contents() == ["Ann"]

        # Bob reloads in the middle: the same question, his answer in the box and received.
        bob.reload()
        bob.wait_for_function(
            f"() => document.getElementById('answer') && "
            f"document.getElementById('answer').value === {wrong!r}",
            timeout=WAIT,
        )
        assert "Answer received" in bob.inner_text("#status")
        assert bob.locator("#feedback").count() == 0  # nothing before the reveal

        # The teacher closes and reveals, with the keyboard.
        console.focus("#close")
        console.keyboard.press("Enter")
        console.wait_for_selector("#distribution:not([hidden]) li", timeout=WAIT)
        assert console.get_attribute("li[data-key=right]", "data-count") == "1"
        assert console.get_attribute(f"li[data-key='{misconception}']", "data-count") == "1"
        assert f"1 {did(misconception, 'en')}" in console.inner_text("#distribution")
        for page in (ann, bob):
            page.wait_for_function("() => document.body.dataset.phase === 'closed'", timeout=WAIT)
            assert page.locator("#feedback").count() == 0
        console.focus("#reveal")
        console.keyboard.press("Enter")
        console.wait_for_selector("#solution:not([hidden])", timeout=WAIT)
        ann.wait_for_selector("#feedback-text.right", timeout=WAIT)
        bob.wait_for_selector("#feedback-text.wrong", timeout=WAIT)
        assert hint_en in bob.inner_text("#feedback-text")
        assert hint_en not in ann.inner_text("body")
        kira.wait_for_function("() => document.body.dataset.phase === 'revealed'", timeout=WAIT)
        assert kira.locator("#feedback").count() == 0
        assert "вы не отвечали" in kira.inner_text("#status")

        # axe-core: no violation on the console or on a learner's page (with feedback).
        assert axe_violations(console) == []
        assert axe_violations(bob) == []
        assert axe_violations(kira) == []

        # The second round: Bob changes his mind; the console shows the shift.
        console.click("#again")
        bob.wait_for_selector("#answer", timeout=WAIT)
        assert "Discuss with your neighbour" in bob.inner_text("#question")
        bob.fill("#answer", right)
        bob.press("#answer", "Enter")
        bob.wait_for_function(
            "() => document.getElementById('status').textContent.includes('Answer received')",
            timeout=WAIT,
        )
        console.wait_for_function(
            "() => document.getElementById('answered').textContent === 'answered 1 of 3'",
            timeout=WAIT,
        )
        console.click("#close")
        console.wait_for_selector("#distribution:not([hidden]) li", timeout=WAIT)
        shift = console.inner_text("li[data-key=right]")
        assert "1 → 1" in shift, shift
        assert "1 → 0" in console.inner_text(f"li[data-key='{misconception}']")
    finally:
        for made in contexts:
            made.close()
