"""A match: hands dealt, turns taken, awards and settlements applied (R2–R9, D3–D10).

:class:`Match` follows python-chess's ``Board``: one mutable object with
:meth:`~Match.push` / :meth:`~Match.pop`, :meth:`~Match.legal_actions` and a
stack of everything done, so undo is exact and cheap enough for search. Each
push returns the :mod:`events <exact61_widgets.engine.events>` it caused, which
carry the explanation of every award.

Internally hands are bitmasks of tile indices and places are small integers, so
generating moves and testing for a block cost a few table look-ups.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

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
    Status,
)
from exact61_widgets.engine.layout import JOIN, TILE_HIGH, TILE_LOW, TILES_WITH, Layout
from exact61_widgets.engine.ports import PLACE_NUMBER, PLACES
from exact61_widgets.engine.scoring import POINT, TARGET, round5
from exact61_widgets.engine.tiles import TILES, Tile, as_tile
from exact61_widgets.i18n import Msg

HAND_SIZE: Final = 5


class Deal:
    """What :meth:`Match.pop` returns when it undoes the dealing of a hand."""

    kind = "deal"

    def __repr__(self) -> str:
        return "DEAL"


DEAL: Final = Deal()
_PIPS: Final = tuple(t.pips for t in TILES)
_BIT: Final = {1 << t: t for t in range(28)}

PLAYING: Final = "playing"
HAND_OVER: Final = "hand_over"
MATCH_OVER: Final = "match_over"


def _tiles_of(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[t] for t in range(28) if mask >> t & 1)


def _action_name(action: Action) -> str | Msg:
    """How messages name an action: the play's notation, or the word draw / pass."""
    if isinstance(action, Draw):
        return Msg("draw")
    if isinstance(action, Pass):
        return Msg("pass")
    return str(action)


def _pips_of(mask: int) -> int:
    return sum(_PIPS[t] for t in range(28) if mask >> t & 1)


def _mask_of(tiles: Iterable[Tile | str], what: Msg) -> int:
    mask = 0
    for item in tiles:
        tile = as_tile(item)
        if mask >> tile.index & 1:
            raise SetupError(Msg("{tile} appears twice in {what}", {"tile": str(tile),
                                                                    "what": what}))
        mask |= 1 << tile.index
    return mask


class Match:
    """A match of Exact 61 Five Up for 2–4 players (4: pairs 0+2 against 1+3).

    ``Match(players, seed=…)`` deals the first hand from a seeded generator and
    picks its leader by lot (D6) unless ``leader`` is given. After a hand ends,
    :meth:`deal` starts the next one. Scores are raw points, one per side.
    """

    def __init__(self, players: int = 2, *, seed: int | str | None = None,
                 start_scores: Sequence[int] | None = None, leader: int | None = None,
                 deal: bool = True) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise SetupError(Msg("a match has 2, 3 or 4 players, not {players}",
                                 {"players": repr(players)}))
        self._n = players
        self._nsides = 2 if players == 4 else players
        self._side_of: tuple[int, ...] = tuple(s % self._nsides for s in range(players))
        self._scores: list[int] = self._check_scores(start_scores)
        self._start_scores = tuple(self._scores)
        self._seed = seed
        self._rng = random.Random(seed)
        self._layout = Layout()
        self._hands: list[int] = [0] * players
        self._dealt: tuple[int, ...] = (0,) * players
        self._boneyard: list[int] = []
        self._bone_pos = 0
        self._to_move = 0
        self._pending = -1
        self._leader = 0
        self._hand_no = 0
        self._status = HAND_OVER
        self._end: HandEnd | None = None
        self._winner: int | None = None
        self._events: list[Event] = []
        self._hand_start = 0
        self._stack: list[tuple[Any, ...]] = []
        self._set_up = False
        if deal:
            self.deal(leader=leader)

    # -- set-up ------------------------------------------------------------------------

    def _check_scores(self, scores: Sequence[int] | None) -> list[int]:
        if scores is None:
            return [0] * self._nsides
        scores = list(scores)
        if len(scores) != self._nsides:
            raise SetupError(Msg("{players} players keep {sides} scores, not {given}", {
                "players": self._n, "sides": self._nsides, "given": len(scores)}))
        for s in scores:
            if isinstance(s, bool) or not isinstance(s, int) or s % POINT or s >= TARGET:
                raise SetupError(Msg("a start score is a raw multiple of 5 below 305 (D10), "
                                     "not {score}", {"score": repr(s)}))
        return scores

    @classmethod
    def setup(cls, players: int, *, hands: Sequence[Iterable[Tile | str]],
              boneyard: Iterable[Tile | str] = (), layout: Layout | str = "",
              scores: Sequence[int] | None = None, to_move: int = 0,
              leader: int | None = None, seed: int | str | None = None) -> Match:
        """A hypothetical position: layout, hands, boneyard (draw order), scores, mover.

        Every one of the 28 tiles must be in exactly one place: on the table, in a
        hand or in the boneyard.
        """
        match = cls(players, seed=seed, start_scores=scores, deal=False)
        table = layout if isinstance(layout, Layout) else Layout.parse(layout)
        if len(hands) != players:
            raise SetupError(Msg("{players} players need {players} hands, not {given}",
                                 {"players": players, "given": len(hands)}))
        seen = table._placed
        masks = []
        for seat, hand in enumerate(hands):
            mask = _mask_of(hand, Msg("the hand of seat {seat}", {"seat": seat}))
            if not mask:
                raise SetupError(Msg("seat {seat} holds no tile: that hand would be over",
                                     {"seat": seat}))
            masks.append(mask)
        bones = [as_tile(t).index for t in boneyard]
        everything: list[int] = [t for t in range(28) if seen >> t & 1]
        for mask in masks:
            everything += [t for t in range(28) if mask >> t & 1]
        everything += bones
        match._check_all_tiles(everything)
        match._check_seat(to_move, Msg("the player to move"))
        if leader is not None:
            match._check_seat(leader, Msg("the leader"))
        match._layout = table.copy()
        match._hands = masks
        match._dealt = tuple(masks)
        match._boneyard = bones
        match._bone_pos = 0
        match._to_move = to_move
        match._leader = to_move if leader is None else leader
        match._hand_no = 1
        match._status = PLAYING
        match._set_up = True
        return match

    def _check_seat(self, seat: object, what: Msg) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise SetupError(Msg("{what} must be a seat from 0 to {last}, not {seat}",
                                 {"what": what, "last": self._n - 1, "seat": repr(seat)}))

    @staticmethod
    def _check_all_tiles(tiles: Sequence[int]) -> None:
        counts = [0] * 28
        for t in tiles:
            counts[t] += 1
        for t in range(28):
            if counts[t] != 1:
                if counts[t] == 0:
                    raise SetupError(Msg("the 28 tiles must each be in one place: {tile} is "
                                         "missing", {"tile": str(TILES[t])}))
                raise SetupError(Msg("the 28 tiles must each be in one place: {tile} is there "
                                     "{count} times", {"tile": str(TILES[t]), "count": counts[t]}))

    def deal(self, hands: Sequence[Iterable[Tile | str]] | None = None,
             boneyard: Iterable[Tile | str] | None = None, leader: int | None = None) -> None:
        """Start the next hand: deal 5 tiles each (shuffled, or as given) and pick the leader.

        Without ``leader`` the player who went out last leads (R2.5), otherwise a lot
        decides (D6). A given leader after a going-out must be that player.
        """
        if self._status == PLAYING:
            raise IllegalMoveError(Msg("the hand is still being played: finish it before "
                                       "dealing"))
        if self._status == MATCH_OVER:
            raise IllegalMoveError(Msg("the match is over: nothing follows (D8)"))
        required = self._end.next_leader if self._end is not None else None
        if leader is not None:
            self._check_seat(leader, Msg("the leader"))
            if required is not None and leader != required:
                raise IllegalMoveError(Msg("seat {seat} went out, so seat {seat} leads the "
                                           "next hand (R2.5), not seat {leader}",
                                           {"seat": required, "leader": leader}))
        snapshot = self._snapshot_hand()
        rng_state = self._rng.getstate()
        if hands is None:
            if boneyard is not None:
                raise SetupError(Msg("give the hands together with the boneyard"))
            order = list(range(28))
            self._rng.shuffle(order)
            masks = [sum(1 << t for t in order[s * HAND_SIZE:(s + 1) * HAND_SIZE])
                     for s in range(self._n)]
            bones = order[self._n * HAND_SIZE:]
        else:
            if len(hands) != self._n:
                raise SetupError(Msg("{players} players need {players} hands, not {given}",
                                     {"players": self._n, "given": len(hands)}))
            masks = []
            for seat, hand in enumerate(hands):
                hand = list(hand)
                if len(hand) != HAND_SIZE:
                    raise SetupError(Msg("seat {seat} is dealt {count} tiles, not 5 (R2.2)",
                                         {"seat": seat, "count": len(hand)}))
                masks.append(_mask_of(hand, Msg("the hand of seat {seat}", {"seat": seat})))
            bones = [as_tile(t).index for t in (boneyard or ())]
            everything = [t for m in masks for t in range(28) if m >> t & 1] + bones
            self._check_all_tiles(everything)
        if leader is None:
            leader = required if required is not None else self._rng.randrange(self._n)
        self._stack.append(("deal", snapshot, rng_state, tuple(masks), tuple(bones), leader))
        self._layout = Layout()
        self._hands = masks
        self._dealt = tuple(masks)
        self._boneyard = bones
        self._bone_pos = 0
        self._to_move = leader
        self._leader = leader
        self._pending = -1
        self._hand_no += 1
        self._status = PLAYING
        self._end = None
        self._hand_start = len(self._events)

    def _snapshot_hand(self) -> tuple[Any, ...]:
        return (self._layout, self._hands, self._dealt, self._boneyard, self._bone_pos,
                self._to_move, self._pending, self._leader, self._hand_no, self._status,
                self._end, self._hand_start)

    def _restore_hand(self, snap: tuple[Any, ...]) -> None:
        (self._layout, self._hands, self._dealt, self._boneyard, self._bone_pos,
         self._to_move, self._pending, self._leader, self._hand_no, self._status,
         self._end, self._hand_start) = snap

    # -- what the position is ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players (2–4)."""
        return self._n

    @property
    def sides(self) -> int:
        """Number of scores kept: players, or 2 pairs with 4 players (R2.1)."""
        return self._nsides

    def side_of(self, seat: int) -> int:
        """The side (score index) a seat plays for."""
        return self._side_of[seat]

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat with 4 players, else None."""
        return (seat + 2) % 4 if self._n == 4 else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Raw scores per side."""
        return tuple(self._scores)

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
        return _tiles_of(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles (an omniscient view, for teaching and tests)."""
        return tuple(_tiles_of(h) for h in self._hands)

    def pips(self, seat: int) -> int:
        """The pip total of a seat's remaining tiles."""
        return _pips_of(self._hands[seat])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles still in the boneyard, in draw order."""
        return tuple(TILES[t] for t in self._boneyard[self._bone_pos:])

    @property
    def boneyard_count(self) -> int:
        """How many tiles are left to draw."""
        return len(self._boneyard) - self._bone_pos

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the match so far."""
        return tuple(self._events)

    @property
    def hand_events(self) -> tuple[Event, ...]:
        """The events of the current hand."""
        return tuple(self._events[self._hand_start:])

    @property
    def action_stack(self) -> tuple[tuple[int, Action], ...]:
        """Every action pushed, as ``(seat, action)``, across hands."""
        return tuple((e[1], e[0]) for e in self._stack if e[0] != "deal")

    @property
    def is_set_up(self) -> bool:
        """Whether the match started from an explicit position (:meth:`setup`)."""
        return self._set_up

    # -- legal actions ------------------------------------------------------------------

    def _playable_mask(self, seat: int) -> int:
        if self._pending >= 0:
            return 1 << self._pending
        hand = self._hands[seat]
        if not self._layout._order:
            return hand
        return hand & TILES_WITH[self._layout._open_mask]

    def legal_plays(self) -> list[Play]:
        """The plays open to the player to move, by tile then place."""
        if self._status != PLAYING:
            return []
        mask = self._playable_mask(self._to_move)
        if not mask:
            return []
        layout = self._layout
        plays: list[Play] = []
        opening = not layout._order
        open_ = layout._open
        while mask:
            bit = mask & -mask
            mask ^= bit
            t = _BIT[bit]
            row = PLAY_ROWS[t]
            if opening:
                plays.append(row[-1])  # type: ignore[arg-type]
                continue
            low = TILE_LOW[t]
            high = TILE_HIGH[t]
            codes = open_[low] if low == high else open_[low] + open_[high]
            if len(codes) > 1:
                codes = sorted(codes)
            plays.extend([row[p] for p in codes])  # type: ignore[misc]
        return plays

    def legal_actions(self) -> list[Action]:
        """Plays if there are any (R3.2), else a draw (R3.3), else a pass (R3.4)."""
        if self._status != PLAYING:
            return []
        plays: list[Action] = list(self.legal_plays())
        if plays:
            return plays
        return [DRAW] if self._bone_pos < len(self._boneyard) else [PASS]

    def why_illegal(self, action: Action) -> Msg | None:
        """Why ``action`` may not be pushed now, or None if it may."""
        if self._status == MATCH_OVER:
            return Msg("the match is over: nothing follows (D8)")
        if self._status == HAND_OVER:
            return Msg("the hand is over: deal the next hand first (D9)")
        seat = self._to_move
        if isinstance(action, Play):
            return self._why_not_play(seat, action)
        playable = self._playable_mask(seat)
        if isinstance(action, Draw):
            if self._pending >= 0:
                return Msg("play the drawn tile {tile} now (R3.3)",
                           {"tile": str(TILES[self._pending])})
            if playable:
                return Msg("seat {seat} can play {tile}, so drawing is not allowed (R3.2)",
                           {"seat": seat, "tile": str(_tiles_of(playable)[0])})
            if self._bone_pos >= len(self._boneyard):
                return Msg("the boneyard is empty: nothing to draw (R3.4)")
            return None
        if isinstance(action, Pass):
            if playable:
                return Msg("seat {seat} can play {tile}, so passing is not allowed (R3.2)",
                           {"seat": seat, "tile": str(_tiles_of(playable)[0])})
            if self._bone_pos < len(self._boneyard):
                return Msg("seat {seat} must draw: the boneyard still has tiles (R3.3, R3.4)",
                           {"seat": seat})
            return None
        return Msg("{action} is not an action", {"action": repr(action)})

    def _why_not_play(self, seat: int, play: Play) -> Msg | None:
        tile = play.tile
        if not self._hands[seat] >> play.t & 1:
            return Msg("{tile} is not in the hand of seat {seat}", {"tile": str(tile),
                                                                    "seat": seat})
        if self._pending >= 0 and play.t != self._pending:
            return Msg("the drawn tile {drawn} must be played at once, not {tile} (R3.3)",
                       {"drawn": str(TILES[self._pending]), "tile": str(tile)})
        return self._layout.why_illegal(tile, play.at)

    def is_legal(self, action: Action) -> bool:
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
            raise IllegalMoveError(Msg("{action} cannot be done in this position: {reason}",
                                       {"action": _action_name(action), "reason": reason}))
        if not self.blocks(action):
            raise IllegalMoveError(Msg("{action} does not block this hand",
                                       {"action": _action_name(action)}))
        return action

    # -- push / pop ------------------------------------------------------------------------

    def push(self, action: Action) -> list[Event]:
        """Do ``action`` for the player to move; return the events it caused.

        An illegal action raises :class:`IllegalMoveError` and changes nothing.
        """
        if self._status == PLAYING and type(action) is Play:
            seat = self._to_move
            t = action.t
            p = action.p
            if (self._hands[seat] >> t & 1 and (self._pending < 0 or self._pending == t) and (
                    (p < 0 and not self._layout._order) or (
                    p >= 0 and JOIN[t][PLACE_NUMBER[p]] is not None
                    and p in self._layout._open[PLACE_NUMBER[p]]))):
                return self._play(seat, t, p, action)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalMoveError(reason)
        seat = self._to_move
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, Pass):
            return self._pass(seat)
        raise IllegalMoveError(Msg("{action} is not an action", {"action": repr(action)}))

    def _save(self, action: Action, seat: int) -> None:
        self._stack.append((action, seat, self._to_move, self._pending, tuple(self._scores),
                            self._status, len(self._events), self._end, self._winner,
                            self._bone_pos, self._hands[seat]))

    def _play(self, seat: int, t: int, p: int, action: Play) -> list[Event]:
        self._save(action, seat)
        layout = self._layout
        layout._push(t, p)
        self._hands[seat] &= ~(1 << t)
        self._pending = -1
        end_sum = layout._sum
        award = end_sum if end_sum > 0 and end_sum % 5 == 0 else 0
        side = self._side_of[seat]
        before = self._scores[side]
        going_out = not self._hands[seat]
        status: Status
        if going_out:
            status = "deferred"
        elif not award:
            status = "none"
        elif before + award > TARGET:
            status = "rejected"
        else:
            status = "applied"
            self._scores[side] = before + award
        event = PlayEvent(seat, side, TILES[t], None if p < 0 else PLACES[p], end_sum, award,
                          status, before, tuple(self._scores), layout._placed,
                          tuple(layout._occ))
        start = len(self._events)
        self._events.append(event)
        if status == "applied" and before + award == TARGET:
            self._win(side, "match_won")
        elif going_out:
            self._go_out(seat, award)
        else:
            self._end_turn(seat)
        return self._events[start:]

    def _draw(self, seat: int) -> list[Event]:
        self._save(DRAW, seat)
        t = self._boneyard[self._bone_pos]
        self._bone_pos += 1
        self._hands[seat] |= 1 << t
        if not self._layout._order or TILES_WITH[self._layout._open_mask] >> t & 1:
            self._pending = t
        event = DrawEvent(seat, TILES[t], tuple(self._scores))
        self._events.append(event)
        return [event]

    def _pass(self, seat: int) -> list[Event]:
        self._save(PASS, seat)
        event = PassEvent(seat, tuple(self._scores))
        start = len(self._events)
        self._events.append(event)
        self._end_turn(seat)
        return self._events[start:]

    def _end_turn(self, seat: int) -> None:
        """D9: after a turn, a block ends the hand; otherwise the next seat moves."""
        if self._bone_pos >= len(self._boneyard):
            can = TILES_WITH[self._layout._open_mask]
            if not any(h & can for h in self._hands):
                self._block()
                return
        self._to_move = (seat + 1) % self._n

    def _win(self, side: int, end_kind: str) -> None:
        self._winner = side
        self._status = MATCH_OVER
        self._events.append(MatchWonEvent(side, tuple(self._scores), self._n))
        if end_kind == "match_won":
            self._end = HandEnd("match_won", None, None, tuple(self._scores))

    def _go_out(self, seat: int, play_award: int) -> None:
        """R7: the last play, the opponents' rounded pips and the partner's deduction, as one."""
        side = self._side_of[seat]
        opp = sum(_pips_of(h) for s, h in enumerate(self._hands) if self._side_of[s] != side)
        partner = self.partner_of(seat)
        ppips = 0 if partner is None else _pips_of(self._hands[partner])
        oaward = round5(opp)
        pded = round5(ppips)
        net = play_award + oaward - pded
        before = self._scores[side]
        status: Status
        if before + net > TARGET:
            status = "rejected"
        else:
            status = "applied"
            self._scores[side] = before + net
        self._events.append(OutEvent(seat, side, play_award, opp, oaward, ppips, pded, net,
                                     status, before, tuple(self._scores),
                                     tuple(_tiles_of(h) for h in self._hands)))
        if status == "applied" and before + net == TARGET:
            self._win(side, "out")
            self._end = HandEnd("out", side, None, tuple(self._scores))
        else:
            self._status = HAND_OVER
            self._end = HandEnd("out", side, seat, tuple(self._scores))

    def _block(self) -> None:
        """R8: each player's differences to larger opponent totals, rounded once, in order."""
        n = self._n
        totals = [_pips_of(h) for h in self._hands]
        leader = self._leader
        order = sorted(range(n), key=lambda s: (totals[s], (s - leader) % n))
        won = False
        for seat in order:
            side = self._side_of[seat]
            mine = totals[seat]
            compared = tuple((o, totals[o], totals[o] - mine) for o in order
                             if self._side_of[o] != side and totals[o] > mine)
            difference = sum(c[2] for c in compared)
            award = round5(difference)
            before = self._scores[side]
            status: Status
            if not award:
                status = "none"
            elif before + award > TARGET:
                status = "rejected"
            else:
                status = "applied"
                self._scores[side] = before + award
            self._events.append(BlockedAwardEvent(seat, side, mine, compared, difference, award,
                                                  status, before, tuple(self._scores)))
            if status == "applied" and before + award == TARGET:
                won = True
                self._win(side, "blocked")
                break
        smallest = min(totals)
        winners = {self._side_of[s] for s in range(n) if totals[s] == smallest}
        hand_winner = winners.pop() if len(winners) == 1 else None
        if not won:
            self._status = HAND_OVER
        self._end = HandEnd("blocked", hand_winner, None, tuple(self._scores))

    def pop(self) -> Action | Deal:
        """Undo the last action (or deal) exactly, settlements included; return it."""
        if not self._stack:
            raise IndexError("nothing to undo")
        entry = self._stack.pop()
        if entry[0] == "deal":
            self._restore_hand(entry[1])
            self._rng.setstate(entry[2])
            return DEAL
        (action, seat, to_move, pending, scores, status, n_events, end, winner, bone_pos,
         hand) = entry
        if isinstance(action, Play):
            self._layout._pop()
        self._hands[seat] = hand
        self._to_move = to_move
        self._pending = pending
        self._scores = list(scores)
        self._status = status
        del self._events[n_events:]
        self._end = end
        self._winner = winner
        self._bone_pos = bone_pos
        return action  # type: ignore[no-any-return]

    def peek(self) -> Action | None:
        """The last action pushed in this hand, or None."""
        if not self._stack or self._stack[-1][0] == "deal":
            return None
        return self._stack[-1][0]  # type: ignore[no-any-return]

    def copy(self) -> Match:
        """An independent copy (history included)."""
        other = copy.copy(self)
        other._scores = list(self._scores)
        other._layout = self._layout.copy()
        other._hands = list(self._hands)
        other._events = list(self._events)
        # Earlier hands' layouts and hands come back on pop: give the copy its own.
        other._stack = [
            (entry[0], (entry[1][0].copy(), list(entry[1][1]), *entry[1][2:]), *entry[2:])
            if entry[0] == "deal" else entry for entry in self._stack]
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def __repr__(self) -> str:
        return (f"<Match players={self._n} hand={self._hand_no} scores={self.scores} "
                f"status={self._status} layout={str(self._layout)!r}>")

    def _repr_svg_(self) -> str:
        from exact61_widgets.render.svg import match_svg  # lazy: the engine imports no SVG code

        return str(match_svg(self))
