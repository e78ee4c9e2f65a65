"""Walkthrough 5: a blocked hand (R8) — totals in order, differences, awards one by one.

From a position one action before a block: the block itself, every player's
total smallest first, each player's differences to the larger opponent totals
rounded once and checked against the target on its own, a match that ends in
the middle of the settlement, and who won the hand (or a draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.errors import IllegalMoveError
from exact61_widgets.engine.events import BlockedAwardEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.i18n import Msg
from exact61_widgets.widgets.errors import WidgetError
from exact61_widgets.widgets.pictures import BlockedSpec, HandSpec, LayoutSpec, Panel
from exact61_widgets.widgets.scenarios import BLOCKED_3P_NEAR_TARGET, Scenario, as_match, rewind
from exact61_widgets.widgets.texts import side_name
from exact61_widgets.widgets.walkthroughs.base import Step, Walkthrough


def prepare(source: Scenario | Match | Mapping[str, Any],
            action: str | Action | None) -> tuple[Match, Action]:
    """The position before the blocking action, and that action (found if not given).

    A game record is replayed and wound back to just before its last block.
    """
    match = as_match(source)
    if isinstance(source, Mapping) and "format" in source and action is None:
        firsts = [i for i, e in enumerate(match.events) if isinstance(e, BlockedAwardEvent)
                  and (i == 0 or not isinstance(match.events[i - 1], BlockedAwardEvent))]
        if not firsts:
            raise WidgetError(Msg("no hand of this record is blocked"))
        return match, rewind(match, firsts[-1] - 1)[0]
    try:
        chosen = match.blocking_action(parse_action(action) if isinstance(action, str)
                                       else action)
    except IllegalMoveError as err:
        raise WidgetError(err.message) from None
    return match, chosen


class BlockedWalkthrough(Walkthrough):
    """A blocked-hand settlement, award by award (R8.1–R8.7, R7.5, D5, R9).

    ``scenario``: a :class:`Scenario`, a :class:`Match` or a game record (wound
    back to its last block); ``action``: the action that blocks (default: found).
    The default position is near the target: one award is rejected and the next
    ends the match mid-settlement.
    """

    kind = "blocked"
    title = Msg("Blocked hand")

    def __init__(self, scenario: Scenario | Match | Mapping[str, Any] = BLOCKED_3P_NEAR_TARGET,
                 action: str | Action | None = None, *, lang: str = "en",
                 name: str | None = None, theme: str = "auto") -> None:
        self.match, self.action = prepare(scenario, action)
        self.before = self.match.copy()
        self.events = tuple(self.match.push(self.action))
        super().__init__(lang=lang, name=name, theme=theme,
                         content=(repr(Scenario.from_match(self.before)), str(self.action)))

    def build_steps(self) -> Sequence[Step]:
        """Block, totals, each award, the match's end if it comes, the hand's result."""
        before, after = self.before, self.match
        n = before.players
        awards = [e for e in self.events if isinstance(e, BlockedAwardEvent)]
        totals = tuple(after.pips(s) for s in range(n))
        table = Panel(LayoutSpec(str(after.layout), last=isinstance(self.action, Play)))

        def panels(shown: int) -> tuple[Panel, ...]:
            return (Panel(BlockedSpec(tuple(awards[:shown])), "settlement"), table)

        leader = before.leader
        order = sorted(range(n), key=lambda s: (totals[s], (s - leader) % n))
        hands = tuple(Panel(HandSpec(tuple(str(t) for t in after.hand(s))), f"hand{s}",
                            Msg("seat {seat}: {pips}", {"seat": s, "pips": totals[s]}
                                ).text(self.lang))
                      for s in order)
        steps = [Step((table,),
                      Msg("Seat {seat}: {action}. The boneyard is empty and nobody can play: the "
                          "hand is blocked (R3.5, D9).", {"seat": before.to_move,
                                                        "action": _action_text(self.action)}))]
        steps.append(Step((*hands, table), Msg(
            "Each player's remaining total, smallest first: {totals} (R8.1). Partners stay "
            "separate; equal totals go in seat order from the leader, seat {leader} (D5).", {
                "totals": ", ".join(Msg("seat {seat}: {pips}", {"seat": s, "pips": totals[s]}
                                        ).text(self.lang) for s in order),
                "leader": leader})))
        for i, award in enumerate(awards, start=1):
            steps.append(Step(panels(i), award_caption(award), (award.explain(self.lang),)))
        if after.is_over:
            done = {a.seat for a in awards}
            left = [s for s in order if s not in done]
            assert after.winner is not None
            steps.append(Step(panels(len(awards)), Msg(
                "Exactly 61 for {side}: the match ends at once and the awards still to come "
                "({seats}) are not applied (R8.5, R9).", {
                    "side": side_name(after, after.winner),
                    "seats": ", ".join(Msg("seat {seat}", {"seat": s}).text(self.lang)
                                       for s in left) or "—"})))
        steps.append(Step(panels(len(awards)), self._result(totals)))
        return steps

    def _result(self, totals: tuple[int, ...]) -> Msg:
        match = self.match
        smallest = min(totals)
        seats = [s for s, t in enumerate(totals) if t == smallest]
        end = match.hand_end
        assert end is not None
        if end.hand_winner is None:
            return Msg("Opponents tie for the smallest total, {pips}: the hand is drawn (R8.6). "
                       "After a block the next leader is chosen by lot (R8.7).",
                       {"pips": smallest})
        if len(seats) > 1:
            return Msg("Partners tie for the smallest total, {pips}: the hand is still won by "
                       "their pair, side {side} (R8.6). After a block the next leader is chosen "
                       "by lot (R8.7).", {"pips": smallest, "side": end.hand_winner})
        return Msg("Seat {seat} has the smallest total, {pips}: side {side} wins the hand "
                   "(R8.6). After a block the next leader is chosen by lot (R8.7).",
                   {"seat": seats[0], "pips": smallest, "side": end.hand_winner})


def award_caption(award: BlockedAwardEvent) -> Msg:
    """One player's award: differences to larger opponent totals, rounding, target check."""
    if not award.compared:
        return Msg("Seat {seat} ({pips}): no opponent has a larger total, so nothing is "
                   "awarded (R8.3).", {"seat": award.seat, "pips": award.pips})
    diffs = " + ".join(f"({total} − {award.pips})" for _, total, _ in award.compared)
    return Msg("Seat {seat} ({pips}): differences to each larger opponent total, {diffs} = "
               "{difference} (R8.2, R8.3), rounded once to {award} (R7.5); checked on its own "
               "(R8.4): {reason}.", {
                   "seat": award.seat, "pips": award.pips, "diffs": diffs,
                   "difference": award.difference, "award": award.award,
                   "reason": award.reason()})


def _action_text(action: Action) -> Msg:
    if isinstance(action, Play):
        return Msg("plays {play}", {"play": str(action)})
    return Msg("passes")
