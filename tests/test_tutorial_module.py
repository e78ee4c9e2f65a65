"""The tutorials' first-cell helpers: the session language and pictures with their texts."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from exact61_widgets import get_language, set_language, tutorial
from exact61_widgets.render import render_svg


def test_setup_sets_the_session_language() -> None:
    try:
        tutorial.setup("ru")
        assert get_language() == "ru"
    finally:
        set_language("en")


def test_show_gives_the_picture_its_text_and_keeps_a_caption_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[dict[str, Any]] = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    svg = str(render_svg("[1|4] [1|1]@[1|4]:low", id_prefix="t"))
    tutorial.show(svg)
    tutorial.show(svg, caption="Scoring contributions: 1 + 4 = 5.")
    assert [sorted(b) for b in shown] == [
        ["image/svg+xml", "text/plain"],
        ["image/svg+xml", "text/plain"],
        ["text/plain"],
    ]
    assert shown[0]["image/svg+xml"] == svg and shown[0]["text/plain"] == tutorial.alt_text(svg)
    assert "<" not in shown[0]["text/plain"] and shown[0]["text/plain"]
    assert shown[2] == {"text/plain": "Scoring contributions: 1 + 4 = 5."}


# -- the helpers the teaching notebooks share ---------------------------------------------


def test_a_position_from_plain_data_and_its_plays() -> None:
    match = tutorial.position(2, "[1|4]", [["[1|2]", "[5|6]"], ["[0|0]"]])
    assert match.to_move == 0 and match.boneyard_count == 28 - 4
    assert tutorial.plays(match) == ["[1|2]@[1|4]:low"]
    assert tutorial.plays("[2|5] [5|6]@[2|5]:high", ["[0|2]", "[1|5]", "[3|6]"]) == [
        "[0|2]@[2|5]:low",
        "[3|6]@[5|6]:high",
    ]
    assert tutorial.plays("[1|4]") == []


def test_going_out_and_a_block_give_the_engines_settlement() -> None:
    from exact61_widgets.views.ready_positions import BLOCKED_3P
    from exact61_widgets.widgets import Scenario

    three = Scenario.make(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
    after, out = tutorial.go_out(three)
    assert out.opponents_pips == 13 and out.net == 15 and after.status != "playing"
    awards = tutorial.block(BLOCKED_3P)
    assert [(a.seat, a.award) for a in awards] == [(0, 35), (2, 15), (1, 0)]
    assert BLOCKED_3P.match().status == "playing"  # the scenario itself is not changed


def test_a_story_before_a_step_and_told_up_to_a_step() -> None:
    from exact61_widgets.engine.errors import Exact61Error
    from exact61_widgets.widgets import HandStory

    story = HandStory("going-out", name="t-story")
    before = tutorial.before_step(story, 18)
    assert before.scores == (200, 300) and before.to_move == 1
    part = HandStory(tutorial.story_until(story, 17), name="t-part")
    assert len(part.steps) == 17
    assert part.turns[-1].after.layout == before.layout
    with pytest.raises(Exact61Error, match="turns are told at steps 2 to 19, not at step 1"):
        tutorial.before_step(story, 1)
    with pytest.raises(Exact61Error, match="not at step 99") as caught:
        tutorial.story_until(story, 99)
    assert (
        caught.value.text("ru")
        == "раздача и ходы сдачи рассказаны на шагах с 1-го по 19-й, а не на шаге 99"
    )


def test_a_story_told_in_parts_shows_only_its_own_steps_when_saved() -> None:
    from exact61_widgets.engine.errors import Exact61Error
    from exact61_widgets.widgets import HandStory

    story = HandStory("going-out", name="t-story")
    part = tutorial.story_part(story, 6, 11, name="t-6")
    assert len(part.steps) == 11 and part.step == 5  # the hand up to step 11, opened at step 6
    text = part.static_text().splitlines()
    assert text[0] == "HandStory(step 6 of 11, lang='en')"
    assert [line.split(":")[0] for line in text[1:]] == [f"Step {k} of 11" for k in range(6, 12)]
    strip = part.static_html()
    assert "6 steps, each with its pictures" in strip and strip.count("<td") == 6
    assert "Step 5 of 11" not in strip and "Step 6 of 11" in strip
    whole = tutorial.story_part(story, 18, name="t-18")  # to the end: the settlement too
    assert len(whole.steps) == len(story.steps) and whole.step == 17
    assert HandStory("going-out", name="t-all").static_html().count("<td") == len(story.steps)
    with pytest.raises(Exact61Error, match="steps 1 to 5, not step 6") as caught:
        tutorial.story_part(story, 6, 5)
    assert caught.value.text("ru") == "в этой части сдачи шаги с 1-го по 5-й, а не шаг 6"


def test_alternatives_say_what_every_play_would_do() -> None:
    from exact61_widgets.widgets import HandStory

    before = tutorial.before_step(HandStory("going-out", name="t-story"), 5)
    lines = tutorial.alternatives(before)
    assert len(lines) == len(tutorial.plays(before)) == 5
    assert sum("award 10 raw points" in line for line in lines) == 1
    assert all(line.startswith("Seat 0 plays ") for line in lines)
    assert tutorial.alternatives(before, "ru")[0].startswith("Игрок 0 выкладывает ")
    blocking = tutorial.before_step(HandStory("blocked", name="t-blocked"), 13)
    settled = [line for line in tutorial.alternatives(blocking) if "Seat 3 holds 16" in line]
    assert len(settled) == 1 and ". Seat 0 holds 9" in settled[0]  # the block's awards follow


def test_the_scores_in_a_line_as_the_score_board_shows_them() -> None:
    match = tutorial.position(2, "[3|6]", [["[6|6]"], ["[0|0]"]], scores=[300, 285])
    assert tutorial.scores_line(match) == "Scores: seat 0: 300 raw (60); seat 1: 285 raw (57)."
    assert (
        tutorial.scores_line(match, "ru") == "Счёт: игрок 0: 300 исх. (60); игрок 1: 285 исх. (57)."
    )


def test_a_folded_text_shows_only_its_summary_until_opened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[dict[str, Any]] = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    tutorial.show_folded("[3|6]@[4|6]:high  +6 <best>")
    set_language("ru")
    try:
        tutorial.show_folded("x", summary="Свёрнуто")
        tutorial.show_folded("y")
    finally:
        set_language("en")
    assert shown[0]["text/plain"] == "Solution"
    assert shown[0]["text/html"] == (
        '<details class="exact61-folded"><summary>Solution</summary>'
        "<pre>[3|6]@[4|6]:high  +6 &lt;best&gt;</pre></details>"
    )
    assert shown[1]["text/plain"] == "Свёрнуто" and shown[2]["text/plain"] == "Решение"


def test_the_original_rules_diagrams() -> None:
    assert len(tutorial.DIAGRAMS) == 11 and tutorial.diagram(1) == tutorial.DIAGRAMS[0]
    assert tutorial.diagram(7) == "[2|2]" and tutorial.diagram(11) == "[0|0]"


def test_say_prints_sentences_in_one_write(capsys: pytest.CaptureFixture[str]) -> None:
    tutorial.say("seat 0 draws.", "Seat 1 passes.")
    assert capsys.readouterr().out == "Seat 0 draws.\nSeat 1 passes."


def test_every_hand_face_up_and_captioned_diagrams(monkeypatch: pytest.MonkeyPatch) -> None:
    from exact61_widgets.widgets import Scenario

    three = Scenario.make(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
    svg = tutorial.hands_svg(three, "t-hands", "ru")
    assert 'id="t-hands' in svg and "Игрок 2" in svg and "[1|6]" in tutorial.alt_text(svg)
    shown: list[dict[str, Any]] = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    tutorial.show_hands(three.match(), "t-hands2")
    tutorial.show_captioned(["[1|4]", "[0|0]"], "t-diagram", start=8)
    assert len(shown) == 1 + 2 * 2
    assert 'id="t-diagram8"' in shown[1]["image/svg+xml"] and "legend" in shown[1]["image/svg+xml"]
    assert 'id="t-diagram9"' in shown[3]["image/svg+xml"]
    assert shown[2]["text/plain"].startswith("Scoring contributions: 4 + 1 = 5.")


def test_explain_plays_on_a_copy() -> None:
    match = tutorial.position(2, "[3|6]", [["[6|6]", "[3|4]"], ["[0|0]"]], scores=[295, 0])
    texts = tutorial.explain(match, "[6|6]@[3|6]:high")
    assert len(texts) == 1 and "295 + 15 = 310 would pass 305" in texts[0]
    assert match.layout == tutorial.position(2, "[3|6]", [["[6|6]", "[3|4]"], ["[0|0]"]]).layout


def test_refusal_says_why_a_play_is_refused() -> None:
    from exact61_widgets.engine.errors import Exact61Error

    reason = tutorial.refusal("[2|2] [2|6]@[2|2]:lineA", "[2|5]@[2|2]:branchA")
    assert reason is not None and "(R4.3)" in reason.text()
    assert tutorial.refusal("[2|2]", "[2|5]@[2|2]:lineA") is None
    with pytest.raises(Exact61Error, match="is not a play"):
        tutorial.refusal("[2|2]", "draw")


def test_a_whole_match_hand_by_hand_back_to_a_hand_and_no_deal_after_the_win() -> None:
    from exact61_widgets.engine import Match
    from exact61_widgets.simulation import seat_bots

    match = Match(3, seed=149)
    hands = tutorial.play_hands(match, seat_bots(["greedy"], 3, 149))
    assert match.is_over and [h.number for h in hands] == list(range(1, len(hands) + 1))
    # who went out leads the next hand; a lot picks the leader after a block
    for before, after in itertools.pairwise(hands):
        if before.next_leader is not None:
            assert after.leader == before.next_leader
    assert any(h.next_leader is None for h in hands)
    assert tutorial.hands_text(hands[:1]).startswith("1: ")
    back = tutorial.back_to_hand(match, 2)
    assert back.hand_number == 2 and back.status == "playing" and match.is_over
    assert "D8" in tutorial.refused_deal(match) and "D8" in tutorial.refused_deal(match, "ru")
    assert tutorial.refused_deal(back) != ""  # a hand still being played deals nothing either
    with pytest.raises(ValueError, match="not hand 99"):
        tutorial.back_to_hand(match, 99)
