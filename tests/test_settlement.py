"""Hand-computed settlements: going out (R7) and blocked hands (R8), the target (R1.4, R9)."""

from __future__ import annotations

import pytest
from conftest import position
from test_match import BLOCKED_3P, BLOCKED_3P_HANDS

from exact61_widgets import PASS, Play
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent, PlayEvent
from exact61_widgets.engine.scoring import round5


@pytest.mark.parametrize(
    ("pips", "rounded"),
    [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 5),
        (4, 5),
        (5, 5),
        (11, 10),
        (12, 10),
        (13, 15),
        (14, 15),
        (15, 15),
        (16, 15),
        (17, 15),
        (18, 20),
        (19, 20),
        (42, 40),
        (43, 45),
    ],
)
def test_rounding_1_2_down_3_4_up(pips: int, rounded: int) -> None:
    assert round5(pips) == rounded


def out_event(match: object) -> OutEvent:
    events = [e for e in match.events if isinstance(e, OutEvent)]  # type: ignore[attr-defined]
    assert len(events) == 1
    return events[0]


@pytest.mark.parametrize(
    ("hand", "pips", "award"),
    [
        (["[5|6]"], 11, 10),
        (["[6|6]"], 12, 10),
        (["[6|6]", "[0|1]"], 13, 15),
        (["[6|6]", "[0|2]"], 14, 15),
        (["[6|6]", "[1|2]"], 15, 15),
        (["[5|5]", "[0|6]"], 16, 15),
    ],
)
def test_going_out_rounds_the_opponents_total_once(hand: list[str], pips: int, award: int) -> None:
    # [4|4] on [3|4]: ends 3 + 8 = 11, no play award; then only the remainder counts.
    match = position(2, "[3|4]", [["[4|4]"], hand], scores=[100, 40])
    match.push(Play("[4|4]", "[3|4]:high"))
    out = out_event(match)
    assert (out.opponents_pips, out.opponents_award, out.play_award) == (pips, award, 0)
    assert (out.partner_pips, out.partner_deduction, out.net) == (0, 0, award)
    assert match.scores == (100 + award, 40)
    assert match.hand_end is not None
    assert (match.hand_end.kind, match.hand_end.hand_winner, match.hand_end.next_leader) == (
        "out",
        0,
        0,
    )


def test_going_out_with_three_players_adds_both_opponents_before_rounding() -> None:
    # 6 + 7 = 13 rounds to 15; rounding each (5 + 5) would give 10.
    match = position(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
    match.push(Play("[4|4]", "[3|4]:high"))
    out = out_event(match)
    assert (out.opponents_pips, out.opponents_award, out.net) == (13, 15, 15)
    assert match.scores == (15, 0, 0)


def test_partner_is_never_pooled_with_the_opponents() -> None:
    # Opponents 12 -> 10; partner 3 -> 5; net 5. Pooled (12 - 3 = 9 -> 10) would be wrong.
    match = position(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]], scores=[100, 50])
    events = match.push(Play("[1|2]", "[0|1]:high"))
    play, out = events[0], events[1]
    assert isinstance(play, PlayEvent) and play.status == "deferred" and play.award == 0
    assert isinstance(out, OutEvent)
    assert out.to_dict() == {
        "kind": "out",
        "seat": 0,
        "play_award": 0,
        "opponents_pips": 12,
        "opponents_award": 10,
        "partner_pips": 3,
        "partner_deduction": 5,
        "net": 5,
        "status": "applied",
        "scores": [105, 50],
    }


def test_a_partner_deduction_can_make_the_net_negative_and_the_score_too() -> None:
    match = position(
        4, "[0|1]", [["[1|2]"], ["[0|0]"], ["[6|6]", "[5|5]"], ["[0|2]"]], scores=[5, 0]
    )
    match.push(Play("[1|2]", "[0|1]:high"))
    out = out_event(match)
    assert (out.opponents_award, out.partner_deduction, out.net) == (0, 20, -20)
    assert match.scores == (-15, 0)  # D3


def test_going_out_parts_are_rejected_together_when_they_overshoot() -> None:
    # The play alone (5) would reach 305 exactly, but play + opponents (5 + 5) passes it.
    match = position(2, "[1|3]", [["[1|1]"], ["[0|4]"]], scores=[300, 0])
    events = match.push(Play("[1|1]", "[1|3]:low"))
    assert [e.kind for e in events] == ["play", "out"]
    play, out = events
    assert isinstance(play, PlayEvent) and (play.end_sum, play.award, play.status) == (
        5,
        5,
        "deferred",
    )
    assert isinstance(out, OutEvent) and (out.net, out.status) == (10, "rejected")
    assert match.scores == (300, 0) and match.winner is None
    assert match.status == "hand_over"
    assert "rejected whole" in out.explain()


def test_going_out_that_lands_exactly_on_61_wins() -> None:
    # Play 5 + opponents 4 -> 5 - partner 3 -> 5 = 5: 300 + 5 = 305.
    match = position(4, "[1|3]", [["[1|1]"], ["[0|4]"], ["[0|3]"], ["[0|0]"]], scores=[300, 0])
    events = match.push(Play("[1|1]", "[1|3]:low"))
    assert [e.kind for e in events] == ["play", "out", "match_won"]
    assert match.scores == (305, 0) and match.winner == 0 and match.is_over
    assert match.hand_end is not None
    assert (match.hand_end.kind, match.hand_end.hand_winner) == ("out", 0)


def test_a_play_award_that_would_overshoot_is_rejected_and_play_goes_on() -> None:
    match = position(2, "[1|3]", [["[1|1]", "[2|2]"], ["[0|4]"]], scores=[303 - 3, 0])
    events = match.push(Play("[1|1]", "[1|3]:low"))
    assert events[0].to_dict()["status"] == "applied" and match.winner == 0
    match = position(2, "[1|4]", [["[4|4]", "[2|2]"], ["[0|4]"]], scores=[295, 0])
    events = match.push(Play("[4|4]", "[1|4]:high"))  # ends 1 + 8 = 9: nothing
    assert events[0].to_dict()["status"] == "none"
    match = position(2, "[1|4]", [["[1|1]", "[2|2]"], ["[0|5]"]], scores=[300, 0])
    events = match.push(Play("[1|1]", "[1|4]:low"))  # ends 2 + 4 = 6: nothing
    assert events[0].to_dict()["status"] == "none"
    match = position(2, "[1|4]", [["[4|6]", "[2|2]"], ["[0|5]"]], scores=[300, 0])
    events = match.push(Play("[4|6]", "[1|4]:high"))  # ends 1 + 6 = 7
    assert events[0].to_dict()["award"] == 0
    match = position(2, "[0|5]", [["[5|5]", "[2|2]"], ["[0|4]"]], scores=[300, 0])
    events = match.push(Play("[5|5]", "[0|5]:high"))  # ends 0 + 10 = 10 -> 310: rejected
    play = events[0]
    assert isinstance(play, PlayEvent)
    assert (play.end_sum, play.award, play.status, play.score_before) == (10, 10, "rejected", 300)
    assert match.scores == (300, 0) and match.status == "playing" and match.to_move == 1
    assert "310 would pass 305" in play.explain()
    assert [(str(c.tile), c.value) for c in play.contributions] == [("[0|5]", 0), ("[5|5]", 10)]


def blocked_awards(match: object) -> list[dict[str, object]]:
    return [
        e.to_dict()
        for e in match.events  # type: ignore[attr-defined]
        if isinstance(e, BlockedAwardEvent)
    ]


def test_blocked_hand_with_three_players_where_two_score() -> None:
    # Totals 6, 31, 15. Seat 0: (15-6)+(31-6) = 34 -> 35. Seat 2: 31-15 = 16 -> 15. Seat 1: 0.
    match = position(3, BLOCKED_3P, BLOCKED_3P_HANDS, boneyard=[], leader=0)
    match.push(PASS)
    assert blocked_awards(match) == [
        {
            "kind": "blocked_award",
            "seat": 0,
            "pips": 6,
            "difference": 34,
            "award": 35,
            "status": "applied",
            "scores": [35, 0, 0],
        },
        {
            "kind": "blocked_award",
            "seat": 2,
            "pips": 15,
            "difference": 16,
            "award": 15,
            "status": "applied",
            "scores": [35, 0, 15],
        },
        {
            "kind": "blocked_award",
            "seat": 1,
            "pips": 31,
            "difference": 0,
            "award": 0,
            "status": "none",
            "scores": [35, 0, 15],
        },
    ]
    assert match.hand_end is not None
    assert (match.hand_end.kind, match.hand_end.hand_winner, match.hand_end.next_leader) == (
        "blocked",
        0,
        None,
    )
    first = next(e for e in match.events if isinstance(e, BlockedAwardEvent))
    assert first.compared == ((2, 15, 9), (1, 31, 25))


def test_blocked_awards_are_checked_against_the_target_independently() -> None:
    match = position(3, BLOCKED_3P, BLOCKED_3P_HANDS, boneyard=[], leader=0, scores=[290, 0, 280])
    match.push(PASS)
    statuses = [(a["seat"], a["status"]) for a in blocked_awards(match)]
    assert statuses == [(0, "rejected"), (2, "applied"), (1, "none")]
    assert match.scores == (290, 0, 295)


BLOCKED_TIE = (
    "[1|6] [1|3]@[1|6]:low [3|5]@[1|3]:high [5|6]@[1|6]:high [2|5]@[3|5]:high "
    "[2|6]@[2|5]:low [4|5]@[5|6]:low [4|6]@[4|5]:low [6|6]@[4|6]:high "
    "[3|6]@[2|6]:high [0|3]@[3|6]:low [0|6]@[0|3]:low"
)
BLOCKED_TIE_HANDS = [
    ["[4|4]"],
    [
        "[0|0]",
        "[0|1]",
        "[0|2]",
        "[0|4]",
        "[1|1]",
        "[1|4]",
        "[1|5]",
        "[2|2]",
        "[2|3]",
        "[2|4]",
        "[3|3]",
        "[3|4]",
        "[5|5]",
    ],
    ["[0|5]", "[1|2]"],
]


@pytest.mark.parametrize(("leader", "order", "winner"), [(0, [0], 0), (1, [2], 2), (2, [2], 2)])
def test_equal_totals_settle_clockwise_from_the_leader_and_a_winning_award_stops_the_rest(
    leader: int, order: list[int], winner: int
) -> None:
    # Totals 8, 58, 8: seats 0 and 2 each earn 58 - 8 = 50; from 255 either reaches 305.
    match = position(
        3, BLOCKED_TIE, BLOCKED_TIE_HANDS, boneyard=[], leader=leader, scores=[255, 0, 255]
    )
    match.push(PASS)
    awards = blocked_awards(match)
    assert [a["seat"] for a in awards] == order
    assert awards[0]["award"] == 50 and awards[0]["status"] == "applied"
    assert match.events[-1].kind == "match_won"
    assert match.winner == winner and match.is_over
    expected = [255, 0, 255]
    expected[winner] = 305
    assert list(match.scores) == expected
    assert match.hand_end is not None
    assert match.hand_end.hand_winner is None  # opponents tie for the smallest: a draw


def test_opponents_tying_for_the_smallest_total_draw_the_hand() -> None:
    layout = (
        "[0|5] [0|2]@[0|5]:low [2|3]@[0|2]:high [5|6]@[0|5]:high [2|6]@[5|6]:high "
        "[0|3]@[2|3]:high [1|2]@[2|6]:low [0|6]@[0|3]:low [1|4]@[1|2]:low "
        "[3|4]@[1|4]:high [3|6]@[3|4]:low [6|6]@[3|6]:high [4|6]@[6|6]:lineB "
        "[0|4]@[4|6]:low [1|6]@[0|6]:high [0|1]@[1|6]:low [0|0]@[0|4]:low"
    )
    hands = [
        ["[2|4]"],
        ["[1|1]", "[2|2]"],
        ["[1|3]", "[1|5]", "[4|4]", "[4|5]", "[5|5]"],
        ["[2|5]", "[3|3]", "[3|5]"],
    ]
    # Totals 6, 6, 37, 21. Seat 0: 21-6 = 15. Seat 1: 37-6 = 31 -> 30. Seat 3: 37-21 = 16 -> 15.
    match = position(4, layout, hands, boneyard=[], leader=0)
    match.push(PASS)
    assert [(a["seat"], a["difference"], a["award"]) for a in blocked_awards(match)] == [
        (0, 15, 15),
        (1, 31, 30),
        (3, 16, 15),
        (2, 0, 0),
    ]
    assert match.scores == (15, 45)
    assert match.hand_end is not None and match.hand_end.hand_winner is None


def test_partners_tying_for_the_smallest_total_win_the_hand_for_their_pair() -> None:
    layout = (
        "[1|4] [3|4]@[1|4]:high [0|1]@[1|4]:low [0|4]@[0|1]:low [3|6]@[3|4]:low "
        "[1|6]@[3|6]:high [2|4]@[0|4]:high [1|2]@[1|6]:low [2|6]@[1|2]:high "
        "[0|2]@[2|4]:low [4|6]@[2|6]:high [0|0]@[0|2]:low [0|5]@[0|0]:lineB "
        "[0|3]@[0|0]:branchA [2|5]@[0|5]:high [0|6]@[0|0]:branchB [4|5]@[4|6]:low "
        "[2|3]@[0|3]:high [5|6]@[4|5]:high [6|6]@[0|6]:high [2|2]@[2|3]:low"
    )
    hands = [["[4|4]"], ["[5|5]"], ["[1|1]", "[3|3]"], ["[1|3]", "[1|5]", "[3|5]"]]
    # Totals 8, 10, 8, 18. Seats 0 and 2 each: (10-8) + (18-8) = 12 -> 10; the partner's
    # equal total is never compared.
    match = position(4, layout, hands, boneyard=[], leader=1)
    match.push(PASS)
    assert [(a["seat"], a["difference"], a["award"]) for a in blocked_awards(match)] == [
        (2, 12, 10),
        (0, 12, 10),
        (1, 0, 0),
        (3, 0, 0),
    ]
    assert match.scores == (20, 0)
    assert match.hand_end is not None and match.hand_end.hand_winner == 0
