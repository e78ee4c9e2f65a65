"""Walkthrough 6: exactly 61 (R1.3, R1.4, R9) — near the target, an overshoot, an exact hit.

From a position near the target, a few actions are played one by one: an award
that would pass 61 is rejected whole and play goes on; an award that lands on
exactly 61 ends the match at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.events import DrawEvent, Event, MatchWonEvent, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import as_match
from exact61_widgets.engine.match import Deal, Match
from exact61_widgets.engine.scenario import Scenario, as_actions, rewind
from exact61_widgets.engine.scoring import TARGET_PARAMS, displayed, to_target
from exact61_widgets.i18n import Msg, Plural
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.ready_positions import EXACT_61, EXACT_61_PLAYS
from exact61_widgets.widgets.figures import Figure, LayoutSpec
from exact61_widgets.widgets.walkthroughs.base import Lines, Step, Walkthrough
from exact61_widgets.widgets.walkthroughs.blocked import play_question


def prepare(
    source: Scenario | Match | Mapping[str, Any], actions: Iterable[Action | str] | None
) -> tuple[Match, tuple[Action, ...]]:
    """The starting position and the actions to play from it.

    A game record is wound back, within its last hand, to the last play whose
    award was rejected (R1.4), or else by its last action.
    """
    match = as_match(source)
    if isinstance(source, Mapping) and "format" in source and actions is None:
        events = match.events
        first = len(events) - len(match.hand_events)
        rejected = [
            i
            for i, e in enumerate(events)
            if i >= first and isinstance(e, PlayEvent) and e.status == "rejected"
        ]
        if rejected:
            return match, tuple(rewind(match, rejected[-1]))
        if not match.action_stack or match.peek() is None:
            raise WidgetError(Msg("the record's last hand has no action to show"))
        last = match.pop()
        assert not isinstance(last, Deal)
        return match, (last,)
    if actions is None:
        if source is not EXACT_61:
            raise WidgetError(Msg("give the actions to play from this position"))
        actions = EXACT_61_PLAYS
    return match, as_actions(actions)


def caption_for(events: Sequence[Event], lang: str) -> Lines:
    """The caption of one action: its explanation and the target rule it shows."""
    text = " ".join(e.explain(lang) for e in events)
    first = events[0]
    if any(isinstance(e, MatchWonEvent) for e in events):
        return Lines((text, Msg("Nothing after that award is applied (D8).")))
    if isinstance(first, PlayEvent) and first.status == "rejected":
        return Lines(
            (
                text,
                Msg(
                    "The score stays {score} and play goes on (R9.1).",
                    {"score": first.score_before},
                ),
            )
        )
    if isinstance(first, PlayEvent):
        return Lines(
            (text, Msg("Every award is checked against {target} on its own (R6.3).", TARGET_PARAMS))
        )
    if isinstance(first, DrawEvent):
        return Lines((text, Msg("A draw scores nothing; the tile goes into the hand (D4).")))
    return Lines((text, Msg("A pass scores nothing (R3.4).")))


class Exact61Walkthrough(Walkthrough):
    """Reaching exactly 61: overshoots rejected whole, an exact hit wins (R1.3, R1.4, R9, D8).

    ``scenario``: a :class:`Scenario`, a :class:`Match` or a game record;
    ``actions``: what is played from it, in order (notation or actions). The
    default scenario comes with its own three plays; a record without
    ``actions`` is wound back to its last rejected award (or its last action).

    >>> walk = Exact61Walkthrough()
    >>> walk.caption_text.startswith("Scores 290 (58), 250 (50). Seat 0 needs exactly 15")
    True
    """

    #: Always ``"exact61"``.
    kind = "exact61"
    #: "Exactly 61".
    title = Msg("Exactly {target}", TARGET_PARAMS)

    def __init__(
        self,
        scenario: Scenario | Match | Mapping[str, Any] = EXACT_61,
        actions: Iterable[Action | str] | None = None,
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.match, self.actions = prepare(scenario, actions)
        self.before = self.match.copy()
        self.results: list[tuple[Event, ...]] = []
        self.positions: list[str] = []
        for action in self.actions:
            reason = self.match.why_illegal(action)
            if reason is not None:
                raise WidgetError(
                    Msg(
                        "{action} cannot be played here: {reason}",
                        {"action": str(action), "reason": reason},
                    )
                )
            self.results.append(tuple(self.match.push(action)))
            self.positions.append(str(self.match.layout))
        super().__init__(
            lang=lang,
            name=name,
            theme=theme,
            content=(repr(Scenario.from_match(self.before)), tuple(str(a) for a in self.actions)),
        )

    def build_steps(self) -> Sequence[Step]:
        """The scores near the target, then one step per action."""
        before = self.before
        side = before.side_of(before.to_move)
        need = to_target(before.scores[side])
        steps = [
            Step(
                (Figure(LayoutSpec(str(before.layout), last=False)),),
                Lines(
                    (
                        Msg(
                            "Scores {scores}. {side} needs exactly {need} more to reach {target}, "
                            "which is {target_raw} raw points (R1.3).",
                            {
                                **TARGET_PARAMS,
                                "scores": ", ".join(f"{s} ({displayed(s)})" for s in before.scores),
                                "side": before.seating.side_title(side),
                                "need": Plural("{n} raw point", "{n} raw points", need),
                            },
                        ),
                        Msg("An award that would pass the target is rejected whole (R1.4)."),
                    )
                ),
            )
        ]
        for action, events, layout in zip(self.actions, self.results, self.positions, strict=True):
            play = next((e for e in events if isinstance(e, PlayEvent)), None)
            ask = None if play is None else play_question(Layout.parse(layout), action, play)
            steps.append(
                Step(
                    (Figure(LayoutSpec(layout, last=isinstance(action, Play), play=play)),),
                    caption_for(events, self.lang),
                    ask=ask,
                )
            )
        return steps
