"""How many displayed points are so many raw points (R1.2)? A number.

The misconceptions: the raw score given as it is, multiplied by 5 instead of
divided, divided by 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.explain import displayed_points
from exact61_widgets.engine.scoring import POINT, displayed
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    number_answer,
)
from exact61_widgets.exercises.wording import TIMES_FIVE, raw
from exact61_widgets.i18n import Msg, check_lang
from exact61_widgets.render.descriptions import raw_points

NOT_DIVIDED = Misconception("raw-not-divided", Msg("That is the raw score; divide it by 5 (R1.2)."))
BY_TEN = Misconception("divided-by-ten", Msg("5 raw points make 1 displayed point, not 10 (R1.2)."))
MISCONCEPTIONS = (NOT_DIVIDED, TIMES_FIVE, BY_TEN)


def displayed_mistakes(points: int) -> list[Mistake]:
    """The answers the misconceptions give for ``points`` raw points."""
    found = [Mistake(points, NOT_DIVIDED), Mistake(points * POINT, TIMES_FIVE)]
    if points % 10 == 0:
        found.append(Mistake(points // 10, BY_TEN))
    return found


def _check_displayed_points(points: int, answer: str | int) -> Result:
    """How many displayed points are ``points`` raw points (R1.2)?"""
    if isinstance(points, bool) or not isinstance(points, int) or points % POINT:
        raise ExerciseError(
            Msg("raw points of an award are a multiple of 5, not {raw}", {"raw": repr(points)})
        )
    expected = displayed(points)
    why = displayed_points(points).line
    return number_answer(answer, expected, why, displayed_mistakes(points))


@dataclass(frozen=True)
class DisplayedPoints(Task):
    """How many displayed points are ``raw`` raw points (R1.2)?"""

    #: The raw points to convert.
    raw: int
    kind: ClassVar[str] = "displayed_points"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        _check_displayed_points(self.raw, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points are {raw}?", {"raw": raw(self.raw)})

    def answer_form(self) -> Msg:
        """A whole number of displayed points."""
        return Msg("a whole number of displayed points")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_displayed_points`` reaches it."""
        return _check_displayed_points(self.raw, answer)

    def answer(self, lang: str | None = None) -> str:
        """Raw ÷ 5."""
        return str(displayed(self.raw))

    def mistakes(self) -> list[Mistake]:
        """The answers of the misconceptions."""
        return displayed_mistakes(self.raw)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The score board's "N raw points (M displayed points)", the sum written out."""
        shown = displayed(self.raw)
        return (
            raw_points(self.raw, check_lang(lang)),
            f"{self.raw} raw = {shown} displayed",
            f"{self.raw} ÷ 5 = {shown}",
            f"{shown} displayed points = {self.raw} raw",
            f"{shown} ({self.raw} raw)",
        )
