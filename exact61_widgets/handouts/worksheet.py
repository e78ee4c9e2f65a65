"""Worksheets and their answer keys, chosen by topic, rating range, source and count.

The same :class:`~exact61_widgets.handouts.options.Selection` gives the same
items in the same order on the worksheet and on its key, and both carry the
same sheet code, so a key is matched to its sheet at a glance. Exercises come
first, in the tutorials' order, then puzzles by rising rating; a longer choice
is thinned evenly, so a sheet keeps the spread of its topics and difficulty.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from exact61_widgets.exercises import generated_kinds, like
from exact61_widgets.exercises.generate import difficulty_of
from exact61_widgets.handouts.items import Item, exercise_item, puzzle_item
from exact61_widgets.handouts.options import (
    LESSONS,
    NOT_YET,
    PUZZLE_DIFFICULTY,
    VERSION_LETTERS,
    HandoutError,
    Selection,
)
from exact61_widgets.handouts.printed_page import document, esc, heading, prose
from exact61_widgets.handouts.topics import PUZZLE_THEMES, topic_name
from exact61_widgets.handouts.tutorial_exercises import (
    TutorialExercise,
    pictures_for,
    tutorial_exercises,
)
from exact61_widgets.i18n import Msg, Plural, gettext
from exact61_widgets.puzzles import Puzzle, load_puzzles

T = TypeVar("T")


def spread(items: Sequence[T], count: int) -> list[T]:
    """At most ``count`` of ``items``, evenly spaced from the first to the last."""
    if len(items) <= count:
        return list(items)
    if count == 1:
        return [items[0]]
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def in_lesson(entry: TutorialExercise, lesson: int | None) -> bool:
    """Whether ``entry`` belongs on a sheet for ``lesson``: asked in one of its notebooks, and
    needing no topic it has not taught yet (None: every lesson)."""
    if lesson is None:
        return True
    return entry.number in LESSONS[lesson] and not set(NOT_YET[lesson]) & set(entry.topics)


def _exercises(selection: Selection) -> list[TutorialExercise]:
    if selection.source == "puzzles" or selection.rating is not None:
        return []  # the tutorials' exercises have no rating
    chosen = set(selection.topics)
    return [
        e
        for e in tutorial_exercises()
        if (not chosen or chosen & set(e.topics))
        and in_lesson(e, selection.lesson)
        and (selection.difficulty is None or difficulty_of(e.task()) == selection.difficulty)
    ]


def fresh_version(entry: TutorialExercise, version: int) -> TutorialExercise:
    """``entry`` as version ``version`` of a sheet asks it: a fresh exercise of its kind and
    difficulty from the generator (the same for the same version), under the same notebook,
    section and topics; an exercise whose kind the generator cannot make stays as it is."""
    task = entry.task()
    if version == 0 or task.kind not in generated_kinds():
        return entry
    fresh = like(task, version)
    return replace(
        entry, spec={**fresh.spec(), "name": entry.name}, pictures=pictures_for(fresh), question={}
    )


def _puzzles(selection: Selection) -> list[Puzzle]:
    if selection.source == "exercises" or selection.lesson == 1:
        return []  # a puzzle needs a whole hand: going out and exactly 61 (lesson 2)
    if selection.source == "all" and not selection.topics and selection.rating is None:
        return []  # with nothing asked of the puzzles, a sheet reviews the tutorials
    themes = {t for topic in selection.topics for t in PUZZLE_THEMES.get(topic, ())}
    if selection.topics and not themes:
        return []  # topics that no puzzle theme has
    low, high = selection.rating if selection.rating is not None else (0, 10**9)
    if selection.difficulty is not None:
        easiest, hardest = PUZZLE_DIFFICULTY[selection.difficulty]
        low, high = max(low, easiest), min(high, hardest)
    found = [
        p
        for p in load_puzzles()
        if low <= p.rating <= high and (not themes or themes & set(p.themes))
    ]
    return sorted(found, key=lambda p: (p.rating, p.id))


def choose(selection: Selection) -> tuple[list[TutorialExercise], list[Puzzle]]:
    """The exercises and puzzles of a selection, at most ``selection.count`` of them in all."""
    exercises = _exercises(selection)
    puzzles = _puzzles(selection)
    if not exercises and not puzzles:
        raise HandoutError(Msg("no exercise or puzzle matches {what}", {"what": _what(selection)}))
    count = selection.count
    if exercises and puzzles:
        first = min(len(exercises), max(count - len(puzzles), (count + 1) // 2))
        exercises, puzzles = spread(exercises, first), spread(puzzles, count - first)
    else:
        exercises, puzzles = spread(exercises, count), spread(puzzles, count)
    return [fresh_version(e, selection.version) for e in exercises], puzzles


def _what(selection: Selection) -> Msg:
    """The selection in words, for an error and for the page's heading."""
    parts: list[Msg] = []
    if selection.topics:
        parts.append(Msg("topics {topics}", {"topics": ", ".join(selection.topics)}))
    if selection.rating is not None:
        low, high = selection.rating
        parts.append(Msg("rating {low}–{high}", {"low": low, "high": high}))
    if selection.source != "all":
        parts.append(Msg("source {source}", {"source": selection.source}))
    if selection.lesson is not None:
        parts.append(Msg("lesson {lesson}", {"lesson": selection.lesson}))
    if selection.difficulty is not None:
        parts.append(Msg("difficulty {difficulty}", {"difficulty": selection.difficulty}))
    if not parts:
        return Msg("the choice")
    joined = parts[0]
    for part in parts[1:]:
        joined = Msg("{first}; {then}", {"first": joined, "then": part})
    return joined


def sheet_code(selection: Selection) -> str:
    """A short code for the selection, the same on the worksheet and on its key: ``W-3FA2``."""
    data = json.dumps(
        [list(selection.topics), selection.rating, selection.source, selection.count]
        + ([selection.version] if selection.version else [])
        + ([["lesson", selection.lesson]] if selection.lesson is not None else [])
        + ([["difficulty", selection.difficulty]] if selection.difficulty is not None else [])
    ).encode()
    return "W-" + hashlib.sha256(data).hexdigest()[:4].upper()


def _subject(selection: Selection, lang: str) -> str:
    """What the sheet is about, for its title: the lesson (and version), or the topics …"""
    subject = _about(selection, lang)
    if selection.lesson is not None:
        subject = Msg("lesson {lesson}", {"lesson": selection.lesson}).text(lang) + (
            "" if not selection.topics else f" ({subject})"
        )
    if selection.version:
        letter = (
            VERSION_LETTERS[selection.version - 1]
            if selection.version <= len(VERSION_LETTERS)
            else str(selection.version)
        )
        subject += ", " + Msg("version {letter}", {"letter": letter}).text(lang)
    return subject


def _about(selection: Selection, lang: str) -> str:
    if selection.topics:
        return ", ".join(topic_name(t, lang) for t in selection.topics)
    if selection.rating is not None:
        low, high = selection.rating
        return Msg("puzzles rated {low}–{high}", {"low": low, "high": high}).text(lang)
    if selection.source == "puzzles":
        return gettext("puzzles", lang)
    return gettext("the tutorials' exercises", lang)


def _items(selection: Selection, lang: str) -> list[Item]:
    exercises, puzzles = choose(selection)
    items = [exercise_item(e, f"ws-{i + 1}", lang) for i, e in enumerate(exercises)]
    start = len(items)
    items += [puzzle_item(p, f"ws-{start + i + 1}", lang) for i, p in enumerate(puzzles)]
    return items


def _label(item: Item, number: int, lang: str) -> str:
    if item.kind == "puzzle":
        return Msg("Puzzle {n}", {"n": number}).text(lang)
    return Msg("Question {n}", {"n": number}).text(lang)


def _ask(item: Item, number: int, lang: str) -> str:
    pictures = f'<div class="pics">{"".join(item.pictures)}</div>' if item.pictures else ""
    facts = "".join(f"<p>{prose(f)}</p>" for f in item.facts)
    line = gettext("Your move:", lang) if item.kind == "puzzle" else gettext("Answer:", lang)
    return (
        f'<section class="item" id="q{number}">'
        f"<h3>{esc(_label(item, number, lang))}</h3>"
        f"<p>{prose(item.question)}</p>{pictures}"
        + (f'<div class="facts">{facts}</div>' if facts else "")
        + f'<p class="answer">{esc(line)} <span class="fill"></span></p></section>'
    )


def _keyed(item: Item, number: int, lang: str) -> str:
    pictures = f'<div class="pics">{"".join(item.key_pictures)}</div>' if item.key_pictures else ""
    return (
        f'<section class="key-item" id="a{number}">'
        f"<h3>{esc(_label(item, number, lang))} "
        f'<span class="muted small">· {esc(item.source)}</span></h3>'
        f'<p><span class="key-answer">{esc(gettext("Answer:", lang))} {prose(item.answer)}'
        f'</span></p><p class="small solution">{prose(item.solution)}</p>{pictures}</section>'
    )


def worksheet(lang: str, paper: str, selection: Selection, *, key: bool) -> str:
    """The worksheet of ``selection`` as an HTML document, or (``key``) its answer key."""
    items = _items(selection, lang)
    code = sheet_code(selection)
    subject = _subject(selection, lang)
    count = Plural("{n} question", "{n} questions", len(items))
    if key:
        title = Msg("Answer key: {subject}", {"subject": subject}).text(lang)
        right = f'<span class="small">{esc(Msg("Sheet {code}", {"code": code}).text(lang))}</span>'
        intro = Msg(
            "The answers to worksheet {code} ({count}), each with its explanation, "
            "from the engine.",
            {"code": code, "count": count},
        ).text(lang)
        body = "".join(_keyed(item, n, lang) for n, item in enumerate(items, start=1))
    else:
        title = Msg("Worksheet: {subject}", {"subject": subject}).text(lang)
        right = ""
        fields = (
            f'<p class="fields">{esc(gettext("Name:", lang))} <span class="fill"></span> '
            f'{esc(gettext("Date:", lang))} <span class="fill short"></span></p>'
        )
        intro = Msg(
            "{count}. Write each answer on its line, as the question asks: tiles like "
            "[1|4], places like [1|4]:low, a move as 3-6 on the high 3 of 2-3, or draw, or "
            "pass. The rules are on the rules card; codes such as R7.3 name them.",
            {"count": count},
        ).text(lang)
        body = fields + "".join(_ask(item, n, lang) for n, item in enumerate(items, start=1))
    footer = Msg("Sheet {code}", {"code": code}).text(lang)
    return document(
        title=title,
        body=heading(title, right) + f'<p class="intro">{prose(intro)}</p>' + body,
        lang=lang,
        paper=paper,
        kind="answer-key" if key else "worksheet",
        footer=footer,
    )
