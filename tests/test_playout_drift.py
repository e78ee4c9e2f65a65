"""The playout loop cannot drift from ``Match``: its choices are checked at every step.

The search bot's playouts run their own loop for speed. Its trace records, for
each play, the candidates it chose among and (for a greedy choice) the award it
maximized. Walking the trace through a real :class:`Match`, every step must
agree: the candidates are exactly ``Match.legal_actions()``, a draw or a pass is
the only legal action, the drawn tile is the next of the boneyard, a greedy
choice takes the best award the target check accepts, and the final scores match.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets import DRAW, PASS, Match
from exact61_widgets.engine.actions import PLAY_ROWS, Play
from exact61_widgets.engine.bots import GreedyBot
from exact61_widgets.engine.events import PlayEvent
from exact61_widgets.engine.playout import (
    Trace,
    TraceDeal,
    TraceDraw,
    TracePass,
    TracePlay,
    playout,
)
from exact61_widgets.engine.scoring import accepts
from exact61_widgets.engine.tiles import TILES

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def accepted_award(match: Match, play: Play) -> int:
    """The play award (R6.2) that ``play`` earns now, or 0 if the target check refuses it."""
    event = match.push(play)[0]
    match.pop()
    assert isinstance(event, PlayEvent)
    return event.award if accepts(event.score_before, event.award) else 0


def walk(match: Match, trace: Trace) -> int:
    """Replay ``trace`` through ``match``, checking every step; return the greedy steps."""
    greedy = 0
    for entry in trace:
        if isinstance(entry, TraceDeal):
            n = match.players
            hands = [[TILES[t] for t in entry.order[s * 5 : s * 5 + 5]] for s in range(n)]
            match.deal(hands, [TILES[t] for t in entry.order[n * 5 :]], leader=entry.leader)
            continue
        assert match.to_move == entry.seat
        legal = match.legal_actions()
        if isinstance(entry, TracePlay):
            codes = sorted((a.tile_index, a.place_code) for a in legal if isinstance(a, Play))
            assert sorted(entry.candidates) == codes, (entry, legal)
            chosen = PLAY_ROWS[entry.tile][entry.place]
            assert chosen in legal
            if entry.gain is not None:
                greedy += 1
                gains = {a: accepted_award(match, a) for a in legal if isinstance(a, Play)}
                assert entry.gain == max(gains.values()) == gains[chosen], (entry, gains)
            match.push(chosen)
        elif isinstance(entry, TraceDraw):
            assert legal == [DRAW]
            (drawn,) = match.push(DRAW)
            assert drawn.kind == "draw" and drawn.tile is TILES[entry.tile]
        else:
            assert isinstance(entry, TracePass) and legal == [PASS]
            match.push(PASS)
    return greedy


@settings(max_examples=60, deadline=None)
@given(players, seeds)
def test_random_playouts_choose_among_exactly_the_legal_actions(n: int, seed: int) -> None:
    trace: Trace = []
    final = playout(Match(n, seed=seed), random.Random(seed), trace=trace)
    match = Match(n, seed=seed)
    assert walk(match, trace) == 0
    assert match.scores == final and match.is_over


@settings(max_examples=60, deadline=None)
@given(
    players,
    seeds,
    st.integers(min_value=0, max_value=60).map(lambda n: n * 5),
    st.integers(min_value=0, max_value=15),
    st.sampled_from([0.0, 0.1, 0.5]),
)
def test_greedy_playouts_take_the_best_award_match_allows(
    n: int, seed: int, score: int, steps: int, epsilon: float
) -> None:
    """Greedy steps (scores near 61, so rejections happen) maximize the accepted award."""
    sides = 2 if n == 4 else n
    match = Match(n, seed=seed, start_scores=[min(score, 300)] * sides)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.status != "playing":
            break
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    before = (str(match.layout), match.hands, match.scores, match.boneyard, match.events)
    trace: Trace = []
    final = playout(match, rng, hands=1, trace=trace, greedy=True, epsilon=epsilon)
    assert (str(match.layout), match.hands, match.scores, match.boneyard, match.events) == before
    plays = sum(1 for e in trace if isinstance(e, TracePlay))
    greedy = walk(match, trace)
    assert greedy <= plays and (epsilon or greedy == plays)
    assert match.scores == final and match.status != "playing"


def test_a_wrong_candidate_list_or_gain_is_caught() -> None:
    """The walk fails on a trace whose candidates or greedy gain are not Match's."""
    match = Match(2, seed=8)
    trace: Trace = []
    playout(match.copy(), random.Random(8), hands=1, trace=trace, greedy=True, epsilon=0.0)
    first = next(
        i for i, e in enumerate(trace) if isinstance(e, TracePlay) and len(e.candidates) > 1
    )
    entry = trace[first]
    assert isinstance(entry, TracePlay) and entry.gain is not None
    for broken in (
        entry._replace(candidates=entry.candidates[1:]),
        entry._replace(gain=entry.gain + 5),
    ):
        bad = [*trace[:first], broken]
        try:
            walk(match.copy(), bad)
        except AssertionError:
            continue
        raise AssertionError(f"{broken} passed")


def test_playout_does_not_change_the_match_and_can_stop_after_one_hand() -> None:
    match = Match(4, seed=3)
    match.push(match.legal_actions()[0])
    before = (str(match.layout), match.hands, match.scores, match.boneyard)
    trace: Trace = []
    playout(match, random.Random(1), hands=1, trace=trace)
    assert (str(match.layout), match.hands, match.scores, match.boneyard) == before
    assert not any(isinstance(e, TraceDeal) for e in trace)  # it stopped at the hand's end
    walk(match, trace)
    assert match.status != "playing"


def test_a_playout_from_a_finished_hand_counts_that_hand() -> None:
    match = Match(2, seed=1)
    bot = GreedyBot()
    while match.status == "playing":
        match.push(bot.choose(match))
    assert match.status == "hand_over"
    trace: Trace = []
    assert playout(match, random.Random(1), hands=1, trace=trace) == match.scores
    assert trace == []
    playout(match, random.Random(1), hands=2, trace=trace)
    assert sum(1 for e in trace if isinstance(e, TraceDeal)) == 1  # exactly one new hand
    walk(match, trace)
