"""The words of a puzzle: why the answer is right, and what a wrong move gives instead.

The explanation names the answer in plain words, lets the engine tell what it
does now (the ends, the award, the target check, a settlement), adds one
sentence per theme and ends with how fair the answer is: in how many deals of
the hidden tiles it was best, and what it is worth in the review's unit, the
side's chance to win the match (and in the hand's points only while no deal
ends the match in this hand, so no number larger than the match is shown). It
is written in English and in Russian when the puzzle is mined and kept in the
JSON; the feedback on a wrong move is made when it is needed, from the numbers
the JSON keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.explain import target_check
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.scoring import POINT, TARGET_PARAMS, displayed, to_target
from exact61_widgets.engine.solve import WIN
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.puzzles.puzzle_themes import Facts, Tried
from exact61_widgets.puzzles.verify import ActionStats, Verdict


def _raw(n: int) -> Plural:
    return Plural("{n} raw point", "{n} raw points", n)


def _of_deals(n: int) -> Plural:
    """``of the 50 deals`` (the sampled deals of the hidden tiles)."""
    return Plural("of the {n} deal", "of the {n} deals", n)


def theme_sentences(match: Match, facts: Facts, verdict: Verdict) -> list[Msg]:
    """One sentence per theme of the answer: the rule at work and what it does here."""
    sentences: list[Msg] = []
    themes = facts.themes
    if "exact_finish" in themes:
        play = facts.answer.play
        missing = to_target(play.score_before if play is not None else 0)
        sentences.append(
            Msg(
                "You needed exactly {missing} and this play makes exactly that: "
                "an award that reaches {target} ends the match at once (R9).",
                {**TARGET_PARAMS, "missing": _raw(missing)},
            )
        )
    if "overshoot" in themes:
        tempting = max((t for t in facts.others if t.overshoots), key=_tempting_award)
        if tempting.out is not None:
            out = tempting.out
            sentences.append(
                Msg(
                    "Going out with {move} would settle {net}; {check}.",
                    {
                        "move": action_msg(tempting.action),
                        "net": _raw(out.net),
                        "check": target_check(out.score_before, out.net, "R7.4").line,
                    },
                )
            )
        else:
            play = tempting.play
            assert play is not None
            sentences.append(
                Msg(
                    "{move} would earn {award}; {check}.",
                    {
                        "move": action_msg(tempting.action),
                        "award": _raw(play.award),
                        "check": target_check(play.score_before, play.award).line,
                    },
                )
            )
    if "spinner" in themes:
        sentences.append(_spinner(match, facts))
    if "going_out" in themes:
        sentences.extend(_going_out(match, facts))
    if "block" in themes:
        sentences.append(_block(facts))
    if "deny" in themes and facts.denied is not None:
        stats = {s.action: s for s in verdict.stats}
        params = {
            "move": action_msg(facts.denied.action),
            "k": stats[facts.denied.action].losses,
            "of_deals": _of_deals(verdict.deals),
        }
        if match.seating.pairs:
            sentences.append(
                Msg(
                    "After {move} the other pair reaches exactly {target} in {k} "
                    "{of_deals}; the answer keeps them from it (R9).",
                    {**params, **TARGET_PARAMS},
                )
            )
        else:
            sentences.append(
                Msg(
                    "After {move} an opponent reaches exactly {target} in {k} "
                    "{of_deals}; the answer keeps them from it (R9).",
                    {**params, **TARGET_PARAMS},
                )
            )
    if "count" in themes:
        sentences.append(
            Msg("No other play scores as much now, and nothing later makes up for it (R6).")
        )
    if "look_ahead" in themes:
        sentences.append(
            Msg(
                "No rule decides it at once: the answer is best over the rest of the hand, "
                "counting what every player can still play."
            )
        )
    return sentences


def _spinner(match: Match, facts: Facts) -> Msg:
    """How the spinner counts in the answer's award (R4, R5)."""
    play = facts.answer.action
    assert isinstance(play, Play)
    at = play.at
    only = not any(t.scores for t in facts.others)
    if at is not None and at.tile.is_double:
        double = str(at.tile)
        if at.port.is_branch:
            if only:
                return Msg(
                    "No other play scores: only a branch of the spinner {double} makes "
                    "the ends a multiple of 5; the internal double adds nothing and the "
                    "branch's outer end counts (R5.2).",
                    {"double": double},
                )
            return Msg(
                "On a branch of the spinner {double} the new outer end counts, while "
                "the internal double itself adds nothing (R5.2).",
                {"double": double},
            )
        taken = match.layout.taken(at.tile)
        if any(p.is_line for p in taken):
            return Msg(
                "This fills the second line of the spinner {double}: it becomes "
                "internal and stops counting, and its branches open (R4.3, R5.2).",
                {"double": double},
            )
        return Msg(
            "With one line filled the spinner {double} is still an end double and "
            "counts both halves, {value} (R5.1).",
            {"double": double, "value": 2 * at.tile.low},
        )
    return Msg(
        "The double {tile} becomes an end double: it counts both halves, {value} (R5.1).",
        {"tile": str(play.tile), "value": 2 * play.tile.low},
    )


def _tempting_award(t: Tried) -> int:
    if t.out is not None:
        return t.out.net
    return 0 if t.play is None else t.play.award


def _going_out(match: Match, facts: Facts) -> list[Msg]:
    """The going-out settlement step by step when the answer goes out (the answer's events
    already say it in one line, the target check included), else why going out is worse."""
    out = facts.answer.out
    if out is not None:
        return list(out.explanation().steps[:-1])
    other = next(t for t in facts.others if t.out is not None)
    assert other.out is not None
    if match.seating.pairs and other.out.partner_deduction:
        return [
            Msg(
                "Going out with {move} would end the hand, but the partner's remaining "
                "tiles would be deducted ({pded}): the settlement is worth less than "
                "playing on (R7.3).",
                {"move": action_msg(other.action), "pded": other.out.partner_deduction},
            )
        ]
    return [
        Msg(
            "Going out with {move} would end the hand at once with a settlement of {net}; "
            "playing on is worth more (R7).",
            {"move": action_msg(other.action), "net": _raw(other.out.net)},
        )
    ]


def _block(facts: Facts) -> Msg:
    if facts.answer.blocks:
        return Msg(
            "This play blocks the hand: nobody can play and the boneyard is empty, "
            "so the players' remaining pips are compared now (R8)."
        )
    blocker = next((t for t in facts.others if t.blocks), None)
    if blocker is not None:
        return Msg(
            "{move} would block the hand now, and the remaining pips compared then "
            "are worse for you (R8).",
            {"move": action_msg(blocker.action)},
        )
    return Msg(
        "With the boneyard empty the hand ends blocked: the answer times the block "
        "so that your remaining pips compare well (R8)."
    )


def can_end(stats: Iterable[ActionStats] | Iterable[Mapping[str, object]]) -> bool:
    """Whether the match ended in the hand after some move in some sampled deal.

    While it cannot, a learner may also read a move's worth in the hand's displayed
    points; once it can, only the share of the match means anything (as in the review).
    """
    for s in stats:
        decided = (s.wins, s.losses) if isinstance(s, ActionStats) else (s["wins"], s["losses"])
        if any(decided):
            return True
    return False


def fairness_sentences(answer: Action, verdict: Verdict) -> list[Msg]:
    """How often the answer was best, and what it is worth in the chance to win the match.

    The answer's mean chance over the sampled deals is set against the best other
    move's; the hand's points are given too only while no sampled deal ends the match
    in this hand, so no number larger than the match is ever shown as a difference.
    """
    of_deals = {"agree": verdict.agree, "of_deals": _of_deals(verdict.deals)}
    chances = {s.action: s.chance for s in verdict.stats}
    mine = chances.get(answer)
    others = [c for a, c in chances.items() if a not in verdict.answer and c is not None]
    sentences: list[Msg] = []
    if mine is not None and others:
        sentences.append(
            Msg(
                "It is the best move in {agree} {of_deals} of the hidden tiles that agree "
                "with what you have seen. Over them it gives your side a {mine} chance to win "
                "the match, the best other move {other}.",
                {**of_deals, "mine": percent_msg(mine), "other": percent_msg(max(others))},
            )
        )
    else:
        sentences.append(
            Msg(
                "It is the best move in {agree} {of_deals} of the hidden tiles that agree "
                "with what you have seen.",
                of_deals,
            )
        )
    if verdict.margin >= WIN // 2:
        sentences.append(
            Msg(
                "In half of them or more the difference is the match itself: winning it, "
                "or not losing it."
            )
        )
    elif not can_end(verdict.stats):
        sentences.append(
            Msg(
                "No deal ends the match in this hand; in the hand's points the answer is "
                "ahead by {margin} or more in half of them.",
                {"margin": Plural("{n} point", "{n} points", displayed(verdict.margin))},
            )
        )
    return sentences


@dataclass(frozen=True)
class Sentences:
    """Sentences joined by spaces, each made in the language asked for."""

    parts: tuple[Msg | Callable[[str], str], ...]

    def text(self, lang: str | None = None) -> str:
        """The sentences in ``lang``."""
        lang = check_lang(lang)
        return " ".join(p.text(lang) if isinstance(p, Msg) else p(lang) for p in self.parts)


def explanation(match: Match, facts: Facts, verdict: Verdict) -> Sentences:
    """The whole explanation of a verified puzzle, in any language."""
    parts: list[Msg | Callable[[str], str]] = [
        Msg("The answer: {move}.", {"move": action_msg(facts.answer.action)})
    ]
    parts += [partial(e.explain) for e in facts.answer.events]
    parts += theme_sentences(match, facts, verdict)
    parts += fairness_sentences(facts.answer.action, verdict)
    return Sentences(tuple(parts))


def feedback(
    action: Action,
    answer: Action,
    stats: Mapping[str, Mapping[str, object]],
    deals: int,
    lang: str | None = None,
) -> str:
    """What a wrong move gives against the answer, from the puzzle's per-move numbers.

    ``stats`` maps each move's notation to its ``wins``, ``losses``, ``mean`` and
    ``chance`` over the sampled deals (the puzzle JSON's ``moves``). The difference is
    said in the chance to win the match (the review's unit), in the hand's points
    too while no sampled deal ends the match in this hand; a file of version 2,
    without chances, is read in its hand's points.
    """
    lang = check_lang(lang)
    mine = stats[str(action)]
    best = stats[str(answer)]
    words = action_msg(action)
    parts: list[Msg] = []
    if best["wins"] != mine["wins"] or best["losses"] != mine["losses"]:
        parts.append(
            Msg(
                "After {move} the match is won in {w} and lost in {l} {of_deals}; after the "
                "best move it is won in {bw} and lost in {bl}.",
                {
                    "move": words,
                    "w": mine["wins"],
                    "l": mine["losses"],
                    "of_deals": _of_deals(deals),
                    "bw": best["wins"],
                    "bl": best["losses"],
                },
            )
        )
    if isinstance(mine.get("chance"), float | int) and isinstance(best.get("chance"), float | int):
        parts.append(_chance_feedback(words, _share(mine["chance"]), _share(best["chance"])))
    if not can_end(stats.values()) or not parts:
        parts.append(
            Msg(
                "Over the rest of the hand {move} gives {mine} on average; the best move "
                "gives {best}.",
                {"move": words, "mine": _mean(mine["mean"]), "best": _mean(best["mean"])},
            )
        )
    return " ".join(p.text(lang) for p in parts)


def _share(value: object) -> float:
    """A chance from the puzzle file (0 to 1)."""
    return float(value) if isinstance(value, (int, float)) else 0.0


def shown_loss(mine: float, best: float) -> float:
    """The loss as the difference of the two chances as shown (tenths of a percent), so that
    28.7% against 20.0% reads as 8.7%, whatever the digits beyond."""
    return (round(best * 1000) - round(mine * 1000)) / 1000


def _chance_feedback(words: Msg, mine: float, best: float) -> Msg:
    """The wrong move's chance to win the match against the answer's, and what it gives away."""
    if shown_loss(mine, best) > 0:
        return Msg(
            "Over the sampled deals {move} leaves your side a {mine} chance to win the "
            "match; the best move gives {best}: {move} gives away {loss} of the match.",
            {
                "move": words,
                "mine": percent_msg(mine),
                "best": percent_msg(best),
                "loss": percent_msg(shown_loss(mine, best)),
            },
        )
    return Msg(
        "Over the sampled deals {move} leaves your side about the same chance to win the "
        "match as the best move ({mine} against {best}); the best move is ahead in the "
        "hand itself.",
        {"move": words, "mine": percent_msg(mine), "best": percent_msg(best)},
    )


def _mean(value: object) -> Msg:
    """A mean value in displayed points with one decimal, signed."""
    from exact61_widgets.engine.advice import number

    raw = float(value) if isinstance(value, (int, float)) else 0.0
    return Msg("{value} points", {"value": number(raw / POINT)})
