"""The printable pages: every kind and option, self-contained and deterministic HTML, answers
from the engine, and one-line errors for bad options in English and Russian."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.cli import main as cli_main
from exact61_widgets.engine.actions import parse_action
from exact61_widgets.engine.movetext import action_notation, parse_move
from exact61_widgets.engine.scoring import round5
from exact61_widgets.exercises import leaked_answers
from exact61_widgets.handouts import KINDS, PAPERS, HandoutError, examples, handout
from exact61_widgets.handouts.items import exercise_item
from exact61_widgets.handouts.notation import TYPED, _position
from exact61_widgets.handouts.options import DEFAULT_COUNT, Selection
from exact61_widgets.handouts.topics import PUZZLE_THEMES, TOPICS, check_topic, topic_name
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises
from exact61_widgets.handouts.worksheet import choose, sheet_code, spread
from exact61_widgets.puzzles import load_puzzles

LANGS = ("en", "ru")
#: The word before an answer on the key.
ANSWER_WORD = {"en": "Answer:", "ru": "Ответ:"}
#: What each kind is asked with in the tests that run every kind.
OPTIONS: dict[str, dict[str, object]] = {
    "rules-card": {},
    "score-sheet": {"players": 4},
    "worksheet": {"topics": ["going-out"]},
    "answer-key": {"topics": ["going-out"]},
    "notation": {},
}
SVG_NS = {
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/2001/xml-events",
    "http://www.w3.org/1999/xlink",
}
TAG = re.compile(r"<[^>]+>")
STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def visible(page: str) -> str:
    """The text a reader sees (and a screen reader hears) in a page, tags left out."""
    body = page.split("<body", 1)[1].split(">", 1)[1]
    return html.unescape(TAG.sub(" ", body))


def plain(fragment: str) -> str:
    """A piece of HTML as the text it reads as (inline tags joined without spaces)."""
    return html.unescape(TAG.sub("", fragment))


#: The pictures and the engine's explanations (in an answer key), whose texts are not the page's.
QUOTED = re.compile(r'<svg\b.*?</svg>|<p class="small solution">.*?</p>', re.S)


def test_every_kind_is_covered_here() -> None:
    assert set(OPTIONS) == set(KINDS)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_is_a_self_contained_print_page(kind: str, lang: str, paper: str) -> None:
    page = handout(kind, lang=lang, paper=paper, **OPTIONS[kind])  # type: ignore[arg-type]
    assert page.startswith("<!DOCTYPE html>\n") and f'<html lang="{lang}">' in page
    width, height = PAPERS[paper]
    assert f"@page{{size:{width}mm {height}mm;margin:" in page
    # nothing is fetched: no script, link, image, font, import or url(); the only addresses
    # are the SVG namespaces
    for forbidden in (
        "<script",
        "<link",
        "<img",
        "<iframe",
        "src=",
        "url(",
        "@import",
        "@font-face",
    ):
        assert forbidden not in page, forbidden
    assert set(re.findall(r"https?://[^\s\"'<>)]+", page)) <= SVG_NS
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert ids and len(ids) == len(set(ids)), "two elements share an id"
    css = STYLE.search(page)
    assert css is not None and "break-inside:avoid" in css.group(1)
    assert "print-color-adjust:exact" in css.group(1)
    assert ("<svg" in page) == (kind != "answer-key")  # going out's key is all words


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_options_give_the_same_bytes_in_another_process(kind: str) -> None:
    first = handout(kind, lang="ru", paper="letter", **OPTIONS[kind])  # type: ignore[arg-type]
    assert handout(kind, lang="ru", paper="letter", **OPTIONS[kind]) == first  # type: ignore[arg-type]
    code = (
        "import sys; from exact61_widgets.handouts import handout; "
        f"sys.stdout.write(handout({kind!r}, lang='ru', paper='letter', **{OPTIONS[kind]!r}))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env=env
    ).stdout.decode("utf-8")
    assert other == first


def test_the_languages_differ_and_russian_pages_hold_no_english_words() -> None:
    for kind in KINDS:
        en = visible(handout(kind, lang="en", **OPTIONS[kind]))  # type: ignore[arg-type]
        ru = visible(handout(kind, lang="ru", **OPTIONS[kind]))  # type: ignore[arg-type]
        assert en != ru
        words = set(re.findall(r"\b(?:the|and|of|seat|points?|tiles?|score)\b", ru, re.I))
        assert words == set(), f"{kind}: English in the Russian page: {words}"


def test_russian_pages_write_minus_signs_and_the_game_s_name() -> None:
    for kind in KINDS:
        page = handout(kind, lang="ru", **OPTIONS[kind])  # type: ignore[arg-type]
        ru = visible(QUOTED.sub(" ", page))  # the page's own texts
        assert not re.search(r"(?<![\w\]|\-])-\d", ru), f"{kind}: a hyphen for a minus sign"
        assert "Ровно 61»" not in ru and "тетрад" not in ru and "сгора" not in ru
    assert "«Экзакт 61 Файв Ап»" in visible(handout("rules-card", lang="ru"))


# --- the rules card ---


def test_the_rules_card_draws_the_key_pictures_with_the_engine_s_numbers() -> None:
    page = handout("rules-card")
    for prefix in ("rules-spinner", "rules-counting", "rules-target-0", "rules-target-1"):
        assert f'id="{prefix}"' in page
    assert 'id="rules-tally"' in page
    # the settlements are the page's own tables, made from the engine's settlement pictures
    tables = re.findall(r'<table class="settle">.*?</table>', page, re.S)
    assert len(tables) == 2
    text = plain(page)
    out = examples.going_out_event()
    assert (out.net, out.status) == (20, "applied")
    assert "<td>+20</td>" in tables[0] and ">applied</td>" in tables[0]
    blocked = examples.blocked()
    totals = sorted(e.pips for e in blocked)
    assert f"Three players hold {', '.join(map(str, totals))} pips." in text
    # rounding once and rounding each difference give different awards here (R8.2)
    first = blocked[0]
    each = sum(round5(d) for _, _, d in first.compared)
    assert len(first.compared) > 1 and each != first.award
    assert f"rounded once to {first.award}; rounding each difference would give" in text
    assert f"{first.difference}" in tables[1] and f"<td>{first.award}</td>" in tables[1]
    assert "A score may go below zero" in text and '<span class="rule">D3</span>' in page
    over, exact = examples.target_plays()
    assert (over.status, over.after, exact.after) == ("rejected", 295, 305)
    assert (
        "295 + 15 = 310 would pass 305" in text
        and "295 + 10 = 305, exactly 305: applied, and the match is won" in text
    )
    # the spinner's places are named where the picture draws them
    assert "line A holds [3|4] (left), line B holds [3|6] (right)" in text
    assert "branches A (above) and B (below)" in text
    for code in ("R1.4", "R3.2", "R4.3", "R5.1", "R6.2", "R7.2", "R7.3", "R8.2", "R9.1", "D7"):
        assert f'<span class="rule">{code}</span>' in page


# --- the score sheet ---


@pytest.mark.parametrize(
    ("players", "sides"),
    [(2, ["Seat 0", "Seat 1"]), (3, ["Seat 0", "Seat 1", "Seat 2"]), (4, ["Pair 0+2", "Pair 1+3"])],
)
def test_the_score_sheet_has_a_tally_area_and_a_column_per_side(
    players: int, sides: list[str]
) -> None:
    page = handout("score-sheet", players=players)
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", page)
    assert head is not None
    columns = re.findall(r"<th>(.*?)</th>", head.group(1))
    assert columns == ["Hand", *sides, "Ended by", "Next leader"]
    assert page.count('<div class="square"></div>') == 7 * len(sides)  # 61 = 6 full figures + 1
    steps = re.findall(r'class="tally" data-points="(\d+)"', page)
    assert steps[:10] == [str(n) for n in range(1, 11)] and "61" in steps
    assert ("tally negative" in page) == (players == 4)  # only pairs drop below zero (D3)
    rows = len(re.findall(r'<td class="num">\d+</td>', page))
    assert rows >= 12
    assert handout("score-sheet", players=str(players)) == page


# --- worksheets and answer keys ---


def test_topics_name_themselves_in_both_languages() -> None:
    for topic in TOPICS:
        assert topic_name(topic, "en") and topic_name(topic, "ru") != topic_name(topic, "en")
        assert check_topic(topic.replace("-", "_").upper()) == topic
    assert set().union(*PUZZLE_THEMES.values()) <= {t for p in load_puzzles() for t in p.themes}


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_chooses_items_of_that_topic(topic: str) -> None:
    exercises, puzzles = choose(Selection(topics=(topic,), count=40))
    assert exercises or puzzles
    assert all(topic in e.topics for e in exercises)
    themes = set(PUZZLE_THEMES.get(topic, ()))
    assert all(themes & set(p.themes) for p in puzzles)
    assert bool(puzzles) == bool(themes)


def test_the_topics_of_exercises_come_from_their_tasks() -> None:
    by_name = {e.name: e for e in tutorial_exercises()}

    def one(kind: str, **fields: object) -> tuple[str, ...]:
        found = [
            e
            for e in by_name.values()
            if e.spec["kind"] == kind and all(e.spec.get(k) == v for k, v in fields.items())
        ]
        assert found, (kind, fields)
        return found[0].topics

    def mover_score(position: dict[str, Any]) -> int:
        seat = position["to_move"]
        return int(position["scores"][seat % 2 if position["players"] == 4 else seat])

    rejected = [  # a going-out settlement at 300 raw: rejected, or exactly 61 (sections 5.4, 8)
        e
        for e in by_name.values()
        if e.spec["kind"] == "going_out" and mover_score(e.spec["position"]) >= 300
    ]
    assert rejected and all("exact-61" in e.topics for e in rejected)
    assert "exact-61" not in one("going_out", play="[4|4]@[3|4]:high")  # three players, at 0
    assert "spinners" in one("open_places", layout="[2|2] [2|6]@[2|2]:lineA")
    assert "spinners" not in one("open_places", layout="[2|5] [5|6]@[2|5]:high [0|2]@[2|5]:low")
    assert one("rounding", total=18) == ("rounding",)
    assert one("tally_points", points=5) == ("tally",)


def test_a_rating_range_chooses_puzzles_in_it_by_rising_rating() -> None:
    exercises, puzzles = choose(Selection(rating=(1000, 1400), count=40))
    assert exercises == [] and puzzles
    assert all(1000 <= p.rating <= 1400 for p in puzzles)
    assert [p.rating for p in puzzles] == sorted(p.rating for p in puzzles)


def test_count_source_and_spread() -> None:
    assert spread(list(range(10)), 4) == [0, 3, 6, 9] and spread([1, 2], 5) == [1, 2]
    exercises, puzzles = choose(Selection())
    assert len(exercises) == DEFAULT_COUNT and puzzles == []  # no topic: a review of the tutorials
    exercises, puzzles = choose(Selection(topics=("going-out",), count=6))
    assert len(exercises) + len(puzzles) == 6 and exercises and puzzles
    assert choose(Selection(topics=("going-out",), source="puzzles"))[0] == []
    assert choose(Selection(topics=("going-out",), source="exercises"))[1] == []
    assert sheet_code(Selection(topics=("tally",))) != sheet_code(Selection(topics=("rounding",)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_worksheet_never_shows_an_answer_and_the_key_shows_the_engine_s(lang: str) -> None:
    selection = {
        "topics": ["scoring-ends", "going-out", "blocked-hand", "matching", "tally"],
        "count": 40,
        "source": "exercises",
    }
    sheet = handout("worksheet", lang=lang, **selection)  # type: ignore[arg-type]
    key = handout("answer-key", lang=lang, **selection)  # type: ignore[arg-type]
    text = html.unescape(sheet)
    exercises, _ = choose(
        Selection(topics=tuple(selection["topics"]), count=40, source="exercises")
    )  # type: ignore[arg-type]
    assert len(exercises) > 20
    for number, entry in enumerate(exercises, start=1):
        task = entry.task()
        leaks = leaked_answers(text, task, lang)
        assert not leaks, f"{entry.name}: the worksheet gives away {leaks}"
        item = exercise_item(entry, f"ws-{number}", lang)
        assert task.solution(lang).endswith(item.solution)
        block = re.search(rf'<section class="key-item" id="a{number}">(.*?)</section>', key, re.S)
        assert block is not None and item.solution in plain(block.group(1))
        # the answer is printed once, on its own line: not again at the head of the reason
        said = plain(block.group(1))
        assert said.count(ANSWER_WORD[lang]) == 1, said
        assert item.source in said and item.source not in text  # the section: the key's only
        if task.kind != "legal_action":
            assert task.check(task.answer(lang)).ok
            assert task.answer(lang).replace("-", "−") in plain(block.group(1))
    code = sheet_code(Selection(topics=tuple(selection["topics"]), count=40, source="exercises"))  # type: ignore[arg-type]
    assert code in sheet and code in key


def test_a_puzzle_sheet_asks_as_the_mover_sees_it_and_its_key_gives_the_solution() -> None:
    sheet = handout("worksheet", topics=["exact-finish"], count=4)
    key = handout("answer-key", topics=["exact-finish"], count=4)
    _, puzzles = choose(Selection(topics=("exact-finish",), count=4))
    assert len(puzzles) == 4
    asked = re.findall(r'<section class="item".*?</section>', sheet, re.S)
    assert len(asked) == len(puzzles)
    for puzzle, block in zip(puzzles, asked, strict=True):
        assert f"Puzzle {puzzle.id}, rating {puzzle.rating}" in key
        assert f"rating {puzzle.rating}" not in sheet  # the difficulty: on the key only
        assert puzzle.explain("en") in plain(key)
        for answer in puzzle.answer:
            assert action_notation(parse_action(answer)) in plain(key)
            assert answer not in visible(sheet)  # the accepted move is not printed on the sheet
        match = puzzle.match()
        for seat in range(match.players):
            if seat != puzzle.seat:  # hidden hands show as counts, never as tiles
                assert f"Seat {seat} holds" in sheet
                for tile in match.hand(seat):
                    assert f'data-tile="{tile}"' not in block


def test_every_tutorial_exercise_can_be_printed_in_both_languages() -> None:
    for number, entry in enumerate(tutorial_exercises(), start=1):
        for lang in LANGS:
            item = exercise_item(entry, f"t{number}", lang)
            assert item.question and item.answer and item.solution
            assert entry.section[lang] in item.source


# --- the notation sheet ---


@pytest.mark.parametrize("lang", LANGS)
def test_the_notation_sheet_prints_what_the_move_line_reads(lang: str) -> None:
    page = handout("notation", lang=lang)
    match = _position()
    for typed in TYPED[lang]:
        row = re.search(
            rf"<tr><td><code>{re.escape(html.escape(typed))}</code></td>(.*?)</tr>", page
        )
        assert row is not None, typed
        try:
            read = action_notation(parse_move(match, typed))
        except ValueError:
            read = "—"
        assert f"<code>{html.escape(read)}</code>" in row.group(1)
    assert "—" in page  # the ambiguous example is answered with the move line's own error
    for place in (
        "[1|4]:low",
        "[1|4]:high",
        "[4|4]:lineA",
        "[4|4]:lineB",
        "[4|4]:branchA",
        "[4|4]:branchB",
    ):
        assert f"<figcaption>{html.escape(place)}: " in page


# --- errors ---

ERRORS = [
    ({"kind": "poster"}, "unknown handout 'poster': use one of", "неизвестный вид листа «poster»"),
    (
        {"kind": "rules-card", "paper": "a5"},
        "unknown paper 'a5': use one of a4, letter",
        "неизвестный формат бумаги «a5»",
    ),
    (
        {"kind": "score-sheet", "players": 5},
        "a score sheet is for 2 or 3 players or 4 in two pairs, not 5",
        "бланк счёта",
    ),
    (
        {"kind": "worksheet", "topics": ["chess"]},
        "unknown topic 'chess': use one of",
        "неизвестная тема «chess»",
    ),
    (
        {"kind": "worksheet", "rating": (3000, 4000)},
        "no exercise or puzzle matches rating 3000–4000",
        "ни одно упражнение и ни одна задача не подходят под условие: рейтинг 3000–4000",
    ),
    (
        {"kind": "answer-key", "topics": ["tally"], "source": "puzzles"},
        "no exercise or puzzle matches topics tally; source puzzles",
        "темы tally; источник puzzles",
    ),
    (
        {"kind": "worksheet", "rating": "1400-1000"},
        "a rating range is two numbers, the lower first",
        "диапазон рейтинга",
    ),
    (
        {"kind": "worksheet", "count": 0},
        "a worksheet holds 1 to 40 items, not 0",
        "от 1 до 40 заданий",
    ),
    (
        {"kind": "worksheet", "source": "books"},
        "unknown source 'books'",
        "неизвестный источник «books»",
    ),
]


@pytest.mark.parametrize(("options", "english", "russian"), ERRORS)
def test_a_bad_option_is_one_line_naming_it_in_both_languages(
    options: dict[str, object], english: str, russian: str
) -> None:
    kind = str(options.pop("kind"))
    with pytest.raises(HandoutError) as caught:
        handout(kind, **options)  # type: ignore[arg-type]
    assert english in str(caught.value) and "\n" not in str(caught.value)
    assert russian in caught.value.text("ru") and "\n" not in caught.value.text("ru")
    assert isinstance(caught.value, ValueError)


def test_a_bad_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        handout("rules-card", lang="de")


# --- the command ---


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "exact61_widgets", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_writes_the_page_python_gives(tmp_path: Path) -> None:
    out = tmp_path / "key.html"
    result = run(
        "handout",
        "answer-key",
        "--lang",
        "ru",
        "--paper",
        "letter",
        "--topic",
        "tally",
        "--topic",
        "rounding",
        "--count",
        "5",
        "--out",
        str(out),
    )
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    assert out.read_text("utf-8") == handout(
        "answer-key", lang="ru", paper="letter", topics=["tally", "rounding"], count=5
    )
    sheet = tmp_path / "sheet.html"
    assert run("handout", "score-sheet", "--players", "3", "-o", str(sheet)).returncode == 0
    assert sheet.read_text("utf-8") == handout("score-sheet", players=3)
    assert run("handout", "worksheet", "--rating", "1000-1200", "-o", str(sheet)).returncode == 0
    assert "rated 1000–1200" in sheet.read_text("utf-8")


@pytest.mark.parametrize(
    ("args", "english", "russian"),
    [
        (["poster"], "unknown handout 'poster'", "неизвестный вид листа «poster»"),
        (["rules-card", "--paper", "b5"], "unknown paper 'b5'", "неизвестный формат бумаги «b5»"),
        (["worksheet", "--topic", "chess"], "unknown topic 'chess'", "неизвестная тема «chess»"),
        (
            ["worksheet", "--rating", "9000-9100"],
            "no exercise or puzzle matches",
            "ни одно упражнение",
        ),
        (["score-sheet", "--players", "6"], "a score sheet is for 2 or 3 players", "бланк счёта"),
    ],
)
def test_the_command_reports_a_bad_option_in_one_line_and_writes_nothing(
    tmp_path: Path, args: list[str], english: str, russian: str
) -> None:
    out = tmp_path / "page.html"
    for lang, expected in (("en", english), ("ru", russian)):
        result = run("handout", *args, "--lang", lang, "--out", str(out))
        assert result.returncode == 2 and result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("exact61: error: ") and expected in lines[0]
        assert not out.exists()
    missing = run("handout", "rules-card", "--out", str(tmp_path / "no" / "such" / "dir.html"))
    assert missing.returncode == 2 and "cannot write" in missing.stderr  # the run failed


def test_the_guide_s_handout_commands_run(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "docs" / "guide.md").read_text("utf-8")
    commands = [line.split("#")[0].split() for line in readme.splitlines()]
    commands = [c for c in commands if c[:2] == ["exact61", "handout"]]
    assert len(commands) >= 6
    for number, argv in enumerate(commands):
        out = argv.index("--out") + 1
        argv[out] = str(tmp_path / f"{number}.html")
        assert cli_main(argv[1:]) == 0, argv
        assert Path(argv[out]).read_text("utf-8").startswith("<!DOCTYPE html>")


def test_the_command_s_help_lists_every_kind_and_topic() -> None:
    result = run("handout", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert all(kind in text for kind in KINDS) and all(topic in text for topic in TOPICS)
