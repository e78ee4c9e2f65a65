"""The hand stories: every event the story promises happens at its step, by the engine's rules.

The stories are data (scores, the deal, the leader, every action). These tests
replay that data with the engine on their own, turn by turn, and check each
beat the story names (``("pass", 12)``: the 13th step shows a pass) against the
engine's events and positions — never against the story's own texts.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from exact61_widgets import Match
from exact61_widgets.engine.actions import Draw, parse_action
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.events import (
    BlockedAwardEvent,
    DrawEvent,
    Event,
    MatchWonEvent,
    OutEvent,
    PassEvent,
    PlayEvent,
)
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.views.ready_positions import BLOCKED_STORY, GOING_OUT_STORY, STORIES
from exact61_widgets.widgets import HandScript, HandStory, ScenarioError, WidgetError
from exact61_widgets.widgets.figures import ScoreSpec

TAG = re.compile(r"<[^>]+>")
CODE = re.compile(r"\b[RD]\d+(\.\d+)?\b")


def engine_turns(script: HandScript) -> tuple[Match, list[list[Event]], list[Match]]:
    """The script replayed by the engine: the start, each turn's events, the match after it."""
    match = Match(script.players, start_scores=script.scores, deal=False)
    match.deal(script.hands, script.boneyard, leader=script.leader)
    start = match.copy()
    turns: list[list[Event]] = []
    after: list[Match] = []
    current: list[Event] = []
    for text in script.actions:
        action = parse_action(text)
        current += match.push(action)
        if not isinstance(action, Draw):
            turns.append(current)
            after.append(match.copy())
            current = []
    return start, turns, after


def layout_after(events: list[Event], start: Layout) -> Layout:
    """The layout once the plays among ``events`` are placed on ``start``."""
    layout = start.copy()
    for event in events:
        if isinstance(event, PlayEvent):
            layout.push(event.tile, event.at)
    return layout


def check_beat(kind: str, step: int, script: HandScript) -> None:
    """One beat of a story, checked with the engine alone."""
    start, turns, after = engine_turns(script)
    final = after[-1]
    if kind == "deal":
        assert step == 0
        assert [{str(t) for t in start.hand(s)} for s in range(script.players)] == [
            set(hand) for hand in script.hands
        ]
        assert start.boneyard_count == 28 - 5 * script.players and not start.layout
        return
    if kind in (
        "totals",
        "rejected",
        "won",
        "cut",
        "result",
        "settlement",
        "next_leader",
    ) and step > len(turns):
        check_settlement_beat(kind, step - len(turns) - 1, script, start, turns, after)
        return
    events = turns[step - 1]  # step k shows turn k
    plays = [e for e in events if isinstance(e, PlayEvent)]
    before = after[step - 2].layout if step > 1 else start.layout
    if kind == "opening":
        assert step == 1 and plays[0].at is None
    elif kind == "draw":
        assert any(isinstance(e, DrawEvent) for e in events)
    elif kind == "pass":
        assert any(isinstance(e, PassEvent) for e in events)
        assert after[step - 1].boneyard_count == 0
    elif kind == "spinner":
        assert plays and plays[0].tile.is_double
    elif kind == "lines":
        at = plays[0].at
        assert at is not None and at.tile.is_double and at.port.is_line
        assert before.is_end_double(at.tile)
        assert not layout_after(events, before).is_end_double(at.tile)  # both lines filled
    elif kind == "branch":
        at = plays[0].at
        assert at is not None and at.tile.is_double and at.port.is_branch
    elif kind == "applied":
        assert plays[0].status == "applied" and plays[0].award > 0
    elif kind == "rejected":
        play = plays[0]
        assert play.status == "rejected" and play.score_before + play.award > TARGET
        assert play.scores[play.side] == play.score_before
    elif kind == "going_out":
        assert plays[0].status == "deferred" and step == len(turns)
        assert not final.hand(plays[0].seat)
    elif kind == "block":
        assert step == len(turns) and final.hand_end is not None
        assert final.hand_end.kind == "blocked" and final.boneyard_count == 0
    else:
        raise AssertionError(f"unknown beat {kind}")


def check_settlement_beat(
    kind: str,
    index: int,
    script: HandScript,
    start: Match,
    turns: list[list[Event]],
    after: list[Match],
) -> None:
    """A beat after the last turn: ``index`` counts the settlement's steps from 0."""
    events = turns[-1]
    final = after[-1]
    out = [e for e in events if isinstance(e, OutEvent)]
    awards = [e for e in events if isinstance(e, BlockedAwardEvent)]
    if kind == "settlement":
        assert index == 0 and len(out) == 1
        settled = out[0]
        assert settled.status == "applied" and settled.partner_deduction > 0
        assert settled.opponents_award > 0 and settled.play_award > 0
        assert final.scores[settled.side] == settled.score_before + settled.net
        others = [s for s in range(final.sides) if s != settled.side]
        assert all(final.scores[s] == after[-2].scores[s] for s in others)  # nobody pays
    elif kind == "next_leader":
        assert index == 1 and final.hand_end is not None and not final.is_over
        assert final.hand_end.next_leader == out[0].seat
    elif kind == "totals":
        assert index == 0 and awards
    elif kind == "rejected":
        award = awards[index - 1]
        assert award.status == "rejected" and award.score_before + award.award > TARGET
    elif kind == "won":
        award = awards[index - 1]
        assert award is awards[-1] and award.score_before + award.award == TARGET
        assert isinstance(events[-1], MatchWonEvent) and final.is_over
    elif kind == "cut":
        assert index == len(awards) + 1 and final.is_over
        free = Match(script.players, start_scores=[0] * final.sides, deal=False)
        free.deal(script.hands, script.boneyard, leader=script.leader)
        for text in script.actions:
            free.push(parse_action(text))
        uncut = [e for e in free.events if isinstance(e, BlockedAwardEvent)][len(awards) :]
        lost = [e for e in uncut if e.award > 0 and e.side != final.winner]
        assert lost, "the end of the match cuts off no real award"
        assert all(final.scores[e.side] + e.award <= TARGET for e in lost)
    elif kind == "result":
        assert final.hand_end is not None and final.hand_end.hand_winner is not None
    else:
        raise AssertionError(f"unknown beat {kind}")


@pytest.mark.parametrize("name", sorted(STORIES))
def test_every_beat_happens_where_the_story_says(name: str) -> None:
    script = STORIES[name]
    for kind, step in script.beats:
        check_beat(kind, step, script)


@pytest.mark.parametrize("name", sorted(STORIES))
def test_the_widget_shows_the_engine_events_of_each_turn_at_its_step(name: str) -> None:
    script = STORIES[name]
    story = HandStory(name)
    _, turns, _ = engine_turns(script)
    for step, events in enumerate(turns, start=1):
        # A turn's step tells its draws and play or pass; the settlement comes after it.
        shown = [e for e in events if isinstance(e, (DrawEvent, PlayEvent, PassEvent))]
        assert list(story.events_at(step)) == shown, step
        story.go(step)
        for event in shown:
            assert event.explain("en") in story.text  # the engine's own explanation
    for kind, step in script.beats:
        assert kind in story.kinds_at(step), (kind, step)
    assert story.events_at(0) == ()


def board_of(story: HandStory, step: int) -> tuple[int, ...]:
    """The scores the score board of ``step`` shows."""
    (spec,) = [p.spec for p in story.steps[step].panels if isinstance(p.spec, ScoreSpec)]
    return tuple(spec.scores)


#: What a step's text says a side's score is now, in the story's English sentences.
STATED = (
    re.compile(r"now has (\d+)"),
    re.compile(r"the score stays (\d+)"),
    re.compile(r"= (\d+) is not above 305"),
    re.compile(r"has (\d+), and [^.]* would pass 305"),
    re.compile(r"= (305) is exactly 61"),
)
#: The scores a step lists in full: ``pair 0+2: 185 raw (37); pair 1+3: 280 raw (56)``.
LISTED = re.compile(r"Scores(?: before the hand)?: ((?:[^:;.]+: \d+ raw \(\d+\)(?:; )?)+)")


@pytest.mark.parametrize("name", sorted(STORIES))
def test_every_steps_score_board_shows_the_scores_its_text_states(name: str) -> None:
    """The board changes at the step whose text applies an award, never a step early."""
    story = HandStory(name)
    start, _, _ = engine_turns(STORIES[name])
    board = tuple(start.scores)
    changes = 0
    for step in range(len(story.steps)):
        told = [e for e in story.events_at(step) if getattr(e, "scores", None) is not None]
        if told and "cut" not in story.kinds_at(step):  # awards cut off are never applied
            board = tuple(told[-1].scores)  # type: ignore[attr-defined]
        assert board_of(story, step) == board, step
        story.go(step)
        text = story.caption_text
        for pattern in STATED:
            for found in pattern.findall(text):
                assert int(found) in board, (step, pattern.pattern, found, board)
        for listed in LISTED.findall(text):
            values = tuple(int(v) for v in re.findall(r": (\d+) raw", listed))
            assert values == board, (step, listed)
        changes += step > 0 and board_of(story, step) != board_of(story, step - 1)
    assert changes >= 3  # the story's awards are seen landing


def test_the_going_out_story_holds_every_required_moment_in_order() -> None:
    beats = dict(GOING_OUT_STORY.beats)
    assert GOING_OUT_STORY.players == 4
    assert beats["deal"] < beats["opening"] < beats["spinner"] < beats["lines"] < beats["branch"]
    assert beats["rejected"] < beats["going_out"] < beats["settlement"] < beats["next_leader"]
    assert {"draw", "pass"} <= beats.keys()
    assert GOING_OUT_STORY.beat("settlement") == len(HandStory().steps) - 2


def test_the_blocked_story_ends_the_match_mid_settlement_and_cuts_a_real_award() -> None:
    beats = dict(BLOCKED_STORY.beats)
    assert beats["block"] < beats["totals"] < beats["rejected"] < beats["won"] < beats["cut"]
    story = HandStory("blocked")
    assert story.match.is_over
    cut = story.events_at(beats["cut"])
    assert cut and all(isinstance(e, BlockedAwardEvent) for e in cut)
    story.go(beats["cut"])
    assert "(R8.5)" in story.caption_text
    for award in cut:
        assert award.explain("en") in story.text
    story.go(len(story.steps) - 1)
    assert "(D8)" in story.caption_text and "lot" not in story.caption_text


@pytest.mark.parametrize("name", sorted(STORIES))
def test_every_step_is_told_in_plain_words_with_a_rule_in_both_languages(name: str) -> None:
    for lang, letters in (("en", "[a-z]"), ("ru", "[а-яё]")):
        story = HandStory(name, lang=lang)
        for step in range(len(story.steps)):
            story.go(step)
            text = story.caption_text
            assert CODE.search(text) and re.search(letters, text), (lang, step)
            assert not CODE.match(text)  # plain words first
            assert html.unescape(TAG.sub("", story.caption.value)) == text
            assert "pay" not in text  # nobody pays: only the scorer's score changes


def test_the_story_steps_with_the_controls_and_shows_every_hand() -> None:
    story = HandStory()
    assert story.controls.position.value == f"Step 1 of {len(story.steps)}"
    for hand in GOING_OUT_STORY.hands:
        for tile in hand:
            assert f'data-tile="{tile}"' in story.board.svg
    story.controls.next_button.click()
    assert story.step == 1 and "[0|6]" in story.caption_text
    story.go(GOING_OUT_STORY.beat("draw"))
    drawn = [str(e.tile) for e in story.events_at(story.step) if isinstance(e, DrawEvent)]
    assert all(f'data-tile="{t}"' in story.board.svg for t in drawn[:-1])  # kept in the hand
    story.reset()
    assert story.step == 0


def test_a_three_player_story_has_no_partner_lines() -> None:
    match = Match(3, seed=4)
    script = HandScript(
        3,
        match.scores,
        tuple(tuple(str(t) for t in h) for h in match.hands),
        tuple(str(t) for t in match.boneyard),
        match.leader,
        (),
    )
    bot = make_bot("greedy")
    actions = []
    while match.status == "playing":
        action = bot.choose(match)
        actions.append(action.kind if action.kind != "play" else str(action))
        match.push(action)
    story = HandStory(replace(script, actions=tuple(actions)))
    texts = []
    for step in range(len(story.steps)):
        story.go(step)
        texts.append(story.caption_text)
    assert not any(re.search("partner|pair", t, re.I) for t in texts), texts
    assert "plays alone" in texts[0]


def test_a_bad_story_is_refused_with_the_reason() -> None:
    with pytest.raises(WidgetError, match="unknown story 'long'"):
        HandStory("long")
    broken = replace(GOING_OUT_STORY, actions=("[0|6]", "pass"))
    with pytest.raises(ScenarioError, match=r"action 2 of the hand, pass, cannot be done"):
        HandStory(broken)


def test_a_hand_written_as_json_tells_the_same_story() -> None:
    data = BLOCKED_STORY.to_json()
    assert HandScript.from_json(data) == BLOCKED_STORY
    assert HandStory(data).static_text() == HandStory("blocked").static_text()
    with pytest.raises(ScenarioError, match="has no field 'moves'"):
        HandScript.from_json({**data, "moves": []})
    with pytest.raises(ScenarioError, match="JSON object with players"):
        HandScript.from_json({"players": 4})
