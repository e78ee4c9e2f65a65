"""A learner's own record, "my progress", the mixed review, and "Another one like this".

The record is a JSON file on the learner's device (here, in a temporary
directory); a broken or old file is set aside and reported, never a crash.
The mixed review asks first what this learner got wrong. The exercise's
"Another one like this" asks a fresh task of the same kind and difficulty.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exact61_widgets.exercises import Rounding, generate, tells_mistakes_apart
from exact61_widgets.exercises.generate import difficulty_of
from exact61_widgets.exercises.learner_record import (
    ENV,
    FORMAT,
    LearnerRecord,
    keep,
    live_kernel,
    record_path,
)
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises
from exact61_widgets.widgets import Exercise, MyProgress, Practice


def answered(path: Path) -> LearnerRecord:
    """A record of a few answers: rounding wrong twice (the same mistake), then right once;
    a blocked-hand question wrong once."""
    record = LearnerRecord(path)
    rounding = Rounding(18)
    record.add("ex-05-1", rounding, rounding.check("15"))
    record.add("ex-05-1", rounding, rounding.check("15"))
    block = generate("blocked_award", 1, 2)
    wrong = next(m for m in block.mistakes() if str(m.value) != block.answer("en"))
    record.add("ex-06-1", block, block.check(str(wrong.value)))
    return record


def test_answers_are_kept_in_a_json_file_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "record.json"
    record = answered(path)
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == FORMAT and data["version"] == 1 and len(data["answers"]) == 3
    again = LearnerRecord(path)
    assert again.answers == record.answers and again.problem is None
    assert again.answers[0].mistakes == ("rounded-wrong-way",)


def test_a_malformed_answer_is_not_kept(tmp_path: Path) -> None:
    record = LearnerRecord(tmp_path / "record.json")
    task = Rounding(18)
    record.add("ex-05-1", task, task.check("eighteen?"))
    assert record.answers == [] and not record.path.exists()


def test_progress_per_notebook_and_per_misconception(tmp_path: Path) -> None:
    record = answered(tmp_path / "record.json")
    progress = record.progress()
    assert progress.by_notebook == {"05": (0, 2), "06": (0, 1)}
    assert progress.by_mistake["rounded-wrong-way"] == (2, False)
    task = Rounding(18)
    record.add("ex-05-1", task, task.check("20"))
    assert record.progress().by_mistake["rounded-wrong-way"] == (2, True)  # fixed now
    assert record.progress().by_notebook["05"] == (1, 2)


def test_the_mixed_review_asks_first_what_this_learner_got_wrong(tmp_path: Path) -> None:
    record = answered(tmp_path / "record.json")
    assert record.weak_kinds() == ["rounding", "blocked_award"]
    review = Practice(review=True, record=record, seed=5, lang="en")
    assert review.order[:2] == ["rounding", "blocked_award"]
    assert review.current is not None and review.current.task.kind == "rounding"
    assert review.next().task.kind == "blocked_award"
    fresh = LearnerRecord(tmp_path / "other.json")
    assert Practice(review=True, record=fresh).order[0] == "displayed_points"


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        json.dumps({"format": FORMAT, "version": 0, "answers": []}),
        "[1, 2]",
        json.dumps({"format": FORMAT, "version": 1, "answers": [{"exercise": 3}]}),
    ],
    ids=["broken", "old", "not-a-record", "bad-answer"],
)
def test_a_broken_or_old_file_is_set_aside_and_reported(tmp_path: Path, text: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, "utf-8")
    record = LearnerRecord(path)
    assert record.answers == [] and record.problem is not None
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("record.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text("utf-8") == text  # kept, not deleted
    assert not path.exists()
    for lang in ("en", "ru"):
        assert aside[0].name in record.problem.text(lang)
    view = MyProgress(record, lang="en")
    assert aside[0].name in view.view.value  # the notebook goes on and says so


def test_my_progress_shows_the_record_and_resets_it(tmp_path: Path) -> None:
    record = answered(tmp_path / "record.json")
    view = MyProgress(record, lang="en")
    shown = view.view.value
    assert "<td>05</td><td>0</td><td>2</td>" in shown
    assert "Look at the remainder after dividing by 5" in shown and "still to practise" in shown
    assert "ещё потренироваться" in MyProgress(record, lang="ru").view.value
    view.reset_button.click()
    assert record.answers == [] and not record.path.exists()
    assert "No answers yet." in view.view.value


def test_a_saved_notebook_shows_the_call_never_the_record(tmp_path: Path) -> None:
    """A notebook saved after "my progress" ran keeps its text output: the call alone, so
    that neither a learner's answers nor English words reach a saved (Russian) page."""
    record = answered(tmp_path / "record.json")
    assert repr(MyProgress(record, lang="ru")) == "MyProgress(lang='ru')"
    practice = Practice(["going_out", "rounding"], 2, lang="ru")
    assert repr(practice) == "Practice(['going_out', 'rounding'], difficulty=2, lang='ru')"
    review = Practice(["blocked_award", "rounding"], review=True, record=record, lang="en")
    assert repr(review).startswith("Practice(['rounding', 'blocked_award']")  # weakest first


def test_the_record_lives_in_the_jupyter_data_dir_unless_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jupyter_core.paths import jupyter_data_dir

    monkeypatch.delenv(ENV, raising=False)
    assert record_path() == Path(jupyter_data_dir()) / "exact61_widgets" / "record.json"
    monkeypatch.setenv(ENV, str(tmp_path / "mine.json"))
    assert record_path() == tmp_path / "mine.json"


def test_in_the_jupyterlite_site_the_record_is_kept_in_the_browser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the JupyterLite site Python runs in the browser (``emscripten``): the record is a
    file of the site's drive, ``/drive``, which JupyterLite keeps in the browser's own
    storage (IndexedDB); the site's settings never switch that to memory only (which would
    lose every answer with the tab) nor name another storage."""
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert record_path() == Path("/drive/.exact61/record.json")
    root = Path(__file__).resolve().parents[1]
    config = json.loads((root / "lite" / "jupyter-lite.json").read_text("utf-8"))
    data = config["jupyter-config-data"]
    assert not data.get("enableMemoryStorage", False)
    assert "contentsStorageDrivers" not in data and "settingsStorageDrivers" not in data


def test_answers_outside_a_live_notebook_are_not_kept(tmp_path: Path) -> None:
    """Tests, scripts and a notebook being built are no learner: nothing is written."""
    assert not live_kernel()
    task = Rounding(18)
    assert keep("ex-05-1", task, task.check("15")) is None


# -- another one like this ----------------------------------------------------------------


def test_another_one_like_this_under_every_exercise() -> None:
    for entry in tutorial_exercises():
        exercise = Exercise(entry.task(), name=entry.name, lang="en")
        assert exercise.another_button in exercise.children[1].children
        assert not exercise.another_button.disabled
        exercise.check("0")
        fresh = exercise.another()
        assert fresh.kind == entry.spec["kind"] and tells_mistakes_apart(fresh)
        assert difficulty_of(fresh) == difficulty_of(entry.task())
        assert exercise.feedback.value == "" and exercise.answer.value == ""
        assert not exercise.revealed and exercise.solution_button.disabled
        result = exercise.check(fresh.answer("en"))
        assert result is not None and result.ok and exercise.revealed


def test_a_fresh_exercise_draws_what_its_question_needs() -> None:
    exercise = Exercise(generate("going_out", 2, 3), question_pictures=True, lang="en")
    assert exercise.question.value.count("<svg") == 2  # the layout, and every hand
    tally = Exercise(generate("tally_points", 2, 2), question_pictures=True, lang="en")
    assert "Figure: a full figure" in tally.question.value


def test_practice_serves_a_stream_of_fresh_exercises() -> None:
    practice = Practice(["play_award", "going_out"], 3, seed=11, lang="en")
    asked = [practice.current]
    asked += [practice.next() for _ in range(3)]
    assert [e.task.kind for e in asked if e] == ["play_award", "going_out"] * 2
    assert len({repr(e.task.spec()) for e in asked if e}) == 4
    practice.next_button.click()
    assert practice.asked == 5


# -- A/B versions of a worksheet -----------------------------------------------------------


def test_versions_of_a_worksheet_ask_fresh_exercises_and_keep_their_key() -> None:
    from exact61_widgets.handouts import handout
    from exact61_widgets.handouts.options import HandoutError, Selection
    from exact61_widgets.handouts.worksheet import choose, sheet_code

    own, _ = choose(Selection(topics=("going-out",), count=4))
    version_a, _ = choose(Selection(topics=("going-out",), count=4, version=1))
    version_b, _ = choose(Selection(topics=("going-out",), count=4, version=2))
    assert [e.name for e in version_a] == [e.name for e in own]
    for mine, a, b in zip(own, version_a, version_b, strict=True):
        assert a.spec["kind"] == mine.spec["kind"] and a.spec != mine.spec != b.spec
        assert tells_mistakes_apart(a.task())
        assert difficulty_of(a.task()) == difficulty_of(mine.task())
    again, _ = choose(Selection(topics=("going-out",), count=4, version=1))
    assert [e.spec for e in again] == [e.spec for e in version_a]  # the same version again
    codes = {sheet_code(Selection(topics=("going-out",), version=v)) for v in (0, 1, 2)}
    assert len(codes) == 3
    sheet = handout("worksheet", lang="en", topics=["going-out"], count=4, version=1)
    key = handout("answer-key", lang="en", topics=["going-out"], count=4, version=1)
    code = sheet_code(Selection(topics=("going-out",), count=4, version=1))
    assert code in sheet and code in key
    assert version_a[0].task().answer("en") in key
    with pytest.raises(HandoutError, match="or a whole number from 0 up"):
        handout("worksheet", version=-1)
