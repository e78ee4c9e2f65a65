"""Who plays with whom (R2.1): two or three players each keep their own score; four play
in two pairs, seats 0+2 against 1+3, a score per pair. Every layer asks this one value,
so that "four players means pairs" is written here alone."""

from __future__ import annotations

from typing import Final

from exact61_widgets.i18n import Msg

#: The numbers of players a match may have.
PLAYER_COUNTS: Final = (2, 3, 4)
#: With this many players the seats play in pairs (R2.1).
PAIRS_AT: Final = 4


class Seating:
    """The seats of a match and the sides (scores) they play for (R2.1).

    A side is a score index: the seat itself with two or three players, the seat's pair
    (``seat % 2``) with four, where the partner sits opposite (two seats on).
    """

    __slots__ = ("next_seats", "pairs", "partners", "players", "sides", "sides_of")

    players: int
    #: Whether the seats play in pairs (four players).
    pairs: bool
    #: The number of scores kept: the players, or the two pairs.
    sides: int
    #: Each seat's side, by seat (for fast code).
    sides_of: tuple[int, ...]
    #: Each seat's partner, by seat (None without pairs).
    partners: tuple[int | None, ...]
    #: The seat that moves after each, by seat: play goes clockwise, seat numbers up (R2.4).
    next_seats: tuple[int, ...]

    def __init__(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players < 0:
            raise ValueError(f"a seating has a whole number of seats, not {players!r}")
        self.players = players
        self.pairs = players == PAIRS_AT
        self.sides = 2 if self.pairs else players
        self.sides_of = tuple(seat % self.sides for seat in range(players))
        self.partners = tuple(
            (seat + 2) % players if self.pairs else None for seat in range(players)
        )
        self.next_seats = tuple((seat + 1) % players for seat in range(players))

    def side_of(self, seat: int) -> int:
        """The side (score index) ``seat`` plays for."""
        return self.sides_of[seat]

    def partner(self, seat: int) -> int | None:
        """The partner's seat with four players, else None."""
        return self.partners[seat]

    def are_partners(self, seat: int, other: int) -> bool:
        """Whether two different seats play for one side."""
        return seat != other and self.sides_of[seat] == self.sides_of[other]

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that play for ``side``."""
        return tuple(seat for seat in range(self.players) if self.sides_of[seat] == side)

    def side_name(self, side: int) -> Msg:
        """A side as a sentence names it: ``seat 1``, or ``pair 0+2`` with four players."""
        if self.pairs:
            return Msg("pair {a}+{b}", {"a": side, "b": side + 2})
        return Msg("seat {seat}", {"seat": side})

    def side_title(self, side: int) -> Msg:
        """A side as a label or a sentence's start names it: ``Seat 1``, or ``Pair 0+2``."""
        if self.pairs:
            return Msg("Pair {a}+{b}", {"a": side, "b": side + 2})
        return Msg("Seat {seat}", {"seat": side})

    def zero_scores(self) -> tuple[int, ...]:
        """A score of 0 for every side: the start of a match."""
        return (0,) * self.sides

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seating) and other.players == self.players

    def __hash__(self) -> int:
        return hash(self.players)

    def __repr__(self) -> str:
        return f"Seating({self.players})"


_SEATINGS: Final = {players: Seating(players) for players in PLAYER_COUNTS}


def seating(players: int) -> Seating:
    """The seating of a match of ``players`` players (one shared value for each count)."""
    found = _SEATINGS.get(players)
    return found if found is not None else Seating(players)
