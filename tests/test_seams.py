"""The engine's public seams for fast code agree with its ordinary API, rule for rule."""

from __future__ import annotations

import random

import pytest

from exact61_widgets import Layout, Match, Play
from exact61_widgets.engine.layout import occupancy_of
from exact61_widgets.engine.ports import PLACES, far_port, joining_port, place_code, port_fits
from exact61_widgets.engine.scoring import (
    AWARDS,
    MAX_END_SUM,
    TARGET,
    accepts,
    earns,
    play_award,
    reaches_target,
    round5,
)
from exact61_widgets.engine.settlement import (
    apply_change,
    blocked_shares,
    blocked_winner,
    going_out_parts,
    is_blocked,
    out_pips,
    settle_blocked,
    settle_going_out,
)
from exact61_widgets.engine.tiles import TILES, Tile, dealt_hands, pips_of, shuffled_tiles
from exact61_widgets.render.geometry import layout_geometry


def random_layouts(seed: int, count: int) -> list[Layout]:
    """Layouts grown by random legal placements, every prefix included."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        layout = Layout()
        tiles = list(TILES)
        rng.shuffle(tiles)
        for tile in tiles:
            options = layout.legal_places(tile)
            if options:
                layout.push(tile, rng.choice(options))
                found.append(layout.copy())
    return found


def test_the_integer_views_describe_the_same_table_as_the_objects() -> None:
    for layout in random_layouts(1, 30):
        assert layout.placed_mask == sum(1 << t.index for t in layout.tiles)
        open_places = layout.open_places()
        assert layout.open_numbers == sum({1 << p.number for p in open_places})
        for n in range(7):
            codes = layout.open_codes(n)
            assert sorted(codes) == [p.code for p in open_places if p.number == n]
        occupancy = layout.occupancy
        assert occupancy_of(layout.taken_bits) == occupancy
        for tile in layout.tiles:
            assert occupancy[tile.index] == sum(1 << port for port in layout.taken(tile))


def test_push_code_takes_exactly_what_the_rules_allow_and_nothing_else() -> None:
    rng = random.Random(2)
    for layout in random_layouts(2, 6):
        before = (str(layout), layout.end_sum, layout.taken_bits, layout.open_numbers)
        for _ in range(40):
            t = rng.randrange(28)
            p = rng.choice([-1, rng.randrange(len(PLACES))])
            allowed = layout.why_illegal(TILES[t], None if p < 0 else PLACES[p]) is None
            if p >= 0 and not port_fits(PLACES[p].tile, PLACES[p].port):
                allowed = False
            total = layout.push_code(t, p)
            assert (total >= 0) == allowed, (str(layout), t, p)
            if total >= 0:
                assert total == layout.end_sum == sum(c.value for c in layout.contributions())
                layout.pop()
            assert (str(layout), layout.end_sum, layout.taken_bits, layout.open_numbers) == before


def test_plays_for_lists_every_legal_place_of_every_tile_in_order() -> None:
    rng = random.Random(3)
    for layout in [Layout(), *random_layouts(3, 5)]:
        hand = rng.getrandbits(28)
        expected = [
            Play(t, place) for t in TILES if hand >> t.index & 1 for place in layout.legal_places(t)
        ]
        assert layout.plays_for(hand) == expected
        assert layout.playable(hand) == sum({1 << p.tile_index for p in expected})


def test_the_port_rules_give_the_places_a_join_opens() -> None:
    layout = Layout.parse("[4|4] [1|4]@[4|4]:lineA")
    double = TILES[0]  # [0|0]: a double joins by lineA and goes on at lineB (D1)
    assert (joining_port(double, 0).notation, far_port(double, 0).notation) == ("lineA", "lineB")
    assert joining_port(Layout.parse("[1|4]").tiles[0], 4).notation == "high"
    assert far_port(Layout.parse("[1|4]").tiles[0], 4).notation == "low"
    assert str(PLACES[place_code(layout.tiles[1], far_port(layout.tiles[1], 4))]) == "[1|4]:low"
    assert [str(p) for p in layout.open_places()] == ["[1|4]:low", "[4|4]:lineB"]
    layout.push("[4|6]", "[4|4]:lineB")  # the second line: both branches open (R4.3)
    assert [str(p) for p in layout.open_places()] == [
        "[1|4]:low",
        "[4|4]:branchA",
        "[4|4]:branchB",
        "[4|6]:high",
    ]


def test_the_pictures_show_the_engines_open_places() -> None:
    for layout in random_layouts(4, 4):
        assert list(layout_geometry(layout).places) == [str(p) for p in layout.open_places()]


@pytest.mark.parametrize("seed", [0, 1, 7, "a seed", 2**70])
def test_the_deal_shuffle_is_pythons_shuffle(seed: int | str) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(50):
        expected = list(range(28))
        theirs.shuffle(expected)
        assert shuffled_tiles(ours) == expected
    assert ours.random() == theirs.random()  # the generators stay in step


def test_dealt_hands_take_five_tiles_each_in_turn() -> None:
    order = shuffled_tiles(random.Random(5))
    hands = dealt_hands(order, 3)
    assert hands == [sum(1 << t for t in order[s * 5 : s * 5 + 5]) for s in range(3)]
    assert Match(3, seed=5, leader=0).hand_masks[0].bit_count() == 5


def test_the_match_views_agree_with_its_tiles() -> None:
    match = Match(4, seed=6)
    for _ in range(12):
        match.push(match.legal_actions()[0])
    assert match.hand_masks == tuple(sum(1 << t.index for t in h) for h in match.hands)
    assert match.boneyard_indices == tuple(t.index for t in match.boneyard)
    assert [match.pips(s) for s in range(4)] == [pips_of(m) for m in match.hand_masks]


def test_the_award_table_is_the_award_rule() -> None:
    assert len(AWARDS) == MAX_END_SUM + 1 == sum(t.pips for t in TILES) + 1
    for s in range(MAX_END_SUM + 1):
        assert AWARDS[s] == play_award(s) == (s if earns(s) else 0)
    assert [s for s in range(21) if earns(s)] == [5, 10, 15, 20]


def test_the_settlements_are_the_rules_arithmetic() -> None:
    assert going_out_parts(10, 12, 3) == (10, 5, 15)  # R7.2, R7.3: 12 -> 10, 3 -> 5
    assert going_out_parts(0, 13, 0).net == round5(13) == 15
    shares = blocked_shares([7, 12, 12, 20], [0, 1, 0, 1], leader=2)
    assert [s.seat for s in shares] == [0, 2, 1, 3]  # equal totals from the leader on (D5)
    first = shares[0]
    assert first.compared == ((1, 12, 5), (3, 20, 13)) and first.difference == 18
    assert first.award == 20  # rounded once (R8.2)
    assert shares[-1].compared == () and shares[-1].award == 0  # no larger total (R8.3)
    assert blocked_winner([7, 12, 12, 20], [0, 1, 0, 1]) == 0
    assert blocked_winner([9, 9, 12], [0, 1, 2]) is None  # opposing players tie (R8.6)
    assert blocked_winner([9, 12, 9, 12], [0, 1, 0, 1]) == 0  # partners tie: their pair wins


def test_every_change_goes_to_the_target_check_and_an_exact_hit_wins() -> None:
    assert accepts(TARGET - 5, 5) and not accepts(TARGET - 5, 10)
    assert reaches_target(TARGET) and not reaches_target(TARGET - 5)
    assert apply_change((290, 10), 0, 10) == ("applied", (300, 10), False)
    assert apply_change((290, 10), 0, 20) == ("rejected", (290, 10), False)  # whole (R1.4)
    assert apply_change((290, 10), 0, 15) == ("applied", (TARGET, 10), True)  # R9.1
    assert apply_change((0, 10), 1, -15) == ("applied", (0, -5), False)  # below zero (D3)
    # A blocked hand of four: seat 0 (pair 0+2) gets 20, seat 2 would get 10 but the match
    # is won by then, so the settlement stops (R8.5).
    totals = [7, 12, 12, 20]
    settled = settle_blocked(totals, [0, 1, 0, 1], 2, (TARGET - 20, 0))
    assert [(a.share.seat, a.status, a.scores, a.won) for a in settled] == [
        (0, "applied", (TARGET, 0), True)
    ]
    settled = settle_blocked(totals, [0, 1, 0, 1], 2, (TARGET - 15, 0))
    assert [(a.share.seat, a.status) for a in settled][:2] == [(0, "rejected"), (2, "applied")]
    assert settled[-1].scores == (TARGET - 5, 0) and not settled[-1].won


def test_going_out_counts_the_opponents_and_the_partner_from_the_hands() -> None:
    hands = [0, 1 << TILES.index(Tile(6, 6)), 1 << TILES.index(Tile(1, 2)), 0b11]
    # seat 0 of pair 0+2 goes out: opponents 1 and 3 hold 12 and [0|0]+[0|1] = 1 pips
    assert out_pips(hands, 0, [0, 1, 0, 1], [2, 3, 0, 1]) == (13, 3)
    out = settle_going_out(hands, 0, [0, 1, 0, 1], [2, 3, 0, 1], 10, (100, 0))
    assert out.parts == going_out_parts(10, 13, 3) == (15, 5, 20)
    assert out.applied == ("applied", (120, 0), False)


def test_a_hand_blocks_when_no_hand_holds_a_tile_for_the_open_numbers() -> None:
    layout = Layout.parse("[6|6] [5|6]@[6|6]:lineA")  # open: a 6 (lineB) and a 5
    five = 1 << 5
    six = 1 << 6
    assert layout.open_numbers == five | six
    holds_0_4 = 1 << TILES.index(Tile(0, 4))
    holds_3_5 = 1 << TILES.index(Tile(3, 5))
    assert is_blocked([holds_0_4, 0], layout.open_numbers)
    assert not is_blocked([holds_0_4, holds_3_5], layout.open_numbers)
