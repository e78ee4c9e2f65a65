"""What a bot is: something that picks one legal action for the player to move."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.match import Match


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(match)`` returns one of ``match.legal_actions()``.

    A bot must not change ``match`` (it may push and pop, leaving it as it was).
    """

    #: The name the bot is registered under (``greedy``, ``search``, …).
    name: str

    def choose(self, match: Match) -> Action:
        """Pick the action for ``match.to_move``."""
        ...
