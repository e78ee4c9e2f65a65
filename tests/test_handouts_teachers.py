"""The teacher's pages (``docs/teachers.md``, ``docs/teachers.ru.md``): every link, command and
answer on them works, the two languages say the same, and the Russian keeps the rules' terms."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from test_russian_style import forms_to_avoid

from exact61_widgets.cli import build_parser, main
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.scoring import POINT, TARGET, round5
from exact61_widgets.handouts import handout
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = {"en": DOCS / "teachers.md", "ru": DOCS / "teachers.ru.md"}
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
NBSP = "\u00a0"


def text(lang: str) -> str:
    return PAGES[lang].read_text("utf-8")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    page = path.read_text("utf-8")
    found = set(re.findall(r'<a id="([^"]+)"', page))
    found |= {slug(h) for h in re.findall(r"^#+\s+(.+)$", page, re.M)}
    return found


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_every_link_leads_to_a_file_and_an_anchor_that_exist(lang: str) -> None:
    links = LINK.findall(text(lang))
    assert links
    for link in links:
        if link.startswith(("http://", "https://")):
            continue
        target, _, anchor = link.partition("#")
        path = (DOCS / target).resolve()
        assert path.exists(), f"{link}: no such file"
        if anchor:
            assert anchor in anchors(path), f"{link}: no such anchor"


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_every_handout_command_on_the_page_runs(lang: str, tmp_path: Path) -> None:
    commands = [c for c in CODE.findall(text(lang)) if c.startswith("exact61 handout ")]
    assert len(commands) >= 8
    for number, command in enumerate(commands):
        argv = shlex.split(command)[1:]
        out = argv.index("--out") + 1
        target = tmp_path / f"{number}-{argv[out]}"
        argv[out] = str(target)
        assert main(argv) == 0, command
        page = target.read_text("utf-8")
        assert page.startswith("<!DOCTYPE html>") and f'lang="{lang}"' in page
    assert handout("worksheet", lang="ru", topics=["rounding"])  # the page's Python example


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_the_other_commands_and_files_it_names_exist(lang: str) -> None:
    page = text(lang)
    makefile = (ROOT / "Makefile").read_text("utf-8")
    for target in re.findall(r"`make (\w+)`", page):
        assert re.search(rf"^{target}:", makefile, re.M), f"make {target}"
    assert "`python3 lite/serve.py`" in page and (ROOT / "lite" / "serve.py").exists()
    layouts = re.findall(r'PositionExplorer\("([^"]+)"', page)
    assert layouts and all(Layout.parse(layout) for layout in layouts)
    assert "handout" in build_parser().format_help()


def _answers(lang: str) -> str:
    return text(lang).split("### ", 1)[1].split("\n## ", 1)[0]


def test_the_exit_tickets_answers_are_the_engine_s() -> None:
    layout = Layout.parse("[3|3] [3|4]@[3|3]:lineA")
    open_places = [str(p) for p in layout.open_places()]
    after = Layout.parse("[3|3] [3|4]@[3|3]:lineA [3|6]@[3|3]:lineB")
    blocked = round5((8 - 4) + (17 - 4))
    for lang, joined in (("en", " and "), ("ru", " и ")):
        answers = _answers(lang)
        assert joined.join(f"`{p}`" for p in open_places) in answers
        values = " + ".join(str(c.value) for c in after.contributions())
        assert f"{values} = {after.end_sum}" in answers and str(after.award) in answers
        assert f"{round5(12)}, {round5(13)}" in answers and str(round5(22)) in answers
        assert "7 + 7 = 14" in answers and str(round5(14)) in answers
        assert "(8 − 4) + (17 − 4) = 17" in answers and str(blocked) in answers
        assert 290 + 4 * POINT > TARGET and "58" in answers


def test_the_notebook_table_lists_every_notebook_with_its_exercises() -> None:
    counts: dict[str, int] = {}
    for entry in tutorial_exercises():
        counts[entry.number] = counts.get(entry.number, 0) + 1
    for lang in PAGES:
        rows = re.findall(r"^\| (\d\d) [^|]+\|[^|]+\| ([^|]+) \| ([^|]+) \|$", text(lang), re.M)
        assert [r[0] for r in rows] == [f"{n:02d}" for n in range(13)]
        for number, exercises, minutes in rows:
            if number in counts:
                assert exercises.strip() == str(counts[number]), f"notebook {number} ({lang})"
            assert re.fullmatch(r"\d+[ \u00a0]мин|\d+ min", minutes.strip())


def test_the_two_languages_have_the_same_sections_and_tables() -> None:
    def shape(page: str) -> tuple[list[str], int, int]:
        heads = re.findall(r"^(#+) ", page, re.M)
        return heads, page.count("\n|"), len(CODE.findall(page))

    assert shape(text("en")) == shape(text("ru"))


#: Forms the Russian page must not use: the Russian style guide's one list (docs/russian-style.md).
AVOID = {form.pattern.pattern: form.instead for form in forms_to_avoid()}


def test_the_russian_page_keeps_the_rules_text_terms_and_typography() -> None:
    page = text("ru")
    prose = CODE.sub("", page)
    for pattern, why in AVOID.items():
        found = re.search(pattern, prose, re.I)
        assert found is None, f"{found.group(0) if found else ''}: {why}"
    for term in (
        "«Экзакт 61 Файв Ап»",
        "блокнот",
        "приложение для класса",
        "отклоняется целиком",
        "выход последней костью",
        "на базаре",
        "с базара",
        "пары 1+3",
        "место продолжения",
    ):
        assert term in page, term
    assert not re.search(r"(?<![\w\]|`\-])-\d", prose), "a hyphen for a minus sign"
    assert not re.search(r"\d %|\d(?: |-)(?:мин|минут|секунд)", prose), "no no-break space"
    assert f"100{NBSP}%" in page and f"45{NBSP}минут" in page
