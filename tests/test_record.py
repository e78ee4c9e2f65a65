"""Game record v1 and the event stream (docs/formats.md, sections 3, 6): replay, errors, schema."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonschema
import pytest

from exact61_widgets import Match, RecordError, replay
from exact61_widgets.engine.record import load_record, record_schema, to_record


def played_record(players: int, seed: int, stop_after: int | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    match = Match(players, seed=seed)
    steps = 0
    while not match.is_over and (stop_after is None or steps < stop_after):
        if match.status == "hand_over":
            match.deal()
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
        steps += 1
    return to_record(match)


FORMATS_EXAMPLE_DEAL = [
    ["[1|4]", "[0|1]", "[0|2]", "[0|3]", "[0|4]"],
    ["[1|1]", "[0|5]", "[0|6]", "[1|2]", "[1|3]"],
    ["[1|5]", "[1|6]", "[2|2]", "[2|3]", "[2|4]"],
    ["[4|4]", "[2|5]", "[2|6]", "[3|5]", "[3|6]"],
]


def small_record() -> dict[str, Any]:
    """A hand of the contract's shape, four players."""
    boneyard = ["[3|3]", "[3|4]", "[0|0]", "[4|5]", "[4|6]", "[5|5]", "[5|6]", "[6|6]"]
    return {
        "format": "exact61-record",
        "version": 1,
        "players": 4,
        "start_scores": [0, 0],
        "hands": [
            {
                "leader": 0,
                "deal": copy.deepcopy(FORMATS_EXAMPLE_DEAL),
                "boneyard": boneyard,
                "actions": [
                    {"seat": 0, "play": "[1|4]"},
                    {"seat": 1, "play": "[1|1]", "at": "[1|4]:low"},
                    {"seat": 2, "play": "[1|6]", "at": "[1|1]:lineB"},
                    {"seat": 3, "play": "[4|4]", "at": "[1|4]:high"},
                ],
            }
        ],
    }


def test_a_small_record_replays_to_the_contract_event_stream() -> None:
    doc = replay(small_record())
    hand = doc["hands"][0]
    assert hand["events"] == [
        {
            "kind": "play",
            "seat": 0,
            "tile": "[1|4]",
            "at": None,
            "end_sum": 5,
            "award": 5,
            "status": "applied",
            "scores": [5, 0],
        },
        {
            "kind": "play",
            "seat": 1,
            "tile": "[1|1]",
            "at": "[1|4]:low",
            "end_sum": 6,
            "award": 0,
            "status": "none",
            "scores": [5, 0],
        },
        {
            "kind": "play",
            "seat": 2,
            "tile": "[1|6]",
            "at": "[1|1]:lineB",
            "end_sum": 10,
            "award": 10,
            "status": "applied",
            "scores": [15, 0],
        },
        {
            "kind": "play",
            "seat": 3,
            "tile": "[4|4]",
            "at": "[1|4]:high",
            "end_sum": 14,
            "award": 0,
            "status": "none",
            "scores": [15, 0],
        },
    ]
    assert (hand["end"], hand["hand_winner"], hand["next_leader"], hand["scores"]) == (
        None,
        None,
        None,
        [15, 0],
    )
    assert doc["scores"] == [15, 0] and doc["winner"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_played_matches_round_trip_through_records(players: int) -> None:
    for seed in range(5):
        record = played_record(players, seed)
        jsonschema.validate(record, record_schema())
        match = load_record(record)
        assert to_record(match) == record
        doc = replay(json.loads(json.dumps(record)))
        assert doc["winner"] is not None and 305 in doc["scores"]
        assert doc["hands"][-1]["scores"] == doc["scores"]
        for hand in doc["hands"][:-1]:
            assert hand["end"] in ("out", "blocked")
            if hand["end"] == "out":
                assert (
                    hand["next_leader"]
                    == next(e for e in hand["events"] if e["kind"] == "out")["seat"]
                )
            else:
                assert hand["next_leader"] is None
        assert doc["hands"][-1]["events"][-1] == {
            "kind": "match_won",
            "side": doc["winner"],
            "scores": doc["scores"],
        }


def test_a_record_may_stop_in_the_middle_of_a_hand() -> None:
    record = played_record(3, 8, stop_after=7)
    doc = replay(record)
    assert doc["hands"][-1]["end"] is None and doc["winner"] is None


def broken(mutate: Any) -> dict[str, Any]:
    record = small_record()
    mutate(record)
    return record


def _hand(r: dict[str, Any]) -> dict[str, Any]:
    hand: dict[str, Any] = r["hands"][0]
    return hand


BROKEN = [
    (lambda r: r.update(format="other"), "'format' must be 'exact61-record'"),
    (lambda r: r.update(version=2), "'version' must be 1"),
    (lambda r: r.update(players=5), "2, 3 or 4 players"),
    (lambda r: r.update(start_scores=[310, 0]), "multiple of 5 below 305"),
    (lambda r: r.update(start_scores=[12, 0]), "multiple of 5 below 305"),
    (lambda r: r.update(extra=1), "unknown field 'extra'"),
    (lambda r: _hand(r)["deal"][0].pop(), "hand 1: seat 0 is dealt 4 tiles, not 5"),
    (lambda r: _hand(r)["boneyard"].pop(), "hand 1: the 28 tiles must each be in one place"),
    (lambda r: _hand(r)["deal"][0].__setitem__(0, "[1|1]"), "[1|1] is there 2 times"),
    (lambda r: _hand(r)["deal"][0].__setitem__(0, "[7|1]"), "'[7|1]' is not a tile"),
    (
        lambda r: _hand(r)["actions"][1].update(seat=2),
        "hand 1, action 2: it is seat 1's turn, not seat 2's",
    ),
    (
        lambda r: _hand(r)["actions"][1].update(at="[1|4]:high"),
        "hand 1, action 2: [1|1] does not match [1|4]:high",
    ),
    (
        lambda r: _hand(r)["actions"][1].update(play="[2|2]"),
        "hand 1, action 2: [2|2] is not in the hand of seat 1",
    ),
    (
        lambda r: _hand(r)["actions"][1].update(play="[1|4]"),
        "hand 1, action 2: [1|4] is not in the hand of seat 1",
    ),
    (
        lambda r: _hand(r)["actions"].__setitem__(1, {"seat": 1, "draw": "[3|3]"}),
        "hand 1, action 2: seat 1 can play [1|1], so drawing is not allowed (R3.2)",
    ),
    (
        lambda r: _hand(r)["actions"].__setitem__(1, {"seat": 1, "pass": True}),
        "hand 1, action 2: seat 1 can play [1|1], so passing is not allowed (R3.2)",
    ),
    (
        lambda r: _hand(r)["actions"].__setitem__(1, {"seat": 1, "play": "[1|1]", "draw": "x"}),
        "exactly one of play, draw and pass",
    ),
    (lambda r: _hand(r)["actions"].__setitem__(1, {"seat": 1}), "exactly one of play"),
    (
        lambda r: _hand(r)["actions"].__setitem__(
            0, {"seat": 0, "play": "[1|4]", "at": "[1|4]:low"}
        ),
        "hand 1, action 1: the table is empty",
    ),
    (
        lambda r: _hand(r)["actions"].__setitem__(
            3, {"seat": 3, "play": "[4|4]", "at": "[4|4]:lineA"}
        ),
        "hand 1, action 4: [4|4] is not on the table",
    ),
    (lambda r: r.update(hands="none"), "'hands' must be a JSON list"),
    (lambda r: r["hands"].__setitem__(0, []), "hand 1: a hand must be a JSON object"),
]


@pytest.mark.parametrize(("mutate", "reason"), BROKEN)
def test_broken_records_name_hand_action_and_reason(mutate: Any, reason: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(broken(mutate))
    assert reason in str(info.value)
    assert "\n" not in str(info.value)


def test_draw_rules_in_records() -> None:
    # A position where seat 1 must draw: it holds nothing matching 0 or 6 after [0|6].
    deal = [
        ["[0|6]", "[0|1]", "[0|2]", "[0|3]", "[0|4]"],
        ["[1|1]", "[1|2]", "[1|3]", "[1|4]", "[1|5]"],
    ]
    used = {t for h in deal for t in h}
    from exact61_widgets.engine.tiles import TILES

    boneyard = [str(t) for t in TILES if str(t) not in used]
    boneyard.remove("[2|2]")
    boneyard.remove("[2|6]")
    boneyard = ["[2|2]", "[2|6]", *boneyard]
    base = {
        "format": "exact61-record",
        "version": 1,
        "players": 2,
        "hands": [
            {
                "leader": 0,
                "deal": deal,
                "boneyard": boneyard,
                "actions": [
                    {"seat": 0, "play": "[0|6]"},
                    {"seat": 1, "draw": "[2|2]"},
                    {"seat": 1, "draw": "[2|6]"},
                    {"seat": 1, "play": "[2|6]", "at": "[0|6]:high"},
                ],
            }
        ],
    }
    doc = replay(base)
    assert [e["kind"] for e in doc["hands"][0]["events"]] == ["play", "draw", "draw", "play"]
    wrong_name = copy.deepcopy(base)
    wrong_name["hands"][0]["actions"][1]["draw"] = "[2|6]"
    with pytest.raises(
        RecordError,
        match=r"hand 1, action 2: draws \[2\|6\], but the next "
        r"boneyard tile is \[2\|2\]",
    ):
        replay(wrong_name)
    other_tile = copy.deepcopy(base)
    other_tile["hands"][0]["actions"][3] = {"seat": 1, "play": "[1|1]", "at": "[0|6]:low"}
    with pytest.raises(RecordError, match=r"action 4: the drawn tile \[2\|6\] must be played"):
        replay(other_tile)
    passing = copy.deepcopy(base)
    passing["hands"][0]["actions"][1] = {"seat": 1, "pass": True}
    with pytest.raises(RecordError, match="action 2: seat 1 must draw"):
        replay(passing)


def test_nothing_may_follow_the_end_of_a_hand_or_of_the_match() -> None:
    record = played_record(2, 3)
    last_hand = record["hands"][-1]
    extra = copy.deepcopy(record)
    extra["hands"][-1]["actions"].append({"seat": 0, "pass": True})
    n = len(record["hands"])
    with pytest.raises(
        RecordError,
        match=f"hand {n}, action {len(last_hand['actions']) + 1}: the match is already won",
    ):
        replay(extra)
    another = copy.deepcopy(record)
    another["hands"].append(copy.deepcopy(record["hands"][0]))
    with pytest.raises(RecordError, match=f"hand {n + 1}: the match is already won"):
        replay(another)
    if n >= 2:
        first = copy.deepcopy(record)
        first["hands"][0]["actions"].append({"seat": 0, "pass": True})
        with pytest.raises(RecordError, match=r"hand 1, action .*: the hand is already over"):
            replay(first)


def test_the_leader_after_going_out_is_checked() -> None:
    for seed in range(20):
        record = played_record(2, seed)
        doc = replay(record)
        for i, hand in enumerate(doc["hands"][:-1]):
            if hand["end"] == "out":
                wrong = copy.deepcopy(record)
                wrong["hands"][i + 1]["leader"] = 1 - hand["next_leader"]
                with pytest.raises(
                    RecordError,
                    match=rf"hand {i + 2}: seat .* leads the next "
                    r"hand \(R2\.5\)",
                ):
                    replay(wrong)
                return
    pytest.fail("no going-out hand found")


def test_the_schema_accepts_records_and_rejects_malformed_ones() -> None:
    schema = record_schema()
    jsonschema.validate(small_record(), schema)
    for mutate in (
        lambda r: r.update(version=2),
        lambda r: r.update(players=1),
        lambda r: _hand(r)["actions"].append({"seat": 0, "pass": False}),
        lambda r: _hand(r)["deal"][0].__setitem__(0, "[7|1]"),
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken(mutate), schema)


def test_a_set_up_position_cannot_be_written_as_record_v1() -> None:
    from conftest import position

    from exact61_widgets import SetupError

    with pytest.raises(SetupError, match="record v1 cannot hold it"):
        to_record(position(2, "[1|4]", [["[4|6]"], ["[0|0]"]]))
