"""A whole hand told as a story: the deal, every turn, and the settlement, step by step.

The hand is a :class:`~exact61_widgets.engine.scenario.HandScript` (scores,
the deal, the leader and every action, as data), played by the engine. Each
step shows the table, every hand face up, the boneyard and the scores; its
caption tells the turn in plain words and the text panel gives the engine's
own explanation of every event. A going-out hand ends with the settlement and
who leads next; a blocked hand with the settlement award by award, as in
:class:`~exact61_widgets.widgets.BlockedWalkthrough`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from exact61_widgets.engine.events import BlockedAwardEvent, Event, MatchWonEvent, OutEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import HandScript
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.ready_positions import STORIES
from exact61_widgets.widgets.figures import (
    BoneyardSpec,
    Figure,
    GoingOutSpec,
    LayoutSpec,
    ScoreSpec,
    SeatsSpec,
)
from exact61_widgets.widgets.walkthroughs.base import Lines, Step, Walkthrough
from exact61_widgets.widgets.walkthroughs.blocked import (
    play_question,
    settlement_steps,
    uncut_awards,
)
from exact61_widgets.widgets.walkthroughs.going_out import (
    going_out_question,
    settlement_question,
)
from exact61_widgets.widgets.walkthroughs.narration import (
    Turn,
    deal_caption,
    draw_sentences,
    end_caption,
    kinds_of,
    settlement_caption,
    split_turns,
    turn_caption,
)


def script_of(story: str | HandScript | Mapping[str, Any]) -> HandScript:
    """The hand to tell: a script, its JSON, or the name of a ready one (``going-out``,
    ``blocked``)."""
    if isinstance(story, HandScript):
        return story
    if isinstance(story, Mapping):
        return HandScript.from_json(story)
    if isinstance(story, str) and story in STORIES:
        return STORIES[story]
    raise WidgetError(
        Msg(
            "unknown story {story}: use {names} or a HandScript",
            {"story": repr(story), "names": ", ".join(repr(n) for n in STORIES)},
        )
    )


class HandStory(Walkthrough):
    """One whole hand, step by step, with the engine's explanation of every event.

    ``story``: ``"going-out"`` (four players in pairs: the deal, the opening, draws,
    a pass, a spinner filling its lines and then both branches, an award rejected
    near 61, going out and the settlement with the partner deduction),
    ``"blocked"`` (a blocked hand whose settlement ends the match and cuts off an
    award, R8.5), any :class:`HandScript` or its JSON (:meth:`HandScript.to_json`).

    >>> story = HandStory("going-out")
    >>> len(story.steps), story.caption_text.startswith("The deal: the 28 tiles are shuffled")
    (21, True)
    """

    #: Always ``"story"``.
    kind = "story"
    #: "A whole hand, step by step".
    title = Msg("A whole hand, step by step")

    def __init__(
        self,
        story: str | HandScript | Mapping[str, Any] = "going-out",
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.script = script_of(story)
        self.start, self.done = self.script.play()
        self.turns = split_turns(self.start, self.done)
        self._kinds: list[frozenset[str]] = []
        self._events: list[tuple[Event, ...]] = []
        super().__init__(lang=lang, name=name, theme=theme, content=(repr(self.script),))

    # -- what each step shows -------------------------------------------------------------

    def events_at(self, step: int) -> tuple[Event, ...]:
        """The engine's events shown at ``step`` (for the step that cuts awards off, the
        awards the engine gives when nothing ends the match)."""
        return self._events[step]

    def kinds_at(self, step: int) -> frozenset[str]:
        """What ``step`` shows: ``deal``, ``opening``, ``draw``, ``pass``, ``rejected`` …"""
        return self._kinds[step]

    @property
    def match(self) -> Match:
        """The match at the end of the hand."""
        return self.turns[-1].after if self.turns else self.start

    # -- building -------------------------------------------------------------------------

    def _labels(self, match: Match, pips: bool) -> tuple[str, ...]:
        labels = []
        for seat in range(match.players):
            params = {
                "seat": seat,
                "team": match.seating.side_name(match.side_of(seat)),
                "pips": match.pips(seat),
            }
            if match.seating.pairs:
                msg = (
                    Msg("Seat {seat} ({team}): {pips}", params)
                    if pips
                    else Msg("Seat {seat} ({team})", params)
                )
            else:
                msg = Msg("Seat {seat}: {pips}", params) if pips else Msg("Seat {seat}", params)
            labels.append(msg.text(self.lang))
        return tuple(labels)

    def _seats(self, match: Match, highlight: Sequence[str] = (), pips: bool = False) -> Figure:
        hands = tuple(tuple(str(t) for t in match.hand(s)) for s in range(match.players))
        return Figure(SeatsSpec(hands, self._labels(match, pips), tuple(highlight)), "seats")

    def _around(self, match: Match, scores: Sequence[int] | None = None) -> tuple[Figure, Figure]:
        """The boneyard and the score board; ``scores`` are those the step's text has reached
        (default: the match's)."""
        told = tuple(match.scores if scores is None else scores)
        return (
            Figure(BoneyardSpec(match.boneyard_count), "boneyard"),
            Figure(ScoreSpec(told, match.players, tally=False), "scores"),
        )

    def _add(self, step: Step, kinds: set[str] | frozenset[str], events: Sequence[Event]) -> Step:
        self._kinds.append(frozenset(kinds))
        self._events.append(tuple(events))
        return step

    def build_steps(self) -> Sequence[Step]:
        """The deal, one step per turn, then the settlement and how the hand ends."""
        self._kinds, self._events = [], []
        start = self.start
        steps = [
            self._add(
                Step((self._seats(start), *self._around(start)), deal_caption(start, self.lang)),
                {"deal"},
                (),
            )
        ]
        for turn in self.turns:
            steps.append(self._turn_step(turn))
        last = self.turns[-1] if self.turns else None
        if last is None:
            return steps
        out = next((e for e in last.events if isinstance(e, OutEvent)), None)
        if out is not None:
            steps += self._going_out(last, out)
        elif "block" in kinds_of(last):
            steps += self._blocked(last)
        return steps

    def _turn_step(self, turn: Turn) -> Step:
        """The turn: its draws and play or pass. The settlement that may follow it, going
        out or blocked, is told in the next steps, and its scores shown there."""
        after = turn.after
        last = turn.play is not None
        shown = tuple(e for e in turn.events if e.kind in TURN_EVENTS)
        panels = (
            Figure(LayoutSpec(str(after.layout), last=last, play=turn.play)),
            self._seats(after, turn.drawn),
            *self._around(after, scores_told(shown, turn.before.scores)),
        )
        details = tuple(e.explain(self.lang) for e in shown)
        step = Step(panels, turn_caption(turn), details, ask=self._held(turn))
        return self._add(step, kinds_of(turn), shown)

    def _held(self, turn: Turn) -> Step | None:
        """In predict mode, a turn's play before its result: the layout with the play and no
        scoring end marked, the hands after it, the scores before it; the turn's draws, then
        the question (the last tile's: is its award applied now?)."""
        play = turn.play
        if play is None:
            return None
        after = turn.after
        panels = (
            Figure(LayoutSpec(str(after.layout), ends=False)),
            self._seats(after, turn.drawn),
            *self._around(after, turn.before.scores),
        )
        if play.status == "deferred":
            question = going_out_question(after.layout, turn.actions[-1], play)
        else:
            question = play_question(after.layout, turn.actions[-1], play)
        asked = question.caption
        assert not isinstance(asked, Lines)
        caption = Lines((*draw_sentences(turn), asked))
        return replace(question, panels=panels, caption=caption)

    def _going_out(self, turn: Turn, out: OutEvent) -> list[Step]:
        after = turn.after
        table = Figure(LayoutSpec(str(after.layout), play=turn.play))
        won = [e for e in turn.events if e.kind == "match_won"]
        settlement = Step(
            (
                Figure(GoingOutSpec(out), "settlement"),
                self._seats(after, pips=True),
                table,
                self._around(after)[1],
            ),
            settlement_caption(after, out),
            tuple(e.explain(self.lang) for e in (out, *won)),
            ask=replace(
                settlement_question(after, out, turn.play.end_sum if turn.play else 0),
                panels=(
                    self._seats(after, pips=True),
                    table,
                    self._around(after, turn.before.scores)[1],
                ),
            ),
        )
        kinds = {"settlement"} | ({"won"} if won else set())
        end = Step((self._around(after)[1], table), end_caption(after, self.lang))
        return [
            self._add(settlement, kinds, (out, *won)),
            self._add(end, {"next_leader"} if not after.is_over else {"over"}, ()),
        ]

    def _blocked(self, turn: Turn) -> list[Step]:
        """The blocked settlement award by award, the score board changing with each."""
        before, after = turn.before, turn.after
        action = turn.actions[-1]
        table = (Figure(LayoutSpec(str(after.layout), last=turn.play is not None, play=turn.play)),)
        steps = settlement_steps(
            before, action, after, turn.events, table, (self._seats(after, pips=True),), self.lang
        )
        shown = [e for e in turn.events if isinstance(e, BlockedAwardEvent)]
        won = [e for e in turn.events if isinstance(e, MatchWonEvent)]
        cut = uncut_awards(before, action)[len(shown) :] if after.is_over else ()
        start = scores_told([e for e in turn.events if e.kind in TURN_EVENTS], before.scores)

        def board(step: Step, scores: Sequence[int], held: Sequence[int] = ()) -> Step:
            """The step with the score board (``scores``; its held-back play's, ``held``)."""
            ask = step.ask
            if ask is not None:
                ask = replace(ask, panels=(*ask.panels, self._around(after, held)[1]))
            return replace(step, panels=(*step.panels, self._around(after, scores)[1]), ask=ask)

        found: list[Step] = [self._add(board(steps[0], start), {"totals"}, ())]
        told = start
        for i, award in enumerate(shown, start=1):
            kinds = {"award", award.status}
            events: list[Event] = [award]
            if i == len(shown) and after.is_over:
                kinds.add("won")
                events += won
            found.append(self._add(board(steps[i], award.scores, told), kinds, events))
            told = award.scores
        if cut:
            found.append(self._add(board(steps[len(shown) + 1], after.scores), {"cut"}, cut))
        found.append(self._add(board(steps[-1], after.scores), {"result"}, ()))
        return found


#: The events a turn's own step tells: its draws and its play or pass (the settlement
#: that may end the hand comes in the steps after it).
TURN_EVENTS = frozenset({"draw", "play", "pass"})


def scores_told(events: Sequence[Event], before: Sequence[int]) -> tuple[int, ...]:
    """The scores after the last of ``events`` (those a step tells), or ``before``."""
    for event in reversed(events):
        scores = getattr(event, "scores", None)
        if scores is not None:
            return tuple(scores)
    return tuple(before)
