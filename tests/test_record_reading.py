"""Record replay's fast paths give exactly what the long ways give (docs/formats.md, §3, §6).

Replay reads canonical entries by dictionary look-ups and writes events through
``event_dicts``; these tests hold both to the general reader and to ``to_dict``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from exact61_widgets import Match, RecordError, replay
from exact61_widgets.engine.events import event_dicts
from exact61_widgets.engine.record import load_record, to_record


def played_record(players: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    match = Match(players, seed=seed)
    while not match.is_over:
        if match.status == "hand_over":
            match.deal()
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    return to_record(match)


RECORDS = [played_record(2 + seed % 3, seed) for seed in range(24)]


def test_event_dicts_are_the_to_dict_forms_key_order_included() -> None:
    kinds: set[str] = set()
    for record in RECORDS:
        events = load_record(record).events
        kinds.update(e.kind for e in events)
        fast = event_dicts(events)
        assert json.dumps(fast) == json.dumps([e.to_dict() for e in events])
    # Every kind of event was compared, the ones written in place and the others.
    assert kinds == {"play", "draw", "pass", "out", "blocked_award", "match_won"}


def test_event_dicts_are_fresh_objects() -> None:
    events = load_record(RECORDS[0]).events
    first, second = event_dicts(events), event_dicts(events)
    first[0]["scores"].append(99)
    first[1]["tile"] = "changed"
    assert second == [e.to_dict() for e in events]
    assert list(events[0].scores) == second[0]["scores"]


def _respell_tile(text: str, rng: random.Random) -> str:
    a, b = text[1], text[3]
    return rng.choice([f"{b}{a}", f"{a}-{b}", f"{b}|{a}", f"[{b}|{a}]", f" {text} "])


def _respelled(record: dict[str, Any], seed: int) -> dict[str, Any]:
    """The same record with every tile and place in another accepted spelling."""
    rng = random.Random(seed)
    other = copy.deepcopy(record)
    for hand in other["hands"]:
        hand["deal"] = [[_respell_tile(t, rng) for t in tiles] for tiles in hand["deal"]]
        hand["boneyard"] = [_respell_tile(t, rng) for t in hand["boneyard"]]
        for entry in hand["actions"]:
            if "play" in entry:
                entry["play"] = _respell_tile(entry["play"], rng)
                if "at" in entry:
                    tile, port = entry["at"].split(":")
                    entry["at"] = f"{_respell_tile(tile, rng)}:{port}"
                elif rng.random() < 0.5:
                    entry["at"] = None  # an opening may name no place explicitly
            elif "draw" in entry:
                entry["draw"] = _respell_tile(entry["draw"], rng)
    return other


@pytest.mark.parametrize("index", range(0, 24, 5))
def test_other_spellings_replay_exactly_as_canonical_text(index: int) -> None:
    record = RECORDS[index]
    other = _respelled(record, index)
    assert other != record
    assert json.dumps(replay(other)) == json.dumps(replay(record))
    assert to_record(load_record(other)) == record


def test_a_true_seat_is_refused_though_the_rest_is_canonical() -> None:
    record = copy.deepcopy(RECORDS[1])
    actions = record["hands"][0]["actions"]
    index = next(i for i, e in enumerate(actions) if e["seat"] == 1)
    actions[index]["seat"] = True  # equal to 1, but not a whole-number seat
    with pytest.raises(
        RecordError, match=f"hand 1, action {index + 1}: an action needs a whole-number seat"
    ):
        replay(record)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda e: e.update(extra=1), "the action has an unknown field 'extra'"),
        (lambda e: e.update(seat=(e["seat"] + 1) % 2), "turn, not seat"),
        (lambda e: e.update(play=e["play"].replace("[", "<")), "is not a tile"),
    ],
)
def test_load_record_checks_as_replay_does(change: Any, reason: str) -> None:
    record = copy.deepcopy(RECORDS[3])
    entry = next(e for e in record["hands"][0]["actions"] if "at" in e)
    change(entry)
    with pytest.raises(RecordError) as by_replay:
        replay(record)
    with pytest.raises(RecordError) as by_load:
        load_record(record)
    assert reason in str(by_replay.value)
    assert (str(by_load.value), by_load.value.hand, by_load.value.action) == (
        str(by_replay.value),
        by_replay.value.hand,
        by_replay.value.action,
    )


def test_load_record_gives_the_match_replay_checked() -> None:
    for record in RECORDS[:6]:
        match = load_record(record)
        doc = replay(record)
        assert to_record(match) == record
        assert (list(match.scores), match.winner) == (doc["scores"], doc["winner"])
        assert len(match.events) == sum(len(hand["events"]) for hand in doc["hands"])


def test_an_unseeded_match_deals_the_same_hand_again_after_undo() -> None:
    match = Match(3)
    dealt = (match.hands, match.boneyard, match.leader)
    match.pop()
    match.deal()
    assert (match.hands, match.boneyard, match.leader) == dealt
    # Unseeded matches still start from different deals.
    assert len({Match(2).hands for _ in range(4)}) > 1
