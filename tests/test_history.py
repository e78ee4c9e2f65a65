"""The typed history of a match: every entry named, pop exact, and a popped deal redone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets import DRAW, PASS, IllegalMoveError, Match, Play
from exact61_widgets.engine.history import Deal, SeatAction
from exact61_widgets.engine.record import to_record

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def state(match: Match) -> tuple[Any, ...]:
    """Everything a pop must give back, the history included."""
    return (
        str(match.layout),
        match.hands,
        match.boneyard,
        match.scores,
        match.to_move,
        match.drawn_tile,
        match.status,
        match.hand_end,
        match.winner,
        match.events,
        match.hand_events,
        match.leader,
        match.hand_number,
        match.legal_actions(),
        match.layout.open_places(),
        match.layout.end_sum,
        match.history,
        match.peek(),
    )


def play_on(match: Match, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random actions, dealing each next hand."""
    for _ in range(steps):
        if match.is_over:
            return
        if match.status == "hand_over":
            match.deal()
            continue
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])


def test_the_history_names_each_deal_and_each_seat_action() -> None:
    match = Match(3, seed=4)
    first = match.history[0]
    assert isinstance(first, Deal) and first.kind == "deal"
    assert first.hands == match.hands and first.boneyard == match.boneyard
    assert first.leader == match.leader == match.to_move
    plays = match.legal_actions()
    match.push(plays[0])
    entry = match.history[-1]
    assert isinstance(entry, SeatAction) and entry == (first.leader, plays[0])
    assert entry.seat == first.leader and entry.action == plays[0]
    assert match.action_stack == (entry,)
    assert not hasattr(match.history, "append")  # a tuple: read-only


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.integers(min_value=1, max_value=120))
def test_pop_undoes_every_push_and_deal_exactly(n: int, seed: int, steps: int) -> None:
    match = Match(n, seed=seed)
    rng = random.Random(seed)
    states = [state(match)]
    for _ in range(steps):
        if match.is_over:
            break
        if match.status == "hand_over":
            match.deal()
        else:
            actions = match.legal_actions()
            match.push(actions[rng.randrange(len(actions))])
        states.append(state(match))
    while len(states) > 1:
        states.pop()
        match.pop()
        assert state(match) == states[-1]


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.integers(min_value=1, max_value=150))
def test_push_takes_back_whatever_pop_returned(n: int, seed: int, steps: int) -> None:
    """``push(pop())`` leaves the match as it was, deals included, and later deals agree."""
    match = Match(n, seed=seed)
    play_on(match, random.Random(seed), steps)
    before = state(match)
    undone = []
    while match.history:
        undone.append(match.pop())
    for entry in reversed(undone):
        match.push(entry)
    assert state(match) == before
    twin = Match(n, seed=seed)
    play_on(twin, random.Random(seed), steps)
    for m in (match, twin):
        while m.status == "playing":
            m.push(m.legal_actions()[0])
        if m.status == "hand_over":
            m.deal()  # the shuffles go on exactly as in a match never undone
    assert state(match) == state(twin)


def test_a_popped_deal_is_typed_and_its_redeal_repeats_the_shuffle() -> None:
    match = Match(2, seed=11)
    while match.hand_number < 3 and not match.is_over:
        play_on(match, random.Random(1), 1)
    while not isinstance(match.history[-1], Deal):
        match.pop()
    dealt = match.hands
    deal = match.pop()
    assert isinstance(deal, Deal) and deal.hands == dealt and deal.rng_state is not None
    assert match.status == "hand_over"
    match.deal()  # dealing afresh after the undo gives the same hands again
    assert match.hands == dealt


def test_deal_entries_round_trip_as_json() -> None:
    deal = Match(4, seed=2).history[0]
    assert isinstance(deal, Deal)
    doc = deal.to_json()
    assert doc["leader"] == deal.leader and len(doc["hands"]) == 4
    assert doc["hands"][0] == [str(t) for t in deal.hands[0]]
    assert len(doc["boneyard"]) == 8


def test_a_deal_cannot_be_pushed_into_a_hand_in_progress() -> None:
    match = Match(2, seed=3)
    deal = match.history[0]
    with pytest.raises(IllegalMoveError, match="still being played"):
        match.push(deal)


def test_the_history_writes_the_same_record_as_before() -> None:
    match = Match(3, seed=9)
    play_on(match, random.Random(9), 400)
    record = to_record(match)
    actions = [a for h in record["hands"] for a in h["actions"]]
    entries = [e for e in match.history if isinstance(e, SeatAction)]
    assert len(actions) == len(entries)
    for item, entry in zip(actions, entries, strict=True):
        assert item["seat"] == entry.seat
        if entry.action is DRAW:
            assert "draw" in item
        elif entry.action is PASS:
            assert item["pass"] is True
        else:
            assert isinstance(entry.action, Play) and item["play"] == str(entry.action.tile)


def test_sampling_the_hidden_tiles_keeps_what_the_mover_sees() -> None:
    match = Match(4, seed=5)
    play_on(match, random.Random(5), 9)
    assert match.status == "playing" and match.boneyard_count
    seen = (
        str(match.layout),
        match.hand(match.to_move),
        match.scores,
        match.to_move,
        match.boneyard_count,
        [len(h) for h in match.hands],
        match.hand_events,
    )
    hidden = sorted(t for s in range(4) if s != match.to_move for t in match.hand(s))
    hidden += sorted(match.boneyard)
    world = match.copy()
    world.sample_hidden(random.Random(1))
    assert (
        str(world.layout),
        world.hand(world.to_move),
        world.scores,
        world.to_move,
        world.boneyard_count,
        [len(h) for h in world.hands],
        world.hand_events,
    ) == seen
    again = sorted(t for s in range(4) if s != world.to_move for t in world.hand(s))
    assert sorted(again + sorted(world.boneyard)) == sorted(hidden)
    assert world.is_set_up and world.history == ()
    with pytest.raises(IndexError):
        world.pop()
    world.push(world.legal_actions()[0])  # play goes on from the sampled deal
    world.pop()
