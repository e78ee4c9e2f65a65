"""The match table in one picture (render/table.py): regions, fit, hidden tiles, texts.

The geometry is checked as the layout pictures' is (test_geometry): over many positions
of 2, 3 and 4 players — fresh deals, long layouts, big hands, scores near 61, hands that
are over — no two regions overlap, every part lies inside its own region, and no two
parts overlap. The picture is always :data:`WIDTH` × :data:`HEIGHT`, so a page that holds
one holds them all.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from exact61_widgets import Match
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.render import RenderError
from exact61_widgets.render.table import (
    HEIGHT,
    WIDTH,
    Box,
    last_action_text,
    seat_regions,
    table_layout,
    table_regions,
    table_svg,
    turn_text,
)

SVG = "{http://www.w3.org/2000/svg}"
#: Rounding in the markup (hundredths) and text-width estimates: boxes may touch, not cross.
EPSILON = 0.02


def inside(inner: Box, outer: Box) -> bool:
    """Whether ``inner`` lies within ``outer``."""
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return (
        x >= ox - EPSILON
        and y >= oy - EPSILON
        and x + w <= ox + ow + EPSILON
        and y + h <= oy + oh + EPSILON
    )


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return (
        ax + EPSILON < bx + bw
        and bx + EPSILON < ax + aw
        and ay + EPSILON < by + bh
        and by + EPSILON < ay + ah
    )


def played(
    players: int, seed: int, bot: str = "random", scores: list[int] | None = None
) -> Iterator[Match]:
    """Every position of one hand played by bots, from the deal to its end (copies)."""
    match = Match(players, seed=seed, start_scores=scores)
    bots = {s: make_bot(bot, f"{seed}/{s}") for s in range(players)}
    yield match.copy()
    while match.status == "playing":
        match.push(bots[match.to_move].choose(match))
        yield match.copy()


def positions() -> Iterator[tuple[str, Match]]:
    """Positions that stress the picture: long layouts, big hands, tallies, every count."""
    for players in (2, 3, 4):
        for seed in range(12):
            scores = [300, 295] if players != 3 else [300, 290, 275]
            for k, match in enumerate(
                played(players, seed, scores=scores if seed % 3 == 0 else None)
            ):
                if k % 3 == 0 or match.status != "playing" or len(match.layout) >= 20:
                    yield f"{players}p seed {seed} step {k}", match


def test_the_regions_never_overlap_and_fill_the_picture() -> None:
    for players in (2, 3, 4):
        regions = table_regions(players)
        assert set(seat_regions(players, 0).values()) <= set(regions)
        for name, box in regions.items():
            assert inside(box, (0, 0, WIDTH, HEIGHT)), (players, name, box)
            assert box[2] > 0 and box[3] > 0, (players, name)
        for (a, box_a), (b, box_b) in itertools.combinations(regions.items(), 2):
            assert not overlap(box_a, box_b), (players, a, b)


def test_seats_sit_round_the_table_in_turn_order_the_partner_opposite() -> None:
    assert seat_regions(2, 0) == {0: "south", 1: "north"}
    assert seat_regions(3, 1) == {1: "south", 2: "west", 0: "east"}
    assert seat_regions(4, 0) == {0: "south", 1: "west", 2: "north", 3: "east"}
    assert seat_regions(4, 3) == {3: "south", 0: "west", 1: "north", 2: "east"}


def test_every_part_stays_in_its_region_and_no_two_parts_overlap() -> None:
    checked = longest = 0
    for where, match in positions():
        for lang, viewer in (("en", 0), ("ru", match.players - 1), ("en", None)):
            found = table_layout(match, viewer=viewer, lang=lang)
            for name, box in found.parts.items():
                region = found.regions[name.split("-", 1)[0]]
                assert inside(box, region), (where, lang, name, box, region)
            for (a, box_a), (b, box_b) in itertools.combinations(found.parts.items(), 2):
                assert not overlap(box_a, box_b), (where, lang, a, box_a, b, box_b)
            checked += 1
        longest = max(longest, len(match.layout))
    assert checked > 300 and longest >= 22, (checked, longest)


def test_the_picture_is_one_size_with_unique_ids_and_the_same_bytes_each_time() -> None:
    sizes = set()
    for _where, match in itertools.islice(positions(), 0, None, 25):
        svg = table_svg(match, viewer=0, id_prefix="t")
        assert svg == table_svg(match, viewer=0, id_prefix="t")
        root = ET.fromstring(svg)
        sizes.add((root.get("viewBox"), root.get("width"), root.get("height")))
        ids = [node.get("id") for node in root.iter() if node.get("id")]
        assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]
        assert all(i.startswith("t") for i in ids)
        assert "1." not in re.findall(r"scale\(([^)]*)\)", svg)  # every scale a full number
    assert sizes == {(f"0 0 {WIDTH} {HEIGHT}", str(WIDTH), str(HEIGHT))}
    half = ET.fromstring(table_svg(Match(2, seed=1), size=630))
    assert (half.get("width"), half.get("height")) == ("630", "250")


def test_the_viewer_sees_only_their_own_tiles_until_the_hand_is_over() -> None:
    match = Match(4, seed=3)
    svg = table_svg(match, viewer=1)
    root = ET.fromstring(svg)
    hand = root.find(f".//{SVG}g[@class='exact61-hand']")
    assert hand is not None
    assert [g.get("data-tile") for g in hand.iter(f"{SVG}g") if g.get("data-tile")] == [
        str(t) for t in match.hand(1)
    ]
    for seat in (0, 2, 3):
        for tile in match.hand(seat):
            assert str(tile) not in svg  # neither drawn nor named (R2.3)
        group = root.find(f".//{SVG}g[@data-seat='{seat}']")
        assert group is not None and group.get("data-count") == str(len(match.hand(seat)))
    regions = {
        g.get("data-seat"): g.get("data-region")
        for g in root.iter(f"{SVG}g")
        if g.get("data-region")
    }
    assert regions == {"1": "south", "2": "west", "3": "north", "0": "east"}
    finished = list(played(2, 4))[-1]
    assert finished.status != "playing"
    shown = table_svg(finished, viewer=0)
    for tile in finished.hand(1):
        assert f'data-tile="{tile}"' in shown  # the settlement shows every hand (R2.3)


def test_bots_alone_show_every_hand_face_down_and_seat_0_at_the_bottom() -> None:
    match = Match(3, seed=2)
    svg = table_svg(match, viewer=None)
    assert "exact61-hand" not in svg
    for seat in range(3):
        for tile in match.hand(seat):
            assert str(tile) not in svg
    assert 'data-count="5" data-region="south" data-seat="0"' in svg  # svgwrite sorts them


def test_the_layout_and_the_hand_carry_the_boards_keyboard_classes() -> None:
    match = next(m for _w, m in positions() if len(m.layout) >= 20 and m.status == "playing")
    root = ET.fromstring(table_svg(match, viewer=match.to_move))
    layout = root.find(f".//{SVG}g[@class='exact61-layout layout']")
    assert layout is not None
    places = {g.get("data-place") for g in layout.iter(f"{SVG}g") if g.get("class") == "place"}
    assert places == {str(p) for p in match.layout.open_places()}


def test_the_turn_line_and_the_last_action_in_a_few_words() -> None:
    match = Match(2, seed=1)
    assert turn_text(match, 0) == "Hand 1: your turn" if match.to_move == 0 else True
    assert last_action_text(match, 0) == f"Seat {match.to_move} leads"
    steps = list(played(2, 4, bot="greedy"))
    texts = {last_action_text(m, 0) for m in steps}
    assert any(re.fullmatch(r"Last: seat \d played \[\d\|\d\](, \+\d+ points?)?", t) for t in texts)
    assert any(t == "Last: seat 1 drew a tile" for t in texts) or all(
        "drew" not in t for t in texts
    )
    assert not any(re.search(r"seat 1 drew \[", t) for t in texts)  # another's draw stays hidden
    end = steps[-1]
    assert turn_text(end, 0) == "Hand 1 is over"
    assert turn_text(end, 0, "ru") == "Сдача 1 окончена"
    assert last_action_text(end, 0, "ru").startswith("Последний ход: игрок")


def test_title_and_description_say_what_the_picture_shows() -> None:
    match = list(played(3, 5, bot="greedy"))[6]
    root = ET.fromstring(table_svg(match, viewer=0, lang="ru"))
    title = root.findtext(f"{SVG}title") or ""
    desc = root.findtext(f"{SVG}desc") or ""
    assert title.startswith("Сдача 1")
    assert f"Базар: {match.boneyard_count}" in desc
    assert "лицом вниз" in desc and "Ваши кости (игрок 0)" in desc
    for tile in match.hand(0):
        assert str(tile) in desc
    for seat in (1, 2):
        for tile in match.hand(seat):
            assert str(tile) not in desc


def test_bad_options_are_refused_in_one_line() -> None:
    match = Match(2, seed=1)
    other = match.hand(1)[0]
    with pytest.raises(RenderError, match=rf"chosen: \[{other.low}\|{other.high}\] is not in"):
        table_svg(match, viewer=0, chosen=[other])
    with pytest.raises(RenderError, match="not an open place"):
        table_svg(match, viewer=0, places=["[1|2]:low"])
    with pytest.raises(RenderError, match="the viewer is a seat from 0 to 1"):
        table_svg(match, viewer=2)
    with pytest.raises(RenderError, match="size must be a positive number"):
        table_svg(match, size=0)


def test_the_picture_says_exactly_what_its_keyboard_reaches_in_the_order_drawn() -> None:
    """``TableSvg.places`` and ``.tiles`` are the items board.js makes of the picture, so a
    board names them from the picture itself (MatchTable's keyboard labels)."""
    from test_widgets_board import keyboard_items

    from exact61_widgets.render.table import TableSvg

    reached = 0
    for where, match in itertools.islice(positions(), 0, None, 4):
        for viewer in (0, match.players - 1, None):
            drawn = table_svg(match, viewer=viewer)
            assert isinstance(drawn, TableSvg)
            said = [str(p) for p in drawn.places] + [f"tile {t}" for t in drawn.tiles]
            assert said == keyboard_items(str(drawn)), (where, viewer)
            reached += bool(drawn.tiles) and bool(drawn.places)
    assert reached > 20
