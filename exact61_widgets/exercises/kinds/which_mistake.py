"""Which of a player's moves was the mistake? The review decides, from what the mover knew.

The task holds a match's game record and a few of its decisions (numbered as
:func:`~exact61_widgets.engine.review.review` numbers them); its check grades
exactly those decisions with the review's own seed and sample size
(:func:`~exact61_widgets.engine.review.grade_decisions`), so the answer is the
review's verdict, never written by hand. Exactly one of the moves asked about
must be a mistake or a blunder, and every other one no mistake.

A wrong choice is told why that move was no mistake: it was the only legal move;
it loses only with every tile known, which the mover could not see (hindsight);
it scored nothing at once, which is not what a move is worth. The feedback names
no other move.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.events import PlayEvent
from exact61_widgets.engine.history import Deal
from exact61_widgets.engine.loader import load_document
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.review import MISTAKE, Decision, grade_decisions
from exact61_widgets.engine.review.core import rewind
from exact61_widgets.exercises.reading import read_number
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Result,
    join,
    malformed,
    right,
    wrong,
)
from exact61_widgets.i18n import Msg, Plural, check_lang

ONLY_MOVE = Misconception(
    "only-move-blamed",
    Msg("There was no choice: it was the only legal move, and a forced move is no mistake."),
)
HINDSIGHT = Misconception(
    "judged-by-hindsight",
    Msg(
        "With every tile known that move does turn out worse, but the mover could not see the "
        "other hands: judged by what the mover knew, it was no mistake."
    ),
)
NO_AWARD = Misconception(
    "no-award-blamed",
    Msg(
        "It scored nothing at once while another move would have scored, but points now are "
        "not what a move is worth: counted to the end of the hand, it was no mistake."
    ),
)
MISCONCEPTIONS = (ONLY_MOVE, HINDSIGHT, NO_AWARD)


def award_now(match: Match, action: Action) -> int:
    """The raw points ``action`` earns at once in ``match`` (0 if none or rejected)."""
    if not isinstance(action, Play):
        return 0
    world = match.copy()
    events = world.push(action)
    return sum(e.award for e in events if isinstance(e, PlayEvent) and e.status == "applied")


def raw(value: float) -> Plural:
    """A value in whole raw points, with its plural."""
    n = round(value)
    return Plural("{n} raw point", "{n} raw points", n)


def _line(decisions: Sequence[Decision], index: int) -> Msg:
    """What the review says of move ``index`` (from 0), in words."""
    d = decisions[index]
    move = action_msg(d.played)
    if d.grade == "only":
        return Msg("Move {k}, {move}: the only legal move.", {"k": index + 1, "move": move})
    if d.is_error:
        return Msg(
            "Move {k}, {move}, is a {grade}: over {deals} that agree with what seat {seat} "
            "saw, its chance to win the match is on average {loss} lower than after {best}.",
            {
                "k": index + 1,
                "move": move,
                "grade": Msg(d.grade),
                "deals": Plural("{n} deal", "{n} deals", d.samples),
                "seat": d.seat,
                "loss": percent_msg(d.loss.mean),
                "best": action_msg(d.best),
            },
        )
    return Msg(
        "Move {k}, {move}: no mistake ({grade}).",
        {"k": index + 1, "move": move, "grade": Msg(d.grade)},
    )


def which_why(decisions: Sequence[Decision]) -> Msg | str:
    """What the review says of every move asked about: the solution's explanation."""
    return join([_line(decisions, i) for i in range(len(decisions))])


def shown_misconception(decision: Decision, position: Match) -> Misconception | None:
    """The misconception blaming ``decision`` (no mistake) shows, if one is known."""
    if decision.grade == "only":
        return ONLY_MOVE
    hindsight = decision.hindsight_loss
    if hindsight is not None and hindsight >= MISTAKE:
        return HINDSIGHT
    if award_now(position, decision.played) == 0 and any(
        award_now(position, a.action) > 0 for a in decision.actions
    ):
        return NO_AWARD
    return None


def _check_which_mistake(
    decisions: Sequence[Decision], positions: Sequence[Match], answer: str
) -> Result:
    """Which of these graded moves (``positions``: the position before each) was the mistake?

    Answer: its number, from 1. Right if it is the one mistake or blunder; a wrong
    number is told why that move was none, naming no other move.
    """
    mistake = next(i for i, d in enumerate(decisions) if d.is_error)
    expected = str(mistake + 1)
    why = which_why(decisions)
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, expected, why)
    if not 1 <= value <= len(decisions):
        return malformed(
            Msg(
                "there is no move {given} here: answer with the number of one of the moves shown",
                {"given": value},
            ),
            expected,
            why,
        )
    if value - 1 == mistake:
        return right(expected, why)
    found = shown_misconception(decisions[value - 1], positions[value - 1])
    parts: list[Msg | str] = [Msg("Move {given} was not the mistake.", {"given": value})]
    if found is None:
        parts.append(
            Msg("Judged by what the mover knew, it was as good as the best move, or nearly so.")
        )
        return wrong(expected, why, parts)
    return wrong(expected, why, [*parts, found.hint], [found])


@dataclass(frozen=True, eq=False)
class WhichMistake(Task):
    """Which of these moves of one player was the mistake? Answer: the move's number, from 1.

    ``record``: the match as a game record (JSON text; :meth:`of` writes it from a
    match); ``numbers``: the decisions asked about, in the review's numbering, as
    digits; ``seed`` and ``samples``: the review's. The moves are shown as
    numbered 1, 2, … in that order (:meth:`positions` gives each one's position).
    """

    #: The match as a game record (JSON text).
    record: str
    #: The decisions asked about, in the review's numbering, as digits.
    numbers: tuple[str, ...]
    #: The review's seed.
    seed: str = "0"
    #: The review's number of sampled deals per decision.
    samples: int = 60
    kind: ClassVar[str] = "which_mistake"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    @classmethod
    def of(
        cls, match: Match, numbers: list[int], seed: int | str = 0, samples: int = 60
    ) -> WhichMistake:
        """The question about decisions ``numbers`` of ``match`` (a dealt match)."""
        text = json.dumps(to_record(match), separators=(",", ":"), ensure_ascii=False)
        return cls(text, tuple(str(n) for n in numbers), str(seed), samples)

    @classmethod
    def of_graded(
        cls, match: Match, graded: Sequence[Decision], seed: str, samples: int
    ) -> WhichMistake:
        """The question about decisions of ``match`` that :func:`grade_decisions` has already
        graded with ``seed`` and ``samples`` (a generator grades them to choose them): their
        grades are kept, not computed again (a decision's grade depends on it alone)."""
        text = json.dumps(to_record(match), separators=(",", ":"), ensure_ascii=False)
        task = cls.__new__(cls)
        numbers = tuple(str(d.number) for d in graded)
        for name, value in (("record", text), ("numbers", numbers), ("seed", seed)):
            object.__setattr__(task, name, value)
        object.__setattr__(task, "samples", samples)
        task.__dict__["graded"] = tuple(graded)  # the cached property, filled in
        task.__post_init__()
        return task

    def __post_init__(self) -> None:
        if len(self.numbers) < 2 or not all(n.isdigit() for n in self.numbers):
            raise ExerciseError(Msg("name at least two decisions, by their numbers"))
        graded = self.graded
        seats = {d.seat for d in graded}
        if len(seats) != 1:
            raise ExerciseError(Msg("the moves asked about must all be one player's"))
        errors = [d for d in graded if d.is_error]
        if len(errors) != 1:
            raise ExerciseError(
                Msg(
                    "exactly one of the moves asked about must be a mistake or a blunder, "
                    "not {count}",
                    {"count": len(errors)},
                )
            )

    @cached_property
    def match(self) -> Match:
        """The whole match the record holds."""
        try:
            data = json.loads(self.record)
            return load_document(data)
        except json.JSONDecodeError:
            raise ExerciseError(Msg("the record of a which-mistake task is not JSON")) from None
        except Exact61Error as err:
            raise ExerciseError(err.message) from None

    @cached_property
    def graded(self) -> tuple[Decision, ...]:
        """The decisions asked about, graded by the review."""
        try:
            return grade_decisions(
                self.match, [int(n) for n in self.numbers], seed=self.seed, samples=self.samples
            )
        except Exact61Error as err:
            raise ExerciseError(err.message) from None

    @cached_property
    def positions(self) -> tuple[Match, ...]:
        """The position before each move asked about, the mover to play."""
        start, entries = rewind(self.match)
        found = []
        for decision in self.graded:
            position = start.copy()
            for entry in entries[: decision.step]:
                position.push(entry if isinstance(entry, Deal) else entry.action)
            found.append(position)
        return tuple(found)

    @property
    def seat(self) -> int:
        """The player whose moves are asked about."""
        return self.graded[0].seat

    @property
    def mistake(self) -> int:
        """The index (from 0) of the move that was the mistake."""
        return next(i for i, d in enumerate(self.graded) if d.is_error)

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "Seat {seat} made the moves shown above, numbered 1 to {count}. Judged by what seat "
            "{seat} could know at the time, one of them was a mistake. Which one? Answer with "
            "its number.",
            {"seat": self.seat, "count": len(self.numbers)},
        )

    def answer_form(self) -> Msg:
        """The number of one move."""
        return Msg("the number of one move")

    def answer(self, lang: str | None = None) -> str:
        """The mistake's number, from 1."""
        return str(self.mistake + 1)

    def move_line(self, index: int) -> Msg:
        """``Move 2: 0-2 on line B of 0-0``: how a page names move ``index`` (from 0)."""
        played = self.graded[index].played
        return Msg("Move {k}: {move}", {"k": index + 1, "move": action_msg(played)})

    def why(self) -> Msg | str:
        """What the review says of every move asked about."""
        return which_why(self.graded)

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_which_mistake`` reaches it."""
        return _check_which_mistake(self.graded, self.positions, answer)

    def mistaken_answers(self) -> tuple[str, ...]:
        """The moves whose choice shows a known misconception."""
        return tuple(
            str(i + 1)
            for i in range(len(self.graded))
            if i != self.mistake
            and shown_misconception(self.graded[i], self.positions[i]) is not None
        )

    def solution(self, lang: str | None = None) -> str:
        """The answer and what the review says of every move."""
        lang = check_lang(lang)
        return Msg(
            "The answer is {answer}. {why}", {"answer": self.answer(lang), "why": self.why()}
        ).text(lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The review's line on the mistake, this task's own line on it, and its better move."""
        lang = check_lang(lang)
        d = self.graded[self.mistake]
        return (
            d.text(lang),
            _line(self.graded, self.mistake).text(lang),
            Msg("The better move: {move}.", {"move": action_msg(d.best)}).text(lang),
        )
