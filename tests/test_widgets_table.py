"""The match table: playing against bots with clicks, step, auto-play, undo and hints."""

from __future__ import annotations

import pytest

from exact61_widgets import Play
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.widgets import MatchTable, WidgetError
from exact61_widgets.widgets.table import Advice, best_move


def my_turn(table: MatchTable) -> MatchTable:
    """Play bots until the learner must choose (the table's own auto-play)."""
    table.auto_play()
    assert table.waiting_for_human
    return table


def test_the_learner_sees_only_their_hand_the_boneyard_and_the_score_board() -> None:
    table = MatchTable(4, seed=3)
    match = table.match
    svg = table.board.svg
    for tile in match.hand(0):
        assert f'data-tile="{tile}"' in svg
    for seat in (1, 2, 3):
        for tile in match.hand(seat):
            assert f'data-tile="{tile}"' not in svg  # hidden until the settlement (R2.3)
    assert f'class="boneyard" data-count="{match.boneyard_count}"' in svg
    assert 'class="scoreboard"' in svg and "Pair 0+2" in svg
    assert svg.count("<svg") == 1  # one picture of the whole table
    assert table.static_svg() == table.board.picture and "Seat 2 (partner)" in svg


def test_the_status_in_words_is_for_screen_readers_only() -> None:
    """The picture shows turn, counts and scores; the words stay, hidden from the eye."""
    table = MatchTable(4, seed=3)
    assert {"exact61-status", "exact61-sr-only"} <= set(table.status._dom_classes)
    assert "boneyard 8 tiles" in table.status.value
    assert "pair 0+2: 0 raw (0)" in table.status.value
    assert table.status in table.children and table.hint_line.layout.display == "none"
    assert [type(c).__name__ for c in table.controls.children[:4]] == ["Button"] * 4


def test_a_click_on_a_hand_tile_then_a_place_plays_and_the_bots_answer() -> None:
    table = my_turn(MatchTable(2, seed=4))
    match = table.match
    play = next(a for a in match.legal_actions() if isinstance(a, Play))
    before = len(match.action_stack)
    table.board.receive({"type": "click", "tile": str(play.tile)})
    assert f"{play.tile} chosen" in table.board.announcement or len(match.layout) == 1
    if play.at is not None:
        table.board.receive({"type": "key", "key": "Enter", "place": str(play.at)})
    assert match.action_stack[before] == (0, play)
    assert len(match.action_stack) > before + 1 or match.status != "playing"  # bots answered
    assert table.board.announcement.startswith("Seat 0 ")
    assert "<li>Seat 0 " in table.log_panel.value


def test_an_illegal_click_is_explained_and_changes_nothing() -> None:
    table = my_turn(MatchTable(2, seed=4))
    match = table.match
    snapshot = (str(match.layout), match.hands, match.scores, len(match.action_stack))
    mine = match.hand(0)
    other = match.hand(1)[0]
    table.board.receive({"type": "click", "tile": str(other)})
    assert "not one of the tiles you can play" in table.board.announcement
    if match.layout:
        table.board.receive({"type": "click", "tile": str(mine[0])})
        place = match.layout.open_places()[0]
        table.board.receive({"type": "click", "place": str(place)})
    assert (str(match.layout), match.hands, match.scores, len(match.action_stack)) == snapshot
    assert table.board.error == ""


def test_clicks_out_of_turn_say_whose_turn_it_is() -> None:
    table = MatchTable(3, seed=1, auto_reply=False)
    match = table.match
    table.auto_play()
    if match.to_move == 0:
        table.play(match.legal_actions()[0])
    assert match.to_move != 0
    table.board.receive({"type": "click", "tile": str(match.hand(0)[0])})
    assert f"It is seat {match.to_move}'s turn: press Step." == table.board.announcement
    with pytest.raises(WidgetError, match="not your turn"):
        table.play(match.legal_actions()[0])


def test_step_plays_one_bot_action_and_auto_play_stops_for_the_learner() -> None:
    table = MatchTable(3, seed=2, auto_reply=False)
    match = table.match
    count = table.auto_play()
    assert table.waiting_for_human or match.status != "playing"
    assert count == len(match.action_stack)
    table.step_button.click()  # the learner's turn: step only reminds
    assert "Your turn" in table.board.announcement and len(match.action_stack) == count


def test_bots_alone_play_a_whole_match_to_exactly_61() -> None:
    table = MatchTable(2, seed=6, human=None, bots="greedy")
    assert not table.board.interactive
    hands = 0
    while not table.match.is_over and hands < 200:
        table.auto_button.click()
        hands += 1
    assert table.match.is_over and 305 in table.match.scores
    assert "reached exactly 61" in table.status.value
    assert table.step_button.disabled and table.board.error == ""
    table.step()
    assert "The match is over" in table.board.announcement


def test_undo_takes_back_the_learners_move_and_the_bots_answers() -> None:
    table = my_turn(MatchTable(2, seed=4))
    match = table.match
    before = (str(match.layout), match.hands, match.scores, match.to_move)
    table.play(match.legal_actions()[0])
    assert str(match.layout) != before[0]
    table.undo_button.click()
    assert (str(match.layout), match.hands, match.scores, match.to_move) == before
    assert table.board.announcement == "Undone."


def test_undo_with_bots_only_takes_back_one_action_and_refuses_at_the_start() -> None:
    table = MatchTable(2, seed=4, human=None)
    table.undo_button.click()
    assert "there is nothing to undo" in table.board.error
    table.step()
    table.step()
    table.undo()
    assert len(table.match.action_stack) == 1


def test_hint_names_the_strongest_bots_move_with_a_reason() -> None:
    table = my_turn(MatchTable(2, seed=4, hint_budget=None, hint_playouts=200))
    table.hint_button.click()
    advice = table.advice
    assert isinstance(advice, Advice) and advice.action in table.match.legal_actions()
    assert advice.bot == "search"
    assert table.hint_line.value.startswith("<p>Hint (search): ")
    assert table.hint_line.layout.display is None  # shown while the hint stands
    again = best_move(table.match, seed=table.seed, budget=None, playouts=200)
    assert again.action == advice.action  # deterministic without a time budget
    if isinstance(advice.action, Play) and advice.action.at is not None:
        assert f'class="place highlight" data-place="{advice.action.at}"' in table.board.svg


def test_the_greedy_fallback_gives_the_immediate_gain_as_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import exact61_widgets.engine.advice as hints_module

    table = my_turn(MatchTable(2, seed=4))
    monkeypatch.setattr(hints_module, "bot_names", lambda: ["greedy", "random"])
    advice = best_move(table.match)
    assert advice.bot == "greedy"
    assert advice.action == make_bot("greedy").choose(table.match)
    assert "now, the most of any play (greedy)" in advice.text()


def test_pairs_and_bot_lists() -> None:
    table = MatchTable(4, seed=8, bots=["random", "greedy", "random"], human=0)
    assert [table.bots[s].name for s in (1, 2, 3)] == ["random", "greedy", "random"]
    with pytest.raises(WidgetError, match="one bot for every other seat"):
        MatchTable(3, bots=["greedy"] * 5)
    with pytest.raises(WidgetError, match="learner's seat"):
        MatchTable(2, human=2)


def test_a_failing_bot_is_shown_and_the_match_stays_as_it_was() -> None:
    table = MatchTable(2, seed=4, human=None)

    class Broken:
        name = "broken"

        def choose(self, match: object) -> Play:
            raise RuntimeError("bot crashed")

    before = (str(table.match.layout), table.match.scores)
    table.bots[table.match.to_move] = Broken()  # type: ignore[assignment]
    table.step_button.click()
    assert "bot crashed" in table.board.error
    assert (str(table.match.layout), table.match.scores) == before


def test_russian_table() -> None:
    table = MatchTable(2, seed=4, lang="ru")
    assert table.hint_button.description == "Подсказка"
    assert "Сдача 1" in table.status.value
    table.auto_play()
    assert "исх." in table.status.value
    assert "Сдача 1" in table.board.picture and "Базар" in table.board.picture
    assert table.log_box.titles == ("Журнал сдачи 1",)


def test_a_bots_drawn_tile_stays_hidden_and_the_learners_own_is_named() -> None:
    """D4: the announcement and the log say that a bot drew, never which tile."""
    from exact61_widgets.engine.events import DrawEvent

    hidden = named = False
    for seed in range(40):
        table = MatchTable(2, seed=seed, auto_reply=False)
        match = table.match
        for _ in range(60):
            if match.status != "playing":
                break
            if table.waiting_for_human:
                table.play(match.legal_actions()[0])
            else:
                table.step()
            last = match.hand_events[-1] if match.hand_events else None
            if isinstance(last, DrawEvent) and last.seat == 1:
                assert str(last.tile) not in table.board.announcement
                assert str(last.tile) not in table.log_panel.value
                assert "Seat 1 draws a tile." in table.log_panel.value
                hidden = True
            elif isinstance(last, DrawEvent) and last.seat == 0:
                assert f"Seat 0 draws {last.tile}." in table.board.announcement
                named = True
        if hidden and named:
            return
    pytest.fail(f"no seed drew for both seats: hidden {hidden}, named {named}")


# -- the review of the match played -------------------------------------------------------------


def test_review_is_offered_only_once_a_hand_is_over_and_reviews_this_very_match() -> None:
    from exact61_widgets.engine.review import review
    from exact61_widgets.widgets.review import ReviewWidget

    table = MatchTable(2, seed=5, start_scores=[150, 150], review_samples=8)
    assert table.review_button.disabled and not table.can_review  # nothing played yet
    my_turn(table)
    play = next(a for a in table.match.legal_actions() if isinstance(a, Play))
    table.play(play)
    if table.match.status == "playing":  # mid-hand: no review
        assert table.review_button.disabled
        with pytest.raises(WidgetError, match="once a hand or the match is over"):
            table.open_review()
    while table.match.status == "playing":
        if table.waiting_for_human:
            table.play(next(a for a in table.match.legal_actions() if isinstance(a, Play)))
        else:
            table.step()
    assert not table.review_button.disabled and table.can_review
    table.review_button.click()
    widget = table.review
    assert isinstance(widget, ReviewWidget) and table.reviewing
    assert widget in table.review_area.children and table.back_button in table.review_area.children
    assert table.board.layout.display == "none" and table.controls.layout.display == "none"
    again = review(table.match, seed=table.seed, samples=8)
    assert [d.to_json() for d in widget.review.decisions] == [d.to_json() for d in again.decisions]
    assert widget.lang == table.lang and "review" in widget.board.announcement.lower()
    table.back_button.click()
    assert not table.reviewing and table.board.layout.display is None
    assert (
        table.controls.layout.display is None and table.board.announcement == "Back at the table."
    )
    assert table.open_review() is widget  # the same history: the same review, not made again
    table.close_review()
    table.step()  # the next hand is dealt: mid-hand again, no review
    assert table.match.status == "playing" and table.review_button.disabled


def test_the_review_button_is_in_the_controls_row_in_russian_too() -> None:
    table = MatchTable(2, seed=5, lang="ru")
    assert table.review_button in table.controls.children
    assert table.review_button.description == "Разбор" and table.back_button.description == (
        "Назад к столу"
    )
