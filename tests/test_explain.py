"""Each rule's words once: ``engine/explain.py`` says the engine's own numbers, and only it.

The explanations are checked against the engine for positions of seeded random matches
(2, 3 and 4 players, some near 61), in English and Russian: every number an explanation
writes is the one the engine computed, and its verdict is the engine's. A scan of the
package's source then checks that each rule's phrase is written in ``explain.py`` alone.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from exact61_widgets.engine import explain
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.events import BlockedAwardEvent, Event, OutEvent, PlayEvent
from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.engine.scoring import (
    TARGET,
    accepts,
    displayed,
    earns,
    reaches_target,
    round5,
    rounding_direction,
)
from exact61_widgets.engine.settlement import blocked_order, going_out_parts

PACKAGE = Path(explain.__file__).resolve().parent.parent
LANGS = ("en", "ru")


def _events(seed: int) -> list[Event]:
    """Every event of a seeded random match, from scores near the target for most seeds."""
    rng = random.Random(seed)
    players = (2, 3, 4)[seed % 3]
    sides = 2 if players == 4 else players
    scores = None if seed % 4 == 0 else [5 * rng.randrange(40, 61) for _ in range(sides)]
    match = Match(players, seed=seed, start_scores=scores)
    bots = [make_bot(rng.choice(("random", "greedy")), f"{seed}/{s}") for s in range(players)]
    events: list[Event] = []
    while not match.is_over and match.hand_number <= 50:
        if match.status == HAND_OVER:
            match.deal()
        events.extend(match.push(bots[match.to_move].choose(match)))
    return events


EVENTS = [e for seed in range(100) for e in _events(seed)]


def _texts(explanation: explain.Explanation) -> list[str]:
    """The line and every step, in both languages."""
    return [t for lang in LANGS for t in (explanation.text(lang), *explanation.step_texts(lang))]


def test_the_matches_reach_every_verdict() -> None:
    """The random matches hold every verdict the tests below check (so none is vacuous)."""
    plays = [e for e in EVENTS if isinstance(e, PlayEvent)]
    assert {p.status for p in plays} >= {"applied", "rejected", "deferred", "none"}
    outs = [e for e in EVENTS if isinstance(e, OutEvent)]
    assert {o.status for o in outs} >= {"applied", "rejected"}
    assert {o.players for o in outs} == {2, 3, 4}
    awards = [e for e in EVENTS if isinstance(e, BlockedAwardEvent)]
    assert any(a.compared for a in awards) and any(not a.compared for a in awards)


@pytest.mark.parametrize("lang", LANGS)
def test_a_play_says_the_engine_s_ends_award_and_verdict(lang: str) -> None:
    for play in (e for e in EVENTS if isinstance(e, PlayEvent)):
        values = play.values
        assert sum(values) == play.end_sum
        line = play.explain(lang)
        if len(values) > 1:
            assert f"{' + '.join(map(str, values))} = {play.end_sum}" in line
        else:
            assert f" {play.end_sum}," in line
        assert play.award == (play.end_sum if earns(play.end_sum) else 0)
        check = f"{play.score_before} + {play.award} = {play.score_before + play.award}"
        if play.status in ("applied", "rejected"):
            assert check in line
            steps = " ".join(play.explanation().step_texts(lang))
            assert check in steps
            assert (play.status == "rejected") == (not accepts(play.score_before, play.award))
            rejected = "would pass" if lang == "en" else "отклонено целиком"
            assert (rejected in line) == (play.status == "rejected")
        else:
            assert "305" not in line  # no target check for an award of 0 or a deferred one


@pytest.mark.parametrize("lang", LANGS)
def test_a_going_out_settlement_says_each_part_and_its_sum(lang: str) -> None:
    for out in (e for e in EVENTS if isinstance(e, OutEvent)):
        parts = going_out_parts(out.play_award, out.opponents_pips, out.partner_pips)
        assert parts.opponents_award == out.opponents_award == round5(out.opponents_pips)
        assert parts.net == out.net
        pairs = out.players == 4
        deduction = out.partner_deduction if pairs else None
        total = explain.settlement_sum(out.play_award, out.opponents_award, deduction, out.net)
        steps = out.explanation().step_texts(lang)
        assert any(total in step for step in steps)
        assert total.endswith(f"= {explain.with_minus(out.net)}")
        line = out.explain(lang)
        assert f"{out.opponents_pips}" in line and f"{out.opponents_award}" in line
        assert (str(out.partner_deduction) in steps[1]) if pairs else len(steps) == 3
        check = explain.arithmetic([out.score_before, out.net])
        assert check in line and check in steps[-1]
        won = reaches_target(out.score_before + out.net) and out.status == "applied"
        assert (f"{TARGET}: " in steps[-1] and "(R9.1)" in steps[-1]) == won


@pytest.mark.parametrize("lang", LANGS)
def test_a_blocked_award_says_its_differences_rounding_and_check(lang: str) -> None:
    for award in (e for e in EVENTS if isinstance(e, BlockedAwardEvent)):
        assert award.difference == sum(total - award.pips for _, total, _ in award.compared)
        assert award.award == round5(award.difference)
        texts = " ".join(_texts(award.explanation()))
        if award.compared:
            diffs = explain.differences(award.pips, award.compared)
            assert f"{diffs} = {award.difference}" in award.explain(lang)
            assert diffs.count("(") == len(award.compared)
        else:
            assert " = " not in award.explain(lang)  # no empty arithmetic
        if award.award:
            assert explain.arithmetic([award.score_before, award.award]) in texts


def test_the_blocked_order_is_the_engine_s() -> None:
    """The walkthrough's order of totals is the settlement's order (R8.1, D5)."""
    from exact61_widgets.views.ready_positions import BLOCKED_PAIRS_NEAR_TARGET
    from exact61_widgets.widgets.walkthroughs.blocked import BlockedWalkthrough, totals_order

    walk = BlockedWalkthrough(BLOCKED_PAIRS_NEAR_TARGET, lang="en")
    after = walk.match
    totals = [after.pips(s) for s in range(after.players)]
    order = blocked_order(totals, walk.before.leader)
    assert totals_order(after, walk.before.leader) == order
    awards = [e.seat for e in walk.events if isinstance(e, BlockedAwardEvent)]
    assert awards == order[: len(awards)]


@pytest.mark.parametrize("seed", range(8))
def test_the_target_check_is_the_engine_s(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        before = rng.randrange(0, TARGET, 5)
        change = rng.randrange(-60, 120, 5)
        check = explain.target_check(before, change, "R7.4")
        for lang in LANGS:
            text = check.text(lang)
            assert text.startswith(explain.arithmetic([before, change]))
            if not accepts(before, change):
                assert "(R7.4)" in text and "R9.1" not in text
            elif reaches_target(before + change):
                assert "(R9.1)" in text
            else:
                assert "R7.4" not in text and "R9.1" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_rounding_says_which_way_each_remainder_goes(lang: str) -> None:
    way = {"en": {"down": "down", "up": "up"}, "ru": {"down": "вниз", "up": "вверх"}}[lang]
    for total in range(0, 80):
        rounded = round5(total)
        assert abs(rounded - total) <= 2 and rounded % 5 == 0
        direction = rounding_direction(total)
        assert direction == ("stays" if total % 5 == 0 else "down" if total % 5 <= 2 else "up")
        explained = explain.rounding(total)
        line, (step,) = explained.text(lang), explained.step_texts(lang)
        assert line.startswith(f"{total} → {rounded}:")
        assert str(rounded) in step
        if direction != "stays":
            assert way[direction] in line and way[direction] in step
            assert f"{total % 5}" in line


@pytest.mark.parametrize("raw", range(0, 310, 5))
def test_displayed_points_are_raw_divided_by_five(raw: int) -> None:
    for lang in LANGS:
        assert f"{raw} ÷ 5 = {displayed(raw)}" in explain.displayed_points(raw).text(lang)


def test_arithmetic_is_never_empty() -> None:
    assert explain.arithmetic([]) == "0" and explain.ends_sum([]) == "0"
    assert explain.ends_sum([10]) == "10" and explain.ends_sum([4, 6]) == "4 + 6 = 10"
    assert explain.settlement_sum(0, 10, 15, -5) == "0 + 10 − 15 = −5"
    assert explain.differences(6, ((1, 15, 9), (2, 31, 25))) == "(15 − 6) + (31 − 6)"


#: Each rule's phrase, as the message ids of explain.py write it (and no other module may).
RULE_PHRASES = (
    "would pass {target_raw}",  # the target check: rejected (R1.4)
    "not above {target_raw}",  # the target check: applied
    "exactly {target_raw}: applied",  # the target check: an exact hit (R9.1)
    "is a positive multiple of 5",  # the award test (R6.2)
    "is not a multiple of 5: no award",
    "the ends add up to 0",
    "scoring ends add up to",  # a play's ends and award
    "joins the going-out settlement",  # the last tile's award (R7.4)
    "goes out: last play",  # the going-out settlement in one line (R7)
    "the pips add up to",  # its parts (R7.2, R7.3)
    "One settlement:",  # its sum (R7.4)
    "in all, rounded once to",  # the opponents' pips rounded once (R7.2)
    "are rounded once to",  # the blocked award's rounding (R8.2)
    "no opponent holds",  # nothing to award (R8.3)
    "round to 0",
    "would have had",  # an award cut off (R8.5)
    "rounds down",  # rounding (R7.5)
    "rounds up",
    "round down",
    "raw points make 1 displayed point:",  # displayed points (R1.2)
)


def _literals(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings (message ids, f-string parts)."""
    tree = ast.parse(path.read_text("utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_each_rule_phrase_is_written_in_explain_py_alone() -> None:
    where: dict[str, set[str]] = {phrase: set() for phrase in RULE_PHRASES}
    for path in sorted(PACKAGE.rglob("*.py")):
        literals = _literals(path)
        for phrase in RULE_PHRASES:
            if any(phrase in s for s in literals):
                where[phrase].add(str(path.relative_to(PACKAGE)))
    assert {p: sorted(w) for p, w in where.items() if w != {"engine/explain.py"}} == {}
