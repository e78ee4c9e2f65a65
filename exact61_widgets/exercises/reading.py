"""Reading what a learner types: numbers, lists of places or tiles, actions, answer words.

The reading is forgiving (spaces around ``:``, ``|`` and ``@``, port names in
any letter case, English or Russian words), because a typing slip is not a
mistake about the rules. A place or a play may also be said in the words the move
line reads (``2-2 line B``, ``3-4 on 2-2 branch A``, ``2-2 линия B``): the engine's
own reading of moves (:func:`~exact61_widgets.engine.movetext.words.read_words`). The
words a task's answer uses (``none``, ``draw`` …) are read in every language through
the catalogs, so the answer a task gives in Russian is always one its check reads.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from exact61_widgets.engine.actions import DRAW, PASS, Action, Play, parse_action
from exact61_widgets.engine.movetext.words import MoveTextError, Reading, read_words
from exact61_widgets.engine.ports import PORT_NAMES, Place
from exact61_widgets.engine.tiles import Tile, parse_tile
from exact61_widgets.i18n import LANGUAGES, Msg

Word = Literal["none", "play", "draw", "pass"]

_PORTS: Final = {name.lower(): name for name in PORT_NAMES}
_GLUE: Final = re.compile(r"\s*([:|@])\s*")
_SPLIT: Final = re.compile(r"[,;\s]+")
_CHUNKS: Final = re.compile(r"[,;]+")
_SPACE: Final = re.compile(r"\s+")
#: A whole number, maybe followed by words without digits ("15", "-10", "15 raw points").
_NUMBER: Final = re.compile(r"([+\-−]?)\s*(\d+)(?:\s+\D*)?")
#: Other ways to say each word, besides the catalogs' own word in every language.
_EXTRA_WORDS: Final[dict[Word, frozenset[str]]] = {
    "none": frozenset({"none", "нет", "-", "—", "ничего"}),
    "play": frozenset({"play", "выложить", "выложить кость", "выкладывать", "ход", "сходить"}),
    "draw": frozenset({"draw", "добрать", "добор", "взять", "взять с базара", "брать"}),
    "pass": frozenset({"pass", "пас", "пропустить", "пропустить ход", "пропуск"}),
}


def word_label(word: Word) -> Msg:
    """The answer word as a message: ``none``/``нет``, ``draw a tile``/``добрать`` …"""
    if word == "none":
        return Msg("none")
    if word == "play":
        return Msg("play a tile")
    if word == "draw":
        return Msg("draw a tile")
    return Msg("pass")


def word_text(word: Word, lang: str | None = None) -> str:
    """The answer word in ``lang`` (None: the session's language)."""
    return word_label(word).text(lang)


def read_word(text: str) -> Word | None:
    """The answer word ``text`` stands for, in any language and letter case; None if none."""
    said = _SPACE.sub(" ", str(text).strip().lower())
    for word, extra in _EXTRA_WORDS.items():
        if said in extra or any(said == word_text(word, lang).lower() for lang in LANGUAGES):
            return word
    return None


def read_number(answer: str | int) -> int | Msg:
    """The learner's whole number, or why it could not be read."""
    if isinstance(answer, bool):
        return Msg("{text} is not a whole number: type it in digits", {"text": repr(answer)})
    if isinstance(answer, int):
        return answer
    text = str(answer).strip()
    if not text:
        return Msg("type an answer first")
    found = _NUMBER.fullmatch(text)
    if found is not None:
        sign, digits = found.groups()
        return -int(digits) if sign in ("-", "−") else int(digits)
    return Msg("{text} is not a whole number: type it in digits", {"text": repr(text)})


def _said(text: str) -> Reading | None:
    """What ``text`` says in the move line's words; None unless it is words (a space, no ``@``)
    that name exactly one port, with no draw, pass or number of a place."""
    if not _SPACE.search(text) or "@" in text:
        return None
    try:
        reading = read_words(text)
    except MoveTextError:
        return None
    if reading.keyword or reading.number is not None or reading.ports is None:
        return None
    return reading if len(reading.ports) == 1 else None


def _said_place(chunk: str) -> str | None:
    """A place said in words (``2-2 line B``) as notation (``[2|2]:lineB``); None if ``chunk``
    is not one place said so. The notation is then read as any typed place is."""
    reading = _said(chunk)
    if reading is None or reading.ports is None:
        return None
    tiles = [t for t in (reading.tile, reading.anchor) if t is not None]
    if len(tiles) != 1:
        return None
    (port,) = reading.ports
    return f"{tiles[0]}:{PORT_NAMES[port]}"


def read_items(answer: str) -> list[str] | None:
    """The items of a list answer; ``[]`` for "none"; None for an empty answer.

    Items are separated by commas, semicolons or spaces; an item between commas that says one
    place in words (``2-2 line B``) is read as that place.
    """
    text = _GLUE.sub(r"\1", str(answer).strip())
    if read_word(text) == "none":
        return []
    items: list[str] = []
    for chunk in _CHUNKS.split(text):
        said = _said_place(chunk.strip())
        items.extend([said] if said else [i for i in _SPLIT.split(chunk) if i])
    return items or None


def read_place(item: str) -> Place:
    """A place, with port names in any letter case (``branchA``, ``brancha``)."""
    tile_text, sep, port_text = item.rpartition(":")
    if sep:
        item = f"{tile_text}:{_PORTS.get(port_text.lower(), port_text)}"
    return Place.parse(item)


def read_end(item: str) -> tuple[str, Place | None, Tile]:
    """A scoring end as the learner names it: ``[3|4]:low``, or a tile alone ``[1|1]``.

    Returns the end's key (as the answer writes it), the place named (None for a
    tile named alone) and the tile. A double named by one of its lines keeps the
    line: the check reads a free line as the double itself and refuses a taken
    one. A tile that is not a double, named alone, is read too: it is a mistake
    about the rules (counting both halves of it), not a typing slip, and the
    check says why.
    """
    if ":" in item:
        place = read_place(item)
        return str(place), place, place.tile
    tile = parse_tile(item)
    return str(tile), None, tile


def read_action(answer: str) -> Action:
    """A play (``[1|2]@[1|4]:low``, a tile alone to open), a draw or a pass."""
    word = read_word(answer)
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    try:
        return parse_action(_GLUE.sub(r"\1", answer.strip()))
    except ValueError:
        reading = _said(answer.strip())
        if reading is None or reading.tile is None or reading.anchor is None or not reading.ports:
            raise
        (port,) = reading.ports
        return Play(reading.tile, Place(reading.anchor, port))
