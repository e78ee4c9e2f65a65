"""Positions the teaching notebooks set up and play on: made-up hands, settlements, stories.

Each helper is one engine call a notebook would otherwise spell out in its own
cell: a position from plain data, the legal plays in notation, the settlement
of going out or of a block, the match before a step of a hand story, a story
told only up to a step or from one step to another, what every legal play would
do, the scores in a line, and the engine's texts printed as sentences.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import HandScript, Scenario, ScenarioError
from exact61_widgets.i18n import Msg, check_lang

if TYPE_CHECKING:
    from exact61_widgets.widgets import HandStory


def position(
    players: int,
    layout: str,
    hands: Sequence[Iterable[str]],
    boneyard: Sequence[str] | None = None,
    **options: Any,
) -> Match:
    """A made-up position; the boneyard defaults to every other tile, in tile order.

    ``options`` are :meth:`Scenario.make`'s (``scores``, ``to_move``, ``leader`` …).
    """
    return Scenario.make(players, layout, hands, boneyard=boneyard, **options).match()


def plays(match_or_layout: Match | Layout | str, hand: Iterable[str] | None = None) -> list[str]:
    """Every legal play in notation: of the player to move, or of ``hand`` on a layout."""
    if isinstance(match_or_layout, Match):
        return [str(action) for action in match_or_layout.legal_actions()]
    table = (
        match_or_layout
        if isinstance(match_or_layout, Layout)
        else Layout.parse(str(match_or_layout))
    )
    return [f"{tile}@{place}" for tile in hand or () for place in table.legal_places(tile)]


def refusal(layout: Layout | str, play: str) -> Msg | None:
    """Why the engine refuses ``play`` (``[2|5]@[2|2]:branchA``) on ``layout``, or None if
    the play is legal."""
    table = layout if isinstance(layout, Layout) else Layout.parse(str(layout))
    action = parse_action(play)
    if not isinstance(action, Play):
        raise ScenarioError(Msg("{play} is not a play", {"play": play}))
    return table.why_illegal(action.tile, action.at)


def go_out(scenario: Scenario | Match) -> tuple[Match, OutEvent]:
    """Play the last tile of the player to move: the match after it and its settlement."""
    match = scenario.match() if isinstance(scenario, Scenario) else scenario.copy()
    events = match.push(match.legal_plays()[0])
    return match, next(e for e in events if isinstance(e, OutEvent))


def block(scenario: Scenario | Match) -> list[BlockedAwardEvent]:
    """Make the position's blocking move; the blocked-hand awards the engine applies."""
    match = scenario.match() if isinstance(scenario, Scenario) else scenario.copy()
    events = match.push(match.blocking_action())
    return [e for e in events if isinstance(e, BlockedAwardEvent)]


def before_step(story: HandStory, step: int) -> Match:
    """The match just before step ``step`` of a story (counted from 1, as the story counts:
    step 1 is the deal, step 2 the first turn)."""
    if not 2 <= step <= len(story.turns) + 1:
        raise ScenarioError(
            Msg(
                "the story's turns are told at steps 2 to {last}, not at step {step}",
                {"last": len(story.turns) + 1, "step": step},
            )
        )
    return story.turns[step - 2].before.copy()


def story_until(story: HandStory, step: int) -> HandScript:
    """The story's hand told only up to step ``step`` (the turns after it left out).

    A notebook shows the hand that far, asks what comes next, and reveals the rest.
    """
    if not 1 <= step <= len(story.turns) + 1:
        raise ScenarioError(
            Msg(
                "the story's deal and turns are told at steps 1 to {last}, not at step {step}",
                {"last": len(story.turns) + 1, "step": step},
            )
        )
    actions = [str(a) for turn in story.turns[: step - 1] for a in turn.actions]
    return replace(story.script, actions=tuple(actions), beats=())


def story_part(
    story: HandStory, first: int, last: int | None = None, *, name: str | None = None
) -> HandStory:
    """The story told from step ``first`` to step ``last`` (default: to its end).

    A notebook tells a hand in parts, asking before each part what comes next: each
    part is the hand up to ``last``, opened at step ``first``, and its saved strip and
    text show only the steps from ``first`` on (the earlier ones are told above it).
    ``name`` fixes its pictures' id prefix.
    """
    from exact61_widgets.widgets import HandStory

    script = story.script if last is None else story_until(story, last)
    part = HandStory(script, lang=story.lang, name=name)
    if not 1 <= first <= len(part.steps):
        raise ScenarioError(
            Msg(
                "the story's part has steps 1 to {last}, not step {step}",
                {"last": len(part.steps), "step": first},
            )
        )
    part.saved_from = first - 1
    part.go(first - 1)
    return part


def alternatives(match: Match, lang: str | None = None) -> list[str]:
    """What each legal play of the player to move would do, in the engine's words (each
    played on a copy): what a player weighs before choosing one."""
    return [
        " ".join(explain(match, action, lang))
        for action in match.legal_actions()
        if isinstance(action, Play)
    ]


def explain(match: Match, action: Action | str, lang: str | None = None) -> list[str]:
    """The engine's explanation of every event ``action`` causes, played on a copy of
    ``match`` (the match itself is not changed): what an exercise reveals about a move."""
    trial = match.copy()
    chosen = parse_action(action) if isinstance(action, str) else action
    return [event.explain(lang) for event in trial.push(chosen)]


def scores_line(match: Match, lang: str | None = None) -> str:
    """Every side's score as the score board shows it: ``Scores: seat 0: 300 raw (60); …``."""
    from exact61_widgets.views.match_status import scores_text

    return Msg("Scores: {scores}.", {"scores": scores_text(match, check_lang(lang))}).text(lang)


def say(*texts: str) -> None:
    """Print the engine's texts as sentences, one a line, in one write (one saved block)."""
    print("\n".join(text[:1].upper() + text[1:] for text in texts), end="")
