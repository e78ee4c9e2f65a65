"""Scenarios, saved scenarios and the source loader: pure engine code, round trips and refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from exact61_widgets import Layout, Match, RecordError, SetupError
from exact61_widgets.engine.advice import Advice, best_move
from exact61_widgets.engine.history import Deal
from exact61_widgets.engine.loader import (
    as_layout,
    as_match,
    from_notation,
    load_document,
    load_position,
)
from exact61_widgets.engine.record import load_record, to_record
from exact61_widgets.engine.scenario import (
    FORMAT,
    SavedScenario,
    Scenario,
    ScenarioError,
    is_saved_scenario,
    read_items,
)

#: Pairs, seat 0 goes out with [1|2] (the explorer's going-out example).
PAIRS = Scenario.make(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]], scores=[100, 50])


def position(match: Match) -> tuple[Any, ...]:
    """Everything that makes a position: table, hands, boneyard, scores, mover, hand, status."""
    return (
        str(match.layout),
        match.hands,
        match.boneyard,
        match.scores,
        match.to_move,
        match.hand_number,
        match.status,
    )


def two_hands() -> Match:
    """PAIRS played out, the next hand dealt by the match's own shuffle, and two actions."""
    match = PAIRS.match()
    match.push(match.legal_actions()[0])
    match.deal()
    for _ in range(2):
        match.push(match.legal_actions()[0])
    return match


def test_the_engine_modules_import_no_widget_library() -> None:
    code = (
        "import sys, exact61_widgets.engine.scenario, exact61_widgets.engine.loader, "
        "exact61_widgets.engine.advice; "
        "print(sorted(m for m in ('ipywidgets', 'anywidget', 'svgwrite') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_a_saved_scenario_round_trips_through_json_across_a_deal() -> None:
    match = two_hands()
    saved = SavedScenario.from_match(match)
    assert saved.scenario == Scenario.from_match(PAIRS.match())
    kinds = [type(item).__name__ for item in saved.actions]
    assert kinds == ["Play", "Deal", "Play", "Play"]
    data = json.loads(json.dumps(saved.to_json()))
    assert (data["format"], data["version"]) == (FORMAT, 1) and is_saved_scenario(data)
    again = SavedScenario.from_json(data)
    assert again.to_json() == saved.to_json()
    assert position(again.match()) == position(match)
    assert again.actions[1] == saved.actions[1]  # the deal: the same hands and boneyard


def test_replay_summarises_each_hand_like_a_record() -> None:
    match = two_hands()
    final, hands = SavedScenario.from_match(match).replay()
    assert position(final) == position(match)
    assert [h["end"] for h in hands] == ["out", None]
    assert hands[0]["scores"] == [105, 50] and hands[0]["hand_winner"] == 0
    assert [e["kind"] for e in hands[0]["events"]] == ["play", "out"]
    assert sum(len(h["events"]) for h in hands) == len(final.events)


def test_an_older_export_without_the_marker_still_loads() -> None:
    data = SavedScenario.from_match(two_hands()).to_json()
    del data["format"], data["version"]
    assert position(load_position(data).match) == position(two_hands())


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "exact61-record"}, "'format' must be 'exact61-scenario', not 'exact61-record'"),
        ({"version": 2}, "'version' must be 1, not 2"),
        ({"version": True}, "'version' must be 1, not True"),
        ({"moves": []}, "a saved scenario has no field 'moves'"),
        ({"actions": "draw"}, "a JSON object with format, version, setup and actions"),
        ({"actions": [3]}, "3 is not an action or a deal"),
        ({"actions": [{"deal": {"hands": []}}]}, "a deal names its hands, boneyard and leader"),
        ({"setup": {"players": 2}}, "a position is a JSON object with players, layout and hands"),
    ],
)
def test_a_bad_saved_scenario_is_refused_in_one_line(change: dict[str, Any], words: str) -> None:
    data = {**SavedScenario(PAIRS).to_json(), **change}
    with pytest.raises(ScenarioError, match=words) as caught:
        SavedScenario.from_json(data).match()
    assert "\n" not in str(caught.value) and caught.value.text("ru")


def test_an_action_the_rules_refuse_names_its_number_and_the_reason() -> None:
    saved = SavedScenario(PAIRS, read_items(["[1|2]@[0|1]:high", "[6|6]@[0|1]:low"]))
    with pytest.raises(
        ScenarioError,
        match=r"action 2 after the set-up, \[6\|6\]@\[0\|1\]:low, "
        r"cannot be done: the hand is over",
    ):
        saved.match()
    deal = Deal(((), (), (), ()), (), 0)
    with pytest.raises(
        ScenarioError, match="action 1 after the set-up, the deal of the next hand, cannot be done"
    ):
        SavedScenario(PAIRS, (deal,)).match()
    with pytest.raises(ScenarioError) as caught:
        SavedScenario(PAIRS, read_items(["draw"])).match()
    assert "действие 1 после расстановки позиции, добор" in caught.value.text("ru")


def test_load_position_reads_every_kind_of_source() -> None:
    record_match = Match(3, seed=5)
    for _ in range(4):
        record_match.push(record_match.legal_actions()[0])
    record = to_record(record_match)
    assert position(load_position(record).match) == position(record_match)
    assert load_position(record).scenario is None
    copied = load_position(record_match).match
    assert copied is not record_match and position(copied) == position(record_match)
    loaded = load_position(PAIRS.to_json())
    assert loaded.scenario == Scenario.from_json(PAIRS.to_json())
    assert position(loaded.match) == position(PAIRS.match())
    notation = load_position("[3|3] [3|5]@[3|3]:lineA")
    assert notation.note is not None and "free tiles in tile order" in notation.note.text("en")
    assert notation.scenario == from_notation(Layout.parse("[3|3] [3|5]@[3|3]:lineA"))
    assert [len(h) for h in notation.match.hands] == [5, 5]
    with pytest.raises(ScenarioError, match="not int"):
        load_position(3)  # type: ignore[arg-type]


def test_load_document_tells_a_saved_scenario_from_a_record_by_its_marker() -> None:
    match = two_hands()
    assert position(load_document(SavedScenario.from_match(match).to_json())) == position(match)
    record = to_record(Match(2, seed=1))
    assert position(load_document(record)) == position(load_record(record))
    # Without the scenario marker, a document is a record and is refused as one.
    with pytest.raises(RecordError, match="the record has an unknown field 'actions'"):
        load_document({"setup": PAIRS.to_json(), "actions": []})


def test_as_match_and_as_layout() -> None:
    assert position(as_match(PAIRS)) == position(PAIRS.match())
    assert position(as_match(SavedScenario(PAIRS).to_json())) == position(PAIRS.match())
    assert str(as_layout(PAIRS.to_json())) == "[0|1]"
    with pytest.raises(
        ScenarioError, match="expected a Scenario, a Match or a game record, not str"
    ):
        as_match("[0|1]")  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="expected layout notation"):
        as_layout(5)  # type: ignore[arg-type]


def test_a_scenario_error_is_a_setup_error_and_refuses_a_bad_position_first() -> None:
    assert issubclass(ScenarioError, SetupError)
    with pytest.raises(SetupError, match="is there 2 times"):
        Scenario.make(2, "[0|1]", [["[1|2]"], ["[1|2]"]]).match()


def test_advice_is_pure_and_the_same_without_a_time_budget() -> None:
    match = Match(2, seed=4)
    advice = best_move(match, budget=None, playouts=150)
    assert isinstance(advice, Advice) and advice.bot == "search"
    assert advice.action in match.legal_actions()
    assert best_move(match, budget=None, playouts=150).action == advice.action
    assert advice.text("en").startswith("Hint (search): ")
    draw_only = Scenario.make(2, "[1|4]", [["[2|3]", "[5|5]"], ["[0|0]"]]).match()
    assert (
        best_move(draw_only, budget=None, playouts=50)
        .text("ru")
        .startswith("Подсказка (бот с перебором): добор")
    )
