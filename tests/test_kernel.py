"""The join kernel against the rules recomputed from scratch, and its undo.

:class:`LayoutCore` keeps the open places, the taken ports and the end sum up to
date incrementally; the match, the playout loop and the solver all play through it
(which is why no drift test between three joins is needed any more). Here its
views are compared, after every push and every pop of random legal sequences,
with the same facts computed from the tree alone (R4.3, R5).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets.engine.kernel import DRAW_TURN, JOIN_AT, PASS_TURN, LayoutCore
from exact61_widgets.engine.layout import Layout, contributions_of
from exact61_widgets.engine.ports import PLACE_NUMBER, PLACES, Port, branches_open, port_fits
from exact61_widgets.engine.tiles import TILES, parse_tile


def open_from_scratch(core: LayoutCore) -> list[int]:
    """The open place codes from the placed tiles and their taken ports alone (R4.3)."""
    codes = []
    for t in range(28):
        if not core.placed_mask >> t & 1:
            continue
        taken = core.occ[t]
        for port in Port:
            if not port_fits(TILES[t], port) or taken >> port & 1:
                continue
            if port.is_branch and not branches_open(taken):
                continue
            codes.append(t * 6 + int(port))
    return sorted(codes)


def views(core: LayoutCore) -> tuple[object, ...]:
    """Every view the kernel keeps, as plain values."""
    return (
        core.placed_mask,
        core.taken_bits,
        core.open_numbers,
        core.end_sum,
        tuple(core.occ),
        tuple(tuple(codes) for codes in core.open_lists),
    )


def check(core: LayoutCore) -> None:
    """The incremental views equal the facts recomputed from the tree."""
    opened = open_from_scratch(core)
    assert sorted(c for codes in core.open_lists for c in codes) == opened
    for number, codes in enumerate(core.open_lists):
        assert all(PLACE_NUMBER[c] == number for c in codes)
    assert core.open_numbers == sum({1 << PLACE_NUMBER[c] for c in opened})
    assert core.end_sum == sum(c.value for c in contributions_of(core.placed_mask, core.occ))
    taken = 0
    for t in range(28):
        taken |= core.occ[t] << 6 * t
    assert core.taken_bits == taken


def random_plays(rng: random.Random, core: LayoutCore, steps: int) -> list[tuple[object, ...]]:
    """Push up to ``steps`` random legal plays, checking each; return the views after each."""
    states = []
    for _ in range(steps):
        tiles = core.playable((1 << 28) - 1)
        if not tiles:
            break
        ts = [t for t in range(28) if tiles >> t & 1]
        t = rng.choice(ts)
        places = (
            [-1]
            if not core.placed_mask
            else [c for codes in core.open_lists for c in codes if JOIN_AT[t][c] is not None]
        )
        p = rng.choice(sorted(places))
        predicted = core.end_sum_after(t, p)
        assert core.push_code(t, p) == predicted >= 0
        check(core)
        states.append(views(core))
    return states


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=28))
def test_every_push_keeps_the_views_equal_to_the_tree_and_pop_undoes_it(
    seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    core = LayoutCore()
    states = [views(core), *random_plays(rng, core, steps)]
    states.pop()
    while states:
        code = core.pop_code()
        assert code >> 8 in range(28)
        assert views(core) == states.pop()
        check(core)


def test_an_illegal_push_changes_nothing_and_returns_minus_one() -> None:
    core = LayoutCore()
    assert core.push_code(parse_tile("[1|4]").index, -1) == 5
    before = views(core)
    six_six = parse_tile("[6|6]").index
    one_four_low = next(p.code for p in PLACES if str(p) == "[1|4]:low")
    assert core.push_code(parse_tile("[1|4]").index, one_four_low) == -1  # on the table
    assert core.push_code(six_six, one_four_low) == -1  # no 1 on it
    assert core.push_code(six_six, -1) == -1  # the layout has begun
    assert views(core) == before
    one_one = parse_tile("[1|1]").index
    after = core.end_sum_after(one_one, one_four_low)
    assert core.push_code(one_one, one_four_low) == after >= 0  # fills [1|4]:low
    before = views(core)
    assert core.push_code(parse_tile("[1|2]").index, one_four_low) == -1  # fits, but taken
    assert views(core) == before


def test_a_copy_is_independent_and_the_layout_is_a_kernel() -> None:
    layout = Layout.parse("[1|4] [1|1]@[1|4]:low [1|2]@[1|1]:lineB")
    assert isinstance(layout, LayoutCore)
    copy = layout.core_copy()
    assert views(copy) == views(layout)
    t = parse_tile("[4|6]").index
    copy.push_code(t, copy.open_lists[4][0])
    assert views(copy) != views(layout)
    check(layout)
    check(copy)


def test_a_spinner_opens_its_branches_with_its_second_line() -> None:
    """Filling the second line of a double opens both branches at once (R4.3)."""
    layout = Layout.parse("[1|4] [1|1]@[1|4]:low")
    before = layout.open_codes(1)
    layout.push("[1|2]", "[1|1]:lineB")
    assert len(layout.open_codes(1)) == len(before) - 1 + 2
    check(layout)
    layout.pop()
    assert layout.open_codes(1) == before


def test_the_drawn_tile_rule_and_the_turn_agree_with_the_legal_places() -> None:
    """A drawn tile is played at once exactly when it has a legal place (R3.3)."""
    rng = random.Random(7)
    for _ in range(30):
        layout = Layout()
        random_plays(rng, layout, rng.randrange(0, 12))
        for tile in TILES:
            if tile in layout:
                continue
            fits = bool(layout.legal_places(tile))
            assert layout.drawn_tile_fits(tile.index) is fits
            for left in (0, 1, 9):
                turn = layout.turn(1 << tile.index, -1, left)
                if fits:
                    assert turn == 1 << tile.index
                else:  # no tile to play: a draw while the boneyard has tiles, else a pass
                    assert turn == (DRAW_TURN if left else PASS_TURN)
                assert layout.turn(1 << tile.index, 3, left) == 1 << 3  # a drawn tile alone
