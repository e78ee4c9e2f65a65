"""Reading a typed move: the words of both languages, without looking at a position.

:func:`read_words` turns text such as ``3-6 on the high 3 of 2-3``, «3-6 к тройке
кости 2-3», ``three six on the three``, ``добрать`` or ``пас`` into a
:class:`Reading` — the tile to play, the tile it joins, the port and the number
of the place, or the word draw / pass — and :func:`read_notation` reads the
contract's ``TILE@PLACE``. Text it cannot read raises :class:`MoveTextError`
naming the word. :mod:`.typed` then finds the move in a position.

Number words are known in English and Russian in every case (тройка, тройке,
тройку …; ё may be written е); a tile is ``3-6``, ``3|6``, ``[3|6]``, ``36``,
``three-six``, ``double six`` or «дубль 6».
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.errors import Exact61Error, NotationError
from exact61_widgets.engine.ports import PORT_NAMES, Port, parse_place
from exact61_widgets.engine.tiles import MAX_PIP, Tile, parse_tile
from exact61_widgets.i18n import Msg, Plural

Fault = Literal["unreadable", "not_in_hand", "no_place", "ambiguous", "illegal"]


class MoveTextError(Exact61Error):
    """A typed move that names no single legal action; ``fault`` says which kind of fault.

    ``fault`` is ``unreadable``, ``not_in_hand``, ``no_place``, ``ambiguous`` (then
    ``candidates`` holds the legal actions the text could mean) or ``illegal``.
    """

    def __init__(self, fault: Fault, message: Msg, candidates: Sequence[Action] = ()) -> None:
        self.fault: Fault = fault
        self.candidates: tuple[Action, ...] = tuple(candidates)
        super().__init__(message)


# -- the words ------------------------------------------------------------------------------


def _number_words() -> dict[str, int]:
    """Every spelling of 0–6 the reader knows, English and Russian (ё written е)."""
    words: dict[str, int] = {}
    english = (
        ("zero", "nought", "blank", "blanks", "nil", "zeros", "zeroes"),
        ("one", "ones", "ace", "aces"),
        ("two", "twos", "deuce", "deuces"),
        ("three", "threes", "trey", "treys"),
        ("four", "fours"),
        ("five", "fives"),
        ("six", "sixes"),
    )
    russian = (
        (
            "ноль",
            "нуль",
            "нолю",
            "нулю",
            "ноля",
            "нуля",
            "нолем",
            "нулем",
            "пусто",
            "пустое",
            "пустой",
            "пустому",
            "пустым",
            "пустого",
        ),
        ("один", "одна", "одно", "одного", "одному", "одной", "одну", "одним"),
        ("два", "две", "двух", "двум", "двумя"),
        ("три", "трех", "трем", "тремя"),
        ("четыре", "четырех", "четырем", "четырьмя"),
        ("пять", "пяти", "пятью"),
        ("шесть", "шести", "шестью"),
    )
    # Nouns of the "-ка" / "-ица" kind in every case: тройка, тройки, тройке, тройку, тройкой.
    stems = (
        ("пустышк", "нолик"),
        ("единичк",),
        ("двойк",),
        ("тройк",),
        ("четверк",),
        ("пятерк",),
        ("шестерк",),
    )
    endings = ("а", "и", "е", "у", "ой", "ою")
    for n in range(MAX_PIP + 1):
        for word in (*english[n], *russian[n]):
            words[word] = n
        for stem in stems[n]:
            for ending in endings:
                words[stem + ending] = n
    for ending in ("а", "ы", "е", "у", "ей", "ею"):
        words["единиц" + ending] = 1
    return words


_NUMBERS: Final = _number_words()

_HIGH: Final = frozenset({Port.HIGH})
_LOW: Final = frozenset({Port.LOW})
_LINES: Final = frozenset({Port.LINE_A, Port.LINE_B})
_BRANCHES: Final = frozenset({Port.BRANCH_A, Port.BRANCH_B})
_LETTER_A: Final = frozenset({"a", "а"})  # Latin and Cyrillic
_LETTER_B: Final = frozenset({"b", "б", "в"})

_EXACT: Final[dict[str, str]] = {}
for _kind, _words in (
    ("draw", "draw draws drawing boneyard беру брать взять возьму тяну тянуть"),
    ("pass", "pass passes skip пас пасую"),
    ("open", "open opens opening lead leads start starts first"),
    ("high", "high higher upper top"),
    ("low", "low lower bottom"),
    ("line", "line lines"),
    ("branch", "branch branches"),
    ("double", "double spinner дубль дубля дублю дублем дубле"),
    ("prep", "on onto to at of against next beside к ко на у в кости"),
    (
        "filler",
        "the a an play plays put place lay join joins with end ends tile domino bone "
        "my its it move half number please then and i from go now "
        "кость костью конец концу конца концом значением значение значения ход ходом хода "
        "хожу ходить сыграть играть играю положить кладу класть приложить прикладываю "
        "поставить ставлю выложить выкладываю присоединить присоединяю место месту "
        "места половинке половинка половинку число числу числом с со моя мою "
        "разветвляющего разветвляющему разветвляющий а и",
    ),
):
    for _word in _words.split():
        _EXACT[_word] = _kind

#: Russian stems read by their beginning (every case and form of the word).
_STEMS: Final = (
    ("добир", "draw"),
    ("добра", "draw"),
    ("добор", "draw"),
    ("добер", "draw"),
    ("базар", "draw"),
    ("пропус", "pass"),
    ("начат", "open"),
    ("начина", "open"),
    ("начн", "open"),
    ("перв", "open"),
    ("больш", "high"),
    ("старш", "high"),
    ("меньш", "low"),
    ("младш", "low"),
    ("лини", "line"),
    ("ветв", "branch"),
    ("ветк", "branch"),
)

PUNCT: Final = ".,;!?()\"'«»“”„…"
_TILE_FORM: Final = re.compile(r"\[([^\]|]+)\|([^\]|]+)\]|([^\s|/-]+)[|/-]([^\s|/-]+)")


@dataclass(frozen=True)
class _Token:
    """One piece of typed text: a tile, a number, a set of ports, or a known word."""

    kind: Literal["tile", "num", "ports", "letter", "word"]
    text: str
    tile: Tile | None = None
    number: int = 0
    ports: frozenset[Port] = frozenset()
    word: str = ""  # the kind of a known word (draw, prep, line …) or a letter A/B


@dataclass
class Reading:
    """What a text says: the tile to play, the tile it joins, the port, the number …"""

    text: str
    keyword: str | None = None  # draw, pass
    opening: bool = False
    tile: Tile | None = None
    anchor: Tile | None = None
    ports: frozenset[Port] | None = None
    number: int | None = None

    @property
    def names_place(self) -> bool:
        """Whether the text says anything about the place."""
        return self.anchor is not None or self.ports is not None or self.number is not None


def _unreadable(message: Msg) -> MoveTextError:
    return MoveTextError("unreadable", message)


def _cannot_read(word: str, text: str) -> MoveTextError:
    if word == text:
        return _unreadable(
            Msg(
                "cannot read “{text}”: write a move like 3-6 on the 3 of 2-3, draw or pass",
                {"text": text},
            )
        )
    return _unreadable(
        Msg(
            "cannot read “{word}” in “{text}”: write a move like 3-6 on the 3 of 2-3, draw or pass",
            {"word": word, "text": text},
        )
    )


def _not_a_tile(word: str, text: str) -> MoveTextError:
    if word == text:
        return _unreadable(
            Msg(
                "“{text}” is not a tile: write it like 3-6, with numbers from 0 to 6",
                {"text": text},
            )
        )
    return _unreadable(
        Msg(
            "“{word}” in “{text}” is not a tile: write it like 3-6, with numbers from 0 to 6",
            {"word": word, "text": text},
        )
    )


def _digits(word: str) -> bool:
    """Whether ``word`` is ASCII digits only (``²`` and other digit signs are not numbers)."""
    return word.isascii() and word.isdigit()


def _word_kind(word: str) -> str | None:
    kind = _EXACT.get(word)
    if kind is not None:
        return kind
    for stem, stem_kind in _STEMS:
        if word.startswith(stem):
            return stem_kind
    return None


def _number(word: str, text: str) -> int | None:
    """0–6 for a digit or a number word; None if it is no number; a bad digit raises."""
    if _digits(word):
        if len(word) == 1 and int(word) <= MAX_PIP:
            return int(word)
        raise _unreadable(
            Msg(
                "“{word}” in “{text}” is no number of a domino: they run from 0 to 6",
                {"word": word, "text": text},
            )
        )
    return _NUMBERS.get(word)


_NOTATION_PORTS: Final = {name.lower(): Port(i) for i, name in enumerate(PORT_NAMES)}
#: Every word the reader knows (a stem stands for the words it begins), for completion.
VOCABULARY: Final = tuple(
    sorted({*_NUMBERS, *_EXACT, *_NOTATION_PORTS, *(stem for stem, _kind in _STEMS)})
)


def _tokens(text: str, shown: str) -> list[_Token]:
    """Split normalized text into tiles, numbers and words (an unknown word raises)."""
    tokens: list[_Token] = []
    for chunk in text.split():
        word = chunk.strip(PUNCT)
        if not word:
            continue
        if _digits(word) and len(word) == 2:
            a, b = int(word[0]), int(word[1])
            if a > MAX_PIP or b > MAX_PIP:
                raise _not_a_tile(word, shown)
            tokens.append(_Token("tile", word, tile=Tile(a, b)))
            continue
        form = _TILE_FORM.fullmatch(word)
        if form is not None:
            left, right = (g for g in form.groups() if g is not None)
            a_num, b_num = _side(left), _side(right)
            if a_num == -1 or b_num == -1:
                raise _not_a_tile(word, shown)
            if a_num is not None and b_num is not None:
                tokens.append(_Token("tile", word, tile=Tile(a_num, b_num)))
                continue
            if word.startswith("["):
                raise _not_a_tile(word, shown)
            tokens.extend(_tokens(re.sub(r"[|/-]", " ", word), shown))  # line-a, дубль-шесть
            continue
        if word.startswith("[") or word.endswith("]"):
            raise _not_a_tile(word, shown)
        number = _number(word, shown)
        if number is not None:
            tokens.append(_Token("num", word, number=number))
        elif word in _LETTER_A or word in _LETTER_B:
            tokens.append(_Token("letter", word, word="A" if word in _LETTER_A else "B"))
        elif word in _NOTATION_PORTS:
            tokens.append(_Token("ports", word, ports=frozenset({_NOTATION_PORTS[word]})))
        else:
            kind = _word_kind(word)
            if kind is None:
                raise _cannot_read(word, shown)
            tokens.append(_Token("word", word, word=kind))
    return tokens


def _side(text: str) -> int | None:
    """One half of a written tile: 0–6, -1 for a digit out of range, None for no number."""
    if _digits(text):
        return int(text) if len(text) == 1 and int(text) <= MAX_PIP else -1
    return _NUMBERS.get(text)


def normalize(text: str) -> str:
    """Lower case, ё as е, dashes as ``-``, ``:`` as a space, no spaces inside a tile."""
    text = text.lower().replace("ё", "е")
    for dash in "–—−":
        text = text.replace(dash, "-")
    text = text.replace(":", " ")
    text = re.sub(r"\s*([|/])\s*", r"\1", text)
    text = re.sub(r"(\w)\s*-\s*(\w)", r"\1-\2", text)
    text = re.sub(r"\[\s+", "[", text)
    return re.sub(r"\s+\]", "]", text)


def _merge_ports(tokens: list[_Token], shown: str) -> list[_Token]:
    """``line``/``branch`` with an optional letter, ``high``/``low``: sets of ports."""
    merged: list[_Token] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind == "word" and tok.word in ("line", "branch"):
            group = _LINES if tok.word == "line" else _BRANCHES
            if i + 1 < len(tokens) and tokens[i + 1].kind == "letter":
                wanted = (
                    (Port.LINE_A, Port.BRANCH_A)
                    if tokens[i + 1].word == "A"
                    else (Port.LINE_B, Port.BRANCH_B)
                )
                group = frozenset(p for p in group if p in wanted)
                i += 1
            merged.append(_Token("ports", tok.text, ports=group))
        elif tok.kind == "word" and tok.word in ("high", "low"):
            merged.append(_Token("ports", tok.text, ports=_HIGH if tok.word == "high" else _LOW))
        elif tok.kind == "letter":
            if tok.text not in ("a", "а", "в"):  # an article, a conjunction, a preposition
                raise _cannot_read(tok.text, shown)
            merged.append(_Token("word", tok.text, word="prep" if tok.text == "в" else "filler"))
        else:
            merged.append(tok)
        i += 1
    return merged


def _merge_numbers(tokens: list[_Token], shown: str) -> list[_Token]:
    """``double six`` and two numbers in a row are tiles; one number alone names a place."""
    result: list[_Token] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if (
            tok.kind == "word"
            and tok.word == "double"
            and i + 1 < len(tokens)
            and tokens[i + 1].kind == "num"
            and (i + 2 >= len(tokens) or tokens[i + 2].kind != "num")
        ):
            n = tokens[i + 1].number
            result.append(_Token("tile", f"{tok.text} {tokens[i + 1].text}", tile=Tile(n, n)))
            i += 2
            continue
        if tok.kind != "num":
            result.append(tok)
            i += 1
            continue
        j = i
        while j < len(tokens) and tokens[j].kind == "num":
            j += 1
        run = tokens[i:j]
        if len(run) == 2:
            result.append(
                _Token(
                    "tile", f"{run[0].text} {run[1].text}", tile=Tile(run[0].number, run[1].number)
                )
            )
        elif len(run) == 1:
            result.append(tok)
        else:
            raise _unreadable(
                Msg(
                    "“{text}” has {numbers} in a row: write a tile like 3-6 and "
                    "a place like the 3 of 2-3",
                    {"text": shown, "numbers": Plural("{n} number", "{n} numbers", len(run))},
                )
            )
        i = j
    return result


def read_words(text: str, *, allow_nothing: bool = False) -> Reading:
    """What ``text`` (words, not notation with ``@``) says, without looking at a position.

    Text that names no move at all raises, unless ``allow_nothing`` (completion
    reads half-typed text such as ``play``, which says nothing yet).
    """
    shown = " ".join(text.split())
    tokens = _merge_numbers(_merge_ports(_tokens(normalize(text), shown), shown), shown)
    reading = Reading(shown)
    in_place = False  # after "on", "к", a number or a port, a tile is the one joined
    for tok in tokens:
        if tok.kind == "tile":
            if reading.tile is None and (not in_place or reading.anchor is not None):
                reading.tile = tok.tile
            elif reading.anchor is None:
                reading.anchor = tok.tile
            else:
                raise _unreadable(
                    Msg(
                        "“{text}” names three tiles: name the tile to play and the tile it joins",
                        {"text": shown},
                    )
                )
        elif tok.kind == "num":
            if reading.number is not None and reading.number != tok.number:
                raise _unreadable(
                    Msg(
                        "“{text}” names two numbers for the place, {a} and {b}: name one",
                        {"text": shown, "a": reading.number, "b": tok.number},
                    )
                )
            reading.number = tok.number
            in_place = True
        elif tok.kind == "ports":
            if reading.ports is not None and not tok.ports & reading.ports:
                raise _unreadable(
                    Msg("“{text}” names two different places of a tile: name one", {"text": shown})
                )
            reading.ports = tok.ports if reading.ports is None else tok.ports & reading.ports
            in_place = True
        elif tok.word == "prep" or (tok.word == "double" and reading.tile is not None):
            in_place = True
        elif tok.word in ("draw", "pass"):
            if reading.keyword not in (None, tok.word):
                raise _unreadable(Msg("“{text}” says both draw and pass: say one", {"text": shown}))
            reading.keyword = tok.word
        elif tok.word == "open":
            reading.opening = True
    if reading.keyword is not None and (reading.tile or reading.names_place or reading.opening):
        raise _unreadable(
            Msg(
                "“{text}” mixes {action} with a tile or a place: a draw or a "
                "pass names nothing else",
                {"text": shown, "action": _keyword_msg(reading.keyword)},
            )
        )
    if (
        not allow_nothing
        and reading.keyword is None
        and reading.tile is None
        and not reading.names_place
        and not reading.opening
    ):
        raise _unreadable(
            Msg(
                "“{text}” names no move: write a move like 3-6 on the 3 of 2-3, draw or pass",
                {"text": shown},
            )
        )
    return reading


def _keyword_msg(keyword: str) -> Msg:
    return Msg("draw") if keyword == "draw" else Msg("pass")


def read_notation(text: str) -> Action:
    """``TILE@PLACE`` as the contract writes it (the port's case is forgiven)."""
    tile_text, _, place_text = text.strip().partition("@")
    anchor_text, colon, port_text = place_text.strip().rpartition(":")
    ports = {name.lower(): name for name in PORT_NAMES}
    try:
        tile = parse_tile(tile_text)
        if not colon or port_text.strip().lower() not in ports:
            parse_place(place_text.strip())  # raises the notation's own message
        place = parse_place(f"{anchor_text.strip()}:{ports[port_text.strip().lower()]}")
    except NotationError as err:
        raise _unreadable(
            Msg(
                "cannot read “{text}”: {reason}",
                {"text": " ".join(text.split()), "reason": err.message},
            )
        ) from None
    return Play(tile, place)


_PAIR: Final = re.compile(r"\[?([0-9])[|/-]([0-9])\]?|\b([0-9])([0-9])\b")


def simplify(text: str) -> str:
    """Lower case, ё as е, one space, every tile as ``a-b`` (low first) — for comparing."""
    text = normalize(text)

    def pair(m: re.Match[str]) -> str:
        a, b = (int(g) for g in m.groups() if g is not None)
        return f"{min(a, b)}-{max(a, b)}"

    text = _PAIR.sub(pair, text)
    text = re.sub(r"\[?([0-9])[|/]$", r"\1-", text)
    return " ".join(w.strip(PUNCT) for w in text.split())
