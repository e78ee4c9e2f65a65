"""Two nine-play walk-throughs, step by step, with every value computed by hand.

The first is the rules text's own sequence (the layout of its diagrams, R4–R6);
the second is an All Fives style sequence in which every double spins (R4.1).
"""

from __future__ import annotations

import pytest

from exact61_widgets import Layout, caption

RULES_SEQUENCE = [
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


@pytest.mark.parametrize("sequence", [RULES_SEQUENCE, SPINNING_SEQUENCE],
                         ids=["rules-text", "every-double-spins"])
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
