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


@pytest.mark.parametrize("sequence", [PAGAT_SEQUENCE, SPINNING_SEQUENCE],
                         ids=["pagat-all-fives", "four-spinners"])
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
        "[1|1]:lineB=1", "[2|4]:low=2", "[3|3]:lineB=3", "[4|4]:branchB=4", "[4|5]:high=5",
        "[6|6]:branchA=6"]
    assert caption(layout) == ("Scoring contributions: 2 + 2 + 6 + 5 = 15. Award for the "
                               "play: 15 raw points (3 displayed points).")


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
        extra_by_move.append(sorted(
            str(p) for p in layout.open_places()
            if p.port in (Port.BRANCH_A, Port.BRANCH_B) and str(p.tile) != first_spinner))
    assert extra_by_move[:3] == [[], [], []]
    assert extra_by_move[3:7] == [["[4|4]:branchA", "[4|4]:branchB"]] * 4
    assert extra_by_move[7:] == [
        ["[4|4]:branchA", "[4|4]:branchB", "[5|5]:branchA", "[5|5]:branchB"]] * 2
    assert [str(t) for t in layout.spinners] == ["[1|1]", "[4|4]", "[5|5]"]
