"""Every misconception has a label of what the learner did, in both languages, for the
teacher's counts: distinct within a kind, never the answer, and on the console's reveal."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import exact61_widgets.exercises.kinds as kinds
from exact61_widgets.classroom.answer_counts import checked, distribution, misconceptions_of
from exact61_widgets.classroom.bank import task_of
from exact61_widgets.classroom.labels import LABELS, UnlabelledMisconception, counted, did
from exact61_widgets.classroom.pages import distribution_svg
from exact61_widgets.exercises import Misconception, Rounding
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises
from exact61_widgets.i18n import LANGUAGES


def _by_kind() -> dict[str, dict[str, Misconception]]:
    """Every misconception of every kind: its module's list and those its tutorial
    exercises' questions name."""
    found: dict[str, dict[str, Misconception]] = {}
    for module in pkgutil.iter_modules(kinds.__path__):
        loaded = importlib.import_module(f"{kinds.__name__}.{module.name}")
        listed: tuple[Misconception, ...] = getattr(loaded, "MISCONCEPTIONS", ())
        for misconception in listed:
            found.setdefault(module.name, {})[misconception.key] = misconception
    for entry in tutorial_exercises():
        kind = str(entry.spec["kind"])
        for key, misconception in misconceptions_of(task_of(entry)).items():
            found.setdefault(kind, {})[key] = misconception
    return found


BY_KIND = _by_kind()


def test_the_kinds_have_the_misconceptions_the_table_labels() -> None:
    every = {key for known in BY_KIND.values() for key in known}
    assert len(every) >= 70
    assert every == set(LABELS)  # no misconception without a label, no label left over


@pytest.mark.parametrize("kind", sorted(BY_KIND))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_misconception_of_a_kind_has_its_own_label_in_both_languages(
    kind: str, lang: str
) -> None:
    labels = [did(m, lang) for m in BY_KIND[kind].values()]
    assert all(label and label == label.strip() and "\n" not in label for label in labels)
    assert len(set(labels)) == len(labels), labels
    for label in labels:
        assert len(label) <= 80
        assert not re.search(r"\(R\d|\bD\d", label)  # plain words, no rule numbers
        if lang == "ru":
            assert not re.search(r"[A-WYZa-wyz]", label), label  # Russian words (X is the tally's)
            assert label != did(next(iter(BY_KIND[kind])), "en")


def test_no_label_gives_the_answer_of_a_question_that_shows_it() -> None:
    for entry in tutorial_exercises():
        task = task_of(entry)
        for lang in LANGUAGES:
            answer = task.answer(lang).strip()
            parts = {p.strip() for p in re.split(r"[,;]", answer)} - {""}
            for misconception in misconceptions_of(task).values():
                label = did(misconception, lang)
                assert not re.search(r"\d", label), label  # no number at all
                for part in parts:  # the answer, or an item of it, as words of its own
                    assert not re.search(rf"(?<!\w){re.escape(part)}(?!\w)", label), (label, part)


def test_an_unknown_misconception_is_named_as_such() -> None:
    with pytest.raises(UnlabelledMisconception, match="no-such-mistake"):
        did("no-such-mistake", "en")


def test_the_reveal_shows_how_many_did_what_in_both_languages() -> None:
    task = Rounding(13)
    verdicts = [checked(task, a) for a in ("15", "10", "10", "20")]
    rows = distribution(task, verdicts)
    shown = [{"key": r.key, "label": r.label("en"), "count": r.count, "before": None} for r in rows]
    svg = distribution_svg(shown, "en")
    assert "2 rounded in the wrong direction" in svg
    assert "1 answered right" in svg and "1 gave other answers" in svg
    russian = [
        {"key": r.key, "label": r.label("ru"), "count": r.count, "before": None} for r in rows
    ]
    svg = distribution_svg(russian, "ru")
    assert "Округлили не в том направлении: 2" in svg and "Ответили верно: 1" in svg
    assert counted("rounded each opponent's tiles on their own", 6, "en") == (
        "6 rounded each opponent's tiles on their own"
    )
