"""What the player to move can know about the hidden tiles, and deals sampled from it.

A seat that draws or passes shows that it holds no tile with any number open
on the table at that moment (R3.2–R3.4). Those facts are the only public
evidence about hidden hands (a drawn tile is hidden, D4), so a hidden hand is
described as *groups*: ``count`` tiles that avoid every number in ``forbidden``.
The tiles dealt to a seat form its first group; each drawn tile that was not
played at once starts a new group, and every later draw or pass adds the
numbers then open to all of the seat's groups. The forbidden sets of one seat
are therefore nested (older groups forbid more). When a seat plays a tile from
its hand we do not know which group it came from, so we take it from the most
constrained group it fits: that keeps every world that is really possible.

:meth:`Match.sample_hidden <exact61_widgets.engine.match.Match.sample_hidden>`
deals the hidden tiles again from this view (as the ``dominoes`` package's
``random_possible_hands`` does); the search bot plays its worlds that way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from exact61_widgets.engine.events import DrawEvent, PassEvent, PlayEvent
from exact61_widgets.engine.kernel import TILE_HIGH, TILE_LOW
from exact61_widgets.engine.layout import Layout

if TYPE_CHECKING:
    from exact61_widgets.engine.match import Match

#: NUMBERS_OF[t]: the numbers shown on tile t, as a bitmask of 0–6.
NUMBERS_OF: tuple[int, ...] = tuple((1 << TILE_LOW[t]) | (1 << TILE_HIGH[t]) for t in range(28))
#: AVOIDING[m]: the tiles (bitmask) that show no number of the number set ``m``.
AVOIDING: tuple[int, ...] = tuple(
    sum(1 << t for t in range(28) if not NUMBERS_OF[t] & m) for m in range(128)
)


@dataclass(frozen=True)
class Group:
    """``count`` hidden tiles of one seat that show none of the numbers in ``forbidden``."""

    seat: int
    count: int
    forbidden: int


@dataclass(frozen=True)
class Knowledge:
    """Everything the player to move knows about where the unseen tiles are.

    ``unseen`` is the bitmask of tiles neither on the table nor in the mover's
    hand; they fill the other seats' ``groups`` and the boneyard
    (``boneyard_count`` tiles, in unknown order).
    """

    seat: int
    players: int
    own_hand: int
    unseen: int
    groups: tuple[Group, ...]
    boneyard_count: int

    def void_numbers(self, seat: int) -> int:
        """The numbers (bitmask) that ``seat`` surely does not hold."""
        mask = 0b1111111
        found = False
        for g in self.groups:
            if g.seat == seat and g.count:
                mask &= g.forbidden
                found = True
        return mask if found else 0


def _tightest_fit(groups: list[list[int]], tile: int) -> list[int] | None:
    """The most constrained group (largest forbidden set) that ``tile`` fits, else the loosest."""
    best: list[int] | None = None
    for g in groups:
        if (
            g[0] > 0
            and not NUMBERS_OF[tile] & g[1]
            and (best is None or g[1].bit_count() > best[1].bit_count())
        ):
            best = g
    if best is None:
        for g in groups:
            if g[0] > 0 and (best is None or g[1].bit_count() < best[1].bit_count()):
                best = g
    return best


def knowledge(match: Match) -> Knowledge:
    """Read the public history of the current hand from the mover's point of view.

    Only the mover's own hand, the table, hand sizes, the boneyard count and the
    public part of the events are used: other seats' drawn tiles are never read.
    """
    me = match.to_move
    n = match.players
    events = match.hand_events
    plays_in_hand = sum(1 for e in events if isinstance(e, PlayEvent))
    placements = match.layout.placements
    table = Layout(placements[: len(placements) - plays_in_hand])
    sizes = [len(match.hand(s)) for s in range(n)]
    for e in events:
        if isinstance(e, PlayEvent):
            sizes[e.seat] += 1
        elif isinstance(e, DrawEvent):
            sizes[e.seat] -= 1
    groups: list[list[list[int]]] = [[[sizes[s], 0]] for s in range(n)]
    drawn_played = [False] * n
    for i, e in enumerate(events):
        if isinstance(e, PlayEvent):
            s = e.seat
            t = e.tile.index
            if s != me:
                if drawn_played[s]:
                    drawn_played[s] = False
                else:
                    group = _tightest_fit(groups[s], t)
                    if group is not None:
                        group[0] -= 1
            table.push_code(t, -1 if e.at is None else e.at.code)
        elif isinstance(e, (DrawEvent, PassEvent)):
            s = e.seat
            if s == me:
                continue
            shown = table.open_numbers
            for g in groups[s]:
                g[1] |= shown
            if isinstance(e, DrawEvent):
                nxt = events[i + 1] if i + 1 < len(events) else None
                if isinstance(nxt, PlayEvent) and nxt.seat == s:
                    drawn_played[s] = True  # the drawn tile fitted and was played at once
                else:
                    groups[s].append([1, shown])
    merged: list[Group] = []
    for s in range(n):
        if s == me:
            continue
        by_mask: dict[int, int] = {}
        for count, forbidden in groups[s]:
            if count > 0:
                by_mask[forbidden] = by_mask.get(forbidden, 0) + count
        total = sum(by_mask.values())
        if total != len(match.hand(s)):  # defensive: never trust a miscount
            by_mask = {0: len(match.hand(s))}
        merged.extend(Group(s, c, f) for f, c in sorted(by_mask.items()))
    own = match.hand_masks[me]
    unseen = ((1 << 28) - 1) & ~match.layout.placed_mask & ~own
    return Knowledge(me, n, own, unseen, tuple(merged), match.boneyard_count)


def _pick(mask: int, count: int, rng: random.Random) -> int:
    """``count`` tiles chosen uniformly from ``mask`` (which holds at least that many)."""
    tiles = [t for t in range(28) if mask >> t & 1]
    chosen = 0
    for t in rng.sample(tiles, count):
        chosen |= 1 << t
    return chosen


def sample_world(know: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """One deal of the unseen tiles consistent with ``know``: (hand masks, boneyard order).

    The most constrained groups are filled first, each at random. Should those picks
    take tiles a later group needs, every group is assigned again by one matching
    (:func:`_assignment`); only a view no real history gives deals the rest freely.
    """
    pool = know.unseen
    order = sorted(know.groups, key=lambda g: (AVOIDING[g.forbidden] & pool).bit_count())
    picks: list[int] = []
    stuck = False
    for g in order:
        allowed = AVOIDING[g.forbidden] & pool
        if allowed.bit_count() < g.count:
            allowed, stuck = pool, True
        picks.append(_pick(allowed, g.count, rng))
        pool &= ~picks[-1]
    if stuck:
        picks = _assignment(order, know.unseen, rng) or picks
    hands = [0] * know.players
    hands[know.seat] = know.own_hand
    pool = know.unseen
    for g, chosen in zip(order, picks, strict=True):
        hands[g.seat] |= chosen
        pool &= ~chosen
    bones = [t for t in range(28) if pool >> t & 1]
    rng.shuffle(bones)
    return hands, bones


def _assignment(groups: list[Group], pool: int, rng: random.Random) -> list[int] | None:
    """Tiles of ``pool`` for every group, each avoiding its numbers, or None if impossible.

    A bipartite matching of the groups' places to tiles by augmenting paths, tiles and
    places taken in random order: whenever any assignment exists, one is found.
    """
    tiles = [t for t in range(28) if pool >> t & 1]
    rng.shuffle(tiles)
    slots = [i for i, g in enumerate(groups) for _ in range(g.count)]
    rng.shuffle(slots)
    holder: dict[int, int] = {}  # tile -> the slot that holds it

    def place(slot: int, seen: set[int]) -> bool:
        fits = AVOIDING[groups[slots[slot]].forbidden]
        for t in tiles:
            if fits >> t & 1 and t not in seen:
                seen.add(t)
                if t not in holder or place(holder[t], seen):
                    holder[t] = slot
                    return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            return None
    chosen = [0] * len(groups)
    for t, slot in holder.items():
        chosen[slots[slot]] |= 1 << t
    return chosen


def consistent(know: Knowledge, hands: list[int]) -> bool:
    """Whether every seat's hand can be split into its groups (each group avoiding its numbers).

    Because one seat's forbidden sets are nested, filling its groups from the
    most constrained down, each with tiles that fit, decides this exactly.
    """
    for seat in range(know.players):
        if seat == know.seat:
            continue
        left = hands[seat]
        mine = sorted(
            (g for g in know.groups if g.seat == seat), key=lambda g: -g.forbidden.bit_count()
        )
        for g in mine:
            fit = left & AVOIDING[g.forbidden]
            if fit.bit_count() < g.count:
                return False
            for _ in range(g.count):
                low = fit & -fit
                fit ^= low
                left ^= low
        if left:
            return False
    return True


def unplayed(match: Match) -> int:
    """Tiles still in the hands and the boneyard: how big a position is to solve or sample."""
    return sum(len(hand) for hand in match.hands) + match.boneyard_count


def sampled_deals(match: Match, rng: random.Random, count: int) -> Iterator[Match]:
    """``count`` deals of the tiles the mover cannot see, each agreeing with what they saw.

    One copy of ``match`` is dealt again for each (:meth:`Match.sample_hidden`, from
    ``rng``), so use a deal before taking the next; ``match`` itself is not changed. The
    review's values and the puzzles' verification sample their deals so.
    """
    view = knowledge(match)
    world = match.copy()
    for _ in range(count):
        world.sample_hidden(rng, view)
        yield world
