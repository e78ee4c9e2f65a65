"""How many tiles are left in the boneyard after the deal (R1.1, R2.2)? A number.

The misconceptions: four tiles dealt each, or seven as in other domino games;
the tiles dealt given instead of the tiles left; one hand dealt only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.match import Match
from exact61_widgets.exercises.giveaways import svg_texts
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Result,
    number_answer,
)
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.render import boneyard_svg

#: Tiles in the set and in each hand dealt (R1.1, R2.2).
SET, DEALT = 28, 5

FOUR_DEALT = Misconception("four-dealt", Msg("Every player is dealt 5 tiles, not 4 (R2.2)."))
SEVEN_DEALT = Misconception(
    "seven-dealt", Msg("Here every player is dealt 5 tiles, not 7 as in some other games (R2.2).")
)
DEALT_NOT_LEFT = Misconception(
    "dealt-not-left",
    Msg("That is how many tiles are dealt; the boneyard holds the rest of the 28 (R2.2)."),
)
ONE_HAND = Misconception(
    "one-hand-dealt", Msg("Every player gets a hand of 5, not only one player (R2.2).")
)
MISCONCEPTIONS = (FOUR_DEALT, SEVEN_DEALT, DEALT_NOT_LEFT, ONE_HAND)


def boneyard_mistakes(players: int) -> list[Mistake]:
    """The answers the misconceptions give with ``players`` players."""
    found = [Mistake(SET - players * 4, FOUR_DEALT), Mistake(players * DEALT, DEALT_NOT_LEFT)]
    if SET - players * 7 >= 0:
        found.append(Mistake(SET - players * 7, SEVEN_DEALT))
    found.append(Mistake(SET - DEALT, ONE_HAND))
    return found


def _check_boneyard_size(players: int, answer: str | int) -> Result:
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
    return number_answer(answer, expected, why, boneyard_mistakes(players))


@dataclass(frozen=True)
class BoneyardSize(Task):
    """How many tiles are in the boneyard after the deal with ``players`` players (R2.2)?"""

    #: The number of players, 2–4.
    players: int
    kind: ClassVar[str] = "boneyard_size"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        _check_boneyard_size(self.players, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "With {players}, how many tiles are left in the boneyard after the deal?",
            {"players": Plural("{n} player", "{n} players", self.players)},
        )

    def answer_form(self) -> Msg:
        """A whole number of tiles."""
        return Msg("a whole number of tiles")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_boneyard_size`` reaches it."""
        return _check_boneyard_size(self.players, answer)

    def answer(self, lang: str | None = None) -> str:
        """28 − 5 × players."""
        return str(SET - DEALT * self.players)

    def mistakes(self) -> list[Mistake]:
        """The answers of the misconceptions."""
        return boneyard_mistakes(self.players)

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The boneyard after such a deal."""
        return str(boneyard_svg(SET - DEALT * self.players, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The boneyard picture's title after such a deal, the sum written out."""
        rest = SET - DEALT * self.players
        return (
            *svg_texts(boneyard_svg(rest, lang=check_lang(lang), id_prefix="giveaway")),
            f"28 − {self.players} × 5 = {rest}",
        )
