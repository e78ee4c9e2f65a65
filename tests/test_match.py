"""Turns: must-play, drawing, passing, end of hand (R2, R3, D4, D9), and refused actions."""

from __future__ import annotations

import pytest
from conftest import position, snapshot

from exact61_widgets import DRAW, PASS, IllegalMoveError, Match, Play, SetupError
from exact61_widgets.engine.actions import parse_action


def test_a_new_match_deals_five_each_and_the_rest_to_the_boneyard() -> None:
    for players in (2, 3, 4):
        match = Match(players, seed=1)
        assert all(len(match.hand(s)) == 5 for s in range(players))
        assert match.boneyard_count == 28 - 5 * players
        tiles = [t for s in range(players) for t in match.hand(s)] + list(match.boneyard)
        assert len(set(tiles)) == 28
        assert match.to_move == match.leader
        assert match.sides == (2 if players == 4 else players)


def test_the_lot_is_seeded_and_any_tile_may_open() -> None:
    leaders = {Match(3, seed=s).leader for s in range(40)}
    assert leaders == {0, 1, 2}
    assert Match(3, seed=5).hands == Match(3, seed=5).hands
    match = Match(2, seed=2, leader=1)
    assert match.to_move == 1
    assert {str(a) for a in match.legal_actions()} == {str(t) for t in match.hand(1)}


def test_must_play_forbids_drawing_and_passing() -> None:
    match = position(2, "[1|4]", [["[4|6]", "[2|3]"], ["[0|0]"]])
    before = snapshot(match)
    with pytest.raises(IllegalMoveError, match=r"can play \[4\|6\], so drawing is not allowed"):
        match.push(DRAW)
    with pytest.raises(IllegalMoveError, match="passing is not allowed"):
        match.push(PASS)
    assert snapshot(match) == before
    assert [str(a) for a in match.legal_actions()] == ["[4|6]@[1|4]:high"]


def test_draw_one_at_a_time_then_play_the_drawn_tile_at_once() -> None:
    rest = [
        "[0|1]",
        "[0|2]",
        "[0|3]",
        "[0|5]",
        "[0|6]",
        "[1|1]",
        "[1|2]",
        "[1|3]",
        "[1|5]",
        "[1|6]",
        "[2|2]",
        "[2|4]",
        "[2|5]",
        "[3|3]",
        "[3|4]",
        "[3|6]",
        "[4|4]",
        "[4|5]",
        "[4|6]",
        "[5|6]",
        "[6|6]",
    ]
    match = position(
        2, "[1|4]", [["[2|3]", "[5|5]"], ["[0|0]"]], boneyard=["[2|6]", "[3|5]", "[0|4]", *rest]
    )
    assert match.legal_actions() == [DRAW]
    events = match.push(DRAW)
    assert events[0].to_dict() == {"kind": "draw", "seat": 0, "tile": "[2|6]", "scores": [0, 0]}
    assert match.to_move == 0 and match.drawn_tile is None  # [2|6] does not fit: draw again
    match.push(DRAW)
    match.push(DRAW)
    assert match.drawn_tile is not None and str(match.drawn_tile) == "[0|4]"
    assert [str(a) for a in match.legal_actions()] == ["[0|4]@[1|4]:high"]
    before = snapshot(match)
    with pytest.raises(IllegalMoveError, match=r"drawn tile \[0\|4\] must be played at once"):
        match.push(Play("[3|5]", None))
    with pytest.raises(IllegalMoveError, match="play the drawn tile"):
        match.push(DRAW)
    assert snapshot(match) == before
    match.push(Play("[0|4]", "[1|4]:high"))
    assert match.to_move == 1
    assert "[2|6]" in {str(t) for t in match.hand(0)}  # drawn tiles stay in the hand (D4)


BLOCKED_3P = (
    "[0|6] [0|4]@[0|6]:low [1|4]@[0|4]:high [5|6]@[0|6]:high [3|5]@[5|6]:low "
    "[1|5]@[1|4]:low [3|4]@[3|5]:low [2|4]@[3|4]:high [2|2]@[2|4]:low "
    "[0|2]@[2|2]:lineB [0|5]@[0|2]:low [5|5]@[1|5]:high [2|6]@[2|2]:branchA "
    "[4|6]@[2|6]:high [4|4]@[4|6]:low [2|5]@[2|2]:branchB [4|5]@[5|5]:lineB"
)
BLOCKED_3P_HANDS = [
    ["[3|3]"],
    ["[0|0]", "[0|3]", "[1|2]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"],
    ["[0|1]", "[1|1]", "[6|6]"],
]


def test_pass_only_with_an_empty_boneyard_and_nothing_to_play() -> None:
    match = position(3, BLOCKED_3P, BLOCKED_3P_HANDS, boneyard=[])
    before = snapshot(match)
    with pytest.raises(IllegalMoveError, match="nothing to draw"):
        match.push(DRAW)
    assert snapshot(match) == before
    assert match.legal_actions() == [PASS]
    match.push(PASS)
    assert match.status == "hand_over" and match.hand_end is not None
    assert match.hand_end.kind == "blocked"


def test_a_pass_while_the_boneyard_has_tiles_is_refused() -> None:
    match = position(2, "[1|4]", [["[2|3]"], ["[0|0]"]])
    with pytest.raises(IllegalMoveError, match="must draw"):
        match.push(PASS)


def test_a_hand_blocks_as_soon_as_nobody_can_play_with_no_passes_after_it() -> None:
    layout = (
        "[3|4] [3|3]@[3|4]:low [2|4]@[3|4]:high [2|3]@[2|4]:low [3|6]@[3|3]:lineB "
        "[1|6]@[3|6]:high [3|5]@[3|3]:branchB [1|5]@[1|6]:low [5|6]@[3|5]:high "
        "[4|5]@[1|5]:high [0|3]@[3|3]:branchA [0|5]@[0|3]:low [0|6]@[5|6]:high "
        "[0|2]@[0|6]:low [5|5]@[0|5]:high [2|2]@[0|2]:high [2|5]@[5|5]:lineB "
        "[1|2]@[2|5]:low [1|3]@[1|2]:low [4|6]@[4|5]:low [6|6]@[4|6]:high"
    )
    match = position(
        3,
        layout,
        [["[0|0]", "[0|4]", "[1|4]", "[2|6]"], ["[0|1]"], ["[1|1]", "[4|4]"]],
        boneyard=[],
    )
    assert [str(a) for a in match.legal_actions()] == ["[2|6]@[2|2]:lineB", "[2|6]@[6|6]:lineB"]
    count = len(match.events)
    match.push(Play("[2|6]", "[6|6]:lineB"))
    kinds = [e.kind for e in match.events[count:]]
    assert kinds == ["play", "blocked_award", "blocked_award", "blocked_award"]
    assert match.status == "hand_over"
    assert match.hand_end is not None and match.hand_end.kind == "blocked"


def test_illegal_plays_are_refused_with_the_reason_and_nothing_changes() -> None:
    match = position(2, "[4|4] [1|4]@[4|4]:lineA", [["[4|6]", "[2|3]"], ["[0|0]"]])
    before = snapshot(match)
    for action, reason in [
        (Play("[4|6]", "[4|4]:branchA"), r"branches of \[4\|4\] open after both lines"),
        (Play("[0|0]", "[1|4]:low"), r"\[0\|0\] is not in the hand of seat 0"),
        (Play("[2|3]", "[1|4]:low"), "does not match"),
        (Play("[4|6]", None), "name the place"),
        (Play("[4|6]", "[4|4]:lineA"), "already taken"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason):
            match.push(action)
        assert snapshot(match) == before


def test_actions_after_the_hand_or_the_match_are_refused() -> None:
    match = position(2, "[1|3]", [["[1|1]"], ["[0|4]"]], scores=[295, 0])
    match.push(Play("[1|1]", "[1|3]:low"))
    assert match.status == "match_over" and match.winner == 0
    before = snapshot(match)
    for action in (DRAW, PASS, Play("[0|4]", "[1|3]:high")):
        with pytest.raises(IllegalMoveError, match=r"the match is over: nothing follows \(D8\)"):
            match.push(action)
    with pytest.raises(IllegalMoveError, match="match is over"):
        match.deal()
    assert snapshot(match) == before
    over = position(2, "[1|3]", [["[1|1]"], ["[0|4]", "[0|5]"]])
    over.push(Play("[1|1]", "[1|3]:low"))
    assert over.status == "hand_over"
    with pytest.raises(IllegalMoveError, match="deal the next hand first"):
        over.push(DRAW)


def test_the_next_hand_after_going_out_is_led_by_the_player_who_went_out() -> None:
    match = position(2, "[1|3]", [["[1|1]"], ["[0|4]", "[0|5]"]], to_move=0)
    match.push(Play("[1|1]", "[1|3]:low"))
    assert match.hand_end is not None and match.hand_end.next_leader == 0
    with pytest.raises(IllegalMoveError, match=r"leads the next hand \(R2\.5\)"):
        match.deal(leader=1)
    match.deal()
    assert match.leader == 0 and match.hand_number == 2


def test_bad_set_ups_are_refused_with_one_clear_line() -> None:
    with pytest.raises(SetupError, match="2, 3 or 4 players"):
        Match(5)
    with pytest.raises(SetupError, match="multiple of 5 below 305"):
        Match(2, start_scores=[310, 0])
    with pytest.raises(SetupError, match="multiple of 5 below 305"):
        Match(2, start_scores=[7, 0])
    with pytest.raises(SetupError, match="multiple of 5 below 305"):
        Match(2, start_scores=[305, 0])
    assert Match(2, start_scores=[-20, 300]).scores == (-20, 300)  # D3, D10
    with pytest.raises(SetupError, match="keep 2 scores"):
        Match(4, start_scores=[0, 0, 0, 0])
    with pytest.raises(SetupError, match=r"\[0\|0\] is missing"):
        Match.setup(2, layout="[1|4]", hands=[["[2|3]"], ["[5|5]"]], boneyard=[])
    with pytest.raises(SetupError, match=r"\[1\|4\] is there 2 times"):
        position(2, "[1|4]", [["[1|4]"], ["[5|5]"]])
    match = Match(2, deal=False)
    with pytest.raises(SetupError, match="dealt 4 tiles, not 5"):
        match.deal([["00", "01", "02", "03"], ["04", "05", "06", "11", "12"]], [])
    with pytest.raises(SetupError, match="appears twice"):
        match.deal([["00", "01", "02", "03", "00"], ["04", "05", "06", "11", "12"]], [])
    with pytest.raises(SetupError, match="missing"):
        match.deal([["00", "01", "02", "03", "13"], ["04", "05", "06", "11", "12"]], ["14"])


def test_undo_restores_every_state_exactly_across_hands() -> None:
    import random

    rng = random.Random(4)
    for players in (2, 3, 4):
        match = Match(players, seed=players)
        states = []
        for _ in range(400):
            if match.is_over:
                break
            states.append((*snapshot(match), match.hand_number, match.leader))
            if match.status == "hand_over":
                match.deal()
            else:
                actions = match.legal_actions()
                match.push(actions[rng.randrange(len(actions))])
        while states:
            match.pop()
            assert (*snapshot(match), match.hand_number, match.leader) == states.pop()


def test_parse_action_reads_the_three_kinds() -> None:
    assert parse_action("draw") is DRAW and parse_action("PASS") is PASS
    assert parse_action("[1|4]@[4|4]:lineB") == Play("[1|4]", "[4|4]:lineB")
    assert parse_action("14") == Play("[1|4]")


def test_a_play_names_its_tile_index_and_place_code() -> None:
    opening, joined = Play("[1|4]"), Play("[0|1]", "[1|4]:low")
    assert (opening.tile_index, opening.place_code) == (opening.tile.index, -1)
    assert joined.at is not None
    assert (joined.tile_index, joined.place_code) == (joined.tile.index, joined.at.code)
    assert not hasattr(joined, "t") and not hasattr(joined, "p")  # the 0.1.0 names are gone


def test_a_copy_is_independent_even_across_undone_hands() -> None:
    import random

    rng = random.Random(2)
    match = Match(2, seed=9)
    first_hand_end = ""
    while match.hand_number < 2 and not match.is_over:
        if match.status == "hand_over":
            first_hand_end = str(match.layout)
            match.deal()
        else:
            match.push(rng.choice(match.legal_actions()))
    assert match.hand_number == 2
    original = snapshot(match)
    twin = match.copy()
    while twin.hand_number == 2:
        twin.pop()
    twin.pop()  # the last action of the first hand, on the twin's own layout
    twin.push(twin.legal_actions()[-1])
    assert snapshot(match) == original
    match.pop()  # undo the second deal
    assert str(match.layout) == first_hand_end
