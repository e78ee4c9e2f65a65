"""The layout tree: open places (R4), scoring contributions (R5), play awards (R6)."""

from __future__ import annotations

import random

import pytest

from exact61_widgets import Layout, NotationError, Place, Tile
from exact61_widgets.engine.layout import Contribution
from exact61_widgets.engine.ports import Port


def places(layout: Layout) -> list[str]:
    return [str(p) for p in layout.open_places()]


def ends(layout: Layout) -> list[tuple[str, str | None, int]]:
    return [
        (str(c.tile), None if c.port is None else c.port.notation, c.value)
        for c in layout.contributions()
    ]


def test_opening_non_double_counts_both_halves_and_offers_both() -> None:
    layout = Layout.parse("[1|4]")
    assert places(layout) == ["[1|4]:low", "[1|4]:high"]
    assert ends(layout) == [("[1|4]", "low", 1), ("[1|4]", "high", 4)]
    assert layout.end_sum == 5 and layout.award == 5


def test_opening_double_is_a_spinner_counting_both_halves_once() -> None:
    layout = Layout.parse("[6|6]")
    assert layout.spinners == (Tile(6, 6),)
    assert places(layout) == ["[6|6]:lineA", "[6|6]:lineB"]
    assert ends(layout) == [("[6|6]", None, 12)]
    assert layout.award == 0  # 12 is not a multiple of 5 (R6.2)


def test_spinner_stays_an_end_double_with_one_line_taken_then_turns_internal() -> None:
    layout = Layout.parse("[6|6] [3|6]@[6|6]:lineA")
    assert ends(layout) == [("[3|6]", "low", 3), ("[6|6]", None, 12)]
    assert layout.award == 15
    assert places(layout) == ["[3|6]:low", "[6|6]:lineB"]  # no branch yet (R4.3)
    layout.push("[2|6]", "[6|6]:lineB")
    assert ends(layout) == [("[2|6]", "low", 2), ("[3|6]", "low", 3)]  # internal (R5.2)
    assert places(layout) == ["[2|6]:low", "[3|6]:low", "[6|6]:branchA", "[6|6]:branchB"]
    assert layout.award == 5


def test_every_double_is_a_spinner_even_on_a_branch() -> None:
    layout = Layout.parse(
        "[1|4] [1|1]@[1|4]:low [1|2]@[1|1]:lineB [1|5]@[1|1]:branchA "
        "[5|5]@[1|5]:high [0|5]@[5|5]:lineB"
    )
    assert layout.spinners == (Tile(1, 1), Tile(5, 5))
    assert "[5|5]:branchA" in places(layout) and "[5|5]:branchB" in places(layout)
    assert not layout.is_end_double("[5|5]")


def test_unused_branches_add_nothing_and_zero_ends_count_as_zero() -> None:
    layout = Layout.parse("[0|4] [4|4]@[0|4]:high [4|5]@[4|4]:lineB")
    assert ends(layout) == [("[0|4]", "low", 0), ("[4|5]", "high", 5)]
    assert layout.end_sum == 5 and layout.award == 5


def test_a_zero_sum_earns_nothing() -> None:
    layout = Layout.parse("[0|0]")
    assert layout.end_sum == 0 and layout.award == 0


def test_joined_double_uses_line_a_and_non_double_joins_with_the_matching_half() -> None:
    layout = Layout.parse("[3|5] [5|5]@[3|5]:high [5|6]@[5|5]:lineB")
    placements = layout.placements
    assert placements[1].joined_by is Port.LINE_A
    assert placements[2].joined_by is Port.LOW
    assert [str(c.parent) + " - " + str(c.child) for c in layout.connections()] == [
        "[3|5]:high - [5|5]:lineA",
        "[5|5]:lineB - [5|6]:low",
    ]


def test_legal_places_follow_matching_and_branch_rules() -> None:
    layout = Layout.parse("[4|4] [1|4]@[4|4]:lineA")
    assert [str(p) for p in layout.legal_places("[4|6]")] == ["[4|4]:lineB"]
    assert [str(p) for p in layout.legal_places("[1|6]")] == ["[1|4]:low"]
    assert layout.legal_places("[2|3]") == []
    assert layout.legal_places("[1|4]") == []  # on the table already
    assert Layout().legal_places("[2|3]") == [None]
    assert not layout.is_legal("[2|4]", "[4|4]:branchA")
    assert layout.can_play("[4|6]") and not layout.can_play("[2|3]")


def test_push_refuses_an_illegal_tile_and_changes_nothing() -> None:
    layout = Layout.parse("[4|4] [1|4]@[4|4]:lineA")
    before = (str(layout), layout.open_places(), layout.end_sum)
    with pytest.raises(NotationError, match="branches of \\[4\\|4\\]"):
        layout.push("[4|6]", "[4|4]:branchA")
    assert (str(layout), layout.open_places(), layout.end_sum) == before


def test_push_then_pop_restores_everything_exactly() -> None:
    rng = random.Random(3)
    for _ in range(200):
        layout = Layout()
        history = []
        tiles = [Tile.parse(f"{a}{b}") for a in range(7) for b in range(a, 7)]
        rng.shuffle(tiles)
        for tile in tiles:
            options = layout.legal_places(tile)
            if not options:
                continue
            history.append(
                (
                    str(layout),
                    layout.open_places(),
                    layout.end_sum,
                    layout.contributions(),
                    [layout.open_codes(n) for n in range(7)],
                    layout.taken_bits,
                    layout.placed_mask,
                    layout.open_numbers,
                )
            )
            layout.push(tile, rng.choice(options))
        while history:
            layout.pop()
            state = history.pop()
            assert (
                str(layout),
                layout.open_places(),
                layout.end_sum,
                layout.contributions(),
                [layout.open_codes(n) for n in range(7)],
                layout.taken_bits,
                layout.placed_mask,
                layout.open_numbers,
            ) == state


def test_end_sum_is_always_the_sum_of_the_contributions() -> None:
    rng = random.Random(11)
    for _ in range(300):
        layout = Layout()
        tiles = [Tile.parse(f"{a}{b}") for a in range(7) for b in range(a, 7)]
        rng.shuffle(tiles)
        for tile in tiles:
            options = layout.legal_places(tile)
            if options:
                layout.push(tile, rng.choice(options))
                assert layout.end_sum == sum(c.value for c in layout.contributions())
                for place in layout.open_places():
                    assert layout.is_open(place)
                    assert layout.child_at(place) is None


def test_contribution_and_copy_values() -> None:
    layout = Layout.parse("[2|2]")
    assert layout.contributions() == [Contribution(Tile(2, 2), None, 4)]
    copy = layout.copy()
    copy.push("[2|5]", Place.parse("[2|2]:lineA"))
    assert str(layout) == "[2|2]" and len(copy) == 2
