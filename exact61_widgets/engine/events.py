"""Events: what each action did, with the explanation of every award.

As JSON they make the :ref:`formats page, §6 Event stream <formats-6>`.

Widgets show these facts and tests assert them; :meth:`to_dict` gives the
contract's JSON form and :meth:`explain` a sentence in English or Russian.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final, Literal, ParamSpec, TypeVar, cast

from exact61_widgets.engine import explain as explanations
from exact61_widgets.engine.layout import Contribution, contributions_of, occupancy_of
from exact61_widgets.engine.ports import PLACES, Place
from exact61_widgets.engine.scoring import TARGET_PARAMS, Status, earns
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import Tile, tiles_of
from exact61_widgets.i18n import Msg

#: The text of each place code, ``str(PLACES[code])`` (event dictionaries name places so).
_PLACE_TEXTS: Final = tuple(str(place) for place in PLACES)


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

    @property
    def values(self) -> tuple[int, ...]:
        """The values of the scoring ends after the play, in order (R6.1)."""
        return tuple(c.value for c in self.contributions)

    def reason(self) -> Msg:
        """Why the play scored what it scored (:func:`.explain.play_reason`)."""
        return explanations.play_reason(self)

    def explanation(self) -> explanations.Explanation:
        """The play, its scoring ends, its award and its fate (:func:`.explain.play`)."""
        return explanations.play(self)

    def explain(self, lang: str | None = None) -> str:
        """One line: who played what where, the ends, the award and its fate."""
        return self.explanation().text(lang)

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

    @property
    def players(self) -> int:
        """The number of players: one hand of remaining tiles each."""
        return len(self.remaining_masks)

    def explanation(self) -> explanations.Explanation:
        """Every part of the settlement and its one target check
        (:func:`.explain.going_out_settlement`)."""
        return explanations.going_out_settlement(self)

    def explain(self, lang: str | None = None) -> str:
        """One line with every part of the settlement and the target check.

        The partner's part appears only in pair play (4 players, R7.3).
        """
        return self.explanation().text(lang)

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

    def explanation(self) -> explanations.Explanation:
        """The differences, the rounding and the target check (:func:`.explain.blocked_award`)."""
        return explanations.blocked_award(self)

    def explain(self, lang: str | None = None) -> str:
        """One line with the differences, the rounding and the target check."""
        return self.explanation().text(lang)

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


_Args = ParamSpec("_Args")
_Record = TypeVar("_Record")


def fast_constructor(cls: Callable[_Args, _Record]) -> Callable[_Args, _Record]:
    """A constructor of the frozen, slotted dataclass ``cls``, as fast as a plain class's.

    The engine makes an event per action, and a frozen dataclass's ``__init__``
    stores each field through ``object.__setattr__``, several times slower than a
    plain store. So the constructor makes a blank object of a plain class with the
    same slots in the same order, stores the fields in it and gives it ``cls`` as its
    class, which Python allows between classes of the same layout: the result is an
    ordinary ``cls``, equal to ``cls(...)`` with the same arguments.

    The function is written out at import from the fields, as :mod:`dataclasses`
    writes ``__init__``, and its source kept where :mod:`inspect` finds it, so that
    the engine's push may inline it as it inlines the kernel's steps
    (:func:`.inline.inline`): a play then makes its event without a call.

    >>> from exact61_widgets.engine.events import PassEvent
    >>> fast_constructor(PassEvent)(1, (0, 5)) == PassEvent(1, (0, 5))
    True
    """
    assert isinstance(cls, type)
    name = cls.__name__
    names = [f.name for f in fields(cls)]
    slots: tuple[str, ...] = vars(cls).get("__slots__", ())
    if tuple(names) != slots:  # pragma: no cover
        raise TypeError(f"{name} has slots besides its fields, or none")
    blank = type(f"{name}Blank", (), {"__slots__": slots})
    blank().__class__ = cls  # fails here, at import, if the layouts ever differ
    stores = "".join(f"    record.{field} = {field}\n" for field in names)
    source = (
        f"def new_{name}({', '.join(names)}):\n"
        f'    """``{name}(...)``, made fast (see fast_constructor)."""\n'
        f"    record = {name}Blank()\n{stores}    record.__class__ = {name}\n    return record\n"
    )
    filename = f"<fast_constructor {cls.__module__}.{name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    space: dict[str, Any] = {f"{name}Blank": blank, name: cls}
    exec(compile(source, filename, "exec"), space)  # our own source: a dataclass's fields
    return cast(Callable[_Args, _Record], space[f"new_{name}"])
