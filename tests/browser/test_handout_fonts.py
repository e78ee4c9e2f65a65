"""Every printed text of every handout at 8 pt or more, read from the PDF Chromium prints.

A size set in the style sheet is not what reaches the paper: a picture drawn at a
share of its own size shrinks its texts with it, and a rule further down may set a
smaller size. So each handout, in both languages and on A4 and Letter, is printed
to PDF with Chromium's ``page.pdf`` (the page's own ``@page`` size) and pdfminer.six
reads the size of every character on every page. The smallest must be 8 pt or more.
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
#: Every kind of handout, and worksheets whose items show every kind of picture: tables
#: with hands, boneyard and scores (lesson 2), layouts and hands (lesson 1), puzzles, tallies.
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "rules-card": ("rules-card", {}),
    "notation": ("notation", {}),
    "score-sheet-2": ("score-sheet", {"players": 2}),
    "score-sheet-4": ("score-sheet", {"players": 4}),
    "worksheet-1": ("worksheet", {"lesson": 1, "count": 12}),
    "worksheet-2": ("worksheet", {"lesson": 2, "count": 12}),
    "worksheet-mixed": ("worksheet", {"topics": ["going-out", "tally"], "count": 8}),
    "answer-key-2": ("answer-key", {"lesson": 2, "count": 12}),
    "answer-key-mixed": ("answer-key", {"topics": ["going-out", "tally"], "count": 8}),
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
    sizes = pdf_text_sizes(_printed(browser, path))
    assert sizes, "the PDF holds no text"
    small = sorted({(round(size, 1), page) for size, _, page in sizes if size < SMALLEST_PT - 0.05})
    words = "".join(char for size, char, _ in sizes if size < SMALLEST_PT - 0.05)[:80]
    assert small == [], f"texts below {SMALLEST_PT} pt (size, page): {small[:8]}: {words!r}"
