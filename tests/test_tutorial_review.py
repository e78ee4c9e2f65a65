"""The core path ends with a mixed review: 07 §7.6, on positions no other question uses.

The mixed review sat in the optional paper-tally notebook (10 §10.6), so a class that stops
after 07 never met one (the issue). 07 now ends with sixteen questions of different kinds
(the later ones catch mistakes the rest of the core path meets only once), each on a new
position but for the count of a deal's boneyard: no other shipped exercise shows its layout,
nor the same layout with the same hands. Two of them (12 and 16) first ask the award alone, before
the target check, on their own position (a twin, ``before_check``), so that a mistake the check
hides is caught there. That each tells its misconceptions apart, and that
nothing on the page gives its answer away, is held by the tests every shipped exercise passes
(``tests/test_items_apart.py``, ``tests/test_tutorial_predict.py``).
"""

from __future__ import annotations

from typing import Any

from exact61_widgets.handouts.tutorial_exercises import TutorialExercise, tutorial_exercises

SHIPPED = tutorial_exercises()
REVIEW = [e for e in SHIPPED if e.notebook.startswith("07") and e.section["en"].startswith("7.6")]
#: The review's questions, but the first part of two of them (the award before the target check).
QUESTIONS = [e for e in REVIEW if not e.spec.get("before_check")]
#: The review's questions about a position: all but the count of a deal's boneyard.
POSITIONED = [e for e in QUESTIONS if e.spec["kind"] != "boneyard_size"]


def layout_of(entry: TutorialExercise) -> str:
    spec: dict[str, Any] = dict(entry.spec)
    position = spec.get("position")
    if isinstance(position, dict):
        return str(position["layout"])
    return str(spec.get("layout", ""))


def test_07_ends_with_a_mixed_review_of_the_core_path() -> None:
    assert 5 <= len(QUESTIONS) <= 16 and len(REVIEW) - len(QUESTIONS) == 2
    kinds = {e.spec["kind"] for e in REVIEW}
    assert len(kinds) >= 5, kinds  # mixed: a question of each part of the rules
    assert {"going_out", "blocked_award", "play_award"} <= kinds  # the settlements and awards
    assert REVIEW[0].section == {"en": "7.6 A mixed review", "ru": "7.6 Повторение вперемешку"}
    later = [e for e in SHIPPED if e.notebook.startswith("07") and e not in REVIEW]
    assert all(int(e.name.split("-")[2]) < int(REVIEW[0].name.split("-")[2]) for e in later)


def test_every_review_question_is_on_a_position_no_other_question_uses() -> None:
    others = [e for e in SHIPPED if e not in REVIEW]
    for entry in POSITIONED:
        layout = layout_of(entry)
        assert layout, entry.name
        same = [o.name for o in others if layout_of(o) == layout]
        assert same == [], (entry.name, same)
    layouts = [layout_of(e) for e in POSITIONED]
    assert len(set(layouts)) == len(layouts)  # and none twice within the review
