"""Checks of questions about a match: going out, a blocked hand, what may be done now.

The position is a :class:`Match`; the engine plays the action asked about on a
copy and the explanation comes from its events (R3, R7, R8). Every hint is
attached to a known mistake whose answer is computed the way the mistaken
learner would compute it, target check included; a hint about partners exists
only where there is a partner (four players).
"""

from __future__ import annotations

from exact61_widgets.engine.actions import DRAW, PASS, Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.errors import IllegalMoveError, NotationError
from exact61_widgets.engine.events import BlockedAwardEvent, Event, MatchWonEvent, OutEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import round5
from exact61_widgets.exercises.reading import (
    Word,
    read_action,
    read_number,
    read_word,
    word_label,
)
from exact61_widgets.exercises.result import (
    ExerciseError,
    Mistake,
    Result,
    again,
    join,
    malformed,
    number_result,
    right,
    verdict,
)
from exact61_widgets.exercises.wording import applied, pips, raw, target, tiles_text
from exact61_widgets.i18n import Msg

OUT_REJECTED = Msg(
    "That settlement would take the score above 61, so all its parts are rejected together (R7.4)."
)
PARTNER_FORGOTTEN = Msg("Subtract the partner's rounded tiles too (R7.3).")
PARTNER_POOLED = Msg("Never pool the partner's tiles with the opponents' before rounding (R7.3).")
PARTNER_ADDED = Msg("The partner's tiles are subtracted, not added to the opponents' (R7.3).")
#: The hint when several mistakes about the partner's tiles give the same answer.
PARTNER_RULE = Msg(
    "Round the partner's tiles on their own and subtract them from the settlement (R7.3)."
)
LAST_PLAY_FORGOTTEN = Msg("The last play's own award is part of the settlement (R7.4).")
OUT_NOT_ROUNDED = Msg("Round each total to the nearest multiple of 5 (R7.5).")
OUT_EACH_ROUNDED = Msg("Add all the opponents' tiles first, then round once (R7.2).")
BLOCK_REJECTED = Msg(
    "That award would take the score above 61: that award alone is rejected (R8.4)."
)
BLOCK_NOT_ROUNDED = Msg(
    "Round the sum of the differences once to the nearest multiple of 5 (R8.2)."
)
PARTNER_COMPARED = Msg("A partner's total is never compared (R8.3).")
ONLY_LARGER = Msg("Only strictly larger opponent totals count (R8.3).")
ROUND_ONCE = Msg("Add the differences first, then round the sum once (R8.2).")
AFTER_THE_WIN = Msg(
    "The match ended at exactly 61 before this award, and nothing after the "
    "winning award is applied (R8.5)."
)


def action_label(action: Action) -> Msg | str:
    """A play in notation, or the word for a draw or a pass (localized when shown)."""
    if isinstance(action, Draw):
        return word_label("draw")
    if isinstance(action, Pass):
        return word_label("pass")
    return str(action)


def action_text(action: Action, lang: str | None = None) -> str:
    """A play in notation, or the word for a draw or a pass in ``lang``."""
    label = action_label(action)
    return label if isinstance(label, str) else label.text(lang)


def listing(items: list[Msg | str]) -> Msg | str:
    """Items joined by commas, each localized when shown."""
    result: Msg | str = items[-1] if items else ""
    for item in reversed(items[:-1]):
        result = Msg("{first}, {rest}", {"first": item, "rest": result})
    return result


def _playing(match: Match) -> None:
    if match.status != "playing":
        raise ExerciseError(Msg("the hand is not being played: nobody is to move"))


# -- going out (R7) -----------------------------------------------------------------------------


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


def out_mistakes(out: OutEvent, after: Match) -> list[Mistake]:
    """The answers the known mistakes give to a going-out question, each with its hint."""
    before, play = out.score_before, out.play_award
    opp, ded, opips, ppips = (
        out.opponents_award,
        out.partner_deduction,
        out.opponents_pips,
        out.partner_pips,
    )
    found: list[Mistake] = []

    def mistake(net: int, hint: Msg, family: Msg | None = None) -> None:
        found.append(Mistake(applied(before, net), hint, family))

    if applied(before, out.net) != out.net:
        found.append(Mistake(out.net, OUT_REJECTED))
    if after.partner_of(out.seat) is not None:
        if ded:
            mistake(play + opp, PARTNER_FORGOTTEN, PARTNER_RULE)
        if ppips:
            mistake(play + round5(opips - ppips), PARTNER_POOLED, PARTNER_RULE)
            mistake(play + round5(opips + ppips), PARTNER_ADDED, PARTNER_RULE)
    if play:
        mistake(opp - ded, LAST_PLAY_FORGOTTEN)
    if opips != opp or ppips != ded:
        mistake(play + opips - ppips, OUT_NOT_ROUNDED)
    holding = [s for s in range(after.players) if after.side_of(s) != out.side and out.remaining[s]]
    if len(holding) > 1:
        each = sum(round5(sum(t.pips for t in out.remaining[s])) for s in holding)
        mistake(play + each - ded, OUT_EACH_ROUNDED)
    return found


def check_going_out(match: Match, answer: str | int, play: Play | str | None = None) -> Result:
    """By how much does going out change the mover's score (R7, R6.3)? Answer: a number.

    ``match`` is the position before the last tile; ``play`` that tile's play
    (default: its first legal play). A settlement passing 61 changes nothing (R7.4).
    """
    chosen, out, after = going_out(match, play)
    side = out.side
    change = out.scores[side] - out.score_before
    opponents = [s for s in range(after.players) if after.side_of(s) != side]
    partner = after.partner_of(out.seat)
    parts: list[Msg | str] = [
        Msg(
            "The last play, {play}, earns {award} (R6.3).",
            {"play": str(chosen), "award": raw(out.play_award)},
        ),
        Msg(
            "The opponents keep {tiles} = {pips}, rounded once to {rounded} (R7.2).",
            {
                "tiles": tiles_text(t for s in opponents for t in out.remaining[s]),
                "pips": pips(out.opponents_pips),
                "rounded": out.opponents_award,
            },
        ),
    ]
    if partner is not None:
        parts.append(
            Msg(
                "The partner keeps {tiles} = {pips}, rounded on their own to "
                "{rounded} and subtracted (R7.3).",
                {
                    "tiles": tiles_text(out.remaining[partner]),
                    "pips": pips(out.partner_pips),
                    "rounded": out.partner_deduction,
                },
            )
        )
        parts.append(
            Msg(
                "One settlement: {play} + {opp} − {mate} = {net} (R7.4).",
                {
                    "play": out.play_award,
                    "opp": out.opponents_award,
                    "mate": out.partner_deduction,
                    "net": out.net,
                },
            )
        )
    else:
        parts.append(
            Msg(
                "One settlement: {play} + {opp} = {net} (R7.4).",
                {"play": out.play_award, "opp": out.opponents_award, "net": out.net},
            )
        )
    parts.append(target(out.score_before, out.net, "R7.4"))
    why = join(parts)
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(change), why)
    return number_result(value, change, why, out_mistakes(out, after))


# -- a blocked hand (R8) ------------------------------------------------------------------------


def blocked(match: Match, action: Action | str | None) -> tuple[Action, Match, list[Event]]:
    """The blocking action (given or found, R8), the position after it, and its events."""
    after = match.copy()
    try:
        chosen = after.blocking_action(parse_action(action) if isinstance(action, str) else action)
    except (IllegalMoveError, NotationError) as err:
        raise ExerciseError(err.message) from None
    events = after.push(chosen)
    return chosen, after, events


def block_mistakes(after: Match, seat: int, event: BlockedAwardEvent | None) -> list[Mistake]:
    """The answers the known mistakes give to a blocked-hand question, each with its hint."""
    totals = [after.pips(s) for s in range(after.players)]
    mine = totals[seat]
    opponents = [s for s in range(after.players) if after.side_of(s) != after.side_of(seat)]
    larger = [totals[s] - mine for s in opponents if totals[s] > mine]
    if event is None:
        would = round5(sum(larger))
        return [Mistake(would, AFTER_THE_WIN)] if would else []
    before = event.score_before
    found: list[Mistake] = []

    def mistake(award: int, hint: Msg) -> None:
        found.append(Mistake(applied(before, award), hint))

    if applied(before, event.award) != event.award:
        found.append(Mistake(event.award, BLOCK_REJECTED))
    if event.difference != event.award:
        mistake(event.difference, BLOCK_NOT_ROUNDED)
    partner = after.partner_of(seat)
    if partner is not None and totals[partner] > mine:
        mistake(round5(sum(larger) + totals[partner] - mine), PARTNER_COMPARED)
    smaller = [mine - totals[s] for s in opponents if totals[s] < mine]
    if smaller:
        mistake(round5(sum(larger) + sum(smaller)), ONLY_LARGER)
    if len(larger) > 1:
        mistake(sum(round5(d) for d in larger), ROUND_ONCE)
    return found


def check_blocked_award(
    match: Match, seat: int, answer: str | int, action: Action | str | None = None
) -> Result:
    """What does the blocked-hand settlement add to ``seat``'s raw score (R8)? Answer: a number.

    ``match`` is the position one action before the block; ``action`` the action
    that blocks (default: found). An award passing 61 adds 0 (R8.4); an award
    after the match was won is not applied (R8.5).
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
    if event is None:
        why = Msg(
            "The match ended at exactly 61 before seat {seat}'s award, so it is not "
            "applied (R8.5).",
            {"seat": seat},
        )
        change = 0
    elif not event.compared:
        change = 0
        why = Msg(
            "Seat {seat} holds {pips}; no opponent holds a strictly larger total, so "
            "seat {seat} gets nothing (R8.3).",
            {"seat": seat, "pips": pips(event.pips)},
        )
    else:
        change = event.scores[event.side] - event.score_before
        diffs = " + ".join(f"({total} − {event.pips})" for _, total, _ in event.compared)
        parts: list[Msg | str] = [
            Msg(
                "Seat {seat} holds {pips}. The differences to each strictly larger opponent total "
                "are {diffs} = {difference}, rounded once to {award} (R8.2).",
                {
                    "seat": seat,
                    "pips": pips(event.pips),
                    "diffs": diffs,
                    "difference": event.difference,
                    "award": event.award,
                },
            )
        ]
        if event.award:
            parts.append(target(event.score_before, event.award, "R8.4"))
        why = join(parts)
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(change), why)
    return number_result(value, change, why, block_mistakes(after, seat, event))


def match_won(events: list[Event]) -> MatchWonEvent | None:
    """The match-won event among ``events``, if the match ended there."""
    return next((e for e in events if isinstance(e, MatchWonEvent)), None)


# -- must-play, draw, pass (R3) -----------------------------------------------------------------


def action_why(match: Match, action: Action) -> Msg:
    """Why the legal ``action`` is allowed now."""
    seat = match.to_move
    if isinstance(action, Draw):
        return Msg(
            "No tile of seat {seat}'s hand fits an open place, so seat {seat} draws, one "
            "tile at a time (R3.3).",
            {"seat": seat},
        )
    if isinstance(action, Pass):
        return Msg(
            "The boneyard is empty and nothing fits, so seat {seat} passes (R3.4).", {"seat": seat}
        )
    if match.drawn_tile is not None:
        return Msg(
            "{play} plays the tile just drawn, which must be played at once (R3.3).",
            {"play": str(action)},
        )
    if action.at is None:
        return Msg(
            "{play} opens the layout: the leader may open with any tile (R2.4).",
            {"play": str(action)},
        )
    return Msg(
        "{play} joins a matching open place, and a player who can play must play (R3.2).",
        {"play": str(action)},
    )


def legal_why(match: Match) -> Msg:
    """The solution of "what may be done now": every legal action, and why the first is."""
    legal = match.legal_actions()
    return Msg(
        "Allowed now: {allowed}. {why}",
        {"allowed": listing([action_label(a) for a in legal]), "why": action_why(match, legal[0])},
    )


def check_legal_action(match: Match, answer: str) -> Result:
    """What may the player to move do now (R3.2–R3.4)? Any legal action is right.

    Answer: a play (``[1|2]@[1|4]:low``, or a tile alone to open), ``draw`` or ``pass``.
    """
    _playing(match)
    legal = match.legal_actions()
    expected = action_text(legal[0], "en")
    why = legal_why(match)
    text = str(answer).strip()
    if not text:
        return malformed(Msg("type an answer first"), expected, why)
    try:
        action = read_action(text)
    except NotationError as err:
        return malformed(
            Msg(
                "{reason}. Write a play like [1|2]@[1|4]:low (the tile alone to "
                "open), or draw, or pass.",
                {"reason": err.message},
            ),
            expected,
            why,
        )
    reason = match.why_illegal(action)
    if reason is not None:
        wrong = join(
            [
                Msg(
                    "{action} is not allowed: {reason}.",
                    {"action": action_label(action), "reason": reason},
                ),
                again(),
            ]
        )
        return Result(False, 0.0, verdict(False, wrong), expected, why=why)
    return right(action_text(action, "en"), action_why(match, action))


def action_kind(match: Match) -> Word:
    """What the player to move does now: ``play``, ``draw`` or ``pass`` (R3.2–R3.4)."""
    legal = match.legal_actions()
    return "draw" if legal == [DRAW] else "pass" if legal == [PASS] else "play"


def kind_why(match: Match) -> Msg:
    """Why the player to move plays, draws or passes: the solution of the question."""
    seat, kind = match.to_move, action_kind(match)
    if kind != "play":
        return action_why(match, DRAW if kind == "draw" else PASS)
    if match.drawn_tile is not None:
        return Msg(
            "Seat {seat} has just drawn {tile}, and it fits: it must be played at once (R3.3).",
            {"seat": seat, "tile": str(match.drawn_tile)},
        )
    if not match.layout:
        return Msg("Seat {seat} leads and may open with any tile (R2.4).", {"seat": seat})
    tiles = sorted({p.tile for p in match.legal_plays()})
    return Msg(
        "Seat {seat} can play {tiles}, and a player who can play must play (R3.2).",
        {"seat": seat, "tiles": tiles_text(tiles)},
    )


def check_play_draw_pass(match: Match, answer: str) -> Result:
    """Play, draw or pass: what must the player to move do now (R3.2–R3.4)? Answer: one word.

    A play written out (``[1|2]@[1|4]:low``) counts as "play" if it is legal.
    """
    _playing(match)
    kind = action_kind(match)
    why = kind_why(match)
    text = str(answer).strip()
    if not text:
        return malformed(Msg("type an answer first"), kind, why)
    given = read_word(text)
    if given in (None, "none"):
        try:
            action = read_action(text)
        except NotationError:
            return malformed(Msg("answer with one word: play, draw or pass"), kind, why)
        reason = match.why_illegal(action)
        if isinstance(action, Play) and reason is not None:
            wrong = join(
                [
                    Msg(
                        "{action} is not allowed: {reason}.",
                        {"action": str(action), "reason": reason},
                    ),
                    again(),
                ]
            )
            return Result(False, 0.0, verdict(False, wrong), kind, why=why)
        given = "play" if isinstance(action, Play) else "draw" if action == DRAW else "pass"
    if given == kind:
        return right(kind, why)
    if given == "play":
        numbers = ", ".join(str(n) for n in sorted({p.number for p in match.layout.open_places()}))
        reason = Msg(
            "no tile of seat {seat}'s hand matches an open place: the open places show "
            "{numbers} (R3.1)",
            {"seat": match.to_move, "numbers": numbers},
        )
    else:
        found = match.why_illegal(DRAW if given == "draw" else PASS)
        assert found is not None
        reason = found
    wrong = join(
        [
            Msg(
                "{action} is not allowed: {reason}.",
                {"action": word_label(given), "reason": reason},
            ),
            again(),
        ]
    )
    return Result(False, 0.0, verdict(False, wrong), kind, why=why)
