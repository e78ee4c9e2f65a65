"""The exact solver: every legal action's value when all the tiles are known (open cards).

Bridge players analyse deals with the cards open using double-dummy solvers;
:func:`solve` does the same for a position of Exact 61 whose hands and boneyard
order are all known — a played match, or one made with :meth:`Match.setup
<exact61_widgets.engine.match.Match.setup>`. It searches to the end of the
current hand and gives, for each legal action of the player to move, its exact
value for the mover's side: the side's gain over the rest of the hand minus the
largest gain of another side, in raw points (5 raw = 1 displayed point), with
a match won at exactly 61 worth :data:`WIN` and a match lost ``-WIN``. Each
value comes with its principal line (both sides playing their best).

Two sides (two players, or four in pairs) are solved exactly by alpha-beta
with a transposition table, moves ordered by immediate award. Three players
are solved by the *paranoid* method by default (the two others play together
against the mover: a guaranteed value) or by *max-n* (every player maximizes
its own value; among equal choices a player takes the one worst for the mover).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final, Literal

from exact61_widgets.engine.actions import DRAW, PASS, PLAY, Action
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.scoring import displayed
from exact61_widgets.engine.solvecore import (
    DRAW_MOVE,
    INF,
    PASS_MOVE,
    WIN,
    MaxnTable,
    NodeLimit,
    OpenPosition,
    Table,
    alphabeta,
    maxn,
)
from exact61_widgets.i18n import Msg, Plural, check_lang

#: The solver's search methods (``METHODS``): alpha-beta for two sides, paranoid, or max-n.
Method = Literal["alphabeta", "paranoid", "maxn"]
#: Every search method, the default first.
METHODS: Final[tuple[Method, ...]] = ("alphabeta", "paranoid", "maxn")

__all__ = [
    "METHODS",
    "WIN",
    "Method",
    "MoveValue",
    "Solution",
    "SolveError",
    "leads_by",
    "notation",
    "solve",
    "value_text",
]


class SolveError(Exact61Error):
    """A position the solver cannot solve: the hand is over, or the node budget ran out."""


@dataclass(frozen=True)
class MoveValue:
    """One legal action's exact value for the mover's side, with its principal line.

    ``value`` is raw points (see the module's docstring), ``line`` the actions from
    this one to the end of the hand with every side playing its best.
    """

    #: The legal action.
    action: Action
    #: Its exact value for the mover's side, in raw points (±WIN for a match won or lost).
    value: int
    #: The actions from this one to the end of the hand, every side playing its best.
    line: tuple[Action, ...]

    @property
    def outcome(self) -> Literal["win", "loss"] | None:
        """``"win"`` if the line wins the match for the mover's side, ``"loss"`` if it loses."""
        if self.value >= WIN:
            return "win"
        if self.value <= -WIN:
            return "loss"
        return None

    @property
    def points(self) -> int:
        """The value in displayed points (raw / 5); ±WIN / 5 for a match won or lost."""
        return displayed(self.value)

    def text(self, lang: str | None = None) -> str:
        """The value in words: ``+3 points``, ``wins the match`` … in ``lang``."""
        return value_text(self.value, lang)


@dataclass(frozen=True)
class Solution:
    """Every legal action of the position with its exact value, best first.

    ``moves`` are ordered by value, equal values in the order of
    :meth:`Match.legal_actions`; ``method`` says how three players were treated;
    ``nodes`` counts the positions visited.
    """

    #: The seat to move.
    seat: int
    #: The side it plays for.
    side: int
    #: How three players were treated (``alphabeta`` for two sides).
    method: Method
    #: Every legal action with its value, best first.
    moves: tuple[MoveValue, ...]
    #: How many positions the search visited.
    nodes: int
    #: How long the search took.
    seconds: float

    @property
    def best(self) -> MoveValue:
        """A best action (the first of the best, in legal-action order)."""
        return self.moves[0]

    @property
    def value(self) -> int:
        """The position's value for the mover's side (the best action's)."""
        return self.moves[0].value

    @property
    def line(self) -> tuple[Action, ...]:
        """The principal line from the position."""
        return self.moves[0].line

    @property
    def margin(self) -> int | None:
        """How much the best action is worth more than the next one (None: only one action)."""
        return None if len(self.moves) < 2 else self.moves[0].value - self.moves[1].value

    @property
    def nodes_per_second(self) -> float:
        """Positions visited per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def value_of(self, action: Action) -> int:
        """The value of one legal action."""
        for move in self.moves:
            if move.action == action:
                return move.value
        raise SolveError(
            Msg("{action} is not a legal action in this position", {"action": _name(action)})
        )

    def best_actions(self) -> tuple[Action, ...]:
        """Every action with the best value."""
        return tuple(m.action for m in self.moves if m.value == self.value)

    def to_json(self) -> dict[str, object]:
        """The solution as plain data: each move's value (raw), outcome and line in notation."""
        return {
            "seat": self.seat,
            "side": self.side,
            "method": self.method,
            "nodes": self.nodes,
            "moves": [
                {
                    "action": notation(m.action),
                    "value": m.value,
                    "outcome": m.outcome,
                    "line": [notation(a) for a in m.line],
                }
                for m in self.moves
            ],
        }

    def text(self, lang: str | None = None) -> str:
        """A report in ``lang``: a heading, then one line per move, best first, with its line."""
        lang = check_lang(lang)
        head = Msg(
            "Seat {seat} to move: every move's exact value over the rest of the hand "
            "({method}, {nodes} positions).",
            {"seat": self.seat, "method": _METHOD_NAMES[self.method], "nodes": self.nodes},
        ).text(lang)
        width = max(len(notation(m.action)) for m in self.moves)
        rows = [
            f"  {notation(m.action):<{width}}  {m.text(lang):>16}  "
            + Msg("line: {line}", {"line": " ".join(_line_word(a, lang) for a in m.line)}).text(
                lang
            )
            for m in self.moves
        ]
        return "\n".join([head, *rows])


_METHOD_NAMES: Final = {
    "alphabeta": Msg("alpha-beta, exact"),
    "paranoid": Msg("paranoid: the others play together against you"),
    "maxn": Msg("max-n: every player plays for itself"),
}


def notation(action: Action) -> str:
    """An action in notation: ``[1|4]@[4|4]:lineB``, ``draw`` or ``pass``."""
    if action is DRAW:
        return "draw"
    if action is PASS:
        return "pass"
    return str(action)


def _name(action: Action) -> str | Msg:
    if action is DRAW:
        return Msg("draw")
    if action is PASS:
        return Msg("pass")
    return str(action)


def _line_word(action: Action, lang: str) -> str:
    """An action of a line as the report writes it: a play's notation, a draw or pass in words."""
    name = _name(action)
    return name.text(lang) if isinstance(name, Msg) else name


def value_text(value: int, lang: str | None = None) -> str:
    """A value in words in ``lang``: ``+3 points``, ``0 points``, ``wins the match``."""
    lang = check_lang(lang)
    if value >= WIN:
        return Msg("wins the match").text(lang)
    if value <= -WIN:
        return Msg("loses the match").text(lang)
    points = displayed(value)
    sign = "+" if points > 0 else ("−" if points < 0 else "")
    return Plural("{sign}{n} point", "{sign}{n} points", abs(points), {"sign": sign}).text(lang)


def _action(move: int) -> Action:
    if move == DRAW_MOVE:
        return DRAW
    if move == PASS_MOVE:
        return PASS
    t, p = move >> 8, (move & 255) - 1
    return PLAY[(t, p)]


class _Search:
    """One solve: the position, the method's search function and its table.

    A :class:`NodeLimit` leaves the position half made; it is then thrown away.
    """

    def __init__(self, pos: OpenPosition, method: Method) -> None:
        self.pos = pos
        self.method = method
        if method == "maxn":
            self.mtable: MaxnTable = {}
            self._maxn = maxn(pos, self.mtable)
        else:
            self.table: Table = {}
            self._ab = alphabeta(pos, self.table)

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The value of the current (not finished) position for the root side.

        Exact within the window ``(alpha, beta)`` (alpha-beta and paranoid, fail-soft): a
        value at or below ``alpha`` is an upper bound of the exact one, at or above ``beta``
        a lower bound. Max-n has no window: its value is always exact.
        """
        if self.method == "maxn":
            return self._maxn()[self.pos.root_side]
        return self._ab(alpha, beta)

    def after(self, move: int, alpha: int = -INF, beta: int = INF) -> int:
        """The value after ``move``, exact within ``(alpha, beta)`` (see :meth:`value`)."""
        pos = self.pos
        saved = pos.push(move)
        value = pos.utility(pos.root_side) if pos.over else self.value(alpha, beta)
        pos.pop(saved)
        return value

    def chosen(self) -> int:
        """The move the player to move makes in the principal line."""
        pos = self.pos
        moves = pos.ordered()
        if len(moves) == 1:
            return moves[0]
        if self.method == "maxn":
            target_vector = self._maxn()
            for move in moves:
                saved = pos.push(move)
                vector = (
                    tuple(pos.utility(s) for s in range(pos.nsides)) if pos.over else self._maxn()
                )
                pos.pop(saved)
                if vector == target_vector:
                    return move
            raise AssertionError("no move reaches the position's value")  # pragma: no cover
        target = self.value()
        for move in moves:
            if self.after(move) == target:
                return move
        raise AssertionError("no move reaches the position's value")  # pragma: no cover

    def line(self, first: int) -> tuple[Action, ...]:
        """The principal line that starts with ``first``."""
        pos = self.pos
        undo = [pos.push(first)]
        line = [_action(first)]
        while not pos.over:
            move = self.chosen()
            undo.append(pos.push(move))
            line.append(_action(move))
        for saved in reversed(undo):
            pos.pop(saved)
        return tuple(line)


def _start(
    match: Match,
    method: Method | None,
    max_nodes: int | None,
    value: Literal["points", "match"],
) -> _Search:
    """The search of ``match`` after the checks every entry point makes (one message each)."""
    if match.status != PLAYING:
        raise SolveError(Msg("the hand is over: there is nothing to solve"))
    if method is None:
        method = "alphabeta" if match.sides == 2 else "paranoid"
    if method not in METHODS:
        raise SolveError(
            Msg(
                "unknown method {name}: choose from {names}",
                {"name": repr(method), "names": ", ".join(METHODS)},
            )
        )
    if method == "alphabeta" and match.sides != 2:
        raise SolveError(
            Msg("alpha-beta needs two sides; for three players choose paranoid or maxn")
        )
    if value == "match":
        from exact61_widgets.engine.equity.value import ChancePosition

        pos: OpenPosition = ChancePosition(match)
    else:
        pos = OpenPosition(match)
    pos.limit = max_nodes
    return _Search(pos, method)


def _too_large(max_nodes: int | None) -> SolveError:
    return SolveError(
        Msg("the position needs more than {limit} nodes to solve", {"limit": max_nodes})
    )


def solve(
    match: Match,
    *,
    method: Method | None = None,
    lines: bool = True,
    max_nodes: int | None = None,
    value: Literal["points", "match"] = "points",
) -> Solution:
    """The exact value of every legal action of ``match`` over the rest of the hand.

    Every tile must be known, which it is in a :class:`Match`: the hands and the
    boneyard's order are read through the public view, and ``match`` is not
    changed. ``method`` is ``"alphabeta"`` (the default for two sides),
    ``"paranoid"`` (the default for three players) or ``"maxn"``; for two sides all
    three give the same values. ``lines=False`` skips the principal lines (each
    value's line then holds the action alone). ``max_nodes`` bounds the work: a
    larger search raises :class:`SolveError`. ``value="match"`` values each line's end
    as the mover's side's chance to win the match (:mod:`~exact61_widgets.engine.equity.value`)
    in ten-thousandths of a match, :data:`WIN` being a sure win and 0 a sure loss.

    >>> from exact61_widgets.puzzles import get_puzzle
    >>> solution = solve(get_puzzle("p001").match())  # every tile known
    >>> str(solution.best.action), solution.margin  # best by 15 raw points
    ('[6|6]@[5|6]:high', 15)
    """
    start = time.perf_counter()
    search = _start(match, method, max_nodes, value)
    pos = search.pos
    method = search.method
    legal = match.legal_actions()
    try:
        order = pos.ordered()
        values = {move: search.after(move) for move in order}
        by_action = {_action(move): move for move in order}
        results = []
        for action in legal:
            move = by_action[action]
            line = search.line(move) if lines else (action,)
            results.append(MoveValue(action, values[move], line))
    except NodeLimit:
        raise _too_large(max_nodes) from None
    ranked = sorted(range(len(results)), key=lambda i: (-results[i].value, i))
    return Solution(
        match.to_move,
        match.side_of(match.to_move),
        method,
        tuple(results[i] for i in ranked),
        pos.nodes,
        time.perf_counter() - start,
    )


def leads_by(
    match: Match,
    group: tuple[Action, ...],
    margin: int,
    *,
    max_nodes: int | None = None,
    value: Literal["points", "match"] = "points",
) -> bool:
    """Whether the actions of ``group`` share one value at least ``margin`` above every other's.

    The same answer as asking :func:`solve` (``lines=False``) and comparing every value,
    for less work: the group's first action is searched exactly, the rest of the group
    in a window around its value (is it that value?), and every other legal action with a
    null window (is it at least ``margin`` below?), best-looking first, stopping at the
    first that is not. Two sides only: the alpha-beta search is what takes a window.
    A group holding every legal action leads (there is nothing to lead). ``max_nodes``
    bounds the work as in :func:`solve`, with the same :class:`SolveError`; so do the
    finished hand and an action that is not legal. ``value`` is :func:`solve`'s: with
    ``"match"`` the values, and so ``margin``, are the mover's side's chance to win the
    match in ten-thousandths (a margin of 200 is 2% of the match). ``match`` is not changed.

    >>> from exact61_widgets.puzzles import get_puzzle
    >>> puzzle = get_puzzle("p001")  # best by 15 raw points
    >>> leads_by(puzzle.match(), puzzle.answers, 15), leads_by(puzzle.match(), puzzle.answers, 16)
    (True, False)
    """
    if match.status == PLAYING and match.sides != 2:
        raise SolveError(
            Msg("a group's lead is checked for two sides only (two players or two pairs)")
        )
    search = _start(match, "alphabeta", max_nodes, value)
    pos = search.pos
    moves = {_action(move): move for move in pos.ordered()}
    if not group:
        raise SolveError(Msg("the group of actions is empty"))
    for action in group:
        if action not in moves:
            raise SolveError(
                Msg("{action} is not a legal action in this position", {"action": _name(action)})
            )
    chosen = {moves[action] for action in group}
    try:
        best = search.after(moves[group[0]])
        if any(search.after(moves[a], best - 1, best + 1) != best for a in group[1:]):
            return False
        floor = best - margin  # every other action must be worth at most this
        return all(
            search.after(move, floor, floor + 1) <= floor
            for move in moves.values()
            if move not in chosen
        )
    except NodeLimit:
        raise _too_large(max_nodes) from None
