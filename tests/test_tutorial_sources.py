"""The tutorials are built from one source in two languages, and the two do not drift.

``authoring/tutorials/NAME.md`` holds each notebook once; ``authoring/build.py`` writes
``NAME.ipynb`` and ``NAME_ru.ipynb``. These tests fail when a committed notebook
differs from its source, when the English and Russian notebooks differ in
structure (cells, code, exercises, widget kinds, pictures), or when English text
shows in a Russian notebook's outputs.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tutorial_outputs import TUTORIALS, load, markdown, outputs, text_of


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "tutorial_build", TUTORIALS.parent / "authoring" / "build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tutorial_build"] = module
    spec.loader.exec_module(module)
    return module


BUILD = _builder()
SOURCES = BUILD.sources()
TWINNED = [s for s in SOURCES if not s.single]


def test_every_source_is_built_and_committed_notebooks_match_it() -> None:
    problems = [p for s in SOURCES for p in BUILD.stale(s)]
    assert not problems, "run `python authoring/build.py` — " + "; ".join(problems)


def test_every_notebook_in_tutorials_has_a_source() -> None:
    built = {BUILD.target(s, lang).name for s in SOURCES for lang in s.languages}
    present = {p.name for p in TUTORIALS.glob("*.ipynb")}
    assert present == built, (sorted(present - built), sorted(built - present))


def test_committed_notebooks_are_executed() -> None:
    unexecuted = [
        f"{path.name} cell {i}"
        for path in TUTORIALS.glob("*.ipynb")
        for i, c in enumerate(load(path)["cells"])
        if c["cell_type"] == "code"
        and text_of(c["source"]).strip()
        and c.get("execution_count") is None
    ]
    assert not unexecuted, unexecuted


def structure(notebook: dict[str, Any]) -> dict[str, Any]:
    """What must be the same in both languages."""
    code = [
        re.sub(r'setup\("(en|ru)"\)', 'setup("LANG")', text_of(c["source"]))
        for c in notebook["cells"]
        if c["cell_type"] == "code"
    ]
    outs = list(outputs(notebook))
    exercises = [(spec.get("kind"), spec.get("name")) for o in outs for spec in o.exercise_specs]
    return {
        "cells": [c["cell_type"] for c in notebook["cells"]],
        "code": code,
        "exercises": exercises,
        "widgets": Counter(o.widget_kind for o in outs if o.widget_kind),
        "pictures": sum("image/svg+xml" in o.data for o in outs)
        + sum(o.get("text/html").count("<svg") for o in outs),
        "outputs per cell": Counter(o.cell for o in outs),
        "anchors": re.findall(r'<a id="([\w-]+)"></a>', markdown(notebook)),
    }


@pytest.mark.parametrize("source", TWINNED, ids=[s.name for s in TWINNED])
def test_english_and_russian_notebooks_have_the_same_structure(source: Any) -> None:
    en = structure(load(BUILD.target(source, "en")))
    ru = structure(load(BUILD.target(source, "ru")))
    for key in en:
        assert en[key] == ru[key], f"{source.name}: {key} differ"


#: Latin words a Russian reader may meet in an output: notation, names, units of code.
ALLOWED_LATIN = re.compile(
    r"\[\d\|\d\](?::(?:low|high|lineA|lineB|branchA|branchB))?"  # tiles and places
    r"|\b(?:low|high|lineA|lineB|branchA|branchB)\b"  # port names in notation
    r"|\b[RD]\d+(?:\.\d+)?\b"  # rule codes
    r"|\b[A-Z]\w*\((?:[^()]|\([^()]*\))*\)"  # a widget's repr
    r"|\b(?:A|B|SVG|Exact|Five|Up|lang|ru|draw|pass|JSON)\b"  # names and commands
)
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


@pytest.mark.parametrize("source", TWINNED, ids=[s.name for s in TWINNED])
def test_no_english_text_in_a_russian_notebooks_outputs(source: Any) -> None:
    notebook = load(BUILD.target(source, "ru"))
    leaks = []
    for out in outputs(notebook):
        seen = ALLOWED_LATIN.sub(" ", out.visible_text())
        words = ENGLISH_WORD.findall(seen)
        if words:
            leaks.append(f"cell {out.cell}: {' '.join(sorted(set(words))[:8])}")
    assert not leaks, f"{source.name}_ru: " + "; ".join(leaks[:10])


def test_the_builder_refuses_a_markdown_cell_without_russian(tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text("<!-- md -->\n# Title\n<!-- code -->\nprint(1)\n", "utf-8")
    with pytest.raises(BUILD.SourceError, match=r"bad\.md:3: a markdown cell has no Russian"):
        BUILD.parse(bad)


def test_the_builder_links_rule_codes_and_russian_twins(tmp_path: Path) -> None:
    assert BUILD.localize_markdown("See {R7.3} and [next](00_start_here.ipynb#x).", "ru") == (
        "See [R7.3](../RULES.ru.md#r7-3) and [next](00_start_here_ru.ipynb#x)."
    )
    assert BUILD.localize_markdown("{D5}", "en") == "[D5](../RULES.md#d5)"


def test_the_tutorials_folder_holds_only_what_a_learner_opens() -> None:
    """Notebooks and the data they read; the sources and the builder live in authoring/."""
    stray = [
        p.relative_to(TUTORIALS).as_posix()
        for p in TUTORIALS.rglob("*")
        if p.is_file()
        and p.suffix != ".ipynb"
        and p.relative_to(TUTORIALS).parts[0] != "data"
        and ".ipynb_checkpoints" not in p.parts
    ]
    assert not stray, f"only notebooks and data/ belong in tutorials/: {stray}"


def test_the_builder_collapses_a_hidden_code_cell_and_checks_it(tmp_path: Path) -> None:
    source = tmp_path / "hidden.md"
    source.write_text(
        "<!-- md -->\n# T\n<!-- ru -->\n# Т\n<!-- code hidden -->\nx = 1\n<!-- code -->\nx\n",
        "utf-8",
    )
    parsed = BUILD.parse(source)
    assert [(c.kind, c.hidden) for c in parsed.cells] == [
        ("md", False),
        ("code", True),
        ("code", False),
    ]
    cells = BUILD.notebook(parsed, "en")["cells"]
    assert cells[1]["source"] == BUILD.INSTALL_CELL  # the install cell comes first, open
    assert cells[2]["metadata"] == {"jupyter": {"source_hidden": True}}
    assert cells[3]["metadata"] == {}
    shown = BUILD.notebook(parsed, "en")
    shown["cells"][2]["metadata"] = {}  # a notebook whose cell is no longer collapsed is stale
    assert BUILD.cell_sources(shown) != BUILD.cell_sources(BUILD.notebook(parsed, "en"))


#: The teaching notebooks: their setup and exercise cells are collapsed (a learner need
#: not read them); 09 and the strategy notebook invite the learner to change code.
TEACHING = ("00", "01", "02", "03", "04", "05", "06", "07", "08", "10", "11", "12")


@pytest.mark.parametrize("source", TWINNED, ids=[s.name for s in TWINNED])
def test_teaching_notebooks_fold_their_setup_and_exercise_cells(source: Any) -> None:
    notebook = load(BUILD.target(source, "en"))
    code = [  # the install cell (authoring/build.py) is the same open cell in every notebook
        c
        for c in notebook["cells"]
        if c["cell_type"] == "code" and text_of(c["source"]) != BUILD.INSTALL_CELL
    ]
    asking = [
        c
        for c in code
        if any(
            "data-exercise" in text_of(o.get("data", {}).get("text/html", "")) for o in c["outputs"]
        )
    ]
    if source.name[:2] in TEACHING:
        assert BUILD.is_hidden(code[0]), f"{source.name}: the setup cell is open"
        open_cells = [text_of(c["source"])[:40] for c in asking if not BUILD.is_hidden(c)]
        assert not open_cells, f"{source.name}: exercise cells open: {open_cells}"
    else:  # where the learner is invited to change code, it stays open
        assert not any(BUILD.is_hidden(c) for c in code), source.name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_08_leaves_open_only_the_cell_a_learner_is_invited_to_change(lang: str) -> None:
    """08 is on the core path: its code lives in the tutorial helpers and is folded like
    01–07's; the one cell left open is the match a learner is asked to change and run."""
    source = next(s for s in SOURCES if s.name == "08_match_against_bots")
    built = BUILD.notebook(source, lang)
    code = [
        c
        for c in built["cells"]
        if c["cell_type"] == "code" and text_of(c["source"]) != BUILD.INSTALL_CELL
    ]
    shown = [text_of(c["source"]) for c in code if not BUILD.is_hidden(c)]
    assert shown == ["MatchTable(2, seed=1)"]
    assert len(code) >= 10  # the rest is there, folded
    invitation = [
        text_of(c["source"])
        for c in built["cells"]
        if c["cell_type"] == "markdown" and "your-match" in text_of(c["source"])
    ]
    assert len(invitation) == 1 and "`seed=1`" in invitation[0]


@pytest.mark.parametrize("path", sorted(TUTORIALS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_two_pictures_of_a_notebook_share_an_id(path: Path) -> None:
    """A page holds every picture at once, the exercises' folded reveals included."""
    ids: Counter[str] = Counter()
    for out in outputs(load(path)):
        for markup in (out.get("image/svg+xml"), out.get("text/html")):
            ids.update(re.findall(r'<svg[^>]*\bid="([^"]+)"', markup))
    assert [i for i, n in ids.items() if n > 1] == []


def _widget_notebook(ids: list[str], order: list[int]) -> str:
    """A notebook of two widget outputs whose box refers to a button, saved in ``order``."""
    box, button, layout = ids
    state = {
        box: {"state": {"children": [f"IPY_MODEL_{button}"], "layout": f"IPY_MODEL_{layout}"}},
        button: {"state": {"description": "Check", "layout": f"IPY_MODEL_{layout}"}},
        layout: {"state": {"width": "auto"}},
    }
    view = "application/vnd.jupyter.widget-view+json"
    nb = {
        "cells": [
            {"cell_type": "code", "outputs": [{"data": {view: {"model_id": box}}}]},
            {"cell_type": "code", "outputs": [{"data": {view: {"model_id": button}}}]},
        ],
        "metadata": {
            "widgets": {
                "application/vnd.jupyter.widget-state+json": {
                    "state": {ids[i]: state[ids[i]] for i in order}
                }
            }
        },
    }
    return json.dumps(nb)


def test_a_rebuild_names_widget_models_the_same_whatever_the_kernel_drew() -> None:
    # The kernel draws model ids at random and saves the state in creation order; the
    # builder renames them by the order the notebook reaches them, so an unchanged source
    # builds to the same bytes (a rebuild's diff is only what changed).
    first = ["0" * 31 + "a", "1" * 31 + "b", "2" * 31 + "c"]
    second = ["3" * 31 + "d", "4" * 31 + "e", "5" * 31 + "f"]
    one = BUILD.stable_model_ids(_widget_notebook(first, [0, 1, 2]), "04_scoring_ends")
    two = BUILD.stable_model_ids(_widget_notebook(second, [2, 0, 1]), "04_scoring_ends")
    assert one == two
    assert not any(old in one for old in first)
    other = BUILD.stable_model_ids(_widget_notebook(first, [0, 1, 2]), "05_going_out")
    assert other != one, "two notebooks' models must not share ids"


def _unshown_boxes(ids: list[str], order: list[int]) -> str:
    """A notebook whose two boxes no output shows (widgets shown from a callback): the boxes
    and their layouts alike, their children's words not."""
    box1, box2, child1, child2, *layouts = ids
    state = {
        box1: {"children": [f"IPY_MODEL_{child1}"], "layout": f"IPY_MODEL_{layouts[0]}"},
        box2: {"children": [f"IPY_MODEL_{child2}"], "layout": f"IPY_MODEL_{layouts[1]}"},
        child1: {"value": "the last hand", "layout": f"IPY_MODEL_{layouts[2]}"},
        child2: {"value": "the closing hand", "layout": f"IPY_MODEL_{layouts[3]}"},
        **{layout: {"width": "auto"} for layout in layouts},
    }
    saved = {ids[i]: {"state": state[ids[i]]} for i in order}
    return json.dumps({"cells": [], "metadata": {"widgets": {BUILD_STATE: {"state": saved}}}})


BUILD_STATE = "application/vnd.jupyter.widget-state+json"


def test_models_no_output_reaches_are_named_by_their_whole_tree() -> None:
    """Two boxes no output shows, alike but for their children's words, each with a layout
    like every other: the kernel's order of them decides nothing (it once did, and each
    rebuild of notebook 10 renamed them anew)."""
    first = [f"{i:x}" * 32 for i in range(8)]
    second = [f"{i:x}" * 32 for i in range(8, 16)]
    one = BUILD.stable_model_ids(_unshown_boxes(first, list(range(8))), "10_paper_tally")
    two = BUILD.stable_model_ids(_unshown_boxes(second, [7, 3, 1, 5, 0, 6, 2, 4]), "10_paper_tally")
    three = BUILD.stable_model_ids(
        _unshown_boxes(first, [1, 0, 3, 2, 6, 7, 4, 5]), "10_paper_tally"
    )
    assert one == two == three
