"""Predict, then see: no exercise's answer is visible anywhere above the exercise.

Every exercise's saved output carries its task (``data-exercise``), so the task
is rebuilt here and asked which texts would give its answer away
(``Task.giveaways``); the markdown and outputs above it must hold none of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_outputs import TUTORIALS, load, outputs, text_of

from exact61_widgets.exercises import leaked_answers, task_from_spec

NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))


def _exercises_with_text_above(path: Path) -> list[tuple[str, object, str, str]]:
    """Each exercise of a notebook with its language and all the text shown above it."""
    notebook = load(path)
    lang = "ru" if path.stem.endswith("_ru") else "en"
    above: list[str] = []
    found = []
    outs = list(outputs(notebook))
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            above.append(text_of(cell["source"]))
            continue
        for out in (o for o in outs if o.cell == index):
            for spec in out.exercise_specs:
                found.append((spec.get("name", "?"), task_from_spec(spec), lang, "\n".join(above)))
            if not out.exercise_specs:
                above.append(out.visible_text())
    return found


EXERCISES = [(path.name, *item) for path in NOTEBOOKS for item in _exercises_with_text_above(path)]


def test_the_tutorials_ask_enough_exercises() -> None:
    assert len({(name, ex) for name, ex, *_ in EXERCISES}) >= 40


@pytest.mark.parametrize(
    ("notebook", "name", "task", "lang", "above"),
    EXERCISES,
    ids=[f"{n}:{e}" for n, e, *_ in EXERCISES],
)
def test_no_answer_is_shown_above_its_exercise(
    notebook: str, name: str, task: object, lang: str, above: str
) -> None:
    leaks = leaked_answers(above, task, lang)  # type: ignore[arg-type]
    assert not leaks, f"{notebook} {name}: the answer shows above it: {leaks}"
