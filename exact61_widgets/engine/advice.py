"""Advice for the player to move: the strongest registered bot's move and the reason for it.

The match table's hint button shows it. The search bot answers through
:func:`~exact61_widgets.engine.hints.hint` (it never looks at hidden tiles);
should ``search`` not be registered, the greedy bot answers with what its play
scores now. Pure: no widget is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine import hints
from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.bots import bot_names, immediate_gain, make_bot
from exact61_widgets.engine.match import Match
from exact61_widgets.i18n import Msg, Plural


def _action_name(action: Action) -> str | Msg:
    """A play's notation, or the translatable word for a draw or a pass."""
    if isinstance(action, Play):
        return str(action)
    return Msg("draw") if action.kind == "draw" else Msg("pass")


#: How a hint names the bot that gave it, in words (``bot`` stays the registered name).
BOT_NAMES: dict[str, Msg] = {"search": Msg("search"), "greedy": Msg("greedy")}


@dataclass(frozen=True)
class Advice:
    """A hint: the best action for the player to move and why, from the named bot."""

    action: Action
    reason: Msg
    bot: str

    def text(self, lang: str | None = None) -> str:
        """``Hint (search): [1|4]@[4|4]:lineB — …``; Russian names the bot in words."""
        return Msg(
            "Hint ({bot}): {action} — {reason}",
            {
                "bot": BOT_NAMES.get(self.bot, self.bot),
                "action": _action_name(self.action),
                "reason": self.reason,
            },
        ).text(lang)


def best_move(
    match: Match, *, seed: int | str = 0, budget: float | None = None, playouts: int | None = None
) -> Advice:
    """The strongest registered bot's move for the player to move, with its reason.

    ``budget`` bounds the search in seconds (None: only ``playouts`` bound it, so
    the advice is the same on every machine).
    """
    if "search" in bot_names():
        kwargs: dict[str, Any] = {"seed": seed, "budget": budget}
        if playouts is not None:
            kwargs["playouts"] = playouts
        found = hints.hint(match, **kwargs)
        return Advice(found.best, found.reason, "search")
    action = make_bot("greedy", seed).choose(match)
    if isinstance(action, Play):
        gain = immediate_gain(match, action)
        reason = Msg(
            "it scores {gain} now, the most of any play (greedy)",
            {"gain": Plural("{n} raw point", "{n} raw points", gain)},
        )
    else:
        reason = Msg("it is the only legal action (R3.3, R3.4)")
    return Advice(action, reason, "greedy")
