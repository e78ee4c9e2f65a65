"""The review widget and its graph: stepping, jumping to mistakes, trying one, saved, themed."""

from __future__ import annotations

import re
from functools import cache

import pytest
from test_review import planted_blunder

from exact61_widgets.engine.review import Review, review
from exact61_widgets.render.svg_review import review_graph_svg
from exact61_widgets.render.theme import DARK, LIGHT
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.puzzle import PuzzleWidget
from exact61_widgets.widgets.review import ReviewWidget


@cache
def reviewed() -> Review:
    """A greedy match with a planted blunder, reviewed on 12 deals a decision."""
    match, _, _, _ = planted_blunder()
    return review(match, samples=12)


def test_it_steps_move_by_move_with_every_hand_open() -> None:
    widget = ReviewWidget(reviewed(), lang="en")
    assert widget.index == 0 and widget.previous_button.disabled
    widget.next()
    d = widget.decision
    assert d.number == 2 and widget.slider.value == 2
    for hand in widget.match.hands:  # every hand face up
        for tile in hand:
            assert f'data-tile="{tile}"' in widget.board.svg
    assert widget.board.announcement == d.text("en")
    assert f"hand {d.hand}, seat {d.seat}" in widget.title.value
    widget.last()
    assert widget.next_button.disabled and widget.index == len(reviewed().decisions) - 1
    widget.slider.value = 3  # the named slider moves too
    assert widget.decision.number == 3
    widget.first()
    assert widget.decision.number == 1
    with pytest.raises(WidgetError):
        widget.go_to(0)


def test_next_mistake_jumps_and_explains_the_better_move() -> None:
    widget = ReviewWidget(reviewed(), lang="en")
    errors = reviewed().errors
    assert errors
    widget.next_mistake()
    assert widget.decision == errors[0]
    assert "The better move:" in widget.details.value
    assert "interval at 95%" in widget.details.value and "(played)" in widget.details.value
    widget.last()
    widget.next_mistake()
    assert widget.board.announcement == "No mistake after this move."
    widget.previous_mistake()
    assert widget.decision == errors[-1]


def test_trying_a_mistake_poses_it_as_a_puzzle_whose_answer_is_the_better_move() -> None:
    widget = ReviewWidget(reviewed(), lang="en")
    blunder = next(d for d in reviewed().errors if d.grade == "blunder")
    widget.go_to(blunder.number)
    puzzle_widget = widget.try_it()
    assert isinstance(puzzle_widget, PuzzleWidget)
    assert widget.puzzle_area.children == (puzzle_widget,)
    puzzle = puzzle_widget.puzzle
    assert puzzle.answers == (blunder.best,)
    assert str(puzzle_widget.match.layout) == str(reviewed().at(blunder).layout)
    assert puzzle_widget.choose(blunder.best) is True
    assert "The better move" in puzzle.explain("en") and re.search("[а-я]", puzzle.explain("ru"))
    widget.first()
    assert widget.puzzle_area.children == ()
    if widget.decision.grade in ("best", "only"):
        assert widget.try_button.disabled
        assert widget.guard.run(widget.try_it) is False  # refused, shown on the board
        assert widget.board.error


def test_the_saved_form_is_the_summary_table_and_the_graph() -> None:
    widget = ReviewWidget(reviewed(), lang="en")
    bundle = widget._repr_mimebundle_()
    saved = bundle["text/html"]
    assert "<table" in saved and "mean loss" in saved and "<svg" in saved
    assert "Expected outcome over the match" in saved
    assert bundle["text/plain"] == repr(widget) and "0x" not in repr(widget)
    assert ReviewWidget(reviewed(), lang="en").static_html() == saved  # deterministic


def test_the_graph_has_a_title_a_description_and_marks_every_error() -> None:
    result = reviewed()
    svg = str(review_graph_svg(result, lang="en"))
    assert svg == str(review_graph_svg(result, lang="en"))
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert svg.count('class="mark blunder"') == sum(d.grade == "blunder" for d in result.decisions)
    assert svg.count('class="mark mistake"') == sum(d.grade == "mistake" for d in result.decisions)
    chosen = sum(d.grade != "only" for d in result.decisions)
    assert svg.count('class="mark ') == chosen and svg.count('class="legend-mark ') == 3
    for error in result.errors:
        assert f"move {error.number} (hand {error.hand}" in svg
    current = str(review_graph_svg(result, current=result.errors[0].number, lang="en"))
    assert 'class="current"' in current and 'class="current"' not in svg
    russian = str(review_graph_svg(result, lang="ru"))
    assert "Ожидаемый итог" in russian and "грубая ошибка" in russian


def test_both_themes() -> None:
    widget = ReviewWidget(reviewed(), lang="en", theme="dark")
    assert DARK["background"] in widget.graph.value and DARK["background"] in widget.board.svg
    light = ReviewWidget(reviewed(), lang="en")
    assert LIGHT["background"] in light.graph.value
    light.board.page_theme = "dark"
    assert DARK["background"] in light.graph.value and DARK["background"] in light.board.svg


def test_named_buttons_and_russian_texts() -> None:
    widget = ReviewWidget(reviewed(), lang="ru")
    names = [
        b.description
        for b in (
            widget.first_button,
            widget.previous_button,
            widget.next_button,
            widget.last_button,
            widget.previous_mistake_button,
            widget.next_mistake_button,
            widget.try_button,
        )
    ]
    assert all(names) and "Следующая ошибка" in names
    assert "exact61-next-mistake" in widget.next_mistake_button._dom_classes
    assert widget.slider.description == "Ход"
    assert re.search("[а-я]", widget.summary.value) and "игрок 0" in widget.summary.value


def test_it_reviews_a_match_or_a_record_itself() -> None:
    match, _, _, _ = planted_blunder()
    widget = ReviewWidget(match, samples=4, lang="en")
    assert widget.review.samples == 4 and len(widget.review.decisions) == len(reviewed().decisions)
