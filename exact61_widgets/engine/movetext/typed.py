"""Moves typed as text, read against a position: the move line's logic (no UI).

A learner who does not use the board — a screen-reader user, or anyone who
prefers the keyboard, as lichess offers blind players — types a move:
``[3|6]@[2|3]:high``, ``3-6 on the high 3 of 2-3``, ``3-6 к тройке``, ``draw``,
``пас``. :func:`parse_move` finds the one legal action meant, or raises
:class:`MoveTextError` with one line naming the fault (unreadable, a tile not in
hand, no such place, ambiguous with the candidates listed, or not allowed and
why). :func:`describe_action` names a legal action in plain words that read back
to it, and :func:`complete` lists the legal moves that fit what was typed so far.

Words may be left out where the position makes them unneeded: a tile alone is
enough when it fits one place only, and ``к тройке`` when one tile fits one 3.
The words themselves are read by :mod:`.words`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

from exact61_widgets.engine.actions import DRAW, PASS, Action, Draw, Pass, Play
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext.words import (
    PUNCT,
    VOCABULARY,
    MoveTextError,
    Reading,
    normalize,
    read_notation,
    read_words,
    simplify,
)
from exact61_widgets.engine.ports import PORT_LABELS, Place, Port, port_fits
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import LANGUAGES, Lang, Msg, check_lang, gettext


class _Local(Msg):
    """A piece of text made per language by the grammar tables below (a number word in a
    Russian case, a list of places); it nests in a :class:`Msg` like any parameter."""

    _make: Callable[[Lang], str]

    def __init__(self, make: Callable[[Lang], str]) -> None:
        super().__init__("")
        object.__setattr__(self, "_make", make)

    def text(self, lang: str | None = None) -> str:
        """The text in ``lang``."""
        return self._make(check_lang(lang))


# -- plain words for tiles, places and actions ----------------------------------------------

#: Russian number words after «к» (dative), as the descriptions write them.
_RU_DATIVE: Final = ("нулю", "единице", "двойке", "тройке", "четвёрке", "пятёрке", "шестёрке")
#: Russian number words as names of a place's number (nominative).
_RU_NOMINATIVE: Final = ("ноль", "единица", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка")
#: Russian port names after «к» (dative); the nominative ones are the catalog's port labels.
_RU_PORT_DATIVE: Final = {
    Port.LINE_A: "линии A",
    Port.LINE_B: "линии B",
    Port.BRANCH_A: "ветви A",
    Port.BRANCH_B: "ветви B",
}


def tile_words(tile: Tile) -> str:
    """A tile as plain words write it: ``3-6`` (read aloud better than ``[3|6]``)."""
    return f"{tile.low}-{tile.high}"


def _number_dative(n: int) -> Msg:
    return _Local(lambda lang: _RU_DATIVE[n] if lang == "ru" else str(n))


def _number_name(n: int) -> Msg:
    return _Local(lambda lang: _RU_NOMINATIVE[n] if lang == "ru" else str(n))


def _port_dative(port: Port) -> Msg:
    return _Local(
        lambda lang: _RU_PORT_DATIVE[port] if lang == "ru" else gettext(PORT_LABELS[port], lang)
    )


def _port_name(port: Port) -> Msg:
    return _Local(lambda lang: gettext(PORT_LABELS[port], lang))


def place_msg(place: Place) -> Msg:
    """A place in plain words: ``the high 3 of 2-3``, ``branch A of 6-6`` (en/ru)."""
    anchor = tile_words(place.tile)
    if place.port is Port.HIGH:
        return Msg(
            "the high {number} of {anchor}",
            {"number": _number_name(place.number), "anchor": anchor},
        )
    if place.port is Port.LOW:
        return Msg(
            "the low {number} of {anchor}", {"number": _number_name(place.number), "anchor": anchor}
        )
    return Msg("{port} of {anchor}", {"port": _port_name(place.port), "anchor": anchor})


def action_msg(action: Action) -> Msg:
    """An action in plain words (see :func:`describe_action`), translatable."""
    if isinstance(action, Draw):
        return Msg("draw")
    if isinstance(action, Pass):
        return Msg("pass")
    tile = tile_words(action.tile)
    place = action.at
    if place is None:
        return Msg("open with {tile}", {"tile": tile})
    anchor = tile_words(place.tile)
    if place.port is Port.HIGH:
        return Msg(
            "{tile} on the high {number} of {anchor}",
            {"tile": tile, "number": _number_dative(place.number), "anchor": anchor},
        )
    if place.port is Port.LOW:
        return Msg(
            "{tile} on the low {number} of {anchor}",
            {"tile": tile, "number": _number_dative(place.number), "anchor": anchor},
        )
    return Msg(
        "{tile} on {port} of {anchor}",
        {"tile": tile, "port": _port_dative(place.port), "anchor": anchor},
    )


def describe_action(match: Match, action: Action, lang: str | None = None) -> str:
    """``3-6 on the high 3 of 2-3`` / «3-6 к тройке кости 2-3», ``draw``, ``open with 3-6``.

    The words name the tile, the number it joins and the tile and port of the
    place, so :func:`parse_move` reads them back to exactly ``action`` in
    ``match`` (the position it is played in).
    """
    del match  # every place is named in full, whatever else is on the table
    return action_msg(action).text(lang)


def action_notation(action: Action) -> str:
    """The contract's notation of an action: ``[3|6]@[2|3]:high``, ``draw``, ``pass``."""
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    return str(action)


def _listing(items: Iterable[Msg]) -> Msg:
    chosen = tuple(items)
    return _Local(lambda lang: "; ".join(item.text(lang) for item in chosen))


# -- reading a move in a position -------------------------------------------------------------


def _place_fits(reading: Reading, place: Place) -> bool:
    if reading.anchor is not None and place.tile is not reading.anchor:
        return False
    if reading.ports is not None and place.port not in reading.ports:
        return False
    return reading.number is None or place.number == reading.number


def _play_fits(reading: Reading, play: Play) -> bool:
    if reading.tile is not None and play.tile is not reading.tile:
        return False
    if play.at is None:
        return not reading.names_place
    return not reading.opening and _place_fits(reading, play.at)


def _fits(reading: Reading, action: Action) -> bool:
    if reading.keyword is not None:
        return action.kind == reading.keyword
    return isinstance(action, Play) and _play_fits(reading, action)


def parse_move(match: Match, text: str) -> Action:
    """The one legal action of the player to move that ``text`` means; else MoveTextError.

    ``text`` is notation (``[3|6]@[2|3]:high``, ``draw``, ``pass``) or plain
    English or Russian words (``3-6 on the high 3 of 2-3``, ``3-6 к тройке``,
    ``добрать``, ``пас``); tiles may be written ``3-6``, ``3|6``, ``[3|6]``, ``36``
    or in words. The error names the fault in one line, in English and Russian.
    """
    if not isinstance(text, str) or not text.strip():
        raise MoveTextError(
            "unreadable", Msg("type a move, for example 3-6 on the 3 of 2-3, draw or pass")
        )
    if "@" in text:
        return _checked(match, read_notation(text))
    reading = read_words(text)
    if reading.keyword is not None:
        return _checked(match, DRAW if reading.keyword == "draw" else PASS)
    if match.status != "playing":
        reason = match.why_illegal(PASS)
        assert reason is not None
        raise MoveTextError("illegal", reason)
    found = [p for p in match.legal_plays() if _play_fits(reading, p)]
    if len(found) == 1:
        return found[0]
    if found:
        raise MoveTextError(
            "ambiguous",
            Msg(
                "ambiguous: “{text}” could be any of these moves: {moves}; say which",
                {"text": reading.text, "moves": _listing(action_msg(p) for p in found)},
            ),
            found,
        )
    raise _why_none(match, reading)


def _checked(match: Match, action: Action) -> Action:
    reason = match.why_illegal(action)
    if reason is None:
        return action
    if isinstance(action, Play):
        seat = match.to_move
        if match.status == "playing" and action.tile not in match.hand(seat):
            raise _not_in_hand(match, action.tile)
        place = action.at
        layout = match.layout
        if place is not None and layout and place.tile not in layout:
            raise _no_place(Msg("{anchor} is not on the table", {"anchor": tile_words(place.tile)}))
    raise MoveTextError("illegal", reason)


def _not_in_hand(match: Match, tile: Tile) -> MoveTextError:
    seat = match.to_move
    held = ", ".join(tile_words(t) for t in match.hand(seat))
    return MoveTextError(
        "not_in_hand",
        Msg(
            "{tile} is not in the hand of seat {seat}, which holds {tiles}",
            {"tile": tile_words(tile), "seat": seat, "tiles": held},
        ),
    )


def _no_place(reason: Msg) -> MoveTextError:
    return MoveTextError("no_place", Msg("no such place: {reason}", {"reason": reason}))


def _why_closed(match: Match, place: Place) -> Msg:
    """Why an existing place of a tile on the table takes no tile now."""
    occupied = match.layout.taken(place.tile)
    if place.port in occupied:
        return Msg("{place} is taken", {"place": place_msg(place)})
    if place.port.is_branch:
        return Msg(
            "the branches of {anchor} open only after both of its lines are filled (R4.3)",
            {"anchor": tile_words(place.tile)},
        )
    return Msg("{place} is closed", {"place": place_msg(place)})  # pragma: no cover


def _why_none(match: Match, reading: Reading) -> MoveTextError:
    """The fault of a reading that fits no legal play (nothing changes)."""
    seat = match.to_move
    layout = match.layout
    tile = reading.tile
    if tile is not None and tile not in match.hand(seat):
        return _not_in_hand(match, tile)
    drawn = match.drawn_tile
    if drawn is not None and tile is not None and tile is not drawn:
        reason = match.why_illegal(Play(tile, None))
        assert reason is not None
        return MoveTextError("illegal", reason)
    if not layout:
        if tile is not None:
            return MoveTextError(
                "illegal",
                Msg(
                    "the table is empty: {tile} opens the layout and takes no place",
                    {"tile": tile_words(tile)},
                ),
            )
        return MoveTextError("illegal", Msg("the table is empty: name the tile to open with"))
    if reading.opening:
        return MoveTextError(
            "illegal", Msg("the layout has begun: name a tile and the place where it joins")
        )
    anchor = reading.anchor
    if anchor is not None:
        if anchor not in layout:
            return _no_place(Msg("{anchor} is not on the table", {"anchor": tile_words(anchor)}))
        if reading.number is not None and not anchor.has(reading.number):
            return _no_place(
                Msg(
                    "{anchor} shows no {number}",
                    {"anchor": tile_words(anchor), "number": reading.number},
                )
            )
        if reading.ports is not None and not any(port_fits(anchor, p) for p in reading.ports):
            if anchor.is_double:
                return _no_place(
                    Msg(
                        "{anchor} is a double: its places are lines and branches, not ends",
                        {"anchor": tile_words(anchor)},
                    )
                )
            return _no_place(
                Msg(
                    "{anchor} is not a double: its places are its low and high ends",
                    {"anchor": tile_words(anchor)},
                )
            )
    open_places = layout.open_places()
    fitting = [p for p in open_places if _place_fits(reading, p)]
    if not fitting:
        return _no_place(_why_no_open_place(match, reading, open_places))
    if tile is None:
        hand = match.hand(seat)
        if drawn is not None and any(t.has(p.number) for t in hand for p in fitting):
            return MoveTextError(
                "illegal", Msg("play the drawn tile {tile} now (R3.3)", {"tile": tile_words(drawn)})
            )
        return MoveTextError(
            "illegal",
            Msg(
                "no tile of seat {seat} fits {places}",
                {"seat": seat, "places": _listing(place_msg(p) for p in fitting)},
            ),
        )
    if reading.number is not None and not tile.has(reading.number):
        return MoveTextError(
            "illegal",
            Msg(
                "numbers do not match: {tile} has no {number}",
                {"tile": tile_words(tile), "number": reading.number},
            ),
        )
    if len(fitting) == 1:
        return MoveTextError(
            "illegal",
            Msg(
                "numbers do not match: {tile} cannot join {place}, which needs a {number}",
                {
                    "tile": tile_words(tile),
                    "place": place_msg(fitting[0]),
                    "number": fitting[0].number,
                },
            ),
        )
    return MoveTextError(
        "illegal",
        Msg(
            "numbers do not match: {tile} fits none of {places}",
            {"tile": tile_words(tile), "places": _listing(place_msg(p) for p in fitting)},
        ),
    )


def _why_no_open_place(match: Match, reading: Reading, open_places: list[Place]) -> Msg:
    anchor = reading.anchor
    if anchor is not None:
        named = [Place(anchor, p) for p in Port if port_fits(anchor, p)]
        named = [p for p in named if _place_fits(reading, p)]
        reasons = [_why_closed(match, p) for p in named]
        if reasons and all(r.text("en") == reasons[0].text("en") for r in reasons):
            return reasons[0]
        return Msg("{anchor} has no open place like that", {"anchor": tile_words(anchor)})
    listing = _listing(place_msg(p) for p in open_places)
    if reading.number is not None and reading.ports is None:
        return Msg(
            "nothing open shows a {number}; the open places are {places}",
            {"number": reading.number, "places": listing},
        )
    return Msg("the open places are {places}", {"places": listing})


# -- completion ---------------------------------------------------------------------------------


class Completion(NamedTuple):
    """A legal move that fits what was typed: its plain words, its notation, the action."""

    #: The move in plain words, as the move line reads it.
    words: str
    #: The move in notation (``[2|5]:high``).
    notation: str
    #: The action itself.
    action: Action


def complete(match: Match, prefix: str, lang: str | None = None) -> list[Completion]:
    """The legal moves that fit ``prefix`` (what was typed so far), worded in ``lang``.

    A move fits when its words (in either language) or its notation begin with
    the prefix, or when everything the prefix already says (the tile, a number,
    a place) is true of it; an unfinished last word must begin a word of the move.
    """
    lang = check_lang(lang)
    key = simplify(prefix)
    readings = _prefix_readings(prefix) if key else []
    result: list[Completion] = []
    for action in match.legal_actions():
        texts = [simplify(action_msg(action).text(other)) for other in LANGUAGES]
        texts.append(simplify(action_notation(action)))
        if (
            not key
            or any(t.startswith(key) for t in texts)
            or any(_fits(r, action) for r in readings)
        ):
            result.append(
                Completion(describe_action(match, action, lang), action_notation(action), action)
            )
    return result


def _prefix_readings(prefix: str) -> list[Reading]:
    """What a half-typed move says: read whole, or with its unfinished last word completed
    by every known word it begins (``тр`` → три, тройке …)."""
    try:
        return [read_words(prefix, allow_nothing=True)]
    except MoveTextError:
        pass
    if prefix[-1:].isspace():
        return []
    head, _, last = prefix.rstrip().rpartition(" ")
    fragment = normalize(last).strip(PUNCT)
    readings: list[Reading] = []
    for word in VOCABULARY:
        if fragment and word.startswith(fragment):
            with contextlib.suppress(MoveTextError):
                readings.append(read_words(f"{head} {word}", allow_nothing=True))
    return readings
