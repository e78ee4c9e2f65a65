"""What does the blocked-hand settlement add to a seat's (pair's) score (R8)? A number.

The engine plays the blocking action on a copy and the explanation comes from
its award events. The misconceptions are computed the way a mistaken learner
computes, target check included: the award rejected (or given after the
winning one), the sum not rounded or rounded the wrong way, each difference
rounded apart, the partner compared, smaller totals counted, only the largest
opponent compared, a tie taken to cancel the awards, only the smallest total
taken to earn, the partners' totals pooled, the answer in displayed points, an
award that fits taken as rejected near 61. With ``before_check`` the question
asks for the award before its target check (a twin asked just before the
question with the check): no mistake goes through the check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.actions import Action, parse_action
from exact61_widgets.engine.errors import IllegalMoveError, NotationError
from exact61_widgets.engine.events import BlockedAwardEvent, Event, MatchWonEvent
from exact61_widgets.engine.explain import blocked_award as blocked_award_explained
from exact61_widgets.engine.explain import differences
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import TARGET_PARAMS, displayed, round5
from exact61_widgets.exercises.action_words import action_text
from exact61_widgets.exercises.giveaways import explains
from exact61_widgets.exercises.task import Task, own_match
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    join,
    number_answer,
)
from exact61_widgets.exercises.wording import (
    FIT_REJECTED,
    ROUNDED_WRONG_WAY,
    SHOWN_NOT_RAW,
    applied,
    fit_mistakes,
    round_wrong_way,
    target_checked,
)
from exact61_widgets.i18n import Msg, check_lang
from exact61_widgets.render import blocked_settlement_svg

BLOCK_REJECTED = Misconception(
    "award-target-forgotten",
    Msg(
        "That award would take the score above {target}: that award alone is rejected (R8.4).",
        TARGET_PARAMS,
    ),
)
BLOCK_NOT_ROUNDED = Misconception(
    "sum-not-rounded",
    Msg("Round the sum of the differences once to the nearest multiple of 5 (R8.2)."),
)
PARTNER_COMPARED = Misconception(
    "partner-compared", Msg("A partner's total is never compared (R8.3).")
)
ONLY_LARGER = Misconception(
    "smaller-totals-counted", Msg("Only strictly larger opponent totals count (R8.3).")
)
ONLY_LARGEST = Misconception(
    "only-largest-compared",
    Msg("Compare with every strictly larger opponent total, not only the largest (R8.2)."),
)
ROUND_ONCE = Misconception(
    "each-difference-rounded", Msg("Add the differences first, then round the sum once (R8.2).")
)
PAIR_POOLED = Misconception(
    "pair-totals-pooled",
    Msg(
        "Partners' tiles are never pooled: each player's total is compared on its own with "
        "each opponent's total (R8.1)."
    ),
)
TIE_CANCELS = Misconception(
    "tie-cancels",
    Msg(
        "An equal total brings nothing from that opponent alone; the larger totals still "
        "count (R8.3)."
    ),
)
SMALLEST_ONLY = Misconception(
    "only-smallest-earns",
    Msg(
        "Every player who has an opponent with a larger total earns an award, not only "
        "the player with the smallest total (R8.2)."
    ),
)
AFTER_THE_WIN = Misconception(
    "award-after-the-win",
    Msg(
        "The match ended at exactly {target} before this award, and nothing after the "
        "winning award is applied (R8.5).",
        TARGET_PARAMS,
    ),
)
MISCONCEPTIONS = (
    BLOCK_REJECTED,
    BLOCK_NOT_ROUNDED,
    ROUNDED_WRONG_WAY,
    ROUND_ONCE,
    PARTNER_COMPARED,
    PAIR_POOLED,
    ONLY_LARGER,
    ONLY_LARGEST,
    TIE_CANCELS,
    SMALLEST_ONLY,
    AFTER_THE_WIN,
    SHOWN_NOT_RAW,
    FIT_REJECTED,
)


def blocked(match: Match, action: Action | str | None) -> tuple[Action, Match, list[Event]]:
    """The blocking action (given or found, R8), the position after it, and its events."""
    after = match.copy()
    try:
        chosen = after.blocking_action(parse_action(action) if isinstance(action, str) else action)
    except (IllegalMoveError, NotationError) as err:
        raise ExerciseError(err.message) from None
    events = after.push(chosen)
    return chosen, after, events


def match_won(events: list[Event]) -> MatchWonEvent | None:
    """The match-won event among ``events``, if the match ended there."""
    return next((e for e in events if isinstance(e, MatchWonEvent)), None)


def block_mistakes(
    after: Match, seat: int, event: BlockedAwardEvent | None, *, checked: bool = True
) -> list[Mistake]:
    """The answers the known mistakes give to a blocked-hand question, each with its
    misconception (``checked``: False when the question asks for the award before the target
    check, so no mistake goes through it)."""
    totals = [after.pips(s) for s in range(after.players)]
    mine = totals[seat]
    opponents = [s for s in range(after.players) if after.side_of(s) != after.side_of(seat)]
    larger = [totals[s] - mine for s in opponents if totals[s] > mine]
    if event is None:
        would = round5(sum(larger))
        return [Mistake(would, AFTER_THE_WIN)] if would else []
    before = event.score_before if checked else None  # None: no target check asked
    found: list[Mistake] = []

    def mistake(award: int, misconception: Misconception) -> None:
        found.extend(target_checked(before, award, misconception))

    if applied(before, event.award) != event.award:
        found.append(Mistake(event.award, BLOCK_REJECTED))
    if event.difference != event.award:
        mistake(event.difference, BLOCK_NOT_ROUNDED)
        mistake(round_wrong_way(event.difference), ROUNDED_WRONG_WAY)
    partner = after.partner_of(seat)
    if partner is not None and totals[partner] > mine:
        mistake(round5(sum(larger) + totals[partner] - mine), PARTNER_COMPARED)
    if partner is not None:  # the pair's totals added up and compared, pair against pair
        pooled = sum(totals[s] for s in opponents) - mine - totals[partner]
        if pooled > 0:
            mistake(round5(pooled), PAIR_POOLED)
    smaller = [mine - totals[s] for s in opponents if totals[s] < mine]
    if smaller:
        mistake(round5(sum(larger) + sum(smaller)), ONLY_LARGER)
    if len(larger) > 1:
        mistake(sum(round5(d) for d in larger), ROUND_ONCE)
        mistake(round5(max(larger)), ONLY_LARGEST)
    if event.award:
        if any(totals[s] == mine for s in opponents):
            mistake(0, TIE_CANCELS)
        if mine > min(totals):
            mistake(0, SMALLEST_ONLY)
    change = applied(before, event.award)
    if change:
        found.append(Mistake(displayed(change), SHOWN_NOT_RAW))
    found.extend(fit_mistakes(before, change))
    return found


def _check_blocked_award(
    match: Match,
    seat: int,
    answer: str | int,
    action: Action | str | None = None,
    before_check: bool = False,
) -> Result:
    """What does the blocked-hand settlement add to ``seat``'s raw score (R8)? Answer: a number.

    ``match`` is the position one action before the block; ``action`` the action
    that blocks (default: found). An award passing 61 adds 0 (R8.4); an award
    after the match was won is not applied (R8.5). ``before_check``: the answer is
    the award before its target check (the solution stops there); an award the
    match's end cut off is never checked, so it cannot be asked so.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise ExerciseError(
            Msg(
                "seat is a number from 0 to {last}, not {seat}",
                {"last": match.players - 1, "seat": repr(seat)},
            )
        )
    _, after, events = blocked(match, action)
    event = next((e for e in events if isinstance(e, BlockedAwardEvent) and e.seat == seat), None)
    why: Msg | str
    if event is None and before_check:
        raise ExerciseError(
            Msg(
                "the match ended at exactly {target} before seat {seat}'s award: it is never "
                "checked against the target",
                {**TARGET_PARAMS, "seat": seat},
            )
        )
    if event is None:
        why = Msg(
            "The match ended at exactly {target} before seat {seat}'s award, so it is not "
            "applied (R8.5).",
            {**TARGET_PARAMS, "seat": seat},
        )
        change = 0
    elif before_check:
        change = event.award
        why = join(blocked_award_explained(event, before_check=True).steps)
    else:
        change = event.scores[event.side] - event.score_before
        why = join(event.explanation().steps)
    found = block_mistakes(after, seat, event, checked=not before_check)
    return number_answer(answer, change, why, found)


@dataclass(frozen=True, eq=False)
class BlockedAward(Task):
    """What does the blocked-hand settlement add to ``seat``'s (pair's) score (R8)?

    ``position`` is the match one action before the block; ``action`` that
    action (default: found).
    """

    #: The match one action before the block.
    position: Match
    #: The seat whose (pair's) score the question is about.
    seat: int
    #: The action that blocks the hand, in notation (None: found).
    action: str | None = None
    #: Ask for the seat's award before its target check (a twin asked just before the
    #: question with the check, on the same position).
    before_check: bool = False
    kind: ClassVar[str] = "blocked_award"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        match = own_match(self.position)
        # a bad seat, or an award never checked asked before its check, fails now
        _check_blocked_award(match, self.seat, "0", self.action, self.before_check)
        chosen, _, _ = blocked(match, self.action)
        object.__setattr__(self, "position", match)
        object.__setattr__(self, "action", action_text(chosen, "en"))

    def question(self) -> Msg:
        """The question."""
        params = {"mover": self.position.to_move, "action": self.action, "seat": self.seat}
        pairs = self.position.seating.pairs
        if self.before_check:
            if self.action == "pass":
                return Msg(
                    "Seat {mover} passes, and the hand is blocked. How many raw points is "
                    "seat {seat}'s award, before the target check?",
                    params,
                )
            return Msg(
                "Seat {mover} plays {action}, and the hand is blocked. How many raw points is "
                "seat {seat}'s award, before the target check?",
                params,
            )
        if self.action == "pass":
            if pairs:
                return Msg(
                    "Seat {mover} passes, and the hand is blocked. How many raw points "
                    "does the settlement add for seat {seat} to their pair's score?",
                    params,
                )
            return Msg(
                "Seat {mover} passes, and the hand is blocked. How many raw points does "
                "the settlement add to seat {seat}'s score?",
                params,
            )
        if pairs:
            return Msg(
                "Seat {mover} plays {action}, and the hand is blocked. How many raw "
                "points does the settlement add for seat {seat} to their pair's score?",
                params,
            )
        return Msg(
            "Seat {mover} plays {action}, and the hand is blocked. How many raw points "
            "does the settlement add to seat {seat}'s score?",
            params,
        )

    def answer_form(self) -> Msg:
        """A whole number of raw points."""
        return Msg("a whole number of raw points")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_blocked_award`` reaches it."""
        return _check_blocked_award(
            self.position, self.seat, answer, self.action, self.before_check
        )

    def answer(self, lang: str | None = None) -> str:
        """What the settlement adds (or the award before its target check), in raw points."""
        return self.check("0").expected

    def _events(
        self,
    ) -> tuple[Match, BlockedAwardEvent | None, list[BlockedAwardEvent], list[Event]]:
        _, after, events = blocked(self.position, self.action)
        awards = [e for e in events if isinstance(e, BlockedAwardEvent)]
        mine = next((e for e in awards if e.seat == self.seat), None)
        return after, mine, awards, events

    def mistakes(self) -> list[Mistake]:
        """The answers of the blocked-hand question's misconceptions."""
        after, mine, _, _ = self._events()
        return block_mistakes(after, self.seat, mine, checked=not self.before_check)

    def picture(self, id_prefix: str, lang: str | None = None) -> str | None:
        """The awards as the engine applies them, in the order of the totals (none before the
        target check: it shows the check's verdict, the answer of the question that
        follows)."""
        if self.before_check:
            return None
        _, _, awards, _ = self._events()
        return str(blocked_settlement_svg(awards, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The engine's explanation of the seat's award (or of the win before it), the
        differences summed, the settlement picture's texts.

        When the match ends before the seat's award (R8.5), the winning award and
        the win itself give the answer away.
        """
        lang = check_lang(lang)
        _, mine, awards, events = self._events()
        if mine is None:
            won = match_won(events)
            return tuple(
                explains([awards[-1], *([won] if won is not None else [])], lang, whole=True)
            )
        verdict = mine.status == "rejected" and not self.before_check
        found = explains([mine], lang, whole=verdict)
        if mine.compared and not verdict:
            found.append(f"{differences(mine.pips, mine.compared)} = {mine.difference}")
        return tuple(dict.fromkeys(found))
