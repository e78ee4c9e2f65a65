"""Game record version 1: reading, checking and writing.

The format is stated on the :ref:`formats page, §3 Game record <formats-3>`.

A record is checked move by move by pushing each action into a :class:`Match`,
so the record rules are exactly the engine's rules; the first fault is raised
as :class:`RecordError` with its hand and action numbers. A JSON Schema of the
format ships in ``exact61_widgets/schema/record-v1.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from typing import Any, Final

from exact61_widgets.engine.actions import DRAW, PASS, PLAY, Action, Play
from exact61_widgets.engine.errors import Exact61Error, RecordError, SetupError
from exact61_widgets.engine.events import DrawEvent, Event, HandEnd, event_dicts
from exact61_widgets.engine.history import Deal
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.ports import Place, port_fits
from exact61_widgets.engine.tiles import TILES, Tile, parse_tile
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


def _obj(
    value: object, what: str | Msg, hand: int | None = None, action: int | None = None
) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(Msg("{what} must be a JSON object", {"what": what}), hand, action)
    return value


def _list(value: object, what: str | Msg, hand: int | None = None) -> Sequence[Any]:
    if not isinstance(value, list):
        raise _fail(Msg("{what} must be a JSON list", {"what": what}), hand)
    return value


def _unknown(
    keys: object,
    allowed: set[str],
    what: str | Msg,
    hand: int | None = None,
    action: int | None = None,
) -> None:
    extra = sorted(set(keys) - allowed) if isinstance(keys, Mapping) else []
    if extra:
        raise _fail(
            Msg("{what} has an unknown field {field}", {"what": what, "field": repr(extra[0])}),
            hand,
            action,
        )


#: The plays a record names in canonical text: ``_PLAYS_BY_TEXT[tile][place]`` (the fast
#: path of :meth:`Replayer.run`; anything else is read, and reported, the long way).
_PLAYS_BY_TEXT: Final[dict[str, dict[str, Play]]] = {}
for _play in PLAY.values():
    if _play.at is not None and port_fits(_play.at.tile, _play.at.port):
        _PLAYS_BY_TEXT.setdefault(str(_play.tile), {})[str(_play.at)] = _play
#: The opening plays by the tile's canonical text.
_OPENINGS_BY_TEXT: Final = {str(tile): Play(tile) for tile in TILES}
_TILES_BY_TEXT: Final = {str(tile): tile for tile in TILES}


def read_action(entry: object, hand: int, number: int) -> tuple[int, Action, Tile | None]:
    """Read one action object as (seat, action, the tile a draw names, else None).

    The general reader, which names the fault: :meth:`Replayer.run` reads entries
    in canonical text (as :func:`to_record` writes them) by look-ups of its own
    and hands everything else to this function.
    """
    seat, action = parse_action_entry(entry, hand, number)
    drawn = parse_tile(entry["draw"]) if action is DRAW else None  # type: ignore[index]
    return seat, action, drawn


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
    """Checks a record move by move and summarises each hand.

    The summaries are those of the :ref:`formats page, §6 Event stream <formats-6>`.
    """

    def __init__(self, record: object) -> None:
        self.record = _obj(record, Msg("a record"))

    def run(self, summaries: bool = True) -> tuple[Match, list[dict[str, Any]]]:
        """Replay everything; return the final match and the §5 summary of each hand.

        ``summaries=False`` checks the same and leaves the list empty, for callers
        that want only the match (:func:`load_record`).
        """
        rec = self.record
        _unknown(rec, _TOP_KEYS, Msg("the record"))
        if rec.get("format") != FORMAT:
            raise _fail(
                Msg(
                    "'format' must be {expected}, not {given}",
                    {"expected": repr(FORMAT), "given": repr(rec.get("format"))},
                )
            )
        if rec.get("version") != VERSION or isinstance(rec.get("version"), bool):
            raise _fail(
                Msg("'version' must be 1, not {given}", {"given": repr(rec.get("version"))})
            )
        try:
            match = Match(
                rec.get("players"),  # type: ignore[arg-type]  # Match checks it
                start_scores=rec.get("start_scores"),
                deal=False,
            )
        except TypeError:
            raise _fail(Msg("'start_scores' must be a list of raw scores")) from None
        except SetupError as err:
            raise _fail(err.message) from None
        hands = _list(rec.get("hands"), Msg("'hands'"))
        per_hand: list[dict[str, Any]] = []
        for number, hand in enumerate(hands, start=1):
            self._deal(match, hand, number)
            self._actions(match, hand["actions"], number)
            if summaries:
                per_hand.append(hand_summary(match.hand_events, match.hand_end, match.scores))
        return match, per_hand

    @staticmethod
    def _deal(match: Match, hand: Any, number: int) -> None:
        """Check a hand's fields and deal it; its actions are checked to be a list."""
        if type(hand) is not dict or not hand.keys() <= _HAND_KEYS:  # else say what is wrong
            _unknown(_obj(hand, Msg("a hand"), number), _HAND_KEYS, Msg("the hand"), number)
        if match.is_over:
            raise _fail(Msg("the match is already won: no hand may follow (D8)"), number)
        if match.status == "playing":
            raise _fail(Msg("the previous hand did not end: no new hand may start (D9)"), number)
        deal = hand.get("deal")
        if type(deal) is not list:
            deal = _list(deal, Msg("'deal'"), number)
        bones = hand.get("boneyard")
        if type(bones) is not list:
            bones = _list(bones, Msg("'boneyard'"), number)
        leader = hand.get("leader")
        if isinstance(leader, bool) or not isinstance(leader, int):
            raise _fail(Msg("'leader' must be a seat number"), number)
        try:
            for tiles in deal:
                if not isinstance(tiles, list):
                    raise _fail(Msg("'deal' holds one list of tiles per seat"), number)
            match.deal(deal, bones, leader=leader)  # the tiles' texts, read by the deal
        except RecordError:
            raise
        except Exact61Error as err:
            raise _fail(err.message, number) from None
        if type(hand.get("actions")) is not list:
            _list(hand.get("actions"), Msg("'actions'"), number)

    @staticmethod
    def _actions(match: Match, actions: list[Any], number: int) -> None:
        """Push the hand's actions one by one; raise the first fault as a RecordError.

        Entries as :func:`to_record` writes them are read by dictionary look-ups
        alone, here in the loop; anything else goes through :func:`read_action`.
        """
        push = match.push
        plays = _PLAYS_BY_TEXT
        for index, entry in enumerate(actions, start=1):
            named: Tile | None = None
            try:  # canonical text is found at once; anything else raises and is read below
                if type(entry) is not dict:
                    raise KeyError
                seat = entry["seat"]
                if type(seat) is not int:
                    raise KeyError
                size = len(entry)
                if size == 3:
                    action: Action = plays[entry["play"]][entry["at"]]
                elif size != 2:
                    raise KeyError
                elif "play" in entry:
                    action = _OPENINGS_BY_TEXT[entry["play"]]
                elif "draw" in entry:
                    action = DRAW
                    named = _TILES_BY_TEXT[entry["draw"]]
                elif entry.get("pass") is True:
                    action = PASS
                else:
                    raise KeyError
            except (KeyError, TypeError):
                seat, action, named = read_action(entry, number, index)
            # Push first, then check the seat: the checks and their order are the
            # record's (status, seat, the action), without a look-up per action.
            try:
                events = push(action)
            except Exact61Error as err:
                raise _refused(match, seat, number, index, err.message) from None
            turn = events[0].seat  # type: ignore[union-attr]  # an action's own event
            if turn != seat:  # pushed for the seat to move, which is another
                raise _wrong_turn(turn, seat, number, index)
            if named is not None:
                drawn = events[0]
                assert isinstance(drawn, DrawEvent)
                if drawn.tile is not named:  # the record names another tile than the next
                    raise _fail(
                        Msg(
                            "draws {named}, but the next boneyard tile is {next}",
                            {"named": str(named), "next": str(drawn.tile)},
                        ),
                        number,
                        index,
                    )


def _refused(match: Match, seat: int, hand: int, action: int, reason: Msg) -> RecordError:
    """Why the record's action was refused: the hand or match is over, it is another
    seat's turn, or else ``reason`` (the rules' own)."""
    if match.status != PLAYING:
        what = (
            Msg("the match is already won (D8)")
            if match.is_over
            else Msg("the hand is already over (D9)")
        )
        return _fail(Msg("{what}: nothing may follow", {"what": what}), hand, action)
    if seat != match.to_move:
        return _wrong_turn(match.to_move, seat, hand, action)
    return _fail(reason, hand, action)


def _wrong_turn(turn: int, seat: int, hand: int, action: int) -> RecordError:
    return _fail(
        Msg("it is seat {turn}'s turn, not seat {seat}'s", {"turn": turn, "seat": seat}),
        hand,
        action,
    )


def load_record(record: object) -> Match:
    """Replay a record (a dict, as parsed from JSON) and return the match at its end."""
    match, _ = Replayer(record).run(summaries=False)
    return match


def hand_summary(
    events: Iterable[Event], end: HandEnd | None, scores: tuple[int, ...]
) -> dict[str, Any]:
    """The §5 summary of one hand: its events, how it ended, and the scores after it."""
    return {
        "events": event_dicts(events),
        "end": None if end is None else end.kind,
        "hand_winner": None if end is None else end.hand_winner,
        "next_leader": None if end is None else end.next_leader,
        "scores": list(scores if end is None else end.scores),
    }


def to_record(match: Match) -> dict[str, Any]:
    """Write the match's history as a record v1 (only for matches that were dealt)."""
    if match.is_set_up:
        raise SetupError(
            Msg(
                "a position set up by hand has no deal, so record v1 cannot "
                "hold it; export its layout notation instead"
            )
        )
    hands: list[dict[str, Any]] = []
    draws: Iterator[Tile] = iter(())
    for entry in match.history:
        if isinstance(entry, Deal):
            draws = iter(entry.boneyard)
            hands.append(
                {
                    "leader": entry.leader,
                    "deal": [[str(t) for t in hand] for hand in entry.hands],
                    "boneyard": [str(t) for t in entry.boneyard],
                    "actions": [],
                }
            )
            continue
        action = entry.action
        item: dict[str, Any] = {"seat": entry.seat}
        if isinstance(action, Play):
            item["play"] = str(action.tile)
            if action.at is not None:
                item["at"] = str(action.at)
        elif action is DRAW:
            item["draw"] = str(next(draws))
        else:
            item["pass"] = True
        hands[-1]["actions"].append(item)
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": match.players,
        "start_scores": list(match.start_scores),
        "hands": hands,
    }
