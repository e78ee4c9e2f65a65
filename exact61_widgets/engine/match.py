"""A match: hands dealt, turns taken, awards and settlements applied (R2–R9, D3–D10).

:class:`Match` follows python-chess's ``Board``: one mutable object with
:meth:`~Match.push` / :meth:`~Match.pop`, :meth:`~Match.legal_actions` and a
typed history (:attr:`~Match.history`: each :class:`~.history.Deal` and each
:class:`~.history.SeatAction`), so undo is exact and cheap enough for search.
Each push returns the :mod:`events <exact61_widgets.engine.events>` it caused,
which carry the explanation of every award.

Hands are bitmasks of tile indices and places small integers, so generating
moves and testing for a block cost a few table look-ups; fast code reads them
through public read-only views (:attr:`~Match.hand_masks`,
:attr:`~Match.boneyard_indices`, the layout's masks).
"""

from __future__ import annotations

import copy
import operator
import os
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

from exact61_widgets.engine.actions import DRAW, PASS, PLAY_ROWS, Action, Draw, Pass, Play
from exact61_widgets.engine.errors import IllegalMoveError, SetupError
from exact61_widgets.engine.events import (
    BlockedAwardEvent,
    DrawEvent,
    Event,
    HandEnd,
    MatchWonEvent,
    OutEvent,
    PassEvent,
    PlayEvent,
    fast_constructor,
)
from exact61_widgets.engine.hidden import Knowledge, knowledge, sample_world
from exact61_widgets.engine.history import Deal, HistoryEntry, SeatAction
from exact61_widgets.engine.inline import inline
from exact61_widgets.engine.kernel import DRAW_TURN, drawn_step, turn_step
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.scoring import (
    AWARDS,
    TARGET_PARAMS,
    Status,
    accepts,
    is_start_score,
    reaches_target,
)
from exact61_widgets.engine.seating import Seating, seating
from exact61_widgets.engine.settlement import (
    blocked_winner,
    settle_blocked,
    settle_going_out,
)
from exact61_widgets.engine.tiles import (
    HAND_SIZE,
    TILES,
    Tile,
    as_tile,
    dealt_hands,
    pips_of,
    shuffled_tiles,
    tiles_of,
)
from exact61_widgets.i18n import Msg

_ALL_TILES: Final = (1 << 28) - 1
#: _BIT[t] == 1 << t: a table look-up costs less than a shift in the push loop.
_BIT: Final = tuple(1 << t for t in range(28))

PLAYING: Final = "playing"
HAND_OVER: Final = "hand_over"
MATCH_OVER: Final = "match_over"

__all__ = [
    "HAND_OVER",
    "HAND_SIZE",
    "MATCH_OVER",
    "PLAYING",
    "Deal",
    "HistoryEntry",
    "Match",
    "SeatAction",
]


def _action_name(action: Action) -> str | Msg:
    """How messages name an action: the play's notation, or the word draw / pass."""
    if isinstance(action, Draw):
        return Msg("draw")
    if isinstance(action, Pass):
        return Msg("pass")
    return str(action)


#: _TILE_BIT[tile] == 1 << tile.index, by the 28 tile objects themselves (they hash by
#: identity) and by their canonical text (``[1|4]``, as a record writes them): a deal reads
#: whole hands with one ``map`` each; anything else misses and is read one by one.
_TILE_BIT: Final[dict[Tile | str, int]] = {
    key: 1 << tile.index for tile in TILES for key in (tile, tile.text)
}
#: _TILE_INDEX[tile] == tile.index, the same way.
_TILE_INDEX: Final[dict[Tile | str, int]] = {
    key: tile.index for tile in TILES for key in (tile, tile.text)
}


def _mask_of(tiles: Sequence[Tile | str], seat: int) -> int:
    """The bitmask of a seat's hand, refusing a tile named twice."""
    try:
        # Tiles given as tiles: their bits summed; distinct bits leave no carry, so the
        # sum has one bit per tile exactly when no tile is named twice.
        mask: int = sum(map(_TILE_BIT.__getitem__, tiles))
    except (KeyError, TypeError):  # text, or not a tile: read one by one below
        mask = -1
    if mask >= 0 and mask.bit_count() == len(tiles):
        return mask
    mask = 0
    for item in tiles:
        tile = item if type(item) is Tile else as_tile(item)
        bit = 1 << tile.index
        if mask & bit:
            raise SetupError(
                Msg(
                    "{tile} appears twice in {what}",
                    {"tile": str(tile), "what": Msg("the hand of seat {seat}", {"seat": seat})},
                )
            )
        mask |= bit
    return mask


def _indices(tiles: Iterable[Tile | str]) -> list[int]:
    """The tile indices of ``tiles`` (tiles or their notation), in order."""
    if type(tiles) is list:
        try:
            return list(map(_TILE_INDEX.__getitem__, tiles))
        except (KeyError, TypeError):  # text, or not a tile: read one by one
            pass
    return [(t if type(t) is Tile else as_tile(t)).index for t in tiles]


class _HandState(NamedTuple):
    """Everything a deal replaces, kept so that popping the deal brings it back."""

    layout: Layout
    hands: list[int]
    boneyard: list[int]
    left: int
    to_move: int
    pending: int
    leader: int
    hand_no: int
    status: str
    end: HandEnd | None
    hand_start: int


#: The match's attributes that hold a :class:`_HandState`'s fields, in its order: a deal
#: saves them (:data:`_hand_state`) and popping the deal sets them back.
_HAND_ATTRIBUTES: Final = tuple(f"_{field}" for field in _HandState._fields)
#: ``_hand_state(match)``: those attributes' values, as a tuple, in one C call.
_hand_state: Final = operator.attrgetter(*_HAND_ATTRIBUTES)


class _Seed(NamedTuple):
    """A generator's starting point given as its seed (cheaper to keep than its state)."""

    seed: int | str


class _DealUndo(NamedTuple):
    """A history entry for a deal: the hands (bitmasks), boneyard and leader dealt, the
    hand before it, and how to bring back the shuffling generator's state before it.

    Copying a generator's state costs more than dealing, so the state is kept as
    where it came from (``rng_origin``: the seed, or a state it was set to) and the
    draws made since (``rng_draws``): 0 for a shuffle of the 28 tiles, ``n`` for a
    lot among ``n`` seats.
    """

    hands: tuple[int, ...]
    boneyard: tuple[int, ...]
    leader: int
    before: _HandState
    rng_origin: Any
    rng_draws: tuple[int, ...]
    #: How many events the match had when this hand was dealt.
    events_at: int

    def entry(self, rng_state: Any = None) -> Deal:
        """The public entry: the deal with tiles."""
        return Deal(
            tuple(tiles_of(h) for h in self.hands),
            tuple(TILES[t] for t in self.boneyard),
            self.leader,
            rng_state,
        )


#: The events that record an action; the settlements an action causes follow its event.
_ACTION_EVENTS: Final = (PlayEvent, DrawEvent, PassEvent)
# The events a push makes, built fast: an event per action (see events.fast_constructor);
# a play's and a draw's inlined in push (as the kernel's steps are, engine/inline.py).
_play_event: Final = fast_constructor(PlayEvent)
_draw_event: Final = fast_constructor(DrawEvent)
_pass_event: Final = fast_constructor(PassEvent)
_out_event: Final = fast_constructor(OutEvent)
_blocked_award_event: Final = fast_constructor(BlockedAwardEvent)
_hand_end: Final = fast_constructor(HandEnd)


def _seat_action(event: PlayEvent | DrawEvent | PassEvent) -> SeatAction:
    return SeatAction(event.seat, _action_of(event))


def _action_of(event: PlayEvent | DrawEvent | PassEvent) -> Action:
    """The action an action's event records."""
    if type(event) is PlayEvent:
        return PLAY_ROWS[event.tile.index][-1 if event.at is None else event.at.code]  # type: ignore[return-value]
    return DRAW if type(event) is DrawEvent else PASS


class Match:
    """A match of Exact 61 Five Up for 2–4 players (4: pairs 0+2 against 1+3).

    ``Match(players, seed=…)`` deals the first hand from a seeded generator and
    picks its leader by lot (D6) unless ``leader`` is given. After a hand ends,
    :meth:`deal` starts the next one. Scores are raw points, one per side.

    >>> match = Match(2, seed=7)
    >>> match.to_move, [str(action) for action in match.legal_actions()][:2]
    (1, ['[2|3]', '[3|4]'])
    >>> [event.award for event in match.push(match.legal_actions()[0])]  # its events
    [5]
    >>> match.scores  # the opening [2|3] has ends 2 + 3 = 5: five raw points to side 1
    (0, 5)
    """

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int | str | None = None,
        start_scores: Sequence[int] | None = None,
        leader: int | None = None,
        deal: bool = True,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise SetupError(
                Msg("a match has 2, 3 or 4 players, not {players}", {"players": repr(players)})
            )
        self._n = players
        self._seating = seating_ = seating(players)
        self._nsides = seating_.sides
        self._side_of: tuple[int, ...] = seating_.sides_of
        self._partner_of: tuple[int | None, ...] = seating_.partners
        self._next_seat: tuple[int, ...] = seating_.next_seats
        self._scores: tuple[int, ...] = self._check_scores(start_scores)
        self._start_scores = self._scores
        self._seed = seed
        # Without a seed, one from the system's randomness (as random.Random() takes):
        # kept as a seed, it costs less than the state of a generator seeded otherwise.
        origin = seed if seed is not None else int.from_bytes(os.urandom(32), "big")
        self._rng = random.Random(origin)
        #: Where the generator's state started (its seed, or the state it was last set
        #: to) and the draws made since: enough to bring back any earlier state.
        self._rng_origin: Any = _Seed(origin)
        self._rng_draws: list[int] = []
        self._layout = Layout()
        self._hands: list[int] = [0] * players
        self._boneyard: list[int] = []
        #: How many tiles are left to draw: the next is ``_boneyard[-_left]``.
        self._left = 0
        self._to_move = 0
        self._pending = -1
        self._leader = 0
        self._hand_no = 0
        self._status = HAND_OVER
        self._end: HandEnd | None = None
        self._winner: int | None = None
        self._events: list[Event] = []
        self._hand_start = 0
        #: The history is the event log and the deals. An action's record is its event
        #: (who did what; the scores, the drawn tile and the boneyard position before it
        #: follow from the log), so pushing one stores nothing more. Events before
        #: ``_floor`` cannot be undone (the hidden tiles were dealt anew there).
        self._deals: list[_DealUndo] = []
        self._floor = 0
        self._set_up = False
        if deal:
            self.deal(leader=leader)

    # -- set-up ------------------------------------------------------------------------

    def _check_scores(self, scores: Sequence[int] | None) -> tuple[int, ...]:
        if scores is None:
            return (0,) * self._nsides
        scores = list(scores)
        if len(scores) != self._nsides:
            raise SetupError(
                Msg(
                    "{players} players keep {sides} scores, not {given}",
                    {"players": self._n, "sides": self._nsides, "given": len(scores)},
                )
            )
        for s in scores:
            if not is_start_score(s):
                raise SetupError(
                    Msg(
                        "a start score is a raw multiple of 5 below {target_raw} (D10), "
                        "not {score}",
                        {**TARGET_PARAMS, "score": repr(s)},
                    )
                )
        return tuple(scores)

    @classmethod
    def setup(
        cls,
        players: int,
        *,
        hands: Sequence[Iterable[Tile | str]],
        boneyard: Iterable[Tile | str] = (),
        layout: Layout | str = "",
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        leader: int | None = None,
        seed: int | str | None = None,
    ) -> Match:
        """A hypothetical position: layout, hands, boneyard (draw order), scores, mover.

        Every one of the 28 tiles must be in exactly one place: on the table, in a
        hand or in the boneyard.
        """
        match = cls(players, seed=seed, start_scores=scores, deal=False)
        table = layout if isinstance(layout, Layout) else Layout.parse(layout)
        if len(hands) != players:
            raise SetupError(
                Msg(
                    "{players} players need {players} hands, not {given}",
                    {"players": players, "given": len(hands)},
                )
            )
        seen = table.placed_mask
        masks = []
        for seat, hand in enumerate(hands):
            mask = _mask_of(hand if type(hand) is list else list(hand), seat)
            if not mask:
                raise SetupError(
                    Msg("seat {seat} holds no tile: that hand would be over", {"seat": seat})
                )
            masks.append(mask)
        bones = _indices(boneyard)
        match._check_all_tiles([seen, *masks], bones)
        match._check_seat(to_move, Msg("the player to move"))
        if leader is not None:
            match._check_seat(leader, Msg("the leader"))
        match._layout = table.copy()
        match._hands = masks
        match._boneyard = bones
        match._left = len(bones)
        match._to_move = to_move
        match._leader = to_move if leader is None else leader
        match._hand_no = 1
        match._status = PLAYING
        match._set_up = True
        return match

    def _check_seat(self, seat: object, what: Msg) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise SetupError(
                Msg(
                    "{what} must be a seat from 0 to {last}, not {seat}",
                    {"what": what, "last": self._n - 1, "seat": repr(seat)},
                )
            )

    @staticmethod
    def _check_all_tiles(masks: Sequence[int], bones: Sequence[int]) -> None:
        """Every tile in exactly one place: the bitmasks ``masks`` or the list ``bones``."""
        # 28 tiles in all whose bits sum to all 28 bits: the sum carried nowhere, so no
        # tile is anywhere twice, and every tile is somewhere.
        count = len(bones)
        for mask in masks:
            count += mask.bit_count()
        if count == 28 and sum(masks) + sum(map(_BIT.__getitem__, bones)) == _ALL_TILES:
            return
        counts = [0] * 28
        for mask in masks:
            for t in range(28):
                counts[t] += mask >> t & 1
        for t in bones:
            counts[t] += 1
        for t in range(28):
            if counts[t] != 1:
                if counts[t] == 0:
                    raise SetupError(
                        Msg(
                            "the 28 tiles must each be in one place: {tile} is missing",
                            {"tile": str(TILES[t])},
                        )
                    )
                raise SetupError(
                    Msg(
                        "the 28 tiles must each be in one place: {tile} is there {count} times",
                        {"tile": str(TILES[t]), "count": counts[t]},
                    )
                )

    def deal(
        self,
        hands: Sequence[Iterable[Tile | str]] | None = None,
        boneyard: Iterable[Tile | str] | None = None,
        leader: int | None = None,
    ) -> None:
        """Start the next hand: deal 5 tiles each (shuffled, or as given) and pick the leader.

        Without ``leader`` the player who went out last leads (R2.5), otherwise a lot
        decides (D6). A given leader after a going-out must be that player.
        """
        if self._status == PLAYING:
            raise IllegalMoveError(Msg("the hand is still being played: finish it before dealing"))
        if self._status == MATCH_OVER:
            raise IllegalMoveError(Msg("the match is over: nothing follows (D8)"))
        required = self._end.next_leader if self._end is not None else None
        if leader is not None:
            if type(leader) is not int or not 0 <= leader < self._n:  # a message if needed
                self._check_seat(leader, Msg("the leader"))
            if required is not None and leader != required:
                raise IllegalMoveError(
                    Msg(
                        "seat {seat} went out, so seat {seat} leads the "
                        "next hand (R2.5), not seat {leader}",
                        {"seat": required, "leader": leader},
                    )
                )
        n = self._n
        draws = tuple(self._rng_draws)
        if hands is None:
            if boneyard is not None:
                raise SetupError(Msg("give the hands together with the boneyard"))
            order = shuffled_tiles(self._rng)
            self._rng_draws.append(0)
            masks = dealt_hands(order, n)
            bones = order[n * HAND_SIZE :]
        else:
            if len(hands) != n:
                raise SetupError(
                    Msg(
                        "{players} players need {players} hands, not {given}",
                        {"players": n, "given": len(hands)},
                    )
                )
            masks = []
            for seat, hand in enumerate(hands):
                if type(hand) is not list:
                    hand = list(hand)
                if len(hand) != HAND_SIZE:
                    raise SetupError(
                        Msg(
                            "seat {seat} is dealt {count} tiles, not 5 (R2.2)",
                            {"seat": seat, "count": len(hand)},
                        )
                    )
                masks.append(_mask_of(hand, seat))
            bones = _indices(boneyard or ())
            self._check_all_tiles(masks, bones)
        if leader is None:
            if required is None:
                leader = self._rng.randrange(n)
                self._rng_draws.append(n)
            else:
                leader = required
        # Both records built with tuple.__new__: a NamedTuple's own __new__ is a Python
        # function, a frame per call, and every hand is dealt so.
        before = tuple.__new__(_HandState, _hand_state(self))
        self._deals.append(
            tuple.__new__(
                _DealUndo,
                (
                    tuple(masks),
                    tuple(bones),
                    leader,
                    before,
                    self._rng_origin,
                    draws,
                    len(self._events),
                ),
            )
        )
        self._layout = Layout()
        self._hands = masks
        self._boneyard = bones
        self._left = len(bones)
        self._to_move = leader
        self._leader = leader
        self._pending = -1
        self._hand_no += 1
        self._status = PLAYING
        self._end = None
        self._hand_start = len(self._events)

    def sample_hidden(self, rng: random.Random, view: Knowledge | None = None) -> None:
        """Deal every tile the player to move cannot see again, at random but consistently.

        The other hands and the boneyard's order are replaced by a deal that agrees
        with everything the mover has seen (their own hand, the table, hand sizes,
        and the numbers each draw or pass showed missing, :mod:`.hidden`), as the
        ``dominoes`` package's ``random_possible_hands`` does; ``view`` passes that
        knowledge when it was read already. The match becomes a hypothetical
        position: its history is cleared (``pop`` cannot go back past the new deal)
        and it cannot be written as a record. The search bot plays its worlds so.
        """
        if self._status != PLAYING:
            raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
        hands, bones = sample_world(knowledge(self) if view is None else view, rng)
        self._hands = hands
        self._boneyard = bones
        self._left = len(bones)
        self._deals.clear()
        self._floor = len(self._events)
        self._set_up = True

    # -- what the position is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players (2–4)."""
        return self._n

    @property
    def seating(self) -> Seating:
        """Who plays with whom: the sides, each seat's side and partner, their names (R2.1)."""
        return self._seating

    @property
    def sides(self) -> int:
        """Number of scores kept: players, or 2 pairs with 4 players (R2.1)."""
        return self._nsides

    def side_of(self, seat: int) -> int:
        """The side (score index) a seat plays for."""
        return self._side_of[seat]

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat with 4 players, else None."""
        return self._partner_of[seat]

    @property
    def scores(self) -> tuple[int, ...]:
        """Raw scores per side."""
        return self._scores

    @property
    def start_scores(self) -> tuple[int, ...]:
        """The scores the match started from (D10)."""
        return self._start_scores

    @property
    def layout(self) -> Layout:
        """The table of the current hand (do not change it directly; push actions)."""
        return self._layout

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self._to_move

    @property
    def leader(self) -> int:
        """The seat that led the current hand."""
        return self._leader

    @property
    def hand_number(self) -> int:
        """1 for the first hand, 2 for the second …"""
        return self._hand_no

    @property
    def status(self) -> str:
        """``playing``, ``hand_over`` or ``match_over``."""
        return self._status

    @property
    def is_over(self) -> bool:
        """Whether a side has reached exactly 305 raw (R9)."""
        return self._status == MATCH_OVER

    @property
    def winner(self) -> int | None:
        """The side that reached exactly 305 raw, or None."""
        return self._winner

    @property
    def hand_end(self) -> HandEnd | None:
        """How the current hand ended, or None while it is played."""
        return self._end

    @property
    def drawn_tile(self) -> Tile | None:
        """A drawn tile that must be played at once (R3.3), or None."""
        return None if self._pending < 0 else TILES[self._pending]

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles a seat holds, sorted."""
        return tiles_of(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles (an omniscient view, for teaching and tests)."""
        return tuple(tiles_of(h) for h in self._hands)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Every seat's tiles as a bitmask of tile indices (the omniscient view, for fast code)."""
        return tuple(self._hands)

    def pips(self, seat: int) -> int:
        """The pip total of a seat's remaining tiles."""
        return pips_of(self._hands[seat])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles still in the boneyard, in draw order."""
        return tuple(TILES[t] for t in self._boneyard[len(self._boneyard) - self._left :])

    @property
    def boneyard_indices(self) -> tuple[int, ...]:
        """The tile indices still in the boneyard, in draw order (for fast code)."""
        return tuple(self._boneyard[len(self._boneyard) - self._left :])

    @property
    def boneyard_count(self) -> int:
        """How many tiles are left to draw."""
        return self._left

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the match so far."""
        return tuple(self._events)

    @property
    def hand_events(self) -> tuple[Event, ...]:
        """The events of the current hand."""
        return tuple(self._events[self._hand_start :])

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Everything pushed, in order: each :class:`Deal` and each :class:`SeatAction`.

        A read-only view: change the match with :meth:`push`, :meth:`pop` and
        :meth:`deal`. A position set up by hand starts with no deal.
        """
        entries: list[HistoryEntry] = []
        deals = iter(self._deals)
        deal = next(deals, None)
        events = self._events
        for i in range(self._floor, len(events) + 1):
            while deal is not None and deal.events_at == i:
                entries.append(deal.entry())
                deal = next(deals, None)
            event = events[i] if i < len(events) else None
            if isinstance(event, _ACTION_EVENTS):
                entries.append(_seat_action(event))
        return tuple(entries)

    @property
    def action_stack(self) -> tuple[SeatAction, ...]:
        """Every action pushed, as ``(seat, action)``, across hands (deals left out)."""
        return tuple(
            _seat_action(e) for e in self._events[self._floor :] if isinstance(e, _ACTION_EVENTS)
        )

    @property
    def is_set_up(self) -> bool:
        """Whether the match started from an explicit position (:meth:`setup`)."""
        return self._set_up

    # -- legal actions ------------------------------------------------------------------

    @inline(turn_step)
    def _turn(self) -> int:
        """What the player to move does: :func:`.kernel.turn_step` (plays, a draw or a pass)."""
        hand = self._hands[self._to_move]
        pending = self._pending
        layout = self._layout
        placed = layout.placed_mask
        open_numbers = layout.open_numbers
        left = self._left
        turn = turn_step(hand, pending, placed, open_numbers, left)
        return turn

    def legal_plays(self) -> list[Play]:
        """The plays open to the player to move, by tile then place."""
        if self._status != PLAYING:
            return []
        actions = self.legal_actions()
        return [] if actions[0] is DRAW or actions[0] is PASS else actions  # type: ignore[return-value]

    def legal_actions(self) -> list[Action]:
        """Plays if there are any (R3.2), else a draw (R3.3), else a pass (R3.4)."""
        if self._status != PLAYING:
            return []
        return self._layout.actions(self._hands[self._to_move], self._pending, self._left)

    def why_illegal(self, action: Action | Deal) -> Msg | None:
        """Why ``action`` may not be pushed now, or None if it may."""
        if isinstance(action, Deal):
            return self._why_not_deal()
        if self._status == MATCH_OVER:
            return Msg("the match is over: nothing follows (D8)")
        if self._status == HAND_OVER:
            return Msg("the hand is over: deal the next hand first (D9)")
        seat = self._to_move
        if isinstance(action, Play):
            return self._why_not_play(seat, action)
        playable = max(self._turn(), 0)
        if isinstance(action, Draw):
            if self._pending >= 0:
                return Msg(
                    "play the drawn tile {tile} now (R3.3)", {"tile": str(TILES[self._pending])}
                )
            if playable:
                return Msg(
                    "seat {seat} can play {tile}, so drawing is not allowed (R3.2)",
                    {"seat": seat, "tile": str(tiles_of(playable)[0])},
                )
            if not self._left:
                return Msg("the boneyard is empty: nothing to draw (R3.4)")
            return None
        if isinstance(action, Pass):
            if playable:
                return Msg(
                    "seat {seat} can play {tile}, so passing is not allowed (R3.2)",
                    {"seat": seat, "tile": str(tiles_of(playable)[0])},
                )
            if self._left:
                return Msg(
                    "seat {seat} must draw: the boneyard still has tiles (R3.3, R3.4)",
                    {"seat": seat},
                )
            return None
        return Msg("{action} is not an action", {"action": repr(action)})

    def _why_not_deal(self) -> Msg | None:
        if self._status == PLAYING:
            return Msg("the hand is still being played: finish it before dealing")
        if self._status == MATCH_OVER:
            return Msg("the match is over: nothing follows (D8)")
        return None

    def _why_not_play(self, seat: int, play: Play) -> Msg | None:
        tile = play.tile
        if not self._hands[seat] >> play.tile_index & 1:
            return Msg(
                "{tile} is not in the hand of seat {seat}", {"tile": str(tile), "seat": seat}
            )
        if self._pending >= 0 and play.tile_index != self._pending:
            return Msg(
                "the drawn tile {drawn} must be played at once, not {tile} (R3.3)",
                {"drawn": str(TILES[self._pending]), "tile": str(tile)},
            )
        return self._layout.why_illegal(tile, play.at)

    def is_legal(self, action: Action | Deal) -> bool:
        """Whether ``action`` may be pushed now."""
        return self.why_illegal(action) is None

    def blocks(self, action: Action) -> bool:
        """Whether the legal ``action`` ends the hand as blocked (R3.5, D9)."""
        self.push(action)
        try:
            return self._end is not None and self._end.kind == "blocked"
        finally:
            self.pop()

    def blocking_action(self, action: Action | None = None) -> Action:
        """The action that blocks the hand now: ``action`` checked, or the first that does.

        Walkthroughs and exercises of the blocked-hand settlement (R8) start one
        action before the block; an impossible request raises IllegalMoveError.
        """
        if self._status != PLAYING:
            raise IllegalMoveError(Msg("the hand is not being played: nothing can block it"))
        if action is None:
            for candidate in self.legal_actions():
                if self.blocks(candidate):
                    return candidate
            raise IllegalMoveError(Msg("no action blocks the hand in this position"))
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalMoveError(
                Msg(
                    "{action} cannot be done in this position: {reason}",
                    {"action": _action_name(action), "reason": reason},
                )
            )
        if not self.blocks(action):
            raise IllegalMoveError(
                Msg("{action} does not block this hand", {"action": _action_name(action)})
            )
        return action

    # -- push / pop ------------------------------------------------------------------------

    @inline(_play_event)
    def push(self, action: Action | Deal) -> list[Event]:
        """Do ``action`` for the player to move; return the events it caused.

        A :class:`Deal` (as :meth:`pop` returns it) deals that hand again and
        causes no event. An illegal action raises :class:`IllegalMoveError` and
        changes nothing.
        """
        if type(action) is not Play or self._status != PLAYING:
            if (
                action is DRAW and self._status == PLAYING and self._turn() == DRAW_TURN
            ):  # a draw, as the rules allow it (R3.3): the next most common action
                return self._draw(self._to_move)
            return self._push_other(action)
        # A play, in one piece: it is most of what a match does.
        seat = self._to_move
        t = action.tile_index
        hand = self._hands[seat]
        bit = _BIT[t]
        pending = self._pending
        if not hand & bit or (pending >= 0 and pending != t):
            return self._push_other(action)
        layout = self._layout
        end_sum = layout.push_code(t, action.place_code)
        if end_sum < 0:
            return self._push_other(action)
        hand ^= bit
        self._hands[seat] = hand
        self._pending = -1
        side = self._side_of[seat]
        before = self._scores[side]
        award = AWARDS[end_sum]
        status: Status
        if not hand:
            status = "deferred"
        elif not award:
            status = "none"
        elif accepts(before, award):
            status = "applied"
            self._set_score(side, before + award)
        else:
            status = "rejected"
        tile = action.tile
        at = action.at
        scores = self._scores
        placed = layout.placed_mask
        taken = layout.taken_bits
        event = _play_event(
            seat, side, tile, at, end_sum, award, status, before, scores, placed, taken
        )
        self._events.append(event)
        if hand and (status != "applied" or not reaches_target(before + award)):
            if self._left:  # tiles left to draw: no block yet (D9)
                self._to_move = self._next_seat[seat]
                return [event]
            events = self._events
            start = len(events) - 1
            self._end_turn(seat)
            return events[start:]  # the play and a block it caused
        events = self._events
        start = len(events) - 1
        if hand:  # the award reached the target exactly (R9.1)
            self._win(side, "match_won")
        else:  # the last tile: the going-out settlement (R7)
            self._go_out(seat, award)
        return events[start:]  # the play and what it settled

    def _push_other(self, action: Action | Deal) -> list[Event]:
        """:meth:`push` for a pass or a deal, and for whatever is illegal."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        if isinstance(action, Deal):
            self.deal(action.hands, action.boneyard, leader=action.leader)
            if action.rng_state is not None:
                self._rng.setstate(action.rng_state)
                self._rng_origin = action.rng_state
                self._rng_draws = []
            return []
        seat = self._to_move
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, Pass):
            return self._pass(seat)
        raise IllegalMoveError(Msg("{action} is not an action", {"action": repr(action)}))

    def _set_score(self, side: int, score: int) -> tuple[int, ...]:
        scores = self._scores
        self._scores = scores = (*scores[:side], score, *scores[side + 1 :])
        return scores

    @inline(drawn_step, _draw_event)
    def _draw(self, seat: int) -> list[Event]:
        t = self._boneyard[-self._left]
        self._left -= 1
        self._hands[seat] |= 1 << t
        layout = self._layout
        placed = layout.placed_mask
        open_numbers = layout.open_numbers
        fits = drawn_step(t, placed, open_numbers)
        if fits:  # played at once (R3.3)
            self._pending = t
        tile = TILES[t]
        scores = self._scores
        event = _draw_event(seat, tile, scores)
        self._events.append(event)
        return [event]

    def _pass(self, seat: int) -> list[Event]:
        start = len(self._events)
        self._events.append(_pass_event(seat, self._scores))
        self._end_turn(seat)
        return self._events[start:]

    def _end_turn(self, seat: int) -> None:
        """D9: after a turn, a block ends the hand; otherwise the next seat moves."""
        if self._layout.turn_blocks(self._hands, self._left):
            self._block()
            return
        self._to_move = self._next_seat[seat]

    def _win(self, side: int, end_kind: str) -> None:
        self._winner = side
        self._status = MATCH_OVER
        self._events.append(MatchWonEvent(side, self._scores, self._n))
        if end_kind == "match_won":
            self._end = _hand_end("match_won", None, None, self._scores)

    def _go_out(self, seat: int, play_award: int) -> None:
        """R7: the last play, the opponents' rounded pips and the partner's deduction, as one."""
        side = self._side_of[seat]
        hands = self._hands
        before = self._scores[side]
        opponents, partner_pips, parts, (status, self._scores, won) = settle_going_out(
            hands, seat, self._side_of, self._partner_of, play_award, self._scores
        )
        self._events.append(
            _out_event(
                seat,
                side,
                play_award,
                opponents,
                parts.opponents_award,
                partner_pips,
                parts.partner_deduction,
                parts.net,
                status,
                before,
                self._scores,
                tuple(hands),
            )
        )
        if won:
            self._win(side, "out")
            self._end = _hand_end("out", side, None, self._scores)
        else:
            self._status = HAND_OVER
            self._end = _hand_end("out", side, seat, self._scores)

    def _block(self) -> None:
        """R8: each player's differences to larger opponent totals, rounded once, in order."""
        totals = [pips_of(h) for h in self._hands]
        won = False
        for part in settle_blocked(totals, self._side_of, self._leader, self._scores):
            share = part.share
            self._scores = part.scores
            self._events.append(
                _blocked_award_event(
                    share.seat,
                    part.side,
                    share.pips,
                    share.compared,
                    share.difference,
                    share.award,
                    part.status,
                    part.before,
                    part.scores,
                )
            )
            if part.won:
                won = True
                self._win(part.side, "blocked")
        if not won:
            self._status = HAND_OVER
        self._end = _hand_end("blocked", blocked_winner(totals, self._side_of), None, self._scores)

    def pop(self) -> Action | Deal:
        """Undo the last action or deal exactly, settlements included; return it.

        A deal comes back as a :class:`Deal` that :meth:`push` takes to deal it again.
        """
        events = self._events
        if self._deals and self._deals[-1].events_at == len(events):
            entry = self._deals.pop()
            deal = entry.entry(self._rng.getstate())
            for name, value in zip(_HAND_ATTRIBUTES, entry.before, strict=True):
                setattr(self, name, value)
            self._rewind_rng(entry.rng_origin, entry.rng_draws)
            return deal
        if len(events) <= self._floor:
            raise IndexError("nothing to undo")
        # An action: its event, and the settlements after it, come off the log.
        i = len(events) - 1
        while not isinstance(events[i], _ACTION_EVENTS):
            i -= 1
        event = events[i]
        assert isinstance(event, _ACTION_EVENTS)
        before = events[i - 1] if i else None
        del events[i:]
        seat = event.seat
        self._scores = self._start_scores if before is None else before.scores
        self._to_move = seat
        self._status = PLAYING
        self._end = None
        self._winner = None
        self._pending = -1
        if type(event) is PlayEvent:
            t = event.tile.index
            self._layout.pop()
            self._hands[seat] |= 1 << t
            # A tile drawn just before by the same seat was the drawn tile to play (R3.3).
            if type(before) is DrawEvent and before.seat == seat and before.tile.index == t:
                self._pending = t
        elif type(event) is DrawEvent:
            self._hands[seat] &= ~(1 << event.tile.index)
            self._left += 1
        return _action_of(event)

    def _rewind_rng(self, origin: Any, draws: tuple[int, ...]) -> None:
        """Set the shuffling generator to ``origin`` followed by ``draws`` (see _DealUndo)."""
        rng = self._rng
        if isinstance(origin, _Seed):
            rng.seed(origin.seed)
        else:
            rng.setstate(origin)
        for n in draws:
            if n:
                rng.randrange(n)
            else:
                shuffled_tiles(rng)
        self._rng_origin = origin
        self._rng_draws = list(draws)

    def peek(self) -> Action | None:
        """The last action pushed in this hand, or None."""
        events = self._events
        start = self._deals[-1].events_at if self._deals else self._floor
        for i in range(len(events) - 1, start - 1, -1):
            event = events[i]
            if isinstance(event, _ACTION_EVENTS):
                return _action_of(event)
        return None

    def copy(self) -> Match:
        """An independent copy (history included)."""
        other: Match = copy.copy(self)
        other._layout = self._layout.copy()
        other._hands = list(self._hands)
        other._events = list(self._events)
        # Earlier hands' layouts and hands come back on pop: give the copy its own.
        other._deals = [
            entry._replace(
                before=entry.before._replace(
                    layout=entry.before.layout.copy(), hands=list(entry.before.hands)
                )
            )
            for entry in self._deals
        ]
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._rng_draws = list(self._rng_draws)
        return other

    def __repr__(self) -> str:
        return (
            f"<Match players={self._n} hand={self._hand_no} scores={self.scores} "
            f"status={self._status} layout={str(self._layout)!r}>"
        )

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import match_svg  # lazy: the engine imports no SVG code

        return str(match_svg(self))
