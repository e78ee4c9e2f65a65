"""Worksheets chosen by lesson, difficulty and version, and the page's typography rules:
tile notation kept whole on a line, the notation sheet's legend a list of words."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from exact61_widgets.cli import main as cli_main
from exact61_widgets.exercises.generate import difficulty_of
from exact61_widgets.handouts import HandoutError, handout
from exact61_widgets.handouts.options import LESSONS, PUZZLE_DIFFICULTY, Selection
from exact61_widgets.handouts.printed_page import prose
from exact61_widgets.handouts.worksheet import choose, sheet_code
from exact61_widgets.render import render_legend


def test_a_lesson_1_sheet_asks_only_what_lesson_1_taught() -> None:
    exercises, puzzles = choose(Selection(lesson=1, count=40))
    assert exercises and puzzles == []
    for entry in exercises:
        assert entry.number in LESSONS[1]
        assert not {"going-out", "blocked-hand", "exact-61"} & set(entry.topics), entry.name
    # a topic the lesson has not taught leaves nothing to ask
    with pytest.raises(HandoutError):
        choose(Selection(lesson=1, topics=("going-out",)))


def test_a_lesson_2_sheet_asks_its_notebooks_with_their_tables() -> None:
    exercises, _ = choose(Selection(lesson=2, count=40))
    assert {e.number for e in exercises} <= set(LESSONS[2])
    assert {e.task().kind for e in exercises} >= {"going_out", "blocked_award"}


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_difficulty_keeps_exercises_at_it_and_puzzles_rated_for_it(difficulty: int) -> None:
    exercises, puzzles = choose(Selection(difficulty=difficulty, count=40, source="exercises"))
    assert exercises
    assert {difficulty_of(e.task()) for e in exercises} == {difficulty}
    _, puzzles = choose(Selection(difficulty=difficulty, source="puzzles", count=10))
    low, high = PUZZLE_DIFFICULTY[difficulty]
    assert puzzles and all(low <= p.rating <= high for p in puzzles)


def test_versions_a_and_b_ask_fresh_positions_of_the_same_kinds() -> None:
    own, _ = choose(Selection(lesson=2, count=6))
    first, _ = choose(Selection(lesson=2, count=6, version=1))
    second, _ = choose(Selection(lesson=2, count=6, version=2))
    assert [e.task().kind for e in own] == [e.task().kind for e in first]
    assert [e.task().kind for e in first] == [e.task().kind for e in second]
    assert [e.spec for e in own] != [e.spec for e in first] != [e.spec for e in second]
    assert handout("worksheet", lesson=2, version="A") == handout("worksheet", lesson=2, version=1)
    assert "version B" in handout("worksheet", lesson=2, version="b")
    codes = {sheet_code(Selection(lesson=2, version=v)) for v in (0, 1, 2)}
    assert len(codes) == 3


def test_the_command_takes_lesson_difficulty_and_version(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    argv = ["handout", "worksheet", "--lesson", "2", "--difficulty", "2", "--version", "B"]
    assert cli_main([*argv, "--out", str(out)]) == 0
    page = out.read_text("utf-8")
    assert page == handout("worksheet", lesson=2, difficulty=2, version=2)
    assert "lesson 2" in page and "version B" in page


@pytest.mark.parametrize(
    ("options", "en", "ru"),
    [
        ({"lesson": 7}, "unknown lesson 7", "неизвестный урок 7"),
        ({"difficulty": "4"}, "the difficulty is 1, 2 or 3", "сложность"),
        ({"version": "Z"}, "a version is A, B", "версия"),
    ],
)
def test_a_bad_lesson_difficulty_or_version_is_one_line_in_both_languages(
    options: dict[str, object], en: str, ru: str
) -> None:
    with pytest.raises(HandoutError) as caught:
        handout("worksheet", **options)  # type: ignore[arg-type]
    assert caught.value.text("en").startswith(en)
    assert ru in caught.value.text("ru").lower()


def test_tile_notation_is_never_broken_inside_a_tile() -> None:
    text = prose("Play [5|6]:low, then `[3|4]@[3|6]:low [2|2]` or 3-6 (R7.3).")
    assert '<span class="nb">[5|6]:low,</span>' in text
    assert '<span class="nb">[3|4]@[3|6]:low</span> <span class="nb">[2|2]</span>' in text
    assert ".nb{white-space:nowrap}" in handout("worksheet", lesson=1)
    # every tile printed in a page's own text is inside a no-break span
    page = handout("answer-key", lesson=2)
    body = re.sub(r"<svg\b.*?</svg>|<style>.*?</style>|<title>.*?</title>", "", page, flags=re.S)
    loose = re.sub(r'<span class="nb">.*?</span>', "", body)
    assert re.search(r"\[\d\|\d\]", html.unescape(re.sub(r"<[^>]+>", " ", loose))) is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_notation_sheet_s_legend_is_a_list_of_the_legend_s_words(lang: str) -> None:
    page = handout("notation", lang=lang)
    found = re.search(r'<ul class="legend-list">(.*?)</ul>', page, re.S)
    assert found is not None
    items = re.findall(r"<li>(.*?)</li>", found.group(1), re.S)
    svg = str(render_legend(lang))
    assert len(items) >= 10
    for item in items:
        words = html.unescape(re.sub(r"<[^>]+>", "", item))
        assert html.escape(words, quote=False) in svg or words in html.unescape(svg)
    assert 'id="notation-legend"' not in page  # no longer a picture shrunk to fit


def test_the_rules_card_s_settlement_tables_keep_each_tile_on_one_line() -> None:
    page = handout("rules-card")
    tables = "".join(re.findall(r'<table class="settle">.*?</table>', page, re.S))
    assert '<span class="nb">[2|3]</span>' in tables
    loose = re.sub(r'<span class="nb">.*?</span>', "", tables)
    assert re.search(r"\[\d\|\d\]", loose) is None
