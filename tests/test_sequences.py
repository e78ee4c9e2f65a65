"""Nine-play walk-throughs, step by step, with every value computed by hand.

The first is the nine-move example of pagat.com's All Fives page ("the first nine
moves of a possible game", moves scored 5, 0, 10, 5, 5, 10, 15, 5, 0), which is also
the sequence of the rules text's own diagrams. Pagat plays it under All Fives, where
only the first double ([1|1]) spins; here the same tiles are played with every double
spinning (R4.1). The awards are the same, because no tile in those nine moves uses a
branch of [4|4] or [5|5]; the open places are not, and the test names the difference.

The second is our own sequence in which four doubles spin and two of them grow
branches (R4.2, R4.3).
"""

from __future__ import annotations

import pytest

from exact61_widgets import Layout, caption
from exact61_widgets.engine.events import OutEvent, PlayEvent
from exact61_widgets.engine.ports import Port

# pagat.com, All Fives, "Example": the captions under its nine diagrams, in raw points.
PAGAT_ALL_FIVES_SCORES = [5, 0, 10, 5, 5, 10, 15, 5, 0]

PAGAT_SEQUENCE = [
    # (placement, scoring contributions as "tile:value", end sum, award)
    ("[1|4]", ["[1|4]:4", "[1|4]:1"], 5, 5),
    ("[1|1]@[1|4]:low", ["[1|1]:2", "[1|4]:4"], 6, 0),
    ("[4|4]@[1|4]:high", ["[1|1]:2", "[4|4]:8"], 10, 10),
    ("[3|4]@[4|4]:lineB", ["[1|1]:2", "[3|4]:3"], 5, 5),
    ("[1|2]@[1|1]:lineB", ["[1|2]:2", "[3|4]:3"], 5, 5),
    ("[1|5]@[1|1]:branchA", ["[1|2]:2", "[1|5]:5", "[3|4]:3"], 10, 10),
    ("[5|5]@[1|5]:high", ["[1|2]:2", "[3|4]:3", "[5|5]:10"], 15, 15),
    ("[0|5]@[5|5]:lineB", ["[0|5]:0", "[1|2]:2", "[3|4]:3"], 5, 5),
    ("[1|3]@[1|1]:branchB", ["[0|5]:0", "[1|2]:2", "[1|3]:3", "[3|4]:3"], 8, 0),
]

SPINNING_SEQUENCE = [
    ("[4|6]", ["[4|6]:6", "[4|6]:4"], 10, 10),
    ("[4|4]@[4|6]:low", ["[4|4]:8", "[4|6]:6"], 14, 0),
    ("[6|6]@[4|6]:high", ["[4|4]:8", "[6|6]:12"], 20, 20),
    ("[4|5]@[4|4]:lineB", ["[4|5]:5", "[6|6]:12"], 17, 0),
    ("[3|6]@[6|6]:lineB", ["[3|6]:3", "[4|5]:5"], 8, 0),
    ("[2|4]@[4|4]:branchA", ["[2|4]:2", "[3|6]:3", "[4|5]:5"], 10, 10),
    ("[1|6]@[6|6]:branchB", ["[1|6]:1", "[2|4]:2", "[3|6]:3", "[4|5]:5"], 11, 0),
    ("[3|3]@[3|6]:low", ["[1|6]:1", "[2|4]:2", "[3|3]:6", "[4|5]:5"], 14, 0),
    ("[1|1]@[1|6]:low", ["[1|1]:2", "[2|4]:2", "[3|3]:6", "[4|5]:5"], 15, 15),
]


@pytest.mark.parametrize(
    "sequence", [PAGAT_SEQUENCE, SPINNING_SEQUENCE], ids=["pagat-all-fives", "four-spinners"]
)
def test_nine_plays_step_by_step(sequence: list[tuple[str, list[str], int, int]]) -> None:
    layout = Layout()
    for step, (placement, contributions, end_sum, award) in enumerate(sequence, start=1):
        tile, _, place = placement.partition("@")
        layout.push(tile, place or None)
        got = [f"{c.tile}:{c.value}" for c in layout.contributions()]
        assert sorted(got) == sorted(contributions), step
        assert (layout.end_sum, layout.award) == (end_sum, award), step
    assert len(layout) == 9


def test_the_spinning_sequence_ends_with_six_open_places_and_four_spinners() -> None:
    layout = Layout.parse(" ".join(p for p, *_ in SPINNING_SEQUENCE))
    assert [str(t) for t in layout.spinners] == ["[4|4]", "[6|6]", "[3|3]", "[1|1]"]
    assert [f"{p}={p.number}" for p in layout.open_places()] == [
        "[1|1]:lineB=1",
        "[2|4]:low=2",
        "[3|3]:lineB=3",
        "[4|4]:branchB=4",
        "[4|5]:high=5",
        "[6|6]:branchA=6",
    ]
    assert caption(layout) == (
        "Scoring contributions: 2 + 2 + 6 + 5 = 15. Award for the "
        "play: 15 raw points (3 displayed points)."
    )


def test_the_pagat_sequence_scores_what_pagat_prints_for_each_move() -> None:
    layout = Layout()
    awards = []
    for placement, *_ in PAGAT_SEQUENCE:
        tile, _, place = placement.partition("@")
        layout.push(tile, place or None)
        awards.append(layout.award)
    assert awards == PAGAT_ALL_FIVES_SCORES


def test_with_every_double_spinning_the_pagat_layout_opens_more_places() -> None:
    """Pagat's move-four note: only [1|1], the first double, grows a third and fourth arm.

    Here [4|4] and [5|5] spin too (R4.1), so once both their lines are taken (R4.3) their
    branches open; everything else matches the single-spinner layout.
    """
    first_spinner = "[1|1]"
    extra_by_move = []
    layout = Layout()
    for placement, *_ in PAGAT_SEQUENCE:
        tile, _, place = placement.partition("@")
        layout.push(tile, place or None)
        extra_by_move.append(
            sorted(
                str(p)
                for p in layout.open_places()
                if p.port in (Port.BRANCH_A, Port.BRANCH_B) and str(p.tile) != first_spinner
            )
        )
    assert extra_by_move[:3] == [[], [], []]
    assert extra_by_move[3:7] == [["[4|4]:branchA", "[4|4]:branchB"]] * 4
    assert (
        extra_by_move[7:]
        == [["[4|4]:branchA", "[4|4]:branchB", "[5|5]:branchA", "[5|5]:branchB"]] * 2
    )
    assert [str(t) for t in layout.spinners] == ["[1|1]", "[4|4]", "[5|5]"]


def test_the_going_out_story_settles_as_worked_out_by_hand() -> None:
    """The narrated hand's last play and settlement, every value computed by hand (R6, R7).

    [0|2] starts branch A of [2|2] (both lines are filled): the scoring ends are the
    0 of [0|2], the 6 of [2|6] (branch B), the 5 of [4|5] and the 4 of [4|6]: 15.
    Opponents: seat 1 holds [0|1] [1|1] [3|3] [3|6] [4|4] [6|6] = 1 + 2 + 6 + 9 + 8 + 12 =
    38, seat 3 holds [0|4] [5|5] = 14; 52 rounds once to 50 (each hand rounded apart would
    give 40 + 15 = 55). The partner, seat 0, holds [0|0] [0|5] [1|3] = 9, which rounds on
    its own to 10 (pooled with the opponents', 52 − 9 = 43 would round to 45). One
    settlement: 15 + 50 − 10 = 55, and pair 0+2 goes from 200 to 255; pair 1+3 keeps 300.
    """
    from exact61_widgets.views.ready_positions import GOING_OUT_STORY

    start, done = GOING_OUT_STORY.play()
    last, events = done[-1]
    assert str(last) == "[0|2]@[2|2]:branchA"
    play, out = events
    assert isinstance(play, PlayEvent) and isinstance(out, OutEvent)
    assert (play.end_sum, play.award, play.status) == (15, 15, "deferred")
    assert sorted(c.value for c in play.contributions) == [0, 4, 5, 6]
    assert out.to_dict() == {
        "kind": "out",
        "seat": 2,
        "play_award": 15,
        "opponents_pips": 52,
        "opponents_award": 50,
        "partner_pips": 9,
        "partner_deduction": 10,
        "net": 55,
        "status": "applied",
        "scores": [255, 300],
    }
    assert [str(t) for t in out.remaining[1]] == [
        "[0|1]",
        "[1|1]",
        "[3|3]",
        "[3|6]",
        "[4|4]",
        "[6|6]",
    ]
    assert start.scores == (185, 280)


def test_the_blocked_story_settles_as_worked_out_by_hand() -> None:
    """The blocked story's settlement by hand (R8): totals 9, 16, 26, 45.

    Seat 0 ([0|1] [4|4] = 9): (16 − 9) + (45 − 9) = 43 → 45; pair 0+2 has 280, and
    325 would pass 305: rejected. Seat 3 ([0|6] [4|6] = 16): (26 − 16) = 10 → 10; pair
    1+3 has 295, and 305 is exactly 61: the match ends. Seat 2 ([2|3] [2|6] [3|3] [3|4] =
    26) would have had (45 − 26) = 19 → 20, taking pair 0+2 to 300: never applied (R8.5).
    """
    from exact61_widgets.views.ready_positions import BLOCKED_STORY

    _, done = BLOCKED_STORY.play()
    events = done[-1][1]
    awards = [e.to_dict() for e in events if e.kind == "blocked_award"]
    assert awards == [
        {
            "kind": "blocked_award",
            "seat": 0,
            "pips": 9,
            "difference": 43,
            "award": 45,
            "status": "rejected",
            "scores": [280, 295],
        },
        {
            "kind": "blocked_award",
            "seat": 3,
            "pips": 16,
            "difference": 10,
            "award": 10,
            "status": "applied",
            "scores": [280, 305],
        },
    ]
    assert events[-1].kind == "match_won" and events[-1].scores == (280, 305)
