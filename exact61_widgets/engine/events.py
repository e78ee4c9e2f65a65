"""Events: what each action did, with the explanation of every award.

As JSON they make the :ref:`formats page, §6 Event stream <formats-6>`.

Widgets show these facts and tests assert them; :meth:`to_dict` gives the
contract's JSON form and :meth:`explain` a sentence in English or Russian.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from exact61_widgets.engine.layout import Contribution, contributions_of, occupancy_of
from exact61_widgets.engine.ports import PLACES, Place
from exact61_widgets.engine.scoring import (
    TARGET_PARAMS,
    Status,
    accepts,
    award_reason,
    earns,
)
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import Tile, tiles_of
from exact61_widgets.i18n import Msg, Plural

#: The text of each place code, ``str(PLACES[code])`` (event dictionaries name places so).
_PLACE_TEXTS: Final = tuple(str(place) for place in PLACES)

#: The minus sign of written arithmetic (U+2212), wider and clearer than a hyphen.
MINUS: Final = "\u2212"


def signed(value: int) -> str:
    """A whole number as text, a negative one with a real minus sign: ``−10``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def arithmetic(terms: Sequence[int]) -> str:
    """``2 + 3 = 5``; a negative term is subtracted, never added: ``0 − 10 = −10``.

    The first term keeps its own sign (``−15 + 10 = −5``); an empty list sums to ``0``.
    """
    if not terms:
        return "0 = 0"
    parts = [signed(terms[0])]
    for term in terms[1:]:
        parts.append(f"{MINUS} {-term}" if term < 0 else f"+ {term}")
    return f"{' '.join(parts)} = {signed(sum(terms))}"


def _points(raw: int) -> Plural:
    return Plural("{n} raw point", "{n} raw points", raw)


def target_reason(before: int, change: int, rule: str = "R1.4") -> Msg:
    """Why the target check accepts or rejects a change of score: the one explanation (R1.4).

    Only the upper bound is checked: a negative change (a partner's deduction) is
    applied even below zero (D3). ``rule`` is the rule a rejection cites (a settlement's
    own, ``"R7.4"``, ``"R8.4"``). Events, exercises and handouts say it so.
    """
    status = "applied" if accepts(before, change) else "rejected"
    return _target_reason(status, before, change, rule)


def _target_reason(status: str, before: int, change: int, rule: str = "R1.4") -> Msg:
    """:func:`target_reason` for a check already made (``status``), as the events hold it."""
    params = {"sum": arithmetic([before, change]), "rule": rule, **TARGET_PARAMS}
    if status == "rejected":
        return Msg("{sum} would pass {target_raw}: rejected whole ({rule})", params)
    return Msg("{sum}, not above {target_raw}: applied", params)


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A tile played, and its award: the ends that counted, the sum, the target check."""

    #: Always ``"play"``: the event's name in the event stream.
    kind: ClassVar[str] = "play"
    #: The seat that played.
    seat: int
    #: The side that scores for the seat: the seat itself, or its pair with 4 players.
    side: int
    #: The tile played.
    tile: Tile
    #: The place it joined, or None for the opening tile.
    at: Place | None
    #: The sum of the scoring ends after the play (R6.1), in raw points.
    end_sum: int
    #: The raw points the play earns: the end sum when it is a positive multiple of 5 (R6.2), else
    #: 0.
    award: int
    #: What the target check did with the award: ``applied``, ``rejected`` (it would pass 305),
    #: ``deferred`` (the last tile: the award joins the going-out settlement) or ``none``.
    status: Status
    #: The side's raw score before the award.
    score_before: int
    #: Every side's raw score after the event.
    scores: tuple[int, ...]
    #: The tiles on the table after the play (bitmask of tile indices).
    placed: int
    #: The places joined after the play (bitmask of place codes,
    #: :attr:`Layout.taken_bits <.LayoutCore.taken_bits>`).
    taken: int

    @property
    def occupancy(self) -> tuple[int, ...]:
        """The taken-port bits of each tile index after the play."""
        return occupancy_of(self.taken)

    @property
    def contributions(self) -> list[Contribution]:
        """The scoring ends after this play with their values (R5, R6.1)."""
        return contributions_of(self.placed, self.occupancy)

    @property
    def is_multiple_of_5(self) -> bool:
        """Whether the end sum is a positive multiple of 5 (R6.2)."""
        return earns(self.end_sum)

    def reason(self) -> Msg:
        """Why the play scored what it scored."""
        if self.status == "deferred":
            return Msg("the last tile: its award joins the going-out settlement (R7.4)")
        if not self.is_multiple_of_5:
            return award_reason(self.end_sum)
        return _target_reason(self.status, self.score_before, self.award)

    def explain(self, lang: str | None = None) -> str:
        """One line: who played what where, the ends, the award and its fate."""
        values = " + ".join(str(c.value) for c in self.contributions) or "0"
        where = (
            Msg("opens with {tile}", {"tile": str(self.tile)})
            if self.at is None
            else Msg("plays {tile} at {place}", {"tile": str(self.tile), "place": str(self.at)})
        )
        return Msg(
            "Seat {seat} {where}: ends {values} = {sum}, award {award}; {reason}.",
            {
                "seat": self.seat,
                "where": where,
                "values": values,
                "sum": self.end_sum,
                "award": _points(self.award),
                "reason": self.reason(),
            },
        ).text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {
            "kind": "play",
            "seat": self.seat,
            "tile": self.tile.text,
            "at": None if self.at is None else str(self.at),
            "end_sum": self.end_sum,
            "award": self.award,
            "status": self.status,
            "scores": list(self.scores),
        }


def _draft_class(cls: Any) -> Any:
    """A plain class with the same slots as the frozen event class ``cls``.

    The frozen dataclass ``__init__`` sets each field through ``object.__setattr__``;
    a match makes an event per action, so the engine fills a draft (plain
    attribute stores) and then gives it the event's class, which Python allows
    between classes of the same layout. The result is an ordinary, equal event.
    """
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": cls.__slots__})
    draft().__class__ = cls  # fails here, at import, if the layouts ever differ
    return draft


#: A blank :class:`PlayEvent` to fill: set every field, then ``event.__class__ = PlayEvent``
#: (the engine's push does so in place, a play per push; see :func:`_draft_class`).
PlayEventDraft: Any = _draft_class(PlayEvent)


def play_event(
    seat: int,
    side: int,
    tile: Tile,
    at: Place | None,
    end_sum: int,
    award: int,
    status: Status,
    score_before: int,
    scores: tuple[int, ...],
    placed: int,
    taken: int,
) -> PlayEvent:
    """``PlayEvent(...)``, made faster for the engine's push (see :func:`_draft_class`)."""
    event = PlayEventDraft()
    event.seat = seat
    event.side = side
    event.tile = tile
    event.at = at
    event.end_sum = end_sum
    event.award = award
    event.status = status
    event.score_before = score_before
    event.scores = scores
    event.placed = placed
    event.taken = taken
    event.__class__ = PlayEvent
    return event  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """A tile drawn from the boneyard (R3.3); it goes into the hand (D4)."""

    #: Always ``"draw"``: the event's name in the event stream.
    kind: ClassVar[str] = "draw"
    #: The seat that drew.
    seat: int
    #: The tile drawn.
    tile: Tile
    #: Every side's raw score (a draw changes none).
    scores: tuple[int, ...]

    def explain(self, lang: str | None = None) -> str:
        """One line saying who drew what."""
        return Msg("Seat {seat} draws {tile}.", {"seat": self.seat, "tile": str(self.tile)}).text(
            lang
        )

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {
            "kind": "draw",
            "seat": self.seat,
            "tile": self.tile.text,
            "scores": list(self.scores),
        }


#: A blank :class:`DrawEvent` to fill, as :data:`PlayEventDraft` (the engine's push does so).
DrawEventDraft: Any = _draft_class(DrawEvent)


@dataclass(frozen=True, slots=True)
class PassEvent:
    """A pass: boneyard empty and nothing to play (R3.4)."""

    #: Always ``"pass"``: the event's name in the event stream.
    kind: ClassVar[str] = "pass"
    #: The seat that passed.
    seat: int
    #: Every side's raw score (a pass changes none).
    scores: tuple[int, ...]

    def explain(self, lang: str | None = None) -> str:
        """One line saying who passed."""
        return Msg("Seat {seat} passes.", {"seat": self.seat}).text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {"kind": "pass", "seat": self.seat, "scores": list(self.scores)}


_PassDraft: Any = _draft_class(PassEvent)


def pass_event(seat: int, scores: tuple[int, ...]) -> PassEvent:
    """``PassEvent(...)``, made faster for the engine's push, as :func:`play_event`."""
    event = _PassDraft()
    event.seat = seat
    event.scores = scores
    event.__class__ = PassEvent
    return event  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class OutEvent:
    """The going-out settlement, applied or rejected as one unit (R7)."""

    #: Always ``"out"``: the event's name in the event stream.
    kind: ClassVar[str] = "out"
    #: The seat that went out.
    seat: int
    #: The side that settles: the seat, or its pair with 4 players.
    side: int
    #: The last play's own award, in raw points (0 when its end sum did not score).
    play_award: int
    #: The sum of the pips left in the opponents' hands.
    opponents_pips: int
    #: That sum rounded to a multiple of 5 (R7.2), in raw points.
    opponents_award: int
    #: The pips left in the partner's hand (0 without a partner).
    partner_pips: int
    #: The partner's pips rounded to a multiple of 5, taken off (R7.3), in raw points.
    partner_deduction: int
    #: The settlement as one unit: play award + opponents' award − partner's deduction.
    net: int
    #: Whether the target check ``applied`` or ``rejected`` the settlement as one unit.
    status: Status
    #: The side's raw score before the settlement.
    score_before: int
    #: Every side's raw score after the settlement.
    scores: tuple[int, ...]
    #: The tiles each seat still holds, by seat, as bitmasks of tile indices.
    remaining_masks: tuple[int, ...]

    @property
    def remaining(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles each seat still holds, by seat (the one going out holds none)."""
        return tuple(map(tiles_of, self.remaining_masks))

    def reason(self) -> Msg:
        """Why the settlement was applied or rejected."""
        return _target_reason(self.status, self.score_before, self.net)

    @property
    def players(self) -> int:
        """The number of players: one hand of remaining tiles each."""
        return len(self.remaining_masks)

    def explain(self, lang: str | None = None) -> str:
        """One line with every part of the settlement and the target check.

        The partner's part appears only in pair play (4 players, R7.3).
        """
        params: dict[str, object] = {
            "seat": self.seat,
            "play": self.play_award,
            "opips": Plural("{n} pip", "{n} pips", self.opponents_pips),
            "oaward": self.opponents_award,
            "net": signed(self.net),
            "reason": self.reason(),
        }
        if seating(self.players).pairs:
            params["ppips"] = Plural("{n} pip", "{n} pips", self.partner_pips)
            params["pded"] = self.partner_deduction
            return Msg(
                "Seat {seat} goes out: last play {play} + opponents' {opips} rounded to "
                "{oaward} − partner's {ppips} rounded to {pded} = {net}; {reason}.",
                params,
            ).text(lang)
        if self.players == 2:
            return Msg(
                "Seat {seat} goes out: last play {play} + the opponent's {opips} rounded "
                "to {oaward} = {net}; {reason}.",
                params,
            ).text(lang)
        return Msg(
            "Seat {seat} goes out: last play {play} + opponents' {opips} rounded to "
            "{oaward} = {net}; {reason}.",
            params,
        ).text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {
            "kind": "out",
            "seat": self.seat,
            "play_award": self.play_award,
            "opponents_pips": self.opponents_pips,
            "opponents_award": self.opponents_award,
            "partner_pips": self.partner_pips,
            "partner_deduction": self.partner_deduction,
            "net": self.net,
            "status": self.status,
            "scores": list(self.scores),
        }


_OutDraft: Any = _draft_class(OutEvent)


def out_event(
    seat: int,
    side: int,
    play_award: int,
    opponents_pips: int,
    opponents_award: int,
    partner_pips: int,
    partner_deduction: int,
    net: int,
    status: Status,
    score_before: int,
    scores: tuple[int, ...],
    remaining_masks: tuple[int, ...],
) -> OutEvent:
    """``OutEvent(...)``, made faster for the engine's push, as :func:`play_event`."""
    event = _OutDraft()
    event.seat = seat
    event.side = side
    event.play_award = play_award
    event.opponents_pips = opponents_pips
    event.opponents_award = opponents_award
    event.partner_pips = partner_pips
    event.partner_deduction = partner_deduction
    event.net = net
    event.status = status
    event.score_before = score_before
    event.scores = scores
    event.remaining_masks = remaining_masks
    event.__class__ = OutEvent
    return event  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class BlockedAwardEvent:
    """One player's blocked-hand award: differences to larger opponent totals (R8)."""

    #: Always ``"blocked_award"``: the event's name in the event stream.
    kind: ClassVar[str] = "blocked_award"
    #: The seat whose award this is.
    seat: int
    #: The side it scores for: the seat, or its pair with 4 players.
    side: int
    #: The pips left in the seat's own hand (its total).
    pips: int
    #: (opponent seat, their total, the difference) for each strictly larger opponent total.
    compared: tuple[tuple[int, int, int], ...]
    #: The sum of the differences in ``compared``, before rounding.
    difference: int
    #: That sum rounded once to a multiple of 5 (R8.2), in raw points.
    award: int
    #: What the target check did with the award: ``applied``, ``rejected`` or ``none`` (nothing to
    #: award).
    status: Status
    #: The side's raw score before the award.
    score_before: int
    #: Every side's raw score after the award.
    scores: tuple[int, ...]

    def reason(self) -> Msg:
        """Why the award is what it is and whether the target check took it."""
        if not self.compared:
            return Msg("no opponent holds a larger total: nothing to award (R8.3)")
        if self.award == 0:
            return Msg("the differences round to 0 (R7.5)")
        return _target_reason(self.status, self.score_before, self.award)

    def explain(self, lang: str | None = None) -> str:
        """One line with the differences, the rounding and the target check.

        With no larger opponent total there is nothing to add up: the line says so, without
        an empty sum (``0 = 0, rounded 0``).
        """
        if not self.compared:
            return Msg(
                "Seat {seat} holds {pips}; {reason}.",
                {"seat": self.seat, "pips": self.pips, "reason": self.reason()},
            ).text(lang)
        diffs = " + ".join(f"({total} − {self.pips})" for _, total, _ in self.compared)
        return Msg(
            "Seat {seat} holds {pips}: {diffs} = {difference}, rounded {award}; {reason}.",
            {
                "seat": self.seat,
                "pips": self.pips,
                "diffs": diffs,
                "difference": self.difference,
                "award": self.award,
                "reason": self.reason(),
            },
        ).text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {
            "kind": "blocked_award",
            "seat": self.seat,
            "pips": self.pips,
            "difference": self.difference,
            "award": self.award,
            "status": self.status,
            "scores": list(self.scores),
        }


_BlockedDraft: Any = _draft_class(BlockedAwardEvent)


def blocked_award_event(
    seat: int,
    side: int,
    pips: int,
    compared: tuple[tuple[int, int, int], ...],
    difference: int,
    award: int,
    status: Status,
    score_before: int,
    scores: tuple[int, ...],
) -> BlockedAwardEvent:
    """``BlockedAwardEvent(...)``, made faster for the engine, as :func:`play_event`."""
    event = _BlockedDraft()
    event.seat = seat
    event.side = side
    event.pips = pips
    event.compared = compared
    event.difference = difference
    event.award = award
    event.status = status
    event.score_before = score_before
    event.scores = scores
    event.__class__ = BlockedAwardEvent
    return event  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class MatchWonEvent:
    """A player or pair reached exactly 305 raw (61 points) and won the match (R9)."""

    #: Always ``"match_won"``: the event's name in the event stream.
    kind: ClassVar[str] = "match_won"
    #: The side that reached exactly 305 raw.
    side: int
    #: Every side's raw score at the end of the match.
    scores: tuple[int, ...]
    #: The number of players, which says whether ``side`` is a player or a pair.
    players: int = 2

    def explain(self, lang: str | None = None) -> str:
        """One line naming the winner: a player, or a pair with 4 players."""
        return Msg(
            "Exactly {target} for {side}: the match is won (R9).",
            {**TARGET_PARAMS, "side": seating(self.players).side_name(self.side)},
        ).text(lang)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON form of this event."""
        return {"kind": "match_won", "side": self.side, "scores": list(self.scores)}


#: Anything an action can do: each event explains itself (``explain``).
Event = PlayEvent | DrawEvent | PassEvent | OutEvent | BlockedAwardEvent | MatchWonEvent


def event_dicts(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The contract's JSON form of each event: ``[e.to_dict() for e in events]``, faster.

    A replay writes every event of a record so; plays and draws, nearly all of
    them, are written here in place rather than through a method call each. The
    tests check that the result equals the ``to_dict`` forms, key order included.
    """
    out: list[dict[str, Any]] = []
    append = out.append
    for e in events:
        if type(e) is PlayEvent:
            at = e.at
            append(
                {
                    "kind": "play",
                    "seat": e.seat,
                    "tile": e.tile.text,
                    "at": None if at is None else _PLACE_TEXTS[at.tile.index * 6 + at.port],
                    "end_sum": e.end_sum,
                    "award": e.award,
                    "status": e.status,
                    "scores": [*e.scores],
                }
            )
        elif type(e) is DrawEvent:
            append({"kind": "draw", "seat": e.seat, "tile": e.tile.text, "scores": [*e.scores]})
        else:
            append(e.to_dict())
    return out


HandEndKind = Literal["out", "blocked", "match_won"]


@dataclass(frozen=True, slots=True)
class HandEnd:
    """How a hand ended: ``out``, ``blocked`` or ``match_won`` (mid-hand), and what follows."""

    #: How the hand ended.
    kind: HandEndKind
    #: The side that won the hand, or None when opposing sides tie for the smallest total of a
    #: blocked hand (R8.6).
    hand_winner: int | None
    #: The seat that leads the next hand, or None when it is chosen by lot (R2.5, R8.7) or the match
    #: is over.
    next_leader: int | None
    #: Every side's raw score when the hand ended.
    scores: tuple[int, ...]


_HandEndDraft: Any = _draft_class(HandEnd)


def hand_end(
    kind: HandEndKind, hand_winner: int | None, next_leader: int | None, scores: tuple[int, ...]
) -> HandEnd:
    """``HandEnd(...)``, made faster for the engine's push, as :func:`play_event`."""
    end = _HandEndDraft()
    end.kind = kind
    end.hand_winner = hand_winner
    end.next_leader = next_leader
    end.scores = scores
    end.__class__ = HandEnd
    return end  # type: ignore[no-any-return]
