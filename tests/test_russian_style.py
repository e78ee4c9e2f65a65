"""Every Russian text of the package keeps the Russian style guide (``docs/russian-style.md``).

The guide holds the one list of forms to avoid (its ``forms-to-avoid`` block); this test reads
it and checks every Russian text: the ``<!-- ru -->`` blocks of the tutorial sources and the
Russian string literals of their code, every ``msgstr`` of the Russian catalogs,
``RULES.ru.md``, ``docs/*.ru.md``, every kind of handout generated in Russian, the pictures'
texts (SVG ``title``, ``desc``, ``text``, ``aria-label`` and ``alt``), the command line's
Russian output, the Russian string literals of the package's code, every Russian notebook's
outputs, and what the engine writes in Russian for a sample (seeded matches explained event by
event, hints, the solver's report, error messages). Whitespace is normalised before matching,
so a form split across a line break (``в⏎базаре``) is found too. It also checks the typography
the guide sets out: a minus sign, never a hyphen, in a negative number; a no-break space before
every «%»; lowercase after «;» in generated lists; no English words and no Python quotes in
generated Russian output.

Every finding names the file (and line, where the text has lines), the guide's rule, the wrong
form and what to write instead. ``python tests/test_russian_style.py`` prints every finding
(an editor's work list).

A pattern test has limits the guide states: bare «очки» for raw points in running prose is
caught only in its set forms (``остаток … 17 очков``, ``всего 21 очко``); the rest is edited by
reading.
"""

from __future__ import annotations

import bisect
import contextlib
import html
import io
import re
import tempfile
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from babel.messages.pofile import read_po

if TYPE_CHECKING:
    from exact61_widgets.engine.match import Match

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "russian-style.md"
CATALOGS = ROOT / "exact61_widgets" / "i18n" / "ru"
SOURCES = ROOT / "authoring" / "tutorials"
#: The code whose Russian string literals are read: the package, the scripts, the builder.
CODE = (ROOT / "exact61_widgets", ROOT / "scripts", ROOT / "authoring")
#: Code whose Russian words are what learners may type, not what the package writes: the move
#: reader accepts «четырех» and «приложить» too, so its vocabulary is not held to the guide.
READER_VOCABULARY = ("exact61_widgets/engine/movetext/words.py",)
BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
MARKER = re.compile(r"^<!-- (md|ru|code(?: hidden)?|single) -->\s*$")
TAG = re.compile(r"<[^>]+>")
CYRILLIC = re.compile(r"[а-яё]", re.I)
#: Spaces, tabs and line breaks (not the no-break space, which the typography check reads).
BLANKS = re.compile(r"[ \t\r\n]+")
#: A hyphen-minus before a digit, where neither a tile (``3-6``), a range, a command-line
#: option nor a word joins it: a negative number written with a hyphen.
HYPHEN_NUMBER = re.compile(r"(?<![\w\]|`\-–/.:=#])-\d")
#: A number or a placeholder, then «%» with an ordinary space or none (a no-break space is due).
PERCENT = re.compile(r"(?:\d|\})(?: %|%)")
#: A number or a placeholder, then a unit of time with an ordinary space.
NUMBER_UNIT = re.compile(r"(?:\d|\}) (?:мин|минут\w*|секунд\w*|сек)\b")
#: A generated list going on with a capital letter after «;».
CAPITAL_AFTER_SEMICOLON = re.compile(r"; [А-ЯЁ][а-яё]")
#: A Python string quote around a word in running text: ``'x9'``.
PYTHON_QUOTES = re.compile(r"(?<![\w'])'[^'\s][^']*'(?![\w'])")
#: English words that must not appear in Russian output (notation aside).
ENGLISH = re.compile(
    r"\b(?:the|and|of|is|not|draw|pass|search|greedy|random|seat|points?|tiles?|score|"
    r"line|hint|bot|wins?|plays?|hand|boneyard|place|none|exact|value)\b",
    re.I,
)
#: Notation and names that stay in Latin letters: places, methods, commands, rule codes.
NOTATION = re.compile(
    r"\[\d\|\d\](?::\w+)?|@\S+|\b(?:low|high|lineA|lineB|branchA|branchB)\b|"
    r"--[\w-]+|\b[RD]\d+(?:\.\d+)?\b|\b(?:paranoid|maxn|alphabeta)\b"
)


@dataclass(frozen=True)
class Form:
    """A form to avoid: its pattern, what the guide says to write instead, and its comment."""

    pattern: re.Pattern[str]
    instead: str
    rule: str


@dataclass(frozen=True)
class Text:
    """A Russian text and where it comes from: a file, and its first line when it has lines."""

    where: str
    text: str
    line: int | None = None

    @property
    def flat(self) -> str:
        """The text with every run of spaces and line breaks made one space."""
        return _flat(self.text)[0]

    def place(self, offset: int) -> str:
        """``where:line`` for an offset into :attr:`flat` (just ``where`` without lines)."""
        if self.line is None:
            return self.where
        breaks = _flat(self.text)[1]
        return f"{self.where}:{self.line + bisect.bisect_right(breaks, offset)}"


@cache
def _flat(text: str) -> tuple[str, tuple[int, ...]]:
    """``text`` with blank runs made one space, and the flat offset of every line break."""
    parts: list[str] = []
    breaks: list[int] = []
    length = 0
    last = 0
    for run in BLANKS.finditer(text):
        parts.append(text[last : run.start()])
        length += run.start() - last
        breaks.extend([length] * run.group(0).count("\n"))
        parts.append(" ")
        length += 1
        last = run.end()
    parts.append(text[last:])
    return "".join(parts), tuple(breaks)


@cache
def guide_blocks() -> dict[str, str]:
    """The guide's named fenced blocks, by name."""
    return {name: body for name, body in BLOCK.findall(GUIDE.read_text("utf-8"))}


@cache
def forms_to_avoid() -> tuple[Form, ...]:
    """The guide's list of forms to avoid (its ``forms-to-avoid`` block).

    Each form's rule is the comment line above it (``# …``), so a finding says which
    decision of the guide it breaks.
    """
    forms = []
    rule = ""
    for line in guide_blocks()["forms-to-avoid"].splitlines():
        if line.lstrip().startswith("#"):
            rule = line.lstrip("# ").strip()
            continue
        if not line.strip():
            continue
        pattern, sep, instead = line.partition(" => ")
        assert sep, f"a line of the guide's list without ' => ': {line!r}"
        forms.append(Form(re.compile(pattern.strip(), re.I), instead.strip(), rule))
    return tuple(forms)


@cache
def quotations() -> tuple[str, ...]:
    """Sentences quoted word for word from the original rules, which the check lets through."""
    return tuple(q.strip() for q in guide_blocks()["quotations"].splitlines() if q.strip())


def prose(markdown: str) -> str:
    """Markdown without code blocks and code spans (line breaks kept, so lines still count)."""
    without_fences = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), markdown)
    return CODE_SPAN.sub(" ", without_fences)


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


# --- the Russian texts, each with where it comes from ---

Texts = Iterator[Text]


def tutorial_texts() -> Texts:
    """The ``<!-- ru -->`` blocks of every tutorial source, and the Russian strings of its code."""
    for path in sorted(SOURCES.glob("*.md")):
        kind, first, lines = "", 1, []
        numbered = list(enumerate(path.read_text("utf-8").splitlines(), start=1))
        for number, line in [*numbered, (len(numbered) + 1, "<!-- md -->")]:
            found = MARKER.match(line)
            if not found:
                lines.append(line)
                continue
            if kind == "ru":
                yield Text(_relative(path), prose("\n".join(lines)), first)
            elif kind.startswith("code"):
                for offset, code_line in enumerate(lines):
                    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', code_line):
                        if CYRILLIC.search(literal):
                            text = '"' + literal.replace("\\n", " ") + '"'
                            yield Text(_relative(path), text, first + offset)
            kind, first, lines = found.group(1), number + 1, []


def catalog_texts() -> Texts:
    """Every ``msgstr`` (every plural form) of every Russian catalog."""
    for path in sorted(CATALOGS.glob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            string = message.string
            forms = string if isinstance(string, (list, tuple)) else [string]
            ident = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            for form in forms:
                where = f"{_relative(path)}:{message.lineno} (msgid {ident[:50]!r})"
                yield Text(where, str(form))


def page_texts() -> Texts:
    """``RULES.ru.md`` and the Russian pages under ``docs/`` (code left out)."""
    for path in [ROOT / "RULES.ru.md", *sorted((ROOT / "docs").glob("*.ru.md"))]:
        yield Text(_relative(path), prose(path.read_text("utf-8")), 1)


def code_texts() -> Texts:
    """Every Russian string literal of the package's code, the scripts and the builder.

    Docstrings (triple-quoted, written in English for contributors) and the move reader's
    vocabulary (:data:`READER_VOCABULARY`) are left out.
    """
    for folder in CODE:
        for path in sorted(folder.rglob("*.py")):
            if _relative(path) in READER_VOCABULARY:
                continue
            with path.open("rb") as handle:
                tokens = list(tokenize.tokenize(handle.readline))
            for token in tokens:
                literal = token.string.lstrip("rbfuRBFU")
                if token.type != tokenize.STRING or literal.startswith(('"""', "'''")):
                    continue
                if CYRILLIC.search(token.string):
                    yield Text(_relative(path), token.string, token.start[0])


def notebook_texts() -> Texts:
    """What the built Russian notebooks show: the engine's and the pictures' texts."""
    from tutorial_outputs import TUTORIALS, load, outputs

    for path in sorted(TUTORIALS.glob("*_ru.ipynb")):
        for out in outputs(load(path)):
            yield Text(f"{_relative(path)} cell {out.cell}", out.visible_text(plain=False))


def visible(page: str) -> str:
    """The text a reader of an HTML page sees, tags and style left out, alt texts kept."""
    body = page.split("<body", 1)[1].split(">", 1)[1]
    body = re.sub(r"<style>.*?</style>", " ", body, flags=re.S)
    labels = re.findall(r'\b(?:alt|aria-label)="([^"]*)"', body)
    return html.unescape(TAG.sub(" ", body) + " " + " | ".join(labels))


def handout_texts() -> Texts:
    """Every kind of handout in Russian, as the reader sees it (worksheets for every topic)."""
    from exact61_widgets.handouts import KINDS, handout
    from exact61_widgets.handouts.topics import TOPICS

    options: list[tuple[str, dict[str, object]]] = [("rules-card", {}), ("notation", {})]
    options += [("score-sheet", {"players": n}) for n in (2, 3, 4)]
    for kind in ("worksheet", "answer-key"):
        options += [(kind, {"topics": [topic]}) for topic in TOPICS]
        options += [(kind, {"lesson": lesson}) for lesson in (1, 2, 3)]
        options += [(kind, {"source": "puzzles"})]
    assert {kind for kind, _ in options} == set(KINDS), "a kind of handout the test does not make"
    for kind, given in options:
        page = handout(kind, lang="ru", **given)  # type: ignore[arg-type]
        label = ", ".join(f"{k}={v}" for k, v in given.items())
        yield Text(f"handout {kind} ({label})", visible(page))


def svg_texts(svg: str) -> str:
    """The title, description and text elements, and the aria labels, of a picture."""
    found = [t for _, t in re.findall(r"<(title|desc|text)\b[^>]*>(.*?)</\1>", svg, re.S)]
    found += re.findall(r'\b(?:aria-label|alt)="([^"]*)"', svg)
    return " | ".join(html.unescape(TAG.sub("", t)) for t in found)


def picture_texts() -> Texts:
    """The texts of every kind of picture drawn in Russian, and the Russian pictures of docs/."""
    from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
    from exact61_widgets.engine.tiles import TILES
    from exact61_widgets.render import (
        blocked_settlement_svg,
        boneyard_svg,
        hand_svg,
        match_svg,
        out_settlement_svg,
        render_legend,
        rounding_svg,
        scoreboard_svg,
        seats_svg,
        tally_svg,
        tile_svg,
    )

    pictures: list[tuple[str, object]] = [
        ("hand", hand_svg(["[1|4]", "[2|3]", "[6|6]"], lang="ru")),
        ("hand, the full set", hand_svg(TILES, lang="ru")),
        ("hand, empty", hand_svg([], lang="ru")),
        ("hand, face down", hand_svg(["[1|4]", "[2|3]"], face_up=False, lang="ru")),
        ("seats", seats_svg([["[1|4]"], ["[2|3]", "[0|0]"]], ["игрок 0", "игрок 1"], lang="ru")),
        ("tile", tile_svg("[3|6]", lang="ru")),
        ("legend", render_legend("ru")),
    ]
    pictures += [(f"boneyard {n}", boneyard_svg(n, lang="ru")) for n in (0, 1, 5)]
    pictures += [(f"rounding {n}", rounding_svg(n, lang="ru")) for n in (0, 3, 12, 17)]
    pictures += [(f"tally {n}", tally_svg(n, lang="ru")) for n in (-13, -3, -1, 0, 1, 7, 21, 61)]
    for players, scores in ((2, [0, 305]), (3, [5, 150, 290]), (4, [300, 0])):
        pictures.append(
            (f"scoreboard {players}", scoreboard_svg(scores, players=players, lang="ru"))
        )
    for n, (match, events) in enumerate(_matches()):
        pictures.append((f"match {n}", match_svg(match, lang="ru")))
        blocked = [e for e in events if isinstance(e, BlockedAwardEvent)]
        if blocked:
            pictures.append((f"match {n} blocked", blocked_settlement_svg(blocked, lang="ru")))
        for event in events:
            if isinstance(event, OutEvent):
                pictures.append((f"match {n} going out", out_settlement_svg(event, lang="ru")))
    for where, svg in pictures:
        yield Text(f"picture {where}", svg_texts(str(svg)))
    for path in sorted((ROOT / "docs").rglob("*.ru.svg")):
        yield Text(_relative(path), svg_texts(path.read_text("utf-8")))


def _run_cli(*argv: str) -> str:
    """What ``exact61 ARGV`` prints, on stdout and stderr."""
    from exact61_widgets.cli.command import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(list(argv))
    return out.getvalue() + err.getvalue()


def cli_texts() -> Texts:
    """The command line's Russian output: matches, replays, the solver, reviews, errors."""
    with tempfile.TemporaryDirectory() as folder:
        for players in (2, 3, 4):
            record = str(Path(folder) / f"game{players}.json")
            command = ("play", "--players", str(players), "--seed", "7", "--lang", "ru")
            yield Text(f"exact61 {' '.join(command)}", _run_cli(*command, "--record", record))
            yield Text(
                f"exact61 replay (players {players})", _run_cli("replay", record, "--lang", "ru")
            )
        review = ("review", str(Path(folder) / "game4.json"), "--samples", "2", "--lang", "ru")
        yield Text("exact61 review --lang ru", _run_cli(*review))
        copies = str(Path(folder) / "tutorials")
        yield Text("exact61 tutorials --lang ru", _run_cli("tutorials", copies, "--lang", "ru"))
    runs = [
        ("describe", "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high", "--lang", "ru"),
        ("describe", "[1|9]", "--lang", "ru"),
        ("solve", "--puzzle", "p001", "--lang", "ru"),
        ("simulate", "--matches", "3", "--players", "4", "--processes", "1", "--no-progress"),
        ("simulate", "--matches", "3", "--players", "3", "--processes", "1", "--no-progress"),
    ]
    for run in runs:
        argv = run if "--lang" in run else (*run, "--lang", "ru")
        yield Text(f"exact61 {' '.join(argv)}", _run_cli(*argv))


@cache
def _matches() -> tuple[tuple[Match, tuple[Any, ...]], ...]:
    """Seeded matches between bots, for 2, 3 and 4 players, each with all its events."""
    from exact61_widgets.engine.bots import make_bot
    from exact61_widgets.engine.match import HAND_OVER, Match

    played = []
    for n in range(9):
        players = 2 + n % 3
        scores = None if n % 2 else [5 * (40 + 7 * n % 20)] * (2 if players == 4 else players)
        match = Match(players, seed=n, start_scores=scores)
        bots = [make_bot("greedy" if s % 2 else "random", f"{n}/{s}") for s in range(players)]
        events = []
        while not match.is_over and match.hand_number < 40:
            if match.status == HAND_OVER:
                match.deal()
            events.extend(match.push(bots[match.to_move].choose(match)))
        played.append((match, tuple(events)))
    return tuple(played)


def generated_texts() -> Texts:
    """What the engine writes in Russian for a sample of positions."""
    from exact61_widgets import describe
    from exact61_widgets.engine.advice import best_move
    from exact61_widgets.engine.match import Match
    from exact61_widgets.engine.solve import solve
    from exact61_widgets.render.svg import match_caption

    for n, (match, events) in enumerate(_matches()):
        for event in events:
            yield Text(f"match {n}", event.explain("ru"))
        yield Text(f"match {n} caption", match_caption(match, "ru")[0])
    yield Text("describe", describe("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high", "ru"))
    for seed in range(3):
        match = Match(2, seed=seed)
        advice = best_move(match, seed=seed, playouts=8)
        yield Text(f"hint {seed}", advice.text("ru"))
    for seed in range(40):
        late = _late_position(seed)
        if late is not None and late.boneyard_count:
            yield Text(f"solver {seed}", solve(late).text("ru"))
    for run in ERRORS:
        yield Text(f"error {run.__name__}", _error(run))


def _late_position(seed: int) -> Match | None:
    """A seeded game played at random until at most 8 tiles are unplayed, or None."""
    import random

    from exact61_widgets.engine.match import Match

    rng = random.Random(seed)
    match = Match(2, seed=seed, start_scores=[250, 270])
    while match.status == "playing":
        if sum(len(h) for h in match.hands) + match.boneyard_count <= 8:
            return match
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    return None


def _error(run: Callable[[], object]) -> str:
    from exact61_widgets.i18n import Msg

    try:
        result = run()
    except ValueError as err:
        from exact61_widgets.i18n import localize

        message = getattr(err, "message", None)
        return str(localize(message, "ru")) if message is not None else str(err)
    assert isinstance(result, Msg), f"{run.__name__} raised nothing"
    return result.text("ru")


def _bad_tile() -> object:
    from exact61_widgets.engine.tiles import as_tile

    return as_tile("x9")


def _bad_place() -> object:
    from exact61_widgets.engine.ports import parse_place

    return parse_place("[1|4]:middle")


def _bad_number() -> object:
    from exact61_widgets.exercises.reading import read_number

    return read_number("три")


def _bad_move() -> object:
    from exact61_widgets.engine.movetext.words import read_words

    return read_words("3-9 к тройке")


def _bad_hand() -> object:
    from exact61_widgets.engine.match import Match

    return Match.setup(2, hands=[["1-2", "1-2"], ["3-4"]])


ERRORS: tuple[Callable[[], object], ...] = (
    _bad_tile,
    _bad_place,
    _bad_number,
    _bad_move,
    _bad_hand,
)


SOURCES_OF_TEXT: dict[str, Callable[[], Texts]] = {
    "tutorials": tutorial_texts,
    "catalogs": catalog_texts,
    "pages": page_texts,
    "code": code_texts,
    "handouts": handout_texts,
    "pictures": picture_texts,
    "cli": cli_texts,
    "generated": generated_texts,
    "notebooks": notebook_texts,
}
#: The texts the package writes (not written by hand): their lists go on in lowercase after «;».
GENERATED = ("handouts", "pictures", "cli", "generated", "notebooks")


@cache
def texts_of(name: str) -> tuple[Text, ...]:
    """The texts of one source, made once per test run."""
    return tuple(SOURCES_OF_TEXT[name]())


def _without_quotations(text: str) -> str:
    for quoted in quotations():
        text = text.replace(quoted, " " * len(quoted))
    return text


def _excerpt(flat: str, start: int, end: int) -> str:
    return flat[max(0, start - 30) : end + 20]


def avoided_forms(texts: Iterator[Text] | tuple[Text, ...]) -> list[str]:
    """Every form to avoid found in ``texts``: ``where:line: [rule] 'form' → instead (…)``."""
    found = []
    for text in texts:
        flat = _without_quotations(text.flat)
        for form in forms_to_avoid():
            for hit in form.pattern.finditer(flat):
                found.append(
                    f"{text.place(hit.start())}: [{form.rule}] {hit.group(0)!r} → {form.instead}"
                    f"  (in «…{_excerpt(flat, hit.start(), hit.end())}…»)"
                )
    return found


def _pattern_findings(
    texts: Iterator[Text] | tuple[Text, ...], pattern: re.Pattern[str], rule: str
) -> list[str]:
    found = []
    for text in texts:
        flat = text.flat
        for hit in pattern.finditer(flat):
            found.append(
                f"{text.place(hit.start())}: [{rule}] «…{_excerpt(flat, hit.start(), hit.end())}…»"
            )
    return found


def hyphen_minus(texts: Iterator[Text] | tuple[Text, ...]) -> list[str]:
    """Every number written with a hyphen-minus where a minus sign is meant."""
    return _pattern_findings(texts, HYPHEN_NUMBER, "минус − (U+2212), не дефис")


def spacing(texts: Iterator[Text] | tuple[Text, ...]) -> list[str]:
    """Every «%» and unit of time after a number without a no-break space."""
    texts = tuple(texts)
    return _pattern_findings(texts, PERCENT, "неразрывный пробел перед «%»") + _pattern_findings(
        texts, NUMBER_UNIT, "неразрывный пробел между числом и единицей"
    )


def capitals_after_semicolons(texts: Iterator[Text] | tuple[Text, ...]) -> list[str]:
    """Every generated list that goes on with a capital letter after «;»."""
    return _pattern_findings(texts, CAPITAL_AFTER_SEMICOLON, "после «;» — строчная буква")


def english_leaks(texts: Iterator[Text] | tuple[Text, ...]) -> list[str]:
    """English words and Python quotes in generated Russian output."""
    found = []
    for text in texts:
        plain = NOTATION.sub(" ", text.flat)
        for hit in ENGLISH.finditer(plain):
            found.append(f"{text.where}: English {hit.group(0)!r} in {text.flat[:120]!r}")
        for hit in PYTHON_QUOTES.finditer(plain):
            found.append(f"{text.where}: Python quotes {hit.group(0)} in {text.flat[:120]!r}")
    return found


def _report(found: list[str]) -> str:
    return f"{len(found)} finding(s):\n" + "\n".join(found[:60])


# --- the tests ---


def test_the_guide_lists_forms_to_avoid_and_every_pattern_compiles() -> None:
    forms = forms_to_avoid()
    assert len(forms) >= 30
    assert all(f.instead and f.rule for f in forms)
    for named in ("тетрад", "приставл", "сгора", "доск", "базар", "картинк", "начислено"):
        assert any(named in f.pattern.pattern for f in forms), named


#: One wrong form for each decision of the guide, as an editor found it (issue 34).
WRONG = [
    "Перебор не засчитывается.",
    "начисления после него **не дают**",
    "а остаток расчёта отбрасывается",
    "лучше всего готовит остаток сдачи",
    "У игрока 0 на руке пять костей",
    "кость уходит в руку",
    "остальные идут в базар",
    "лежит в\nбазаре",
    "игроки выбраны честной жеребьёвкой",
    "с доверием 95\u00a0%",
    "проигрывает лучшему ходу",
    "Стоит ли более лёгкая рука одного очка",
    "остатки поровну у соперников",
    "Выиграть матч ей может только пара",
    "сдачу выиграл участник 0",
    "начальное значение генератора 5",
    "в игре Экзакт 61 каждый",
    "0 = 0, после округления 0",
    "0 полных фигур из десяти черт и ещё 2 черты",
    "На базаре 0 костей.",
    "На руке: [1|4], [2|3]",
    "остаток соперника (3 очка), округлённый до 5",
    "5 костей, всего 21 очко.",
]


@pytest.mark.parametrize("wrong", WRONG)
def test_the_check_finds_each_decision_s_wrong_form(wrong: str) -> None:
    assert avoided_forms(iter([Text("sample", wrong)])) != [], wrong


def test_the_check_finds_what_it_looks_for_and_says_where() -> None:
    """The checks are not vacuous: each finds the faults the guide names, across line breaks."""
    bad = Text("sample.md", "Закройте тетрадь:\nв\nбазаре лежит кость, счет −3, доска сгорает.", 7)
    found = avoided_forms(iter([bad]))
    assert len(found) == 5
    assert any(f.startswith("sample.md:8: [") and "'в базаре'" in f for f in found), found
    assert hyphen_minus(iter([Text("sample", "всего -3 очка, = -10")])) != []
    assert hyphen_minus(iter([Text("sample", "кость 3-6, R1–R3, `--lang`, −3")])) == []
    assert len(spacing(iter([Text("s", "45 %, 3%, {share}%, 10 минут")]))) == 4
    assert spacing(iter([Text("s", "45\u00a0%, 10\u00a0минут")])) == []
    assert capitals_after_semicolons(iter([Text("s", "счёт 5; Игрок 1: 3")])) != []
    assert capitals_after_semicolons(iter([Text("s", "счёт 5; игрок 1: 3; R4.3")])) == []
    assert english_leaks(iter([Text("sample", "Подсказка (search): draw — 'x9'")])) != []
    assert english_leaks(iter([Text("sample", "вариант: [1|4]@[4|4]:lineB добор")])) == []


def test_the_allowed_forms_pass() -> None:
    """What the guide keeps: the bots' search, the rules' «остаток», «на руках», «на базаре»."""
    fine = (
        "Бот с перебором теряет меньше; бота с перебором; даже короткий перебор ботов. "
        "Остаток партнёра вычитается; наименьшие остатки равны. Кости на руках, на базаре, "
        "с базара. Последующие начисления не применяются. «Экзакт 61 Файв Ап». Базар пуст. "
        "Кости: [1|4], сумма значений 5. 17 и 0 не дают ничего."
    )
    assert avoided_forms(iter([Text("sample", fine)])) == []


@pytest.mark.parametrize("name", SOURCES_OF_TEXT)
def test_every_russian_text_avoids_the_guide_s_forms(name: str) -> None:
    found = avoided_forms(texts_of(name))
    assert found == [], _report(found)


@pytest.mark.parametrize("name", SOURCES_OF_TEXT)
def test_no_negative_number_is_written_with_a_hyphen(name: str) -> None:
    found = hyphen_minus(texts_of(name))
    assert found == [], _report(found)


@pytest.mark.parametrize("name", SOURCES_OF_TEXT)
def test_a_no_break_space_before_percent_and_in_number_unit_groups(name: str) -> None:
    found = spacing(texts_of(name))
    assert found == [], _report(found)


@pytest.mark.parametrize("name", GENERATED)
def test_generated_lists_go_on_in_lowercase_after_a_semicolon(name: str) -> None:
    found = capitals_after_semicolons(texts_of(name))
    assert found == [], _report(found)


def test_generated_russian_output_holds_no_english_and_no_python_quotes() -> None:
    found = english_leaks(texts_of("generated"))
    assert found == [], _report(found)


def test_every_source_of_text_gives_russian_text() -> None:
    """No source is read empty: a moved file or a renamed function would hide its texts."""
    for name in SOURCES_OF_TEXT:
        if name == "notebooks" and not any(Path(ROOT / "tutorials").glob("*_ru.ipynb")):
            continue
        texts = texts_of(name)
        assert sum(bool(CYRILLIC.search(t.text)) for t in texts) >= 3, name


def test_the_answer_words_are_the_words_the_question_asks_for() -> None:
    """A play-draw-pass answer in Russian is «выложить», «добрать» or «пас», as asked."""
    from exact61_widgets.exercises.reading import read_word, word_text
    from exact61_widgets.i18n import gettext

    question = gettext("answer with one word: play, draw or pass", "ru")
    for word in ("play", "draw", "pass"):
        answer = word_text(word, "ru")
        assert f"«{answer}»" in question and read_word(answer) == word


def test_a_negative_tally_says_it_is_negative_in_both_languages() -> None:
    from exact61_widgets.render.svg_tally import tally_texts

    assert tally_texts(-3, "en") == (
        "Paper tally: -3 points, a negative score",
        "A minus sign, then 3 strokes (R10).",
    )
    title, desc = tally_texts(-11, "ru")
    assert title == "Запись на бумаге: \u221211 очков, счёт отрицательный"
    assert desc == "Знак минус, затем 1 полная фигура из десяти черт и ещё 1 черта (R10)."
    assert tally_texts(1, "en")[1] == "1 stroke (R10)."
    assert tally_texts(1, "ru")[1] == "1 черта (R10)."
    assert tally_texts(20, "ru")[1] == "2 полные фигуры из десяти черт (R10)."
    assert "negative" not in tally_texts(3, "en")[0]


def main() -> None:
    """Print every finding of every source (an editor's work list)."""
    for name in SOURCES_OF_TEXT:
        texts = texts_of(name)
        found = [*avoided_forms(texts), *hyphen_minus(texts), *spacing(texts)]
        if name in GENERATED:
            found += capitals_after_semicolons(texts)
        for line in found:
            print(name, "|", line)
    for line in english_leaks(texts_of("generated")):
        print("generated |", line)


if __name__ == "__main__":
    main()
