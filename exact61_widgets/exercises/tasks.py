"""The tasks an :class:`~exact61_widgets.exercises.widget.Exercise` asks: a check with its position.

A task knows its question, checks an answer, and states its own answer
(:meth:`Task.answer`, in the notation its check accepts), the solution shown
on request (:meth:`Task.solution`) and the texts that would give the answer
away if a page showed them above the question (:meth:`Task.giveaways`).
:meth:`Task.spec` writes it as JSON-ready data and :func:`task_from_spec`
builds it again, so a saved notebook says which task each exercise asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import POINT, round5
from exact61_widgets.exercises import giveaways as give
from exact61_widgets.exercises.layout_checks import (
    Unit,
    check_open_places,
    check_play_award,
    check_playable_tiles,
    check_scoring_ends,
    end_key,
    hand_tiles,
    play_on,
    scoring_ends,
)
from exact61_widgets.exercises.match_checks import (
    action_kind,
    action_label,
    action_text,
    action_why,
    blocked,
    check_blocked_award,
    check_going_out,
    check_legal_action,
    check_play_draw_pass,
    going_out,
    listing,
)
from exact61_widgets.exercises.number_checks import (
    check_boneyard_size,
    check_displayed_points,
    check_rounding,
    check_tally_points,
)
from exact61_widgets.exercises.position import match_from_position, position_spec
from exact61_widgets.exercises.reading import word_text
from exact61_widgets.exercises.result import ExerciseError, Result
from exact61_widgets.exercises.wording import raw, tiles_text
from exact61_widgets.i18n import Msg, Plural, check_lang


@runtime_checkable
class Task(Protocol):
    """What the :class:`Exercise` widget asks: a question, a check, its answer and solution."""

    @property
    def kind(self) -> str:
        """A short name of the kind of exercise (``open_places`` …)."""
        ...

    @property
    def placeholder(self) -> str:
        """An example of the answer's form for the text box."""
        ...

    def question(self) -> Msg:
        """The question, localized when shown."""
        ...

    def check(self, answer: str) -> Result:
        """The verdict on the learner's answer."""
        ...

    def answer(self, lang: str | None = None) -> str:
        """The engine's answer, in the notation :meth:`check` accepts (words in ``lang``)."""
        ...

    def solution(self, lang: str | None = None) -> str:
        """The answer and why, in ``lang``: what the learner sees on request."""
        ...

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """Texts in ``lang`` that give the answer away if shown above the question."""
        ...

    def spec(self) -> dict[str, Any]:
        """The task as JSON-ready data: ``kind`` and the constructor's arguments."""
        ...


class _Solved:
    """The solution of a task: its answer, and the explanation its check gives of it."""

    def answer(self, lang: str | None = None) -> str:  # pragma: no cover - every task has one
        raise NotImplementedError

    def check(self, answer: str) -> Result:  # pragma: no cover - every task has one
        raise NotImplementedError

    def solution(self, lang: str | None = None) -> str:
        """The answer and why, in ``lang``."""
        lang = check_lang(lang)
        answer = self.answer(lang)
        return Msg(
            "The answer is {answer}. {why}", {"answer": answer, "why": self.check(answer).why}
        ).text(lang)


def _none_or(items: list[str], lang: str | None) -> str:
    return ", ".join(items) if items else word_text("none", lang)


def _match(match: Match) -> Match:
    if not isinstance(match, Match):
        raise ExerciseError(Msg("expected a Match, not {kind}", {"kind": type(match).__name__}))
    return match.copy()


# -- tasks about a layout --------------------------------------------------------------------


@dataclass(frozen=True)
class OpenPlaces(_Solved):
    """Which places are open on ``layout`` (R3.1, R4)?"""

    layout: str
    kind: str = field(default="open_places", init=False)
    placeholder: str = field(default="[1|4]:low, [4|4]:branchA", init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "Which places are open now? List them like [1|4]:low, [4|4]:branchA, "
            "separated by commas."
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_open_places`."""
        return check_open_places(self.layout, answer)

    def answer(self, lang: str | None = None) -> str:
        """The open places, in notation."""
        return _none_or([str(p) for p in Layout.parse(self.layout).open_places()], lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The description's "Open places: …" part, the places in notation."""
        return give.open_places(self.layout, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "open_places", "layout": …}``."""
        return {"kind": self.kind, "layout": self.layout}


@dataclass(frozen=True)
class ScoringEnds(_Solved):
    """Which scoring ends count on ``layout`` (R5)?"""

    layout: str
    kind: str = field(default="scoring_ends", init=False)
    placeholder: str = field(default="[3|4]:low, [1|1]", init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "Which scoring ends count now? List free halves like [3|4]:low and end "
            "doubles as their tile, like [1|1]."
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_scoring_ends`."""
        return check_scoring_ends(self.layout, answer)

    def answer(self, lang: str | None = None) -> str:
        """The scoring ends, in notation."""
        return _none_or([end_key(c) for c in scoring_ends(Layout.parse(self.layout))], lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The description's "Scoring contributions: …" part, the ends listed."""
        return give.scoring_ends_of(self.layout, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "scoring_ends", "layout": …}``."""
        return {"kind": self.kind, "layout": self.layout}


@dataclass(frozen=True)
class PlayAward(_Solved):
    """What does ``play`` on ``layout`` score (R6), optionally from ``score`` (R1.4)?"""

    layout: str
    play: str
    unit: Unit = "raw"
    score: int | None = None
    kind: str = field(default="play_award", init=False)
    placeholder: str = field(default="15", init=False)

    def __post_init__(self) -> None:
        # An illegal play or a bad unit or score fails now, not at the first answer.
        check_play_award(self.layout, self.play, 0, unit=self.unit, score=self.score)
        _, action = play_on(self.layout, self.play)
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))
        object.__setattr__(self, "play", str(action))

    def question(self) -> Msg:
        """The question."""
        if self.score is not None:
            params = {"score": raw(self.score), "play": self.play}
            if self.unit == "displayed":
                return Msg(
                    "The player (or their pair) has {score}. How many displayed points "
                    "does {play} add to that score?",
                    params,
                )
            return Msg(
                "The player (or their pair) has {score}. How many raw points does "
                "{play} add to that score?",
                params,
            )
        if self.unit == "displayed":
            return Msg("How many displayed points does {play} earn?", {"play": self.play})
        return Msg("How many raw points does {play} earn?", {"play": self.play})

    def check(self, answer: str) -> Result:
        """See :func:`check_play_award`."""
        return check_play_award(self.layout, self.play, answer, unit=self.unit, score=self.score)

    def answer(self, lang: str | None = None) -> str:
        """What the play earns (or adds to the score), in the task's unit."""
        return self.check("0").expected

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The layout after the play described and explained; the target check's sum."""
        return give.play_award(self.layout, self.play, self.score, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "play_award", "layout", "play", "unit", "score"}``."""
        return {
            "kind": self.kind,
            "layout": self.layout,
            "play": self.play,
            "unit": self.unit,
            "score": self.score,
        }


@dataclass(frozen=True)
class PlayableTiles(_Solved):
    """Which tiles of ``hand`` can be played on ``layout`` (R2.4, R3.1)? Only those, all of them."""

    layout: str
    hand: tuple[str, ...]
    kind: str = field(default="playable_tiles", init=False)
    placeholder: str = field(default="[1|2], [4|6]", init=False)

    def __post_init__(self) -> None:
        table = Layout.parse(str(self.layout))
        object.__setattr__(self, "layout", str(table))
        object.__setattr__(self, "hand", tuple(str(t) for t in hand_tiles(table, self.hand)))

    def question(self) -> Msg:
        """The question."""
        hand = " ".join(self.hand)
        if not Layout.parse(self.layout):
            return Msg(
                "The table is empty. Which tiles of the hand {hand} may open the layout? "
                "List them like [1|2], [4|6], or write none.",
                {"hand": hand},
            )
        return Msg(
            "Which tiles of the hand {hand} can be played on this layout? List them like "
            "[1|2], [4|6], or write none.",
            {"hand": hand},
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_playable_tiles`."""
        return check_playable_tiles(self.layout, self.hand, answer)

    def answer(self, lang: str | None = None) -> str:
        """The tiles that can be played, in tile order."""
        table = Layout.parse(self.layout)
        return _none_or([t for t in self.hand if table.can_play(t)], lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The plays listed, each tile with the places it fits."""
        return give.playable_tiles_of(self.layout, self.hand, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "playable_tiles", "layout", "hand"}``."""
        return {"kind": self.kind, "layout": self.layout, "hand": list(self.hand)}


# -- tasks about a match ---------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class GoingOut(_Solved):
    """By how much does the mover's going out change their (pair's) score (R7)?"""

    match: Match
    play: str | None = None
    kind: str = field(default="going_out", init=False)
    placeholder: str = field(default="10", init=False)

    def __post_init__(self) -> None:
        match = _match(self.match)
        chosen, _, _ = going_out(match, self.play)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "play", str(chosen))

    def question(self) -> Msg:
        """The question."""
        params = {"seat": self.match.to_move, "play": self.play}
        if self.match.players == 4:
            return Msg(
                "Seat {seat} goes out with {play}. By how many raw points does the "
                "settlement change the score of their pair?",
                params,
            )
        return Msg(
            "Seat {seat} goes out with {play}. By how many raw points does the "
            "settlement change seat {seat}'s score?",
            params,
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_going_out`."""
        return check_going_out(self.match, answer, self.play)

    def answer(self, lang: str | None = None) -> str:
        """The change of the score, in raw points."""
        return self.check("0").expected

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The engine's explanation of the settlement."""
        return give.going_out_of(self.match, str(self.play), check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "going_out", "position": …, "play": …}``."""
        return {"kind": self.kind, "position": position_spec(self.match), "play": self.play}


@dataclass(frozen=True, eq=False)
class BlockedAward(_Solved):
    """What does the blocked-hand settlement add to ``seat``'s (pair's) score (R8)?"""

    match: Match
    seat: int
    action: str | None = None
    kind: str = field(default="blocked_award", init=False)
    placeholder: str = field(default="15", init=False)

    def __post_init__(self) -> None:
        match = _match(self.match)
        check_blocked_award(match, self.seat, "0", self.action)  # a bad seat fails now
        chosen, _, _ = blocked(match, self.action)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "action", action_text(chosen, "en"))

    def question(self) -> Msg:
        """The question."""
        params = {"mover": self.match.to_move, "action": self.action, "seat": self.seat}
        pairs = self.match.players == 4
        if self.action == "pass":
            if pairs:
                return Msg(
                    "Seat {mover} passes, and the hand is blocked. How many raw points "
                    "does the settlement add for seat {seat} to their pair's score?",
                    params,
                )
            return Msg(
                "Seat {mover} passes, and the hand is blocked. How many raw points does "
                "the settlement add to seat {seat}'s score?",
                params,
            )
        if pairs:
            return Msg(
                "Seat {mover} plays {action}, and the hand is blocked. How many raw "
                "points does the settlement add for seat {seat} to their pair's score?",
                params,
            )
        return Msg(
            "Seat {mover} plays {action}, and the hand is blocked. How many raw points "
            "does the settlement add to seat {seat}'s score?",
            params,
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_blocked_award`."""
        return check_blocked_award(self.match, self.seat, answer, self.action)

    def answer(self, lang: str | None = None) -> str:
        """What the settlement adds, in raw points."""
        return self.check("0").expected

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The engine's explanation of the seat's award (or of the win before it)."""
        return give.blocked_award_of(self.match, self.seat, str(self.action), check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "blocked_award", "position": …, "seat": …, "action": …}``."""
        return {
            "kind": self.kind,
            "position": position_spec(self.match),
            "seat": self.seat,
            "action": self.action,
        }


@dataclass(frozen=True, eq=False)
class LegalAction(_Solved):
    """What may the player to move do now: play which tile where, draw or pass (R3)?

    Any legal action is right. A position where the mover leads is refused:
    there every tile of the hand opens the layout (R2.4), so any tile would be
    right — ask :class:`PlayableTiles` instead.
    """

    match: Match
    kind: str = field(default="legal_action", init=False)
    placeholder: str = field(default="[1|2]@[1|4]:low, draw, pass", init=False)

    def __post_init__(self) -> None:
        match = _match(self.match)
        if match.status != "playing":
            raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
        if not match.layout:
            raise ExerciseError(
                Msg(
                    "seat {seat} leads, and any tile of the hand may open the "
                    "layout, so any tile would be right: ask which tiles can be "
                    "played instead (R2.4)",
                    {"seat": match.to_move},
                )
            )
        object.__setattr__(self, "match", match)

    def question(self) -> Msg:
        """The question."""
        seat = self.match.to_move
        return Msg(
            "Seat {seat} holds {hand}. What may seat {seat} do now? Type a play like "
            "[1|2]@[1|4]:low, or draw, or pass.",
            {"seat": seat, "hand": tiles_text(self.match.hand(seat))},
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_legal_action`."""
        return check_legal_action(self.match, answer)

    def answer(self, lang: str | None = None) -> str:
        """The first legal action (any legal action is right)."""
        return action_text(self.match.legal_actions()[0], lang)

    def solution(self, lang: str | None = None) -> str:
        """Every legal action, and why."""
        legal = self.match.legal_actions()
        if len(legal) == 1:
            return super().solution(lang)
        return Msg(
            "Any of these is right: {answers}. {why}",
            {
                "answers": listing([action_label(a) for a in legal]),
                "why": action_why(self.match, legal[0]),
            },
        ).text(check_lang(lang))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The legal actions listed, refusals of the others, the engine's explanations."""
        return give.legal_actions_of(self.match, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "legal_action", "position": …}``."""
        return {"kind": self.kind, "position": position_spec(self.match)}


@dataclass(frozen=True, eq=False)
class PlayDrawPass(_Solved):
    """Must the player to move play a tile, draw or pass now (R3.2–R3.4)? One word."""

    match: Match
    kind: str = field(default="play_draw_pass", init=False)
    placeholder: str = field(default="play, draw, pass", init=False)

    def __post_init__(self) -> None:
        match = _match(self.match)
        if match.status != "playing":
            raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
        object.__setattr__(self, "match", match)

    def question(self) -> Msg:
        """The question."""
        seat = self.match.to_move
        return Msg(
            "Seat {seat} holds {hand}. Must seat {seat} play a tile, draw or pass now? "
            "Answer with one word: play, draw or pass.",
            {"seat": seat, "hand": tiles_text(self.match.hand(seat))},
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_play_draw_pass`."""
        return check_play_draw_pass(self.match, answer)

    def answer(self, lang: str | None = None) -> str:
        """``play a tile``, ``draw`` or ``pass``, in ``lang``."""
        return word_text(action_kind(self.match), lang)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The legal actions listed, refusals of the others, the engine's explanations."""
        return give.legal_actions_of(self.match, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "play_draw_pass", "position": …}``."""
        return {"kind": self.kind, "position": position_spec(self.match)}


# -- tasks about numbers -----------------------------------------------------------------------


def _number(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExerciseError(Msg("{value} is not a whole number", {"value": repr(value)}))
    return value


@dataclass(frozen=True)
class Rounding(_Solved):
    """Round ``total`` to the nearest multiple of 5 (R7.5)."""

    total: int
    kind: str = field(default="rounding", init=False)
    placeholder: str = field(default="15", init=False)

    def __post_init__(self) -> None:
        check_rounding(self.total, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("Round {total} to the nearest multiple of 5.", {"total": self.total})

    def check(self, answer: str) -> Result:
        """See :func:`check_rounding`."""
        return check_rounding(self.total, answer)

    def answer(self, lang: str | None = None) -> str:
        """The rounded total."""
        return str(round5(self.total))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """``13 → 15`` and the engine's phrasings of that rounding."""
        return give.rounding(self.total, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "rounding", "total": …}``."""
        return {"kind": self.kind, "total": self.total}


@dataclass(frozen=True)
class TallyPoints(_Solved):
    """How many displayed points does the paper tally of ``points`` show (R10)?"""

    points: int
    kind: str = field(default="tally_points", init=False)
    placeholder: str = field(default="37", init=False)

    def __post_init__(self) -> None:
        check_tally_points(self.points, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points does this tally show?")

    def check(self, answer: str) -> Result:
        """See :func:`check_tally_points`."""
        return check_tally_points(self.points, answer)

    def answer(self, lang: str | None = None) -> str:
        """The points the tally shows."""
        return str(self.points)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The tally picture's own title and description, the score in words."""
        return give.tally(self.points, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "tally_points", "points": …}``."""
        return {"kind": self.kind, "points": self.points}


@dataclass(frozen=True)
class DisplayedPoints(_Solved):
    """How many displayed points are ``raw`` raw points (R1.2)?"""

    raw: int
    kind: str = field(default="displayed_points", init=False)
    placeholder: str = field(default="3", init=False)

    def __post_init__(self) -> None:
        check_displayed_points(self.raw, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg("How many displayed points are {raw}?", {"raw": raw(self.raw)})

    def check(self, answer: str) -> Result:
        """See :func:`check_displayed_points`."""
        return check_displayed_points(self.raw, answer)

    def answer(self, lang: str | None = None) -> str:
        """Raw ÷ 5."""
        return str(self.raw // POINT)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The score board's "N raw points (M displayed points)", the sum written out."""
        return give.displayed(self.raw, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "displayed_points", "raw": …}``."""
        return {"kind": self.kind, "raw": self.raw}


@dataclass(frozen=True)
class BoneyardSize(_Solved):
    """How many tiles are in the boneyard after the deal with ``players`` players (R2.2)?"""

    players: int
    kind: str = field(default="boneyard_size", init=False)
    placeholder: str = field(default="18", init=False)

    def __post_init__(self) -> None:
        check_boneyard_size(self.players, 0)

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "With {players}, how many tiles are left in the boneyard after the deal?",
            {"players": Plural("{n} player", "{n} players", self.players)},
        )

    def check(self, answer: str) -> Result:
        """See :func:`check_boneyard_size`."""
        return check_boneyard_size(self.players, answer)

    def answer(self, lang: str | None = None) -> str:
        """28 − 5 × players."""
        return str(28 - 5 * self.players)

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The boneyard picture's title after such a deal, the sum written out."""
        return give.boneyard(self.players, check_lang(lang))

    def spec(self) -> dict[str, Any]:
        """``{"kind": "boneyard_size", "players": …}``."""
        return {"kind": self.kind, "players": self.players}


# -- specs -----------------------------------------------------------------------------------

#: Keys a saved exercise may carry besides the task's own (the widget's name, its language).
EXTRA_KEYS = frozenset({"name", "lang"})

_BUILDERS: dict[str, tuple[frozenset[str], Callable[[Mapping[str, Any]], Task]]] = {
    "open_places": (frozenset({"layout"}), lambda s: OpenPlaces(s["layout"])),
    "scoring_ends": (frozenset({"layout"}), lambda s: ScoringEnds(s["layout"])),
    "play_award": (
        frozenset({"layout", "play", "unit", "score"}),
        lambda s: PlayAward(s["layout"], s["play"], s.get("unit", "raw"), s.get("score")),
    ),
    "playable_tiles": (
        frozenset({"layout", "hand"}),
        lambda s: PlayableTiles(s["layout"], tuple(s["hand"])),
    ),
    "going_out": (
        frozenset({"position", "play"}),
        lambda s: GoingOut(match_from_position(s["position"]), s.get("play")),
    ),
    "blocked_award": (
        frozenset({"position", "seat", "action"}),
        lambda s: BlockedAward(match_from_position(s["position"]), s["seat"], s.get("action")),
    ),
    "legal_action": (
        frozenset({"position"}),
        lambda s: LegalAction(match_from_position(s["position"])),
    ),
    "play_draw_pass": (
        frozenset({"position"}),
        lambda s: PlayDrawPass(match_from_position(s["position"])),
    ),
    "rounding": (frozenset({"total"}), lambda s: Rounding(_number(s["total"]))),
    "tally_points": (frozenset({"points"}), lambda s: TallyPoints(_number(s["points"]))),
    "displayed_points": (frozenset({"raw"}), lambda s: DisplayedPoints(_number(s["raw"]))),
    "boneyard_size": (frozenset({"players"}), lambda s: BoneyardSize(_number(s["players"]))),
}

#: Every kind of task, as :meth:`Task.spec` names it.
KINDS: tuple[str, ...] = tuple(_BUILDERS)


def task_from_spec(spec: Mapping[str, Any]) -> Task:
    """The task :meth:`Task.spec` wrote (extra keys ``name`` and ``lang`` are ignored).

    A spec that names no known kind, has a field the kind does not take, or
    holds an impossible position raises :class:`ExerciseError`.
    """
    if not isinstance(spec, Mapping) or not isinstance(spec.get("kind"), str):
        raise ExerciseError(
            Msg("a task is a JSON object with a kind, not {spec}", {"spec": repr(spec)[:60]})
        )
    kind = spec["kind"]
    if kind not in _BUILDERS:
        raise ExerciseError(
            Msg(
                "{kind} is not a kind of task: use one of {kinds}",
                {"kind": repr(kind), "kinds": ", ".join(KINDS)},
            )
        )
    fields, build = _BUILDERS[kind]
    unknown = sorted(set(spec) - fields - EXTRA_KEYS - {"kind"})
    if unknown:
        raise ExerciseError(
            Msg("a {kind} task has no field {field}", {"kind": kind, "field": repr(unknown[0])})
        )
    try:
        return build(spec)
    except KeyError as err:
        raise ExerciseError(
            Msg("a {kind} task needs the field {field}", {"kind": kind, "field": repr(err.args[0])})
        ) from None
