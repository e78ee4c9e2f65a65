"""Game record version 1 (CONTRACT §4): reading, checking and writing.

A record is checked move by move by pushing each action into a :class:`Match`,
so the record rules are exactly the engine's rules; the first fault is raised
as :class:`RecordError` with its hand and action numbers. A JSON Schema of the
format ships in ``exact61_widgets/schema/record-v1.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Final

from exact61_widgets.engine.actions import DRAW, PASS, Action, Play
from exact61_widgets.engine.errors import Exact61Error, RecordError, SetupError
from exact61_widgets.engine.events import Event, HandEnd
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import TILES, parse_tile
from exact61_widgets.i18n import Msg

FORMAT: Final = "exact61-record"
VERSION: Final = 1
_TOP_KEYS: Final = {"format", "version", "players", "start_scores", "hands"}
_HAND_KEYS: Final = {"leader", "deal", "boneyard", "actions"}


def record_schema() -> dict[str, Any]:
    """The JSON Schema of record version 1, as shipped in the package."""
    text = resources.files("exact61_widgets.schema").joinpath("record-v1.schema.json")
    schema: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return schema


def _fail(reason: Msg, hand: int | None = None, action: int | None = None) -> RecordError:
    return RecordError(reason, hand, action)


def _obj(value: object, what: str | Msg, hand: int | None = None,
         action: int | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(Msg("{what} must be a JSON object", {"what": what}), hand, action)
    return value


def _list(value: object, what: str | Msg, hand: int | None = None) -> Sequence[Any]:
    if not isinstance(value, list):
        raise _fail(Msg("{what} must be a JSON list", {"what": what}), hand)
    return value


def _unknown(keys: object, allowed: set[str], what: str | Msg, hand: int | None = None,
             action: int | None = None) -> None:
    extra = sorted(set(keys) - allowed) if isinstance(keys, Mapping) else []
    if extra:
        raise _fail(Msg("{what} has an unknown field {field}", {"what": what,
                                                                "field": repr(extra[0])}),
                    hand, action)


def parse_action_entry(entry: object, hand: int, number: int) -> tuple[int, Action]:
    """Read one action object: ``{seat, play[, at]}``, ``{seat, draw}`` or ``{seat, pass}``."""
    item = _obj(entry, Msg("an action"), hand, number)
    seat = item.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise _fail(Msg("an action needs a whole-number seat"), hand, number)
    kinds = [k for k in ("play", "draw", "pass") if k in item]
    if len(kinds) != 1:
        raise _fail(Msg("an action has exactly one of play, draw and pass"), hand, number)
    kind = kinds[0]
    allowed = {"seat", kind} | ({"at"} if kind == "play" else set())
    _unknown(item, allowed, Msg("the action"), hand, number)
    try:
        if kind == "play":
            at = item.get("at")
            if at is not None and not isinstance(at, str):
                raise _fail(Msg("'at' must be a place like [1|4]:low"), hand, number)
            tile_text = item["play"]
            return seat, Play(parse_tile(tile_text), None if at is None else Place.parse(at))
        if kind == "draw":
            parse_tile(item["draw"])
            return seat, DRAW
        if item["pass"] is not True:
            raise _fail(Msg("'pass' must be true"), hand, number)
        return seat, PASS
    except RecordError:
        raise
    except Exact61Error as err:
        raise _fail(err.message, hand, number) from None


class Replayer:
    """Checks a record move by move and summarises each hand as CONTRACT §5 says."""

    def __init__(self, record: object) -> None:
        self.record = _obj(record, Msg("a record"))

    def run(self) -> tuple[Match, list[dict[str, Any]]]:
        """Replay everything; return the final match and the §5 summary of each hand."""
        rec = self.record
        _unknown(rec, _TOP_KEYS, Msg("the record"))
        if rec.get("format") != FORMAT:
            raise _fail(Msg("'format' must be {expected}, not {given}",
                            {"expected": repr(FORMAT), "given": repr(rec.get("format"))}))
        if rec.get("version") != VERSION or isinstance(rec.get("version"), bool):
            raise _fail(Msg("'version' must be 1, not {given}",
                            {"given": repr(rec.get("version"))}))
        try:
            match = Match(rec.get("players"), start_scores=rec.get("start_scores"),  # type: ignore[arg-type]
                          deal=False)
        except TypeError:
            raise _fail(Msg("'start_scores' must be a list of raw scores")) from None
        except SetupError as err:
            raise _fail(err.message) from None
        hands = _list(rec.get("hands"), Msg("'hands'"))
        per_hand: list[dict[str, Any]] = []
        for number, hand in enumerate(hands, start=1):
            per_hand.append(self._hand(match, hand, number))
        return match, per_hand

    def _hand(self, match: Match, hand_obj: object, number: int) -> dict[str, Any]:
        hand = _obj(hand_obj, Msg("a hand"), number)
        _unknown(hand, _HAND_KEYS, Msg("the hand"), number)
        if match.is_over:
            raise _fail(Msg("the match is already won: no hand may follow (D8)"), number)
        if match.status == "playing":
            raise _fail(Msg("the previous hand did not end: no new hand may start (D9)"),
                        number)
        deal = _list(hand.get("deal"), Msg("'deal'"), number)
        bones = _list(hand.get("boneyard"), Msg("'boneyard'"), number)
        leader = hand.get("leader")
        if isinstance(leader, bool) or not isinstance(leader, int):
            raise _fail(Msg("'leader' must be a seat number"), number)
        try:
            if any(not isinstance(h, list) for h in deal):
                raise _fail(Msg("'deal' holds one list of tiles per seat"), number)
            match.deal([[parse_tile(t) for t in h] for h in deal],
                       [parse_tile(t) for t in bones], leader=leader)
        except RecordError:
            raise
        except Exact61Error as err:
            raise _fail(err.message, number) from None
        start = len(match._events)
        actions = _list(hand.get("actions"), Msg("'actions'"), number)
        for index, entry in enumerate(actions, start=1):
            seat, action = parse_action_entry(entry, number, index)
            if match.status != "playing":
                what = (Msg("the match is already won (D8)") if match.is_over
                        else Msg("the hand is already over (D9)"))
                raise _fail(Msg("{what}: nothing may follow", {"what": what}), number, index)
            if seat != match.to_move:
                raise _fail(Msg("it is seat {turn}'s turn, not seat {seat}'s",
                                {"turn": match.to_move, "seat": seat}), number, index)
            if action is DRAW:
                named = parse_tile(_obj(entry, Msg("an action"))["draw"])
                if match.boneyard_count and match.is_legal(DRAW) and \
                        match.boneyard[0] is not named:
                    raise _fail(Msg("draws {named}, but the next boneyard tile is {next}",
                                    {"named": str(named), "next": str(match.boneyard[0])}),
                                number, index)
            try:
                match.push(action)
            except Exact61Error as err:
                raise _fail(err.message, number, index) from None
        return hand_summary(list(match._events[start:]), match.hand_end, match.scores)


def load_record(record: object) -> Match:
    """Replay a record (a dict, as parsed from JSON) and return the match at its end."""
    match, _ = Replayer(record).run()
    return match


def hand_summary(events: list[Event], end: HandEnd | None,
                 scores: tuple[int, ...]) -> dict[str, Any]:
    """The §5 summary of one hand: its events, how it ended, and the scores after it."""
    return {"events": [e.to_dict() for e in events],
            "end": None if end is None else end.kind,
            "hand_winner": None if end is None else end.hand_winner,
            "next_leader": None if end is None else end.next_leader,
            "scores": list(scores if end is None else end.scores)}


def to_record(match: Match) -> dict[str, Any]:
    """Write the match's history as a record v1 (only for matches that were dealt)."""
    if match.is_set_up:
        raise SetupError(Msg("a position set up by hand has no deal, so record v1 cannot "
                             "hold it; export its layout notation instead"))
    hands: list[dict[str, Any]] = []
    bones: tuple[int, ...] = ()
    pos = 0
    for entry in match._stack:
        if entry[0] == "deal":
            _, _, _, masks, bones, leader = entry
            pos = 0
            hands.append({
                "leader": leader,
                "deal": [[str(TILES[t]) for t in range(28) if m >> t & 1] for m in masks],
                "boneyard": [str(TILES[t]) for t in bones],
                "actions": [],
            })
            continue
        action, seat = entry[0], entry[1]
        item: dict[str, Any] = {"seat": seat}
        if isinstance(action, Play):
            item["play"] = str(action.tile)
            if action.at is not None:
                item["at"] = str(action.at)
        elif action is DRAW:
            item["draw"] = str(TILES[bones[pos]])
            pos += 1
        else:
            item["pass"] = True
        hands[-1]["actions"].append(item)
    return {"format": FORMAT, "version": VERSION, "players": match.players,
            "start_scores": list(match.start_scores), "hands": hands}
