"""By how much does going out change the mover's (pair's) score (R7, R6.3)? A number.

The engine plays the last tile on a copy and the explanation comes from its
settlement event. The misconceptions are computed the way a mistaken learner
computes, target check included: the settlement rejected (or only part of
it), the partner's tiles forgotten, pooled or added, the last play forgotten,
nothing rounded, each opponent rounded apart, rounding the wrong way, a
score that goes down given without its minus sign, the answer in displayed
points, the sum of a last play that scored nothing added (or rounded), and a
settlement that fits taken as rejected near 61. With ``before_check`` the
question asks for the settlement's net before the target check (a twin asked
just before the question with the check): no mistake goes through the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.actions import Play, parse_action
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.events import OutEvent
from exact61_widgets.engine.explain import going_out_settlement as going_out_explained
from exact61_widgets.engine.explain import settlement_sum
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import POINT, TARGET_PARAMS, displayed, round5
from exact61_widgets.exercises.giveaways import explains, svg_texts
from exact61_widgets.exercises.layout_facts import play_on
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
    SUM_ROUNDED,
    UNSCORED_SUM_ADDED,
    applied,
    fit_mistakes,
    raw,
    round_wrong_way,
    target_checked,
)
from exact61_widgets.i18n import Msg, check_lang
from exact61_widgets.render import out_settlement_svg

OUT_REJECTED = Misconception(
    "settlement-target-forgotten",
    Msg(
        "That settlement would take the score above {target}, so all its parts are rejected "
        "together (R7.4).",
        TARGET_PARAMS,
    ),
)
PART_REJECTED = Misconception(
    "settlement-split",
    Msg("A settlement is applied or rejected as a whole, the last play's award too (R7.4)."),
)
PARTNER_FORGOTTEN = Misconception(
    "partner-forgotten", Msg("Subtract the partner's rounded tiles too (R7.3).")
)
PARTNER_POOLED = Misconception(
    "partner-pooled",
    Msg("Never pool the partner's tiles with the opponents' before rounding (R7.3)."),
)
PARTNER_ADDED = Misconception(
    "partner-added",
    Msg("The partner's tiles are subtracted, not added to the opponents' (R7.3)."),
)
LAST_PLAY_FORGOTTEN = Misconception(
    "last-play-forgotten", Msg("The last play's own award is part of the settlement (R7.4).")
)
OUT_NOT_ROUNDED = Misconception(
    "not-rounded", Msg("Round each total to the nearest multiple of 5 (R7.5).")
)
OUT_EACH_ROUNDED = Misconception(
    "each-hand-rounded", Msg("Add all the opponents' tiles first, then round once (R7.2).")
)
MINUS_FORGOTTEN = Misconception(
    "minus-sign-forgotten",
    Msg("Here the settlement takes points away: the score goes down, so write a minus sign (D3)."),
)
MISCONCEPTIONS = (
    OUT_REJECTED,
    PART_REJECTED,
    PARTNER_FORGOTTEN,
    PARTNER_POOLED,
    PARTNER_ADDED,
    LAST_PLAY_FORGOTTEN,
    UNSCORED_SUM_ADDED,
    SUM_ROUNDED,
    OUT_NOT_ROUNDED,
    OUT_EACH_ROUNDED,
    ROUNDED_WRONG_WAY,
    MINUS_FORGOTTEN,
    SHOWN_NOT_RAW,
    FIT_REJECTED,
)


def going_out(match: Match, play: Play | str | None) -> tuple[Play, OutEvent, Match]:
    """The going-out play of the mover, its settlement, and the match after it."""
    after = match.copy()
    seat = after.to_move
    if after.status != "playing" or len(after.hand(seat)) != 1:
        raise ExerciseError(Msg("seat {seat} is not about to play their last tile", {"seat": seat}))
    if play is None:
        plays = after.legal_plays()
        if not plays:
            raise ExerciseError(Msg("seat {seat} cannot play their last tile now", {"seat": seat}))
        chosen = plays[0]
    else:
        try:
            action = parse_action(play) if isinstance(play, str) else play
        except NotationError as err:
            raise ExerciseError(err.message) from None
        reason = after.why_illegal(action)
        if reason is not None or not isinstance(action, Play):
            raise ExerciseError(
                Msg(
                    "{play} cannot be played in this position: {reason}",
                    {"play": str(action), "reason": reason or Msg("it is not a play")},
                )
            )
        chosen = action
    out = next(e for e in after.push(chosen) if isinstance(e, OutEvent))
    return chosen, out, after


def out_mistakes(
    out: OutEvent, after: Match, end_sum: int, *, checked: bool = True
) -> list[Mistake]:
    """The answers the known mistakes give to a going-out question, each with its misconception
    (``end_sum``: the last play's sum of the ends; ``checked``: False when the question asks
    for the settlement's net before the target check, so no mistake goes through it)."""
    before = out.score_before if checked else None  # None: no target check asked
    play = out.play_award
    opp, ded, opips, ppips = (
        out.opponents_award,
        out.partner_deduction,
        out.opponents_pips,
        out.partner_pips,
    )
    change = applied(before, out.net)
    found: list[Mistake] = []

    def mistake(net: int, misconception: Misconception) -> None:
        found.extend(target_checked(before, net, misconception))

    if change != out.net:
        found.append(Mistake(out.net, OUT_REJECTED))
        if applied(before, play):  # the last play alone would fit
            found.append(Mistake(play, PART_REJECTED))
    if after.partner_of(out.seat) is not None:
        if ded:
            mistake(play + opp, PARTNER_FORGOTTEN)
        if ppips:
            mistake(play + round5(opips - ppips), PARTNER_POOLED)
            mistake(play + round5(opips + ppips), PARTNER_ADDED)
    if play:
        mistake(opp - ded, LAST_PLAY_FORGOTTEN)
    elif end_sum > 0:  # the last play's sum earned nothing (R6.2) but is added, or rounded
        mistake(end_sum + opp - ded, UNSCORED_SUM_ADDED)
        if round5(end_sum):
            mistake(round5(end_sum) + opp - ded, SUM_ROUNDED)
    if opips != opp or ppips != ded:
        mistake(play + opips - ppips, OUT_NOT_ROUNDED)
    if round_wrong_way(opips) != opp or round_wrong_way(ppips) != ded:
        mistake(play + round_wrong_way(opips) - round_wrong_way(ppips), ROUNDED_WRONG_WAY)
    holding = [s for s in range(after.players) if after.side_of(s) != out.side and out.remaining[s]]
    if len(holding) > 1:
        each = sum(round5(sum(t.pips for t in out.remaining[s])) for s in holding)
        mistake(play + each - ded, OUT_EACH_ROUNDED)
    if change < 0:
        found.append(Mistake(-change, MINUS_FORGOTTEN))
    if change and change % POINT == 0:
        found.append(Mistake(displayed(change), SHOWN_NOT_RAW))
    found.extend(fit_mistakes(before, change))
    return found


def opponents_mistakes(pips: Sequence[int]) -> list[Mistake]:
    """The answers the known mistakes give to "what do the opponents' tiles give, rounded?"
    (``pips``: each opponent's total): each total rounded on its own (with two or more
    opponents), the total not rounded, the total rounded the wrong way (R7.2, R7.5)."""
    whole = sum(pips)
    found = [Mistake(sum(round5(p) for p in pips), OUT_EACH_ROUNDED)] if len(pips) > 1 else []
    return [
        *found,
        Mistake(whole, OUT_NOT_ROUNDED),
        Mistake(round_wrong_way(whole), ROUNDED_WRONG_WAY),
    ]


def last_sum(match: Match, play: Play) -> int:
    """The sum of the scoring ends after the last play (what it earns if a multiple of 5)."""
    return play_on(match.layout, play)[0].end_sum


def _check_going_out(
    match: Match, answer: str | int, play: Play | str | None = None, before_check: bool = False
) -> Result:
    """By how much does going out change the mover's score (R7, R6.3)? Answer: a number.

    ``match`` is the position before the last tile; ``play`` that tile's play
    (default: its first legal play). A settlement passing 61 changes nothing (R7.4).
    ``before_check``: the answer is the settlement's net before the target check
    (the solution stops there).
    """
    chosen, out, after = going_out(match, play)
    change = out.net if before_check else out.scores[out.side] - out.score_before
    parts: list[Msg | str] = [
        Msg(
            "The last play, {play}, earns {award} (R6.3).",
            {"play": str(chosen), "award": raw(out.play_award)},
        ),
        *going_out_explained(out, before_check=before_check).steps,
    ]
    why = join(parts)
    found = out_mistakes(out, after, last_sum(match, chosen), checked=not before_check)
    return number_answer(answer, change, why, found)


@dataclass(frozen=True, eq=False)
class GoingOut(Task):
    """By how much does the mover's going out change their (pair's) score (R7)?

    ``position`` is the match before the last tile; ``play`` that tile's play
    (default: its first legal play).
    """

    #: The match before the last tile.
    position: Match
    #: That tile's play in notation (None: its first legal play).
    play: str | None = None
    #: Ask for the settlement's net before the target check (a twin asked just before the
    #: question with the check, on the same position).
    before_check: bool = False
    kind: ClassVar[str] = "going_out"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        match = own_match(self.position)
        chosen, _, _ = going_out(match, self.play)
        object.__setattr__(self, "position", match)
        object.__setattr__(self, "play", str(chosen))

    def question(self) -> Msg:
        """The question."""
        params = {"seat": self.position.to_move, "play": self.play}
        if self.before_check:
            if self.position.seating.pairs:
                return Msg(
                    "Seat {seat} goes out with {play}. How many raw points does the "
                    "settlement come to for their pair, before the target check?",
                    params,
                )
            return Msg(
                "Seat {seat} goes out with {play}. How many raw points does the "
                "settlement come to for seat {seat}, before the target check?",
                params,
            )
        if self.position.seating.pairs:
            return Msg(
                "Seat {seat} goes out with {play}. By how many raw points does the "
                "settlement change the score of their pair?",
                params,
            )
        return Msg(
            "Seat {seat} goes out with {play}. By how many raw points does the "
            "settlement change seat {seat}'s score?",
            params,
        )

    def answer_form(self) -> Msg:
        """A whole number, with a minus sign if the score goes down."""
        return Msg("a whole number of raw points, with a minus sign if the score goes down")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_going_out`` reaches it."""
        return _check_going_out(self.position, answer, self.play, self.before_check)

    def answer(self, lang: str | None = None) -> str:
        """The change of the score (or the net before the target check), in raw points."""
        return self.check("0").expected

    def mistakes(self) -> list[Mistake]:
        """The answers of the going-out question's misconceptions."""
        chosen, out, after = going_out(self.position, self.play)
        end_sum = last_sum(self.position, chosen)
        return out_mistakes(out, after, end_sum, checked=not self.before_check)

    def settlement(self) -> OutEvent:
        """The engine's settlement of the going out."""
        return going_out(self.position, self.play)[1]

    def picture(self, id_prefix: str, lang: str | None = None) -> str | None:
        """The settlement, part by part (none before the target check: it shows the check's
        verdict, the answer of the question that follows)."""
        if self.before_check:
            return None
        return str(out_settlement_svg(self.settlement(), lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The engine's explanation of the settlement (all of it when the target check
        rejects the settlement, since the verdict is then the answer), its picture's texts;
        before the target check, what states the net."""
        lang = check_lang(lang)
        _, out, after = going_out(self.position, self.play)
        verdict = out.status == "rejected" and not self.before_check
        found = explains([out], lang, whole=verdict)
        drawn = svg_texts(out_settlement_svg(out, lang=lang, id_prefix="giveaway"))
        found.extend(t for t in drawn if "=" in t)  # its description, not its bare title
        if not verdict:
            deduction = out.partner_deduction if after.partner_of(out.seat) is not None else None
            found.append(settlement_sum(out.play_award, out.opponents_award, deduction, out.net))
            if not out.play_award and not out.partner_deduction:  # the opponents' pips are all
                found.append(going_out_explained(out).steps[0].text(lang))
        return tuple(dict.fromkeys(found))
