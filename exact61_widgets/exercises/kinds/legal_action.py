"""What may the player to move do now: play which tile where, draw or pass (R3)?

Any legal action is right. A refused action gets the rule that refuses it, in
words that name neither the tile that fits nor the action that is right
(:func:`~exact61_widgets.exercises.action_words.why_refused`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.match import Match
from exact61_widgets.exercises.action_words import (
    MISCONCEPTIONS,
    action_label,
    action_text,
    action_why,
    hand_picture,
    legal_actions_giveaways,
    listing,
    modelled_actions,
    playing,
    why_refused,
)
from exact61_widgets.exercises.examples import example_play
from exact61_widgets.exercises.reading import read_action
from exact61_widgets.exercises.task import Task, own_match
from exact61_widgets.exercises.verdict import (
    ExerciseError,
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


def legal_why(match: Match) -> Msg:
    """The solution of "what may be done now": every legal action, and why the first is."""
    legal = match.legal_actions()
    return Msg(
        "Allowed now: {allowed}. {why}",
        {"allowed": listing([action_label(a) for a in legal]), "why": action_why(match, legal[0])},
    )


def _example(match: Match) -> str:
    return example_play((*match.layout.tiles, *match.hand(match.to_move)))


def _check_legal_action(match: Match, answer: str) -> Result:
    """What may the player to move do now (R3.2–R3.4)? Any legal action is right.

    Answer: a play (``[1|2]@[1|4]:low``, or a tile alone to open), ``draw`` or ``pass``.
    """
    playing(match)
    legal = match.legal_actions()
    expected = action_text(legal[0], "en")
    why = legal_why(match)
    text = str(answer).strip()
    if not text:
        return malformed(Msg("type an answer first"), expected, why)
    try:
        action = read_action(text)
    except NotationError as err:
        return malformed(
            Msg(
                "{reason}. Write a play like {play} (the tile alone to open), or draw, or pass.",
                {"reason": err.message, "play": _example(match)},
            ),
            expected,
            why,
        )
    if match.why_illegal(action) is not None:
        reason, misconception = why_refused(match, action)
        return wrong(expected, why, [reason], [] if misconception is None else [misconception])
    return right(action_text(action, "en"), action_why(match, action))


@dataclass(frozen=True, eq=False)
class LegalAction(Task):
    """What may the player to move do now: play which tile where, draw or pass (R3)?

    Any legal action is right. A position where the mover leads is refused:
    there every tile of the hand opens the layout (R2.4), so any tile would be
    right — ask :class:`~exact61_widgets.exercises.PlayableTiles` instead.
    """

    #: The match, with a player to move who does not lead.
    position: Match
    kind: ClassVar[str] = "legal_action"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        match = own_match(self.position)
        playing(match)
        if not match.layout:
            raise ExerciseError(
                Msg(
                    "seat {seat} leads, and any tile of the hand may open the "
                    "layout, so any tile would be right: ask which tiles can be "
                    "played instead (R2.4)",
                    {"seat": match.to_move},
                )
            )
        object.__setattr__(self, "position", match)

    def question(self) -> Msg:
        """The question."""
        seat = self.position.to_move
        return Msg(
            "Seat {seat} holds {hand}. What may seat {seat} do now? Type a play like "
            "{play}, or draw, or pass.",
            {
                "seat": seat,
                "hand": tiles_text(self.position.hand(seat)),
                "play": _example(self.position),
            },
        )

    def answer_form(self) -> Msg:
        """A play, draw or pass."""
        return Msg("a play such as {play}, or draw, or pass", {"play": _example(self.position)})

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_legal_action`` reaches it."""
        return _check_legal_action(self.position, answer)

    def answer(self, lang: str | None = None) -> str:
        """The first legal action (any legal action is right)."""
        return action_text(self.position.legal_actions()[0], lang)

    def answers(self, lang: str | None = None) -> tuple[str, ...]:
        """Every legal action."""
        return tuple(action_text(a, lang) for a in self.position.legal_actions())

    def solution(self, lang: str | None = None) -> str:
        """Every legal action, and why."""
        legal = self.position.legal_actions()
        if len(legal) == 1:
            return super().solution(lang)
        return Msg(
            "Any of these is right: {answers}. {why}",
            {
                "answers": listing([action_label(a) for a in legal]),
                "why": action_why(self.position, legal[0]),
            },
        ).text(check_lang(lang))

    def mistakes(self) -> list[Mistake]:
        """The refused action each misconception leads to here (:func:`modelled_actions`)."""
        return modelled(self.check, modelled_actions(self.position, words=False))

    def picture(self, id_prefix: str, lang: str | None = None) -> str | None:
        """The mover's hand with the tiles that may be played picked out (None: none may)."""
        if not any(isinstance(a, Play) for a in self.position.legal_actions()):
            return None
        return hand_picture(self.position, id_prefix, lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The legal actions listed, refusals of the others, the engine's explanations."""
        return legal_actions_giveaways(self.position, check_lang(lang))
