"""The entries of a match's history: each hand dealt, and each action with its seat.

:attr:`Match.history <exact61_widgets.engine.match.Match.history>` lists them
in order. :meth:`Match.pop <exact61_widgets.engine.match.Match.pop>` returns
the entry's action, or the :class:`Deal` it undid, and :meth:`Match.push
<exact61_widgets.engine.match.Match.push>` takes either back, so
``match.push(match.pop())`` leaves a match exactly as it was (deals included).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Deal:
    """A hand dealt (R2.2): every seat's tiles, the boneyard in draw order, and the leader.

    ``rng_state`` is the state of the match's shuffling generator just after this
    deal, kept when :meth:`Match.pop` undoes it, so that pushing the deal back
    also continues the same shuffles afterwards (None: leave the generator be).
    """

    #: Always ``"deal"``.
    kind: ClassVar[str] = "deal"
    #: Every seat's tiles, by seat.
    hands: tuple[tuple[Tile, ...], ...]
    #: The boneyard, in the order its tiles are drawn.
    boneyard: tuple[Tile, ...]
    #: The seat that leads the hand.
    leader: int
    #: The shuffling generator's state just after the deal (None: leave it be).
    rng_state: Any = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"hands": [[tile, …], …], "boneyard": [tile, …], "leader": seat}`` as text."""
        return {
            "hands": [[str(t) for t in hand] for hand in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
            "leader": self.leader,
        }


class SeatAction(NamedTuple):
    """One action of the history and the seat that did it (a draw and a play are two)."""

    #: The seat that acted.
    seat: int
    #: What it did: a play, a draw or a pass.
    action: Action


HistoryEntry = Deal | SeatAction
"""One entry of :attr:`Match.history <exact61_widgets.engine.match.Match.history>`."""
