"""Bots, by name: a registry so that new bots plug in (``register_bot``)."""

from __future__ import annotations

from collections.abc import Callable

from exact61_widgets.engine.bots.base import Bot
from exact61_widgets.engine.bots.basic import GreedyBot, RandomBot, immediate_gain
from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.i18n import Msg

#: What ``register_bot`` takes: a function of a seed that builds a bot.
BotFactory = Callable[[int | str | None], Bot]

_REGISTRY: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``make_bot(name, seed)`` build a bot with ``factory(seed)``."""
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    """The names of every registered bot, sorted."""
    return sorted(_REGISTRY)


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """Build the bot registered under ``name`` with a seed for its own randomness."""
    factory = _REGISTRY.get(name)
    if factory is None:
        from exact61_widgets.engine.errors import SetupError

        raise SetupError(
            Msg(
                "unknown bot {name}: choose from {names}",
                {"name": repr(name), "names": ", ".join(bot_names())},
            )
        )
    return factory(seed)


__all__ = [
    "Bot",
    "BotFactory",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "immediate_gain",
    "make_bot",
    "register_bot",
]
