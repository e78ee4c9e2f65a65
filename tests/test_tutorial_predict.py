"""Predict, then see: nothing on a tutorial's page gives an exercise's answer away.

Every exercise's saved output carries its task (``data-exercise``), so the task
is rebuilt here and asked for its answers and for the texts that would give
them away (``Task.giveaways``). :func:`tutorial_outputs.exercise_findings` then
reads the page as a learner does, in both languages: the exercise's name, its
cell's code, its question, the form of its answer and the text box's
placeholder, its saved widget state (after Run All nothing is revealed), the
captions just above it, everything above it, and everything between it and the
next exercise. Its answer, and what shows it, belong in the exercise's reveal,
folded in its solution. A planted leak shows that the scanner can fail.
"""

from __future__ import annotations

import copy
import html
import json
from pathlib import Path
from typing import Any

import pytest
from tutorial_outputs import (
    TUTORIALS,
    WIDGET_VIEW,
    exercise_findings,
    load,
    outputs,
    page,
    text_of,
)

from exact61_widgets.exercises import task_from_spec

NOTEBOOKS = sorted(TUTORIALS.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_nothing_on_the_page_gives_an_exercise_away(path: Path) -> None:
    findings = exercise_findings(path)
    assert findings == [], f"{len(findings)} findings:\n" + "\n".join(findings)


def test_the_tutorials_ask_enough_exercises() -> None:
    asked = [s for p in NOTEBOOKS for s in page(load(p)) if s.kind == "exercise"]
    assert len(asked) >= 100  # about 60 in each language


# -- the scanner can fail: plant leaks in a copy of a notebook ------------------------------

PLANTED = TUTORIALS / "05_going_out_and_rounding.ipynb"


def _first_exercise(notebook: dict[str, Any], kind: str) -> tuple[int, int, dict[str, Any]]:
    """The cell and output index of the notebook's first exercise of ``kind``, and its spec."""
    for index, cell in enumerate(notebook["cells"]):
        for number, out in enumerate(cell.get("outputs", [])):
            markup = text_of(out.get("data", {}).get("text/html", ""))
            if "data-exercise" in markup:
                spec = next(
                    o.exercise_specs[0]
                    for o in outputs(notebook)
                    if o.cell == index and o.exercise_specs
                )
                if spec["kind"] == kind:
                    return index, number, spec
    raise AssertionError(f"no {kind} exercise")


def _markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": "planted", "metadata": {}, "source": text}


def _code(source: str, *shown: dict[str, Any]) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "execution_count": 1,
        "id": "planted-code",
        "metadata": {"jupyter": {"source_hidden": True}},
        "outputs": list(shown),
        "source": source,
    }


def _printed(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def test_the_planted_notebook_is_clean_to_begin_with() -> None:
    assert exercise_findings(PLANTED, load(PLANTED)) == []


@pytest.mark.parametrize(
    "where",
    ["after", "above", "output", "code", "name", "placeholder", "state", "bare", "caption"],
)
def test_a_planted_leak_is_found(where: str) -> None:
    notebook = copy.deepcopy(load(PLANTED))
    cell, out, spec = _first_exercise(notebook, "going_out")
    task = task_from_spec(spec)
    leak = task.giveaways("en")[0]
    answer = task.answer("en")
    if where == "after":
        notebook["cells"].insert(cell + 1, _markdown(f"As you saw: {leak}."))
    elif where == "above":
        notebook["cells"].insert(cell, _markdown(f"Remember: {leak}."))
    elif where == "output":
        notebook["cells"].insert(cell + 1, _code("explain()", _printed(leak)))
    elif where == "bare":
        result = {
            "output_type": "execute_result",
            "execution_count": 1,
            "data": {"text/plain": answer},
            "metadata": {},
        }
        notebook["cells"].insert(cell + 1, _code("answer", result))
    elif where == "code":
        notebook["cells"][cell]["source"] += f"\nprint({int(answer)})"
    elif where == "name":
        data = notebook["cells"][cell]["outputs"][out]["data"]
        markup = text_of(data["text/html"])
        spec["name"] = f"ex-{answer}"
        saved = html.escape(json.dumps(spec, sort_keys=True, separators=(",", ":")), quote=True)
        data["text/html"] = markup.replace(
            markup.split("data-exercise='", 1)[1].split("'", 1)[0], saved
        )
    elif where in ("placeholder", "state"):
        state = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]
        model = notebook["cells"][cell]["outputs"][out]["data"][WIDGET_VIEW]["model_id"]
        children = state["state"][model]["state"]["children"]
        if where == "placeholder":
            row = state["state"][children[1].removeprefix("IPY_MODEL_")]["state"]
            text_box = row["children"][0].removeprefix("IPY_MODEL_")
            state["state"][text_box]["state"]["placeholder"] = f"like {answer}"
        else:
            feedback = state["state"][children[2].removeprefix("IPY_MODEL_")]["state"]
            feedback["value"] = "<p>✔ Right!</p>"
    elif where == "caption":
        from exact61_widgets.render.descriptions import raw_points

        notebook["cells"][cell]["outputs"].insert(0, _printed(raw_points(int(answer))))
    before = set(exercise_findings(PLANTED, load(PLANTED)))
    found = [f for f in exercise_findings(PLANTED, notebook) if f not in before]
    assert found, where
    assert all(spec["name"] in f or f"ex-{answer}" in f for f in found), found


def _tutorial_tasks() -> list[Any]:
    found: dict[str, Any] = {}
    for path in NOTEBOOKS:
        if path.stem.endswith("_ru"):
            continue
        for seen in page(load(path)):
            if seen.kind == "exercise" and seen.spec is not None:
                found.setdefault(seen.spec["name"], task_from_spec(seen.spec))
    return list(found.items())


@pytest.mark.parametrize(("name", "task"), _tutorial_tasks(), ids=lambda x: str(x)[:10])
def test_no_feedback_of_a_tutorial_exercise_names_its_answer(name: str, task: Any) -> None:
    """The tutorials' own exercises, asked for every mistaken answer and a few more."""
    from test_misconceptions import named_answers, wrong_answers

    for answer in wrong_answers(task):
        result = task.check(answer)
        if result.ok:
            continue
        for lang in ("en", "ru"):
            assert named_answers(task, result.text(lang), answer) == [], (name, answer)
