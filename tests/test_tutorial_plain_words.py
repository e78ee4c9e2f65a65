"""The late notebooks speak plain words first, and each ends with what to remember.

Notebooks 08–12 talked past a 13-year-old (the issue): no "what to remember", and 11–12 spoke of
Wilson bounds, intervals and mean losses in their running text. So every one of them (in both
languages) has a "What to remember" list with rule links, as 01–07 do, and in 11 and 12 the
statistics are only inside folded blocks headed "For the curious", in the text and in what the
code prints.
"""

from __future__ import annotations

import re

import pytest
from test_tutorial_sources import BUILD, SOURCES
from tutorial_outputs import text_of

from exact61_widgets import tutorial

REMEMBER = {"en": "### What to remember", "ru": "### Что запомнить"}
CURIOUS = {"en": "For the curious", "ru": "Для любознательных"}
#: What the plain text of 11 and 12 must not say outside a fold.
STATISTICS = {
    "en": r"Wilson|interval|mean loss|equity|confidence|95\s?%",
    "ru": r"Уилсон|интервал|средн\w* потер|доверительн|95\s?%|95-процент",
}
DETAILS = re.compile(r"<details><summary>(.*?)</summary>.*?</details>", re.S)
LATE = ("08", "09", "10", "11", "12")


def markdown_of(number: str, lang: str) -> list[str]:
    source = next(s for s in SOURCES if s.name.startswith(number))
    cells = BUILD.notebook(source, lang)["cells"]
    return [text_of(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("number", LATE)
def test_every_late_notebook_ends_with_what_to_remember(number: str, lang: str) -> None:
    found = [text for text in markdown_of(number, lang) if REMEMBER[lang] in text]
    assert len(found) == 1, (number, lang)
    listed = found[0].split(REMEMBER[lang], 1)[1]
    points = re.findall(r"^\* ", listed, re.M)
    assert 3 <= len(points) <= 7, (number, lang, len(points))  # short
    assert re.search(r"\]\(\.\./RULES(?:\.ru)?\.md#", listed), (number, lang)  # rule links


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("number", ("11", "12"))
def test_the_statistics_of_11_and_12_are_folded_for_the_curious(number: str, lang: str) -> None:
    texts = markdown_of(number, lang)
    folds = [m.group(1) for text in texts for m in DETAILS.finditer(text)]
    curious = [summary for summary in folds if summary.startswith(CURIOUS[lang])]
    assert curious, (number, lang)
    plain = [DETAILS.sub("", text) for text in texts]
    said = [m.group(0) for text in plain for m in re.finditer(STATISTICS[lang], text, re.I)]
    assert said == [], (number, lang, said)
    inside = " ".join(m.group(0) for text in texts for m in DETAILS.finditer(text))
    assert re.search(STATISTICS[lang], inside, re.I), "the numbers are still there, folded"


def test_12_prints_its_statistics_only_under_a_fold() -> None:
    """12's code shows the values at two tables and the whole summary with show_curious; what
    it prints in the open is only the counts of each class."""
    source = next(s for s in SOURCES if s.name.startswith("12"))
    code = [text_of(c["source"]) for c in BUILD.notebook(source, "en")["cells"]]
    code = [c for c in code if "fair_values(" in c or "summary_rows(" in c]
    assert code and all("show_curious(" in c for c in code)
    assert not any(re.search(r"print\((?!table_text\(rows, \[)", c) for c in code)


def test_show_curious_folds_under_its_heading_in_the_notebooks_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from exact61_widgets import set_language

    shown: list[dict[str, str]] = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    try:
        for lang in ("en", "ru"):
            tutorial.setup(lang)
            tutorial.show_curious("mean loss 2.2% <")
    finally:
        set_language("en")
    assert [b["text/plain"] for b in shown] == [CURIOUS["en"], CURIOUS["ru"]]
    assert all("<details" in b["text/html"] and "2.2% &lt;" in b["text/html"] for b in shown)
