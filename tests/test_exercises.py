"""The tutorial exercises: right, wrong and unreadable answers, explained by the engine (en, ru).

Predict, then see: feedback on a wrong answer does not give the answer away,
the solution comes on request, every task states its answer and the texts that
would give it away, and saves itself as JSON (rebuilt by ``task_from_spec``).
The hints for known mistakes are tested position by position in test_hints.py.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from exact61_widgets import DRAW, Layout, Match, describe, set_language
from exact61_widgets.engine.scenario import Scenario, ScenarioError
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.exercises import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    ExerciseError,
    GoingOut,
    LegalAction,
    OpenPlaces,
    PlayableTiles,
    PlayAward,
    PlayDrawPass,
    Rounding,
    ScoringEnds,
    TallyPoints,
    Task,
    leaked_answers,
    task_from_spec,
)
from exact61_widgets.exercises.giveaways import contributions_part, normal, occurs, open_places_part
from exact61_widgets.render import caption, hand_svg

FOUR = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB"
NINE = (
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB"
)
BLOCKED_LAYOUT = (
    "[0|6] [0|4]@[0|6]:low [1|4]@[0|4]:high [5|6]@[0|6]:high [3|5]@[5|6]:low "
    "[1|5]@[1|4]:low [3|4]@[3|5]:low [2|4]@[3|4]:high [2|2]@[2|4]:low "
    "[0|2]@[2|2]:lineB [0|5]@[0|2]:low [5|5]@[1|5]:high [2|6]@[2|2]:branchA "
    "[4|6]@[2|6]:high [4|4]@[4|6]:low [2|5]@[2|2]:branchB [4|5]@[5|5]:lineB"
)
BLOCKED_HANDS = (
    ["[3|3]"],
    ["[0|0]", "[0|3]", "[1|2]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"],
    ["[0|1]", "[1|1]", "[6|6]"],
)
RULE = re.compile(r"\b[RD]\d+(\.\d+)?\b")


@pytest.fixture
def session_ru() -> Iterator[None]:
    """Russian as the session's language during the test, nothing left after it."""
    set_language("ru")
    yield
    set_language(None)


def position(
    players: int,
    layout: str,
    hands: Sequence[Sequence[str]],
    *,
    boneyard: Sequence[str] | None = None,
    **kwargs: Any,
) -> Match:
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


def drawing() -> Match:
    """Seat 0 holds [2|3] [5|6] against [1|4]: nothing fits; the boneyard gives [2|5], [0|1]."""
    used = {"[1|4]", "[2|3]", "[5|6]", "[0|0]", "[2|5]", "[0|1]"}
    bones = ["[2|5]", "[0|1]", *(str(t) for t in TILES if str(t) not in used)]
    return position(2, "[1|4]", [["[2|3]", "[5|6]"], ["[0|0]"]], boneyard=bones)


def drawn() -> Match:
    """The drawing position after two draws: [0|1] fits and must be played at once."""
    match = drawing()
    match.push(DRAW)
    match.push(DRAW)
    assert match.drawn_tile is not None
    return match


def passing() -> Match:
    """Seat 0 holds [2|3] [5|6] against [1|4], the boneyard is empty: seat 0 passes."""
    used = {"[1|4]", "[2|3]", "[5|6]"}
    rest = [str(t) for t in TILES if str(t) not in used]
    return position(2, "[1|4]", [["[2|3]", "[5|6]"], rest], boneyard=[])


def must() -> Match:
    """Seat 0 holds [1|2] [5|6] against [1|4]: [1|2] fits, so seat 0 must play it."""
    return position(2, "[1|4]", [["[1|2]", "[5|6]"], ["[0|0]"]])


def both(result: Any) -> tuple[str, str]:
    """The feedback in English and Russian (a missing translation raises here)."""
    return result.text("en"), result.text("ru")


# -- open places -----------------------------------------------------------------------------


def test_open_places_right_in_any_order_and_any_tile_notation() -> None:
    result = OpenPlaces(FOUR).check("[4|4]:branchB; 34:low  [1|1] : LINEB, 4|4:brancha")
    assert result.ok and result.score == 1.0 and not result.malformed
    assert result.expected == "[1|1]:lineB, [3|4]:low, [4|4]:branchA, [4|4]:branchB"
    en, ru = both(result)
    assert en.startswith("Right!") and "(R4.3)" in en
    assert ru.startswith("Верно!")


def test_places_and_plays_are_read_in_the_words_the_move_line_reads() -> None:
    """A place said as the move line says it ("2-2 line B", "1-4 конец с меньшим значением")
    is the place; a list mixes words and notation between commas."""
    said = OpenPlaces(FOUR).check("1-1 line B, 3-4 low; 4-4 branch A, [4|4]:branchB")
    assert said.ok and said.score == 1.0
    russian = "1-1 линия B, 3-4 конец с меньшим значением, 4-4 ветвь A, 4-4 ветвь B"
    assert OpenPlaces(FOUR).check(russian).ok
    wrong = OpenPlaces(FOUR).check("1-1 branch A, 3-4 low, 4-4 branch A, 4-4 branch B")
    assert not wrong.ok and wrong.extra == ("[1|1]:branchA",)  # read, then judged as notation
    assert ScoringEnds(FOUR).check("1-1 line B, 3-4 low").ok
    assert LegalAction(must()).check("1-2 on 1-4 low").ok
    assert LegalAction(must()).check("1-2 на 1-4 конец с меньшим значением").ok
    assert LegalAction(must()).check("5-6 on 1-4 low").diagnosis  # a wrong play, not unread


def test_open_places_wrong_names_the_extras_and_only_counts_what_is_missing() -> None:
    result = OpenPlaces(FOUR).check("[1|1]:branchA, [3|4]:low, [1|4]:low")
    assert not result.ok
    assert result.missing == ("[1|1]:lineB", "[4|4]:branchA", "[4|4]:branchB")
    assert result.extra == ("[1|1]:branchA", "[1|4]:low")
    assert result.score == pytest.approx(1 / 6)
    en, ru = both(result)
    assert en.startswith("Not quite.")
    assert (
        "[1|1]:branchA is not right: the branches of [1|1] open only after both its lines "
        "are filled (R4.3)."
    ) in en
    assert "[1|4]:low is not right: [1|4]:low is taken: [1|1] is joined there." in en
    assert "Also, 3 open places are missing." in en
    assert "Кроме того, не хватает 3 допустимых мест продолжения." in ru
    for hidden in result.missing:  # the feedback does not hand the answer over
        assert hidden not in en and hidden not in ru
    assert en.endswith("Try again, or open the solution.")


def test_open_places_a_place_joined_to_its_parent_is_taken_not_unexplained() -> None:
    later = "[4|4] [4|5]@[4|4]:lineA [3|4]@[4|4]:lineB [5|5]@[4|5]:high"
    for place, parent in (
        ("[5|5]:lineA", "[4|5]"),
        ("[4|5]:low", "[4|4]"),
        ("[3|4]:high", "[4|4]"),
    ):
        text = OpenPlaces(later).check(place).text()
        assert f"{place} is taken: {parent} is joined there" in text


def test_open_places_partly_right_and_empty_table() -> None:
    partly = OpenPlaces(FOUR).check("[1|1]:lineB, [3|4]:low")
    assert "Everything you listed is right, but 2 open places are missing." in partly.text()
    assert "Всё перечисленное верно, но не хватает 2 допустимых мест продолжения." in partly.text(
        "ru"
    )
    assert OpenPlaces("").check("none").ok and OpenPlaces("").check("нет").ok
    result = OpenPlaces("").check("[1|4]:low")
    assert not result.ok and result.extra == ("[1|4]:low",)
    assert "[1|4] is not on the table" in result.text()
    nothing = OpenPlaces(FOUR).check("none")
    assert "The list is not empty: 4 open places are missing." in nothing.text()


@pytest.mark.parametrize(
    "answer, words",
    [
        ("", "type an answer first"),
        ("   ", "type an answer first"),
        ("[1|1]", "not a place"),
        ("[1|1]:low", "a double has the places"),
        ("[7|1]:low", "numbers run from 0 to 6"),
        ("[1|4]:sideways", "not a port"),
    ],
)
def test_open_places_malformed_answers_get_a_friendly_message(answer: str, words: str) -> None:
    result = OpenPlaces(FOUR).check(answer)
    assert result.malformed and not result.ok and result.score == 0.0
    en, ru = both(result)
    assert en.startswith("I cannot read that answer:") and words in en
    assert ru.startswith("Не удаётся прочитать ответ:")
    assert result.expected.startswith("[1|1]:lineB")


# -- scoring ends --------------------------------------------------------------------------------


def test_scoring_ends_of_the_rules_text_last_diagram() -> None:
    right = ScoringEnds(NINE).check("[0|5]:low, [1|2]:high, [1|3]:high, [3|4]:low")
    assert right.ok
    assert "0 + 2 + 3 + 3 = 8" in right.text()
    assert "[0|5]:low: it shows 0: a zero end still counts, adding 0 (R5.4)." in right.text()
    wrong = ScoringEnds(NINE).check("[1|1], [1|2]:high, [1|3]:high, [3|4]:low, [5|5]:branchA")
    assert not wrong.ok
    assert wrong.missing == ("[0|5]:low",)
    assert set(wrong.extra) == {"[1|1]", "[5|5]:branchA"}
    en, ru = both(wrong)
    assert "[1|1] is not right: an internal double: both its lines are filled" in en
    assert "[5|5]:branchA is not right: an open place, not a scoring end" in en
    assert "[0|5]:low" not in en
    assert "внутренний дубль" in ru and "не хватает 1 зачётного конца" in ru


def test_scoring_ends_end_double_joined_half_and_used_branch() -> None:
    assert ScoringEnds(FOUR).check("[1|1]:lineB, [3|4]:low").ok  # a double named by a line
    result = ScoringEnds(FOUR).check("[3|4]:low, [1|4]:high")
    assert result.missing == ("[1|1]",) and result.extra == ("[1|4]:high",)
    assert (
        "[1|4]:high is not right: [4|4] is joined to it: a joined half adds nothing (R5.3)."
        in result.text()
    )
    joined_to_parent = ScoringEnds(FOUR).check("[3|4]:high").text()
    assert "[3|4]:high is not right: [4|4] is joined to it" in joined_to_parent
    used = ScoringEnds(NINE).check("[1|1]:branchA").text()
    assert "[1|5] is joined to this branch: only the outer end of a started branch counts" in used
    end_double = ScoringEnds(FOUR).check("[1|1]:branchA").text()
    assert "[1|1] is an end double: name it by its tile, [1|1] (R5.1)" in end_double
    opening = ScoringEnds("[1|4]").check("[1|4]:high")
    assert opening.missing == ("[1|4]:low",)
    assert "the opening tile alone counts both halves (R5.3)" in str(opening.why)


def test_scoring_ends_a_non_double_named_whole_is_a_mistake_not_a_typing_slip() -> None:
    """The issue's ``[2|3]``: refused as notation before, it is counting both halves."""
    result = ScoringEnds(FOUR).check("[1|1], [3|4]")
    assert not result.malformed and not result.ok and result.extra == ("[3|4]",)
    assert result.diagnosis == ("both-halves",)
    assert (
        "[3|4] is not right: [3|4] is not a double: only its free half counts, not both "
        "halves; name that half with :low or :high (R5.3)." in result.text()
    )
    assert "[3|4]:low" not in result.text()  # which half is left to the learner
    assert "[3|4] — не дубль" in result.text("ru")
    inside = ScoringEnds(NINE).check("[1|4]")
    assert inside.diagnosis == ("joined-half",)
    assert "[1|4] is joined at both halves: it adds nothing (R5.3)" in inside.text()
    alone = ScoringEnds("[1|4]").check("[1|4]")
    assert alone.diagnosis == () and "name each of its ends by its half" in alone.text()


def test_the_russian_texts_say_konechny_dubl_and_no_side() -> None:
    end_double = ScoringEnds(FOUR).solution("ru")
    assert "конечный дубль" in end_double and "концев" not in end_double
    question = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295).question().text("ru")
    assert question.startswith("У игрока (или его пары) 295 исходных очков.")
    assert "сторон" not in question
    assert ScoringEnds(FOUR).question().text("ru").count("конечные дубли") == 1


# -- the award of a play --------------------------------------------------------------------------


def test_play_award_matches_every_diagram_of_the_rules_text(
    seed_examples: list[dict[str, Any]],
) -> None:
    for example in seed_examples:
        layout = Layout.parse(example["notation"])
        last = layout.placements[-1]
        layout.pop()
        play = str(last)
        assert PlayAward(layout, play).check(str(example["award_raw"])).ok, play
        shown = PlayAward(layout, play, unit="displayed").check(example["award_displayed"])
        assert shown.ok and shown.expected == str(example["award_displayed"])


def test_play_award_wrong_answer_gets_the_hint_and_not_the_answer() -> None:
    before = NINE.rsplit(" ", 1)[0]
    end_sum = PlayAward(before, "[1|3]@[1|1]:branchB").check("8")
    assert not end_sum.ok and end_sum.expected == "0"
    en, ru = both(end_sum)
    assert en == (
        "Not quite. 8 is not right. That is the sum of the ends; only a positive "
        "multiple of 5 scores (R6.2). Try again, or open the solution."
    )
    assert ru.startswith("Не совсем. 8 — неверно. Это сумма концов;")
    assert "8 is not a multiple of 5" in str(end_sum.why)


def test_play_award_with_a_score_applies_the_target_check() -> None:
    rejected = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295).check("0")
    assert rejected.ok
    en, ru = both(rejected)
    assert "295 + 15 = 310 would pass 305: rejected whole (R1.4)" in en
    assert "отклонено целиком" in ru
    exact = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=290).check("15")
    assert exact.ok and "305, exactly 305: applied, and the match is won (R9.1)" in exact.text()


def test_play_award_refuses_an_illegal_question() -> None:
    with pytest.raises(ExerciseError) as caught:
        PlayAward(FOUR, "[1|5]@[1|1]:branchA").check("0")
    assert isinstance(caught.value, ValueError)
    assert "\n" not in str(caught.value)
    assert "branches of [1|1] open after both lines are filled (R4.3)" in str(caught.value)
    assert caught.value.text("ru").startswith("[1|5]@[1|1]:branchA нельзя сделать")
    with pytest.raises(ExerciseError):
        PlayAward(FOUR, "[1|2]@[1|1]:lineB", unit="points").check("5")  # type: ignore[arg-type]
    with pytest.raises(ExerciseError):
        PlayAward(FOUR, "[1|2]@[1|1]:lineB", score=12).check("5")
    with pytest.raises(ExerciseError):
        PlayAward(FOUR, "draw")
    with pytest.raises(ExerciseError):
        PlayAward(FOUR, "[1|2]@[1|1]:lineB", score=12)


def test_numbers_accept_signs_and_spaces_and_refuse_other_text() -> None:
    assert Rounding(13).check(" 15 ").ok
    assert Rounding(13).check(15).ok
    assert GoingOut(pairs_going_out()).check("+5").ok
    assert GoingOut(pairs_going_out()).check("5 raw points").ok
    assert Rounding(13).check("15 очков").ok
    assert not GoingOut(pairs_going_out()).check("- 5").ok
    for bad in ("1.5", "fifteen", "15 or 20", "", "x15"):
        result = Rounding(13).check(bad)
        assert result.malformed and result.expected == "15"
        assert result.text("ru").startswith("Не удаётся прочитать ответ:")


# -- rounding ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "total, expected, words",
    [
        (12, 10, "12 has remainder 2: remainders 1 and 2 round down, to 10"),
        (13, 15, "13 has remainder 3: remainders 3 and 4 round up, to 15"),
        (15, 15, "a multiple of 5, so it stays 15"),
        (0, 0, "0 is a multiple of 5"),
    ],
)
def test_rounding(total: int, expected: int, words: str) -> None:
    result = Rounding(total).check(str(expected))
    assert result.ok and words in result.text() and "R7.5" in result.text()
    wrong = Rounding(total).check(str(expected + 5))
    assert not wrong.ok and words not in wrong.text() and words in str(wrong.why)


# -- going out ------------------------------------------------------------------------------------


def test_going_out_in_pairs_round_once_and_subtract_the_partner() -> None:
    right = GoingOut(pairs_going_out()).check("5")
    assert right.ok
    en, ru = both(right)
    assert (
        "The opponents hold [6|6] [0|0]: the pips add up to 12 in all, rounded once to 10 (R7.2)."
        in en
    )
    assert "holds [0|3]: the pips add up to 3, rounded on their own to 5 and subtracted" in en
    assert "One settlement: 0 + 10 − 5 = 5 (R7.4)." in en
    assert "У соперников на руках [6|6] [0|0]: сумма значений 12" in ru
    assert "на руках [0|3]: сумма значений 3;" in ru
    assert "Один расчёт: 0 + 10 − 5 = 5 (R7.4)." in ru


def test_going_out_past_61_changes_nothing_and_onto_61_wins() -> None:
    three = position(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]], scores=[295, 0, 0])
    result = GoingOut(three).check("15")  # opponents 6 + 7 = 13 -> 15; 295 + 15 passes 305
    assert not result.ok and result.expected == "0"
    assert "all its parts are rejected together (R7.4)" in result.text()
    assert "One settlement: 0 + 15 = 15 (R7.4)." in str(result.why)
    assert GoingOut(three).check("0").ok
    exact = GoingOut(pairs_going_out((300, 0))).check("5")
    assert exact.ok and "305, exactly 305: applied, and the match is won (R9.1)" in exact.text()


def test_going_out_needs_a_last_tile() -> None:
    with pytest.raises(ExerciseError, match="not about to play their last tile"):
        GoingOut(drawing()).check("0")
    with pytest.raises(ExerciseError, match="seat 0 cannot play their last tile now"):
        GoingOut(blocked()).check("0")
    task = GoingOut(pairs_going_out())
    assert task.play == "[1|2]@[0|1]:high"
    assert task.question().text() == (
        "Seat 0 goes out with [1|2]@[0|1]:high. By how many raw "
        "points does the settlement change the score of their "
        "pair?"
    )
    three = GoingOut(position(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]]))
    assert "change seat 0's score?" in three.question().text()
    assert "сторон" not in three.question().text("ru")
    assert task.check("5").ok


# -- a blocked hand ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat, award", [(0, 35), (1, 0), (2, 15)])
def test_blocked_hand_award_of_each_seat(seat: int, award: int) -> None:
    result = BlockedAward(blocked(), seat).check(str(award))
    assert result.ok, result.text()
    assert RULE.search(result.text()) and result.text("ru").startswith("Верно!")


def test_blocked_hand_explanations() -> None:
    unrounded = BlockedAward(blocked(), 0).check("34")
    assert not unrounded.ok and unrounded.expected == "35"
    assert "(15 − 6) + (31 − 6) = 34, are rounded once to 35" in str(unrounded.why)
    assert "Остаток игрока 0 — 6." in unrounded.why.text("ru")  # type: ignore[union-attr]
    nothing = BlockedAward(blocked(), 1).check("0")
    assert "no opponent holds more, so seat 1 gets nothing (R8.3)" in nothing.text()


def test_blocked_hand_near_the_target() -> None:
    match = blocked([280, 0, 290])
    rejected = BlockedAward(match, 0).check("35")
    assert not rejected.ok and rejected.expected == "0"
    assert "that award alone is rejected (R8.4)" in rejected.text()
    assert BlockedAward(match, 2).check("15").ok
    after = BlockedAward(match, 1).check("0")
    assert after.ok and "before seat 1's award, so it is not applied (R8.5)" in after.text()


def test_blocked_award_refuses_a_position_that_does_not_block() -> None:
    with pytest.raises(ExerciseError, match="blocks the hand"):
        BlockedAward(pairs_going_out(), 0).check("0")
    with pytest.raises(ExerciseError, match="seat is a number from 0 to 2"):
        BlockedAward(blocked(), 3).check("0")
    with pytest.raises(ExerciseError):
        BlockedAward(blocked(), 3)
    task = BlockedAward(blocked(), 2)
    assert task.action == "pass"
    assert task.question().text() == (
        "Seat 0 passes, and the hand is blocked. How many raw "
        "points does the settlement add to seat 2's score?"
    )


# -- before the target check: a twin that asks the award alone ---------------------------------

ARMS = (
    "[2|2] [2|3]@[2|2]:lineB [3|3]@[2|3]:high [2|5]@[2|2]:lineA [2|6]@[2|2]:branchA "
    "[6|6]@[2|6]:high [5|5]@[2|5]:high [2|4]@[2|2]:branchB [4|4]@[2|4]:high "
    "[3|6]@[3|3]:lineB [3|5]@[3|3]:branchA"
)
VERDICTS = ("R1.4", "R8.4", "305", "rejected", "applied", "отклон", "примен")


def near_going_out() -> Match:
    """Seat 0 at 270 goes out with [1|1]: 5 + 35 = 40 would pass 305 (ex-05-5's position)."""
    return position(2, "[1|3]", [["[1|1]"], ["[5|5]", "[5|6]", "[6|6]"]], scores=[270, 0])


def assert_asks_before_the_check(twin: Task, answer: str, wrong: str, key: str) -> None:
    """``twin`` asks before the target check: the question says so in both languages, its
    answer is ``answer``, its solution stops before the check, and ``wrong`` is put down to
    ``key`` in both languages without the answer; no mistake goes through the check."""
    assert "before the target check" in twin.question().text("en")
    assert "до проверки на цель" in twin.question().text("ru")
    assert twin.answer() == answer and twin.check(answer).ok
    for lang in ("en", "ru"):
        solution = twin.solution(lang)
        assert not [v for v in VERDICTS if v in solution], solution
    result = twin.check(wrong)
    assert not result.ok and result.diagnosis == (key,)
    hint = next(m for m in twin.misconceptions if m.key == key)
    for lang in ("en", "ru"):
        assert hint.text(lang) in result.text(lang) and answer not in result.text(lang)
    assert not [m for m in twin.mistakes() if m.hidden]  # no mistake goes through the check
    again = task_from_spec(json.loads(json.dumps(twin.spec())))
    assert again.spec() == twin.spec() and again.spec()["before_check"] is True
    assert again.question().text("ru") == twin.question().text("ru")


def test_play_award_before_the_target_check_asks_the_award_alone() -> None:
    checked = PlayAward(ARMS, "[3|4]@[3|3]:branchB", score=270)
    assert checked.answer() == "0"
    hidden = [m for m in checked.mistakes() if m.hidden and m.value == 0]
    assert [m.misconception.key for m in hidden] == ["internal-double-counted"]
    twin = PlayAward(ARMS, "[3|4]@[3|3]:branchB", score=270, before_check=True)
    assert_asks_before_the_check(twin, "45", "55", "internal-double-counted")
    assert not {m.misconception.key for m in twin.mistakes()} & {
        "target-check-forgotten",
        "award-cut-to-fit",
        "fitting-award-rejected",
        "new-score",
    }
    assert twin.picture("p") == checked.picture("p")  # the layout after the play, no score
    shown = PlayAward(ARMS, "[3|4]@[3|3]:branchB", unit="displayed", score=270, before_check=True)
    assert shown.answer() == "9" and "displayed points" in shown.question().text()
    assert "raw-for-displayed" in shown.check("45").diagnosis
    with pytest.raises(ExerciseError, match="needs the score"):
        PlayAward(FOUR, "[1|2]@[1|1]:lineB", before_check=True)


def test_going_out_before_the_target_check_asks_the_net_alone() -> None:
    checked = GoingOut(near_going_out())
    assert checked.answer() == "0" and checked.check("0").ok
    twin = GoingOut(near_going_out(), before_check=True)
    assert_asks_before_the_check(twin, "40", "38", "not-rounded")
    assert "5 + 35 = 40 (R7.4)" in str(twin.check("40").why)
    keys = {m.misconception.key for m in twin.mistakes()}
    assert not keys & {"settlement-target-forgotten", "settlement-split", "fitting-award-rejected"}
    assert twin.picture("p") is None  # the settlement's picture shows the check's verdict
    pairs = GoingOut(pairs_going_out((300, 0)), before_check=True)
    assert "for their pair" in pairs.question().text() and pairs.answer() == "5"


def test_blocked_award_before_the_target_check_asks_the_award_alone() -> None:
    match = blocked([280, 0, 290])
    assert BlockedAward(match, 0).answer() == "0"
    twin = BlockedAward(match, 0, before_check=True)
    assert_asks_before_the_check(twin, "35", "34", "sum-not-rounded")
    assert "(15 − 6) + (31 − 6) = 34, are rounded once to 35 (R8.2)." in str(twin.check("35").why)
    keys = {m.misconception.key for m in twin.mistakes()}
    assert not keys & {"award-target-forgotten", "fitting-award-rejected", "award-after-the-win"}
    assert twin.picture("p") is None
    with pytest.raises(ExerciseError, match="never checked against the target"):
        BlockedAward(match, 1, before_check=True)  # the match ended before seat 1's award


def test_before_check_is_saved_as_true_or_false() -> None:
    spec = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295, before_check=True).spec()
    assert spec["before_check"] is True
    assert task_from_spec({k: v for k, v in spec.items() if k != "before_check"}).answer() == "0"
    with pytest.raises(ExerciseError, match="before_check of a play_award task is true or false"):
        task_from_spec({**spec, "before_check": 1})


def test_another_one_like_a_twin_is_its_question_with_the_check() -> None:
    """The generator leaves the twin out: "Another one like this" under it asks a fresh
    question of its kind and difficulty, target check included."""
    from exact61_widgets.exercises import like

    for twin in (
        GoingOut(near_going_out(), before_check=True),
        PlayAward(ARMS, "[3|4]@[3|3]:branchB", score=270, before_check=True),
    ):
        fresh = like(twin, 1)
        assert fresh.kind == twin.kind and fresh.spec()["before_check"] is False


# -- must-play, draw, pass ----------------------------------------------------------------------


def test_legal_action_draw_when_nothing_fits() -> None:
    match = drawing()
    right = LegalAction(match).check("draw")
    assert right.ok and "(R3.3)" in right.text() and right.expected == "draw a tile"
    assert LegalAction(match).check("добрать").ok
    assert LegalAction(match).check("взять с базара").ok
    refused = LegalAction(match).check("pass")
    assert not refused.ok
    assert "Passing is allowed only once the boneyard is empty (R3.4)." in refused.text()
    assert refused.diagnosis == ("pass-before-drawing",)
    assert "draw" not in refused.text().replace("drawn", "")  # the right action is not named
    assert "Allowed now" not in refused.text()
    wrong = LegalAction(match).check("[2|3]@[1|4]:low")
    assert "a tile joined there needs a 1" in wrong.text()
    assert "там нужна половинка со значением 1" in wrong.text("ru")
    assert LegalAction(match).check("foo").malformed


def test_legal_action_must_play_and_play_the_drawn_tile() -> None:
    match = drawn()
    assert LegalAction(match).check("[0|1] @ [1|4] : low").ok
    refused = LegalAction(match).check("draw")
    assert "Drawing stops as soon as a drawn tile fits an open place (R3.3)." in refused.text()
    assert "[0|1]" not in refused.text()  # the engine's own refusal names the tile: not used
    other = LegalAction(match).check("[2|3]@[1|4]:low")
    assert other.diagnosis == ("not-the-drawn-tile",) and "[0|1]" not in other.text()
    drawn_first = LegalAction(must()).check("draw")
    assert "Drawing is allowed only when no tile of the hand fits" in drawn_first.text()
    assert "[1|2]" not in drawn_first.text()
    assert "(R3.2)" in LegalAction(must()).check("[1|2]@[1|4]:low").text()
    task = LegalAction(must())
    assert task.question().text().startswith("Seat 0 holds [1|2] [5|6].")


def test_legal_action_pass_with_an_empty_boneyard() -> None:
    assert LegalAction(passing()).check("pass").ok
    assert LegalAction(passing()).check("пас").ok
    assert "(R3.4)" in LegalAction(passing()).check("pass").text()


def test_legal_action_refuses_a_lead_where_any_tile_would_be_right() -> None:
    """Notebook 01's last exercise asked the leader for "a tile": every tile was right."""
    lead = Match(2, seed=3, leader=0)
    with pytest.raises(ExerciseError) as caught:
        LegalAction(lead)
    assert "ask which tiles can be played instead (R2.4)" in str(caught.value)
    assert caught.value.text("ru").startswith("игрок 0 начинает сдачу")


# -- which tiles can be played ---------------------------------------------------------------


def test_playable_tiles_on_the_lead_are_the_whole_hand_and_nothing_else() -> None:
    lead = Match(2, seed=3, leader=0)
    hand = [str(t) for t in lead.hand(0)]
    task = PlayableTiles("", tuple(hand))
    assert task.check(", ".join(hand)).ok
    assert task.check(", ".join(reversed(hand))).ok
    for k in range(len(hand)):  # leave one tile out: not right
        result = task.check(", ".join(hand[:k] + hand[k + 1 :]))
        assert not result.ok and result.missing == (hand[k],)
        assert "1 playable tile is missing" in result.text()
    stranger = next(str(t) for t in TILES if str(t) not in hand)
    extra = task.check(", ".join([*hand, stranger]))
    assert not extra.ok and extra.extra == (stranger,)
    assert f"{stranger} is not right: {stranger} is not in the hand." in extra.text()
    assert "The leader may open with any tile" in task.solution()
    assert task.question().text().startswith("The table is empty.")


def _positions(count: int) -> list[Match]:
    """Positions of real hands: greedy-free random play, every player's turn in turn."""
    import random

    found: list[Match] = []
    for seed in range(count):
        match = Match(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 14)):
            actions = match.legal_actions()
            if not actions:
                break
            match.push(rng.choice(actions))
        if match.status == "playing":
            found.append(match)
    return found


@pytest.mark.parametrize("match", _positions(40), ids=lambda m: str(m.layout)[:30])
def test_playable_tiles_accepts_exactly_the_tiles_with_a_legal_place(match: Match) -> None:
    hand = match.hand(match.to_move)
    layout = str(match.layout)
    right = [str(t) for t in hand if match.layout.legal_places(t)]
    result = PlayableTiles(layout, hand).check(", ".join(right) or "none")
    assert result.ok, (layout, hand, result.text())
    for tile in hand:  # flipping any one tile in or out of the answer is wrong
        flipped = (
            [t for t in right if t != str(tile)] if str(tile) in right else [*right, str(tile)]
        )
        wrong = PlayableTiles(layout, hand).check(", ".join(flipped) or "none")
        assert not wrong.ok
        if str(tile) not in right:
            assert f"{tile} is not right:" in wrong.text()
            assert f"no half of {tile} matches an open place" in wrong.text()


def test_playable_tiles_refuses_a_hand_on_the_table_and_unreadable_answers() -> None:
    with pytest.raises(ExerciseError, match="cannot be in the hand"):
        PlayableTiles("[1|4]", ("[1|4]", "[2|3]"))
    with pytest.raises(ExerciseError, match="cannot be in the hand"):
        PlayableTiles("[1|4]", ("[2|3]", "[3|2]"))
    with pytest.raises(ExerciseError, match="no tile"):
        PlayableTiles("[1|4]", ())
    task = PlayableTiles("[1|4]", ("[1|2]", "[5|6]"))
    assert task.check("[1|2]@[1|4]:low").malformed
    assert "is a play or a place, not a tile" in task.check("[1|2]@[1|4]:low").text()
    assert task.check("none").missing == ("[1|2]",)
    assert PlayableTiles("[1|4]", ("[2|3]", "[5|6]")).check("нет").ok


# -- play, draw or pass -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, word, ru",
    [
        (must, "play", "выложить"),
        (drawing, "draw", "добрать"),
        (drawn, "play", "выложить кость"),
        (passing, "pass", "пас"),
    ],
)
def test_play_draw_pass_takes_one_word_in_either_language(make: Any, word: str, ru: str) -> None:
    match = make()
    assert PlayDrawPass(match).check(word).ok
    assert PlayDrawPass(match).check(ru.upper()).ok
    task = PlayDrawPass(match)
    assert task.check(task.answer("ru")).ok and task.check(task.answer("en")).ok
    for other in {"play", "draw", "pass"} - {word}:
        wrong = PlayDrawPass(match).check(other)
        assert not wrong.ok and not wrong.malformed
        assert RULE.search(wrong.text()), wrong.text()


def test_play_draw_pass_says_why_the_other_words_are_wrong() -> None:
    """The rule that refuses the word, never the word (or the tile) that is right."""
    cases = [
        (must, "draw", "draw-while-playable", "Drawing is allowed only when no tile of the hand"),
        (must, "pass", "pass-while-playable", "Passing is allowed only when no tile of the hand"),
        (drawing, "pass", "pass-before-drawing", "Passing is allowed only once the boneyard"),
        (drawing, "play", "play-nothing-fits", "No tile of the hand matches an open place now"),
        (drawn, "draw", "draw-after-fit", "Drawing stops as soon as a drawn tile fits"),
        (passing, "draw", "draw-from-empty", "The boneyard is empty: there is nothing left"),
        (passing, "play", "play-nothing-fits", "No tile of the hand matches an open place now"),
    ]
    for make, word, key, words in cases:
        result = PlayDrawPass(make()).check(word)
        assert not result.ok and result.diagnosis == (key,), (make.__name__, word)
        assert words in result.text()
    assert PlayDrawPass(must()).check("[1|2]@[1|4]:low").ok  # a legal play written out
    assert "is not allowed" in PlayDrawPass(must()).check("[5|6]@[1|4]:low").text()
    assert PlayDrawPass(must()).check("maybe").malformed


# -- points, boneyard, tally ----------------------------------------------------------------------


def test_tally_displayed_points_and_boneyard() -> None:
    assert TallyPoints(61).check("61").ok
    assert "6 full figures of ten strokes and 1 more stroke" in TallyPoints(61).check("61").text()
    assert "6 полных фигур из десяти черт и ещё 1 черта" in TallyPoints(61).check("61").text("ru")
    assert DisplayedPoints(305).check("61").ok
    for players, left in ((2, 18), (3, 13), (4, 8)):
        assert BoneyardSize(players).check(str(left)).ok
    assert "= 8 tiles in the boneyard" in BoneyardSize(4).check("8").text()
    assert "= 8 костей на базаре" in BoneyardSize(4).check("8").text("ru")
    assert "= 13 костей на базаре" in BoneyardSize(3).check("13").text("ru")
    with pytest.raises(ExerciseError):
        DisplayedPoints(12).check("2")
    with pytest.raises(ExerciseError):
        BoneyardSize(5).check("3")
    with pytest.raises(ExerciseError):
        TallyPoints(-1).check("0")


def test_questions_with_numbers_use_plural_forms_in_russian() -> None:
    assert (
        DisplayedPoints(5).question().text("ru")
        == "5 исходных очков — это сколько отображаемых очков?"
    )
    assert DisplayedPoints(305).question().text("ru").startswith("305 исходных очков")
    assert BoneyardSize(2).question().text("ru").endswith("если играют 2 игрока?")
    assert BoneyardSize(2).question().text() == (
        "With 2 players, how many tiles are left in the boneyard after the deal?"
    )
    assert (
        PlayAward("[3|6]", "[6|6]@[3|6]:high", score=5)
        .question()
        .text("ru")
        .startswith("У игрока (или его пары) 5 исходных очков.")
    )
    assert (
        TallyPoints(21)
        .check("21")
        .why.text("ru")
        .endswith(  # type: ignore[union-attr]
            "то есть 105 исходных очков (R10.1)."
        )
    )


# -- every task: its answer, solution, giveaways and spec ----------------------------------------


def tasks() -> list[Task]:
    """One task of each kind and variant, on the positions above."""
    return [
        OpenPlaces(FOUR),
        OpenPlaces(""),
        ScoringEnds(NINE),
        PlayAward(FOUR, "[1|2]@[1|1]:lineB"),
        PlayAward(FOUR, "[1|2]@[1|1]:lineB", unit="displayed"),
        PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295),
        PlayAward("[3|6]", "[6|6]@[3|6]:high", unit="displayed", score=100),
        PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295, before_check=True),
        PlayableTiles(FOUR, ("[1|2]", "[2|6]", "[0|4]")),
        PlayableTiles("", ("[2|3]",)),
        Rounding(13),
        GoingOut(pairs_going_out()),
        GoingOut(near_going_out(), before_check=True),
        BlockedAward(blocked(), 0),
        BlockedAward(blocked([280, 0, 290]), 1),
        BlockedAward(blocked([280, 0, 290]), 0, before_check=True),
        LegalAction(drawing()),
        LegalAction(drawn()),
        LegalAction(must()),
        PlayDrawPass(passing()),
        PlayDrawPass(drawn()),
        TallyPoints(37),
        DisplayedPoints(185),
        BoneyardSize(4),
    ]


TASKS = tasks()


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.kind)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_task_accepts_its_own_answer_and_explains_it(task: Task, lang: str) -> None:
    assert task.question().text(lang)
    answer = task.answer(lang)
    result = task.check(answer)
    assert result.ok, (answer, result.text(lang))
    solution = task.solution(lang)
    assert solution.startswith("The answer is " if lang == "en" else "Ответ: ")
    assert answer in solution and RULE.search(solution)
    assert result.text(lang)


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.kind)
def test_feedback_on_a_wrong_answer_keeps_the_solution_back(task: Task) -> None:
    wrong = task.check(
        "[6|6]" if task.kind in ("open_places", "scoring_ends", "playable_tiles") else "999"
    )
    assert not wrong.ok
    for lang in ("en", "ru"):
        text = wrong.text(lang)
        assert (
            text.endswith(
                "Try again, or open the solution."
                if lang == "en"
                else "Попробуйте ещё раз или откройте решение."
            )
            or wrong.malformed
        )
        assert str(wrong.why) and wrong.why.text(lang) not in text  # type: ignore[union-attr]
        for item in wrong.missing:
            assert item not in text


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.kind)
def test_every_task_round_trips_through_its_json_spec(task: Task) -> None:
    assert isinstance(task, Task)
    spec = task.spec()
    text = json.dumps(spec, sort_keys=True)
    again = task_from_spec(json.loads(text))
    assert type(again) is type(task) and again.spec() == spec
    assert again.question().text() == task.question().text()
    assert again.answer() == task.answer()
    assert again.giveaways("ru") == task.giveaways("ru")
    for answer in (task.answer(), "0", "none", "draw"):
        assert again.check(answer).ok == task.check(answer).ok
    assert task_from_spec({**spec, "name": "ex-1", "lang": "ru"}).spec() == spec


def test_task_from_spec_refuses_what_it_cannot_build() -> None:
    for bad, words in (
        ({"kind": "guess"}, "not a kind of task"),
        ({}, "with a kind"),
        ({"kind": "rounding", "total": 3, "colour": 1}, "has no field 'colour'"),
        ({"kind": "rounding"}, "needs the field 'total'"),
        ({"kind": "rounding", "total": "13"}, "the field total of a rounding task is a whole"),
        ({"kind": "play_award", "layout": "", "play": "[1|2]", "unit": "points"}, "one of"),
        ({"kind": "playable_tiles", "layout": "", "hand": "[1|2]"}, "a list of texts"),
        ({"kind": "legal_action", "position": {"players": 2}}, "a position is a JSON object"),
        (
            {"kind": "play_award", "layout": "[1|4]", "play": "[6|6]@[1|4]:low"},
            "cannot be played on this layout",
        ),
    ):
        with pytest.raises(ExerciseError, match=words):
            task_from_spec(bad)


def test_a_position_with_a_drawn_tile_round_trips() -> None:
    match = drawn()
    spec = Scenario.from_match(match).to_json()
    assert spec["drawn"] == "[0|1]" and spec["hands"][0] == ["[0|1]", "[2|3]", "[2|5]", "[5|6]"]
    again = Scenario.from_json(spec).match()
    assert again.drawn_tile == match.drawn_tile and again.hands == match.hands
    assert again.boneyard == match.boneyard and again.legal_actions() == match.legal_actions()
    with pytest.raises(ScenarioError, match="cannot be a drawn tile"):
        Scenario.from_json({**spec, "drawn": "[2|5]"}).match()


def test_a_task_keeps_its_own_copy_of_the_match() -> None:
    match = pairs_going_out()
    task = GoingOut(match)
    match.push(match.legal_actions()[0])
    assert task.check("5").ok


# -- giveaways and the search for them ---------------------------------------------------------


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.kind)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_giveaways_are_specific_texts(task: Task, lang: str) -> None:
    found = task.giveaways(lang)
    assert found or task.kind == "playable_tiles"
    for text in found:  # words or a tile, or an equation of two numbers or more: never one
        assert len(text) >= 6, text
        assert re.search(r"[^\d\s.,:+\-−=]", text) or len(re.findall(r"\d+", text)) >= 2, text


def test_giveaways_are_what_the_package_prints() -> None:
    after = FOUR + " [1|2]@[1|1]:lineB"
    award = PlayAward(FOUR, "[1|2]@[1|1]:lineB")
    for lang in ("en", "ru"):
        assert leaked_answers(describe(after, lang), award, lang)
        assert leaked_answers(describe(FOUR, lang), OpenPlaces(FOUR), lang)
        assert leaked_answers(describe(NINE, lang), ScoringEnds(NINE), lang)
        out = pairs_going_out()
        events = out.push(out.legal_plays()[0])
        assert leaked_answers(events[-1].explain(lang), GoingOut(pairs_going_out()), lang)
        from exact61_widgets.render import tally_svg

        assert leaked_answers(str(tally_svg(37, lang=lang)), TallyPoints(37), lang)
    printed = ", ".join(map(str, drawn().legal_actions()))  # as notebook 04 printed it
    assert leaked_answers(f"legal actions: {printed}", LegalAction(drawn()))
    assert leaked_answers("draw? " + str(must().why_illegal(DRAW)), LegalAction(must()))
    assert leaked_answers("{10: 10, 11: 10, 12: 10, 13: 15, 14: 15}", Rounding(13))
    assert leaked_answers("185 raw = 37 displayed", DisplayedPoints(185))


@pytest.mark.parametrize(
    "lang, places, ends",
    [
        ("en", "Open places: ", "Scoring contributions: "),
        ("ru", "Допустимые места продолжения: ", "Учитываемые вклады: "),
    ],
)
def test_the_parts_of_a_description_are_found_in_it(lang: str, places: str, ends: str) -> None:
    for match in _positions(30):
        table = match.layout
        text = describe(table, lang)
        place_part, end_part = open_places_part(table, lang), contributions_part(table, lang)
        assert place_part.startswith(places) and place_part + ". " in text
        assert end_part.startswith(ends) and text.endswith(end_part + ".")


def test_the_question_data_is_not_a_giveaway() -> None:
    """What a learner needs to answer (the layout before the play, the hand) is allowed."""
    before = "[3|6] [0|3]@[3|6]:low"
    for lang in ("en", "ru"):
        shown = describe(before, lang) + caption(before, lang)
        assert leaked_answers(shown, PlayAward(before, "[6|6]@[3|6]:high"), lang) == []
        hand = str(hand_svg(must().hand(0), lang=lang))
        assert leaked_answers(hand + describe("[1|4]", lang), LegalAction(must()), lang) == []
        assert leaked_answers(describe(NINE, lang), OpenPlaces(FOUR), lang) == []


def test_a_target_check_question_is_given_away_by_the_verdict_not_by_the_award() -> None:
    task = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295)
    after = "[3|6] [6|6]@[3|6]:high"
    assert leaked_answers(describe(after), task) == []  # shows the award 15, not the answer 0
    assert leaked_answers("295 + 15 = 310 would pass 305", task) == ["295 + 15 = 310"]


def test_leaked_answers_reads_html_and_markdown_and_respects_boundaries() -> None:
    task = Rounding(18)
    assert leaked_answers("<p>18 &rarr; 20</p>", task) == ["18 → 20"]
    assert leaked_answers("**18** → **20**", task) == ["18 → 20"]
    assert leaked_answers("118: 20 and 18: 205", task) == []
    assert leaked_answers("nothing here", task) == []
    places = OpenPlaces("[4|4] [4|5]@[4|4]:lineA")
    assert leaked_answers("open places: [4|4]:lineB, [4|5]:high", places)
    assert leaked_answers("[3|4]:low, [4|4]:lineB, [4|5]:high", places) == []  # a longer list
    assert leaked_answers("`[1\\|4]`", Rounding(14)) == []
    russian = describe("[4|4] [4|5]@[4|4]:lineA", "ru")
    assert leaked_answers(russian, places, "en") == leaked_answers(russian, places, "ru") != []
    assert normal("A\u00a0 B\n**c**") == "a b c" and occurs("x 13, y", "13")
    assert not occurs("113", "13")


# -- the widget ------------------------------------------------------------------------------------


def test_the_widget_checks_on_click_and_offers_the_solution_after_a_try() -> None:
    from exact61_widgets.widgets import Exercise

    widget = Exercise(OpenPlaces(FOUR), name="open-four", lang="en")
    assert repr(widget) == "Exercise('open-four', lang='en')"
    assert widget.result is None and widget.feedback.value == ""
    assert widget.solution_button.disabled and widget.solution.value == ""
    assert "exact61-solution" in widget.solution_button._dom_classes
    assert widget.solution_button.description == "Show solution"
    widget.check("[1|1]:]")
    assert widget.result is not None and widget.result.malformed
    assert widget.solution_button.disabled  # an unreadable answer is not a try
    widget.answer.value = "[1|1]:lineB, [3|4]:low"
    assert widget.result is not None and not widget.result.ok
    assert "2 open places are missing" in widget.feedback.value
    assert "[4|4]:branchA" not in widget.feedback.value
    assert not widget.solution_button.disabled and widget.solution.value == ""
    widget.solution_button.click()
    assert "[4|4]:branchA" in widget.solution.value and "Solution" in widget.solution.value
    widget.answer.value = "[1|1]:lineB, [3|4]:low, [4|4]:branchA, [4|4]:branchB"
    widget.check_button.click()
    assert widget.result.ok and "Right!" in widget.feedback.value


def test_the_saved_widget_holds_the_task_and_folds_the_solution() -> None:
    from exact61_widgets.widgets import Exercise

    task = PlayAward("[3|6] [0|3]@[3|6]:low", "[6|6]@[3|6]:high")
    widget = Exercise(task, name="ex-award-66", lang="en")
    bundle = widget._repr_mimebundle_()
    assert bundle["text/plain"] == "Exercise('ex-award-66', lang='en')"
    page = bundle["text/html"]
    found = re.search(r"data-exercise='([^']*)'", page)
    assert found is not None
    spec = json.loads(html.unescape(found.group(1)))
    assert spec["name"] == "ex-award-66" and spec["lang"] == "en"
    assert task_from_spec(spec).spec() == task.spec()
    question, _, fold = page.partition("<details")
    assert "How many raw points does [6|6]@[3|6]:high earn?" in question
    assert task.answer() == "0" and "The answer is 0." not in question
    assert "<summary>Solution</summary>" in fold and "The answer is 0." in fold
    assert widget._repr_mimebundle_() == bundle  # the same bytes every time


def test_the_widget_speaks_the_session_language(session_ru: None) -> None:
    from exact61_widgets.widgets import Exercise

    widget = Exercise(Rounding(13))
    assert widget.lang == "ru" and widget.check_button.description == "Проверить"
    assert widget.solution_button.description == "Показать решение"
    result = widget.check("15")
    assert result is not None and result.ok
    assert "Верно! 13 при делении на пять даёт остаток 3" in widget.feedback.value
    assert "Упражнение" in widget._repr_mimebundle_()["text/html"]
    assert widget.show_solution().startswith("Ответ: 15.")


def test_the_widget_with_its_own_question() -> None:
    from exact61_widgets.widgets import Exercise

    widget = Exercise(Rounding(13), lang="ru", question="Округлите 13.")
    assert widget.question_text == "Округлите 13."
    assert repr(widget) == "Exercise('rounding', lang='ru')"


# -- the reveal: what shows the answer, held back until it is earned ----------------------


def _reveal_exercise(**options: Any) -> Any:
    from exact61_widgets.i18n import Msg
    from exact61_widgets.widgets import Exercise, RoundingWalkthrough

    walk = RoundingWalkthrough(totals=(13,), name="reveal-walk")
    return Exercise(
        Rounding(13),
        name="ex-00-9",
        lang="en",
        reveal=[walk, Msg("The answer is {answer}.", {"answer": 15})],
        **options,
    )


def test_the_reveal_shows_only_after_a_right_answer() -> None:
    widget = _reveal_exercise()
    assert widget.reveal_box.children == () and not widget.revealed
    widget.check("10")  # wrong: feedback, nothing revealed
    assert widget.reveal_box.children == () and "10 is not right" in widget.feedback.value
    widget.check("15")
    assert widget.revealed and len(widget.reveal_box.children) == 3
    picture, walk, text = widget.reveal_box.children
    assert "exact61-reveal-picture" in picture._dom_classes and "<svg" in picture.value
    assert "ex-00-9-answer" in picture.value  # the picture's ids come from the exercise's name
    assert type(walk).__name__ == "RoundingWalkthrough"
    assert "The answer is 15." in text.value


def test_show_solution_reveals_too_and_picture_false_leaves_the_own_picture_out() -> None:
    widget = _reveal_exercise(picture=False)
    widget.check("12")
    assert widget.reveal_box.children == ()
    widget.solution_button.click()
    assert len(widget.reveal_box.children) == 2 and "The answer is 15." in widget.solution.value


def test_saved_the_reveal_is_folded_inside_the_solution() -> None:
    widget = _reveal_exercise()
    page = widget._repr_mimebundle_()["text/html"]
    shown, _, folded = page.partition('<details class="exact61-solution">')
    assert "<svg" not in shown and "15" not in shown.replace("13", "")
    assert folded.endswith("</details></div>")  # nothing after the fold
    assert folded.count("<svg") >= 2 and 'id="ex-00-9-answer"' in folded
    assert 'class="exact61-strip"' in folded and "The answer is 15." in folded
    assert "Form of the answer: a whole number, a multiple of 5." in shown


def test_a_reveal_refuses_what_it_cannot_show() -> None:
    from exact61_widgets.widgets import Exercise

    with pytest.raises(ExerciseError, match="reveals pictures"):
        Exercise(Rounding(13), reveal=[3.5])


def test_every_task_has_a_form_that_is_neither_an_answer_nor_a_mistake() -> None:
    """The grey placeholder shows the form: its examples are tiles on no table and in no hand,
    and it holds no number but the rules' own 5."""
    notation = re.compile(r"\[\d\|\d\](?::\w+)?(?:@\[\d\|\d\]:\w+)?")
    for task in TASKS:
        for lang in ("en", "ru"):
            form = task.answer_form().text(lang)
            bare = notation.sub(" ", form).replace("multiple of 5", "")
            assert form and not re.search(r"\d", bare), form
            examples = notation.findall(form) + [w.strip() for w in form.split(",")]
            for answer in (*task.answers(lang), *task.mistaken_answers()):
                for item in answer.split(", "):
                    assert item not in examples, (task.kind, answer, form)


def test_the_widget_placeholder_is_the_form() -> None:
    from exact61_widgets.widgets import Exercise

    for task in TASKS[:6]:
        widget = Exercise(task, lang="ru")
        assert widget.answer.placeholder == task.answer_form().text("ru")


# -- the exercises organised by kind --------------------------------------------------------


def test_a_spec_is_every_dataclass_field_under_its_own_name() -> None:
    from dataclasses import fields

    for task in TASKS:
        assert set(task.spec()) == {"kind"} | {f.name for f in fields(task)}  # type: ignore[arg-type]


def test_each_kind_lives_in_one_module_with_its_check_and_giveaways() -> None:
    import importlib
    import inspect
    import pkgutil

    import exact61_widgets.exercises.kinds as kinds_package
    from exact61_widgets.exercises.task import task_classes

    for info in pkgutil.iter_modules(kinds_package.__path__):
        module = importlib.import_module(f"{kinds_package.__name__}.{info.name}")
        tasks = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, Task) and c.__module__ == module.__name__
        ]
        checks = [
            n
            for n, f in inspect.getmembers(module, inspect.isfunction)
            if n.startswith("_check_") and f.__module__ == module.__name__
        ]
        assert len(tasks) == 1 and tasks[0].kind == info.name, (info.name, tasks)
        assert checks == [f"_check_{info.name}"], (info.name, checks)
        assert tasks[0].misconceptions, info.name
    assert {c.__module__.rsplit(".", 1)[1] for c in task_classes()} == {
        i.name for i in pkgutil.iter_modules(kinds_package.__path__)
    }


def test_the_exercise_modules_import_each_other_without_a_circle() -> None:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "exact61_widgets" / "exercises"
    graph: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        name = ".".join(path.relative_to(root.parent.parent).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        tree = ast.parse(path.read_text("utf-8"))
        graph[name] = {
            n.module
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom)
            and n.module
            and n.module.startswith("exact61_widgets.exercises")
            and not (isinstance(n, ast.ImportFrom) and _type_checking_only(tree, n))
        }
    package = "exact61_widgets.exercises"

    def visit(node: str, path: tuple[str, ...]) -> None:
        for nxt in graph.get(node, ()):
            if nxt == package or node == package:
                continue  # the package gathers its modules; they never import it back
            assert nxt not in path, " -> ".join((*path, nxt))
            visit(nxt, (*path, nxt))

    for start in graph:
        visit(start, (start,))


def _type_checking_only(tree: Any, node: Any) -> bool:
    import ast

    return any(
        isinstance(block, ast.If)
        and "TYPE_CHECKING" in ast.unparse(block.test)
        and any(node is child for child in ast.walk(block))
        for block in ast.walk(tree)
    )


def test_a_sentence_giveaway_is_found_after_a_semicolon_a_list_is_not() -> None:
    """The search bot's hint names a rejected play after "; ": a sentence, found there; a
    list of places after "; " is part of a longer list, not the answer."""
    task = PlayAward("[0|5]", "[5|5]@[0|5]:high", unit="displayed", score=300)
    hint = (
        "[0|1]@[0|5]:low scores 0 displayed points now; [5|5]@[0|5]:high would score 2 "
        "displayed points but pass 61 and be rejected (R1.4)"
    )
    assert leaked_answers(hint, task) == [
        "[5|5]@[0|5]:high would score 2 displayed points but pass 61 and be rejected (R1.4)"
    ]
    places = OpenPlaces("[4|4] [4|5]@[4|4]:lineA")
    assert leaked_answers("[0|0]:lineA; [4|4]:lineB, [4|5]:high", places) == []
