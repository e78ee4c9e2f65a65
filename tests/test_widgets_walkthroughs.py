"""The six walkthroughs: steps, controls in sync, captions citing rules, scenarios as arguments."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from exact61_widgets import Layout, Match, Play
from exact61_widgets.engine.events import BlockedAwardEvent, PlayEvent
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.scenario import as_actions
from exact61_widgets.render.svg import last_play
from exact61_widgets.render.table import table_svg
from exact61_widgets.views import ready_positions as sc
from exact61_widgets.widgets import (
    BlockedWalkthrough,
    EndScoringWalkthrough,
    Exact61Walkthrough,
    GoingOutWalkthrough,
    HandStory,
    RoundingWalkthrough,
    Scenario,
    SpinnerWalkthrough,
    WidgetError,
)
from exact61_widgets.widgets.figures import LayoutSpec, draw
from exact61_widgets.widgets.mimebundle import NOTEBOOK_WIDTH
from exact61_widgets.widgets.walkthroughs import Walkthrough

RULE = re.compile(r"\bR\d+(\.\d+)?\b")
CODE = re.compile(r"(?<![\w.])[RD]\d{1,2}(?:\.\d{1,2})?(?!\w)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZА-Я\[])")
TAG = re.compile(r"<[^>]+>")
#: The smallest text a saved strip may show at notebook width, in pixels (issue 20).
MIN_TEXT_PX = 11
ALL = [
    SpinnerWalkthrough,
    EndScoringWalkthrough,
    RoundingWalkthrough,
    GoingOutWalkthrough,
    BlockedWalkthrough,
    Exact61Walkthrough,
]


def codes_only_at_sentence_ends(text: str) -> list[str]:
    """The sentences of ``text`` that cite a rule other than once, in parentheses, at the end."""
    bad = []
    for sentence in SENTENCE_END.split(text.strip()):
        codes = CODE.findall(sentence)
        if not codes:
            continue
        ending = re.search(r"\(([RD][\d.]+)\)[.;]?$", sentence)
        if len(codes) > 1 or ending is None or sentence.startswith(codes[0]):
            bad.append(sentence)
    return bad


def captions(walk: Walkthrough) -> list[str]:
    """Every step's caption, visiting each step with the public API."""
    walk.reset()
    found = [walk.caption_text]
    while walk.step < len(walk.steps) - 1:
        walk.next()
        found.append(walk.caption_text)
    return found


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_every_step_has_a_caption_citing_a_rule_and_a_text_panel(cls: Any) -> None:
    walk = cls()
    texts = captions(walk)
    assert len(texts) == len(walk.steps) >= 4
    for text in texts:
        assert RULE.search(text), text
        assert codes_only_at_sentence_ends(text) == [], text
    assert walk.board.error == ""
    walk.go(len(walk.steps) - 1)
    shown = html.unescape(TAG.sub("", walk.caption.value))
    assert shown == walk.caption_text
    assert walk.caption_text in html.unescape(TAG.sub("", walk.text_panel.value))
    for code in CODE.findall(walk.caption_text):  # every cited rule is a link to it
        anchor = code.lower().replace(".", "-")
        assert f'href="../RULES.md#{anchor}" target="_blank">{code}</a>' in walk.caption.value
    assert 'role="region"' in walk.text_panel.value and "<details>" in walk.text_panel.value
    assert "exact61-quiet-live" in walk.board._dom_classes  # the caption shows it already
    assert walk.board.announcement == walk.caption_text
    assert walk.board.picture.startswith("<svg")


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_buttons_slider_and_label_stay_in_sync(cls: Any) -> None:
    walk = cls()
    c = walk.controls
    assert (walk.step, c.slider.value, c.back_button.disabled) == (0, 0, True)
    c.next_button.click()
    assert walk.step == 1 == c.slider.value and not c.back_button.disabled
    assert c.position.value == f"Step 2 of {len(walk.steps)}"
    c.slider.value = len(walk.steps) - 1
    assert walk.step == len(walk.steps) - 1 and c.next_button.disabled
    first = walk.steps[0].caption
    c.back_button.click()
    assert walk.step == len(walk.steps) - 2
    c.reset_button.click()
    assert walk.step == 0 and walk.caption_text == (
        first if isinstance(first, str) else first.text("en")
    )
    walk.next()
    walk.back()
    walk.back()  # nothing before the first step
    assert walk.step == 0


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_russian_texts_come_from_the_catalog(cls: Any) -> None:
    walk = cls(lang="ru")
    assert walk.controls.next_button.description == "Далее"
    assert walk.controls.position.value.startswith("Шаг 1 из")
    for text in captions(walk):
        assert re.search("[а-яё]", text), text
        assert RULE.search(text)
        assert codes_only_at_sentence_ends(text) == [], text


@pytest.mark.parametrize("cls", ALL, ids=lambda c: c.__name__)
def test_children_are_built_once_and_only_their_values_change(cls: Any) -> None:
    walk = cls()
    before = [id(child) for child in walk.children]
    board = walk.board
    walk.next()
    walk.go(len(walk.steps) - 1)
    walk.reset()
    assert [id(child) for child in walk.children] == before and walk.board is board


def test_spinner_walkthrough_lines_then_branches_then_an_early_branch_refused() -> None:
    walk = SpinnerWalkthrough()
    texts = captions(walk)
    assert "opens the layout" in texts[0] and "spinner" in texts[0] and "(R4.2)" in texts[0]
    assert "fills line A of [4|4]" in texts[1]
    assert "fills line B of [4|4]" in texts[2]
    assert "branches of [4|4] open" in texts[3].lower() and "R5.2" in texts[3]
    assert "starts branch A of [4|4]" in texts[4]
    assert "refused" in texts[-1]
    assert "branches of [5|5] open after both lines are filled (R4.3)" in texts[-1]
    walk.go(3)
    assert 'class="place highlight" data-place="[4|4]:branchA"' in walk.board.picture
    with pytest.raises(WidgetError, match=r"not a branch play refused by R4\.3"):
        SpinnerWalkthrough(early="[1|6]@[4|4]:branchB")
    assert len(SpinnerWalkthrough(early=None).steps) == len(walk.steps) - 1


def test_spinner_walkthrough_marks_every_scoring_end_with_its_value() -> None:
    """No counted end is drawn as an empty dot: each picture has one badge per contribution."""
    walk = SpinnerWalkthrough()
    table = Layout()
    counts = []
    for step in range(len(walk.steps)):
        walk.go(step)
        badges = re.findall(r'class="end"[^>]* data-tile="[^"]+"', walk.board.picture)
        counts.append(len(badges))
    for placement in as_layout(sc.SPINNER_LAYOUT).placements:
        table.push(placement.tile, placement.at)
    assert counts[-1] == len(table.contributions()) > 0
    assert all(counts), counts


def test_spinner_walkthrough_from_notation_or_a_record() -> None:
    walk = SpinnerWalkthrough("[6|6] [2|6]@[6|6]:lineA", early="[1|6]@[6|6]:branchA")
    assert "opens the layout" in walk.caption_text
    match = Match(2, seed=3)
    for _ in range(6):
        match.push(match.legal_actions()[0])
    from_record = SpinnerWalkthrough(to_record(match), early=None)
    assert len(from_record.steps) >= len(match.layout)


def test_end_scoring_shows_each_end_its_value_the_test_and_the_award() -> None:
    walk = EndScoringWalkthrough()
    texts = captions(walk)
    assert len(texts) == 9
    assert texts[0].startswith("[1|4]: the scoring ends add up to 1 + 4 = 5")
    assert "6 is not a multiple of 5" in texts[1]
    assert "15 is a positive multiple of 5" in texts[6] and "3 displayed points" in texts[6]
    walk.go(6)
    assert "[5|5]: 10 — an end double counts both halves (R5.1)" in walk.text
    assert walk.board.picture.count('class="end"') == 3
    walk.go(7)
    assert "a zero end counts and adds 0 (R5.4)" in walk.text


def test_end_scoring_learner_plays_by_typing_or_clicking() -> None:
    walk = EndScoringWalkthrough()
    walk.go(4)
    walk.try_play("[1|6]@[1|1]:branchA")
    assert len(walk.steps) == 6 and walk.step == 5
    assert walk.caption_text.startswith("[1|6]@[1|1]:branchA: the scoring ends add up to")
    walk.play_input.value = "[0|0]@[1|1]:lineA"
    walk.play_button.click()  # illegal: shown, nothing changes
    assert "already taken" in walk.board.error and len(walk.steps) == 6
    walk.go(0)
    walk.board.receive({"type": "click", "tile": "[1|6]"})
    assert "[1|6] chosen" in walk.board.announcement
    assert 'data-place="[1|4]:low"' in walk.board.svg
    walk.board.receive({"type": "click", "place": "[1|4]:low"})
    assert walk.step == 1 and len(walk.steps) == 2
    assert walk.caption_text.startswith("[1|6]@[1|4]:low")


def test_end_scoring_illegal_click_explains_and_changes_nothing() -> None:
    walk = EndScoringWalkthrough("[4|4] [1|4]@[4|4]:lineA")
    walk.go(1)
    steps, svg = [s.caption for s in walk.steps], walk.board.svg
    walk.board.receive({"type": "click", "tile": "[4|5]"})
    walk.board.receive({"type": "click", "place": "[4|4]:branchA"})  # a branch too early
    assert "branches of [4|4] open after both lines are filled (R4.3)" in walk.board.announcement
    walk.board.receive({"type": "click", "place": "[1|4]:low"})
    assert "[4|5] does not match [1|4]:low" in walk.board.announcement
    assert [s.caption for s in walk.steps] == steps
    assert walk.board.error == "" and walk.step == 1
    walk.board.receive({"type": "key", "key": "Enter", "place": "[4|4]:lineB"})
    assert walk.step == 2 and walk.caption_text.startswith("[4|5]@[4|4]:lineB")
    assert svg != walk.board.svg


def test_rounding_walkthrough_totals_once_versus_parts_and_the_partner() -> None:
    walk = RoundingWalkthrough(totals=(12, 13, 15))
    texts = captions(walk)
    assert "round down, to 10 (R7.5)" in texts[0]
    assert "round up, to 15 (R7.5)" in texts[1]
    assert "stays 15" in texts[2]
    assert "6 + 7 = 13" in texts[3] and "once to 15 (R7.2)" in texts[3] and "5 + 5 = 10" in texts[3]
    assert "10 − 5 = 5 (R7.3)" in texts[4] and "12 − 3 = 9 → 10" in texts[4]
    walk.go(3)
    assert walk.board.svg.count('class="exact61-rounding') == 3
    with pytest.raises(WidgetError, match="whole numbers"):
        RoundingWalkthrough(totals=(-1,))


def test_going_out_walkthrough_parts_in_order_and_one_target_check() -> None:
    texts = captions(GoingOutWalkthrough())
    assert "goes out (R7.1)" in texts[0]
    assert "joins the settlement (R7.4)" in texts[1]
    assert "add up to 12 in all" in texts[2] and "rounded once to 10" in texts[2]
    assert "rounded on their own to 5" in texts[3] and "never pooled" in texts[3]
    assert "0 + 10 − 5 = 5" in texts[4] and "100 + 5 = 105" in texts[4]
    assert "One settlement" in texts[4] and texts[4].endswith("not above 305: applied.")
    rejected = captions(GoingOutWalkthrough(sc.GOING_OUT_REJECTED))
    assert "5 + 5 = 10" in rejected[-1] and "300 + 10 = 310 would pass 305" in rejected[-1]
    assert "rejected whole (R7.4)" in rejected[-1]
    assert "opponent holds [0|4]: the pips add up to 4" in rejected[-2]
    exact = captions(GoingOutWalkthrough(sc.GOING_OUT_EXACT))
    assert "300 + 5 = 305, exactly 305: applied, and the match is won (R9.1)" in exact[-1]


def test_going_out_without_pairs_says_nothing_about_a_partner() -> None:
    for scenario in (sc.GOING_OUT_3P, sc.GOING_OUT_REJECTED):
        texts = captions(GoingOutWalkthrough(scenario))
        assert not any("partner" in t.lower() for t in texts), texts
        assert len(texts) == 4
    texts = captions(GoingOutWalkthrough(sc.GOING_OUT_3P))
    assert (
        "6 + 7" not in texts[2] and "13 in all, rounded once to 15" in texts[2]
    )  # the opponents' tiles, rounded once
    assert "One settlement: 0 + 15 = 15 (R7.4)." in texts[3]
    with pytest.raises(WidgetError, match="cannot go out"):
        GoingOutWalkthrough(Scenario.make(2, "[1|4]", [["[4|6]", "[2|3]"], ["[0|0]"]]))


def test_going_out_walkthrough_from_a_record_winds_back_to_the_last_going_out() -> None:
    match = Match(2, seed=11)
    while match.status == "playing":
        match.push(match.legal_actions()[0])
    if match.hand_end is None or match.hand_end.kind != "out":
        pytest.skip("this seed blocks")
    walk = GoingOutWalkthrough(to_record(match))
    assert walk.match.scores == match.scores
    assert "goes out (R7.1)" in walk.steps[0].caption.text("en")  # type: ignore[union-attr]


def test_blocked_walkthrough_awards_one_by_one_and_a_match_ending_mid_settlement() -> None:
    """Totals 12, 19, 38, 51 (pairs 0+2 at 280, 1+3 at 285), worked out by hand (R8).

    Seat 0: (19 − 12) + (51 − 12) = 46 → 45, 280 + 45 passes 305: rejected (R8.4).
    Seat 3: (38 − 19) = 19 → 20, 285 + 20 = 305: exactly 61, the match ends (R8.5).
    Seat 2: (51 − 38) = 13 → 15 would have taken pair 0+2 to 295 — a real award, cut off.
    """
    walk = BlockedWalkthrough()
    texts = captions(walk)
    assert "Seat 3 plays [1|1]@[1|3]:low." in texts[0] and "blocked (R3.5)" in texts[0]
    assert "seat 0: 12, seat 3: 19, seat 2: 38, seat 1: 51 (R8.1)" in texts[1]
    assert "(19 − 12) + (51 − 12) = 46" in texts[2] and "rounded once to 45" in texts[2]
    assert "280 + 45 = 325 would pass 305" in texts[2] and "rejected whole (R8.4)" in texts[2]
    assert "(38 − 19) = 19" in texts[3] and "285 + 20 = 305, exactly 305: applied" in texts[3]
    assert "not applied (R8.5)" in texts[4]
    assert "Seat 2 would have had 15, taking pair 0+2 from 280 to 295" in texts[4]
    assert "Seat 1 would have had nothing" in texts[4]
    assert "pair 0+2 wins the hand (R8.6)" in texts[5]
    assert "nothing follows (D8)" in texts[5] and "lot" not in texts[5]  # no next hand
    assert walk.match.is_over and walk.match.scores == (280, 305)
    walk.go(2)
    assert walk.board.picture.count('class="row"') == 1
    walk.go(3)
    assert walk.board.picture.count('class="row"') == 2


def test_blocked_walkthrough_shows_what_the_cut_awards_would_have_been() -> None:
    """The cut step lists the awards the engine gives when no award can end the match."""
    from exact61_widgets.widgets.walkthroughs.blocked import uncut_awards

    walk = BlockedWalkthrough()
    applied = [e for e in walk.events if isinstance(e, BlockedAwardEvent)]
    every = uncut_awards(walk.before, walk.action)
    assert [e.seat for e in every[: len(applied)]] == [e.seat for e in applied]
    cut = every[len(applied) :]
    assert [(e.seat, e.award) for e in cut if e.award] == [(2, 15)]
    assert all(walk.match.scores[e.side] + e.award <= 305 for e in cut)
    walk.go(4)
    assert all(e.explain("en") in walk.text for e in cut)
    near = captions(BlockedWalkthrough(sc.BLOCKED_3P_NEAR_TARGET))
    assert "Seat 1 would have had nothing." in near[4]  # the largest total gets nothing anyway


def test_blocked_walkthrough_draws_and_pairs() -> None:
    tie = captions(BlockedWalkthrough(sc.BLOCKED_TIE))
    assert "the hand is drawn (R8.6)" in tie[-1]
    pairs = captions(BlockedWalkthrough(sc.BLOCKED_PAIRS))
    assert "the hand still goes to their pair, pair 0+2 (R8.6)" in pairs[-1]
    assert "next leader is chosen by lot (R8.7)" in pairs[-1]
    plain = captions(BlockedWalkthrough(sc.BLOCKED_3P))
    assert not any("exactly 61" in t or "would have had" in t for t in plain)
    with pytest.raises(WidgetError, match="no action blocks"):
        BlockedWalkthrough(sc.GOING_OUT_PAIRS)


def test_exact_61_overshoot_rejected_then_an_exact_hit_ends_the_match() -> None:
    walk = Exact61Walkthrough()
    texts = captions(walk)
    assert "needs exactly 15 raw points more" in texts[0]
    assert "would pass 305: rejected whole (R1.4)" in texts[1] and "stays 290" in texts[1]
    assert "290 + 15 = 305" in texts[3] and "Nothing after that award is applied (D8)." in texts[3]
    assert walk.match.is_over and walk.match.winner == 0
    with pytest.raises(WidgetError, match="cannot be played here"):
        Exact61Walkthrough(actions=["[6|6]@[4|6]:low"])


def test_exact_61_from_a_scenario_written_as_json() -> None:
    data = sc.EXACT_61.to_json()
    assert Scenario.from_json(data).match().hands == sc.EXACT_61.match().hands
    walk = Exact61Walkthrough(data, sc.EXACT_61_PLAYS[:1])
    assert len(walk.steps) == 2


def test_a_failing_step_is_shown_and_the_step_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    from exact61_widgets.widgets import figures

    walk = SpinnerWalkthrough()
    caption = walk.caption_text

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("renderer down")

    monkeypatch.setattr(figures, "draw", broken)
    walk.controls.next_button.click()
    assert "renderer down" in walk.board.error
    assert walk.step == 0 and walk.controls.slider.value == 0 and walk.caption_text == caption
    assert isinstance(walk.guard.last_error, RuntimeError)
    monkeypatch.undo()
    walk.controls.next_button.click()
    assert walk.step == 1 and walk.board.error == ""


def test_scenarios_hold_all_28_tiles() -> None:
    for name in dir(sc):
        value = getattr(sc, name)
        if isinstance(value, Scenario):
            match = value.match()
            assert match.legal_actions(), name
    assert Layout.parse(sc.RULES_NINE).award == 0
    assert isinstance(as_actions(["[1|4]"])[0], Play)


def finished_record(seed: int) -> dict[str, Any]:
    """A whole match between greedy bots, as a record."""
    from exact61_widgets.engine.bots import make_bot

    match = Match(2, seed=seed)
    bot = make_bot("greedy")
    while not match.is_over:
        if match.status == "hand_over":
            match.deal()
        else:
            match.push(bot.choose(match))
    return to_record(match)


def test_exact_61_and_blocked_walkthroughs_from_records() -> None:
    record = finished_record(5)
    walk = Exact61Walkthrough(record)
    assert walk.match.is_over and len(walk.steps) >= 2
    assert "(D8)" in walk.steps[-1].caption.text("en")  # type: ignore[union-attr]
    for seed in range(12):
        record = finished_record(seed)
        try:
            blocked = BlockedWalkthrough(record)
        except WidgetError:
            continue
        assert "blocked (R3.5)" in captions(blocked)[0]
        break
    else:
        pytest.skip("no blocked hand in these matches")


# -- the saved strip: every picture of a step, legible --------------------------------------

STRIP_MAKERS = {
    **{cls.__name__: cls for cls in ALL},
    "HandStory-going-out": lambda **kw: HandStory("going-out", **kw),
    "HandStory-blocked": lambda **kw: HandStory("blocked", **kw),
}
SVG_DOC = re.compile(r"<svg\b.*?</svg>", re.S)
CELL = re.compile(r"<td\b.*?</td>", re.S)
TILE_NAME = re.compile(r"\[\d\|\d\]")
#: Walkthroughs whose captions name only tiles on the table or in a hand shown (the
#: spinner walkthrough also names the tiles it tries and refuses).
NAMES_ONLY_DRAWN_TILES = {"GoingOutWalkthrough", "HandStory-going-out", "HandStory-blocked"}


@pytest.mark.parametrize("name", sorted(STRIP_MAKERS))
def test_a_saved_strip_frame_shows_every_picture_of_its_step(name: str) -> None:
    walk = STRIP_MAKERS[name]()
    cells = CELL.findall(walk.static_html())
    assert len(cells) == len(walk.steps)
    for index, (cell, step) in enumerate(zip(cells, walk.steps, strict=True)):
        pictures = SVG_DOC.findall(cell)
        if not pictures:  # the very pictures of the step before, which its frame shows
            assert "Same pictures as step" in cell and index > 0
            assert step.panels == walk.steps[index - 1].panels
            continue
        assert len(pictures) == len(step.panels), index
        for svg, panel in zip(pictures, step.panels, strict=True):
            assert f'id="{walk.prefix}-step{index + 1}-{panel.suffix}"' in svg
        if name in NAMES_ONLY_DRAWN_TILES:  # a tile the caption names is drawn in its frame
            drawn = set(re.findall(r'data-tile="(\[\d\|\d\])"', cell))
            said = set(TILE_NAME.findall(html.unescape(TAG.sub("", cell.split("<p>", 1)[1]))))
            assert said <= drawn, (index, said - drawn)


def test_the_going_out_strip_shows_both_opponents_tiles_where_its_caption_counts_them() -> None:
    """Notebook 05's three-player going out: step 3 counts [0|6] and [1|6], and shows both."""
    three = Scenario.make(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
    cells = CELL.findall(GoingOutWalkthrough(three, name="out-three").static_html())
    assert "[0|6] [1|6]" in html.unescape(TAG.sub("", cells[2]))
    assert 'data-tile="[0|6]"' in cells[2] and 'data-tile="[1|6]"' in cells[2]


@pytest.mark.parametrize("name", sorted(STRIP_MAKERS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_text_of_a_saved_strip_reads_at_11_pixels_at_notebook_width(
    name: str, lang: str
) -> None:
    """font-size × the picture's scale, for every text: no picture shrunk below 11 px."""
    walk = STRIP_MAKERS[name](lang=lang)
    smallest = 99.0
    for svg in SVG_DOC.findall(walk.static_html()):
        head = svg[: svg.index(">")]
        width = float(re.search(r' width="([\d.]+)"', head).group(1))  # type: ignore[union-attr]
        box = re.search(r'viewBox="([^"]+)"', head).group(1).split()  # type: ignore[union-attr]
        assert width <= NOTEBOOK_WIDTH  # the notebook shows it as drawn, never narrower
        scale = width / float(box[2])
        for size in re.findall(r'font-size="([\d.]+)"', svg):
            smallest = min(smallest, float(size) * scale)
    assert smallest >= MIN_TEXT_PX, smallest


# -- pictures tell the truth: a rejected award is drawn rejected -----------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rejected_award_is_drawn_rejected_with_the_engines_reason(lang: str) -> None:
    """08 §8.1: the step whose text rejects the award shows it rejected, and why."""
    walk = Exact61Walkthrough(lang=lang)
    found = 0
    for index, events in enumerate(walk.results, start=1):
        play = events[0]
        walk.go(index)
        svg = walk.board.picture
        if isinstance(play, PlayEvent) and play.status == "rejected":
            found += 1
            reason = play.reason().text(lang)
            assert 'class="caption rejected"' in svg
            assert re.search(r'class="verdict rejected"[^>]*data-status="rejected"', svg)
            assert html.escape(reason[:1].upper() + reason[1:]) in svg  # shown, and in <title>
            title = re.search(r"<title[^>]*>(.*?)</title>", svg).group(1)  # type: ignore[union-attr]
            assert reason[1:] in html.unescape(title)
            assert ("rejected" if lang == "en" else "отклонено") in svg
        else:
            assert "caption rejected" not in svg
    assert found == 1


def test_the_story_draws_its_rejected_award_rejected_and_the_last_tile_kept() -> None:
    """07: step 18 (a rejected award) and the going-out step (the award kept for R7.4)."""
    story = HandStory()
    kinds = [story.kinds_at(i) for i in range(len(story.steps))]
    rejected = next(i for i, k in enumerate(kinds) if "rejected" in k)
    assert rejected == 17  # step 18 of 21
    story.go(rejected)
    assert 'class="caption rejected"' in story.board.picture
    going = next(i for i, k in enumerate(kinds) if "going_out" in k)
    story.go(going)
    assert 'class="caption deferred"' in story.board.picture
    assert "kept for the settlement" in story.board.picture


def test_a_table_or_explorer_picture_after_a_rejected_play_says_so() -> None:
    """``last_play`` finds the event of the table's last tile: the explorer and the table
    draw it."""
    match = sc.EXACT_61.match()
    for action in as_actions(sc.EXACT_61_PLAYS):
        events = match.push(action)
        if isinstance(events[0], PlayEvent) and events[0].status == "rejected":
            break
    play = last_play(match)
    assert play is not None and play.status == "rejected"
    svg = draw(LayoutSpec(str(match.layout), play=play), "t", "en")
    assert 'class="caption rejected"' in svg
    # The match table's side column says it too, in its picture and its description.
    table = str(table_svg(match, viewer=0, lang="en"))
    assert 'class="caption rejected"' in table
    assert table.count(": rejected") >= 2, "the side column and the <desc>"
    assert last_play(sc.EXACT_61.match()) is None  # a set-up table: no play to read
    # A spec whose play is not its layout's last tile draws the layout as it reads.
    assert "caption rejected" not in draw(LayoutSpec("[0|0]", play=play), "u", "en")


# -- predict mode: the play first, its result at the next Next ------------------------------


def test_predict_mode_shows_each_play_before_its_result() -> None:
    from exact61_widgets.widgets.walkthroughs import GoingOutWalkthrough

    walk = GoingOutWalkthrough(lang="en")
    plain = [s.caption for s in walk.steps]
    assert walk.predict is False and {s.role for s in walk.steps} == {"step"}
    walk.predict = True
    assert [s.role for s in walk.steps] == ["step"] + ["play", "result"] * 4
    walk.next()
    assert walk.role == "play"
    asked = walk.caption_text
    assert asked.startswith("Seat 0 plays [1|2]@[0|1]:high, their last tile.")
    assert "=" not in asked and "award 0" not in asked  # nothing of the result is told
    play_spec = walk.steps[1].panels[0].spec
    assert play_spec.ends is False and play_spec.play is None  # no badges, no award drawn
    walk.next()
    assert walk.role == "result" and walk.caption_text.startswith("Seat 0 plays [1|2]@[0|1]:high.")
    assert walk.steps[2].caption == plain[1]
    walk.predict = False  # the step in view stays in view
    assert walk.step == 1 and walk.caption_text.startswith("Seat 0 plays [1|2]@[0|1]:high.")
    walk.predict = True  # turned on again: the play is asked again before its result
    assert walk.step == 1 and walk.role == "play"


def test_predict_mode_asks_before_every_play_near_the_target_and_every_blocked_award() -> None:
    from exact61_widgets.widgets.figures import BlockedSpec
    from exact61_widgets.widgets.walkthroughs import BlockedWalkthrough, Exact61Walkthrough

    near = Exact61Walkthrough(lang="ru")
    near.predict = True
    assert [s.role for s in near.steps] == ["step"] + ["play", "result"] * 3
    near.go(1)
    assert near.caption_text == (
        "Игрок 0 выкладывает [6|6]@[4|6]:high. Сколько исходных очков это даёт, "
        "и применяется ли начисление?"
    )
    blocked = BlockedWalkthrough(lang="en")
    blocked.predict = True
    roles = [s.role for s in blocked.steps]
    # the blocking play, then both awards the match lets be given
    assert roles.count("play") == roles.count("result") == 3
    assert roles[:3] == ["play", "result", "step"]
    assert blocked.steps[0].panels[0].spec.ends is False  # the blocking play, not scored yet
    first = roles.index("play", 2)
    ask, told = blocked.steps[first], blocked.steps[first + 1]
    # the first award's question shows the hands and their totals (there is no award to
    # tabulate yet); the second shows the table with the first award and not the second
    assert not any(isinstance(p.spec, BlockedSpec) for p in ask.panels)
    assert blocked.steps[first - 1].panels == ask.panels
    second = roles.index("play", first + 1)
    ask, told = blocked.steps[second], blocked.steps[second + 1]
    assert ask.panels[0].spec.events == told.panels[0].spec.events[:-1]  # the award held back
    blocked.go(len(blocked.steps) - 1)
    blocked.back()
    assert blocked.role == "step"
