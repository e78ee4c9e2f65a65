"""Predict mode in every walkthrough: a play (or a question) first, its result at the next Next.

Every walkthrough the classroom opens (spinner, end scoring, rounding, going out, blocked,
exact 61 with both its cases, the narrated hand) and the notebooks' own defaults, in English
and Russian, are stepped through with predict mode on. At every held-back step nothing of
the result may be on the board, in the caption, in the text panel or in the screen reader's
live region; the next Next must show the result; and the teacher's notes must name the wrong
answers to expect by the live class's labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from exact61_widgets.classroom.app import Classroom
from exact61_widgets.classroom.labels import did
from exact61_widgets.classroom.script import notes_html
from exact61_widgets.i18n import LANGUAGES
from exact61_widgets.views.ready_positions import GOING_OUT_3P, GOING_OUT_REJECTED
from exact61_widgets.widgets.figures import (
    BlockedSpec,
    BoneyardSpec,
    HandSpec,
    LayoutSpec,
    ScoreSpec,
    SeatsSpec,
    compose,
    draw,
)
from exact61_widgets.widgets.walkthroughs import (
    BlockedWalkthrough,
    GoingOutWalkthrough,
    HandStory,
    Walkthrough,
)
from exact61_widgets.widgets.walkthroughs.base import Step, localized

#: The tabs of the classroom (1 to 7), and the exact-61 tab's second case.
TABS = range(1, 8)


def classroom_walkthroughs(lang: str) -> list[Walkthrough]:
    """Every walkthrough the classroom shows, as it opens them, in ``lang``."""
    room = Classroom(lang=lang)
    found = [room.walkthrough(index) for index in TABS]
    choice = room.tabs.children[6].children[2]
    choice.value = "blocked"
    found.append(room.walkthrough(6))
    return found


#: The notebooks' defaults where they differ from the classroom's, and the blocked story.
OTHERS: dict[str, Callable[[str], Walkthrough]] = {
    "going out (notebook)": lambda lang: GoingOutWalkthrough(lang=lang),
    "going out, three players": lambda lang: GoingOutWalkthrough(GOING_OUT_3P, lang=lang),
    "going out, one opponent": lambda lang: GoingOutWalkthrough(GOING_OUT_REJECTED, lang=lang),
    "blocked near the target (notebook)": lambda lang: BlockedWalkthrough(lang=lang),
    "blocked story": lambda lang: HandStory("blocked", lang=lang),
}


def held(walk: Walkthrough) -> list[int]:
    """The indices of the steps shown that hold a play back."""
    return [i for i, step in enumerate(walk.steps) if step.role == "play"]


def text_of(step: Step, lang: str) -> str:
    return localized(step.caption, lang)


def badges(markup: str) -> int:
    """How many scoring-end badges the board's pictures draw."""
    return len(re.findall(r'class="badge"', markup))


def check_nothing_told(walk: Walkthrough, index: int, lang: str) -> None:
    """At held-back step ``index`` nothing of its result is shown or said."""
    ask, told = walk.steps[index], walk.steps[index + 1]
    before = walk.steps[index - 1].panels if index else ()
    walk.go(index)
    assert walk.role == "play"
    question = text_of(ask, lang)
    # the caption and the live region say the question, and only it
    assert walk.caption_text == question
    assert walk.board.announcement == question
    assert question.rstrip().endswith("?"), question
    assert "=" not in question and "→" not in question, question
    assert text_of(told, lang) not in question
    assert ask.details == () and walk.text == question  # the text panel adds nothing
    # the board: every picture not shown before the play marks no scoring end and writes
    # no sum or rounding (its visible text, title and description for a screen reader) …
    new = [panel for panel in ask.panels if panel not in before]
    drawn = "".join(draw(panel.spec, "t", lang) for panel in new)
    assert badges(drawn) == 0, question
    said = re.sub(r"<[^>]+>", " ", drawn)
    assert "=" not in said and "→" not in said, (question, said)
    assert walk.board.svg == compose(ask.panels, walk.prefix, lang, None, "light")[1] or (
        walk.board.drawn_theme != "light"
    )
    # … and is of a kind that tells no result: no settlement or score not yet reached
    for panel in ask.panels:
        spec = panel.spec
        if panel in before:
            continue  # already shown before the play: nothing new
        if isinstance(spec, LayoutSpec):
            assert spec.ends is False and spec.play is None, question
        elif isinstance(spec, BlockedSpec):
            shown = next(p.spec for p in told.panels if isinstance(p.spec, BlockedSpec))
            assert spec.events == shown.events[: len(spec.events)]
            assert len(spec.events) < len(shown.events), question
        elif isinstance(spec, ScoreSpec):
            # the scores as they were before the play (those of the step before it)
            earlier = [p.spec for p in before if isinstance(p.spec, ScoreSpec)]
            assert not earlier or spec.scores == earlier[0].scores, question
        else:
            # hands, seats and the boneyard tell no result; a number line, a settlement
            # table or any other picture is part of the result
            assert isinstance(spec, (HandSpec, SeatsSpec, BoneyardSpec)), (question, spec)
    # the focus labels an interactive board reads say nothing of ends or sums either
    assert not any("=" in label for label in walk.board.labels.values())
    # the next Next shows the result and says it
    markup = walk.board.svg
    walk.next()
    assert walk.role == "result" and walk.step == index + 1
    assert walk.caption_text == text_of(told, lang) == walk.board.announcement
    assert walk.board.svg != markup or told.panels == ask.panels


def check_walkthrough(walk: Walkthrough, lang: str) -> int:
    walk.predict = True
    asked = held(walk)
    assert asked, f"{type(walk).__name__} holds no play back"
    assert walk.steps[-1].role != "play"
    for index in asked:
        assert walk.steps[index + 1].role == "result"
        check_nothing_told(walk, index, lang)
    return len(asked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_classroom_walkthrough_asks_before_it_shows(lang: str) -> None:
    walks = classroom_walkthroughs(lang)
    kinds = {walk.kind for walk in walks}
    assert kinds == {
        "spinner",
        "scoring",
        "rounding",
        "going_out",
        "blocked",
        "exact61",
        "story",
    }
    for walk in walks:
        assert walk.predict  # on by default in the classroom
        check_walkthrough(walk, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(OTHERS))
def test_the_notebooks_walkthroughs_ask_before_they_show(name: str, lang: str) -> None:
    walk = OTHERS[name](lang)
    assert not walk.predict  # off in the notebooks unless asked
    check_walkthrough(walk, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_question_has_wrong_answers_named_by_the_live_class_labels(lang: str) -> None:
    """The teacher's notes at every held-back step: the question, and each wrong answer with
    what the learner did (the label) and what it shows (the misconception's hint)."""
    for walk in classroom_walkthroughs(lang):
        for index in held(walk):
            step = walk.steps[index]
            assert step.expect, (walk.kind, text_of(step, lang))
            notes = notes_html(step, lang)
            for mistake in step.expect:
                label = did(mistake.misconception, lang)
                assert label and f"<i>{label}</i>" in notes.replace("&#x27;", "'")


def test_rounding_asks_before_its_number_line() -> None:
    walk = Classroom(lang="en").walkthrough(3)
    assert walk.step == 0 and walk.role == "play"
    assert walk.steps[0].panels == () and walk.board.svg == ""
    assert "rounded to the nearest multiple of 5" in walk.caption_text
    walk.next()
    assert walk.role == "result" and "exact61-rounding" in walk.board.svg


def test_the_blocked_tab_draws_its_question_before_the_first_award() -> None:
    """The first award's question shows the hands and their totals (a settlement table with
    no award yet cannot be drawn): it used to fail to draw."""
    for lang in LANGUAGES:
        walk = Classroom(lang=lang).walkthrough(5)
        first = held(walk)[0]
        walk.go(first)
        assert walk.board.error == "" and walk.role == "play"
        assert 'class="exact61-hand exact61-hand' in walk.board.svg  # the hands and totals
        assert not any(isinstance(p.spec, BlockedSpec) for p in walk.steps[first].panels)


def test_a_play_tried_in_end_scoring_is_held_back_first() -> None:
    """In predict mode a learner's own play in End scoring is asked about before it is
    scored, and the table stays the one of the step shown."""
    walk = Classroom(lang="en").walkthrough(2)
    walk.next()  # the first play's result
    table = str(walk.table)
    walk.try_play("[4|5]@[1|4]:high")
    assert walk.role == "play" and badges(walk.board.svg) == 0
    assert walk.caption_text.startswith("[4|5]@[1|4]:high: how many raw points")
    assert str(walk.table) == f"{table} [4|5]@[1|4]:high"
    walk.next()
    assert walk.role == "result" and badges(walk.board.svg) > 0
    assert walk.step == len(walk.steps) - 1
