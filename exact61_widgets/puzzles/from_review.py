"""A reviewed mistake in words and as a puzzle: the better move, why, and "try it yourself".

The words reuse the puzzles' own (:mod:`.explain`): the better move named, what it
does now as the engine tells it, one sentence per theme (:mod:`.puzzle_themes`: an exact
finish, an overshoot, a spinner, going out, a block, denying the opponent) and
what the played move gives against it over the sampled deals. The position
becomes a :class:`~.model.Puzzle` whose answer is the better move, so the
:class:`~exact61_widgets.widgets.puzzle.PuzzleWidget` can pose it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.review import Decision, Review, hindsight
from exact61_widgets.engine.review.core import CLEAR
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg
from exact61_widgets.puzzles.explain import Sentences, feedback, theme_sentences
from exact61_widgets.puzzles.fairness import Fairness, wilson_lower
from exact61_widgets.puzzles.model import Puzzle
from exact61_widgets.puzzles.puzzle_themes import Facts, facts
from exact61_widgets.puzzles.rating import rates
from exact61_widgets.puzzles.verify import ActionStats, Verdict, moves_json


def verdict(match: Match, decision: Decision) -> Verdict:
    """The decision's sampled deals as a puzzle verdict: the best fair action as the answer."""
    stats = tuple(
        ActionStats(a.action, a.wins, a.losses, a.ordinary, a.worse, round(a.fair.mean, 4))
        for a in decision.actions
    )
    return Verdict(
        (decision.best,),
        decision.clear,
        decision.samples,
        decision.margins,
        stats,
        hindsight(match, lines=True),
    )


def better_move(match: Match, decision: Decision) -> tuple[Sentences, Facts, Verdict]:
    """The better move and why, in any language; with the facts and verdict behind it.

    ``match`` is the decision's position (:meth:`Review.at`), left unchanged.
    """
    found_verdict = verdict(match, decision)
    found = facts(match, found_verdict)
    parts: list[Msg | Callable[[str], str]] = [
        Msg("The better move: {move}.", {"move": action_msg(decision.best)})
    ]
    if decision.played != decision.best:
        parts.append(
            Msg(
                "Over the sampled deals it raises the chance to win the match from {played} "
                "(the move made) to {best}.",
                {  # rounded as the moves' numbers are, so the feedback below says the same
                    "played": percent_msg(round(decision.expected, 4)),
                    "best": percent_msg(round(decision.best_value, 4)),
                },
            )
        )
    parts += [partial(e.explain) for e in found.answer.events]
    parts += theme_sentences(match, found, found_verdict)
    if decision.played != decision.best:
        parts.append(
            partial(
                feedback,
                decision.played,
                decision.best,
                moves_json(found_verdict.stats),
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
    return Puzzle.from_verdict(
        match,
        found_verdict,
        record,
        id=f"r{decision.number}",  # r for review, as p for the set; no word, in any language
        check_seed=f"review/{review.seed}",
        themes=found.themes,
        tried=rates(match, (decision.best,)),
        explanation={lang: words.text(lang) for lang in ("en", "ru")},
        fairness=Fairness(
            decision.clear,
            decision.samples,
            wilson_lower(decision.clear, decision.samples),
            f"review/{review.seed}",
            0,
            round(CLEAR * WIN),
            "match",
        ),
    )
