"""Notation of tiles, places and layouts (docs/formats.md, section 1)."""

from __future__ import annotations

import pytest

from exact61_widgets import Layout, NotationError, Place, Port, Tile
from exact61_widgets.engine.tiles import TILES, parse_tile


@pytest.mark.parametrize(
    "text", ["[1|4]", "[4|1]", "1|4", "4|1", "1-4", "4-1", "14", "41", " [1|4] "]
)
def test_every_accepted_tile_form_normalises_to_low_high(text: str) -> None:
    assert str(parse_tile(text)) == "[1|4]"


@pytest.mark.parametrize(
    "text", ["[7|1]", "[1|]", "x", "", "[1|4", "1/4", "147", "[-1|2]", "[1|4]:low", "99"]
)
def test_bad_tile_text_is_refused_naming_the_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tile(text)
    assert repr(text.strip()) in str(info.value) or repr(text) in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_set_has_28_distinct_singleton_tiles() -> None:
    assert len(TILES) == 28
    assert len({str(t) for t in TILES}) == 28
    assert Tile(4, 1) is Tile.parse("14") is TILES[Tile(1, 4).index]
    assert sorted(TILES) == list(TILES)
    assert sum(t.pips for t in TILES) == 168
    assert [t for t in TILES if t.is_double] == [Tile(i, i) for i in range(7)]


def test_places_parse_and_check_the_kind_of_tile() -> None:
    assert Place.parse("[4|4]:branchB") == Place(Tile(4, 4), Port.BRANCH_B)
    assert str(Place.parse("41:low")) == "[1|4]:low"
    assert Place.parse("[1|4]:high").number == 4
    for bad, fragment in [
        ("[1|4]:lineA", "not a double"),
        ("[4|4]:low", "a double has"),
        ("[1|4]:left", "not a port"),
        ("[1|4]", "not a place"),
        ("[8|4]:low", "not a tile"),
    ]:
        with pytest.raises(NotationError, match=fragment):
            Place.parse(bad)


ROUND_TRIP = [
    "",
    "[2|2]",
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB",
    "[6|6] [3|6]@[6|6]:lineA [2|6]@[6|6]:lineB [0|6]@[6|6]:branchA [1|6]@[6|6]:branchB",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_layout_notation_round_trips(text: str) -> None:
    layout = Layout.parse(text)
    assert str(layout) == text
    assert Layout.parse(str(layout)) == layout


def test_layout_parsing_normalises_tiles_and_places() -> None:
    assert str(Layout.parse("41  11@14:low")) == "[1|4] [1|1]@[1|4]:low"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("[1|4] [1|4]@[1|4]:low", 2, "already on the table"),
        ("[1|4] [2|3]@[1|4]:low", 2, "does not match [1|4]:low"),
        (
            "[1|4] [4|4]@[1|4]:high [3|4]@[4|4]:branchA",
            3,
            "branches of [4|4] open after both lines",
        ),
        ("[1|4] [1|1]@[1|4]:low [1|2]@[1|4]:low", 3, "already taken"),
        ("[1|4] [5|6]@[5|5]:lineB", 2, "[5|5] is not on the table"),
        ("[1|4] [7|1]@[1|4]:low", 2, "not a tile"),
        ("[1|4]@[1|1]:lineA", 1, "opening tile alone"),
        ("[1|4] [1|1]", 2, "names its place"),
        ("[1|4] [1|1]@[1|4]:lineA", 2, "not a double"),
        ("[4|4] [4|5]@[4|4]:lineA [3|4]@[4|4]:lineA", 3, "already taken"),
    ],
)
def test_the_first_illegal_placement_is_reported_by_position_and_reason(
    text: str, position: int, reason: str
) -> None:
    with pytest.raises(NotationError) as info:
        Layout.parse(text)
    message = str(info.value)
    assert message.startswith(f"placement {position} (")
    assert reason in message
    assert "\n" not in message


def test_notation_errors_are_available_in_russian() -> None:
    with pytest.raises(NotationError) as info:
        Layout.parse("[1|4] [4|4]@[1|4]:high [3|4]@[4|4]:branchA")
    assert info.value.text("ru") == (
        "кость № 3 ([3|4]@[4|4]:branchA): боковые ветви дубля [4|4] открываются только после "
        "заполнения обоих прямых продолжений линии (R4.3)"
    )
