"""The live class's question banks: the tutorials' exercises, lesson by lesson.

A bank is a named, ordered list of tutorial exercises
(:class:`~exact61_widgets.handouts.tutorial_exercises.TutorialExercise`): each carries
its task's spec (the engine rebuilds the task and so checks every answer), the notebook
and section that teach it, and the pictures a question shows without giving its answer
away (the pictures a printed worksheet shows, :mod:`exact61_widgets.handouts.items`).
The console offers :func:`banks`: one bank a tutorial (its exercises in the notebook's order)
and one with every exercise, each with a *fresh* twin (:func:`fresh_entry`): beside every
exercise, a new position of the same kind and difficulty made by the engine's generator
(:mod:`exact61_widgets.exercises.generate`) from a seed fixed by the exercise's name, so the
same bank holds the same questions on every machine and after every restart. Another
bank plugs in with :func:`register_bank`: it makes entries of the same shape (its own
notebook and section name where its kind is taught), and the console lists it too.

>>> bank = find_bank("04_scoring_ends")
>>> bank.entries[0].spec["kind"] in ("scoring_ends", "play_award")
True
>>> shown = question_view(bank.entries[0], "q1", "ru")
>>> bool(shown.question) and shown.answer_form != ""
True
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from exact61_widgets.exercises import BlockedAward, GoingOut, ScoringEnds, Task
from exact61_widgets.exercises.generate import difficulty_of, generate, generated_kinds
from exact61_widgets.handouts.items import Item, exercise_item
from exact61_widgets.handouts.tutorial_exercises import (
    TutorialExercise,
    pictures_for,
    tutorial_exercises,
)
from exact61_widgets.i18n import LANGUAGES, Lang, Msg, Plural, check_lang

#: The name of the bank that holds every exercise of every tutorial.
EVERY = "all"
#: A fresh bank's name is its tutorial bank's, after this.
FRESH = "fresh-"
#: The seed of every fresh question, with its exercise's name: change it for a new set.
FRESH_SEED = 1


@dataclass(frozen=True)
class Bank:
    """A named, ordered list of questions; ``title`` names it on the console."""

    name: str
    title: Msg
    entries: tuple[TutorialExercise, ...]

    def entry(self, key: str) -> TutorialExercise:
        """The entry named ``key``; an unknown one raises :class:`KeyError`."""
        for entry in self.entries:
            if entry.name == key:
                return entry
        raise KeyError(key)


@cache
def _tutorial_banks() -> tuple[Bank, ...]:
    every = tutorial_exercises()
    notebooks = list(dict.fromkeys(e.notebook for e in every))
    made = [Bank(EVERY, Msg("Every tutorial's exercises"), every)]
    for notebook in notebooks:
        entries = tuple(e for e in every if e.notebook == notebook)
        title = Msg(
            "Notebook {number}: {count}",
            {
                "number": notebook[:2],
                "count": Plural("{n} question", "{n} questions", len(entries)),
            },
        )
        made.append(Bank(notebook, title, entries))
    return tuple(made)


_FRESH: dict[str, TutorialExercise | None] = {}


def fresh_entry(entry: TutorialExercise) -> TutorialExercise | None:
    """A new question like ``entry``: the same kind and difficulty, the engine's own
    position, taught in the same notebook section; None for a kind the generator cannot
    make. The seed comes from :data:`FRESH_SEED` and the entry's name (the first one that
    gives a position other than the tutorial's own), so it is the same everywhere; made
    once an entry."""
    if entry.name not in _FRESH:
        _FRESH[entry.name] = make_fresh(entry)
    return _FRESH[entry.name]


def make_fresh(entry: TutorialExercise) -> TutorialExercise | None:
    """:func:`fresh_entry` made anew, not kept (the same entry every time it is made)."""
    task = task_of(entry)
    if task.kind not in generated_kinds():
        return None
    base = zlib.crc32(f"{FRESH_SEED}/{entry.name}".encode())
    for step in range(20):
        made = generate(task.kind, base + step, difficulty_of(task))
        if made.spec() != task.spec():
            break
    else:  # pragma: no cover - a generator that gives back only the tutorial's position
        return None
    return TutorialExercise(
        notebook=entry.notebook,
        section=entry.section,
        name=f"{FRESH}{entry.name}",
        topics=entry.topics,
        pictures=pictures_for(made),
        spec=made.spec(),
        question={},
    )


@cache
def _fresh_banks() -> tuple[Bank, ...]:
    made = []
    for bank in _tutorial_banks():
        entries = tuple(f for f in (fresh_entry(e) for e in bank.entries) if f is not None)
        if bank.name == EVERY:
            title = Msg("Fresh questions like every tutorial's")
        else:
            title = Msg(
                "Notebook {number}, fresh questions: {count}",
                {
                    "number": bank.name[:2],
                    "count": Plural("{n} question", "{n} questions", len(entries)),
                },
            )
        if entries:  # a tutorial whose kinds the generator cannot make has no fresh twin
            made.append(Bank(f"{FRESH}{bank.name}", title, entries))
    return tuple(made)


def banks() -> tuple[Bank, ...]:
    """Every bank the console offers: every exercise, each tutorial's, their fresh twins."""
    return (*_tutorial_banks(), *_fresh_banks())


def find_bank(name: str) -> Bank:
    """The bank named ``name``; an unknown one raises :class:`KeyError`."""
    for bank in _tutorial_banks():
        if bank.name == name:
            return bank
    if name.startswith(FRESH):
        for bank in _fresh_banks():
            if bank.name == name:
                return bank
    raise KeyError(name)


@dataclass(frozen=True)
class QuestionView:
    """What a learner sees of a question in one language: nothing that gives the answer."""

    question: str
    answer_form: str
    pictures: tuple[str, ...]
    facts: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class SolutionView:
    """What the console shows after the reveal: the answer, why (the engine's explanation),
    the engine's pictures, and the walkthrough a notebook shows for that kind of question
    as a saved notebook shows it (a strip of every step; empty for a kind that has none)."""

    answer: str
    solution: str
    pictures: tuple[str, ...]
    walkthrough: str = ""


_View = TypeVar("_View")
_TASKS: dict[str, Task] = {}
_QUESTIONS: dict[tuple[str, str, str], QuestionView] = {}
_SOLUTIONS: dict[tuple[str, str, str], SolutionView] = {}


def task_of(entry: TutorialExercise) -> Task:
    """The entry's task, rebuilt by the engine from its spec once (tasks are frozen)."""
    task = _TASKS.get(entry.name)
    if task is None:
        task = _TASKS[entry.name] = entry.task()
    return task


def _cached(
    kept: dict[tuple[str, str, str], _View],
    entry: TutorialExercise,
    prefix: str,
    lang: str,
    make: Callable[[Item, Lang], _View],
) -> _View:
    key = (entry.name, prefix, check_lang(lang))
    found = kept.get(key)
    if found is None:
        found = kept[key] = make(exercise_item(entry, prefix, key[2]), key[2])
    return found


def question_view(entry: TutorialExercise, prefix: str, lang: str) -> QuestionView:
    """The question in ``lang`` with its pictures (ids starting ``prefix``)."""

    def make(item: Item, lang: Lang) -> QuestionView:
        form = task_of(entry).answer_form().text(lang)
        return QuestionView(item.question, form, item.pictures, item.facts, item.source)

    return _cached(_QUESTIONS, entry, prefix, lang, make)


def solution_view(entry: TutorialExercise, prefix: str, lang: str) -> SolutionView:
    """The engine's solution in ``lang``: the answer, why, the answer drawn and the
    walkthrough. Made once a question and language (a walkthrough takes a moment to draw:
    :func:`prepare_solutions` makes it off the server's event loop when a question opens)."""

    def make(item: Item, lang: Lang) -> SolutionView:
        task = task_of(entry)
        pictures = item.key_pictures
        if not pictures:
            drawn = task.picture(f"{prefix}-pic", lang)
            pictures = (drawn,) if drawn else ()
        return SolutionView(
            item.answer, item.solution, pictures, walkthrough_html(task, f"{prefix}-walk", lang)
        )

    return _cached(_SOLUTIONS, entry, prefix, lang, make)


def solution_ready(entry: TutorialExercise, prefix: str, lang: str) -> bool:
    """Whether :func:`solution_view` has the solution already (returns it at once)."""
    return (entry.name, prefix, check_lang(lang)) in _SOLUTIONS


def prepare_solutions(entry: TutorialExercise, prefix: str) -> None:
    """Make the solution in every language ahead of the reveal (run in a worker thread)."""
    for lang in LANGUAGES:
        solution_view(entry, prefix, lang)


def walkthrough_html(task: Task, name: str, lang: str) -> str:
    """The walkthrough the tutorials show beside a question of this kind, as a saved
    notebook shows it (every step, its caption and rule links): the going-out settlement,
    the blocked-hand awards, the scoring ends. The other kinds have none (empty string).

    The widget is built only to read its static form, then closed, so that nothing stays
    in the widgets' registry of the server's process.
    """
    from exact61_widgets.exercises.reveal import RevealItem, item_html
    from exact61_widgets.widgets import (
        BlockedWalkthrough,
        EndScoringWalkthrough,
        GoingOutWalkthrough,
        Walkthrough,
    )

    made: Walkthrough
    if isinstance(task, GoingOut):
        made = GoingOutWalkthrough(task.position, task.play, lang=lang, name=name)
    elif isinstance(task, BlockedAward):
        made = BlockedWalkthrough(task.position, task.action, lang=lang, name=name)
    elif isinstance(task, ScoringEnds):
        made = EndScoringWalkthrough(task.layout, lang=lang, name=name)
    else:
        return ""
    try:
        return item_html(RevealItem("widget", made), lang)
    finally:
        _close(made)


def _close(widget: object) -> None:
    """Close a widget and every widget inside it."""
    import ipywidgets as w

    if isinstance(widget, w.Box):
        for child in widget.children:
            _close(child)
    if isinstance(widget, w.Widget):
        widget.close()


def section_of(entry: TutorialExercise, lang: str) -> str:
    """``Notebook 04, 4.2 …``: where the tutorials teach what the question asks."""
    return Msg(
        "Notebook {number}, {section}",
        {"number": entry.number, "section": entry.section.get(check_lang(lang), "")},
    ).text(lang)
