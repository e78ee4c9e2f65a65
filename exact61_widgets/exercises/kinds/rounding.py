"""Round a total of pips to the nearest multiple of 5 (R7.5). A number.

The misconceptions: rounding the wrong way (18 → 15: remainders 3 and 4 go
up), moving a total that is already a multiple of 5, and an answer that is no
multiple of 5 at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.explain import rounding
from exact61_widgets.engine.scoring import POINT, round5
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    number_answer,
)
from exact61_widgets.exercises.wording import ROUNDED_WRONG_WAY, round_wrong_way
from exact61_widgets.i18n import Msg
from exact61_widgets.render import rounding_svg

NOT_A_MULTIPLE = Misconception("not-a-multiple", Msg("A rounded total is always a multiple of 5."))
MULTIPLE_MOVED = Misconception(
    "multiple-moved", Msg("A total that is already a multiple of 5 stays as it is (R7.5).")
)
MISCONCEPTIONS = (NOT_A_MULTIPLE, ROUNDED_WRONG_WAY, MULTIPLE_MOVED)


def rounding_mistakes(total: int, given: int | None = None) -> list[Mistake]:
    """The answers the misconceptions of rounding ``total`` give (``given``: the learner's,
    for the one misconception that is about any answer, one that is no multiple of 5)."""
    found: list[Mistake] = []
    if given is not None and given % POINT:
        found.append(Mistake(given, NOT_A_MULTIPLE))
    if total % POINT:
        found.append(Mistake(round_wrong_way(total), ROUNDED_WRONG_WAY))
    else:
        found.extend(Mistake(total + step, MULTIPLE_MOVED) for step in (-POINT, POINT))
    return found


def _check_rounding(total: int, answer: str | int) -> Result:
    """Round ``total`` pips to the nearest multiple of 5 (R7.5). Answer: a number."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise ExerciseError(
            Msg(
                "a pip total to round is a whole number from 0 up, not {total}",
                {"total": repr(total)},
            )
        )
    expected = round5(total)
    why = rounding(total).steps[0]
    return number_answer(answer, expected, why, lambda value: rounding_mistakes(total, value))


@dataclass(frozen=True)
class Rounding(Task):
    """Round ``total`` to the nearest multiple of 5 (R7.5)."""

    #: The number to round.
    total: int
    kind: ClassVar[str] = "rounding"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        _check_rounding(self.total, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("Round {total} to the nearest multiple of 5.", {"total": self.total})

    def answer_form(self) -> Msg:
        """A multiple of 5."""
        return Msg("a whole number, a multiple of 5")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_rounding`` reaches it."""
        return _check_rounding(self.total, answer)

    def answer(self, lang: str | None = None) -> str:
        """The rounded total."""
        return str(round5(self.total))

    def mistakes(self) -> list[Mistake]:
        """The answers of the rounding misconceptions."""
        return rounding_mistakes(self.total)

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The total on the number line between two multiples of 5."""
        return str(rounding_svg(self.total, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """``13 → 15`` and the engine's phrasings of that rounding."""
        result = round5(self.total)
        return (
            f"{self.total} → {result}",
            f"{self.total}: {result}",
            f"{self.total}, rounded {result}",
            f"{self.total} pips rounded to {result}",
        )
