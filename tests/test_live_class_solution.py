"""The reveal's solution: the engine's explanation, its picture and the tutorials'
walkthrough, made once a question and ahead of the reveal, off the event loop."""

from __future__ import annotations

import pytest

from exact61_widgets.classroom.bank import (
    find_bank,
    prepare_solutions,
    solution_ready,
    solution_view,
    task_of,
)
from exact61_widgets.handouts.items import explanation
from exact61_widgets.handouts.tutorial_exercises import TutorialExercise
from exact61_widgets.i18n import LANGUAGES


def _first(kind: str) -> TutorialExercise:
    return next(e for e in find_bank("all").entries if e.spec["kind"] == kind)


@pytest.mark.parametrize("kind", ["going_out", "blocked_award", "scoring_ends"])
def test_a_kind_the_tutorials_walk_through_shows_every_step_on_the_reveal(kind: str) -> None:
    entry = _first(kind)
    task = task_of(entry)
    for lang in LANGUAGES:
        solved = solution_view(entry, f"t-{kind}", lang)
        assert solved.solution == explanation(task, lang)  # the engine's own words
        assert solved.answer == task.answer(lang)  # shown apart, above them
        assert solved.pictures and all("<svg" in p for p in solved.pictures)
        assert solved.walkthrough.count("<svg") >= 2  # a strip: a picture a step
        assert f"t-{kind}-walk" in solved.walkthrough  # its own ids, apart from the question's
    english = solution_view(entry, f"t-{kind}", "en").walkthrough
    assert english != solution_view(entry, f"t-{kind}", "ru").walkthrough


def test_a_kind_without_a_walkthrough_shows_the_engines_picture_of_the_answer() -> None:
    entry = _first("rounding")
    solved = solution_view(entry, "t-round", "en")
    assert solved.walkthrough == ""
    assert solved.pictures == (task_of(entry).picture("t-round-pic", "en"),)


def test_the_solution_is_made_ahead_once_for_every_language() -> None:
    entry = _first("going_out")
    assert not any(solution_ready(entry, "t-ahead", lang) for lang in LANGUAGES)
    prepare_solutions(entry, "t-ahead")
    assert all(solution_ready(entry, "t-ahead", lang) for lang in LANGUAGES)
    assert solution_view(entry, "t-ahead", "en") is solution_view(entry, "t-ahead", "en")
