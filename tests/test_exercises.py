"""The tutorial exercises: right, wrong and unreadable answers, explained by the engine (en, ru)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from exact61_widgets import Layout, Match
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.exercises import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    ExerciseError,
    GoingOut,
    LegalAction,
    OpenPlaces,
    PlayAward,
    Rounding,
    ScoringEnds,
    TallyPoints,
    check_blocked_award,
    check_boneyard_size,
    check_displayed_points,
    check_going_out,
    check_legal_action,
    check_open_places,
    check_play_award,
    check_rounding,
    check_scoring_ends,
    check_tally_points,
)

FOUR = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB"
NINE = ("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
        "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB")
BLOCKED_LAYOUT = (
    "[0|6] [0|4]@[0|6]:low [1|4]@[0|4]:high [5|6]@[0|6]:high [3|5]@[5|6]:low "
    "[1|5]@[1|4]:low [3|4]@[3|5]:low [2|4]@[3|4]:high [2|2]@[2|4]:low "
    "[0|2]@[2|2]:lineB [0|5]@[0|2]:low [5|5]@[1|5]:high [2|6]@[2|2]:branchA "
    "[4|6]@[2|6]:high [4|4]@[4|6]:low [2|5]@[2|2]:branchB [4|5]@[5|5]:lineB")
BLOCKED_HANDS = (["[3|3]"], ["[0|0]", "[0|3]", "[1|2]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"],
                 ["[0|1]", "[1|1]", "[6|6]"])
RULE = re.compile(r"\b[RD]\d+(\.\d+)?\b")


def position(players: int, layout: str, hands: Sequence[Sequence[str]], *,
             boneyard: Sequence[str] | None = None, **kwargs: Any) -> Match:
    """``Match.setup`` with the boneyard defaulting to every tile not used, in tile order."""
    used = {str(t) for t in Layout.parse(layout).tiles} | {t for h in hands for t in h}
    if boneyard is None:
        boneyard = [str(t) for t in TILES if str(t) not in used]
    return Match.setup(players, layout=layout, hands=hands, boneyard=boneyard, **kwargs)


def pairs_going_out(scores: Sequence[int] = (100, 50)) -> Match:
    """Seat 0 goes out with [1|2]; opponents keep 12 (→ 10), the partner 3 (→ 5)."""
    return position(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]], scores=scores)


def blocked(scores: Sequence[int] | None = None) -> Match:
    """Three players, boneyard empty; seat 0's pass blocks with totals 6, 31, 15."""
    return position(3, BLOCKED_LAYOUT, BLOCKED_HANDS, boneyard=[], leader=0, scores=scores)


def both(result: Any) -> tuple[str, str]:
    """The explanation in English and Russian (a missing translation raises here)."""
    return result.text("en"), result.text("ru")


# -- open places -----------------------------------------------------------------------------


def test_open_places_right_in_any_order_and_any_tile_notation() -> None:
    result = check_open_places(FOUR, "[4|4]:branchB; 34:low  [1|1] : LINEB, 4|4:brancha")
    assert result.ok and result.score == 1.0 and not result.malformed
    assert result.expected == "[1|1]:lineB, [3|4]:low, [4|4]:branchA, [4|4]:branchB"
    en, ru = both(result)
    assert en.startswith("Right!") and "R4.3" in en
    assert ru.startswith("Верно!")


def test_open_places_wrong_names_what_is_missing_and_what_is_extra_and_why() -> None:
    result = check_open_places(FOUR, "[1|1]:branchA, [3|4]:low, [1|4]:low")
    assert not result.ok
    assert result.missing == ("[1|1]:lineB", "[4|4]:branchA", "[4|4]:branchB")
    assert result.extra == ("[1|1]:branchA", "[1|4]:low")
    assert result.score == pytest.approx(1 / 6)
    en, ru = both(result)
    assert en.startswith("Not quite.")
    assert "Missing: [1|1]:lineB — line B of the spinner [1|1] is still free" in en
    assert "[4|4]:branchA — both lines of [4|4] are filled, so its branch A is open (R4.3)" in en
    assert ("[1|1]:branchA — the branches of [1|1] open only after both its lines are filled "
            "(R4.3)") in en
    assert "[1|4]:low — [1|4]:low is taken: [1|1] is joined there" in en
    assert "Не хватает: [1|1]:lineB — линия B разветвляющего дубля [1|1] ещё свободна" in ru
    assert "Лишнее:" in ru


def test_open_places_on_an_empty_table_is_none() -> None:
    assert check_open_places("", "none").ok
    assert check_open_places("", "нет").ok
    result = check_open_places("", "[1|4]:low")
    assert not result.ok and result.extra == ("[1|4]:low",)
    assert "[1|4] is not on the table" in result.text()


@pytest.mark.parametrize("answer, words", [
    ("", "type an answer first"),
    ("   ", "type an answer first"),
    ("[1|1]", "not a place"),
    ("[1|1]:low", "a double has the places"),
    ("[7|1]:low", "numbers run from 0 to 6"),
    ("[1|4]:sideways", "not a port"),
])
def test_open_places_malformed_answers_get_a_friendly_message(answer: str, words: str) -> None:
    result = check_open_places(FOUR, answer)
    assert result.malformed and not result.ok and result.score == 0.0
    en, ru = both(result)
    assert en.startswith("I cannot read that answer:") and words in en
    assert ru.startswith("Не удаётся прочитать ответ:")
    assert result.expected.startswith("[1|1]:lineB")


# -- scoring ends --------------------------------------------------------------------------------


def test_scoring_ends_of_the_rules_text_last_diagram() -> None:
    right = check_scoring_ends(NINE, "[0|5]:low, [1|2]:high, [1|3]:high, [3|4]:low")
    assert right.ok
    assert "0 + 2 + 3 + 3 = 8" in right.text()
    wrong = check_scoring_ends(NINE, "[1|1], [1|2]:high, [1|3]:high, [3|4]:low, [5|5]:branchA")
    assert not wrong.ok
    assert wrong.missing == ("[0|5]:low",)
    assert set(wrong.extra) == {"[1|1]", "[5|5]:branchA"}
    en, ru = both(wrong)
    assert "[0|5]:low — it shows 0: a zero end still counts, adding 0 (R5.4)" in en
    assert "[1|1] — an internal double: both its lines are filled" in en
    assert "[5|5]:branchA — an open place, not a scoring end" in en
    assert "внутренний дубль" in ru


def test_scoring_ends_end_double_and_joined_half() -> None:
    assert check_scoring_ends(FOUR, "[1|1]:lineB, [3|4]:low").ok  # a double named by a line
    result = check_scoring_ends(FOUR, "[3|4]:low, [1|4]:high")
    assert result.missing == ("[1|1]",) and result.extra == ("[1|4]:high",)
    en = result.text()
    assert "[1|1] — an end double: it counts both halves, 2 (R5.1)" in en
    assert "[1|4]:high — [4|4] is joined to it: a joined half adds nothing (R5.3)" in en
    opening = check_scoring_ends("[1|4]", "[1|4]:high")
    assert opening.missing == ("[1|4]:low",)
    assert "the opening tile alone counts both halves (R5.3)" in opening.text()


def test_scoring_ends_a_non_double_without_its_half_is_unreadable() -> None:
    result = check_scoring_ends(FOUR, "[3|4]")
    assert result.malformed
    assert "[3|4] is not a double: name its end with the half" in result.text()
    assert "[3|4] — не дубль" in result.text("ru")


# -- the award of a play --------------------------------------------------------------------------


def test_play_award_matches_every_diagram_of_the_rules_text(
        seed_examples: list[dict[str, Any]]) -> None:
    for example in seed_examples:
        layout = Layout.parse(example["notation"])
        last = layout.placements[-1]
        layout.pop()
        play = str(last)
        assert check_play_award(layout, play, str(example["award_raw"])).ok, play
        shown = check_play_award(layout, play, example["award_displayed"], unit="displayed")
        assert shown.ok and shown.expected == str(example["award_displayed"])


def test_play_award_wrong_answers_get_the_hint_that_fits() -> None:
    before = NINE.rsplit(" ", 1)[0]
    end_sum = check_play_award(before, "[1|3]@[1|1]:branchB", "8")
    assert not end_sum.ok and end_sum.expected == "0"
    en, ru = both(end_sum)
    assert "You wrote 8, the answer is 0." in en
    assert "That is the sum of the ends; only a positive multiple of 5 scores (R6.2)." in en
    assert "8 is not a multiple of 5" in en
    assert "Вы написали 8, а ответ — 0." in ru
    raw = check_play_award("[1|4]", "[1|1]@[1|4]:low", "5", unit="displayed")
    assert not raw.ok  # 2 + 4 = 6: nothing
    raw = check_play_award("[1|4] [1|1]@[1|4]:low", "[4|4]@[1|4]:high", "10", unit="displayed")
    assert raw.expected == "2" and "That is in raw points" in raw.text()
    shown = check_play_award("[1|4] [1|1]@[1|4]:low", "[4|4]@[1|4]:high", "2")
    assert shown.expected == "10" and "That is in displayed points" in shown.text()


def test_play_award_with_a_score_applies_the_target_check() -> None:
    rejected = check_play_award("[3|6]", "[6|6]@[3|6]:high", "15", score=295)
    assert not rejected.ok and rejected.expected == "0"
    en, ru = both(rejected)
    assert "it is rejected whole, so the score does not change (R1.4)" in en
    assert "295 + 15 = 310 would pass 305 (61 points)" in en
    assert "отклоняется целиком" in ru
    exact = check_play_award("[3|6]", "[6|6]@[3|6]:high", "15", score=290)
    assert exact.ok and "exactly 61, the match is won at once (R9.1)" in exact.text()


def test_play_award_refuses_an_illegal_question() -> None:
    with pytest.raises(ExerciseError) as caught:
        check_play_award(FOUR, "[1|5]@[1|1]:branchA", "0")
    assert isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
    assert "branches of [1|1] open after both lines are filled (R4.3)" in str(caught.value)
    assert caught.value.text("ru").startswith("[1|5]@[1|1]:branchA нельзя выложить")
    with pytest.raises(ExerciseError):
        check_play_award(FOUR, "[1|2]@[1|1]:lineB", "5", unit="points")  # type: ignore[arg-type]
    with pytest.raises(ExerciseError):
        check_play_award(FOUR, "[1|2]@[1|1]:lineB", "5", score=12)
    with pytest.raises(ExerciseError):
        PlayAward(FOUR, "draw")


def test_numbers_accept_signs_and_spaces_and_refuse_other_text() -> None:
    assert check_rounding(13, " 15 ").ok
    assert check_rounding(13, 15).ok
    assert check_going_out(pairs_going_out(), "+5").ok
    assert check_going_out(pairs_going_out(), "5 raw points").ok
    assert check_rounding(13, "15 очков").ok
    assert not check_going_out(pairs_going_out(), "- 5").ok
    for bad in ("1.5", "fifteen", "15 or 20", "", "x15"):
        result = check_rounding(13, bad)
        assert result.malformed and result.expected == "15"
        assert result.text("ru").startswith("Не удаётся прочитать ответ:")


# -- rounding ---------------------------------------------------------------------------------


@pytest.mark.parametrize("total, expected, words", [
    (12, 10, "remainders 1 and 2 round down"), (13, 15, "remainders 3 and 4 round up"),
    (15, 15, "a multiple of 5, so it stays 15"), (0, 0, "a multiple of 5")])
def test_rounding(total: int, expected: int, words: str) -> None:
    result = check_rounding(total, str(expected))
    assert result.ok and words in result.text() and "R7.5" in result.text()
    wrong = check_rounding(total, str(expected + 5))
    assert not wrong.ok and words in wrong.text()
    odd = check_rounding(total, "11")
    assert "A rounded total is always a multiple of 5." in odd.text()
    assert "Округлённая сумма всегда кратна пяти." in odd.text("ru")


# -- going out ------------------------------------------------------------------------------------


def test_going_out_in_pairs_round_once_and_subtract_the_partner() -> None:
    right = check_going_out(pairs_going_out(), "5")
    assert right.ok
    en, ru = both(right)
    assert "The opponents keep [6|6] [0|0] = 12 pips, rounded once to 10" in en
    assert "The partner keeps [0|3] = 3 pips, rounded on their own to 5 and subtracted" in en
    assert "One settlement: 0 + 10 − 5 = 5 (R7.4)." in en
    assert "Один расчёт: 0 + 10 − 5 = 5 (R7.4)." in ru
    forgot = check_going_out(pairs_going_out(), "10")
    assert "Subtract the partner's rounded tiles too (R7.3)." in forgot.text()
    assert "Never pool the partner's tiles" in forgot.text()
    unrounded = check_going_out(pairs_going_out(), "9")
    assert "Round each total to the nearest multiple of 5 (R7.5)." in unrounded.text()


def test_going_out_past_61_changes_nothing_and_onto_61_wins() -> None:
    three = position(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]], scores=[295, 0, 0])
    result = check_going_out(three, "15")  # opponents 6 + 7 = 13 -> 15; 295 + 15 passes 305
    assert not result.ok and result.expected == "0"
    assert "all its parts are rejected together (R7.4)" in result.text()
    assert "One settlement: 0 + 15 = 15 (R7.4)." in result.text()
    assert check_going_out(three, "0").ok
    exact = check_going_out(pairs_going_out((300, 0)), "5")
    assert exact.ok and "exactly 61, the match is won at once (R9.1)" in exact.text()


def test_going_out_needs_a_last_tile() -> None:
    with pytest.raises(ExerciseError, match="not about to play their last tile"):
        check_going_out(drawing(), "0")
    with pytest.raises(ExerciseError, match="seat 0 cannot play their last tile now"):
        check_going_out(blocked(), "0")
    task = GoingOut(pairs_going_out())
    assert task.play == "[1|2]@[0|1]:high"
    assert "Seat 0 goes out with [1|2]@[0|1]:high" in task.question().text()
    assert task.check("5").ok


# -- a blocked hand ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat, award", [(0, 35), (1, 0), (2, 15)])
def test_blocked_hand_award_of_each_seat(seat: int, award: int) -> None:
    result = check_blocked_award(blocked(), seat, str(award))
    assert result.ok, result.text()
    assert RULE.search(result.text()) and result.text("ru").startswith("Верно!")


def test_blocked_hand_wrong_answers_say_what_was_forgotten() -> None:
    unrounded = check_blocked_award(blocked(), 0, "34")
    assert not unrounded.ok and unrounded.expected == "35"
    en = unrounded.text()
    assert "Round the sum of the differences once" in en
    assert "(15 − 6) + (31 − 6) = 34, rounded once to 35" in en
    larger_only = check_blocked_award(blocked(), 2, "25")  # |6 − 15| + (31 − 15) = 25
    assert "Only strictly larger opponent totals count (R8.3)." in larger_only.text()
    nothing = check_blocked_award(blocked(), 1, "0")
    assert "no opponent holds a strictly larger total" in nothing.text()


def test_blocked_hand_near_the_target() -> None:
    match = blocked([280, 0, 290])
    rejected = check_blocked_award(match, 0, "35")
    assert not rejected.ok and rejected.expected == "0"
    assert "that award alone is rejected (R8.4)" in rejected.text()
    assert check_blocked_award(match, 2, "15").ok
    after = check_blocked_award(match, 1, "0")
    assert after.ok and "before seat 1's award, so it is not applied (R8.5)" in after.text()


def test_blocked_hand_partners_are_never_compared() -> None:
    # Pairs 0+2 against 1+3, boneyard empty; seat 0's pass blocks with totals 8, 10, 8, 18.
    layout = ("[1|4] [3|4]@[1|4]:high [0|1]@[1|4]:low [0|4]@[0|1]:low [3|6]@[3|4]:low "
              "[1|6]@[3|6]:high [2|4]@[0|4]:high [1|2]@[1|6]:low [2|6]@[1|2]:high "
              "[0|2]@[2|4]:low [4|6]@[2|6]:high [0|0]@[0|2]:low [0|5]@[0|0]:lineB "
              "[0|3]@[0|0]:branchA [2|5]@[0|5]:high [0|6]@[0|0]:branchB [4|5]@[4|6]:low "
              "[2|3]@[0|3]:high [5|6]@[4|5]:high [6|6]@[0|6]:high [2|2]@[2|3]:low")
    hands = [["[4|4]"], ["[5|5]"], ["[1|1]", "[3|3]"], ["[1|3]", "[1|5]", "[3|5]"]]
    match = position(4, layout, hands, boneyard=[], leader=1)
    assert [match.pips(s) for s in range(4)] == [8, 10, 8, 18]
    # Seat 0 (8): opponents 10 and 18 give 2 + 10 = 12, rounded once to 10.
    assert check_blocked_award(match, 0, "10").ok
    # Seat 1 (10): both opponents hold less; the partner's 18 is never compared.
    partner = check_blocked_award(match, 1, "10")
    assert not partner.ok and partner.expected == "0"
    assert "A partner's total is never compared (R8.3)." in partner.text()
    assert "Остаток партнёра никогда не сравнивается (R8.3)." in partner.text("ru")


def test_blocked_award_refuses_a_position_that_does_not_block() -> None:
    with pytest.raises(ExerciseError, match="blocks the hand"):
        check_blocked_award(pairs_going_out(), 0, "0")
    with pytest.raises(ExerciseError, match="seat is a number from 0 to 2"):
        check_blocked_award(blocked(), 3, "0")
    task = BlockedAward(blocked(), 2)
    assert task.action == "pass"
    assert task.question().text() == ("Seat 0 passes, and the hand is blocked. How many raw "
                                      "points does the settlement add to seat 2's score?")


# -- must-play, draw, pass ----------------------------------------------------------------------


def drawing() -> Match:
    """Seat 0 holds [2|3] [5|6] against [1|4]: nothing fits; the boneyard gives [2|5], [0|1]."""
    used = {"[1|4]", "[2|3]", "[5|6]", "[0|0]", "[2|5]", "[0|1]"}
    bones = ["[2|5]", "[0|1]", *(str(t) for t in TILES if str(t) not in used)]
    return position(2, "[1|4]", [["[2|3]", "[5|6]"], ["[0|0]"]], boneyard=bones)


def test_legal_action_draw_when_nothing_fits() -> None:
    match = drawing()
    right = check_legal_action(match, "draw")
    assert right.ok and "(R3.3)" in right.text() and right.expected == "draw"
    assert check_legal_action(match, "добрать").ok
    passing = check_legal_action(match, "pass")
    assert not passing.ok
    assert "seat 0 must draw: the boneyard still has tiles (R3.3, R3.4)" in passing.text()
    assert passing.text().endswith("Allowed now: draw.")
    wrong = check_legal_action(match, "[2|3]@[1|4]:low")
    assert "a tile joined there needs a 1" in wrong.text()
    assert "там нужна половинка со значением 1" in wrong.text("ru")
    assert check_legal_action(match, "foo").malformed


def test_legal_action_must_play_and_play_the_drawn_tile() -> None:
    match = drawing()
    match.push(match.legal_actions()[0])  # draws [2|5]: it does not fit
    match.push(match.legal_actions()[0])  # draws [0|1]: it fits, and must be played
    assert check_legal_action(match, "[0|1] @ [1|4] : low").ok
    refused = check_legal_action(match, "draw")
    assert "play the drawn tile [0|1] now (R3.3)" in refused.text()
    must = position(2, "[1|4]", [["[1|2]", "[5|6]"], ["[0|0]"]])
    drawn = check_legal_action(must, "draw")
    assert "seat 0 can play [1|2], so drawing is not allowed (R3.2)" in drawn.text()
    assert "(R3.1, R3.2)" in check_legal_action(must, "[1|2]@[1|4]:low").text()
    task = LegalAction(must)
    assert task.question().text().startswith("Seat 0 holds [1|2] [5|6].")


def test_legal_action_pass_with_an_empty_boneyard() -> None:
    used = {"[1|4]", "[2|3]", "[5|6]"}
    rest = [str(t) for t in TILES if str(t) not in used]
    full = position(2, "[1|4]", [["[2|3]", "[5|6]"], rest], boneyard=[])
    assert check_legal_action(full, "pass").ok
    assert "(R3.4)" in check_legal_action(full, "pass").text()


# -- points, boneyard, tally ----------------------------------------------------------------------


def test_tally_displayed_points_and_boneyard() -> None:
    assert check_tally_points(61, "61").ok
    assert "6 full figures of ten strokes and 1 more stroke" in check_tally_points(61, "61").text()
    assert "6 полных фигур из десяти черт и ещё 1 черта" in check_tally_points(61, "61").text("ru")
    assert "That is in raw points" in check_tally_points(37, "185").text()
    assert "counts 10 (R10.1)" in check_tally_points(37, "10").text()
    assert check_displayed_points(305, "61").ok
    assert "divide it by 5" in check_displayed_points(305, "305").text()
    for players, left in ((2, 18), (3, 13), (4, 8)):
        assert check_boneyard_size(players, str(left)).ok
    assert "5 tiles, not 4" in check_boneyard_size(4, "12").text()
    with pytest.raises(ExerciseError):
        check_displayed_points(12, "2")
    with pytest.raises(ExerciseError):
        check_boneyard_size(5, "3")
    with pytest.raises(ExerciseError):
        check_tally_points(-1, "0")


# -- tasks and the widget ------------------------------------------------------------------------


TASKS = [OpenPlaces(FOUR), ScoringEnds(FOUR), PlayAward(FOUR, "[1|2]@[1|1]:lineB"),
         PlayAward(FOUR, "[1|2]@[1|1]:lineB", unit="displayed"),
         PlayAward(FOUR, "[1|2]@[1|1]:lineB", score=100), Rounding(13),
         GoingOut(pairs_going_out()), BlockedAward(blocked(), 0), LegalAction(drawing()),
         TallyPoints(37), DisplayedPoints(305), BoneyardSize(2)]


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.kind)
def test_every_task_asks_in_both_languages_and_checks_its_own_answer(task: Any) -> None:
    assert task.question().text("en") and task.question().text("ru")
    result = task.check(task.placeholder)
    assert result.text("en") and result.text("ru")
    expected = result.expected.split(", ")[0]
    assert task.check(result.expected if task.kind != "legal_action" else expected).ok


def test_a_task_keeps_its_own_copy_of_the_match() -> None:
    match = pairs_going_out()
    task = GoingOut(match)
    match.push(match.legal_actions()[0])
    assert task.check("5").ok


def test_the_widget_checks_on_click_and_has_a_deterministic_text() -> None:
    from exact61_widgets.exercises import Exercise

    widget = Exercise(OpenPlaces(FOUR), name="open-four")
    assert repr(widget) == "Exercise('open-four', lang='en')"
    bundle = widget._repr_mimebundle_()
    assert bundle["text/plain"] == "Exercise('open-four', lang='en')"
    assert "0x" not in bundle["text/plain"]
    assert "Which places are open now?" in bundle["text/html"]
    assert widget.result is None and widget.feedback.value == ""
    widget.answer.value = "[1|1]:lineB, [3|4]:low"
    assert widget.result is not None and not widget.result.ok
    assert "Missing: [4|4]:branchA" in widget.feedback.value
    widget.answer.value = "[1|1]:lineB, [3|4]:low, [4|4]:branchA, [4|4]:branchB"
    widget.check_button.click()
    assert widget.result.ok and "Right!" in widget.feedback.value
    assert widget.check("x") is not None and "I cannot read that answer" in widget.feedback.value


def test_the_russian_widget() -> None:
    from exact61_widgets.exercises import Exercise

    widget = Exercise(Rounding(13), lang="ru", question="Округлите 13.")
    assert widget.check_button.description == "Проверить"
    assert widget.question_text == "Округлите 13."
    result = widget.check("15")
    assert result is not None and result.ok
    assert "Верно! У 13 остаток 3" in widget.feedback.value
    assert repr(widget) == "Exercise('rounding', lang='ru')"
    assert "Упражнение" in widget._repr_mimebundle_()["text/html"]
