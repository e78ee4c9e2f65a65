"""How many displayed points does a paper tally show (R10, D7)? A number.

The misconceptions: the tally read in raw points, a full figure counted as
one, the full figures or the last figure forgotten, the large X counted as one
stroke instead of two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.scoring import POINT
from exact61_widgets.exercises.giveaways import svg_texts
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    number_answer,
)
from exact61_widgets.exercises.wording import raw as raw_text
from exact61_widgets.exercises.wording import shown
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.render import tally_svg
from exact61_widgets.render.descriptions import raw_points

TALLY_IN_RAW = Misconception(
    "raw-points", Msg("That is in raw points; one stroke is one displayed point (R10.1).")
)
FIGURE_IS_TEN = Misconception(
    "figure-as-one",
    Msg("A full figure, a large X with a small x in each of its four regions, counts 10 (R10.1)."),
)
FULL_FIGURES_FORGOTTEN = Misconception(
    "full-figures-forgotten", Msg("Count the full figures too: each of them is 10 (R10.1).")
)
LAST_FIGURE_FORGOTTEN = Misconception(
    "last-figure-forgotten",
    Msg("After the full figures, add the strokes of the figure that is not full yet (R10.1)."),
)
X_AS_ONE = Misconception(
    "large-x-as-one", Msg("The large X is two strokes, its two diagonals (D7).")
)
MISCONCEPTIONS = (
    TALLY_IN_RAW,
    FIGURE_IS_TEN,
    FULL_FIGURES_FORGOTTEN,
    LAST_FIGURE_FORGOTTEN,
    X_AS_ONE,
)


def tally_mistakes(points: int) -> list[Mistake]:
    """The answers the misconceptions of reading the tally of ``points`` give."""
    full, rest = divmod(points, 10)
    found = [Mistake(points * POINT, TALLY_IN_RAW)]
    if full:  # a tally with no full figure reads the same whatever a figure is taken for
        found.append(Mistake(full + rest, FIGURE_IS_TEN))
        found.append(Mistake(rest, FULL_FIGURES_FORGOTTEN))
    if rest and full:
        found.append(Mistake(full * 10, LAST_FIGURE_FORGOTTEN))
    crosses = full + (1 if rest >= 2 else 0)
    if crosses:
        found.append(Mistake(points - crosses, X_AS_ONE))
    return found


def _check_tally_points(points: int, answer: str | int) -> Result:
    """How many displayed points does the paper tally of ``points`` show (R10, D7)?"""
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise ExerciseError(
            Msg(
                "a tally shows a whole number of points from 0 up, not {points}",
                {"points": repr(points)},
            )
        )
    full, rest = divmod(points, 10)
    params = {
        "figures": Plural(
            "{n} full figure of ten strokes", "{n} full figures of ten strokes", full
        ),
        "full": full,
        "rest": rest,
        "points": shown(points),
        "raw": raw_text(points * POINT),
    }
    # Only the parts the tally has: no "0 full figures", no "+ 0" (empty arithmetic).
    if full and rest:
        why = Msg(
            "The tally has {figures} and {strokes}: {full} × 10 + {rest} = {points}, that "
            "is {raw} (R10.1).",
            {**params, "strokes": Plural("{n} more stroke", "{n} more strokes", rest)},
        )
    elif full:
        why = Msg("The tally has {figures}: {full} × 10 = {points}, that is {raw} (R10.1).", params)
    elif rest:
        why = Msg(
            "The tally has {strokes}: {points}, that is {raw} (R10.1).",
            {**params, "strokes": Plural("{n} stroke", "{n} strokes", rest)},
        )
    else:
        why = Msg("The tally has no strokes: {points} (R10.1).", params)
    return number_answer(answer, points, why, tally_mistakes(points))


@dataclass(frozen=True)
class TallyPoints(Task):
    """How many displayed points does the paper tally of ``points`` show (R10)?"""

    #: The displayed points the tally shows.
    points: int
    kind: ClassVar[str] = "tally_points"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        _check_tally_points(self.points, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points does this tally show?")

    def answer_form(self) -> Msg:
        """A whole number of displayed points."""
        return Msg("a whole number of displayed points")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_tally_points`` reaches it."""
        return _check_tally_points(self.points, answer)

    def answer(self, lang: str | None = None) -> str:
        """The points the tally shows."""
        return str(self.points)

    def mistakes(self) -> list[Mistake]:
        """The answers of the tally misconceptions."""
        return tally_mistakes(self.points)

    def question_picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The tally to read, without its count."""
        return str(tally_svg(self.points, count=False, lang=lang, id_prefix=id_prefix))

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The same tally with its count."""
        return str(tally_svg(self.points, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The tally picture's own title and description, the score in words."""
        lang = check_lang(lang)
        return (
            *svg_texts(tally_svg(self.points, lang=lang, id_prefix="giveaway")),
            raw_points(self.points * POINT, lang),
            f"{self.points} points = {self.points * POINT} raw",
        )
