"""``review``: walk a finished (or unfinished) match and grade every decision of its movers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.history import Deal, HistoryEntry
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.review.action_values import SAMPLES, fair_values, hindsight
from exact61_widgets.engine.review.result import (
    ActionReview,
    Decision,
    Review,
    summarize,
)
from exact61_widgets.engine.review.stats import INACCURACY, Estimate, estimate, grade
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg

#: How far the best action must lead every other in a deal to count as clearly best:
#: an inaccuracy's worth, 2% of the match (the puzzles' fairness margin too).
CLEAR: Final = INACCURACY
#: The leads kept as a decision's margins, in the hand's raw points (the puzzles' mining
#: margin): the "try it yourself" puzzle speaks them while no deal can end the match.
MARGIN: Final = 5


@dataclass(frozen=True)
class _Job:
    """One decision to grade: where it is, the position, the move made."""

    hand: int
    turn: int
    step: int
    match: Match
    played: Action


def rewind(match: Match) -> tuple[Match, tuple[HistoryEntry, ...]]:
    """The match before anything was pushed (a copy), and everything pushed since."""
    entries = match.history
    start = match.copy()
    for _ in entries:
        start.pop()
    return start, entries


def _jobs(start: Match, entries: tuple[HistoryEntry, ...]) -> Iterator[_Job]:
    """Every play of the history, with the position before it."""
    match = start.copy()
    turn = 0
    for step, entry in enumerate(entries):
        if isinstance(entry, Deal):
            match.push(entry)
            turn = 0
            continue
        turn += 1
        if isinstance(entry.action, Play) and match.status == PLAYING:
            yield _Job(match.hand_number, turn, step, match.copy(), entry.action)
        match.push(entry.action)


def grade_decision(job: _Job, seed: int | str, samples: int, with_hindsight: bool) -> Decision:
    """Grade one decision (the number is set by :func:`review`).

    Each action is valued by the mover's side's chance to win the match; the best is
    the one with the largest mean chance, and the played move's loss is the paired
    differences' mean and interval. While no sampled deal ends the match in this hand,
    the loss is also stated in the hand's points (:attr:`Decision.points_loss`).
    """
    match = job.match
    seat = match.to_move
    legal = match.legal_actions()
    solved = hindsight(match, value="match") if with_hindsight and len(legal) > 1 else None
    exact = {} if solved is None else {m.action: m.value / WIN for m in solved.moves}
    if len(legal) < 2:
        zero = Estimate(0.0, 0.0, 0.0, 0)
        only = ActionReview(job.played, zero, zero, 0, 0, None, 0, exact.get(job.played))
        return Decision(
            number=0,
            hand=job.hand,
            turn=job.turn,
            step=job.step,
            seat=seat,
            side=match.side_of(seat),
            scores=match.scores,
            played=job.played,
            actions=(only,),
            best=job.played,
            loss=zero,
            points_loss=None,
            grade="only",
            method=None,
            samples=0,
            clear=0,
            margins=(),
        )
    sampled = fair_values(match, seed, samples)
    chances = sampled.chances
    means = [sum(row) / len(row) for row in chances]
    mine = sampled.actions.index(job.played)
    top = min(range(len(means)), key=lambda i: (-means[i], i != mine, i))  # ties: the move made
    best = sampled.actions[top]
    reviews = tuple(
        _action_review(action, row, points, chances[top], exact.get(action))
        for action, row, points in zip(sampled.actions, chances, sampled.values, strict=True)
    )
    loss = estimate([b - p for b, p in zip(chances[top], chances[mine], strict=True)])
    values = sampled.values
    decided = any(abs(v) >= WIN for row in values for v in row)
    points_loss = (
        None
        if decided
        else estimate([b - p for b, p in zip(values[top], values[mine], strict=True)])
    )
    best_row = values[top]
    leads = [
        best_row[j] - max(row[j] for i, row in enumerate(values) if i != top)
        for j in range(len(best_row))
    ]
    margins = tuple(lead for lead in leads if lead >= MARGIN)
    best_chances = chances[top]
    clear = sum(
        best_chances[j] - max(row[j] for i, row in enumerate(chances) if i != top) >= CLEAR
        for j in range(len(best_chances))
    )
    return Decision(
        0,
        job.hand,
        job.turn,
        job.step,
        seat,
        match.side_of(seat),
        match.scores,
        job.played,
        reviews,
        best,
        loss,
        points_loss,
        grade(loss.low, len(legal)),
        sampled.method,
        len(chances[mine]),
        clear,
        margins,
    )


def _action_review(
    action: Action,
    row: tuple[float, ...],
    points: tuple[int, ...],
    best_row: tuple[float, ...],
    exact: float | None,
) -> ActionReview:
    ordinary = [v for v in points if -WIN < v < WIN]
    return ActionReview(
        action,
        estimate(row),
        estimate(points),
        sum(1 for v in points if v >= WIN),
        sum(1 for v in points if v <= -WIN),
        sum(ordinary) / len(ordinary) if ordinary else None,
        sum(1 for v, b in zip(row, best_row, strict=True) if v < b),
        exact,
    )


def _grade(args: tuple[_Job, int | str, int, bool]) -> Decision:
    return grade_decision(*args)


def as_review_match(source: Match | Mapping[str, Any]) -> Match:
    """The match to review: a :class:`Match` (copied), a game record or a saved scenario."""
    if isinstance(source, Match):
        return source.copy()
    if isinstance(source, Mapping):
        from exact61_widgets.engine.loader import load_document

        return load_document(source)
    raise SetupError(
        Msg(
            "a review takes a Match, a game record or a saved scenario, not {kind}",
            {"kind": type(source).__name__},
        )
    )


def grade_decisions(
    source: Match | Mapping[str, Any],
    numbers: Sequence[int],
    *,
    seed: int | str = 0,
    samples: int = SAMPLES,
    with_hindsight: bool = True,
) -> tuple[Decision, ...]:
    """Only the decisions numbered ``numbers`` of the match, graded as :func:`review` grades them.

    The same seed gives the same grades as the whole review; an exercise that asks about
    a few moves of a match needs no more. A number outside the match's decisions raises.
    """
    _check_samples(samples)
    start, entries = rewind(as_review_match(source))
    jobs = list(_jobs(start, entries))
    graded = []
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(jobs):
            raise SetupError(
                Msg(
                    "there is no decision {number}: the decisions are numbered 1 to {count}",
                    {"number": repr(number), "count": len(jobs)},
                )
            )
        decision = grade_decision(jobs[number - 1], seed, samples, with_hindsight)
        graded.append(replace(decision, number=number))
    return tuple(graded)


def _check_samples(samples: object) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise SetupError(
            Msg("a review samples at least 2 deals, not {value}", {"value": repr(samples)})
        )


def review(
    source: Match | Mapping[str, Any],
    *,
    seed: int | str = 0,
    samples: int = SAMPLES,
    with_hindsight: bool = True,
    workers: int = 1,
) -> Review:
    """Grade every decision of a match: a :class:`Match`, a game record or a saved scenario.

    Each play is a decision; one with a single legal action (a drawn tile with one
    place, a single tile that fits) is an *only move*, reported and not graded. For
    the others every legal action gets its *fair* value from ``samples`` deals of the
    tiles the mover could not see (:func:`~.action_values.fair_values`) and, when the real
    deal is small enough to solve, its *hindsight* value; the played action's loss
    against the best fair value gives its class (:mod:`.stats`). The same ``seed``
    gives the same review, whatever ``workers`` (processes, for speed; 1 runs here).

    >>> from exact61_widgets.engine import Match
    >>> match = Match(2, seed=5)
    >>> for _ in range(4):
    ...     events = match.push(match.legal_actions()[0])
    >>> graded = review(match, seed=1, samples=10)
    >>> [(d.number, str(d.played), d.grade) for d in graded.decisions][:3]
    [(1, '[0|2]', 'best'), (2, '[2|6]@[0|2]:high', 'only'), (3, '[0|4]@[0|2]:low', 'best')]
    """
    _check_samples(samples)
    match = as_review_match(source)
    start, entries = rewind(match)
    jobs = [(job, seed, samples, with_hindsight) for job in _jobs(start, entries)]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            graded = pool.map(_grade, jobs, chunksize=1)
    else:
        graded = [_grade(job) for job in jobs]
    decisions = tuple(replace(d, number=n) for n, d in enumerate(graded, start=1))
    seats = tuple(
        summarize("seat", s, [d for d in decisions if d.seat == s]) for s in range(match.players)
    )
    sides = tuple(
        summarize("side", s, [d for d in decisions if d.side == s]) for s in range(match.sides)
    )
    return Review(
        match.players, match.sides, seed, samples, decisions, seats, sides, start, entries
    )
