"""Every Russian text of the package keeps the Russian style guide (``docs/russian-style.md``).

The guide holds the one list of forms to avoid (its ``forms-to-avoid`` block); this test reads
it and checks every Russian text: the tutorial sources' Russian cells, every ``msgstr`` of the
Russian catalogs, ``RULES.ru.md``, ``docs/*.ru.md``, the handouts in Russian, and what the
engine and the pictures write in Russian for a sample (seeded matches explained event by event,
hints, the solver's report, error messages, picture titles and descriptions). It also checks
the typography the guide sets out: a minus sign, never a hyphen, in a negative number; no
English words and no Python quotes in generated Russian output.

``python tests/test_russian_style.py`` prints every finding (an editor's work list).
"""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "russian-style.md"
CATALOGS = ROOT / "exact61_widgets" / "i18n" / "ru"
SOURCES = ROOT / "authoring" / "tutorials"
#: A tutorial another change is writing now is held to the guide once it is merged.
NOT_YET = ("12_",)
BLOCK = re.compile(r"^```([\w-]+)\n(.*?)^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
TAG = re.compile(r"<[^>]+>")
CYRILLIC = re.compile(r"[а-яё]", re.I)
#: A hyphen-minus before a digit, where neither a tile (``3-6``), a range, a command-line
#: option nor a word joins it: a negative number written with a hyphen.
HYPHEN_NUMBER = re.compile(r"(?<![\w\]|`\-–/.:=#])-\d")
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
    """A form to avoid: its pattern, and what the guide says to write instead."""

    pattern: re.Pattern[str]
    instead: str


@cache
def guide_blocks() -> dict[str, str]:
    """The guide's named fenced blocks, by name."""
    return {name: body for name, body in BLOCK.findall(GUIDE.read_text("utf-8"))}


@cache
def forms_to_avoid() -> tuple[Form, ...]:
    """The guide's list of forms to avoid (its ``forms-to-avoid`` block)."""
    forms = []
    for line in guide_blocks()["forms-to-avoid"].splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pattern, sep, instead = line.partition(" => ")
        assert sep, f"a line of the guide's list without ' => ': {line!r}"
        forms.append(Form(re.compile(pattern.strip(), re.I), instead.strip()))
    return tuple(forms)


@cache
def quotations() -> tuple[str, ...]:
    """Sentences quoted word for word from the original rules, which the check lets through."""
    return tuple(q.strip() for q in guide_blocks()["quotations"].splitlines() if q.strip())


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tutorial_build", SOURCES.parent / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("tutorial_build", module)
    spec.loader.exec_module(module)
    return module


def prose(markdown: str) -> str:
    """Markdown without code blocks and code spans: the text a reader reads as Russian."""
    return CODE_SPAN.sub(" ", FENCE.sub(" ", markdown))


# --- the Russian texts, each with where it comes from ---

Texts = Iterator[tuple[str, str]]


def tutorial_texts() -> Texts:
    """The Russian cells of every tutorial source, and the Russian strings of its code."""
    build = _builder()
    for path in sorted(SOURCES.glob("*.md")):
        if path.name.startswith(NOT_YET):
            continue
        source = build.parse(path)
        for number, cell in enumerate(source.cells):
            where = f"{path.name} cell {number}"
            if cell.kind == "md" and "ru" in cell.text:
                yield where, prose(cell.text["ru"])
            elif cell.kind != "md":
                for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', cell.text.get("en", "")):
                    if CYRILLIC.search(literal):
                        yield where, '"' + literal.replace("\\n", " ") + '"'


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
                yield f"{path.name}: {ident[:50]!r}", str(form)


def page_texts() -> Texts:
    """``RULES.ru.md`` and the Russian pages under ``docs/`` (code left out)."""
    for path in [ROOT / "RULES.ru.md", *sorted((ROOT / "docs").glob("*.ru.md"))]:
        for number, line in enumerate(prose(path.read_text("utf-8")).splitlines(), start=1):
            yield f"{path.relative_to(ROOT)}:{number}", line


def notebook_texts() -> Texts:
    """What the committed Russian notebooks show: the engine's and the pictures' texts."""
    from tutorial_outputs import TUTORIALS, load, outputs

    for path in sorted(TUTORIALS.glob("*_ru.ipynb")):
        if path.name.startswith(NOT_YET):
            continue
        for out in outputs(load(path)):
            yield f"{path.name} cell {out.cell}", out.visible_text(plain=False)


def visible(page: str) -> str:
    """The text a reader of an HTML page sees, tags and style left out."""
    body = page.split("<body", 1)[1].split(">", 1)[1]
    body = re.sub(r"<style>.*?</style>", " ", body, flags=re.S)
    return html.unescape(TAG.sub(" ", body))


def handout_texts() -> Texts:
    """Every handout in Russian, as the reader sees it."""
    from exact61_widgets.handouts import handout

    options: dict[str, dict[str, object]] = {
        "rules-card": {},
        "score-sheet": {"players": 4},
        "worksheet": {"topics": ["going-out"]},
        "answer-key": {"topics": ["going-out"]},
        "notation": {},
    }
    for kind, given in options.items():
        yield f"handout {kind}", visible(handout(kind, lang="ru", **given))  # type: ignore[arg-type]


def svg_texts(svg: str) -> str:
    """The title, description and text elements of a picture."""
    found = re.findall(r"<(title|desc|text)\b[^>]*>(.*?)</\1>", svg, re.S)
    return " | ".join(html.unescape(t) for _, t in found)


def _matches() -> Iterator[object]:
    from exact61_widgets.engine.bots import make_bot
    from exact61_widgets.engine.match import HAND_OVER, Match

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
        yield match, events


def generated_texts() -> Texts:
    """What the engine and the pictures write in Russian for a sample of positions."""
    from exact61_widgets import describe
    from exact61_widgets.engine.hints import best_move
    from exact61_widgets.engine.match import Match
    from exact61_widgets.engine.solve import solve
    from exact61_widgets.render.svg import match_caption
    from exact61_widgets.render.svg_tally import tally_svg

    for n, (match, events) in enumerate(_matches()):
        for event in events:  # type: ignore[attr-defined]
            yield f"match {n}", event.explain("ru")
        yield f"match {n} caption", match_caption(match, "ru")[0]  # type: ignore[arg-type]
    for points in (-13, -3, -1, 0, 1, 7, 21, 61):
        yield f"tally {points}", svg_texts(str(tally_svg(points, lang="ru")))
    yield "describe", describe("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high", "ru")
    for seed in range(3):
        match = Match(2, seed=seed)
        advice = best_move(match, seed=seed, playouts=8)
        yield f"hint {seed}", advice.text("ru")
    for seed in range(40):
        late = _late_position(seed)
        if late is not None and late.boneyard_count:
            yield f"solver {seed}", solve(late).text("ru")
    for run in ERRORS:
        yield f"error {run.__name__}", _error(run)


def _late_position(seed: int) -> object:
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
    "handouts": handout_texts,
    "generated": generated_texts,
    "notebooks": notebook_texts,
}


def _without_quotations(text: str) -> str:
    for quoted in quotations():
        text = text.replace(quoted, " ")
    return text


def avoided_forms(texts: Texts) -> list[str]:
    """Every form to avoid found in ``texts``, as ``where: form → instead``."""
    found = []
    for where, text in texts:
        plain = _without_quotations(text)
        for form in forms_to_avoid():
            for hit in form.pattern.finditer(plain):
                found.append(f"{where}: {hit.group(0)!r} → {form.instead}")
    return found


def hyphen_minus(texts: Texts) -> list[str]:
    """Every number written with a hyphen-minus where a minus sign is meant."""
    found = []
    for where, text in texts:
        for hit in HYPHEN_NUMBER.finditer(text):
            found.append(f"{where}: …{text[max(0, hit.start() - 25) : hit.end() + 10]}…")
    return found


def english_leaks(texts: Texts) -> list[str]:
    """English words and Python quotes in generated Russian output."""
    found = []
    for where, text in texts:
        plain = NOTATION.sub(" ", text)
        for hit in ENGLISH.finditer(plain):
            found.append(f"{where}: English {hit.group(0)!r} in {text[:120]!r}")
        for hit in PYTHON_QUOTES.finditer(plain):
            found.append(f"{where}: Python quotes {hit.group(0)} in {text[:120]!r}")
    return found


# --- the tests ---


def test_the_guide_lists_forms_to_avoid_and_every_pattern_compiles() -> None:
    forms = forms_to_avoid()
    assert len(forms) >= 30
    assert all(f.instead for f in forms)
    for named in ("тетрад", "приставл", "сгора", "доск", "базаре", "картинк", "начислено"):
        assert any(named in f.pattern.pattern for f in forms), named


def test_the_check_finds_what_it_looks_for() -> None:
    """The checks are not vacuous: each finds the faults the guide names."""
    bad = [("sample", "Закройте тетрадь: в базаре лежит кость, счет −3, доска сгорает.")]
    assert len(avoided_forms(iter(bad))) == 5
    assert hyphen_minus(iter([("sample", "всего -3 очка, = -10")])) != []
    assert hyphen_minus(iter([("sample", "кость 3-6, R1–R3, `--lang`, −3")])) == []
    assert english_leaks(iter([("sample", "Подсказка (search): draw — 'x9'")])) != []
    assert english_leaks(iter([("sample", "вариант: [1|4]@[4|4]:lineB добор")])) == []


@pytest.mark.parametrize("name", SOURCES_OF_TEXT)
def test_every_russian_text_avoids_the_guide_s_forms(name: str) -> None:
    found = avoided_forms(SOURCES_OF_TEXT[name]())
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("name", SOURCES_OF_TEXT)
def test_no_negative_number_is_written_with_a_hyphen(name: str) -> None:
    found = hyphen_minus(SOURCES_OF_TEXT[name]())
    assert found == [], "\n".join(found[:40])


def test_generated_russian_output_holds_no_english_and_no_python_quotes() -> None:
    found = english_leaks(generated_texts())
    assert found == [], "\n".join(found[:40])


def test_a_no_break_space_before_percent_and_in_number_unit_groups() -> None:
    texts = [*catalog_texts(), *page_texts(), *tutorial_texts()]
    found = [
        f"{where}: {hit.group(0)!r}"
        for where, text in texts
        for hit in re.finditer(r"(?:\d|\})(?: %|%| (?:мин|минут|секунд|сек)\b)", text)
    ]
    assert found == [], "\n".join(found[:40])


def test_generated_lists_go_on_in_lowercase_after_a_semicolon() -> None:
    found = [
        f"{where}: {text[max(0, hit.start() - 30) : hit.end() + 10]!r}"
        for where, text in generated_texts()
        for hit in re.finditer(r"; [А-ЯЁ][а-яё]", text)
    ]
    assert found == [], "\n".join(found[:40])


def test_the_answer_words_are_the_words_the_question_asks_for() -> None:
    """A play-draw-pass answer in Russian is «выложить», «добрать» or «пас», as asked."""
    from exact61_widgets.exercises.reading import read_word, word_text
    from exact61_widgets.i18n import gettext

    question = gettext("answer with one word: play, draw or pass", "ru")
    for word in ("play", "draw", "pass"):
        answer = word_text(word, "ru")  # type: ignore[arg-type]
        assert f"«{answer}»" in question and read_word(answer) == word


def test_a_negative_tally_says_it_is_negative_in_both_languages() -> None:
    from exact61_widgets.render.svg_tally import tally_texts

    assert tally_texts(-3, "en") == (
        "Paper tally: -3 points, a negative score",
        "A minus sign, then 0 full figures of ten strokes and 3 more strokes (R10).",
    )
    title, desc = tally_texts(-11, "ru")
    assert title == "Запись на бумаге: \u221211 очков, счёт отрицательный"
    assert desc == "Знак минус, затем 1 полная фигура из десяти черт и ещё 1 черта (R10)."
    assert tally_texts(1, "en")[1] == "0 full figures of ten strokes and 1 more stroke (R10)."
    assert "negative" not in tally_texts(3, "en")[0]


if __name__ == "__main__":
    for label, source in SOURCES_OF_TEXT.items():
        for line in [*avoided_forms(source()), *hyphen_minus(source())]:
            print(label, "|", line)
    for line in english_leaks(generated_texts()):
        print("generated |", line)
