"""Walkthrough 5: a blocked hand (R8) — totals in order, differences, awards one by one.

From a position one action before a block: the block itself, every player's
total smallest first, each player's differences to the larger opponent totals
rounded once and checked against the target on its own, and — when an award
makes exactly 61 — the awards the end of the match cuts off (R8.5), then who
won the hand. :func:`settlement_steps` is shared with the hand stories.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from exact61_widgets.engine import explain
from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.errors import IllegalMoveError
from exact61_widgets.engine.events import BlockedAwardEvent, Event, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import as_match
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import Scenario, rewind
from exact61_widgets.engine.settlement import apply_change, blocked_order
from exact61_widgets.exercises.kinds.blocked_award import block_mistakes
from exact61_widgets.exercises.kinds.play_award import award_mistakes
from exact61_widgets.exercises.wording import applied
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.ready_positions import BLOCKED_PAIRS_NEAR_TARGET
from exact61_widgets.widgets.figures import BlockedSpec, Figure, HandSpec, LayoutSpec
from exact61_widgets.widgets.walkthroughs.base import (
    Lines,
    Step,
    Text,
    Walkthrough,
    wrong_answers,
)


def prepare(
    source: Scenario | Match | Mapping[str, Any], action: str | Action | None
) -> tuple[Match, Action]:
    """The position before the blocking action, and that action (found if not given).

    A game record is replayed and wound back to just before its last block.
    """
    match = as_match(source)
    if isinstance(source, Mapping) and "format" in source and action is None:
        firsts = [
            i
            for i, e in enumerate(match.events)
            if isinstance(e, BlockedAwardEvent)
            and (i == 0 or not isinstance(match.events[i - 1], BlockedAwardEvent))
        ]
        if not firsts:
            raise WidgetError(Msg("no hand of this record is blocked"))
        return match, rewind(match, firsts[-1] - 1)[0]
    try:
        chosen = match.blocking_action(parse_action(action) if isinstance(action, str) else action)
    except IllegalMoveError as err:
        raise WidgetError(err.message) from None
    return match, chosen


def uncut_awards(before: Match, action: Action) -> tuple[BlockedAwardEvent, ...]:
    """Every player's blocked-hand award as the engine gives it when no award can end the match.

    The same position with every score at 0 is blocked by the same action: the
    differences, roundings and order are the same (they do not depend on the
    scores), and no award reaches 61, so none is cut off (R8.5).
    """
    free = replace(Scenario.from_match(before), scores=(0,) * before.sides).match()
    return tuple(e for e in free.push(action) if isinstance(e, BlockedAwardEvent))


def totals_order(match: Match, leader: int) -> list[int]:
    """The seats in the engine's settlement order: smallest total first, ties from the leader
    (R8.1, D5)."""
    return blocked_order([match.pips(s) for s in range(match.players)], leader)


def award_caption(match: Match, award: BlockedAwardEvent) -> Text:
    """One player's award in the engine's words: the differences, the rounding, the target."""
    return Lines(explain.blocked_award(award, match.seating.side_title(award.side)).steps)


def cut_caption(match: Match, cut: Sequence[BlockedAwardEvent]) -> Lines:
    """The awards an exact 61 cut off (R8.5), each with what it would have done."""
    parts: list[Msg | str] = [
        Msg(
            "The match is over with that award, so the awards still to come are not applied (R8.5)."
        )
    ]
    scores = tuple(match.scores)
    for award in cut:
        checked = apply_change(scores, award.side, award.award)
        team = match.seating.side_name(award.side)
        parts.append(
            explain.cut_award(award.seat, award.award, scores[award.side], team, checked.status)
        )
        scores = checked.scores
    return Lines(tuple(parts))


def result_caption(match: Match, totals: Sequence[int]) -> Lines:
    """Who wins the blocked hand (R8.6), and what follows: a lot (R8.7), or nothing (D8),
    in the engine's words (:func:`~exact61_widgets.engine.explain.blocked_result`)."""
    end = match.hand_end
    assert end is not None
    seating = match.seating
    winner = end.hand_winner
    team = seating.side_name(winner) if seating.pairs and winner is not None else None
    won_by = None if match.winner is None else seating.side_name(match.winner)
    return Lines(explain.blocked_result(totals, winner, team, won_by).steps)


def totals_caption(match: Match, order: Sequence[int], leader: int, lang: str) -> Lines:
    """Every player's total, smallest first (R8.1), who is compared with whom (R8.3, D5)."""
    totals = [match.pips(s) for s in range(match.players)]
    listed = ", ".join(
        Msg("seat {seat}: {pips}", {"seat": s, "pips": totals[s]}).text(lang) for s in order
    )
    parts: list[Msg | str] = [
        Msg(
            "The hand is settled from the tiles still held. Each player's total, smallest first: "
            "{totals} (R8.1).",
            {"totals": listed},
        )
    ]
    if match.seating.pairs:
        parts.append(
            Msg(
                "Partners stay separate, and each player is compared only with larger "
                "totals of opponents (R8.3)."
            )
        )
    else:
        parts.append(Msg("Each player is compared only with larger totals of opponents (R8.3)."))
    if len(set(totals)) < len(totals):
        parts.append(
            Msg(
                "Equal totals go in seat order from the leader of the hand, seat {leader} (D5).",
                {"leader": leader},
            )
        )
    return Lines(tuple(parts))


def settlement_steps(
    before: Match,
    action: Action,
    after: Match,
    events: Sequence[Event],
    table: tuple[Figure, ...],
    holders: tuple[Figure, ...],
    lang: str,
) -> list[Step]:
    """The blocked-hand settlement after ``action``: totals, each award, the cut, the result.

    ``table`` are the pictures shown under the settlement table (the layout …),
    ``holders`` the pictures of the hands shown with the totals; the engine's
    explanations of the awards go to the text panel in ``lang``.
    """
    awards = [e for e in events if isinstance(e, BlockedAwardEvent)]
    totals = tuple(after.pips(s) for s in range(after.players))
    order = totals_order(after, before.leader)

    def panels(shown: int) -> tuple[Figure, ...]:
        """The settlement table with the first ``shown`` awards; before the first award,
        which the table cannot show empty, the hands and their totals."""
        if not shown:
            return (*holders, *table)
        return (Figure(BlockedSpec(tuple(awards[:shown])), "settlement"), *table)

    steps = [Step(panels(0), totals_caption(after, order, before.leader, lang))]
    steps += [
        Step(
            panels(i),
            award_caption(after, award),
            (award.explain(lang),),
            ask=Step(
                panels(i - 1),
                Msg(
                    "Seat {seat} holds {pips}. What is their award in raw points, and is it "
                    "applied?",
                    {"seat": award.seat, "pips": award.pips},
                ),
                expect=wrong_answers(
                    block_mistakes(after, award.seat, award),
                    applied(award.score_before, award.award),
                ),
            ),
        )
        for i, award in enumerate(awards, start=1)
    ]
    if after.is_over:
        cut = uncut_awards(before, action)[len(awards) :]
        if cut:
            steps.append(
                Step(
                    panels(len(awards)),
                    cut_caption(after, cut),
                    tuple(award.explain(lang) for award in cut),
                )
            )
    steps.append(Step(panels(len(awards)), result_caption(after, totals)))
    return steps


class BlockedWalkthrough(Walkthrough):
    """A blocked-hand settlement, award by award (R8.1–R8.7, R7.5, D5, R9, D8).

    ``scenario``: a :class:`Scenario`, a :class:`Match` or a game record (wound
    back to its last block); ``action``: the action that blocks (default: found).
    The default position is near the target: one award is rejected, the next
    makes exactly 61 and ends the match, and the award after it is cut off.

    >>> walk = BlockedWalkthrough()
    >>> len(walk.steps), walk.caption_text.startswith("Seat 3 plays [1|1]@[1|3]:low.")
    (6, True)
    """

    #: Always ``"blocked"``.
    kind = "blocked"
    #: "Blocked hand".
    title = Msg("Blocked hand")

    def __init__(
        self,
        scenario: Scenario | Match | Mapping[str, Any] = BLOCKED_PAIRS_NEAR_TARGET,
        action: str | Action | None = None,
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.match, self.action = prepare(scenario, action)
        self.before = self.match.copy()
        self.events = tuple(self.match.push(self.action))
        super().__init__(
            lang=lang,
            name=name,
            theme=theme,
            content=(repr(Scenario.from_match(self.before)), str(self.action)),
        )

    def build_steps(self) -> Sequence[Step]:
        """Block, totals, each award, the awards cut off if the match ends, the hand's result."""
        before, after = self.before, self.match
        play = next((e for e in self.events if isinstance(e, PlayEvent)), None)
        table = (
            Figure(LayoutSpec(str(after.layout), last=isinstance(self.action, Play), play=play)),
        )
        order = totals_order(after, before.leader)
        hands = tuple(
            Figure(
                HandSpec(tuple(str(t) for t in after.hand(s))),
                f"hand{s}",
                Msg("seat {seat}: {pips}", {"seat": s, "pips": after.pips(s)}).text(self.lang),
            )
            for s in order
        )
        block = Lines(
            (
                action_sentence(before.to_move, self.action),
                Msg("The boneyard is empty and nobody can play, so the hand is blocked (R3.5)."),
            )
        )
        ask = None
        if isinstance(self.action, Play) and play is not None:
            ask = play_question(after.layout, self.action, play)
        return [
            Step(table, block, ask=ask),
            *settlement_steps(before, self.action, after, self.events, table, hands, self.lang),
        ]


def play_question(after: Layout, action: Action, play: PlayEvent) -> Step:
    """The held-back step of a play (predict mode): ``after``, the layout with the play, but
    no scoring end marked, and the question what it scores, with the wrong answers to expect."""
    return Step(
        (Figure(LayoutSpec(str(after), ends=False)),),
        Msg(
            "Seat {seat} plays {play}. How many raw points does it score, and is the "
            "award applied?",
            {"seat": play.seat, "play": str(action)},
        ),
        expect=wrong_answers(
            award_mistakes(after, "raw", play.score_before),
            applied(play.score_before, play.award),
        ),
    )


def action_sentence(seat: int, action: Action) -> Msg:
    """``Seat 0 plays [1|1]@[1|3]:low.`` or ``Seat 0 passes.``"""
    if isinstance(action, Play):
        return Msg("Seat {seat} plays {play}.", {"seat": seat, "play": str(action)})
    return Msg("Seat {seat} passes.", {"seat": seat})
