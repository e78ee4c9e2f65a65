"""Hints: the best action, every action's expected value, and a reason in English and Russian."""

from __future__ import annotations

import re

import pytest
from conftest import position, snapshot
from test_search import exact_finish
from test_search_inference import drew_then_played

from exact61_widgets import DRAW, PASS, IllegalMoveError, Match, Play, SetupError
from exact61_widgets.engine.advice import SearchAdvice, number, percent, search_advice
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.engine.tiles import TILES

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def test_a_hint_ranks_every_legal_action_and_explains_the_best() -> None:
    match = Match(2, seed=5)
    before = snapshot(match)
    advice = search_advice(match, budget=None, playouts=600)
    assert snapshot(match) == before
    assert isinstance(advice, SearchAdvice)
    legal = match.legal_actions()
    assert sorted(map(str, (v.action for v in advice.values))) == sorted(map(str, legal))
    assert advice.best == advice.values[0].action
    expected = [value for _, value in advice.expected]
    assert expected == sorted(expected, reverse=True)
    assert advice.playouts >= len(legal)
    english, russian = advice.text("en"), advice.text("ru")
    assert str(advice.best) in english and str(advice.best) in russian
    assert CYRILLIC.search(russian)
    if "raises your chance" in english:  # the reasons that compare two moves say it so
        assert re.search(r"from \d+\.\d% after .* to \d+\.\d%", english)
        assert "шанс выиграть матч" in russian
    assert "\n" not in english and "\n" not in russian
    assert str(advice) == english
    assert str(search_advice(match, budget=None, playouts=600, lang="ru")) == russian


def test_a_hint_without_a_time_bound_is_reproducible() -> None:
    match = Match(3, seed=8)
    first = search_advice(match, budget=None, playouts=300)
    second = search_advice(match, budget=None, playouts=300)
    assert first == second


def test_a_hint_never_looks_at_hidden_tiles() -> None:
    first = search_advice(drew_then_played(0), budget=None, playouts=300)
    second = search_advice(drew_then_played(1), budget=None, playouts=300)
    assert first.values == second.values and first.text("ru") == second.text("ru")


def test_an_exact_finish_is_named_as_the_win() -> None:
    advice = search_advice(
        exact_finish(TARGET - 5, ["[2|6]", "[6|6]", "[3|4]"]), budget=None, playouts=300
    )
    assert advice.text() == "[2|6]@[3|6]:high reaches exactly 61 and wins the match (R9)"
    assert advice.text("ru") == "[2|6]@[3|6]:high даёт ровно 61 и выигрывает матч (R9)"


def test_an_overshoot_is_explained_by_the_exact_61_rule() -> None:
    # At 59 against 56, [6|6] would score 3 points and pass 61: rejected (R1.4). The search
    # still prefers it to the other plays, [2|6]'s 1 point (60) and [0|3] (the double shapes
    # the hand), and the hint says both: the rejection, and what the move does to the match
    # against the next best ([0|3] by the search bots' table).
    match = position(
        2, "[3|6]", [["[6|6]", "[2|6]", "[0|3]"], ["[0|0]", "[1|1]", "[5|5]"]], scores=[295, 280]
    )
    advice = search_advice(match, budget=None, playouts=1500)
    english, russian = advice.text(), advice.text("ru")
    assert str(advice.best) == "[6|6]@[3|6]:high"
    assert english.startswith(
        "[6|6]@[3|6]:high would score 3 displayed points but pass 61, so it is rejected and "
        "scores nothing (R1.4); still, it raises your chance of winning the match from "
    )
    assert re.search(r"from \d+\.\d% after \[0\|3\]@\[3\|6\]:low to \d+\.\d%$", english)
    assert "отклоняется" in russian and "шанс выиграть матч" in russian


def test_forced_actions_have_their_rule_as_the_reason() -> None:
    draw = search_advice(position(2, "[1|4]", [["[2|3]"], ["[0|0]"]]))
    assert draw.best == DRAW and draw.playouts == 0
    assert draw.text() == "draw: no tile in the hand fits an open place (R3.3)"
    assert "базар" in draw.text("ru")
    rest = [str(t) for t in TILES if str(t) not in ("[1|4]", "[2|3]", "[0|0]")]
    passing = search_advice(Match.setup(2, layout="[1|4]", hands=[["[2|3]"], ["[0|0]", *rest]]))
    assert passing.best == PASS and "(R3.4)" in passing.text("ru")
    only = search_advice(position(2, "[1|4]", [["[4|6]", "[2|3]"], ["[0|0]"]]))
    assert only.text() == "[4|6]@[1|4]:high: the only legal play (R3.2)"


def test_numbers_follow_the_language() -> None:
    assert number(8.24).text("en") == "+8.2" and number(8.24).text("ru") == "+8,2"
    assert number(-0.04).text("en") == "+0.0" and number(-3.15).text("ru") == "\u22123,2"
    assert percent(0.734).text("en") == "73%" and percent(0.734).text("ru") == "73\u00a0%"


def test_bad_requests_are_refused() -> None:
    match = Match(2, seed=1)
    with pytest.raises(ValueError, match="unknown language"):
        search_advice(match, lang="de")
    with pytest.raises(SetupError, match="time limit"):
        search_advice(match, budget=0)
    finished = exact_finish(TARGET - 5, ["[2|6]", "[6|6]"])
    finished.push(Play("[2|6]", "[3|6]:high"))
    assert finished.is_over
    with pytest.raises(IllegalMoveError, match="nothing to play"):
        search_advice(finished)
