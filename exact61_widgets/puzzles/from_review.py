"""A reviewed mistake in words and as a puzzle: the better move, why, and "try it yourself".

The words reuse the puzzles' own (:mod:`.explain`): the better move named, what it
does now as the engine tells it, one sentence per theme (:mod:`.themes`: an exact
finish, an overshoot, a spinner, going out, a block, denying the opponent) and
what the played move gives against it over the sampled deals. The position
becomes a :class:`~.model.Puzzle` whose answer is the better move, so the
:class:`~exact61_widgets.widgets.puzzle.PuzzleWidget` can pose it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.review import Decision, Review, hindsight
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg
from exact61_widgets.puzzles.explain import Sentences, feedback, theme_sentences
from exact61_widgets.puzzles.fairness import Fairness, wilson_lower
from exact61_widgets.puzzles.model import Puzzle
from exact61_widgets.puzzles.rating import rates
from exact61_widgets.puzzles.themes import Facts, facts
from exact61_widgets.puzzles.verify import ActionStats, Verdict


def verdict(match: Match, decision: Decision) -> Verdict:
    """The decision's sampled deals as a puzzle verdict: the best fair action as the answer."""
    stats = tuple(
        ActionStats(a.action, a.wins, a.losses, a.ordinary, a.worse) for a in decision.actions
    )
    return Verdict(
        (decision.best,),
        decision.clear,
        decision.samples,
        decision.margins,
        stats,
        hindsight(match, lines=True),
    )


def _stats_json(decision: Decision) -> dict[str, dict[str, Any]]:
    return {
        str(a.action): {
            "wins": a.wins,
            "losses": a.losses,
            "mean": None if a.ordinary is None else round(a.ordinary, 2),
            "worse": a.worse,
        }
        for a in decision.actions
    }


def better_move(match: Match, decision: Decision) -> tuple[Sentences, Facts, Verdict]:
    """The better move and why, in any language; with the facts and verdict behind it.

    ``match`` is the decision's position (:meth:`Review.at`), left unchanged.
    """
    found_verdict = verdict(match, decision)
    found = facts(match, found_verdict)
    parts: list[Msg | Callable[[str], str]] = [
        Msg("The better move: {move}.", {"move": action_msg(decision.best)})
    ]
    parts += [partial(e.explain) for e in found.answer.events]
    parts += theme_sentences(match, found, found_verdict)
    if decision.played != decision.best:
        parts.append(
            partial(
                feedback,
                decision.played,
                decision.best,
                _stats_json(decision),
                decision.samples,
            )
        )
    return Sentences(tuple(parts)), found, found_verdict


def as_puzzle(review: Review, decision: Decision) -> Puzzle | None:
    """The decision's position as a puzzle whose answer is the better move.

    None when the position cannot be written as a game record (a set-up position) or
    the decision had no choice. The fairness it states is the review's own sample.
    """
    if decision.choices < 2:
        return None
    match = review.at(decision)
    try:
        record = to_record(match)
    except ValueError:
        return None
    record["start_scores"] = list(review.hand_start_scores(decision))
    record["hands"] = record["hands"][-1:]
    words, found, found_verdict = better_move(match, decision)
    solved = found_verdict.true
    line: tuple[Action, ...] = (decision.best,)
    if solved is not None:
        line = next(m.line for m in solved.moves if m.action == decision.best)
    seat = match.to_move
    ordered = sorted(decision.margins)
    tried = rates(match, (decision.best,))
    return Puzzle(
        id=f"r{decision.number}",  # r for review, as p for the set; no word, in any language
        players=match.players,
        seat=seat,
        record=record,
        layout=str(match.layout),
        hand=tuple(str(t) for t in match.hand(seat)),
        hand_sizes=tuple(len(h) for h in match.hands),
        boneyard=match.boneyard_count,
        scores=match.scores,
        answer=(str(decision.best),),
        margin=min(ordered[len(ordered) // 2], WIN) if ordered else 0,
        agree=decision.clear,
        deals=decision.samples,
        check_seed=f"review/{review.seed}",
        moves=_stats_json(decision),
        values={} if solved is None else {str(m.action): m.value for m in solved.moves},
        line=tuple(str(a) for a in line),
        themes=found.themes,
        rating=tried.rating,
        rates=tried.to_json(),
        explanation={lang: words.text(lang) for lang in ("en", "ru")},
        fairness=Fairness(
            decision.clear,
            decision.samples,
            wilson_lower(decision.clear, decision.samples),
            f"review/{review.seed}",
            0,
        ),
    )
