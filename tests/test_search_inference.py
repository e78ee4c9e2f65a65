"""What the search bot may know about hidden tiles, and the worlds it samples from that."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from exact61_widgets import DRAW, PASS, Match, Play
from exact61_widgets.engine.bots.inference import (
    AVOIDING,
    Group,
    Knowledge,
    consistent,
    knowledge,
    sample_world,
)
from exact61_widgets.engine.kernel import TILES_WITH
from exact61_widgets.engine.tiles import TILES

ONES_AND_FOURS = TILES_WITH[(1 << 1) | (1 << 4)]


def drew_then_played(variant: int) -> Match:
    """Seat 1 draws a useless tile, then [4|6], and plays [4|6]; seat 0 is to move.

    The two variants differ only in hidden tiles: seat 1's hand and what it drew first.
    """
    if variant == 0:
        hand1, first_draw, spare = ["[0|0]", "[2|3]"], "[5|6]", ["[0|2]", "[3|3]", "[2|2]"]
    else:
        hand1, first_draw, spare = ["[0|2]", "[3|3]"], "[2|2]", ["[0|0]", "[2|3]", "[5|6]"]
    own = ["[0|4]", "[1|6]", "[4|5]"]
    used = {"[1|4]", *own, *hand1, first_draw, "[4|6]", *spare}
    rest = [str(t) for t in TILES if str(t) not in used]
    match = Match.setup(
        2,
        layout="[1|4]",
        hands=[own, hand1],
        boneyard=[first_draw, "[4|6]", *spare, *rest],
        to_move=1,
    )
    match.push(DRAW)
    match.push(DRAW)
    (play,) = match.legal_actions()
    assert str(play) == "[4|6]@[1|4]:high"
    match.push(play)
    assert match.to_move == 0
    return match


def test_a_draw_shows_the_numbers_a_seat_lacks() -> None:
    know = knowledge(drew_then_played(0))
    assert know.seat == 0 and know.boneyard_count == 20
    numbers_1_and_4 = (1 << 1) | (1 << 4)
    # The two dealt tiles and the useless drawn one all avoid 1 and 4; [4|6] was played.
    assert know.groups == (Group(1, 3, numbers_1_and_4),)
    assert know.void_numbers(1) == numbers_1_and_4
    assert know.void_numbers(0) == 0


def test_the_knowledge_is_the_same_whatever_the_hidden_tiles() -> None:
    assert knowledge(drew_then_played(0)) == knowledge(drew_then_played(1))


def test_sampled_worlds_keep_every_tile_once_and_respect_the_draws() -> None:
    match = drew_then_played(0)
    know = knowledge(match)
    rng = random.Random(3)
    table = match.layout.placed_mask
    for _ in range(300):
        hands, bones = sample_world(know, rng)
        assert hands[0] == know.own_hand
        assert hands[1].bit_count() == 3 and len(bones) == match.boneyard_count
        assert not hands[1] & ONES_AND_FOURS  # seat 1 drew with 1 and 4 open
        everything = table | hands[0] | hands[1]
        for t in bones:
            assert not everything >> t & 1
            everything |= 1 << t
        assert everything == (1 << 28) - 1
        assert consistent(know, hands)


def test_a_pass_with_an_empty_boneyard_also_shows_the_missing_numbers() -> None:
    lacking = ["[0|0]", "[1|2]"]
    own = [str(t) for t in TILES if str(t) not in ("[3|5]", *lacking)]
    match = Match.setup(2, layout="[3|5]", hands=[own, lacking], boneyard=[], to_move=1)
    assert match.legal_actions() == [PASS]
    match.push(PASS)
    know = knowledge(match)
    assert know.groups == (Group(1, 2, (1 << 3) | (1 << 5)),)
    assert know.boneyard_count == 0


def test_a_tile_played_from_the_hand_leaves_its_group() -> None:
    match = drew_then_played(0)
    match.push(Play("[1|6]", "[1|4]:low"))  # seat 0 opens two 6s
    assert "[5|6]" in {str(a.tile) for a in match.legal_actions() if isinstance(a, Play)}
    match.push(Play("[5|6]", "[1|6]:high"))  # seat 1 plays the tile it drew earlier
    know = knowledge(match)
    assert know.groups == (Group(1, 2, (1 << 1) | (1 << 4)),)


players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=60, deadline=None)
@given(players, seeds, st.integers(min_value=0, max_value=60))
@example(4, 3928, 23)  # the greedy picks for seat 0 took tiles seat 2 needed
def test_the_true_hidden_hands_are_always_possible(n: int, seed: int, steps: int) -> None:
    """Soundness: whatever happened, the real deal satisfies every inference drawn from it."""
    rng = random.Random(seed)
    match = Match(n, seed=seed)
    for _ in range(steps):
        if match.is_over:
            break
        if match.status == "hand_over":
            match.deal()
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    if match.status != "playing":
        return
    know = knowledge(match)
    true_hands = [sum(1 << t.index for t in match.hand(s)) for s in range(n)]
    assert consistent(know, true_hands)
    for g in know.groups:
        assert g.seat != match.to_move
        assert (AVOIDING[g.forbidden] & know.unseen).bit_count() >= g.count
    hands, bones = sample_world(know, rng)
    assert consistent(know, hands)
    assert [h.bit_count() for h in hands] == [len(match.hand(s)) for s in range(n)]
    assert len(bones) == match.boneyard_count
    union = match.layout.placed_mask
    for h in hands:
        assert not union & h
        union |= h
    for t in bones:
        assert not union >> t & 1
        union |= 1 << t
    assert union == (1 << 28) - 1


def test_a_deal_is_found_where_greedy_picks_would_strand_a_group() -> None:
    """A view from a real four-player hand (seed 3928): picked at random first, seat 0's two
    tiles (no 0, 1 or 5) can take what seat 2's five (no 4 or 5) need. Every sample must
    still agree with the view: the picks are then made again as one matching."""
    know = Knowledge(
        seat=1,
        players=4,
        own_hand=8388608,
        unseen=256139528,
        groups=(Group(0, 2, 35), Group(2, 5, 48), Group(3, 1, 0)),
        boneyard_count=2,
    )
    for seed in range(200):
        hands, bones = sample_world(know, random.Random(seed))
        assert consistent(know, hands), seed
        assert [h.bit_count() for h in hands] == [2, 1, 5, 1] and len(bones) == 2
