"""Must the player to move play a tile, draw or pass now (R3.2–R3.4)? One word.

A play written out counts as "play" if it is legal. A wrong word gets the rule
that refuses it (drawing only when nothing fits, passing only with the
boneyard empty and nothing fitting), never the word that is right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.actions import DRAW, PASS, Play
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.match import Match
from exact61_widgets.exercises.action_words import (
    MISCONCEPTIONS,
    NOTHING_FITS,
    action_kind,
    action_why,
    hand_picture,
    legal_actions_giveaways,
    modelled_actions,
    playing,
    why_refused,
)
from exact61_widgets.exercises.reading import read_action, read_word, word_text
from exact61_widgets.exercises.task import Task, own_match
from exact61_widgets.exercises.verdict import (
    Misconception,
    Mistake,
    Result,
    malformed,
    modelled,
    right,
    wrong,
)
from exact61_widgets.exercises.wording import tiles_text
from exact61_widgets.i18n import Msg, check_lang


def kind_why(match: Match) -> Msg:
    """Why the player to move plays, draws or passes: the solution of the question."""
    seat, kind = match.to_move, action_kind(match)
    if kind != "play":
        return action_why(match, DRAW if kind == "draw" else PASS)
    if match.drawn_tile is not None:
        return Msg(
            "Seat {seat} has just drawn {tile}, and it fits: it must be played at once (R3.3).",
            {"seat": seat, "tile": str(match.drawn_tile)},
        )
    if not match.layout:
        return Msg("Seat {seat} leads and may open with any tile (R2.4).", {"seat": seat})
    tiles = sorted({p.tile for p in match.legal_plays()})
    return Msg(
        "Seat {seat} can play {tiles}, and a player who can play must play (R3.2).",
        {"seat": seat, "tiles": tiles_text(tiles)},
    )


def _check_play_draw_pass(match: Match, answer: str) -> Result:
    """Play, draw or pass: what must the player to move do now (R3.2–R3.4)? Answer: one word.

    A play written out (``[1|2]@[1|4]:low``) counts as "play" if it is legal.
    """
    playing(match)
    kind = action_kind(match)
    why = kind_why(match)
    text = str(answer).strip()
    if not text:
        return malformed(Msg("type an answer first"), kind, why)
    given = read_word(text)
    if given in (None, "none"):
        try:
            action = read_action(text)
        except NotationError:
            return malformed(Msg("answer with one word: play, draw or pass"), kind, why)
        if isinstance(action, Play) and match.why_illegal(action) is not None:
            reason, misconception = why_refused(match, action)
            return wrong(kind, why, [reason], [] if misconception is None else [misconception])
        given = "play" if isinstance(action, Play) else "draw" if action == DRAW else "pass"
    if given == kind:
        return right(kind, why)
    if given == "play":
        return wrong(kind, why, [NOTHING_FITS.hint], [NOTHING_FITS])
    reason, misconception = why_refused(match, DRAW if given == "draw" else PASS)
    return wrong(kind, why, [reason], [] if misconception is None else [misconception])


@dataclass(frozen=True, eq=False)
class PlayDrawPass(Task):
    """Must the player to move play a tile, draw or pass now (R3.2–R3.4)? One word."""

    #: The match, with a player to move.
    position: Match
    kind: ClassVar[str] = "play_draw_pass"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        match = own_match(self.position)
        playing(match)
        object.__setattr__(self, "position", match)

    def question(self) -> Msg:
        """The question."""
        seat = self.position.to_move
        return Msg(
            "Seat {seat} holds {hand}. Must seat {seat} play a tile, draw or pass now? "
            "Answer with one word: play, draw or pass.",
            {"seat": seat, "hand": tiles_text(self.position.hand(seat))},
        )

    def answer_form(self) -> Msg:
        """One word of three."""
        return Msg("one word: play, draw or pass")

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_play_draw_pass`` reaches it."""
        return _check_play_draw_pass(self.position, answer)

    def answer(self, lang: str | None = None) -> str:
        """``play a tile``, ``draw`` or ``pass``, in ``lang``."""
        return word_text(action_kind(self.position), lang)

    def mistakes(self) -> list[Mistake]:
        """The wrong word each misconception leads to here (:func:`modelled_actions`)."""
        return modelled(self.check, modelled_actions(self.position, words=True))

    def picture(self, id_prefix: str, lang: str | None = None) -> str | None:
        """The mover's hand with the tiles that may be played picked out (None: none may)."""
        if action_kind(self.position) != "play":
            return None
        return hand_picture(self.position, id_prefix, lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The legal actions listed, refusals of the others, the engine's explanations."""
        return legal_actions_giveaways(self.position, check_lang(lang))
