"""The notebooks' times on the teacher's pages follow from the notebooks themselves.

A time a teacher plans a lesson by must not be a guess that drifts as a notebook grows (the issue
found notebook 07 listed at 25 minutes for 17 walkthrough steps, 5 exercises and 1,900 words). So
the teacher's pages state the method, and this test computes every notebook's time by it from
the committed English notebook and requires the tables of both languages to give exactly that:

* the text at 120 words a minute (careful reading; the Markdown cells' words);
* 1½ minutes for each exercise (its picture and feedback included), and half a minute for each
  step of a walkthrough or a narrated hand (its "Step 1 of N");
* the activity a notebook adds on top (:data:`ACTIVITIES`): a match against the bots, the
  puzzles, a review of one's own match;
* rounded up to the next 5 minutes.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
WORDS_A_MINUTE = 120
EXERCISE, STEP = 1.5, 0.5
#: Minutes of what a notebook has a learner do beyond reading and answering.
ACTIVITIES = {
    "08": 15,  # a whole match against the bots, with hints
    "11": 30,  # ten puzzles, three minutes each
    "12": 10,  # reviewing a match of one's own
}
_STEPS = re.compile(r"Step 1 of (\d+)|Шаг 1 из (\d+)")
_EXERCISE = re.compile(r"ex-\d\d-\d+")
_WORD = re.compile(r"\w+")
_MARKUP = re.compile(r"<[^>]+>|\]\([^)]*\)")
_ROW = re.compile(r"^\| (\d\d) [^\n]*\|\s(\d+)\s(?:min|мин)\S*\s\|$", re.M)


def estimate(notebook: Path) -> int:
    """The notebook's time in minutes by the method above."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    words = steps = 0
    exercises: set[str] = set()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            words += len(_WORD.findall(_MARKUP.sub(" ", "".join(cell["source"]))))
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = "".join(data.get("text/html", ""))
            found = _STEPS.search(html)
            if found:
                steps += int(found.group(1) or found.group(2))
            exercises.update(_EXERCISE.findall(html))
    minutes = words / WORDS_A_MINUTE + EXERCISE * len(exercises)
    minutes += STEP * steps + ACTIVITIES.get(notebook.name[:2], 0)
    return 5 * math.ceil(minutes / 5)


def listed(page: Path) -> dict[str, int]:
    """The time each notebook has in a teacher's page's table (``| 07 … | 35 min |``)."""
    rows = re.findall(
        r"^\| (\d\d) [^\n]*\|\s(\d+)\s(?:min|мин)\S*\s\|$", page.read_text("utf-8"), re.M
    )
    return {number: int(minutes) for number, minutes in rows}


NOTEBOOKS = sorted(p for p in TUTORIALS.glob("[01][0-9]_*.ipynb") if not p.stem.endswith("_ru"))


@pytest.mark.parametrize("page", ["teachers.md", "teachers.ru.md"])
def test_every_notebook_time_on_the_teachers_page_follows_from_the_notebook(page: str) -> None:
    times = listed(ROOT / "docs" / page)
    estimates = {p.name[:2]: estimate(p) for p in NOTEBOOKS}
    assert set(times) == set(estimates), page
    wrong = {n: (times[n], minutes) for n, minutes in estimates.items() if times[n] != minutes}
    assert not wrong, f"{page}: (listed, by the method) {wrong}"


def test_the_method_counts_what_a_learner_meets() -> None:
    """The counts are read from the notebook itself: a notebook with more in it takes longer."""
    story = TUTORIALS / "07_a_whole_hand.ipynb"
    assert estimate(story) > estimate(TUTORIALS / "01_tiles_points_and_target.ipynb")
    assert estimate(TUTORIALS / "11_puzzles.ipynb") >= ACTIVITIES["11"]
