"""The search bot: legal, blind to hidden tiles, deterministic, and it knows the exact-61 rule."""

from __future__ import annotations

import random

import pytest
from conftest import position, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from test_playout_drift import walk
from test_search_inference import drew_then_played

from exact61_widgets import DRAW, PASS, Match, SetupError
from exact61_widgets.engine.bots import SearchBot, bot_names, make_bot
from exact61_widgets.engine.bots.rollout import greedy_playout
from exact61_widgets.engine.bots.search import WIN, search
from exact61_widgets.engine.playout import Trace
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.engine.tiles import TILES


def test_search_is_registered() -> None:
    assert "search" in bot_names()
    assert isinstance(make_bot("search", 1), SearchBot)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_bot_only_plays_legal_actions_and_leaves_the_match_alone(players: int) -> None:
    match = Match(players, seed=players)
    bot = SearchBot(5, playouts=40)
    rng = random.Random(players)
    for _ in range(60):
        if match.is_over:
            break
        if match.status == "hand_over":
            match.deal()
        before = snapshot(match)
        action = bot.choose(match)
        assert snapshot(match) == before
        assert action in match.legal_actions()
        match.push(action)
        if not match.is_over and match.status == "playing":  # let a random opponent reply
            actions = match.legal_actions()
            match.push(actions[rng.randrange(len(actions))])
    assert bot.searches > 0 and bot.playouts > 0 and bot.playouts_per_second > 0


def test_positions_that_look_the_same_get_the_same_choice() -> None:
    """Different hidden hands and boneyards, same public history: same choice, same values."""
    first, second = drew_then_played(0), drew_then_played(1)
    assert first.hand(0) == second.hand(0) and first.hands[1] != second.hands[1]
    assert first.boneyard != second.boneyard
    for seed in range(4):
        a = search(first, random.Random(seed), playouts=90)
        b = search(second, random.Random(seed), playouts=90)
        assert a.ranked == b.ranked
        assert SearchBot(seed, playouts=90).choose(first) == SearchBot(seed, playouts=90).choose(
            second
        )


def test_the_choice_is_deterministic_for_a_seed() -> None:
    match = Match(3, seed=11)
    choices = {SearchBot("s", playouts=60).choose(match) for _ in range(3)}
    assert len(choices) == 1


def exact_finish(score: int, hand: list[str]) -> Match:
    # On [3|6]: [2|6] at the 6 scores 5, [3|4] at the 3 scores 10, [6|6] at the 6 scores 15.
    return position(2, "[3|6]", [hand, ["[0|0]", "[1|1]", "[5|5]"]], scores=[score, 0])


@pytest.mark.parametrize("seed", range(3))
def test_it_takes_an_exact_61_win(seed: int) -> None:
    match = exact_finish(TARGET - 5, ["[2|6]", "[6|6]", "[3|4]"])
    assert str(SearchBot(seed, playouts=60).choose(match)) == "[2|6]@[3|6]:high"
    result = search(match, random.Random(seed), playouts=60)
    assert result.best.value == 1.0 and result.best.win == 1.0  # a sure win: all the match
    old = search(match, random.Random(seed), playouts=60, evaluation="points")
    assert old.best.value == WIN and str(old.best.action) == "[2|6]@[3|6]:high"


@pytest.mark.parametrize("seed", range(3))
def test_it_avoids_an_overshoot_when_a_play_scores(seed: int) -> None:
    match = exact_finish(TARGET - 10, ["[6|6]", "[2|6]", "[0|3]"])
    # [6|6] would score 15 and pass 61: rejected whole, worth nothing (R1.4).
    result = search(match, random.Random(seed), playouts=1500)
    gains = {str(v.action): v.gain for v in result.ranked}
    assert gains == {"[6|6]@[3|6]:high": 0, "[2|6]@[3|6]:high": 5, "[0|3]@[3|6]:low": 0}
    assert all(v.win < 1 for v in result.ranked)  # the rejected 15 wins nothing at once
    # The previous evaluation (the hand's points) takes the 5; the chance to win the match
    # weighs where each leaves the hand, and may keep 59 (the hint explains either).
    old = SearchBot(seed, playouts=1500, evaluation="points")
    assert str(old.choose(match)) == "[2|6]@[3|6]:high"


def test_forced_actions_need_no_search() -> None:
    bot = SearchBot(1)
    match = position(2, "[1|4]", [["[2|3]"], ["[0|0]"]])
    assert bot.choose(match) == DRAW
    rest = [str(t) for t in TILES if str(t) not in ("[1|4]", "[2|3]", "[0|0]")]
    match = Match.setup(2, layout="[1|4]", hands=[["[2|3]"], ["[0|0]", *rest]])
    assert bot.choose(match) == PASS
    assert bot.searches == 0


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(SetupError, match="playout budget"):
        SearchBot(1, playouts=0)
    with pytest.raises(SetupError, match="time limit"):
        SearchBot(1, time_limit=-1)
    with pytest.raises(SetupError, match="unknown rollout"):
        SearchBot(1, rollout="clever")


def test_a_time_limit_stops_the_search_after_at_least_one_world() -> None:
    match = Match(4, seed=2)
    result = search(match, random.Random(1), playouts=10**9, time_limit=0.05)
    assert result.worlds >= 1 and result.seconds < 1.0
    assert result.playouts == result.worlds * len(match.legal_actions())


players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)
near = st.integers(min_value=40, max_value=60).map(lambda n: n * 5)


@settings(max_examples=60, deadline=None)
@given(players, seeds, near, st.integers(min_value=0, max_value=12))
def test_greedy_playouts_follow_the_same_rules_as_match(
    n: int, seed: int, score: int, steps: int
) -> None:
    """Replay a greedy playout's trace through Match.push: every action legal, same scores."""
    sides = 2 if n == 4 else n
    match = Match(n, seed=seed, start_scores=[score] * sides)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.status != "playing":
            break
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    if match.status != "playing":
        return
    before = snapshot(match)
    trace: Trace = []
    final = greedy_playout(match, rng, trace=trace)
    assert snapshot(match) == before
    walk(match, trace)  # every step checked against Match, greedy gains included
    assert match.scores == final
    assert match.status != "playing"
