"""Worksheet items: a tutorial exercise or a puzzle, with its question, pictures and answer.

The question, the pictures and the facts (boneyard, scores, what the history
showed) go on the worksheet; the answer and its explanation go on the separate
answer key, and both come from the engine: an exercise's task states its own
answer and solution (:mod:`exact61_widgets.exercises`), a puzzle its accepted
moves and explanation (:mod:`exact61_widgets.puzzles`). Nothing here is typed by
hand, and nothing on the worksheet gives an answer away: pictures of a question
leave its scoring ends unmarked, and a question about open places shows none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from exact61_widgets.engine.actions import parse_action
from exact61_widgets.engine.hidden import knowledge
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg, action_notation
from exact61_widgets.engine.scoring import displayed
from exact61_widgets.exercises import (
    BlockedAward,
    GoingOut,
    LegalAction,
    PlayDrawPass,
    Task,
)
from exact61_widgets.handouts import art
from exact61_widgets.handouts.tutorial_exercises import TutorialExercise
from exact61_widgets.i18n import Msg, Plural, gettext
from exact61_widgets.puzzles import Puzzle, theme_name

#: Picture sizes on a worksheet and on its key (a share of the pictures' own size), hands'
#: a little smaller, and the tallest a layout may be (millimetres).
ASK_SCALE = 0.66
HAND_SCALE = 0.55
KEY_SCALE = 0.5
TALLEST = 58.0


@dataclass(frozen=True)
class Item:
    """One worksheet item: what the worksheet shows and what its key shows, as HTML/text."""

    kind: str  # "exercise" or "puzzle"
    source: str
    question: str
    pictures: tuple[str, ...]
    facts: tuple[str, ...]
    answer: str
    solution: str
    key_pictures: tuple[str, ...] = ()


def scores_line(match: Match, lang: str) -> str:
    """``Scores: seat 0: 290 raw (58); seat 1: 0 raw (0).``"""
    parts = "; ".join(
        Msg(
            "{side}: {raw} raw ({shown})",
            {"side": match.seating.side_name(side), "raw": raw, "shown": displayed(raw)},
        ).text(lang)
        for side, raw in enumerate(match.scores)
    )
    return Msg("Scores: {scores}.", {"scores": parts}).text(lang)


def _boneyard_line(match: Match, lang: str) -> str:
    if not match.boneyard_count:  # not "holds 0 tiles"
        return Msg("The boneyard is empty.").text(lang)
    return Msg(
        "The boneyard holds {tiles}.",
        {"tiles": Plural("{n} tile", "{n} tiles", match.boneyard_count)},
    ).text(lang)


def _seat_label(match: Match, seat: int, lang: str) -> str:
    if seat == match.to_move:
        return Msg("Seat {seat}, to move", {"seat": seat}).text(lang)
    return Msg("Seat {seat}", {"seat": seat}).text(lang)


def _table(match: Match, prefix: str, lang: str, every_hand: bool) -> list[str]:
    """The table (ends not marked) and the hands: the mover's, or every seat's."""
    pictures = []
    if match.layout:
        pictures.append(
            art.layout(
                str(match.layout),
                f"{prefix}-table",
                lang,
                ASK_SCALE,
                ends=False,
                max_height=TALLEST,
            )
        )
    seats = range(match.players) if every_hand else (match.to_move,)
    for seat in seats:
        tiles = [str(t) for t in match.hand(seat)]
        label = _seat_label(match, seat, lang)
        pictures.append(art.hand(tiles, f"{prefix}-seat{seat}", lang, HAND_SCALE, label=label))
    return pictures


#: The kinds of task asked about a match's table: each keeps the match as ``position``.
TABLE_KINDS: Final = (LegalAction, PlayDrawPass, GoingOut, BlockedAward)


def table_of(task: Task) -> Match | None:
    """The match whose table, hands, boneyard and scores a printed ``task`` shows, or None.

    The kinds that ask about a table (:data:`TABLE_KINDS`) are named by their types, so a
    renamed field is a type error for mypy and a failing test, not a silently empty item.
    """
    if isinstance(task, TABLE_KINDS):
        return task.position
    return None


def _empty_table(lang: str) -> str:
    return gettext("The table is empty: the next tile opens the layout.", lang)


def _question_pictures(
    task: Task, spec: Mapping[str, Any], names: Sequence[str], prefix: str, lang: str
) -> tuple[list[str], list[str]]:
    pictures: list[str] = []
    facts: list[str] = []
    layout = spec.get("layout")
    match = table_of(task)
    for name in names:
        if name in ("layout", "layout-bare") and isinstance(layout, str):
            if layout:
                bare = name == "layout-bare"
                pic = art.layout(
                    layout,
                    f"{prefix}-layout",
                    lang,
                    ASK_SCALE,
                    ends=False,
                    places=not bare,
                    max_height=TALLEST,
                )
                pictures.append(pic)
            else:
                facts.append(_empty_table(lang))
        elif name == "hand" and "hand" in spec:
            label = gettext("The hand", lang)
            hand = list(spec["hand"])
            pictures.append(art.hand(hand, f"{prefix}-hand", lang, HAND_SCALE, label=label))
        elif name == "table" and match is not None:
            pictures.extend(_table(match, prefix, lang, every_hand="hands" in names))
            if not match.layout:
                facts.append(_empty_table(lang))
            facts.append(_boneyard_line(match, lang))
            facts.append(scores_line(match, lang))
        elif name == "tally" and "points" in spec:
            pictures.append(
                art.tally(int(spec["points"]), f"{prefix}-tally", lang, 0.55, count=False)
            )
    return pictures, facts


def _key_pictures(task: Task, spec: Mapping[str, Any], prefix: str, lang: str) -> list[str]:
    """The answer drawn: the layout with its ends and places marked (after the play)."""
    layout = spec.get("layout")
    if not isinstance(layout, str) or task.kind not in (
        "open_places",
        "scoring_ends",
        "play_award",
    ):
        return []
    shown = f"{layout} {spec['play']}".strip() if task.kind == "play_award" else layout
    return [art.layout(shown, f"{prefix}-answer", lang, KEY_SCALE, caption=True, max_height=45)]


def _answer(task: Task, lang: str) -> str:
    """The engine's answer; for "what may seat N do", every legal action (any is right).

    A number below zero is printed with a minus sign (the check also reads a hyphen).
    """
    if isinstance(task, LegalAction):
        match = task.position
        return " / ".join(action_notation(a) for a in match.legal_actions())
    answer = task.answer(lang)
    return "−" + answer[1:] if re.fullmatch(r"-\d+", answer) else answer


def explanation(task: Task, lang: str) -> str:
    """The task's solution without its opening "The answer is …": the key prints the answer
    on its own line just before, and a teacher reading it twice loses time."""
    solution = task.solution(lang)
    lead = Msg("The answer is {answer}. {why}", {"answer": task.answer(lang), "why": ""}).text(lang)
    return solution[len(lead) :] if solution.startswith(lead) else solution


def exercise_item(entry: TutorialExercise, prefix: str, lang: str) -> Item:
    """A tutorial exercise as a worksheet item."""
    task = entry.task()
    spec = task.spec()
    question = entry.question.get(lang) or task.question().text(lang)
    pictures, facts = _question_pictures(task, spec, entry.pictures, prefix, lang)
    source = Msg(
        "Notebook {number}, {section}",
        {"number": entry.number, "section": entry.section.get(lang, "")},
    ).text(lang)
    return Item(
        kind="exercise",
        source=source,
        question=question,
        pictures=tuple(pictures),
        facts=tuple(facts),
        answer=_answer(task, lang),
        solution=explanation(task, lang),
        key_pictures=tuple(_key_pictures(task, spec, prefix, lang)),
    )


def _numbers(mask: int, lang: str) -> str:
    numbers = [str(n) for n in range(7) if mask >> n & 1]
    if len(numbers) == 1:
        return numbers[0]
    return Msg("{some} or {last}", {"some": ", ".join(numbers[:-1]), "last": numbers[-1]}).text(
        lang
    )


def seen_facts(match: Match, lang: str) -> list[str]:
    """What the mover has seen of the hidden hands: sizes, and numbers a draw or pass ruled out."""
    view = knowledge(match)
    facts = []
    for seat in range(match.players):
        if seat == match.to_move:
            continue
        count = Plural("{n} tile", "{n} tiles", len(match.hand(seat)))
        void = view.void_numbers(seat)
        if void:
            facts.append(
                Msg(
                    "Seat {seat} holds {count} face down; none shows {numbers}.",
                    {"seat": seat, "count": count, "numbers": _numbers(void, lang)},
                ).text(lang)
            )
        else:
            facts.append(
                Msg("Seat {seat} holds {count} face down.", {"seat": seat, "count": count}).text(
                    lang
                )
            )
    return facts


def puzzle_item(puzzle: Puzzle, prefix: str, lang: str) -> Item:
    """A puzzle as a worksheet item: the position as its mover sees it."""
    match = puzzle.match()
    seat = puzzle.seat
    pictures = []
    facts = []
    if match.layout:
        table = art.layout(
            str(match.layout), f"{prefix}-table", lang, ASK_SCALE, ends=False, max_height=TALLEST
        )
        pictures.append(table)
    else:
        facts.append(_empty_table(lang))
    hand = [str(t) for t in match.hand(seat)]
    label = Msg("Your hand (seat {seat})", {"seat": seat}).text(lang)
    pictures.append(art.hand(hand, f"{prefix}-hand", lang, HAND_SCALE, label=label))
    facts.extend(seen_facts(match, lang))
    facts.append(_boneyard_line(match, lang))
    facts.append(scores_line(match, lang))
    answers = [parse_action(a) for a in puzzle.answer]
    answer = "; ".join(f"{action_msg(a).text(lang)} ({action_notation(a)})" for a in answers)
    themes = ", ".join(theme_name(t, lang) for t in puzzle.themes)
    return Item(
        kind="puzzle",
        source=Msg("Puzzle {id}, rating {rating}", {"id": puzzle.id, "rating": puzzle.rating}).text(
            lang
        ),
        question=puzzle.task().text(lang),
        pictures=tuple(pictures),
        facts=tuple(facts),
        answer=answer,
        solution=puzzle.explain(lang)
        + " "
        + Msg("Themes: {themes}.", {"themes": themes}).text(lang),
    )
