"""Moves typed as text: notation and plain English / Russian words, errors, completion."""

from __future__ import annotations

import random

import pytest
from conftest import position, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets import DRAW, PASS, Match, Play
from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.movetext import (
    MoveTextError,
    action_notation,
    complete,
    describe_action,
    parse_move,
)
from exact61_widgets.engine.ports import Port
from exact61_widgets.views import ready_positions as sc


def opening_tile_alone() -> Match:
    """[2|3] on the table; seat 0 holds [3|6] (fits the 3), [2|5] (fits the 2), [4|4]."""
    return position(2, "[2|3]", [["[3|6]", "[2|5]", "[4|4]"], ["[0|0]"]])


def a_line_to_fill() -> Match:
    """[3|3] joined to the 3 of [2|3]: its line B and the 2 of [2|3] are open."""
    return position(
        2, "[2|3] [3|3]@[2|3]:high", [["[3|6]", "[3|4]", "[0|2]", "[1|6]"], ["[0|0]", "[5|5]"]]
    )


def open_branches() -> Match:
    """[6|6] with both lines filled: its two branches are open, and the 3 of [3|6]."""
    return position(
        2, "[6|6] [3|6]@[6|6]:lineA [2|6]@[6|6]:lineB", [["[1|6]", "[3|5]", "[0|0]"], ["[4|4]"]]
    )


def must_draw() -> Match:
    """Nothing of seat 0 fits [1|4]: a draw is the only action."""
    return position(2, "[1|4]", [["[2|3]", "[5|5]"], ["[0|0]"]])


def read(match: Match, text: str) -> Action:
    """parse_move, checking on the way that reading never changes the match."""
    before = snapshot(match)
    try:
        return parse_move(match, text)
    finally:
        assert snapshot(match) == before


def fault(match: Match, text: str) -> MoveTextError:
    """The error for ``text``, which must change nothing and be one line in both languages."""
    before = snapshot(match)
    with pytest.raises(MoveTextError) as caught:
        parse_move(match, text)
    assert snapshot(match) == before
    error = caught.value
    assert isinstance(error, Exact61Error) and isinstance(error, ValueError)
    english, russian = error.text("en"), error.text("ru")
    assert english == str(error) and english != russian
    assert "\n" not in english and "\n" not in russian
    return error


# -- reading ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[3|6]@[2|3]:high",
        "3-6@2-3:high",
        "[6|3]@[3|2]:HIGH",
        "3-6",
        "36",
        "3|6",
        "[3|6]",
        "63",
        "3-6 on the high 3 of 2-3",
        "3-6 on 2-3",
        "3-6 on the 3",
        "play 3-6 on the high end",
        "three-six on the high three of two-three",
        "three six on the three",
        "on the 3",
        "3-6 к тройке",
        "3-6 к тройке кости 2-3",
        "3-6 к 2-3",
        "тройка-шестёрка к тройке",
        "3-6 к большему концу 2-3",
        "три шесть на три",
        "к тройке",
        "Положить 3-6 на тройку.",
    ],
)
def test_every_way_of_writing_one_move_reads_as_that_move(text: str) -> None:
    assert read(opening_tile_alone(), text) == Play("[3|6]", "[2|3]:high")


def test_a_number_word_in_any_case_names_the_number_of_the_place() -> None:
    match = opening_tile_alone()
    for word in ("2", "two", "двойке", "двойку", "двойка", "два", "двум"):
        assert read(match, f"к {word}") == Play("[2|5]", "[2|3]:low"), word
    for word in ("3", "three", "тройке", "тройку", "три", "трём"):
        assert read(match, f"on {word}") == Play("[3|6]", "[2|3]:high"), word


def test_lines_and_branches_of_a_double_by_name_and_letter_in_either_alphabet() -> None:
    match = open_branches()
    a, b = Play("[1|6]", "[6|6]:branchA"), Play("[1|6]", "[6|6]:branchB")
    for text in (
        "1-6 on branch A of 6-6",
        "1-6 on branch a of double six",
        "16 branchA",
        "1-6 на ветвь A дубля 6-6",
        "1-6 к ветви а дубля шесть-шесть",
        "[1|6]@[6|6]:branchA",
    ):
        assert read(match, text) == a, text
    for text in ("1-6 on branch B", "1-6 к ветви Б", "1-6 на ветвь В дубля 6-6"):
        assert read(match, text) == b, text
    assert read(a_line_to_fill(), "3-6 on line B of 3-3") == Play("[3|6]", "[3|3]:lineB")
    assert read(a_line_to_fill(), "3-6 к линии B") == Play("[3|6]", "[3|3]:lineB")


def test_draw_pass_and_the_opening_in_both_languages() -> None:
    for text in ("draw", "Draw from the boneyard", "добрать", "взять с базара", "беру"):
        assert read(must_draw(), text) is DRAW, text
    tiles = [f"[{a}|{b}]" for a in range(7) for b in range(a, 7)]
    mine = [t for t in tiles if "1" not in t and "4" not in t]  # nothing fits [1|4]
    others = [t for t in tiles if t not in mine and t != "[1|4]"]
    stuck = Match.setup(2, layout="[1|4]", hands=[mine, others], boneyard=[])
    for text in ("pass", "пас", "пропустить ход", "пропускаю"):
        assert read(stuck, text) is PASS, text
    empty = Match(2, seed=5)
    tile = empty.hand(empty.to_move)[0]
    words = f"{tile.low}-{tile.high}"
    for text in (words, f"open with {words}", f"начать с {words}", f"{words} первым ходом"):
        assert read(empty, text) == Play(tile), text


def test_a_drawn_tile_that_fits_is_the_only_tile_that_may_be_played() -> None:
    match = must_draw()
    match.push(DRAW)
    drawn = match.drawn_tile
    assert drawn is not None and drawn.has(1)
    assert read(match, "к единице") == Play(drawn, "[1|4]:low")
    error = fault(match, "2-3")
    assert error.fault == "illegal" and "(R3.3)" in str(error)


# -- the faults, named ---------------------------------------------------------------------------


def test_unreadable_text_names_the_word_it_cannot_read() -> None:
    match = opening_tile_alone()
    error = fault(match, "3-6 on the hgih 3")
    assert error.fault == "unreadable"
    assert "“hgih”" in str(error) and "«hgih»" in error.text("ru")
    assert fault(match, "").fault == "unreadable"
    assert fault(match, "   ").fault == "unreadable"
    for text in (
        "7-1",
        "[3|9]",
        "3-6 on the 8",
        "1-2 3-4 5-6",
        "3 6 3",
        "draw 3-6",
        "draw and pass",
        "the",
        "3-6 on the 3 of 2-3 high 2",
        "[3|6]@[4|4]:low",
        "[3|6]@[2|3]:middle",
        "3-6 on line B of the high end",
    ):
        assert fault(match, text).fault == "unreadable", text


def test_a_tile_not_in_hand_is_named_with_the_hand() -> None:
    match = opening_tile_alone()
    for text in ("5-5 on 2-3", "[0|1]@[2|3]:low", "2-3"):  # 2-3 is on the table already
        error = fault(match, text)
        assert error.fault == "not_in_hand", text
        assert "seat 0" in str(error) and "2-5, 3-6, 4-4" in str(error)
        assert "игрок" in error.text("ru")


def test_no_such_place_says_which_place_is_missing_and_why() -> None:
    line = a_line_to_fill()
    cases = {
        "3-6 on 4-4": "4-4 is not on the table",
        "[3|6]@[4|4]:lineB": "4-4 is not on the table",
        "3-6 on the 5 of 2-3": "2-3 shows no 5",
        "3-6 on the 5": "nothing open shows a 5",
        "3-6 on the high 3 of 2-3": "the high 3 of 2-3 is taken",
        "3-6 on the branch of 3-3": "the branches of 3-3 open only after both",
        "3-6 on line A of 3-3": "line A of 3-3 is taken",
        "3-6 on line B of 2-3": "2-3 is not a double",
        "3-6 on the high end of 3-3": "3-3 is a double",
    }
    for text, why in cases.items():
        error = fault(line, text)
        assert error.fault == "no_place", text
        assert str(error).startswith("no such place: ") and why in str(error), text
        assert error.text("ru").startswith("такого места нет: "), text
    assert "the low 2 of 2-3; line B of 3-3" in str(fault(line, "3-6 on the 5"))
    assert "двойка кости 2-3; линия B дубля 3-3" in fault(line, "3-6 on the 5").text("ru")


def test_ambiguous_text_lists_every_candidate_in_plain_words() -> None:
    match = open_branches()
    error = fault(match, "1-6")
    assert error.fault == "ambiguous"
    assert set(error.candidates) == {Play("[1|6]", "[6|6]:branchA"), Play("[1|6]", "[6|6]:branchB")}
    assert "1-6 on branch A of 6-6; 1-6 on branch B of 6-6" in str(error)
    assert "1-6 к ветви A дубля 6-6; 1-6 к ветви B дубля 6-6" in error.text("ru")
    for candidate in error.candidates:  # what the error suggests reads back to that move
        assert read(match, describe_action(match, candidate, "en")) == candidate
    assert set(fault(match, "к шестёрке").candidates) == set(error.candidates)


def test_illegal_moves_say_why() -> None:
    line = a_line_to_fill()
    error = fault(line, "draw")
    assert error.fault == "illegal" and "so drawing is not allowed (R3.2)" in str(error)
    assert fault(line, "пас").fault == "illegal"
    error = fault(line, "3-4 on the 2")
    assert error.fault == "illegal" and "numbers do not match: 3-4 has no 2" in str(error)
    assert "значения не совпадают" in error.text("ru")
    assert "cannot join the low 2 of 2-3, which needs a 2" in str(fault(line, "3-6 on 2-3"))
    assert "fits none of" in str(fault(line, "1-6"))
    assert "must draw" in str(fault(must_draw(), "pass"))
    assert "the layout has begun" in str(fault(line, "open with 3-6"))
    empty = Match(2, seed=5)
    tile = empty.hand(empty.to_move)[0]
    assert "the table is empty" in str(fault(empty, f"{tile.low}-{tile.high} on the 3"))
    over = sc.GOING_OUT_3P.match()
    over.push(over.legal_actions()[0])
    assert over.status == "hand_over"
    assert "the hand is over" in str(fault(over, "pass"))


# -- every legal action, described and read back -------------------------------------------------


def round_trip(match: Match, seen: set[object]) -> None:
    """Every legal action's words (en, ru) and notation read back to it; words are distinct."""
    actions = match.legal_actions()
    for lang in ("en", "ru"):
        words = [describe_action(match, a, lang) for a in actions]
        assert len(set(words)) == len(words)
        for action, text in zip(actions, words, strict=True):
            assert parse_move(match, text) == action, (text, str(match.layout))
    for action in actions:
        assert parse_move(match, action_notation(action)) == action
        if isinstance(action, Play):
            seen.add("opening" if action.at is None else action.at.port)
        else:
            seen.add(action.kind)


def test_every_legal_action_of_many_random_positions_reads_back_from_its_words() -> None:
    seen: set[object] = set()
    for seed in range(12):
        rng = random.Random(seed)
        match = Match(2 + seed % 3, seed=seed)
        for _ in range(120):
            if match.is_over:
                break
            if match.status == "hand_over":
                match.deal()
            round_trip(match, seen)
            match.push(rng.choice(match.legal_actions()))
    assert seen == {"opening", "draw", "pass", *Port}  # every kind of place was tried


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), steps=st.integers(0, 80))
def test_round_trip_holds_in_any_position(seed: int, players: int, steps: int) -> None:
    rng = random.Random(seed)
    match = Match(players, seed=seed)
    for _ in range(steps):
        if match.is_over:
            break
        if match.status == "hand_over":
            match.deal()
        match.push(rng.choice(match.legal_actions()))
    round_trip(match, set())


# -- completion -----------------------------------------------------------------------------------


def test_completion_of_nothing_is_every_legal_move_in_the_language_asked() -> None:
    match = a_line_to_fill()
    english = complete(match, "", "en")
    assert [c.action for c in english] == match.legal_actions()
    assert [c.words for c in english] == [
        describe_action(match, a, "en") for a in match.legal_actions()
    ]
    assert [c.notation for c in english] == [str(a) for a in match.legal_actions()]
    assert [c.words for c in complete(match, "", "ru")] == [
        describe_action(match, a, "ru") for a in match.legal_actions()
    ]


def test_completion_keeps_the_moves_that_fit_what_was_typed() -> None:
    match = a_line_to_fill()

    def moves(prefix: str, lang: str = "en") -> set[str]:
        return {c.notation for c in complete(match, prefix, lang)}

    assert moves("3-6") == moves("36") == moves("[3|6") == {"[3|6]@[3|3]:lineB"}
    assert moves("3-") == moves("3") == {"[3|4]@[3|3]:lineB", "[3|6]@[3|3]:lineB"}
    assert moves("к тр", "ru") == moves("on the thr") == {"[3|4]@[3|3]:lineB", "[3|6]@[3|3]:lineB"}
    assert moves("к двой", "ru") == {"[0|2]@[2|3]:low"}
    assert moves("1-6") == moves("5-5") == moves("dr") == set()
    assert moves("[0|2]@") == {"[0|2]@[2|3]:low"}
    assert moves("play ") == moves("") and len(moves("")) == 3
    assert moves("draw", "en") == set()
    assert {c.notation for c in complete(must_draw(), "доб", "ru")} == {"draw"}


def test_every_beginning_of_a_moves_words_completes_to_that_move() -> None:
    for match in (a_line_to_fill(), open_branches(), opening_tile_alone(), must_draw()):
        for action in match.legal_actions():
            for lang in ("en", "ru"):
                words = describe_action(match, action, lang)
                for end in range(len(words) + 1):
                    found = [c.action for c in complete(match, words[:end], lang)]
                    assert action in found, (words[:end], lang)
                assert [c.action for c in complete(match, words, lang)] == [action]


_PIECES = st.sampled_from(
    [
        *"0123456789-|[]@: abhlnotwAB",
        "on ",
        "the ",
        "of ",
        "к ",
        "high",
        "lineB",
        "branch ",
        "дубля ",
        "3-6",
        "[3|6]",
        "draw",
        "пас",
        "тр",
        "double ",
        "ветвь ",
        "тройке ",
    ]
)


@settings(max_examples=100, deadline=None)
@given(text=st.one_of(st.text(max_size=24), st.lists(_PIECES, max_size=10).map("".join)))
def test_any_text_is_a_legal_action_or_one_line_naming_the_fault(text: str) -> None:
    for match in (a_line_to_fill(), open_branches()):
        before = snapshot(match)
        try:
            assert parse_move(match, text) in match.legal_actions()
        except MoveTextError as error:
            assert error.fault in ("unreadable", "not_in_hand", "no_place", "ambiguous", "illegal")
            assert "\n" not in error.text("en") and "\n" not in error.text("ru")
        for lang in ("en", "ru"):
            assert all(c.action in match.legal_actions() for c in complete(match, text, lang))
        assert snapshot(match) == before
