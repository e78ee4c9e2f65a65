"""Each rule's words, written once: one function per rule and verdict, in one line or step by step.

The numbers are the engine's (:mod:`.scoring`, :mod:`.settlement` and the events that hold
their results); this module only says them. Every part of the package that explains a rule
calls it: the events, the walkthroughs, the exercises, the puzzles, the pictures and the
handouts. A rule's wording is changed here, and everywhere at once.

Each function returns an :class:`Explanation`: its :attr:`~Explanation.line` says it in one
line and its :attr:`~Explanation.steps` step by step, each step a whole sentence. The rules:

- the play award's test, a positive multiple of 5 (R6.2): :func:`award`;
- the target check, an award that would overshoot rejected whole (R1.4, R9.1):
  :func:`target_check`;
- a play: who played what, the scoring ends, the award and its fate (R6, R7.4): :func:`play`;
- the going-out settlement and its parts (R7): :func:`going_out_settlement`;
- one player's blocked-hand award, its differences and rounding (R8): :func:`blocked_award`,
  and an award that the end of the match cut off (R8.5): :func:`cut_award`; who wins the
  blocked hand and what follows (R8.6, R8.7): :func:`blocked_result`;
- rounding to 5 and which remainder rounds which way (R7.5): :func:`rounding`;
- raw points as displayed points (R1.2): :func:`displayed_points`.

The arithmetic is written by :func:`arithmetic`, :func:`ends_sum`, :func:`differences` and
:func:`settlement_sum`, the one builder of each form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.scoring import (
    POINT,
    ROUNDING_PARAMS,
    TARGET,
    TARGET_PARAMS,
    Status,
    accepts,
    displayed,
    earns,
    reaches_target,
    round5,
    rounding_direction,
)
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import Tile, tiles_of
from exact61_widgets.i18n import Msg, Plural

#: The minus sign of written arithmetic (U+2212), wider and clearer than a hyphen.
MINUS: Final = "\u2212"


@dataclass(frozen=True)
class Explanation:
    """A rule's verdict in words: in one line, or step by step.

    ``line`` is one line: a whole sentence for a play or a settlement, a clause (no capital,
    no full stop) for a verdict that other sentences embed (the award test, the target check,
    a rounding). ``steps`` are whole sentences, in the order a learner follows them.
    """

    line: Msg
    steps: tuple[Msg, ...]

    def text(self, lang: str | None = None) -> str:
        """The one line in ``lang``."""
        return self.line.text(lang)

    def step_texts(self, lang: str | None = None) -> tuple[str, ...]:
        """The steps in ``lang``."""
        return tuple(step.text(lang) for step in self.steps)


# -- arithmetic, written one way ----------------------------------------------------------------


def with_minus(value: int) -> str:
    """A whole number as text, a negative one with a real minus sign: ``−10``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def arithmetic(terms: Sequence[int]) -> str:
    """``2 + 3 = 5``; a negative term is subtracted, never added: ``0 − 10 = −10``.

    The first term keeps its own sign (``−15 + 10 = −5``); one term sums to itself
    (``4 = 4``, as a description lists its ends); no term is ``0``, no empty ``0 = 0``.
    """
    if not terms:
        return "0"
    parts = [with_minus(terms[0])]
    for term in terms[1:]:
        parts.append(f"{MINUS} {-term}" if term < 0 else f"+ {term}")
    return f"{' '.join(parts)} = {with_minus(sum(terms))}"


def ends_sum(values: Sequence[int]) -> str:
    """The scoring ends added up: ``4 + 6 = 10``, one end ``10``, none ``0`` (R6.1)."""
    return arithmetic(values) if len(values) > 1 else with_minus(sum(values))


def differences(pips: int, compared: Sequence[tuple[int, int, int]]) -> str:
    """``(15 − 6) + (31 − 6)``: a blocked-hand award's differences written out (R8.2).

    ``compared`` holds ``(opponent seat, their total, the difference)`` as the engine's
    settlement gives it; empty for none.
    """
    return " + ".join(f"({total} {MINUS} {pips})" for _, total, _ in compared)


def settlement_sum(play_award: int, opponents_award: int, deduction: int | None, net: int) -> str:
    """``15 + 50 − 10 = 55``: the going-out settlement's parts summed (R7.4).

    ``deduction`` is None without a partner (no partner part is written).
    """
    terms = f"{play_award} + {opponents_award}"
    if deduction is not None:
        terms += f" {MINUS} {deduction}"
    return f"{terms} = {with_minus(net)}"


def target_sum(before: int, change: int) -> str:
    """``290 + 20 = 310 > 305``: the target check as a relation, for a table (R1.4)."""
    relation = "≤" if accepts(before, change) else ">"
    return f"{arithmetic([before, change])} {relation} {TARGET}"


def _raw(n: int) -> Plural:
    return Plural("{n} raw point", "{n} raw points", n)


# -- the play award (R6.2) ----------------------------------------------------------------------


def award(
    end_sum: int, values: Sequence[int] | None = None, play: str | None = None
) -> Explanation:
    """Why an end sum earns what it earns: the positive-multiple-of-5 test (R6.2).

    ``values`` are the scoring ends that make the sum (the step writes them out); without
    them the step names the sum alone. ``play`` (notation) names the play in the step.
    """
    if end_sum == 0:
        line = Msg("the ends add up to 0, which earns nothing (R6.2)")
    elif not earns(end_sum):
        line = Msg("{sum} is not a multiple of 5: no award (R6.2)", {"sum": end_sum})
    else:
        line = Msg(
            "{sum} is a positive multiple of 5, so it earns {raw} (R6.2)",
            {"sum": end_sum, "raw": _raw(end_sum)},
        )
    ends = ends_sum(values) if values is not None else str(end_sum)
    params = {"ends": ends, "test": line, "play": play}
    if play is None:
        step = Msg("The scoring ends add up to {ends}; {test}.", params)
    else:
        step = Msg("{play}: the scoring ends add up to {ends}; {test}.", params)
    return Explanation(line, (step,))


# -- the target check (R1.4, R9.1) --------------------------------------------------------------


def target_check(
    before: int,
    change: int,
    rule: str = "R1.4",
    *,
    status: Status | None = None,
    team: Msg | str | None = None,
) -> Explanation:
    """Whether the target check applies a change of score or rejects it whole (R1.4).

    Only the upper bound is checked: a negative change (a partner's deduction) applies even
    below zero (D3); a change that makes exactly the target wins the match at once (R9.1).
    ``rule`` is the rule a rejection cites (a settlement's own: ``"R7.4"``, ``"R8.4"``);
    ``status`` the check already made, as an event holds it (else it is made here); ``team``
    the side whose score it is, named in the step.
    """
    rejected = status == "rejected" if status is not None else not accepts(before, change)
    params = {"sum": arithmetic([before, change]), "rule": rule, **TARGET_PARAMS}
    verdict = line = Msg("{sum}, not above {target_raw}: applied", params)
    if rejected:
        verdict = line = Msg("{sum} would pass {target_raw}: rejected whole ({rule})", params)
    elif reaches_target(before + change):
        # the line is followed by the match's end (an event of its own); the step says it
        line = Msg("{sum}, exactly {target_raw}: applied (R9.1)", params)
        verdict = Msg("{sum}, exactly {target_raw}: applied, and the match is won (R9.1)", params)
    if team is None:
        step = Msg("{check}.", {"check": verdict})
    else:
        step = Msg(
            "{team} has {before}; {check}.", {"team": team, "before": before, "check": verdict}
        )
    return Explanation(line, (step,))


def cut_award(seat: int, award_: int, before: int, team: Msg | str, status: Status) -> Msg:
    """What an award cut off by the end of the match would have done (R8.5), in one sentence.

    ``status`` is what the target check would have made of it (:func:`.settlement.apply_change`).
    """
    params = {"seat": seat, "award": award_, "team": team, "before": before}
    if award_ == 0:
        return Msg("Seat {seat} would have had nothing.", params)
    if status == "rejected":
        return Msg(
            "Seat {seat} would have had {award}, but {sum} would have passed {target_raw} anyway.",
            {**params, **TARGET_PARAMS, "sum": arithmetic([before, award_])},
        )
    return Msg(
        "Seat {seat} would have had {award}, taking {team} from {before} to {after}: that "
        "award is not applied.",
        {**params, "after": before + award_},
    )


def blocked_result(
    totals: Sequence[int],
    hand_winner: int | None,
    team: Msg | str | None,
    won_by: Msg | str | None,
) -> Explanation:
    """Who wins a blocked hand and what follows, from every seat's pip ``totals`` (R8.6, R8.7).

    The smallest total wins the hand for its side (``hand_winner``; None: opponents tie for
    it and the hand is drawn; partners tied still win for their pair); ``team`` names that
    side in pairs (None otherwise). The next leader is chosen by lot, unless the match is
    over (``won_by``: the side that won it, D8). The line says who wins.

    >>> blocked_result([8, 12], 0, None, None).step_texts("en")
    ('Seat 0 has the smallest total, 8, and wins the hand (R8.6).', \
'After a block the next leader is chosen by lot (R8.7).')
    """
    smallest = min(totals)
    seats = [s for s, t in enumerate(totals) if t == smallest]
    params = {"pips": smallest, "seat": seats[0], "team": team or ""}
    if hand_winner is None:
        winner = Msg(
            "Opponents tie for the smallest total, {pips}: the hand is drawn (R8.6).", params
        )
    elif len(seats) > 1:
        winner = Msg(
            "Partners tie for the smallest total, {pips}: the hand still goes to their "
            "pair, {team} (R8.6).",
            params,
        )
    elif team is not None:
        winner = Msg(
            "Seat {seat} has the smallest total, {pips}, so {team} wins the hand (R8.6).", params
        )
    else:
        winner = Msg(
            "Seat {seat} has the smallest total, {pips}, and wins the hand (R8.6).", params
        )
    if won_by is not None:
        after = Msg(
            "The match, though, is already won: {team} reached exactly {target}, and nothing "
            "follows (D8).",
            {**TARGET_PARAMS, "team": won_by},
        )
    else:
        after = Msg("After a block the next leader is chosen by lot (R8.7).")
    return Explanation(winner, (winner, after))


# -- a play (R6, R7.4) --------------------------------------------------------------------------


class PlayParts(Protocol):
    """What :func:`play` reads of a play (a :class:`~.events.PlayEvent` has it all)."""

    @property
    def seat(self) -> int: ...
    @property
    def tile(self) -> Tile: ...
    @property
    def at(self) -> Place | None: ...
    @property
    def end_sum(self) -> int: ...
    @property
    def award(self) -> int: ...
    @property
    def status(self) -> Status: ...
    @property
    def score_before(self) -> int: ...
    @property
    def values(self) -> tuple[int, ...]: ...


def play_reason(event: PlayParts) -> Msg:
    """The verdict on a play's award in one clause: the award test, the target check, or the
    last tile's award joining the settlement (R6.2, R1.4, R7.4)."""
    if event.status == "deferred":
        return Msg("the last tile: its award joins the going-out settlement (R7.4)")
    if not event.award:
        return award(event.end_sum).line
    return target_check(event.score_before, event.award, status=event.status).line


def play(event: PlayParts, team: Msg | str | None = None) -> Explanation:
    """A play and its award: the scoring ends, the award test and the target check (R6, R1.4).

    The last tile's award is not checked alone: it joins the going-out settlement (R7.4).
    """
    test = award(event.end_sum, event.values)
    ends = ends_sum(event.values)
    reason = play_reason(event)
    if event.status == "deferred":
        steps: tuple[Msg, ...] = (
            Msg(
                "That was the last tile in seat {seat}'s hand, so seat {seat} goes out. The "
                "scoring ends add up to {ends}, and the play's award, {award}, is "
                "not applied alone: it joins the settlement (R7.4).",
                {"seat": event.seat, "ends": ends, "award": _raw(event.award)},
            ),
        )
    elif not event.award:
        steps = test.steps
    else:
        check = target_check(event.score_before, event.award, status=event.status, team=team)
        steps = (*test.steps, *check.steps)
    where = (
        Msg("opens with {tile}", {"tile": str(event.tile)})
        if event.at is None
        else Msg("plays {tile} at {place}", {"tile": str(event.tile), "place": str(event.at)})
    )
    line = Msg(
        "Seat {seat} {where}: ends {ends}, award {award}; {reason}.",
        {
            "seat": event.seat,
            "where": where,
            "ends": ends,
            "award": _raw(event.award),
            "reason": reason,
        },
    )
    return Explanation(line, steps)


# -- going out (R7) -----------------------------------------------------------------------------


class OutParts(Protocol):
    """What :func:`going_out_settlement` reads of a settlement (an :class:`~.events.OutEvent`
    has it)."""

    @property
    def seat(self) -> int: ...
    @property
    def side(self) -> int: ...
    @property
    def play_award(self) -> int: ...
    @property
    def opponents_pips(self) -> int: ...
    @property
    def opponents_award(self) -> int: ...
    @property
    def partner_pips(self) -> int: ...
    @property
    def partner_deduction(self) -> int: ...
    @property
    def net(self) -> int: ...
    @property
    def status(self) -> Status: ...
    @property
    def score_before(self) -> int: ...
    @property
    def remaining_masks(self) -> tuple[int, ...]: ...


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "—"


def going_out_settlement(out: OutParts, *, before_check: bool = False) -> Explanation:
    """The going-out settlement: each part, their one sum and the one target check (R7).

    The steps: the opponents' pips rounded once (R7.2), in pair play the partner's rounded on
    their own and subtracted (R7.3), the settlement summed with the last play's award and
    checked as one unit (R7.4). ``before_check``: the steps stop at the sum, before the
    target check (a question about the settlement's net alone must not say its verdict).
    """
    seats = seating(len(out.remaining_masks))
    partner = seats.partner(out.seat)
    opponents = [s for s in range(seats.players) if seats.side_of(s) != out.side]
    held = [t for s in opponents for t in tiles_of(out.remaining_masks[s])]
    deduction = out.partner_deduction if partner is not None else None
    check = target_check(
        out.score_before,
        out.net,
        "R7.4",
        status=out.status,
        team=seats.side_title(out.side),
    )
    params: dict[str, object] = {
        "seat": out.seat,
        "play": out.play_award,
        "opips": out.opponents_pips,
        "oaward": out.opponents_award,
        "ppips": out.partner_pips,
        "pded": out.partner_deduction,
        "net": with_minus(out.net),
        "reason": check.line,
    }
    if partner is not None:
        line = Msg(
            "Seat {seat} goes out: last play {play} + the opponents' pips {opips} rounded to "
            "{oaward} − the partner's pips {ppips} rounded to {pded} = {net}; {reason}.",
            params,
        )
    elif len(opponents) == 1:
        line = Msg(
            "Seat {seat} goes out: last play {play} + the opponent's pips {opips} rounded to "
            "{oaward} = {net}; {reason}.",
            params,
        )
    else:
        line = Msg(
            "Seat {seat} goes out: last play {play} + the opponents' pips {opips} rounded to "
            "{oaward} = {net}; {reason}.",
            params,
        )
    opp = {"tiles": _tiles(held), "pips": out.opponents_pips, "award": out.opponents_award}
    steps = [
        Msg(
            "The opponent holds {tiles}: the pips add up to {pips}, rounded to {award} (R7.2).",
            opp,
        )
        if len(opponents) == 1
        else Msg(
            "The opponents hold {tiles}: the pips add up to {pips} in all, rounded once to "
            "{award} (R7.2).",
            opp,
        )
    ]
    if partner is not None:
        steps.append(
            Msg(
                "The partner, seat {partner}, holds {tiles}: the pips add up to {pips}, rounded "
                "on their own to {deduction} and subtracted, never pooled with the opponents' "
                "(R7.3).",
                {
                    "partner": partner,
                    "tiles": _tiles(tiles_of(out.remaining_masks[partner])),
                    "pips": out.partner_pips,
                    "deduction": out.partner_deduction,
                },
            )
        )
    steps.append(
        Msg(
            "One settlement: {sum} (R7.4).",
            {"sum": settlement_sum(out.play_award, out.opponents_award, deduction, out.net)},
        )
    )
    if not before_check:
        steps.extend(check.steps)
    return Explanation(line, tuple(steps))


# -- a blocked hand (R8) ------------------------------------------------------------------------


class BlockedParts(Protocol):
    """What :func:`blocked_award` reads of an award (a :class:`~.events.BlockedAwardEvent`)."""

    @property
    def seat(self) -> int: ...
    @property
    def pips(self) -> int: ...
    @property
    def compared(self) -> tuple[tuple[int, int, int], ...]: ...
    @property
    def difference(self) -> int: ...
    @property
    def award(self) -> int: ...
    @property
    def status(self) -> Status: ...
    @property
    def score_before(self) -> int: ...


def blocked_award(
    event: BlockedParts, team: Msg | str | None = None, *, before_check: bool = False
) -> Explanation:
    """One player's blocked-hand award: the differences to larger opponent totals, summed and
    rounded once (R8.2, R8.3), and its own target check (R8.4). ``before_check``: the steps
    stop at the rounded award, before the target check (a question about the award alone
    must not say its verdict)."""
    params = {
        "seat": event.seat,
        "pips": event.pips,
        "diffs": differences(event.pips, event.compared),
        "difference": event.difference,
        "award": event.award,
    }
    if not event.compared:
        reason = Msg("no opponent holds a larger total: nothing to award (R8.3)")
        line = Msg("Seat {seat} holds {pips}; {reason}.", {**params, "reason": reason})
        steps: tuple[Msg, ...] = (
            Msg(
                "Seat {seat} holds {pips}: no opponent holds more, so seat {seat} gets "
                "nothing (R8.3).",
                params,
            ),
        )
        return Explanation(line, steps)
    if event.award == 0:
        reason = Msg("the differences round to 0 (R7.5)")
        steps = (
            Msg(
                "Seat {seat} holds {pips}. The differences to the larger opponent totals, "
                "{diffs} = {difference}, round to 0: nothing is awarded (R7.5).",
                params,
            ),
        )
    else:
        check = target_check(
            event.score_before, event.award, "R8.4", status=event.status, team=team
        )
        reason = check.line
        steps = (
            Msg(
                "Seat {seat} holds {pips}. The differences to each larger opponent total, "
                "{diffs} = {difference}, are rounded once to {award} (R8.2).",
                params,
            ),
            *(() if before_check else check.steps),
        )
    line = Msg(
        "Seat {seat} holds {pips}: {diffs} = {difference}, rounded {award}; {reason}.",
        {**params, "reason": reason},
    )
    return Explanation(line, steps)


# -- rounding (R7.5) ----------------------------------------------------------------------------


def rounding_rule(rule: str = "R7.5") -> Msg:
    """The rounding rule in words: which remainders round down and which up (R7.5).

    A settlement that rounds cites its own rule (``"R7.2"``, ``"R8.2"``).
    """
    return Msg(
        "remainders {down_1} and {down_2} round down, {up_1} and {up_2} round up ({rule})",
        {**ROUNDING_PARAMS, "rule": rule},
    )


def rounding(total: int) -> Explanation:
    """How ``total`` rounds to the nearest multiple of 5, by its remainder (R7.5).

    The line is short (``13 → 15: remainder 3 rounds up``), for a picture; the step says why.
    """
    rest = total % POINT
    params = {**ROUNDING_PARAMS, "total": total, "rest": rest, "result": round5(total)}
    direction = rounding_direction(total)
    if direction == "stays":
        line = Msg("{total} → {result}: a multiple of 5 stays", params)
        step = Msg("{total} is a multiple of 5, so it stays {result} (R7.5).", params)
    elif direction == "down":
        line = Msg("{total} → {result}: remainder {rest} rounds down", params)
        step = Msg(
            "{total} has remainder {rest}: remainders {down_1} and {down_2} round down, "
            "to {result} (R7.5).",
            params,
        )
    else:
        line = Msg("{total} → {result}: remainder {rest} rounds up", params)
        step = Msg(
            "{total} has remainder {rest}: remainders {up_1} and {up_2} round up, to "
            "{result} (R7.5).",
            params,
        )
    return Explanation(line, (step,))


# -- displayed points (R1.2) --------------------------------------------------------------------


def displayed_points(raw: int) -> Explanation:
    """Raw points as displayed points: 5 raw points make 1 displayed point (R1.2)."""
    step = Msg(
        "5 raw points make 1 displayed point: {raw} ÷ 5 = {shown} (R1.2).",
        {"raw": raw, "shown": displayed(raw)},
    )
    return Explanation(step, (step,))
