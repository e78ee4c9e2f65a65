"""Property tests over random matches with 2, 3 and 4 players (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets import Layout, Match, replay
from exact61_widgets.engine.events import PlayEvent
from exact61_widgets.engine.record import load_record, to_record
from exact61_widgets.engine.scoring import TARGET

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
start = st.lists(
    st.integers(min_value=-20, max_value=60).map(lambda n: n * 5), min_size=3, max_size=3
)


def tiles_everywhere(match: Match) -> list[str]:
    found = [str(t) for t in match.layout.tiles] + [str(t) for t in match.boneyard]
    for seat in range(match.players):
        found += [str(t) for t in match.hand(seat)]
    return found


def play_random(match: Match, rng: random.Random, check: bool = True) -> None:
    while not match.is_over:
        if match.status == "hand_over":
            match.deal()
        actions = match.legal_actions()
        assert actions
        before = match.scores
        match.push(actions[rng.randrange(len(actions))])
        if check:
            found = tiles_everywhere(match)
            assert len(found) == 28 and len(set(found)) == 28
            assert all(s <= TARGET for s in match.scores)
            for side, (old, new) in enumerate(zip(before, match.scores, strict=False)):
                assert (new - old) % 5 == 0, side
        assert match.hand_number < 500


@settings(max_examples=60, deadline=None)
@given(players, seeds, start)
def test_random_matches_conserve_tiles_and_end_exactly_on_305(
    n: int, seed: int, scores: list[int]
) -> None:
    sides = 2 if n == 4 else n
    match = Match(n, seed=seed, start_scores=scores[:sides])
    play_random(match, random.Random(seed))
    assert match.is_over and match.winner is not None
    assert match.scores[match.winner] == TARGET
    assert sum(1 for s in match.scores if s == TARGET) == 1
    assert match.events[-1].kind == "match_won"


@settings(max_examples=60, deadline=None)
@given(players, seeds)
def test_every_played_match_replays_to_the_same_events_and_round_trips(n: int, seed: int) -> None:
    match = Match(n, seed=seed)
    play_random(match, random.Random(seed), check=False)
    record = to_record(match)
    doc = replay(record)
    events = [e for hand in doc["hands"] for e in hand["events"]]
    assert events == [e.to_dict() for e in match.events]
    assert doc["scores"] == list(match.scores) and doc["winner"] == match.winner
    again = load_record(record)
    assert to_record(again) == record
    assert again.events == match.events


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_layout_notation_round_trips_for_random_layouts(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(2, seed=seed)
    play_random(match, rng, check=False)
    # Rebuild every layout of the last hand from its notation.
    layout = Layout()
    for event in match.hand_events:
        if isinstance(event, PlayEvent):
            layout.push(event.tile, event.at)
            text = str(layout)
            again = Layout.parse(text)
            assert again == layout and str(again) == text
            assert again.end_sum == layout.end_sum == event.end_sum


def test_play_awards_follow_the_end_sum() -> None:
    for seed in range(40):
        match = Match(3, seed=seed)
        play_random(match, random.Random(seed), check=False)
        for event in match.events:
            if isinstance(event, PlayEvent):
                assert event.end_sum == sum(c.value for c in event.contributions)
                positive_multiple = event.end_sum > 0 and event.end_sum % 5 == 0
                assert event.award == (event.end_sum if positive_multiple else 0)
                if event.status == "rejected":
                    assert event.score_before + event.award > TARGET
