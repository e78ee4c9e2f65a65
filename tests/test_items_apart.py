"""Every item tells mistakes apart, and its feedback diagnoses the common ones.

Every shipped exercise — the tutorials' own, in both languages (their saved
specs are the package's ``tutorial-exercises.json``, which the extraction
checks are the same in English and Russian), which are also the worksheets'
exercise items — is held to one test: no known misconception lands on its
right answer (:func:`tells_mistakes_apart`), and where two misconceptions
lead to the same wrong answer, the feedback names both. The puzzles ask for
a best move and list no misconceptions, so they are no such items. The
classic settlement mistakes are each caught by the core path (notebooks
01–07); answers are balanced (few are 0, and near 61 a 0 is not the rule);
the common mistakes the issue lists get their own diagnosis (a table); and
every generated exercise passes the same test as the shipped ones.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

import pytest

from exact61_widgets.engine.scenario import Scenario
from exact61_widgets.exercises import (
    BlockedAward,
    GoingOut,
    PlayAward,
    ScoringEnds,
    TallyPoints,
    Task,
    generate,
    generated_kinds,
    like,
    tells_mistakes_apart,
)
from exact61_widgets.exercises.generate import DIFFICULTIES, difficulty_of
from exact61_widgets.handouts.tutorial_exercises import TutorialExercise, tutorial_exercises
from exact61_widgets.render import tally_svg
from exact61_widgets.render.svg_tally import tally_strokes_text
from exact61_widgets.views.ready_positions import BLOCKED_STORY

SHIPPED = tutorial_exercises()
CORE = [e for e in SHIPPED if 1 <= int(e.number) <= 7]
#: The kinds whose answer is a number a misconception can land on.
NUMBER_KINDS = ("play_award", "going_out", "blocked_award", "rounding", "tally_points")


def side_score(task: Task) -> int | None:
    """The raw score of the side a points question is about (None: it has none)."""
    if isinstance(task, PlayAward):
        return task.score
    if isinstance(task, GoingOut):
        match = task.position
        return match.scores[match.side_of(match.to_move)]
    if isinstance(task, BlockedAward):
        return task.position.scores[task.position.side_of(task.seat)]
    return None


@pytest.mark.parametrize("entry", SHIPPED, ids=[e.name for e in SHIPPED])
def test_no_misconception_lands_on_the_right_answer(entry: TutorialExercise) -> None:
    task = entry.task()
    right = set(task.answers("en"))
    landing = [
        m.misconception.key for m in task.mistakes() if not m.hidden and str(m.value) in right
    ]
    assert landing == [], f"{entry.name}: {landing} lead to the right answer {right}"
    assert tells_mistakes_apart(task)


def twin_of(entry: TutorialExercise) -> TutorialExercise | None:
    """The exercise just before ``entry`` on its notebook's page if it is ``entry``'s twin: the
    same task on the same position, asked before the target check (``before_check``)."""
    at = SHIPPED.index(entry)
    before = SHIPPED[at - 1] if at else None
    if before is None or before.notebook != entry.notebook:
        return None
    spec = entry.task().spec()
    twin = before.task().spec()
    return (
        before if not spec.get("before_check") and twin == {**spec, "before_check": True} else None
    )


def without_scores(spec: dict[str, object]) -> dict[str, object]:
    """A task's spec with its position's scores left out: the deal and the question alone."""
    position = spec.get("position")
    if not isinstance(position, dict):
        return spec
    return {**spec, "position": {k: v for k, v in position.items() if k != "scores"}}


def asked_first(entry: TutorialExercise) -> TutorialExercise | None:
    """The exercise that asks ``entry``'s award before its target check: its twin just before
    it, else an earlier one of its notebook on the same deal, where the check applies the
    award, so that its answer is that award (ex-06-1, at 0 points, for ex-06-3 at 275: a
    twin there would ask again what ex-06-1's solution above it shows)."""
    twin = twin_of(entry)
    if twin is not None:
        return twin
    task = entry.task()
    if task.kind not in ("going_out", "blocked_award"):
        return None
    award = replace(task, before_check=True).answer("en")  # type: ignore[type-var]
    deal = without_scores(task.spec())
    for earlier in SHIPPED[: SHIPPED.index(entry)]:
        first = earlier.task()
        same = earlier.notebook == entry.notebook and without_scores(first.spec()) == deal
        if same and first.answer("en") == award:
            return earlier
    return None


def test_a_hidden_mistake_lands_on_a_right_answer_only_after_its_twin() -> None:
    """A mistake the target check hides (a larger award, rejected as the right one is) lands on
    the right 0 of a rejected award whatever the position: no re-picked position keeps it
    apart. So its reasoning is asked first: by the exercise just before, the twin on the same
    position before the target check (or by an earlier exercise on the same deal whose answer
    is the award itself), which catches each such mistake as a wrong answer of its own."""
    unasked = []
    for entry in SHIPPED:
        task = entry.task()
        right = set(task.answers("en"))
        hidden = {
            m.misconception.key for m in task.mistakes() if m.hidden and str(m.value) in right
        }
        if not hidden:
            continue
        twin = asked_first(entry)
        if twin is None:
            unasked.append((entry.name, sorted(hidden)))
            continue
        first = twin.task()
        caught = {
            m.misconception.key
            for m in first.mistakes()
            if not m.hidden and str(m.value) not in set(first.answers("en"))
        }
        assert hidden <= caught, (entry.name, twin.name, sorted(hidden - caught))
    assert unasked == [], f"hidden mistakes land on the right answer, none asked first: {unasked}"


@pytest.mark.parametrize("entry", SHIPPED, ids=[e.name for e in SHIPPED])
def test_two_mistakes_on_one_answer_are_both_named(entry: TutorialExercise) -> None:
    task = entry.task()
    by_value: dict[int | str, list[str]] = defaultdict(list)
    hints = {m.misconception.key: m.misconception for m in task.mistakes()}
    for m in task.mistakes():
        if not m.hidden and m.misconception.key not in by_value[m.value]:
            by_value[m.value].append(m.misconception.key)
    for value, keys in by_value.items():
        result = task.check(str(value))
        assert not result.ok
        assert set(keys) <= set(result.diagnosis), (entry.name, value, result.diagnosis)
        if isinstance(value, str):  # a list or a word: each wrong item gets its own reason
            continue
        for lang in ("en", "ru"):
            for key in keys:
                assert hints[key].text(lang) in result.text(lang), (entry.name, value, key)


def test_a_planted_coincidence_is_caught() -> None:
    """The old ex-05-4: rounding each opponent's tiles apart gave the right 15."""
    old = Scenario.make(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[4|5]"]], scores=[100, 50])
    task = GoingOut(old.match())
    assert task.answer() == "15" and not tells_mistakes_apart(task)


def caught_on_the_core_path() -> dict[tuple[str, str], set[str]]:
    """Which core exercises catch each misconception: it leads there to a wrong answer of its
    own (not one the target check hides)."""
    caught: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entry in CORE:
        task = entry.task()
        right = set(task.answers("en"))
        for m in task.mistakes():
            if not m.hidden and str(m.value) not in right:
                caught[(task.kind, m.misconception.key)].add(entry.name)
    return caught


#: The settlement mistakes the core path must catch at least twice: R7.2's and R8.2's
#: "round the sum once", R7.3's "never pool the partner's tiles", the partner forgotten,
#: added or compared, the differences and the tiles not rounded or rounded the wrong way, a
#: pair's totals pooled, a tie taken to cancel an award (ex-06-9 is the second of both).
TWICE = [
    ("going_out", "each-hand-rounded"),
    ("going_out", "partner-pooled"),
    ("going_out", "partner-forgotten"),
    ("going_out", "partner-added"),
    ("going_out", "not-rounded"),
    ("going_out", "rounded-wrong-way"),
    ("going_out", "last-play-forgotten"),
    ("going_out", "unscored-sum-added"),
    ("going_out", "end-sum-rounded"),
    ("going_out", "displayed-for-raw"),
    ("blocked_award", "each-difference-rounded"),
    ("blocked_award", "sum-not-rounded"),
    ("blocked_award", "rounded-wrong-way"),
    ("blocked_award", "partner-compared"),
    ("blocked_award", "smaller-totals-counted"),
    ("blocked_award", "only-largest-compared"),
    ("blocked_award", "only-smallest-earns"),
    ("blocked_award", "award-after-the-win"),
    ("blocked_award", "displayed-for-raw"),
    ("blocked_award", "pair-totals-pooled"),
    ("blocked_award", "tie-cancels"),
]


@pytest.mark.parametrize(("kind", "key"), TWICE, ids=[f"{k}:{m}" for k, m in TWICE])
def test_the_core_path_catches_each_settlement_mistake_twice(kind: str, key: str) -> None:
    assert len(caught_on_the_core_path()[(kind, key)]) >= 2


#: The other kinds' mistakes whose answers the core path computes (points, displayed points,
#: rounding), caught at least twice today: a fence, so that a re-picked position never
#: drops one of them below two.
OTHERS_TWICE = [
    ("displayed_points", "raw-not-divided"),
    ("displayed_points", "multiplied-by-five"),
    ("play_award", "raw-for-displayed"),
    ("play_award", "multiplied-by-five"),
    ("play_award", "displayed-for-raw"),
    ("play_award", "internal-double-counted"),
    ("play_award", "end-double-counted-once"),
    ("rounding", "rounded-wrong-way"),
]


@pytest.mark.parametrize(("kind", "key"), OTHERS_TWICE, ids=[f"{k}:{m}" for k, m in OTHERS_TWICE])
def test_the_core_path_catches_the_other_kinds_mistakes_twice(kind: str, key: str) -> None:
    assert len(caught_on_the_core_path()[(kind, key)]) >= 2


def test_the_core_path_catches_every_settlement_mistake() -> None:
    from exact61_widgets.exercises.task import task_classes

    caught = caught_on_the_core_path()
    missed = [
        (cls.kind, m.key)
        for cls in task_classes()
        if cls.kind in ("going_out", "blocked_award")
        for m in cls.misconceptions
        if not caught[(cls.kind, m.key)]
    ]
    assert missed == []


#: Misconceptions no core exercise can catch, whatever its position: the one-word answer of
#: "play, draw or pass" names no tile and no place, so the mistakes of a written-out play
#: cannot show in it; a tile just drawn is drawn only because no tile of the hand fitted, and
#: the layout has not changed since, so no other tile of the hand can fit when one is (R3.3);
#: "what may be done now" models "nothing fits" by a play of a tile that matches an open
#: place, which the rules allow whenever there is one, so it is never a refused answer;
#: "not a multiple of 5" is about any number a learner types, not a wrong answer a question
#: leads to.
CANNOT_BE_CAUGHT = {
    ("legal_action", "not-the-drawn-tile"),
    ("legal_action", "play-nothing-fits"),
    ("play_draw_pass", "not-the-drawn-tile"),
    ("play_draw_pass", "place-does-not-fit"),
    ("play_draw_pass", "branch-too-early"),
    ("rounding", "not-a-multiple"),
}


def test_the_core_path_catches_every_mistake_of_its_kinds_twice() -> None:
    """Every misconception of every kind notebooks 01–07 ask is caught by two of their
    exercises — the list kinds' by their modelled wrong lists, the action kinds' by the
    refused actions — but for those no position can show (:data:`CANNOT_BE_CAUGHT`). The
    last ones to come: an empty table (ex-01-5, ex-02-15) and a number joined inside the
    layout (ex-02-1, ex-07-19); a pass where a draw is right (ex-02-13, ex-07-18) and a
    draw where a pass is (ex-02-12, ex-07-20); a total already a multiple of 5 to round
    (ex-05-11, ex-05-12); a play's award rejected whole from 270 and 275 (ex-07-17,
    ex-07-21); a blocked-hand award rejected from 270 (ex-06-10) and one that fits at 285
    (ex-06-11)."""
    from exact61_widgets.exercises.task import task_classes

    caught = caught_on_the_core_path()
    asked = {e.task().kind for e in CORE}
    below = {
        (cls.kind, m.key)
        for cls in task_classes()
        if cls.kind in asked
        for m in cls.misconceptions
        if len(caught[(cls.kind, m.key)]) < 2
    }
    assert below - CANNOT_BE_CAUGHT == set()


def test_a_list_answer_s_mistakes_are_modelled_and_named() -> None:
    """The list kinds' misconceptions lead to wrong lists of their own, which the check
    refuses, naming that misconception (ex-04-1: the taken line of an end double named)."""
    task = core_task("ex-04-1")
    mistakes = {m.misconception.key: str(m.value) for m in task.mistakes()}
    assert mistakes["end-double-forgotten"] == "[2|5]:low"
    open_places = next(e.task() for e in CORE if e.task().kind == "open_places")
    for mistake in open_places.mistakes():
        result = open_places.check(str(mistake.value))
        assert not result.ok and mistake.misconception.key in result.diagnosis


def test_few_answers_are_zero_and_near_61_zero_is_not_the_rule() -> None:
    """At most one answer in eight is 0; of the points questions about a side at 280 raw or
    more, at most half answer 0, so that typing 0 near 61 is no strategy; and where the
    answer near 61 is not 0, a 0 is diagnosed (an award that fits is added in full)."""
    answers = [e.task().answer("en") for e in SHIPPED]
    assert answers.count("0") * 8 <= len(answers)
    assert [e.task().answer("en") for e in CORE].count("0") * 8 <= len(CORE)
    near = [e.task() for e in SHIPPED if (side_score(e.task()) or 0) >= 280]
    zeros = [t for t in near if t.answer("en") == "0"]
    assert len(near) >= 10 and len(zeros) * 2 <= len(near)
    for task in near:
        if task.answer("en") != "0":
            assert "fitting-award-rejected" in task.check("0").diagnosis


def test_on_the_core_path_no_answer_near_61_is_0() -> None:
    """Where a side is at 280 raw or more, 0 is what a learner guesses from the score alone
    (little fits so near 61): no points question of notebooks 01–07 there answers 0. The
    target check is still asked, from scores where an award of that size would often fit
    (ex-05-5 at 270, ex-06-3 at 275), and the award after an exact 61 from a pair at 250
    (ex-06-4), so a 0 is worked out, never guessed."""
    near_zero = [
        e.name for e in CORE if (side_score(e.task()) or 0) >= 280 and e.task().answer("en") == "0"
    ]
    assert near_zero == []
    for name, score in (("ex-05-5", 270), ("ex-06-3", 275), ("ex-06-4", 250)):
        task = core_task(name)
        assert task.answer("en") == "0" and side_score(task) == score, name
    assert "settlement-target-forgotten" in core_task("ex-05-5").check("40").diagnosis
    assert "award-target-forgotten" in core_task("ex-06-3").check("35").diagnosis
    assert "award-after-the-win" in core_task("ex-06-4").check("15").diagnosis


def test_no_shipped_answer_near_61_is_0() -> None:
    """Every shipped notebook, not only 01–07: no points question about a side at 280 raw or
    more answers 0, a 0 guessed from the score alone. The bots' match of notebook 08 asks
    about a settlement from 270 (ex-08-4), the rejected awards are asked from 265 to 275."""
    near_zero = [
        e.name
        for e in SHIPPED
        if (side_score(e.task()) or 0) >= 280 and e.task().answer("en") == "0"
    ]
    assert near_zero == []


def test_a_taken_place_of_an_end_double_is_refused_with_a_reason_that_teaches() -> None:
    task = next(e.task() for e in SHIPPED if e.name == "ex-04-1")
    assert isinstance(task, ScoringEnds)
    result = task.check("[5|5]:lineA, [2|5]:low")
    assert not result.ok and result.diagnosis == ("end-double-forgotten",)
    text = result.text("en")
    assert "[5|5]:lineA is taken: [2|5] is joined there" in text
    assert "counts both its halves, from its one filled line" in text
    assert "[5|5]:lineA занято" in result.text("ru")
    assert task.check("[5|5], [2|5]:low").ok  # the double named by its tile
    assert task.check("[5|5]:lineB, [2|5]:low").ok  # or by its free line


# -- the common mistakes get their own diagnosis -------------------------------------------


def core_task(name: str) -> Task:
    return next(e.task() for e in SHIPPED if e.name == name)


def story_step_13() -> Task:
    from exact61_widgets.tutorial import before_step
    from exact61_widgets.widgets import HandStory

    return BlockedAward(before_step(HandStory("blocked"), 13), 3)


#: (the exercise, a wrong answer, the misconceptions its feedback must name).
COMMON: list[tuple[str, Callable[[], Task], str, set[str]]] = [
    ("displayed for raw, going out", lambda: core_task("ex-05-3"), "3", {"displayed-for-raw"}),
    ("displayed for raw, pairs", lambda: core_task("ex-05-4"), "2", {"displayed-for-raw"}),
    ("displayed for raw, a block", lambda: core_task("ex-06-1"), "7", {"displayed-for-raw"}),
    ("unscored last play added", lambda: core_task("ex-05-3"), "26", {"unscored-sum-added"}),
    ("unscored last play added, pairs", lambda: core_task("ex-05-4"), "13", {"unscored-sum-added"}),
    ("last play's sum rounded", lambda: core_task("ex-05-3"), "25", {"end-sum-rounded"}),
    ("partner compared (ex-07-5)", story_step_13, "40", {"partner-compared"}),
    (
        "an award that takes the side to 300 taken for rejected (ex-08-4: 270 + 30)",
        lambda: core_task("ex-08-4"),
        "0",
        {"fitting-award-rejected"},
    ),
    (
        "a play's sum rounded",
        lambda: PlayAward("[2|5]", "[5|5]@[2|5]:high"),
        "10",
        {"end-sum-rounded"},
    ),
    ("each difference rounded", lambda: core_task("ex-06-1"), "30", {"each-difference-rounded"}),
    ("partner pooled", lambda: core_task("ex-05-4"), "5", {"partner-pooled"}),
    ("pair totals pooled", lambda: core_task("ex-06-8"), "10", {"pair-totals-pooled"}),
    (
        "0 near 61 for an award that fits",
        lambda: core_task("ex-05-6"),
        "0",
        {"fitting-award-rejected"},
    ),
]


@pytest.mark.parametrize(("what", "make", "answer", "keys"), COMMON, ids=[row[0] for row in COMMON])
def test_a_common_mistake_gets_its_diagnosis(
    what: str, make: Callable[[], Task], answer: str, keys: set[str]
) -> None:
    from test_misconceptions import named_answers

    task = make()
    result = task.check(answer)
    assert not result.ok and keys <= set(result.diagnosis), (what, result.diagnosis)
    hints = {m.key: m for m in task.misconceptions}
    for lang in ("en", "ru"):
        text = result.text(lang)
        assert not text.startswith("Not quite. " + answer + " is not right. Try again")
        for key in keys:
            assert hints[key].text(lang) in text
        assert named_answers(task, text, answer) == [], (what, text)


# -- text for the pictures a question needs ------------------------------------------------


def count_strokes(text: str) -> int:
    """The points a tally's description shows, counted as a reader counts its strokes."""
    total = 10 * text.count("a full figure")
    total += 2 * text.count("Figure: a large X")
    total += text.count("Figure: one stroke:")
    total += 2 * text.count("a small x in its") - 2 * text.count("stroke of a small x in its")
    total += text.count("one stroke of a small x")
    return -total if text.startswith("A minus sign") else total


@pytest.mark.parametrize("points", [*range(0, 62), -3, -17])
def test_a_tally_question_can_be_answered_from_its_text(points: int) -> None:
    text = tally_strokes_text(points, "en")
    assert count_strokes(text) == points
    assert not re.search(r"\d", text)  # strokes to count, never a number
    described = str(tally_svg(points, count=False, lang="en"))
    assert text.replace("'", "&#x27;") in described or text in described


def test_every_shipped_tally_question_describes_its_strokes() -> None:
    tallies = [e.task() for e in SHIPPED if e.spec["kind"] == "tally_points"]
    assert len(tallies) >= 4
    for task in tallies:
        assert isinstance(task, TallyPoints)
        for lang in ("en", "ru"):
            assert tally_strokes_text(task.points, lang) in task.question_picture("q", lang)


# -- another one like this -------------------------------------------------------------------


@pytest.mark.parametrize("kind", generated_kinds())
def test_a_fresh_exercise_of_every_kind_and_difficulty(kind: str) -> None:
    for difficulty in DIFFICULTIES:
        specs = set()
        for seed in range(4):
            task = generate(kind, seed, difficulty)
            assert task.kind == kind and tells_mistakes_apart(task)
            again = generate(kind, seed, difficulty)
            assert again.spec() == task.spec()  # reproducible
            specs.add(repr(task.spec()))
            if kind not in ("boneyard_size", "rounding", "tally_points", "displayed_points"):
                assert difficulty_of(task) == difficulty, (kind, seed, task.spec())
        assert len(specs) >= 2 or kind == "boneyard_size"


def test_another_one_like_a_shipped_exercise_is_of_its_kind_and_difficulty() -> None:
    for entry in SHIPPED:
        task = entry.task()
        if task.kind not in generated_kinds():
            continue
        fresh = like(task, 1)
        assert fresh.kind == task.kind and difficulty_of(fresh) == difficulty_of(task)
        assert tells_mistakes_apart(fresh)


def test_a_fresh_which_mistake_question_keeps_the_review_s_grades_and_shows_its_moves() -> None:
    """A fresh "which move was the mistake?" is graded once, as its check grades it: the same
    task read back from its spec grades every move the same. Its moves are drawn above the
    question, which asks about "the moves shown above"."""
    from exact61_widgets.exercises import task_from_spec
    from exact61_widgets.exercises.kinds import WhichMistake
    from exact61_widgets.widgets import Exercise

    task = generate("which_mistake", 3, 2)
    assert isinstance(task, WhichMistake) and len(task.numbers) == 3
    again = task_from_spec(task.spec())
    assert isinstance(again, WhichMistake)
    assert [(d.grade, d.loss) for d in again.graded] == [(d.grade, d.loss) for d in task.graded]
    assert again.answer() == task.answer()
    shown = Exercise(task, question_pictures=True, lang="en").question.value
    assert shown.count("<svg") == 3 and shown.index("Move 3:") < shown.index("<p>Seat ")


def test_generation_refuses_what_it_cannot_make() -> None:
    from exact61_widgets.exercises import ExerciseError

    with pytest.raises(ExerciseError, match="cannot make a fresh"):
        generate("no_such_kind", 1)
    with pytest.raises(ExerciseError, match="difficulty is 1, 2 or 3"):
        generate("rounding", 1, 4)
    with pytest.raises(ExerciseError, match="seed is a whole number"):
        generate("rounding", "x", 1)  # type: ignore[arg-type]


def test_the_story_keeps_its_settlement_apart() -> None:
    """The going-out story's settlement (ex-07-4): rounding each opponent apart (40 + 15)
    or pooling the partner (52 − 9 = 43 → 45) gives 60, not the right 55."""
    task = core_task("ex-07-4")
    assert task.answer() == "55"
    mistakes = {m.misconception.key: m.value for m in task.mistakes()}
    assert mistakes["each-hand-rounded"] == 60 and mistakes["partner-pooled"] == 60
    assert BLOCKED_STORY.scores == (240, 275)
