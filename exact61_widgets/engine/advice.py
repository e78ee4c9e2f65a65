"""Advice: the best action for the player to move, its expected value, and why.

:func:`search_advice` runs the search bot's determinized Monte Carlo search
(:func:`~exact61_widgets.engine.bots.search.search`) from the mover's point of
view, so it never peeks at hidden tiles, and turns the result into one line a
learner can read, in English or Russian. Values are the mover's side's chance to
win the match where the hand ends (the match equity table's,
:mod:`~exact61_widgets.engine.equity`), the search bot's own unit, so the advice
says what a move changes in the match: "raises your chance of winning the match
from 41.0% to 48.0%".

:func:`best_move` is what the match table's hint button asks: the search bot's
:func:`search_advice` as an :class:`Advice`, or, should ``search`` not be
registered, the greedy bot's move with what it scores now. (An exercise's
*hint* is something else: the sentence a misconception brings,
:class:`~exact61_widgets.exercises.Misconception`.) Pure: no widget is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.actions import Action, Draw, Pass, Play
from exact61_widgets.engine.bots import bot_names, immediate_gain, make_bot
from exact61_widgets.engine.bots.search import ActionValue, decision_rng, search
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.errors import IllegalMoveError, SetupError
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import (
    TARGET_PARAMS,
    displayed,
    play_award,
    reaches_target,
)
from exact61_widgets.i18n import Msg, Plural, check_lang

#: Playouts the search advice may use; about a tenth of a second on a laptop core.
ADVICE_PLAYOUTS = 3000
#: The time the search advice may take at most (the search stops early if it must).
ADVICE_SECONDS = 0.4
#: Below this share of sampled deals, winning or losing the match is not worth mentioning.
_NOTABLE = 0.1


def number(value: float) -> Msg:
    """A signed number with one decimal: ``+8.2`` in English, ``+8,2`` in Russian; a negative
    one takes the minus sign (``−3.2``), never a hyphen."""
    tenths = round(value * 10)
    sign = "\u2212" if tenths < 0 else "+"
    whole, frac = divmod(abs(tenths), 10)
    return Msg("{sign}{whole}.{frac}", {"sign": sign, "whole": whole, "frac": frac})


def percent(value: float) -> Msg:
    """A share as a whole percentage: ``73%`` (``73 %`` in Russian typography)."""
    return Msg("{n}%", {"n": round(100 * value)})


@dataclass(frozen=True)
class SearchAdvice:
    """The advice for one position.

    ``best`` is the recommended action; ``values`` every legal action with its
    search result, best first (``expected`` gives each one's chance to win the match);
    ``reason`` the explanation as a translatable message. ``lang`` is the
    language of ``str(advice)``.
    """

    #: The recommended action.
    best: Action
    #: Every legal action with its search result, best first.
    values: tuple[ActionValue, ...]
    #: Why the best action is best, as a translatable message.
    reason: Msg
    #: How many playouts the search ran.
    playouts: int
    #: The language of ``str(advice)``: ``en`` or ``ru``.
    lang: str = "en"

    @property
    def expected(self) -> tuple[tuple[Action, float], ...]:
        """Each action with the mover's side's chance to win the match after it, best first."""
        return tuple((v.action, v.value) for v in self.values)

    def text(self, lang: str | None = None) -> str:
        """The one-line reason in ``lang`` (default: the advice's language)."""
        return self.reason.text(check_lang(lang or self.lang))

    def __str__(self) -> str:
        return self.text()


def _points(raw: int) -> Plural:
    return Plural("{n} displayed point", "{n} displayed points", displayed(raw))


def _forced(match: Match, action: Action) -> Msg:
    if isinstance(action, Draw):
        return Msg("draw: no tile in the hand fits an open place (R3.3)")
    if isinstance(action, Pass):
        return Msg("pass: nothing fits and the boneyard is empty (R3.4)")
    if match.drawn_tile is not None:
        return Msg("{play}: the drawn tile must be played at once (R3.3)", {"play": str(action)})
    return Msg("{play}: the only legal play (R3.2)", {"play": str(action)})


def _would_award(match: Match, play: Play) -> int:
    """The play award the ends would give (R6.2), accepted or not."""
    match.push(play)
    award = play_award(match.layout.end_sum)
    match.pop()
    return award


def explain(match: Match, values: tuple[ActionValue, ...]) -> Msg:
    """The one-line reason for the first of ``values`` (ranked best first)."""
    best = values[0]
    action = best.action
    if len(values) == 1 or not isinstance(action, Play):
        return _forced(match, action)
    side = match.side_of(match.to_move)
    score = match.scores[side]
    play = str(action)
    if best.gain and reaches_target(score + best.gain):
        return Msg(
            "{play} reaches exactly {target} and wins the match (R9)",
            {**TARGET_PARAMS, "play": play},
        )
    runner = values[1]
    words = {
        "best": percent_msg(best.value),
        "next": percent_msg(runner.value),
        "other": str(runner.action),
    }
    compare = (
        Msg("it raises your chance of winning the match from {next} after {other} to {best}", words)
        if round(1000 * best.value) > round(1000 * runner.value)
        else Msg("your chance of winning the match is {best}, as after {other}", words)
    )
    going_out = len(match.hand(match.to_move)) == 1
    if not going_out and best.gain == 0 and _would_award(match, action) > 0:
        return Msg(
            "{play} would score {award} but pass {target}, so it is rejected and scores "
            "nothing (R1.4); still, {compare}",
            {
                **TARGET_PARAMS,
                "play": play,
                "award": _points(_would_award(match, action)),
                "compare": compare,
            },
        )
    rejected = (
        []
        if going_out
        else [
            v
            for v in values
            if isinstance(v.action, Play)
            and v.gain == 0
            and _would_award(match, v.action) > best.gain
        ]
    )
    if rejected:
        other = rejected[0]
        assert isinstance(other.action, Play)
        return passes_target(
            play, _points(best.gain), str(other.action), _points(_would_award(match, other.action))
        )
    if max(v.win + v.loss for v in values) >= _NOTABLE:
        if best.win > runner.win:
            return Msg(
                "{play} wins the match this hand in {win} of sampled deals, against "
                "{other_win} after {other}",
                {
                    "play": play,
                    "win": percent(best.win),
                    "other_win": percent(runner.win),
                    "other": str(runner.action),
                },
            )
        if best.loss < runner.loss:
            return Msg(
                "{play} keeps the opponents from winning: they win this hand in {loss} of "
                "sampled deals, against {other_loss} after {other}",
                {
                    "play": play,
                    "loss": percent(best.loss),
                    "other_loss": percent(runner.loss),
                    "other": str(runner.action),
                },
            )
    if going_out:
        return Msg(
            "{play} goes out: the opponents' pips are yours ({compare})",
            {"play": play, "compare": compare},
        )
    top = max(values, key=lambda v: v.gain)
    if best.gain and best.gain >= top.gain:
        return Msg(
            "{play} scores {gain} now, the most of any play ({compare})",
            {"play": play, "gain": _points(best.gain), "compare": compare},
        )
    if top.gain > best.gain:
        return Msg(
            "{play} scores {gain} now, less than {other} ({other_gain}), but leaves the "
            "opponents less ({compare})",
            {
                "play": play,
                "gain": _points(best.gain),
                "other": str(top.action),
                "other_gain": _points(top.gain),
                "compare": compare,
            },
        )
    return Msg(
        "{play} scores nothing now but sets up the rest of the hand best ({compare})",
        {"play": play, "compare": compare},
    )


def passes_target(play: object, gain: object, other: str, award: object) -> Msg:
    """Why the advice does not choose ``other``: its award would pass the target (R1.4).

    Exercises quote it when they ask what the bot says, so the words are the same.
    """
    return Msg(
        "{play} scores {gain} now; {other} would score {award} but pass {target} and be "
        "rejected (R1.4)",
        {**TARGET_PARAMS, "play": play, "gain": gain, "other": other, "award": award},
    )


def search_advice(
    match: Match,
    *,
    budget: float | None = ADVICE_SECONDS,
    playouts: int = ADVICE_PLAYOUTS,
    seed: int | str = 0,
    lang: str | None = None,
) -> SearchAdvice:
    """Advise the player to move in ``match`` (which is left unchanged).

    ``playouts`` bounds the search and ``budget`` its time in seconds (None: no
    time bound, so the advice depends only on the position and ``seed``).
    """
    lang = check_lang(lang)
    if budget is not None and not (isinstance(budget, (int, float)) and budget > 0):
        raise SetupError(
            Msg(
                "a time limit is a positive number of seconds, not {value}", {"value": repr(budget)}
            )
        )
    if not match.legal_actions():
        raise IllegalMoveError(Msg("there is nothing to play: the hand or match is over"))
    result = search(match, decision_rng(seed, match), playouts=playouts, time_limit=budget)
    reason = explain(match, result.ranked)
    return SearchAdvice(result.best.action, result.ranked, reason, result.playouts, lang)


def _action_name(action: Action) -> str | Msg:
    """A play's notation, or the translatable word for a draw or a pass."""
    if isinstance(action, Play):
        return str(action)
    return Msg("draw") if action.kind == "draw" else Msg("pass")


#: How the advice names the bot that gave it, in words (``bot`` stays the registered name).
BOT_NAMES: dict[str, Msg] = {"search": Msg("search"), "greedy": Msg("greedy")}


@dataclass(frozen=True)
class Advice:
    """The best action for the player to move and why, from the named bot (the hint button's)."""

    #: The best action for the player to move.
    action: Action
    #: Why, as a translatable message.
    reason: Msg
    #: The registered name of the bot that gave the advice.
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
        found = search_advice(match, **kwargs)
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
