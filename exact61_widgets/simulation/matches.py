"""Playing matches between bots, hand after hand, with an optional progress callback."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from exact61_widgets.engine.bots import Bot, make_bot
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.i18n import Msg

#: Matches practically end well before this; it guards against an endless loop.
MAX_HANDS = 10_000


def seat_bots(names: Sequence[str], players: int, seed: int | str | None) -> list[Bot]:
    """One bot per seat: a single name serves every seat; each bot gets its own seed."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise SetupError(
            Msg(
                "name one bot for every seat, or one for all: {players} seats, {given} bots",
                {"players": players, "given": len(names)},
            )
        )
    return [make_bot(name.strip(), f"{seed}/{seat}") for seat, name in enumerate(names)]


def play_match(
    match: Match,
    bots: Sequence[Bot],
    on_hand_end: Callable[[Match], None] | None = None,
    max_hands: int = MAX_HANDS,
) -> Match:
    """Let ``bots`` (one per seat) play ``match`` to its end; deal each new hand."""
    if len(bots) != match.players:
        raise SetupError(
            Msg(
                "name one bot for every seat, or one for all: {players} seats, {given} bots",
                {"players": match.players, "given": len(bots)},
            )
        )
    while not match.is_over:
        if match.status == HAND_OVER:
            if match.hand_number >= max_hands:
                break
            match.deal()
        match.push(bots[match.to_move].choose(match))
        if match.status != "playing" and on_hand_end is not None:
            on_hand_end(match)
    return match
