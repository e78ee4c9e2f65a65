"""Checks of questions about numbers alone: rounding, displayed points, the tally, the boneyard.

No position is needed; the rules' own arithmetic (R1.2, R2.2, R7.5, R10) gives
the answer, and each hint is attached to the exact value its mistake gives.
"""

from __future__ import annotations

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import POINT, round5
from exact61_widgets.exercises.reading import read_number
from exact61_widgets.exercises.result import (
    ExerciseError,
    Mistake,
    Result,
    malformed,
    number_result,
)
from exact61_widgets.exercises.wording import raw as raw_text
from exact61_widgets.exercises.wording import shown
from exact61_widgets.i18n import Msg, Plural

NOT_A_MULTIPLE = Msg("A rounded total is always a multiple of 5.")
TALLY_IN_RAW = Msg("That is in raw points; one stroke is one displayed point (R10.1).")
FIGURE_IS_TEN = Msg(
    "A full figure, a large X with a small x in each of its four regions, counts 10 (R10.1)."
)
NOT_DIVIDED = Msg("That is the raw score; divide it by 5 (R1.2).")
FOUR_DEALT = Msg("Every player is dealt 5 tiles, not 4 (R2.2).")
DEALT_NOT_LEFT = Msg(
    "That is how many tiles are dealt; the boneyard holds the rest of the 28 (R2.2)."
)


def _whole(value: object, low: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= low


def rounding_why(total: int) -> Msg:
    """How ``total`` rounds to the nearest multiple of 5 (R7.5)."""
    rest = total % POINT
    params = {"total": total, "rest": rest, "result": round5(total)}
    if rest == 0:
        return Msg("{total} is a multiple of 5, so it stays {result} (R7.5).", params)
    if rest <= 2:
        return Msg(
            "{total} has remainder {rest}: remainders 1 and 2 round down, to {result} (R7.5).",
            params,
        )
    return Msg(
        "{total} has remainder {rest}: remainders 3 and 4 round up, to {result} (R7.5).", params
    )


def check_rounding(total: int, answer: str | int) -> Result:
    """Round ``total`` pips to the nearest multiple of 5 (R7.5). Answer: a number."""
    if not _whole(total, 0):
        raise ExerciseError(
            Msg(
                "a pip total to round is a whole number from 0 up, not {total}",
                {"total": repr(total)},
            )
        )
    expected = round5(total)
    why = rounding_why(total)
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(expected), why)
    mistakes = [] if value % POINT == 0 else [Mistake(value, NOT_A_MULTIPLE)]
    return number_result(value, expected, why, mistakes)


def check_tally_points(points: int, answer: str | int) -> Result:
    """How many displayed points does the paper tally of ``points`` show (R10, D7)?"""
    if not _whole(points, 0):
        raise ExerciseError(
            Msg(
                "a tally shows a whole number of points from 0 up, not {points}",
                {"points": repr(points)},
            )
        )
    full, rest = divmod(points, 10)
    why = Msg(
        "The tally has {figures} and {strokes}: {full} × 10 + {rest} = {points}, that "
        "is {raw} (R10.1).",
        {
            "figures": Plural(
                "{n} full figure of ten strokes", "{n} full figures of ten strokes", full
            ),
            "strokes": Plural("{n} more stroke", "{n} more strokes", rest),
            "full": full,
            "rest": rest,
            "points": shown(points),
            "raw": raw_text(points * POINT),
        },
    )
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(points), why)
    return number_result(
        value,
        points,
        why,
        [Mistake(points * POINT, TALLY_IN_RAW), Mistake(full + rest, FIGURE_IS_TEN)],
    )


def check_displayed_points(raw: int, answer: str | int) -> Result:
    """How many displayed points are ``raw`` raw points (R1.2)?"""
    if isinstance(raw, bool) or not isinstance(raw, int) or raw % POINT:
        raise ExerciseError(
            Msg("raw points of an award are a multiple of 5, not {raw}", {"raw": repr(raw)})
        )
    expected = raw // POINT
    why = Msg(
        "5 raw points make 1 displayed point: {raw} ÷ 5 = {shown} (R1.2).",
        {"raw": raw, "shown": expected},
    )
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(expected), why)
    return number_result(value, expected, why, [Mistake(raw, NOT_DIVIDED)])


def check_boneyard_size(players: int, answer: str | int) -> Result:
    """How many tiles does the boneyard hold after the deal (R1.1, R2.2)?"""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ExerciseError(
            Msg("a match has 2, 3 or 4 players, not {players}", {"players": repr(players)})
        )
    expected = Match(players, seed=0).boneyard_count
    why = Msg(
        "28 tiles − {players} × 5 dealt = {rest} in the boneyard, face down; all of them "
        "may be drawn (R2.2).",
        {"players": players, "rest": Plural("{n} tile", "{n} tiles", expected)},
    )
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(expected), why)
    return number_result(
        value,
        expected,
        why,
        [Mistake(28 - players * 4, FOUR_DEALT), Mistake(players * 5, DEALT_NOT_LEFT)],
    )
