"""The position explorer: positions from anywhere, clicks, every legal move, undo/redo, export."""

from __future__ import annotations

import json

import pytest

from exact61_widgets import DRAW, Layout, Match, SetupError
from exact61_widgets.engine.record import load_record, to_record
from exact61_widgets.views import ready_positions as sc
from exact61_widgets.widgets import PositionExplorer, Scenario, WidgetError
from exact61_widgets.widgets.explorer import EXPLORER_DEFAULT, pretty_json


def test_every_legal_move_with_its_award_and_the_target_check() -> None:
    explorer = PositionExplorer(sc.EXACT_61)
    moves = {str(m.action): m for m in explorer.moves()}
    assert set(moves) == {"[3|4]@[4|4]:lineB", "[6|6]@[4|6]:high"}
    overshoot = moves["[6|6]@[4|6]:high"]
    assert (overshoot.end_sum, overshoot.award, overshoot.status, overshoot.gain) == (
        20,
        20,
        "rejected",
        0,
    )
    assert overshoot.verdict() == "rejected (passes 61)"
    table = explorer.moves_table.value
    assert "<td>[6|6]@[4|6]:high</td><td>20</td><td>20</td><td>rejected (passes 61)</td>" in table
    assert [label for label, _ in explorer.move_select.options] == sorted(moves)


def test_going_out_and_a_win_are_listed_as_settlements() -> None:
    explorer = PositionExplorer(sc.GOING_OUT_PAIRS)
    (move,) = explorer.moves()
    assert move.verdict() == "goes out: settlement 5, accepted" and move.gain == 5
    exact = PositionExplorer(sc.GOING_OUT_EXACT).moves()[0]
    assert exact.wins and exact.verdict() == "accepted: exactly 61, the match is won"
    forced = PositionExplorer(Scenario.make(2, "[1|4]", [["[2|3]", "[5|5]"], ["[0|0]"]]))
    assert [m.action for m in forced.moves()] == [DRAW]
    assert "<td>draw</td>" in forced.moves_table.value


def test_click_a_hand_tile_then_a_place_plays_and_undo_redo_walk_back_and_forth() -> None:
    explorer = PositionExplorer()
    start = str(explorer.match.layout)
    explorer.board.receive({"type": "click", "tile": "[1|2]"})
    assert "[1|2] chosen" in explorer.board.announcement
    assert 'class="place highlight" data-place="[1|1]:lineB"' in explorer.board.svg
    explorer.board.receive({"type": "key", "key": "Enter", "place": "[1|1]:lineB"})
    assert str(explorer.match.layout) == start + " [1|2]@[1|1]:lineB"
    assert "award 5 raw points" in explorer.board.announcement
    assert explorer.match.scores == (5, 0) and explorer.can_undo
    explorer.undo_button.click()
    assert str(explorer.match.layout) == start and explorer.match.scores == (0, 0)
    assert explorer.can_redo and not explorer.redo_button.disabled
    explorer.redo_button.click()
    assert explorer.match.scores == (5, 0) and not explorer.can_redo
    explorer.undo()
    explorer.play("[4|6]@[4|4]:branchA")  # a new move forgets the redo
    assert not explorer.can_redo


def test_an_illegal_click_explains_why_and_changes_nothing() -> None:
    explorer = PositionExplorer()
    before = (str(explorer.match.layout), explorer.match.hands, explorer.match.scores)
    explorer.board.receive({"type": "click", "tile": "[4|6]"})
    explorer.board.receive({"type": "click", "place": "[1|1]:lineB"})
    assert "[4|6] does not match [1|1]:lineB" in explorer.board.announcement
    explorer.board.receive({"type": "click", "place": "[1|1]:branchA"})
    assert "branches of [1|1] open after both lines are filled (R4.3)" in (
        explorer.board.announcement
    )
    explorer.board.receive({"type": "click", "tile": "[0|0]"})  # seat 1's tile
    assert "not one of the tiles you can play" in explorer.board.announcement
    assert (str(explorer.match.layout), explorer.match.hands, explorer.match.scores) == before
    assert explorer.board.error == ""


def test_a_place_that_only_one_tile_fits_plays_it_and_several_ask_to_choose() -> None:
    explorer = PositionExplorer()
    explorer.board.receive({"type": "click", "place": "[4|4]:branchA"})
    assert str(explorer.match.layout).endswith("[4|6]@[4|4]:branchA")
    explorer = PositionExplorer()
    explorer.board.receive({"type": "click", "place": "[1|1]:lineB"})
    assert "several tiles fit [1|1]:lineB: [1|2], [1|5]" in explorer.board.announcement


def test_typed_illegal_moves_are_shown_on_the_error_line() -> None:
    explorer = PositionExplorer()
    explorer.move_select.options = [("x", DRAW)]
    explorer.move_select.value = DRAW
    explorer.play_button.click()
    assert "can play" in explorer.board.error and "drawing is not allowed (R3.2)" in (
        explorer.board.error
    )
    assert explorer.match.scores == (0, 0) and not explorer.can_undo


def test_export_of_a_set_up_position_gives_notation_and_set_up_json_and_says_why() -> None:
    explorer = PositionExplorer()
    explorer.play("[1|2]@[1|1]:lineB")
    with pytest.raises(SetupError):
        to_record(explorer.match)
    export = explorer.export()
    assert export.record is None and export.note is not None
    assert export.notation == str(explorer.match.layout)
    assert export.setup is not None and export.setup["actions"] == ["[1|2]@[1|1]:lineB"]
    start = Scenario.from_json(export.setup["setup"]).match()
    default = EXPLORER_DEFAULT.match()
    assert (str(start.layout), start.hands, start.boneyard, start.scores, start.to_move) == (
        str(default.layout),
        default.hands,
        default.boneyard,
        default.scores,
        default.to_move,
    )
    explorer.export_button.click()
    assert "record v1 cannot hold a position set up by hand" in explorer.export_note.value
    assert export.notation in explorer.export_output.value
    again = PositionExplorer(json.loads(json.dumps(export.setup)))
    assert str(again.match.layout) == export.notation and again.match.scores == (5, 0)


def test_a_dealt_match_exports_a_record_that_replays() -> None:
    match = Match(3, seed=5)
    for _ in range(7):
        match.push(match.legal_actions()[0])
    explorer = PositionExplorer(to_record(match))
    export = explorer.export()
    assert export.note is None and export.record is not None
    assert load_record(export.record).scores == match.scores
    assert "Game record v1" in export.text()
    for _ in range(7):
        explorer.undo()
    assert not explorer.can_undo and len(explorer.match.layout) == 0
    for _ in range(7):
        explorer.redo()
    assert str(explorer.match.layout) == str(match.layout)


def test_undo_and_redo_across_a_deal() -> None:
    match = Match(2, seed=2)
    while match.status == "playing":
        match.push(match.legal_actions()[0])
    explorer = PositionExplorer(match)
    assert not explorer.deal_button.disabled
    explorer.deal_button.click()
    dealt = explorer.match.hands
    assert explorer.match.hand_number == 2
    explorer.undo()
    assert explorer.match.hand_number == 1 and explorer.match.status != "playing"
    explorer.redo()
    assert explorer.match.hand_number == 2 and explorer.match.hands == dealt


def test_notation_sources_and_set_up() -> None:
    explorer = PositionExplorer("[3|3] [3|5]@[3|3]:lineA")
    assert len(explorer.match.hand(0)) == 5 and str(explorer.match.layout).startswith("[3|3]")
    assert "dealt from the free tiles in tile order" in explorer.board.announcement
    explorer.set_up(
        3, Layout.parse("[2|2]"), [["[2|5]"], ["[0|0]"], ["[1|1]"]], scores=[10, 20, 30], to_move=0
    )
    assert explorer.match.players == 3 and explorer.match.scores == (10, 20, 30)
    with pytest.raises(WidgetError, match="not int"):
        explorer.load(3)  # type: ignore[arg-type]


def test_the_editor_builds_a_position_by_typing_and_clicking() -> None:
    explorer = PositionExplorer(lang="en")
    explorer.mode_buttons.value = "edit"
    assert explorer.mode == "edit" and explorer.play_box.layout.display == "none"
    explorer.layout_input.value = "[5|5]"
    explorer.hand_inputs[0].value = ""
    explorer.hand_inputs[1].value = ""
    assert 'data-tile="[0|5]"' in explorer.board.svg  # the tray
    explorer.target_input.value = "seat0"
    explorer.board.receive({"type": "click", "tile": "[0|5]"})
    explorer.board.receive({"type": "click", "tile": "[1|1]"})
    assert explorer.hand_inputs[0].value == "[0|5] [1|1]"
    explorer.target_input.value = "seat1"
    explorer.board.receive({"type": "click", "tile": "[6|6]"})
    explorer.target_input.value = "table"
    explorer.board.receive({"type": "click", "tile": "[5|6]"})
    assert 'class="place highlight" data-place="[5|5]:lineA"' in explorer.board.svg
    explorer.board.receive({"type": "click", "place": "[5|5]:lineA"})
    assert explorer.layout_input.value == "[5|5] [5|6]@[5|5]:lineA"
    explorer.board.receive({"type": "click", "tile": "[5|6]"})  # take the last tile back
    assert explorer.layout_input.value == "[5|5]"
    explorer.board.receive({"type": "click", "tile": "[1|1]"})  # back to the tray
    assert explorer.hand_inputs[0].value == "[0|5]"
    explorer.scores_input.value = "100, 250"
    explorer.apply_button.click()
    assert explorer.board.error == "" and explorer.mode == "play"
    assert explorer.match.hands == ((explorer.match.hand(0)[0],), explorer.match.hand(1))
    assert explorer.match.scores == (100, 250) and explorer.match.boneyard_count == 25
    assert [str(m.action) for m in explorer.moves()] == ["[0|5]@[5|5]:lineA", "[0|5]@[5|5]:lineB"]


def test_a_bad_edited_position_is_refused_with_the_reason_and_nothing_changes() -> None:
    explorer = PositionExplorer()
    before = str(explorer.match.layout)
    explorer.set_mode("edit")
    explorer.hand_inputs[1].value = "[1|2]"  # also in seat 0's hand
    explorer.apply_button.click()
    assert "[1|2] is there 2 times" in explorer.board.error
    assert str(explorer.match.layout) == before and explorer.mode == "edit"
    explorer.record_input.value = "{not json"
    explorer.load_button.click()
    assert "that is not JSON" in explorer.board.error


def test_paste_a_record_to_load_it() -> None:
    match = Match(2, seed=9)
    match.push(match.legal_actions()[0])
    explorer = PositionExplorer()
    explorer.set_mode("edit")
    explorer.record_input.value = json.dumps(to_record(match))
    explorer.load_button.click()
    assert explorer.board.error == "" and explorer.mode == "play"
    assert str(explorer.match.layout) == str(match.layout)


def test_russian_explorer() -> None:
    explorer = PositionExplorer(lang="ru")
    assert explorer.undo_button.description == "Отменить"
    assert "Допустимые ходы" in explorer.moves_table.value
    assert "принято" in explorer.moves_table.value
    explorer.board.receive({"type": "click", "tile": "[4|6]"})
    explorer.board.receive({"type": "click", "place": "[1|1]:lineB"})
    assert "не подходит" in explorer.board.announcement
    assert "Сдача 1: ходит игрок 0" in explorer.status.value


def test_pretty_json_round_trips() -> None:
    data = {"a": [["[1|2]", "[2|3]"], []], "b": {"c": [1, 2]}, "d": [{"e": None}]}
    assert json.loads(pretty_json(data)) == data
    assert '["[1|2]", "[2|3]"]' in pretty_json(data)


def test_keyboard_targets_have_spoken_labels_and_hands_are_labelled() -> None:
    explorer = PositionExplorer()
    labels = explorer.board.labels
    assert labels["[4|4]:branchA"] == "Open place [4|4]:branchA: branch A of [4|4], takes a 4"
    assert labels["tile [1|2]"] == "Choose tile [1|2]"
    assert set(labels) >= {str(p) for p in explorer.match.layout.open_places()}
    assert '<div class="exact61-panel-label">Seat 0, to move</div>' in explorer.board.svg
    russian = PositionExplorer(lang="ru").board.labels
    assert russian["tile [1|2]"] == "Выбрать кость [1|2]"


def test_a_set_up_match_that_went_on_to_a_new_deal_exports_and_loads_again() -> None:
    explorer = PositionExplorer(sc.GOING_OUT_PAIRS)
    explorer.play("[1|2]@[0|1]:high")
    explorer.deal()
    explorer.play(explorer.match.legal_actions()[0])
    export = explorer.export()
    assert export.setup is not None
    assert isinstance(export.setup["actions"][1], dict) and "deal" in export.setup["actions"][1]
    again = PositionExplorer(json.loads(json.dumps(export.setup)))
    assert (again.match.hands, again.match.scores, str(again.match.layout)) == (
        explorer.match.hands,
        explorer.match.scores,
        str(explorer.match.layout),
    )
    with pytest.raises(WidgetError, match="not an action or a deal"):
        PositionExplorer({"setup": sc.EXACT_61.to_json(), "actions": [3]})


def test_a_failure_while_redrawing_is_shown_and_the_position_put_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import exact61_widgets.widgets.explorer as explorer_module

    explorer = PositionExplorer()
    before = (str(explorer.match.layout), explorer.match.scores)

    def broken(match: object) -> list[object]:
        raise RuntimeError("analysis failed")

    monkeypatch.setattr(explorer_module, "analyze", broken)
    explorer.board.receive({"type": "click", "tile": "[1|2]"})
    explorer.board.receive({"type": "click", "place": "[1|1]:lineB"})
    assert "analysis failed" in explorer.board.error
    assert (str(explorer.match.layout), explorer.match.scores) == before
    monkeypatch.undo()
    explorer.undo_button.click()  # nothing to undo: the play was put back
    assert "there is nothing to undo" in explorer.board.error


def test_the_editor_panel_works_on_its_own() -> None:
    from exact61_widgets.widgets.board import parse_message
    from exact61_widgets.widgets.editor import PositionEditor

    changes: list[str] = []
    used: list[str] = []
    editor = PositionEditor(
        "en",
        wrap=lambda fn: lambda *_: fn(),
        changed=lambda: changes.append("changed"),
        apply=lambda: used.append("apply"),
        load=lambda: used.append("load"),
    )
    editor.fill(sc.EXACT_61)
    assert changes == [] and editor.scenario() == sc.EXACT_61  # filling is not a change
    assert editor.boneyard_input.value == "" and editor.scores_input.value == "290, 250"
    editor.target_input.value = "seat1"
    assert editor.click(parse_message({"type": "click", "tile": "[0|0]"})) is None
    assert editor.hand_inputs[1].value == "[0|4] [2|2] [4|5] [0|0]" and changes == ["changed"]
    editor.target_input.value = "table"
    note = editor.click(parse_message({"type": "click", "place": "[4|6]:high"}))
    assert note is not None and "Choose a tile of the tray first" in note.text("en")
    editor.click(parse_message({"type": "click", "tile": "[1|6]"}))
    assert editor.selected is not None and str(editor.selected) == "[1|6]"
    panels = editor.panels(Layout())
    assert [p.suffix for p in panels] == ["layout", "tray", "hand0", "hand1"]
    assert panels[0].spec.places == ("[4|6]:high",)  # where the chosen [1|6] fits
    editor.click(parse_message({"type": "click", "place": "[4|6]:high"}))
    assert editor.layout_input.value == "[4|4] [4|6]@[4|4]:lineA [1|6]@[4|6]:high"
    editor.record_input.value = '{"format": "exact61-record"'
    with pytest.raises(WidgetError, match="that is not JSON"):
        editor.pasted()
    editor.record_input.value = " [3|3] "
    assert editor.pasted() == "[3|3]"
    editor.apply_button.click()
    editor.load_button.click()
    assert used == ["apply", "load"]


def test_the_explorer_exports_a_saved_scenario_and_loads_an_older_export() -> None:
    from exact61_widgets.widgets import SavedScenario
    from exact61_widgets.widgets.editor import PositionEditor

    explorer = PositionExplorer()
    assert isinstance(explorer.edit_box, PositionEditor)
    assert explorer.layout_input is explorer.editor.layout_input
    explorer.play("[1|2]@[1|1]:lineB")
    setup = explorer.export().setup
    assert setup is not None and (setup["format"], setup["version"]) == ("exact61-scenario", 1)
    assert SavedScenario.from_json(setup).match().scores == explorer.match.scores == (5, 0)
    older = {"setup": setup["setup"], "actions": setup["actions"]}  # before the marker
    assert str(PositionExplorer(older).match.layout) == str(explorer.match.layout)
    with pytest.raises(WidgetError, match="'version' must be 1, not 2"):
        explorer.load({**setup, "version": 2})
    assert explorer.match.scores == (5, 0)  # a refused source changes nothing
