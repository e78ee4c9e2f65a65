"""Whole matches the teaching notebooks play and look back on: hand by hand, and back in time.

Notebook 08 lets bots play a whole match, lists its hands (who led each, who leads the next,
the scores after it), then takes the match back to a hand still being played to ask about it,
and shows that a won match refuses another deal. Each step is one call here, so the notebook's
cells stay short and folded: a learner reads the hands and the questions, not the loops.

>>> from exact61_widgets.simulation import seat_bots
>>> from exact61_widgets.engine import Match
>>> match = Match(3, seed=149)
>>> hands = play_hands(match, seat_bots(["greedy"], 3, 149))
>>> print(hands_text(hands[:2]))
1: 1 → 0   [60, 20, 0]
2: 0 → ?   [100, 60, 10]
>>> back_to_hand(match, 8).hand_number
8
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from exact61_widgets.engine.bots import Bot
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import ScenarioError
from exact61_widgets.i18n import Msg
from exact61_widgets.simulation import play_match


@dataclass(frozen=True)
class HandLine:
    """One hand of a match as it ended: its number, its leader, the next hand's leader (None
    where a lot picks it: after a blocked hand) and every side's raw score after it."""

    #: The hand's number in the match, from 1.
    number: int
    #: The seat that led the hand.
    leader: int
    #: The seat that leads the next hand (None where a lot picks it: after a blocked hand).
    next_leader: int | None
    #: Every side's raw score after the hand.
    scores: tuple[int, ...]

    def __str__(self) -> str:
        """``3: 1 → ?   [45, 80, 20]``: a question mark where a lot decides."""
        after = "?" if self.next_leader is None else str(self.next_leader)
        return f"{self.number}: {self.leader} → {after}   {list(self.scores)}"


def play_hands(match: Match, bots: Sequence[Bot]) -> list[HandLine]:
    """Let ``bots`` play ``match`` to its end (:func:`~exact61_widgets.simulation.play_match`)
    and return every hand as it ended, in order."""
    hands: list[HandLine] = []

    def note(played: Match) -> None:
        end = played.hand_end
        if end is None:  # play_match calls this only once a hand is over
            return
        hands.append(HandLine(played.hand_number, played.leader, end.next_leader, end.scores))

    play_match(match, bots, on_hand_end=note)
    return hands


def hands_text(hands: Sequence[HandLine]) -> str:
    """The hands one a line, as :class:`HandLine` writes them."""
    return "\n".join(str(hand) for hand in hands)


def back_to_hand(match: Match, number: int) -> Match:
    """A copy of ``match`` taken back, action by action, to its last moment in hand
    ``number`` while that hand was still being played (the match itself is not changed)."""
    if not 1 <= number <= match.hand_number:
        raise ScenarioError(
            Msg(
                "the match has hands 1 to {last}, not hand {number}",
                {"last": match.hand_number, "number": number},
            )
        )
    position = match.copy()
    while position.hand_number > number or position.status != "playing":
        position.pop()
    return position


def refused_deal(match: Match, lang: str | None = None) -> str:
    """Why the engine refuses to deal ``match`` again, in its own words (a won match deals no
    new hand, nor does a hand still being played); an empty string if it would deal. The
    match itself is not changed either way."""
    trial = match.copy()
    try:
        trial.deal()
    except Exact61Error as refusal:
        return refusal.text(lang)
    return ""
