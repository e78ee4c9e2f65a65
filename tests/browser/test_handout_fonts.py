"""Every printed text of every handout at 8 pt or more, read from the PDF Chromium prints.

A size set in the style sheet is not what reaches the paper: a picture drawn at a
share of its own size shrinks its texts with it, and a rule further down may set a
smaller size. So each handout, in both languages and on A4 and Letter, is printed
to PDF with Chromium's ``page.pdf`` (the page's own ``@page`` size) and pdfminer.six
reads the size of every character on every page (:func:`check_sizes`). The smallest
must be 8 pt or more.

``test_handouts.py`` prints every kind already (a worksheet and its key of the mixed
topics) and checks the floor on those PDFs; this module prints only what it does not:
the lessons' worksheets (tables with hands, boneyard and scores in lesson 2, layouts and
hands in lesson 1) and a lesson's key. A test holds the two to covering every kind.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.handouts import handout

LANGS = ("en", "ru")
PAPERS = ("a4", "letter")
#: The smallest size a printed text may have, in points.
SMALLEST_PT = 8.0
#: What ``test_handouts.py`` does not print: the lessons' worksheets, whose items show every
#: kind of picture (tables with hands, boneyard and scores in lesson 2, layouts and hands in
#: lesson 1), and a lesson's answer key.
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "worksheet-1": ("worksheet", {"lesson": 1, "count": 12}),
    "worksheet-2": ("worksheet", {"lesson": 2, "count": 12}),
    "answer-key-2": ("answer-key", {"lesson": 2, "count": 12}),
}


def pdf_text_sizes(data: bytes) -> list[tuple[float, str, int]]:
    """Each printed character's size in points, the character, and its page (from 1)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTComponent, LTContainer

    found: list[tuple[float, str, int]] = []

    def walk(element: LTComponent, page: int) -> None:
        if isinstance(element, LTChar):
            if element.get_text().strip():
                found.append((element.size, element.get_text(), page))
        elif isinstance(element, LTContainer):
            for child in element:
                walk(child, page)

    for number, layout in enumerate(extract_pages(io.BytesIO(data)), start=1):
        walk(layout, number)
    return found


def check_sizes(data: bytes) -> None:
    """Fail unless the PDF holds text and every printed character is :data:`SMALLEST_PT` or more."""
    sizes = pdf_text_sizes(data)
    assert sizes, "the PDF holds no text"
    small = sorted({(round(size, 1), page) for size, _, page in sizes if size < SMALLEST_PT - 0.05})
    words = "".join(char for size, char, _ in sizes if size < SMALLEST_PT - 0.05)[:80]
    assert small == [], f"texts below {SMALLEST_PT} pt (size, page): {small[:8]}: {words!r}"


def _printed(browser: Any, path: Path) -> bytes:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        data: bytes = page.pdf(prefer_css_page_size=True, print_background=True)
    finally:
        context.close()
    return data


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CASES))
def test_every_printed_text_is_at_least_8_pt(
    browser: Any, tmp_path: Path, case: str, lang: str, paper: str
) -> None:
    kind, options = CASES[case]
    path = tmp_path / f"{case}-{lang}-{paper}.html"
    path.write_text(handout(kind, lang=lang, paper=paper, **options), "utf-8")
    check_sizes(_printed(browser, path))


def test_every_kind_of_handout_is_checked_for_the_floor_here_or_where_it_is_printed() -> None:
    from exact61_widgets.handouts import KINDS

    from . import test_handouts

    checked = {kind for kind, _ in CASES.values()}
    printed = {kind for kind, _ in test_handouts.CASES.values()}
    assert test_handouts.check_sizes is check_sizes  # the floor, on every PDF it prints
    assert set(KINDS) == printed and checked <= set(KINDS)
