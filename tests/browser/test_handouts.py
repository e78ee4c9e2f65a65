"""The printable pages printed by Chromium: page counts, and nothing cut at a page's edge.

Each kind of handout, in both languages and on A4 and Letter, is opened from a file
and printed to PDF with ``page.pdf`` (the page's own ``@page`` size); pypdf counts
the pages and reads their text. The rules card, the notation sheet and every score
sheet are one page each; a worksheet holds at least one whole item on every page,
and every question's heading and its answer line fall on the same page, as they do
in its answer key. Under print media emulation, at the width inside the margins,
no element is wider than that width, and every block kept whole (``break-inside:
avoid``: every figure, exercise and section but one marked ``flow``) is no taller
than a page's content box, so Chromium never has to cut one. No request leaves the page's own file.
Every printed text is 8 pt or more (``test_handout_fonts.check_sizes``, on the same PDF).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from exact61_widgets.handouts import handout
from exact61_widgets.handouts.options import PAPERS as PAPER_SIZES
from exact61_widgets.handouts.printed_page import MARGINS, PX_PER_MM

from .test_handout_fonts import check_sizes

LANGS = ("en", "ru")


def content_box(paper: str) -> tuple[float, float]:
    """The width and height in millimetres inside the margins of ``paper``."""
    width, height = PAPER_SIZES[paper]
    top, right, bottom, left = MARGINS
    return width - left - right, height - top - bottom


PAPERS = ("a4", "letter")
#: The worksheet and answer key printed here: exercises and puzzles, pictures of all sizes.
WORKSHEET: dict[str, Any] = {"topics": ["going-out", "tally"], "count": 8}
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "rules-card": ("rules-card", {}),
    "notation": ("notation", {}),
    "score-sheet-2": ("score-sheet", {"players": 2}),
    "score-sheet-3": ("score-sheet", {"players": 3}),
    "score-sheet-4": ("score-sheet", {"players": 4}),
    "worksheet": ("worksheet", WORKSHEET),
    "answer-key": ("answer-key", WORKSHEET),
}
ONE_PAGE = {"rules-card", "notation", "score-sheet-2", "score-sheet-3", "score-sheet-4"}
#: Every page count printed, for the report at the end of the session.
COUNTS: dict[tuple[str, str, str], int] = {}

LAYOUT_JS = """
() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.right > width + 0.5) {
      wide.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''} ` +
                `${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
  }
  const kept = [];
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (style.breakInside === 'avoid' || style.pageBreakInside === 'avoid') {
      const r = el.getBoundingClientRect();
      kept.push({what: `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`,
                 height: r.height});
    }
  }
  const unkept = [...document.querySelectorAll('section:not(.flow), figure, table.sheet')]
    .filter((el) => getComputedStyle(el).breakInside !== 'avoid')
    .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`);
  return {scrollWidth: document.documentElement.scrollWidth, width, wide, kept, unkept};
}
"""


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    """Print the page counts once the module is done (``pytest -s`` shows them)."""
    yield
    for (case, lang, paper), pages in sorted(COUNTS.items()):
        print(f"handout {case:14} {lang} {paper:6}: {pages} page(s)")


def _pdf_pages(data: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_handout_prints_whole_on_its_pages(
    browser: Any, tmp_path: Path, case: str, lang: str, paper: str
) -> None:
    kind, options = CASES[case]
    path = tmp_path / f"{case}-{lang}-{paper}.html"
    path.write_text(handout(kind, lang=lang, paper=paper, **options), "utf-8")
    width_mm, height_mm = content_box(paper)
    width = round(width_mm * PX_PER_MM)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(path.as_uri())
        page.emulate_media(media="print")
        found = page.evaluate(LAYOUT_JS)
        data = page.pdf(prefer_css_page_size=True, print_background=True)
    finally:
        context.close()
    assert asked == [path.as_uri()], f"requests beyond the page itself: {asked}"
    assert found["width"] == width
    assert found["scrollWidth"] <= width, "the page is wider than the paper's content box"
    assert found["wide"] == [], f"elements wider than the content box: {found['wide'][:5]}"
    tallest = height_mm * PX_PER_MM
    too_tall = [k["what"] for k in found["kept"] if k["height"] > tallest]
    assert found["kept"] and too_tall == [], f"blocks taller than a page: {too_tall}"
    assert found["unkept"] == [], f"sections or figures that may be cut: {found['unkept']}"

    check_sizes(data)
    pages = _pdf_pages(data)
    COUNTS[(case, lang, paper)] = len(pages)
    if case in ONE_PAGE:
        assert len(pages) == 1, f"{case} takes {len(pages)} pages"
        return
    items = len(re.findall(r'<section class="(?:item|key-item)"', path.read_text("utf-8")))
    assert 1 <= len(pages) <= items
    question = r"(?:Question|Puzzle|Вопрос|Задача) \d+\b"
    answer = r"(?:Answer:|Your move:|Ответ:|Ваш ход:)"
    for number, text in enumerate(pages, start=1):
        flat = " ".join(text.split())
        parts = re.split(question, flat)  # the text after each item's heading, to the next
        assert len(parts) > 1, f"page {number} holds no whole item"
        assert re.search(answer, parts[0]) is None, f"page {number} ends an item begun before"
        for part in parts[1:]:
            assert re.search(answer, part), f"page {number}: an item's answer is on another page"
