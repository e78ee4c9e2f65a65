"""The move line of the match table and the explorer: typed moves play and are announced."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import snapshot

from exact61_widgets import DRAW, Play
from exact61_widgets.engine.movetext import complete, describe_action
from exact61_widgets.widgets import MatchTable, PositionExplorer, Scenario
from exact61_widgets.widgets.moveline import MoveLine


def press_enter(line: MoveLine, text: str) -> None:
    """What the browser does: the typed value arrives, then Enter sends ``submit``."""
    line.input.value = text
    line.input._handle_custom_msg({"event": "submit"}, [])


def my_turn(table: MatchTable) -> MatchTable:
    table.auto_play()
    assert table.waiting_for_human
    return table


def test_the_line_is_labelled_and_suggests_the_legal_moves_in_plain_words() -> None:
    for lang, label in (("en", "Type a move"), ("ru", "Введите ход")):
        explorer = PositionExplorer(lang=lang)
        line = explorer.move_line
        assert line.input.description == label  # the input's accessible name
        assert "exact61-move-line" in line.input._dom_classes
        assert "exact61-play-typed" in line.play_button._dom_classes
        assert not line.input.ensure_option
        match = explorer.match
        assert list(line.input.options) == [
            describe_action(match, a, lang) for a in match.legal_actions()
        ]
        assert line in explorer.play_box.children


def test_typing_a_move_in_the_table_plays_it_and_the_bots_answer() -> None:
    for lang, seat_word in (("en", "Seat 0 "), ("ru", "Игрок 0 ")):
        table = my_turn(MatchTable(2, seed=4, lang=lang))
        match = table.match
        chosen = complete(match, "", lang)[-1]
        before = len(match.action_stack)
        press_enter(table.move_line, chosen.words)
        assert match.action_stack[before] == (0, chosen.action)
        assert table.board.announcement.startswith(seat_word)  # the live region, in lang
        assert table.board.error == ""
        assert table.move_line.input.value == ""
        if table.waiting_for_human:  # the suggestions follow the new position
            assert list(table.move_line.input.options) == [
                c.words for c in complete(table.match, "", lang)
            ]


def test_a_bad_move_in_the_table_shows_one_error_line_and_changes_nothing() -> None:
    table = my_turn(MatchTable(2, seed=4))
    match = table.match
    before = snapshot(match)
    other = match.hand(1)[0]
    press_enter(table.move_line, f"{other.low}-{other.high}")
    assert snapshot(table.match) == before
    error = table.board.error
    assert error.startswith(f"{other.low}-{other.high} is not in the hand of seat 0")
    assert "\n" not in error
    assert table.move_line.input.value == f"{other.low}-{other.high}"  # kept to correct
    press_enter(table.move_line, "3-6 on the hgih 3")
    assert table.board.error.startswith("cannot read “hgih”")
    assert snapshot(table.match) == before


def test_the_table_takes_no_typed_move_and_suggests_none_on_a_bots_turn() -> None:
    table = MatchTable(3, seed=1, auto_reply=False)
    match = table.match
    table.auto_play()
    if match.to_move == 0:
        table.play(match.legal_actions()[0])
    assert match.to_move != 0
    assert table.move_line.input.options == ()  # a bot's moves would show its hand
    before = snapshot(match)
    press_enter(table.move_line, "draw")
    assert table.board.error == "it is not your turn: press Step"
    assert snapshot(table.match) == before
    ru = MatchTable(3, seed=1, auto_reply=False, lang="ru", human=None)
    press_enter(ru.move_line, "пас")
    assert ru.board.error == "сейчас не ваш ход: нажмите «Шаг»"


def test_typing_a_move_in_the_explorer_plays_it_and_announces_it_in_russian() -> None:
    explorer = PositionExplorer(lang="ru")
    start = str(explorer.match.layout)
    press_enter(explorer.move_line, "0-3 к тройке")
    assert str(explorer.match.layout) == start + " [0|3]@[3|4]:low"
    assert explorer.board.announcement.startswith("Игрок 0 выкладывает [0|3]")
    assert explorer.board.error == ""
    options = list(explorer.move_line.input.options)
    assert options == [
        describe_action(explorer.match, a, "ru") for a in explorer.match.legal_actions()
    ]
    explorer.undo()
    assert list(explorer.move_line.input.options) == [
        describe_action(explorer.match, a, "ru") for a in explorer.match.legal_actions()
    ]


def test_the_explorer_play_button_reads_notation_and_english_words() -> None:
    explorer = PositionExplorer()
    explorer.move_line.input.value = "1-2 on line B of 1-1"
    explorer.move_line.play_button.click()
    assert str(explorer.match.layout).endswith(" [1|2]@[1|1]:lineB")
    assert "award 5 raw points" in explorer.board.announcement
    explorer.undo()
    assert explorer.move_line.enter() is False  # the line is empty: nothing to play
    assert explorer.board.error.startswith("type a move")
    assert explorer.move_line.play_text("[4|6]@[4|4]:brancha") == Play("[4|6]", "[4|4]:branchA")
    assert str(explorer.match.layout).endswith(" [4|6]@[4|4]:branchA")


def test_an_ambiguous_move_in_the_explorer_lists_the_candidates_and_changes_nothing() -> None:
    explorer = PositionExplorer()
    before = snapshot(explorer.match)
    press_enter(explorer.move_line, "4-6")
    assert snapshot(explorer.match) == before
    assert explorer.board.error == (
        "ambiguous: “4-6” could be any of these moves: 4-6 on "
        "branch A of 4-4; 4-6 on branch B of 4-4; say which"
    )


def test_a_forced_draw_can_be_typed_in_either_language() -> None:
    forced = Scenario.make(2, "[1|4]", [["[2|3]", "[5|5]"], ["[0|0]"]])
    for lang, word in (("en", "draw"), ("ru", "добрать")):
        explorer = PositionExplorer(forced, lang=lang)
        assert explorer.move_line.input.options == (describe_action(explorer.match, DRAW, lang),)
        press_enter(explorer.move_line, word)
        assert explorer.match.action_stack[-1] == (0, DRAW)
        assert explorer.board.error == ""


def test_picking_a_tile_out_does_not_work_the_suggestions_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The click a learner makes most (choose a tile, put it back) redraws the table; the
    move line's suggestions are worked out only when the position changed."""
    from exact61_widgets.widgets import moveline

    table = my_turn(MatchTable(2, seed=4))
    calls: list[int] = []
    real = moveline.complete

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(moveline, "complete", counted)
    tile = str(table.match.hand(0)[0])
    options = table.move_line.input.options
    for _ in range(4):
        table.board.receive({"type": "click", "tile": tile})
    assert calls == [] and table.move_line.input.options == options
    table.play(table.match.legal_actions()[0])
    assert calls  # a new position: new suggestions
    if table.waiting_for_human:
        assert list(table.move_line.input.options) == [
            c.words for c in real(table.match, "", table.lang)
        ]
