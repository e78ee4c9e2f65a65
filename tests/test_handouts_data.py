"""The tutorials' exercises shipped for the handouts match the committed notebooks.

An installed package has no tutorials folder, so the package data file
``handouts/tutorial-exercises.json`` keeps what the notebooks ask; when a notebook changes, the
file must be written again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tutorial_outputs import TUTORIALS, load, outputs

from exact61_widgets.exercises import task_from_spec
from exact61_widgets.handouts.extract import COMMAND, OUTPUT, extract, main
from exact61_widgets.handouts.topics import TOPICS
from exact61_widgets.handouts.tutorial_exercises import (
    PICTURES,
    dumps,
    read_document,
    tutorial_exercises,
)


def test_the_data_file_matches_the_committed_notebooks() -> None:
    fresh = dumps(extract(TUTORIALS))
    assert OUTPUT.read_text("utf-8") == fresh, (
        f"{OUTPUT.name} is stale: run {COMMAND} (the notebooks' exercises changed)"
    )


def test_it_holds_every_exercise_the_english_notebooks_save() -> None:
    saved = [
        (path.stem, spec["name"])
        for path in sorted(TUTORIALS.glob("*.ipynb"))
        if not path.stem.endswith("_ru")
        for out in outputs(load(path))
        for spec in out.exercise_specs
    ]
    assert [(e.notebook, e.name) for e in tutorial_exercises()] == saved
    assert len(saved) >= 40


def test_each_entry_rebuilds_its_task_and_names_known_topics_and_pictures() -> None:
    for entry in tutorial_exercises():
        task = task_from_spec(entry.spec)
        assert entry.task().spec() == task.spec()
        assert entry.topics and set(entry.topics) <= set(TOPICS)
        assert set(entry.pictures) <= set(PICTURES)
        assert (
            entry.section["en"]
            and entry.section["ru"]
            and entry.section["en"] != entry.section["ru"]
        )
    assert (
        read_document({"format": "exact61-tutorial-exercises", "version": 1, "exercises": []}) == ()
    )


def test_check_says_stale_with_the_command_to_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "tutorial-exercises.json"
    stale.write_text("{}\n", "utf-8")
    assert main(["--check", "--out", str(stale)]) == 1
    assert f"is stale: run {COMMAND}" in capsys.readouterr().err
    written = tmp_path / "fresh.json"
    assert main(["--out", str(written)]) == 0
    assert main(["--check", "--out", str(written)]) == 0
    assert written.read_text("utf-8") == OUTPUT.read_text("utf-8")
