"""The fresh banks: beside every tutorial exercise, a new position of the same kind and
difficulty from the engine's generator, the same on every machine and after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from exact61_widgets.classroom.bank import (
    EVERY,
    FRESH,
    banks,
    find_bank,
    fresh_entry,
    make_fresh,
    question_view,
    solution_view,
    task_of,
)
from exact61_widgets.classroom.live import Lessons
from exact61_widgets.exercises.generate import difficulty_of, generated_kinds
from exact61_widgets.handouts.items import explanation
from exact61_widgets.i18n import LANGUAGES


def test_every_tutorial_exercise_of_a_generated_kind_has_a_fresh_twin() -> None:
    every = find_bank(EVERY)
    fresh = find_bank(FRESH + EVERY)
    made = [e for e in every.entries if task_of(e).kind in generated_kinds()]
    assert len(fresh.entries) == len(made) > 50
    for source, twin in zip(made, fresh.entries, strict=True):
        old, new = task_of(source), task_of(twin)
        assert twin.name == FRESH + source.name
        assert new.kind == old.kind and difficulty_of(new) == difficulty_of(old)
        assert new.spec() != old.spec()  # a new position, not the tutorial's own
        assert (twin.notebook, dict(twin.section)) == (source.notebook, dict(source.section))
        assert new.check(new.answer("en")).ok


def test_each_tutorials_bank_with_fresh_questions_is_offered_beside_it() -> None:
    names = [b.name for b in banks()]
    for bank in banks():
        if bank.name.startswith(FRESH):
            source = find_bank(bank.name.removeprefix(FRESH))
            assert names.index(bank.name) > names.index(source.name)
            assert [e.name for e in bank.entries] == [
                FRESH + e.name for e in source.entries if fresh_entry(e) is not None
            ]
            assert bank.entries  # no empty bank on the console
    assert FRESH + "04_scoring_ends" in names


def test_the_fresh_questions_are_the_same_made_again() -> None:
    for entry in find_bank(EVERY).entries[:20]:
        again = make_fresh(entry)
        kept = fresh_entry(entry)
        assert (again is None) == (kept is None)
        if again is not None and kept is not None:
            assert again.spec == kept.spec


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fresh_question_is_asked_and_solved_in_both_languages(lang: str) -> None:
    for entry in find_bank(FRESH + "04_scoring_ends").entries:
        shown = question_view(entry, "fq", lang)
        assert shown.question and shown.answer_form and shown.pictures
        assert solution_view(entry, "fs", lang).solution == explanation(task_of(entry), lang)


def test_a_class_on_a_fresh_bank_comes_back_after_a_restart(tmp_path: Path) -> None:
    lessons = Lessons(tmp_path)
    room = lessons.create(FRESH + "04_scoring_ends", "en", now=1_000_000.0)
    key = room.bank.entries[1].name
    room.open_question(key, now=1_000_001.0)
    task = task_of(room.bank.entry(key))
    room.submit("learner-a", 1, 1, task.answer("en"), now=1_000_002.0)
    lessons.close()
    again = Lessons(tmp_path)
    again.reopen()
    back = again.find(room.code)
    assert back.entry() is not None and back.entry().spec == task.spec()  # type: ignore[union-attr]
    assert back.answered(1, 1) == 1
    again.close()
