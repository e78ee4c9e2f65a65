"""The short notation and the move line's words are taught where places are first typed (02).

A class slows down typing ``[2|2]:branchA`` (the issue): the short forms (``25:low``,
``22:lineB``) were taught only in 09, and the words the move line reads (``2-5 low``,
``2-2 line B``) nowhere. So 02, just before its first question answered with places (ex-02-2),
shows the three ways to type a place, for a double's places too, in both languages; and every
form it shows is read as the place it names, by the same reading the answer boxes use.
"""

from __future__ import annotations

import re

import pytest
from test_tutorial_sources import BUILD, SOURCES
from tutorial_outputs import text_of

from exact61_widgets.exercises import OpenPlaces
from exact61_widgets.exercises.reading import read_items, read_place

SOURCE = next(s for s in SOURCES if s.name == "02_matching_drawing_passing")
#: What the taught forms must name: an ordinary tile's end and a double's line.
NAMED = {"[2|5]:low", "[2|5]:high", "[2|2]:lineB"}
#: Each language's words for the two forms it must show besides the full notation.
SHORT = ("25:low", "22:lineB")
WORDS = {"en": ("2-5 low", "2-2 line B"), "ru": ("2-5 меньший конец", "2-2 линия B")}


def place_of(form: str) -> str:
    """The place a form names, read as an answer box reads one place."""
    items = read_items(form)
    assert items is not None and len(items) == 1, form
    return str(read_place(items[0]))


def taught_before_first_places_question(lang: str) -> str:
    """The markdown just before 02's first question answered with places (OpenPlaces)."""
    cells = BUILD.notebook(SOURCE, lang)["cells"]
    asking = next(
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "code" and "OpenPlaces(" in text_of(c["source"])
    )
    before = [c for c in cells[:asking] if c["cell_type"] == "markdown"]
    return text_of(before[-1]["source"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_02_teaches_the_short_forms_and_the_words_before_places_are_typed(lang: str) -> None:
    text = taught_before_first_places_question(lang)
    shown = re.findall(r"`([^`]+)`", text)
    for form in (*SHORT, *WORDS[lang]):
        assert form in shown, (lang, form)
    named = {place_of(form) for form in shown if re.search(r"\d", form)}
    assert named == NAMED, (lang, named)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_form_02_shows_is_read_as_its_place(lang: str) -> None:
    shown = re.findall(r"`([^`]+)`", taught_before_first_places_question(lang))
    assert all(place_of(form) in NAMED for form in shown if re.search(r"\d", form))
    assert place_of("25:low") == place_of(WORDS[lang][0]) == "[2|5]:low"
    assert place_of("22:lineB") == place_of(WORDS[lang][1]) == "[2|2]:lineB"


def test_the_question_after_it_takes_its_answer_in_every_form() -> None:
    """ex-02-2's line: its open places typed short, in English words or in Russian words."""
    task = OpenPlaces("[2|5] [5|6]@[2|5]:high [0|2]@[2|5]:low")
    assert task.answer() == "[0|2]:low, [5|6]:high"
    for answer in (
        "02:low, 56:high",
        "0-2 low, 5-6 high",
        "0-2 меньший конец, 5-6 больший конец",
    ):
        assert task.check(answer).ok, answer
    assert not task.check("02:low, 25:high").ok
