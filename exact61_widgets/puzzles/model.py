"""A puzzle and the versioned JSON file that holds the puzzle set (format ``exact61-puzzles`` 3).

Each puzzle keeps its position as a game record of one hand (record v1:
:ref:`formats page, §3 Game record <formats-3>`) stopped at the mover's turn, so the
position comes back exactly, history included — what the mover has seen is part of a
fair puzzle. Beside it: the answer (one move, or places of one tile that are worth the
same), the margin, the per-move numbers over the sampled deals, the themes, the rating and
the explanation in English and Russian.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from exact61_widgets.engine.actions import Action, parse_action
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import load_record
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.puzzles.explain import feedback
from exact61_widgets.puzzles.fairness import Fairness
from exact61_widgets.puzzles.puzzle_themes import THEMES
from exact61_widgets.puzzles.verify import Verdict, moves_json

if TYPE_CHECKING:
    from exact61_widgets.puzzles.rating import Rates

FORMAT: Final = "exact61-puzzles"
VERSION: Final = 4
#: Versions still read: 2 has no ``chance`` per move, and its feedback speaks in hand points;
#: 2 and 3 checked fairness by a margin of raw points (their ``fairness`` has no ``unit``).
READ_VERSIONS: Final = (2, 3, 4)
#: The puzzle set shipped in the package.
DATA_FILE: Final = "puzzles-v1.json"


class PuzzleError(Exact61Error):
    """A puzzle file or entry that cannot be read, or an unknown puzzle."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position (as a one-hand record), the answer and what explains it.

    ``answer`` holds the accepted moves in notation; ``moves`` each legal move's
    numbers over the sampled deals (``wins``, ``losses``, ``mean`` raw value,
    ``worse``: deals where it is worth less than the answer, ``chance``: the mover's
    side's mean chance to win the match after it, from version 3); ``values`` each move's
    exact value in the real deal and ``line`` the answer's principal line there;
    ``margin`` the median margin in raw points; ``rates`` how often the simple
    players found the answer; ``fairness`` the re-check on a fresh, larger sample.
    """

    #: The puzzle's name in the set.
    id: str
    #: The number of players.
    players: int
    #: The seat whose move is asked.
    seat: int
    #: The position as a one-hand game record.
    record: Mapping[str, Any]
    #: The layout in notation.
    layout: str
    #: The mover's tiles in notation.
    hand: tuple[str, ...]
    #: How many tiles each seat holds.
    hand_sizes: tuple[int, ...]
    #: How many tiles are in the boneyard.
    boneyard: int
    #: Every side's raw score.
    scores: tuple[int, ...]
    #: The accepted moves in notation.
    answer: tuple[str, ...]
    #: The median margin by which the answer was best, in raw points.
    margin: int
    #: In how many of the sampled deals the answer was best by the margin.
    agree: int
    #: How many deals of the hidden tiles were sampled.
    deals: int
    #: The seed of that sample.
    check_seed: str
    #: Each legal move's numbers over the sampled deals.
    moves: Mapping[str, Mapping[str, Any]]
    #: Each move's exact value in the real deal, in raw points.
    values: Mapping[str, int]
    #: The answer's principal line in the real deal.
    line: tuple[str, ...]
    #: What the puzzle is about (exact finish, avoid the overshoot, …).
    themes: tuple[str, ...]
    #: Its difficulty, from how often simple players find the answer.
    rating: int
    #: How often each simple player found the answer.
    rates: Mapping[str, float | int]
    #: Why the answer is best, by language (``en``, ``ru``).
    explanation: Mapping[str, str]
    #: The re-check on a fresh, larger sample of deals.
    fairness: Fairness

    @classmethod
    def from_verdict(
        cls,
        match: Match,
        verdict: Verdict,
        record: Mapping[str, Any],
        *,
        id: str,
        check_seed: str,
        themes: tuple[str, ...],
        tried: Rates,
        explanation: Mapping[str, str],
        fairness: Fairness,
    ) -> Puzzle:
        """The puzzle of the position of ``match`` (the mover's view) and its verdict.

        ``record`` is the position as the file keeps it (a one-hand record); the answer,
        its margin and agreement, each move's numbers and the principal line come from
        the verdict. The mined set and a review's "try it yourself" both build theirs so.
        """
        seat = match.to_move
        best = verdict.answer[0]
        true = verdict.true
        line = (best,) if true is None else next(m.line for m in true.moves if m.action == best)
        return cls(
            id=id,
            players=match.players,
            seat=seat,
            record=record,
            layout=str(match.layout),
            hand=tuple(str(t) for t in match.hand(seat)),
            hand_sizes=tuple(len(h) for h in match.hands),
            boneyard=match.boneyard_count,
            scores=match.scores,
            answer=tuple(str(a) for a in verdict.answer),
            margin=min(verdict.margin, WIN) if verdict.margins else 0,
            agree=verdict.agree,
            deals=verdict.deals,
            check_seed=check_seed,
            moves=moves_json(verdict.stats),
            values={} if true is None else {str(m.action): m.value for m in true.moves},
            line=tuple(str(a) for a in line),
            themes=themes,
            rating=tried.rating,
            rates=tried.to_json(),
            explanation=explanation,
            fairness=fairness,
        )

    def match(self) -> Match:
        """The position, made afresh from the record (the mover is :attr:`seat`)."""
        return load_record(dict(self.record))

    @property
    def answers(self) -> tuple[Action, ...]:
        """The accepted moves."""
        return tuple(parse_action(a) for a in self.answer)

    def is_answer(self, action: Action | str) -> bool:
        """Whether ``action`` (or its notation) is one of the accepted moves."""
        chosen = parse_action(action) if isinstance(action, str) else action
        return chosen in self.answers

    def task(self) -> Msg:
        """The puzzle's task: who the mover is (and the partner, with pairs), find the best."""
        partner = seating(self.players).partner(self.seat)
        if partner is not None:
            return Msg(
                "You are seat {seat}, in a pair with seat {partner}: find the best move.",
                {"seat": self.seat, "partner": partner},
            )
        return Msg(
            "You are seat {seat} of {players}: find the best move.",
            {"seat": self.seat, "players": self.players},
        )

    def explain(self, lang: str | None = None) -> str:
        """Why the answer is right, in ``lang``."""
        return self.explanation[check_lang(lang)]

    def feedback(self, action: Action | str, lang: str | None = None) -> str:
        """What a wrong move gives against the answer, in ``lang``."""
        chosen = parse_action(action) if isinstance(action, str) else action
        if str(chosen) not in self.moves:
            raise PuzzleError(
                Msg(
                    "{action} is not a legal move in puzzle {id}",
                    {"action": str(chosen), "id": self.id},
                )
            )
        return feedback(chosen, self.answers[0], self.moves, self.deals, lang)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as the JSON file keeps it."""
        return {
            "id": self.id,
            "players": self.players,
            "seat": self.seat,
            "record": dict(self.record),
            "layout": self.layout,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "boneyard": self.boneyard,
            "scores": list(self.scores),
            "answer": list(self.answer),
            "margin": self.margin,
            "agree": self.agree,
            "deals": self.deals,
            "check_seed": self.check_seed,
            "moves": {k: dict(v) for k, v in self.moves.items()},
            "values": dict(self.values),
            "line": list(self.line),
            "themes": list(self.themes),
            "rating": self.rating,
            "rates": dict(self.rates),
            "explanation": dict(self.explanation),
            "fairness": self.fairness.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        """Read one puzzle entry; a missing or wrong field raises :class:`PuzzleError`."""
        try:
            puzzle = cls(
                str(data["id"]),
                int(data["players"]),
                int(data["seat"]),
                dict(data["record"]),
                str(data["layout"]),
                tuple(data["hand"]),
                tuple(data["hand_sizes"]),
                int(data["boneyard"]),
                tuple(data["scores"]),
                tuple(data["answer"]),
                int(data["margin"]),
                int(data["agree"]),
                int(data["deals"]),
                str(data["check_seed"]),
                dict(data["moves"]),
                dict(data["values"]),
                tuple(data["line"]),
                tuple(data["themes"]),
                int(data["rating"]),
                dict(data["rates"]),
                dict(data["explanation"]),
                Fairness.from_json(data["fairness"]),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise PuzzleError(
                Msg("a puzzle entry is malformed: {reason}", {"reason": repr(err)})
            ) from None
        unknown = [t for t in puzzle.themes if t not in THEMES]
        if unknown or set(puzzle.explanation) != {"en", "ru"}:
            raise PuzzleError(
                Msg("puzzle {id} has an unknown theme or lacks a language", {"id": puzzle.id})
            )
        if not puzzle.fairness.fair:
            raise PuzzleError(
                Msg(
                    "puzzle {id} is not fair enough: its answer is best in {agree} of "
                    "{deals} deals",
                    {
                        "id": puzzle.id,
                        "agree": puzzle.fairness.agree,
                        "deals": puzzle.fairness.deals,
                    },
                )
            )
        return puzzle

    def fairness_text(self, lang: str | None = None) -> str:
        """How fair the answer is, in ``lang``: the share of fresh deals and its lower bound."""
        check = self.fairness
        margin: Msg | Plural = (
            Msg("{share} of the match", {"share": percent_msg(check.margin / WIN)})
            if check.unit == "match"
            else Plural("{n} raw point", "{n} raw points", check.margin)
        )
        return Msg(
            "Fairness: in {agree} of {deals} deals of the hidden tiles that agree with what "
            "you have seen ({share}), this answer is best by {margin} or more; at a "
            "confidence of 95%, in at least {lower} of all such deals (Wilson bound).",
            {
                "deals": check.deals,
                "margin": margin,
                "agree": check.agree,
                "share": percent1(check.share),
                "lower": percent1(check.lower),
            },
        ).text(check_lang(lang))


def percent1(share: float) -> Msg:
    """A share as a percentage with one decimal: ``93.5%`` (``93,5 %`` in Russian)."""
    tenths = round(share * 1000)
    return Msg("{whole}.{frac}%", {"whole": tenths // 10, "frac": tenths % 10})


def document(puzzles: Sequence[Puzzle], settings: Mapping[str, Any]) -> dict[str, Any]:
    """The whole file: format, version, how it was made, and the puzzles."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": dict(settings),
        "puzzles": [p.to_json() for p in puzzles],
    }


def read_document(data: Mapping[str, Any]) -> tuple[Puzzle, ...]:
    """The puzzles of a parsed file, after checking its format and version."""
    if data.get("format") != FORMAT or data.get("version") not in READ_VERSIONS:
        raise PuzzleError(
            Msg(
                "not a puzzle file of format {format} version {version}",
                {"format": FORMAT, "version": VERSION},
            )
        )
    return tuple(Puzzle.from_json(p) for p in data["puzzles"])


@cache
def _shipped() -> tuple[Puzzle, ...]:
    text = resources.files("exact61_widgets.puzzles").joinpath(DATA_FILE).read_text("utf-8")
    return read_document(json.loads(text))


def load_puzzles(path: str | Path | None = None) -> tuple[Puzzle, ...]:
    """The puzzle set shipped in the package, or the one in the file ``path``."""
    if path is None:
        return _shipped()
    return read_document(json.loads(Path(path).read_text("utf-8")))


def settings_of(path: str | Path | None = None) -> dict[str, Any]:
    """How a puzzle file was made (seed, counts, thresholds), from its ``settings``."""
    if path is None:
        text = resources.files("exact61_widgets.puzzles").joinpath(DATA_FILE).read_text("utf-8")
    else:
        text = Path(path).read_text("utf-8")
    settings: dict[str, Any] = json.loads(text)["settings"]
    return settings


def get_puzzle(puzzle_id: str) -> Puzzle:
    """A shipped puzzle by its id (``p001``)."""
    for puzzle in _shipped():
        if puzzle.id == puzzle_id:
            return puzzle
    raise PuzzleError(Msg("there is no puzzle {id}", {"id": puzzle_id}))
