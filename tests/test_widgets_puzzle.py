"""The puzzle widget: the position as the mover sees it, right and wrong answers, filters."""

from __future__ import annotations

import html

import pytest

from exact61_widgets.engine import Play, parse_action
from exact61_widgets.engine.movetext import describe_action
from exact61_widgets.puzzles import load_puzzles
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.puzzle import PuzzleWidget, puzzle_moves

PUZZLES = load_puzzles()


def wrong_move(widget: PuzzleWidget) -> Play:
    return next(m for m in puzzle_moves(widget.puzzle) if str(m) not in widget.puzzle.answer)


def with_choice() -> str:
    """A puzzle with at least three legal moves."""
    return next(p.id for p in PUZZLES if len(p.moves) >= 3)


def test_it_shows_the_position_as_the_mover_sees_it() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    puzzle = widget.puzzle
    assert puzzle.id in widget.title.value and str(puzzle.rating) in widget.title.value
    assert f"seat {puzzle.seat}" in widget.question.value
    markup = widget.board.svg
    for tile in puzzle.hand:  # the mover's own tiles are face up
        assert f'data-tile="{tile}"' in markup
    hidden = [str(t) for s, h in enumerate(puzzle.match().hands) if s != puzzle.seat for t in h]
    assert not any(f'data-tile="{t}"' in markup for t in hidden)
    assert widget.feedback.value == "" and widget.state == "open"
    check = puzzle.fairness
    assert f"in {check.agree} of {check.deals} deals" in widget.fairness_line.value


def test_the_right_move_explains_and_counts_in_the_streak() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    puzzle = widget.puzzle
    assert widget.choose(puzzle.answer[0]) is True
    assert widget.state == "solved" and widget.streak == 1 and puzzle.id in widget.solved
    assert puzzle.explain("en")[:40] in widget.feedback.value.replace("&#x27;", "'")
    assert widget.match.layout != puzzle.match().layout  # the answer is on the table now
    assert "Themes" in widget.title.value
    with pytest.raises(WidgetError):
        widget.choose(puzzle.answer[0])


def test_a_wrong_move_says_what_it_gives_and_lets_you_try_again() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    widget.streak = 4
    wrong = wrong_move(widget)
    before = str(widget.match.layout)
    assert widget.choose(wrong) is False
    assert widget.state == "open" and widget.streak == 0
    assert "Not the best" in widget.feedback.value and "Try again" in widget.feedback.value
    assert widget.board.announcement.startswith("Not the best")  # read out by screen readers
    assert html.escape(widget.board.announcement) in widget.feedback.value
    assert str(widget.match.layout) == before
    assert widget.choose(widget.puzzle.answer[0]) is True
    assert widget.streak == 0  # solved, but not at the first try
    widget.next()
    assert widget.state == "open" and widget.feedback.value == ""
    widget.choose(widget.puzzle.answer[0])
    assert (widget.streak, widget.best_streak) == (1, 1)


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    widget.streak = 2
    with pytest.raises(ValueError):
        widget.choose("[6|6]@[6|6]:branchA")
    assert widget.streak == 2 and widget.state == "open"


def test_board_clicks_and_the_move_line_answer_too() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    answer = parse_action(widget.puzzle.answer[0])
    assert isinstance(answer, Play) and answer.at is not None
    widget.board.receive({"type": "click", "tile": str(answer.tile)})
    assert widget.state == "open"
    widget.board.receive({"type": "key", "key": "Enter", "place": str(answer.at)})
    assert widget.state == "solved", widget.board.error
    widget.next()
    move = parse_action(widget.puzzle.answer[0])
    widget.move_line.input.value = describe_action(widget.match, move, "en")
    assert widget.move_line.enter(), widget.board.error
    assert widget.state == "solved"
    with pytest.raises(WidgetError):
        widget.move_line.play_text("anything")  # solved: the line takes no move


def test_giving_up_shows_the_answer_and_ends_the_streak() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    widget.streak = 3
    widget.reveal()
    assert widget.state == "shown" and widget.streak == 0
    assert "The answer, shown" in widget.feedback.value
    assert widget.reveal_button.disabled
    with pytest.raises(WidgetError):
        widget.reveal()


def test_filters_by_theme_and_rating_and_the_controls_follow() -> None:
    widget = PuzzleWidget(lang="en")
    widget.set_filter(topic="exact_finish")
    assert widget.selection and all("exact_finish" in p.themes for p in widget.selection)
    assert widget.topic_input.value == "exact_finish"
    ratings = sorted(p.rating for p in PUZZLES)
    low, high = ratings[len(ratings) // 3], ratings[2 * len(ratings) // 3]
    widget.set_filter(rating=(low, high))
    assert all(low <= p.rating <= high for p in widget.selection)
    assert [p.rating for p in widget.selection] == sorted(p.rating for p in widget.selection)
    assert widget.rating_range == (widget.rating_low.value, widget.rating_high.value)
    assert widget.rating_low.value >= low and widget.rating_high.value <= high  # they follow
    widget.topic_input.value = "overshoot"  # as a click in the browser would
    assert all("overshoot" in p.themes for p in widget.selection)
    widget.topic_input.value = ""
    widget.rating_high.value = ratings[-1]  # the sliders are named ranges a drag moves
    widget.rating_low.value = ratings[len(ratings) // 2]
    assert widget.selection and all(
        p.rating >= ratings[len(ratings) // 2] for p in widget.selection
    )
    assert widget.rating_low.description == "Lowest rating"
    assert widget.rating_high.description == "Highest rating"
    with pytest.raises(WidgetError):
        widget.set_filter(topic="no-such-theme")
    with pytest.raises(WidgetError):
        widget.set_filter(rating=(0, 10))
    assert widget.selection  # refused: the selection stays


def test_next_and_previous_go_round_the_selection() -> None:
    widget = PuzzleWidget(lang="en")
    first = widget.puzzle.id
    widget.previous()
    assert widget.index == len(widget.selection) - 1
    widget.next()
    assert widget.puzzle.id == first
    widget.go_to(widget.selection[5].id)
    assert widget.index == 5
    with pytest.raises(WidgetError):
        widget.go_to("nope")


def test_russian_texts() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="ru")
    assert "Задача" in widget.title.value and "Вы" in widget.question.value
    widget.choose(wrong_move(widget))
    assert "Не лучший ход" in widget.feedback.value
    widget.reveal()
    assert "Ответ" in widget.feedback.value


def test_the_saved_output_shows_the_question_never_the_answer() -> None:
    widget = PuzzleWidget(puzzle=with_choice(), lang="en")
    puzzle = widget.puzzle
    bundle = widget._repr_mimebundle_()
    assert (
        bundle["text/plain"] == f"PuzzleWidget(puzzle={puzzle.id!r}, rating={puzzle.rating}, "
        "lang='en')"
    )
    static = bundle["text/html"]
    assert "<svg" in static and "find the best move" in static
    assert "Fairness: in " in static and "Wilson" in static
    assert puzzle.explain("en")[:30] not in static
    widget.choose(puzzle.answer[0])
    assert widget._repr_mimebundle_()["text/html"] == static  # solved: still the question
    again = PuzzleWidget(puzzle=puzzle.id, lang="en")._repr_mimebundle_()["text/html"]
    assert again == static  # deterministic


def test_the_explorer_shows_each_moves_exact_value_and_line_when_every_tile_is_known() -> None:
    from exact61_widgets.engine.solve import notation, solve
    from exact61_widgets.widgets import PositionExplorer

    match = next(p for p in PUZZLES if len(p.moves) >= 3).match()
    explorer = PositionExplorer(match, lang="en")
    table = explorer.exact_table.value
    solution = solve(match)
    for move in solution.moves:
        row = (
            f"<td>{notation(move.action)}</td><td>{move.text('en')}</td>"
            f"<td>{' '.join(notation(a) for a in move.line)}</td>"
        )
        assert row in table
    explorer.play(solution.best.action)  # the table follows the position
    assert explorer.exact_table.value != table
    big = PositionExplorer(lang="ru")  # the default position: too many tiles left
    assert "Точные ценности появляются" in big.exact_table.value
