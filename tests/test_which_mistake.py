"""Which move was the mistake: the review's own verdict on a few decisions, asked as a question.

The task grades its decisions as the whole review does (the same seed, the same
numbers), refuses a question whose answer is not one clear mistake, and saves
and rebuilds itself; its feedback on a wrong choice names no other move.
"""

from __future__ import annotations

from functools import cache

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.review import grade_decisions, review
from exact61_widgets.exercises import ExerciseError, WhichMistake, task_from_spec
from exact61_widgets.simulation.matches import play_match, seat_bots


@cache
def greedy_match() -> Match:
    """A seeded match from 30 : 30, a greedy bot (seat 0) against a bot with search."""
    match = Match(2, seed=2, start_scores=[150, 150])
    return play_match(match, seat_bots(["greedy", "search"], 2, 2))


def test_a_few_decisions_are_graded_as_the_whole_review_grades_them() -> None:
    whole = review(greedy_match(), seed=1, samples=30)
    numbers = [d.number for d in whole.decisions if d.seat == 0][:6]
    few = grade_decisions(greedy_match(), numbers, seed=1, samples=30)
    assert [d.to_json() for d in few] == [whole.decisions[n - 1].to_json() for n in numbers]
    with pytest.raises(ValueError, match="there is no decision 999"):
        grade_decisions(greedy_match(), [999], seed=1, samples=30)


def test_the_answer_is_the_one_mistake_and_the_task_saves_itself() -> None:
    task = WhichMistake.of(greedy_match(), [34, 36, 38, 40], seed=1, samples=60)
    whole = review(greedy_match(), seed=1, samples=60)
    errors = [n for n in (34, 36, 38, 40) if whole.decisions[n - 1].is_error]
    assert task.answer() == str([34, 36, 38, 40].index(errors[0]) + 1)
    assert task.check(task.answer()).ok
    assert [p.to_move for p in task.positions] == [0, 0, 0, 0]
    again = task_from_spec(task.spec())
    assert again.answer() == task.answer() and again.spec() == task.spec()
    for lang in ("en", "ru"):
        assert task.question().text(lang) and task.answer() in task.solution(lang)
        assert all(g for g in task.giveaways(lang))


def test_a_wrong_choice_is_told_why_it_was_no_mistake() -> None:
    task = WhichMistake.of(greedy_match(), [34, 36, 38, 40], seed=1, samples=60)
    result = task.check("1")  # an only move
    assert not result.ok and result.diagnosis == ("only-move-blamed",)
    wrong = [str(i) for i in range(1, 5) if str(i) != task.answer()]
    for given in wrong:
        text = task.check(given).text("en")
        assert text.startswith(f"Not quite. Move {given} was not the mistake.")
        other = [w for w in ("1", "2", "3", "4") if w != given]
        assert not any(f"Move {w}" in text for w in other)  # no other move named
    assert task.check("7").malformed and task.check("seven").malformed


def test_a_question_without_one_clear_mistake_is_refused() -> None:
    whole = review(greedy_match(), seed=1, samples=60)
    best = [d.number for d in whole.decisions if d.seat == 0 and d.grade == "best"][:3]
    with pytest.raises(ExerciseError, match="exactly one of the moves"):
        WhichMistake.of(greedy_match(), best, seed=1, samples=60)
    mixed = [best[0], next(d.number for d in whole.decisions if d.seat == 1)]
    with pytest.raises(ExerciseError, match="one player's"):
        WhichMistake.of(greedy_match(), mixed, seed=1, samples=60)
    with pytest.raises(ExerciseError, match="at least two"):
        WhichMistake.of(greedy_match(), [38], seed=1, samples=60)
