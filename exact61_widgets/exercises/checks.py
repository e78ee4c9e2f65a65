"""Checks of a learner's answer: the engine computes the right answer and explains it.

Each ``check_*`` function takes a position (a layout, a match, a number) and the
learner's text — ``"[1|1]:branchA, [3|4]:low"``, ``"15"``, ``"draw"`` — and
returns a :class:`Result`: whether it is right, how much of it is right, and a
:class:`~exact61_widgets.i18n.Msg` that says why, in English or Russian. Nothing
here is written by hand per question: open places, ends, awards and
settlements all come from the engine, so an exercise can never disagree with
the rules it teaches. An answer that cannot be read is not an error: it gets a
friendly :class:`Result` with ``malformed=True``. A question that cannot be
asked (an illegal play, a position where nobody can go out) raises
:class:`ExerciseError`.

The :class:`Task` classes (:class:`OpenPlaces`, :class:`PlayAward` …) bundle a
check with its position and its question, for the :class:`Exercise` widget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol

from exact61_widgets.engine.actions import DRAW, PASS, Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.errors import Exact61Error, IllegalMoveError, NotationError
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import PORT_NAMES, Place
from exact61_widgets.engine.scoring import POINT, TARGET, round5
from exact61_widgets.engine.tiles import Tile, parse_tile
from exact61_widgets.i18n import Msg, Plural
from exact61_widgets.render.text import PORT_LABELS

Unit = Literal["raw", "displayed"]

#: What the learner may type for "nothing": an empty list of places or ends.
NONE_WORDS: Final = frozenset({"none", "нет", "-", "—"})
_DRAW_WORDS: Final = frozenset({"draw", "добрать", "добор", "взять"})
_PASS_WORDS: Final = frozenset({"pass", "пас", "пропустить"})
_PORTS: Final = {name.lower(): name for name in PORT_NAMES}
_GLUE: Final = re.compile(r"\s*([:|@])\s*")
_SPLIT: Final = re.compile(r"[,;\s]+")
#: A whole number, maybe followed by words without digits ("15", "-10", "15 raw points").
_NUMBER: Final = re.compile(r"([+\-−]?)\s*(\d+)(?:\s+\D*)?")


class ExerciseError(Exact61Error):
    """A question that cannot be asked: an illegal play, a position without that situation."""


@dataclass(frozen=True)
class Result:
    """The verdict on one answer.

    ``ok``: the answer is right; ``score``: the share of it that is right (0 to 1);
    ``message``: the explanation (``text(lang)`` localizes it); ``expected``: the
    engine's answer in notation (``"[1|1]:lineB, [3|4]:low"``, ``"15"``);
    ``missing`` / ``extra``: items of a list answer left out or wrongly added;
    ``malformed``: the answer could not be read at all.
    """

    ok: bool
    score: float
    message: Msg = field(repr=False)
    expected: str
    missing: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    malformed: bool = False

    def text(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.message.text(lang)


# -- shared helpers ---------------------------------------------------------------------------


def _join(parts: Sequence[Msg | str], sep: Literal[" ", "; "] = " ") -> Msg | str:
    """Several localizable parts as one message, joined by ``sep``."""
    if not parts:
        return ""
    result: Msg | str = parts[-1]
    for part in reversed(parts[:-1]):
        result = (Msg("{first} {rest}", {"first": part, "rest": result}) if sep == " " else
                  Msg("{first}; {rest}", {"first": part, "rest": result}))
    return result


def _verdict(ok: bool, why: Msg | str) -> Msg:
    if ok:
        return Msg("Right! {why}", {"why": why})
    return Msg("Not quite. {why}", {"why": why})


def _malformed(reason: Msg, expected: str) -> Result:
    return Result(False, 0.0, Msg("I cannot read that answer: {why}", {"why": reason}), expected,
                  malformed=True)


def _number_result(given: int, expected: int, why: Msg | str,
                   hints: Iterable[tuple[int, Msg]] = ()) -> Result:
    """Right or wrong for a number; a wrong answer gets every hint whose value it equals."""
    if given == expected:
        return Result(True, 1.0, _verdict(True, why), str(expected))
    parts: list[Msg | str] = [Msg("You wrote {given}, the answer is {expected}.",
                                  {"given": given, "expected": expected})]
    for value, hint in hints:
        if value == given and hint not in parts:
            parts.append(hint)
    parts.append(why)
    return Result(False, 0.0, _verdict(False, _join(parts)), str(expected))


def _read_number(answer: str | int) -> int | Msg:
    """The learner's whole number, or why it could not be read."""
    if isinstance(answer, bool):
        return Msg("{text} is not a whole number: type digits, like 15", {"text": repr(answer)})
    if isinstance(answer, int):
        return answer
    text = str(answer).strip()
    if not text:
        return Msg("type an answer first")
    found = _NUMBER.fullmatch(text)
    if found is not None:
        sign, digits = found.groups()
        return -int(digits) if sign in ("-", "−") else int(digits)
    return Msg("{text} is not a whole number: type digits, like 15", {"text": repr(text)})


def _items(answer: str) -> list[str] | None:
    """The items of a list answer; ``[]`` for "none"; None for an empty answer."""
    text = _GLUE.sub(r"\1", str(answer).strip())
    items = [i for i in _SPLIT.split(text) if i]
    if not items:
        return None
    if len(items) == 1 and items[0].lower() in NONE_WORDS:
        return []
    return items


def _read_place(item: str) -> Place:
    """A place, with port names in any letter case (``branchA``, ``brancha``)."""
    tile_text, sep, port_text = item.rpartition(":")
    if sep:
        item = f"{tile_text}:{_PORTS.get(port_text.lower(), port_text)}"
    return Place.parse(item)


def _layout(layout: Layout | str) -> Layout:
    return layout.copy() if isinstance(layout, Layout) else Layout.parse(layout)


def _share(right: int, wanted: int, extra: int) -> float:
    """The share of a list answer that is right: right items over wanted plus extra ones."""
    total = wanted + extra
    return 1.0 if total == 0 else right / total


def _raw(n: int) -> Plural:
    return Plural("{n} raw point", "{n} raw points", n)


def _shown(n: int) -> Plural:
    return Plural("{n} displayed point", "{n} displayed points", n)


def _values(contributions: Sequence[Contribution]) -> str:
    return " + ".join(str(c.value) for c in contributions) or "0"


def _tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "—"


def _check_score(score: int) -> None:
    if isinstance(score, bool) or not isinstance(score, int) or score % POINT or score >= TARGET:
        raise ExerciseError(Msg("a score is a raw multiple of 5 below 305 (D10), not {score}",
                                {"score": repr(score)}))


def _target(before: int, change: int, rule: str) -> Msg:
    """The target check of a change of score (R1.4), or the exact hit (R9.1)."""
    total = before + change
    params = {"before": before, "change": change, "total": total, "rule": rule}
    if total > TARGET:
        return Msg("{before} + {change} = {total} would pass 305 (61 points): rejected whole, "
                   "the score stays {before} ({rule}).", params)
    if total == TARGET:
        return Msg("{before} + {change} = 305: exactly 61, the match is won at once (R9.1).",
                   params)
    return Msg("{before} + {change} = {total}, not above 305: applied ({rule}).", params)


# -- open places (R3.1, R4) ------------------------------------------------------------------


def _why_open(table: Layout, place: Place) -> Msg:
    tile, port = place.tile, place.port
    if not tile.is_double:
        return Msg("the free half of {tile} shows {number}: a tile with a {number} joins there "
                   "(R3.1)", {"tile": str(tile), "number": place.number})
    if port.is_line:
        return Msg("{line} of the spinner {tile} is still free (R4.2, D1)",
                   {"line": Msg(PORT_LABELS[port]), "tile": str(tile)})
    return Msg("both lines of {tile} are filled, so its {branch} is open (R4.3)",
               {"tile": str(tile), "branch": Msg(PORT_LABELS[port])})


def _why_closed(table: Layout, place: Place) -> Msg:
    tile = place.tile
    if tile not in table:
        return Msg("{tile} is not on the table", {"tile": str(tile)})
    child = table.child_at(place)
    if child is not None:
        return Msg("{place} is taken: {child} is joined there", {"place": str(place),
                                                                  "child": str(child)})
    if place.port.is_branch:
        return Msg("the branches of {tile} open only after both its lines are filled (R4.3)",
                   {"tile": str(tile)})
    return Msg("{place} is not open", {"place": str(place)})  # pragma: no cover - unreachable


def _list_result(right_text: Msg, expected: Sequence[str], wanted: set[str], given: set[str],
                 why_missing: dict[str, Msg], why_extra: dict[str, Msg]) -> Result:
    """The verdict on a list answer, naming every item missing or extra and why."""
    missing = tuple(k for k in expected if k not in given)
    extra = tuple(sorted(given - wanted, key=lambda k: (k not in why_extra, k)))
    score = _share(len(wanted & given), len(wanted), len(extra))
    text = ", ".join(expected)
    if not missing and not extra:
        return Result(True, 1.0, _verdict(True, right_text), text)
    parts: list[Msg | str] = []
    if missing:
        parts.append(Msg("Missing: {items}.", {"items": _join([
            Msg("{item} — {reason}", {"item": k, "reason": why_missing[k]}) for k in missing],
            "; ")}))
    if extra:
        parts.append(Msg("Not right: {items}.", {"items": _join([
            Msg("{item} — {reason}", {"item": k, "reason": why_extra[k]}) for k in extra],
            "; ")}))
    return Result(False, score, _verdict(False, _join(parts)), text, missing, extra)


def check_open_places(layout: Layout | str, answer: str) -> Result:
    """Which places are open now (R3.1, R4.2–R4.4, D1)? Answer: places separated by commas."""
    table = _layout(layout)
    places = table.open_places()
    expected = [str(p) for p in places]
    items = _items(answer)
    if items is None:
        return _malformed(Msg("type an answer first"), ", ".join(expected))
    given: dict[str, Place] = {}
    for item in items:
        try:
            place = _read_place(item)
        except NotationError as err:
            return _malformed(Msg("{reason}. Write places like [1|4]:low or [4|4]:branchA, "
                                  "separated by commas.", {"reason": err.message}),
                              ", ".join(expected))
        given[str(place)] = place
    why_missing = {str(p): _why_open(table, p) for p in places}
    why_extra = {k: _why_closed(table, p) for k, p in given.items() if k not in why_missing}
    right = Msg("The open places are {places}: a tile joins one of them by a matching half "
                "(R3.1, R4.3).", {"places": ", ".join(expected) or Msg("none")})
    return _list_result(right, expected, set(expected), set(given), why_missing, why_extra)


# -- scoring ends (R5) -----------------------------------------------------------------------


def _end_key(c: Contribution) -> str:
    return str(c.tile) if c.port is None else f"{c.tile}:{c.port.notation}"


def _why_counts(table: Layout, c: Contribution) -> Msg:
    if c.port is None:
        return Msg("an end double: it counts both halves, {value} (R5.1)", {"value": c.value})
    if c.value == 0:
        return Msg("it shows 0: a zero end still counts, adding 0 (R5.4)")
    if len(table) == 1:
        return Msg("the opening tile alone counts both halves (R5.3)")
    return Msg("a free half worth {value} (R5.3)", {"value": c.value})


def _why_not_counted(table: Layout, key: str, place: Place | None, tile: Tile) -> Msg:
    if tile not in table:
        return Msg("{tile} is not on the table", {"tile": str(tile)})
    if place is not None and place.port.is_branch:
        return Msg("an open place, not a scoring end: an unused branch adds zero (R4.4, R5.2)")
    if tile.is_double:
        return Msg("an internal double: both its lines are filled, so it adds nothing by "
                   "itself (R5.2)")
    assert place is not None
    child = table.child_at(place)
    return Msg("{child} is joined to it: a joined half adds nothing (R5.3)",
               {"child": str(child)})


def _read_end(item: str) -> tuple[str, Place | None, Tile]:
    """A scoring end as the learner names it: ``[3|4]:low``, or a double's tile ``[1|1]``."""
    if ":" in item:
        place = _read_place(item)
        if place.tile.is_double and not place.port.is_branch:
            return str(place.tile), None, place.tile
        return str(place), place, place.tile
    tile = parse_tile(item)
    if not tile.is_double:
        raise NotationError(Msg("{tile} is not a double: name its end with the half, like "
                                "{tile}:low or {tile}:high", {"tile": str(tile)}))
    return str(tile), None, tile


def check_scoring_ends(layout: Layout | str, answer: str) -> Result:
    """Which scoring ends count now (R5)? Answer: ``[3|4]:low`` for a half, ``[1|1]`` a double."""
    table = _layout(layout)
    ends = sorted(table.contributions(), key=lambda c: (c.tile.index, c.port or 0))
    expected = [_end_key(c) for c in ends]
    items = _items(answer)
    if items is None:
        return _malformed(Msg("type an answer first"), ", ".join(expected))
    given: dict[str, tuple[Place | None, Tile]] = {}
    for item in items:
        try:
            key, place, tile = _read_end(item)
        except NotationError as err:
            return _malformed(Msg("{reason}. Write free halves like [3|4]:low and end doubles "
                                  "as their tile, like [1|1], separated by commas.",
                                  {"reason": err.message}), ", ".join(expected))
        given[key] = (place, tile)
    why_missing = {_end_key(c): _why_counts(table, c) for c in ends}
    why_extra = {k: _why_not_counted(table, k, p, t) for k, (p, t) in given.items()
                 if k not in why_missing}
    right = Msg("The scoring ends are {ends}: {values} = {sum} (R5, R6.1).", {
        "ends": ", ".join(expected) or Msg("none"), "values": _values(ends),
        "sum": table.end_sum})
    return _list_result(right, expected, set(expected), set(given), why_missing, why_extra)


# -- the award of a play (R6, R1.2, R1.4) ---------------------------------------------------------


def _play_on(layout: Layout | str, play: Play | str) -> tuple[Layout, Play]:
    """The layout after ``play``; an illegal play raises :class:`ExerciseError`."""
    table = _layout(layout)
    action = parse_action(play) if isinstance(play, str) else play
    if not isinstance(action, Play):
        raise ExerciseError(Msg("{play} is not a play: write it like [1|2]@[1|4]:low",
                                {"play": str(play)}))
    reason = table.why_illegal(action.tile, action.at)
    if reason is not None:
        raise ExerciseError(Msg("{play} cannot be played on this layout: {reason}",
                                {"play": str(action), "reason": reason}))
    table.push(action.tile, action.at)
    return table, action


def _multiple_test(end_sum: int) -> Msg:
    if end_sum == 0:
        return Msg("the ends add up to 0, and 0 earns nothing (R6.2)")
    if end_sum % POINT:
        return Msg("{sum} is not a multiple of 5, so it earns nothing (R6.2)", {"sum": end_sum})
    return Msg("{sum} is a positive multiple of 5, so it earns {raw} (R6.2)",
               {"sum": end_sum, "raw": _raw(end_sum)})


def check_play_award(layout: Layout | str, play: Play | str, answer: str | int, *,
                     unit: Unit = "raw", score: int | None = None) -> Result:
    """What does ``play`` on ``layout`` score (R5, R6)? Answer: a number in ``unit``.

    With ``score`` (the side's raw score before the play) the answer is what the
    play adds to that score, so an award passing 61 adds 0 (R1.4).
    """
    if unit not in ("raw", "displayed"):
        raise ExerciseError(Msg("the unit is raw or displayed, not {unit}", {"unit": repr(unit)}))
    if score is not None:
        _check_score(score)
    table, action = _play_on(layout, play)
    end_sum, award = table.end_sum, table.award
    applied = award
    parts: list[Msg | str] = [Msg("{play}: the scoring ends are {values} = {sum}; {test}.", {
        "play": str(action), "values": _values(table.contributions()), "sum": end_sum,
        "test": _multiple_test(end_sum)})]
    if score is not None and award:
        parts.append(_target(score, award, "R1.4"))
        if score + award > TARGET:
            applied = 0
    per = 1 if unit == "raw" else POINT
    expected = applied // per
    if unit == "displayed":
        parts.append(Msg("5 raw points make 1 displayed point: {raw} ÷ 5 = {shown} (R1.2).",
                         {"raw": applied, "shown": expected}))
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(expected))
    hints: list[tuple[int, Msg]] = []
    if applied != award:
        hints.append((award // per, Msg("That award would take the score above 61: it is "
                                        "rejected whole, so the score does not change (R1.4).")))
    hints.append((end_sum // per if unit == "displayed" else end_sum,
                  Msg("That is the sum of the ends; only a positive multiple of 5 scores "
                      "(R6.2).")))
    if unit == "displayed":
        hints.append((applied, Msg("That is in raw points; displayed points are raw ÷ 5 "
                                   "(R1.2).")))
    else:
        hints.append((applied // POINT, Msg("That is in displayed points; the question asks "
                                            "for raw points, 5 raw = 1 displayed (R1.2).")))
    return _number_result(value, expected, _join(parts), hints)


# -- rounding (R7.5) -----------------------------------------------------------------------------


def _rounding_why(total: int) -> Msg:
    rest = total % POINT
    params = {"total": total, "rest": rest, "result": round5(total)}
    if rest == 0:
        return Msg("{total} is a multiple of 5, so it stays {result} (R7.5).", params)
    if rest <= 2:
        return Msg("{total} has remainder {rest}: remainders 1 and 2 round down, to {result} "
                   "(R7.5).", params)
    return Msg("{total} has remainder {rest}: remainders 3 and 4 round up, to {result} (R7.5).",
               params)


def check_rounding(total: int, answer: str | int) -> Result:
    """Round ``total`` pips to the nearest multiple of 5 (R7.5). Answer: a number."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise ExerciseError(Msg("a pip total to round is a whole number from 0 up, not {total}",
                                {"total": repr(total)}))
    expected = round5(total)
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(expected))
    hints = [] if value % POINT == 0 else [(value, Msg("A rounded total is always a multiple "
                                                       "of 5."))]
    return _number_result(value, expected, _rounding_why(total), hints)


# -- going out (R7) -------------------------------------------------------------------------------


def _going_out(match: Match, play: Play | str | None) -> tuple[Play, OutEvent, Match]:
    """The going-out play of the mover, its settlement, and the match after it."""
    after = match.copy()
    seat = after.to_move
    if after.status != "playing" or len(after.hand(seat)) != 1:
        raise ExerciseError(Msg("seat {seat} is not about to play their last tile",
                                {"seat": seat}))
    if play is None:
        plays = after.legal_plays()
        if not plays:
            raise ExerciseError(Msg("seat {seat} cannot play their last tile now",
                                    {"seat": seat}))
        chosen = plays[0]
    else:
        action = parse_action(play) if isinstance(play, str) else play
        reason = after.why_illegal(action)
        if reason is not None or not isinstance(action, Play):
            raise ExerciseError(Msg("{play} cannot be played in this position: {reason}", {
                "play": str(action), "reason": reason or Msg("it is not a play")}))
        chosen = action
    out = next(e for e in after.push(chosen) if isinstance(e, OutEvent))
    return chosen, out, after


def check_going_out(match: Match, answer: str | int, play: Play | str | None = None) -> Result:
    """By how much does going out change the side's raw score (R7, R6.3)? Answer: a number.

    ``match`` is the position before the last tile; ``play`` that tile's play
    (default: its first legal play). A settlement passing 61 changes nothing (R7.4).
    """
    chosen, out, after = _going_out(match, play)
    players = after.players
    side = out.side
    change = out.scores[side] - out.score_before
    opponents = [s for s in range(players) if after.side_of(s) != side]
    partner = after.partner_of(out.seat)
    parts: list[Msg | str] = [
        Msg("The last play, {play}, earns {award} (R6.3).",
            {"play": str(chosen), "award": _raw(out.play_award)}),
        Msg("The opponents keep {tiles} = {pips} pips, rounded once to {rounded} (R7.2, R7.5).",
            {"tiles": _tiles(t for s in opponents for t in out.remaining[s]),
             "pips": out.opponents_pips, "rounded": out.opponents_award})]
    if partner is not None:
        parts.append(Msg("The partner keeps {tiles} = {pips} pips, rounded on their own to "
                         "{rounded} and subtracted (R7.3).", {
                             "tiles": _tiles(out.remaining[partner]), "pips": out.partner_pips,
                             "rounded": out.partner_deduction}))
        parts.append(Msg("One settlement: {play} + {opp} − {mate} = {net} (R7.4).", {
            "play": out.play_award, "opp": out.opponents_award, "mate": out.partner_deduction,
            "net": out.net}))
    else:
        parts.append(Msg("One settlement: {play} + {opp} = {net} (R7.4).", {
            "play": out.play_award, "opp": out.opponents_award, "net": out.net}))
    parts.append(_target(out.score_before, out.net, "R7.4"))
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(change))
    play_award, opips, ppips = out.play_award, out.opponents_pips, out.partner_pips
    each = sum(round5(sum(t.pips for t in out.remaining[s])) for s in opponents)
    hints = [
        (out.net, Msg("That settlement would take the score above 61, so all its parts are "
                      "rejected together (R7.4).")),
        (play_award + out.opponents_award, Msg("Subtract the partner's rounded tiles too "
                                               "(R7.3).")),
        (play_award + round5(opips - ppips), Msg("Never pool the partner's tiles with the "
                                                 "opponents' before rounding (R7.3).")),
        (out.opponents_award - out.partner_deduction, Msg("The last play's own award is part "
                                                          "of the settlement (R6.3, R7.4).")),
        (play_award + opips - ppips, Msg("Round each total to the nearest multiple of 5 "
                                         "(R7.5).")),
        (play_award + each - out.partner_deduction, Msg("Add all the opponents' tiles first, "
                                                        "then round once (R7.2).")),
    ]
    return _number_result(value, change, _join(parts), hints)


# -- a blocked hand (R8) --------------------------------------------------------------------------


def _blocked(match: Match, action: Action | str | None) -> tuple[Action, Match]:
    """The blocking action (given or found, R8) and the position after it."""
    after = match.copy()
    try:
        chosen = after.blocking_action(parse_action(action) if isinstance(action, str)
                                       else action)
    except IllegalMoveError as err:
        raise ExerciseError(err.message) from None
    after.push(chosen)
    return chosen, after


def check_blocked_award(match: Match, seat: int, answer: str | int,
                        action: Action | str | None = None) -> Result:
    """What does the blocked-hand settlement add to ``seat``'s raw score (R8)? Answer: a number.

    ``match`` is the position one action before the block; ``action`` the action
    that blocks (default: found). An award passing 61 adds 0 (R8.4); an award
    after the match was won is not applied (R8.5).
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise ExerciseError(Msg("seat is a number from 0 to {last}, not {seat}",
                                {"last": match.players - 1, "seat": repr(seat)}))
    _, after = _blocked(match, action)
    awards = {e.seat: e for e in after.hand_events if isinstance(e, BlockedAwardEvent)}
    totals = [after.pips(s) for s in range(after.players)]
    event = awards.get(seat)
    if event is None:
        why: Msg | str = Msg("The match ended at exactly 61 before seat {seat}'s award, so it is "
                             "not applied (R8.5).", {"seat": seat})
        change = 0
        award = difference = 0
    else:
        change = event.scores[event.side] - event.score_before
        award, difference = event.award, event.difference
        if not event.compared:
            why = Msg("Seat {seat} holds {pips} pips; no opponent holds a strictly larger total, "
                      "so seat {seat} gets nothing (R8.3).", {"seat": seat, "pips": event.pips})
        else:
            diffs = " + ".join(f"({total} − {event.pips})" for _, total, _ in event.compared)
            parts: list[Msg | str] = [Msg(
                "Seat {seat} holds {pips} pips. The differences to each strictly larger opponent "
                "total are {diffs} = {difference}, rounded once to {award} (R8.2, R8.3, R7.5).",
                {"seat": seat, "pips": event.pips, "diffs": diffs, "difference": difference,
                 "award": award})]
            if award:
                parts.append(_target(event.score_before, award, "R8.4"))
            why = _join(parts)
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(change))
    mine = totals[seat]
    side = after.side_of(seat)
    others = [s for s in range(after.players) if s != seat]
    with_partner = round5(sum(max(totals[s] - mine, 0) for s in others))
    opponents = [s for s in others if after.side_of(s) != side]
    absolute = round5(sum(abs(totals[s] - mine) for s in opponents))
    each = sum(round5(totals[s] - mine) for s in opponents if totals[s] > mine)
    hints = [
        (award, Msg("That award would take the score above 61: that award alone is rejected "
                    "(R8.4).")),
        (difference, Msg("Round the sum of the differences once to the nearest multiple of 5 "
                         "(R8.2, R7.5).")),
        (with_partner, Msg("A partner's total is never compared (R8.3).")),
        (absolute, Msg("Only strictly larger opponent totals count (R8.3).")),
        (each, Msg("Add the differences first, then round the sum once (R8.2).")),
    ]
    return _number_result(value, change, why, hints)


# -- must-play, draw, pass (R3) -------------------------------------------------------------------


def _action_text(action: Action) -> str:
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    return str(action)


def _read_action(answer: str) -> Action:
    word = answer.strip().lower()
    if word in _DRAW_WORDS:
        return DRAW
    if word in _PASS_WORDS:
        return PASS
    return parse_action(_GLUE.sub(r"\1", answer.strip()))


def check_legal_action(match: Match, answer: str) -> Result:
    """What may the player to move do now (R3.2–R3.4)? Any legal action is right.

    Answer: a play (``[1|2]@[1|4]:low``, or a tile alone to open), ``draw`` or ``pass``.
    """
    if match.status != "playing":
        raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
    legal = match.legal_actions()
    expected = ", ".join(_action_text(a) for a in legal)
    text = str(answer).strip()
    if not text:
        return _malformed(Msg("type an answer first"), expected)
    try:
        action = _read_action(text)
    except NotationError as err:
        return _malformed(Msg("{reason}. Write a play like [1|2]@[1|4]:low (the tile alone "
                              "to open), or draw, or pass.", {"reason": err.message}), expected)
    seat = match.to_move
    reason = match.why_illegal(action)
    if reason is not None:
        why = Msg("{action} is not allowed: {reason}. Allowed now: {allowed}.", {
            "action": _action_text(action), "reason": reason, "allowed": expected})
        return Result(False, 0.0, _verdict(False, why), expected)
    if isinstance(action, Draw):
        why = Msg("No tile of seat {seat}'s hand fits an open place, so seat {seat} draws, one "
                  "tile at a time (R3.3).", {"seat": seat})
    elif isinstance(action, Pass):
        why = Msg("The boneyard is empty and nothing fits, so seat {seat} passes (R3.4).",
                  {"seat": seat})
    elif match.drawn_tile is not None:
        why = Msg("{play} plays the tile just drawn, which must be played at once (R3.3).",
                  {"play": str(action)})
    elif action.at is None:
        why = Msg("{play} opens the layout: the leader may open with any tile (R2.4).",
                  {"play": str(action)})
    else:
        why = Msg("{play} joins a matching open place, and a player who can play must play "
                  "(R3.1, R3.2).", {"play": str(action)})
    return Result(True, 1.0, _verdict(True, why), expected)


# -- points and the tally (R1.2, R2.2, R10) -------------------------------------------------------


def check_tally_points(points: int, answer: str | int) -> Result:
    """How many displayed points does the paper tally of ``points`` show (R10, D7)?"""
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ExerciseError(Msg("a tally shows a whole number of points from 0 up, not "
                                "{points}", {"points": repr(points)}))
    full, rest = divmod(points, 10)
    why = Msg("The tally has {figures} and {strokes}: {full} × 10 + {rest} = {points}, that "
              "is {raw} (R10.1, D7).", {
                  "figures": Plural("{n} full figure of ten strokes",
                                    "{n} full figures of ten strokes", full),
                  "strokes": Plural("{n} more stroke", "{n} more strokes", rest),
                  "full": full, "rest": rest, "points": _shown(points),
                  "raw": _raw(points * POINT)})
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(points))
    hints = [(points * POINT, Msg("That is in raw points; one stroke is one displayed point "
                                  "(R10.1).")),
             (full + rest, Msg("A full figure, a large X with a small x in each of its four "
                               "regions, counts 10 (R10.1)."))]
    return _number_result(value, points, why, hints)


def check_displayed_points(raw: int, answer: str | int) -> Result:
    """How many displayed points are ``raw`` raw points (R1.2)?"""
    if isinstance(raw, bool) or not isinstance(raw, int) or raw % POINT:
        raise ExerciseError(Msg("raw points of an award are a multiple of 5, not {raw}",
                                {"raw": repr(raw)}))
    expected = raw // POINT
    why = Msg("5 raw points make 1 displayed point: {raw} ÷ 5 = {shown} (R1.2).",
              {"raw": raw, "shown": expected})
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(expected))
    return _number_result(value, expected, why, [
        (raw, Msg("That is the raw score; divide it by 5 (R1.2)."))])


def check_boneyard_size(players: int, answer: str | int) -> Result:
    """How many tiles does the boneyard hold after the deal (R1.1, R2.2)?"""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ExerciseError(Msg("a match has 2, 3 or 4 players, not {players}",
                                {"players": repr(players)}))
    expected = Match(players, seed=0).boneyard_count
    why = Msg("28 tiles − {players} × 5 dealt = {rest} tiles in the boneyard, face down; all of "
              "them may be drawn (R1.1, R2.2).", {"players": players, "rest": expected})
    value = _read_number(answer)
    if isinstance(value, Msg):
        return _malformed(value, str(expected))
    return _number_result(value, expected, why, [
        (28 - players * 4, Msg("Every player is dealt 5 tiles, not 4 (R2.2)."))])


# -- tasks: a check with its position and its question --------------------------------------------


class Task(Protocol):
    """What the :class:`Exercise` widget asks: a question, a hint of the form, a check."""

    @property
    def kind(self) -> str:
        """A short name of the kind of exercise (``open_places`` …)."""
        ...

    @property
    def placeholder(self) -> str:
        """An example of the answer's form for the text box."""
        ...

    def question(self) -> Msg:
        """The question, localized when shown."""
        ...

    def check(self, answer: str) -> Result:
        """The verdict on the learner's answer."""
        ...


@dataclass(frozen=True)
class OpenPlaces:
    """Which places are open on ``layout`` (R3.1, R4)?"""

    layout: str
    kind: str = field(default="open_places", init=False)
    placeholder: str = field(default="[1|4]:low, [4|4]:branchA", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("Which places are open now? List them like [1|4]:low, [4|4]:branchA, "
                   "separated by commas.")

    def check(self, answer: str) -> Result:
        """See :func:`check_open_places`."""
        return check_open_places(self.layout, answer)


@dataclass(frozen=True)
class ScoringEnds:
    """Which scoring ends count on ``layout`` (R5)?"""

    layout: str
    kind: str = field(default="scoring_ends", init=False)
    placeholder: str = field(default="[3|4]:low, [1|1]", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("Which scoring ends count now? List free halves like [3|4]:low and end "
                   "doubles as their tile, like [1|1].")

    def check(self, answer: str) -> Result:
        """See :func:`check_scoring_ends`."""
        return check_scoring_ends(self.layout, answer)


@dataclass(frozen=True)
class PlayAward:
    """What does ``play`` on ``layout`` score (R6), optionally from ``score`` (R1.4)?"""

    layout: str
    play: str
    unit: Unit = "raw"
    score: int | None = None
    kind: str = field(default="play_award", init=False)
    placeholder: str = field(default="15", init=False)

    def __post_init__(self) -> None:
        _play_on(self.layout, self.play)  # an illegal play fails now, not at the first answer

    def question(self) -> Msg:
        """The question."""
        if self.score is not None:
            return Msg("The player's side has {score} raw points. How many raw points does "
                       "{play} add to that score?", {"score": self.score, "play": self.play})
        if self.unit == "displayed":
            return Msg("How many displayed points does {play} earn?", {"play": self.play})
        return Msg("How many raw points does {play} earn?", {"play": self.play})

    def check(self, answer: str) -> Result:
        """See :func:`check_play_award`."""
        return check_play_award(self.layout, self.play, answer, unit=self.unit,
                                score=self.score)


@dataclass(frozen=True)
class Rounding:
    """Round ``total`` to the nearest multiple of 5 (R7.5)."""

    total: int
    kind: str = field(default="rounding", init=False)
    placeholder: str = field(default="15", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("Round {total} to the nearest multiple of 5.", {"total": self.total})

    def check(self, answer: str) -> Result:
        """See :func:`check_rounding`."""
        return check_rounding(self.total, answer)


@dataclass(frozen=True, eq=False)
class GoingOut:
    """By how much does the mover's going out change their side's score (R7)?"""

    match: Match
    play: str | None = None
    kind: str = field(default="going_out", init=False)
    placeholder: str = field(default="10", init=False)

    def __post_init__(self) -> None:
        chosen, _, _ = _going_out(self.match, self.play)
        object.__setattr__(self, "match", self.match.copy())
        object.__setattr__(self, "play", str(chosen))

    def question(self) -> Msg:
        """The question."""
        return Msg("Seat {seat} goes out with {play}. By how many raw points does the "
                   "settlement change their side's score?",
                   {"seat": self.match.to_move, "play": self.play})

    def check(self, answer: str) -> Result:
        """See :func:`check_going_out`."""
        return check_going_out(self.match, answer, self.play)


@dataclass(frozen=True, eq=False)
class BlockedAward:
    """What does the blocked-hand settlement add to ``seat``'s score (R8)?"""

    match: Match
    seat: int
    action: str | None = None
    kind: str = field(default="blocked_award", init=False)
    placeholder: str = field(default="15", init=False)

    def __post_init__(self) -> None:
        chosen, _ = _blocked(self.match, self.action)
        object.__setattr__(self, "match", self.match.copy())
        object.__setattr__(self, "action", _action_text(chosen))

    def question(self) -> Msg:
        """The question."""
        params = {"mover": self.match.to_move, "action": self.action, "seat": self.seat}
        if self.action == "pass":
            return Msg("Seat {mover} passes, and the hand is blocked. How many raw points does "
                       "the settlement add to seat {seat}'s score?", params)
        return Msg("Seat {mover} plays {action}, and the hand is blocked. How many raw points "
                   "does the settlement add to seat {seat}'s score?", params)

    def check(self, answer: str) -> Result:
        """See :func:`check_blocked_award`."""
        return check_blocked_award(self.match, self.seat, answer, self.action)


@dataclass(frozen=True, eq=False)
class LegalAction:
    """What may the player to move do now: play which tile, draw or pass (R3)?"""

    match: Match
    kind: str = field(default="legal_action", init=False)
    placeholder: str = field(default="[1|2]@[1|4]:low, draw, pass", init=False)

    def __post_init__(self) -> None:
        if self.match.status != "playing":
            raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
        object.__setattr__(self, "match", self.match.copy())

    def question(self) -> Msg:
        """The question."""
        seat = self.match.to_move
        return Msg("Seat {seat} holds {hand}. What may seat {seat} do now? Type a play like "
                   "[1|2]@[1|4]:low, or draw, or pass.",
                   {"seat": seat, "hand": _tiles(self.match.hand(seat))})

    def check(self, answer: str) -> Result:
        """See :func:`check_legal_action`."""
        return check_legal_action(self.match, answer)


@dataclass(frozen=True)
class TallyPoints:
    """How many displayed points does the paper tally of ``points`` show (R10)?"""

    points: int
    kind: str = field(default="tally_points", init=False)
    placeholder: str = field(default="37", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points does this tally show?")

    def check(self, answer: str) -> Result:
        """See :func:`check_tally_points`."""
        return check_tally_points(self.points, answer)


@dataclass(frozen=True)
class DisplayedPoints:
    """How many displayed points are ``raw`` raw points (R1.2)?"""

    raw: int
    kind: str = field(default="displayed_points", init=False)
    placeholder: str = field(default="3", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points are {raw} raw points?", {"raw": self.raw})

    def check(self, answer: str) -> Result:
        """See :func:`check_displayed_points`."""
        return check_displayed_points(self.raw, answer)


@dataclass(frozen=True)
class BoneyardSize:
    """How many tiles are in the boneyard after the deal with ``players`` players (R2.2)?"""

    players: int
    kind: str = field(default="boneyard_size", init=False)
    placeholder: str = field(default="18", init=False)

    def question(self) -> Msg:
        """The question."""
        return Msg("With {players} players, how many tiles are left in the boneyard after the "
                   "deal?", {"players": self.players})

    def check(self, answer: str) -> Result:
        """See :func:`check_boneyard_size`."""
        return check_boneyard_size(self.players, answer)
