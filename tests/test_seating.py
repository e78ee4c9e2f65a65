"""The seating value (R2.1): sides, partners and side names, asked by every layer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.seating import Seating, seating

PACKAGE = Path(__file__).resolve().parents[1] / "exact61_widgets"


@pytest.mark.parametrize(
    ("players", "sides", "sides_of", "partners"),
    [
        (2, 2, (0, 1), (None, None)),
        (3, 3, (0, 1, 2), (None, None, None)),
        (4, 2, (0, 1, 0, 1), (2, 3, 0, 1)),
    ],
)
def test_sides_and_partners(
    players: int, sides: int, sides_of: tuple[int, ...], partners: tuple[int | None, ...]
) -> None:
    seats = seating(players)
    assert seats.pairs == (players == 4)
    assert seats.sides == sides
    assert tuple(seats.side_of(s) for s in range(players)) == sides_of
    assert tuple(seats.partner(s) for s in range(players)) == partners
    assert seats.zero_scores() == (0,) * sides
    for side in range(sides):
        assert all(seats.side_of(s) == side for s in seats.seats_of(side))
    match = Match(players, seed=1)
    assert match.seating is seats and match.sides == sides
    assert [match.partner_of(s) for s in range(players)] == list(partners)


def test_partners_are_different_seats_of_one_side() -> None:
    assert seating(4).are_partners(0, 2) and seating(4).are_partners(3, 1)
    assert not seating(4).are_partners(0, 0) and not seating(4).are_partners(0, 1)
    assert not seating(2).are_partners(0, 1) and not seating(3).are_partners(1, 2)


def test_side_names_in_both_languages() -> None:
    assert seating(4).side_name(1).text("en") == "pair 1+3"
    assert seating(4).side_title(0).text("en") == "Pair 0+2"
    assert seating(3).side_name(2).text("en") == "seat 2"
    assert seating(2).side_title(1).text("en") == "Seat 1"
    for seats in (seating(2), seating(4)):
        for name in (seats.side_name(1), seats.side_title(1)):
            russian = name.text("ru")
            assert russian and russian != name.text("en")


def test_one_shared_value_and_equality() -> None:
    assert seating(4) is seating(4) and Seating(4) == seating(4)
    assert Seating(3) != seating(4) and repr(seating(3)) == "Seating(3)"
    with pytest.raises(ValueError, match="whole number of seats"):
        Seating(-1)


def test_pairs_are_decided_in_the_seating_alone() -> None:
    """No module but the seating's says "four players means pairs" itself (issue 25)."""
    pattern = re.compile(r"players\s*[=!]=\s*4|\(\w+\s*\+\s*2\)\s*%\s*4|2 if \w*\.?players == 4")
    found = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "seating.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert not found, found
