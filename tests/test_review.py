"""Reviewing a match: fair values from the mover's view, grades, summaries, JSON, the command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import position
from test_search_inference import drew_then_played

from exact61_widgets.engine import Match, Play
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.bots.basic import immediate_gain
from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.review import (
    BLUNDER,
    GRADES,
    Review,
    fair_values,
    review,
)
from exact61_widgets.engine.review.action_values import outcome_value, unplayed
from exact61_widgets.engine.review.stats import estimate, grade
from exact61_widgets.engine.scenario import SavedScenario
from exact61_widgets.engine.scoring import TARGET
from exact61_widgets.engine.solve import WIN
from exact61_widgets.simulation.matches import play_match, seat_bots


def played(players: int, bots: str, seed: int, start: int = 0) -> Match:
    """A whole seeded match between bots, from ``start`` raw points each."""
    sides = 2 if players == 4 else players
    match = Match(players, seed=seed, start_scores=[start] * sides)
    play_match(match, seat_bots(bots.split(","), players, seed))
    return match


def planted_blunder() -> tuple[Match, int, Play, Play]:
    """A greedy match in which, at one turn, a play reaching exactly 61 is passed over.

    Returns the finished match, the history step of the bad move, the move made and
    the winning play it passed over.
    """
    for seed in range(200):
        match = Match(2, seed=seed, start_scores=[270, 270])
        bots = seat_bots(["greedy"], 2, seed)
        while not match.is_over:
            if match.status == "hand_over":
                match.deal()
                continue
            plays = [a for a in match.legal_actions() if isinstance(a, Play)]
            side = match.side_of(match.to_move)
            wins = [p for p in plays if match.scores[side] + immediate_gain(match, p) == TARGET]
            other = [p for p in plays if p not in wins]
            if wins and other:
                step = len(match.history)
                match.push(other[0])
                play_match(match, bots)
                return match, step, other[0], wins[0]
            match.push(bots[match.to_move].choose(match))
    raise AssertionError("no seed gives a passed-over exact finish")


def test_a_planted_blunder_is_found_and_classed_a_blunder() -> None:
    match, step, bad, winning = planted_blunder()
    result = review(match, samples=20)
    decision = next(d for d in result.decisions if d.step == step)
    assert decision.played == bad
    assert decision.grade == "blunder" and decision.loss.low >= BLUNDER
    assert decision.value_of(winning).fair.mean == 1.0 and decision.best == winning
    assert decision.value_of(winning).points.mean == WIN
    assert decision in result.errors
    seat = result.seats[decision.seat]
    assert seat.counts["blunder"] >= 1 and seat.mean_loss > 0


def test_the_fair_value_never_depends_on_tiles_the_mover_could_not_see() -> None:
    """Two positions alike for the mover but not in the hidden tiles: the same values."""
    first, second = drew_then_played(0), drew_then_played(1)
    assert len(first.legal_actions()) >= 2
    assert first.hands[1] != second.hands[1]
    for seed in (0, 7):
        a, b = fair_values(first, seed, 30), fair_values(second, seed, 30)
        assert a == b and a.method == "playout"
    assert fair_values(first, 0, 30) != fair_values(first, 1, 30)


def test_twins_in_a_real_match_get_the_same_fair_values() -> None:
    """Late positions of a real match set up twice, two unseen tiles swapped between the
    opponent's hand and the boneyard: the same fair values, solved exactly."""
    match = played(2, "greedy", 12)
    result = review(match, samples=4, with_hindsight=False)
    rng = random.Random(3)
    methods = []
    positions = [result.at(d) for d in result.decisions if d.grade != "only"]
    positions = sorted((p for p in positions if p.boneyard), key=unplayed)
    for at in (*positions[:2], *positions[-2:]):
        seat, other = at.to_move, 1 - at.to_move
        hand, bones = list(at.hand(other)), list(at.boneyard)
        rng.shuffle(bones)
        twins = []
        for theirs, rest in ((hand, bones), ([*hand[:-1], bones[0]], [hand[-1], *bones[1:]])):
            hands = [list(at.hand(0)), list(at.hand(1))]
            hands[other] = theirs
            twins.append(
                Match.setup(
                    2,
                    layout=at.layout,
                    hands=hands,
                    boneyard=rest,
                    scores=list(at.scores),
                    to_move=seat,
                )
            )
        first, second = (fair_values(t, 5, 12) for t in twins)
        assert first == second
        methods.append(first.method)
    assert len(methods) == 4 and "exact" in methods and "playout" in methods


def test_a_seeded_review_is_the_same_every_time_and_with_two_workers() -> None:
    match = played(2, "greedy,random", 5, start=200)
    one = review(match, seed=3, samples=6)
    again = review(to_record(match), seed=3, samples=6)
    both = review(match, seed=3, samples=6, workers=2)
    assert one.to_json() == again.to_json() == both.to_json()
    assert one.text("ru") == both.text("ru")
    assert review(match, seed=4, samples=6).to_json() != one.to_json()


def test_every_play_is_a_decision_only_moves_are_reported_draws_are_not() -> None:
    match = played(2, "greedy", 2)
    result = review(match, samples=6)
    plays = [e for e in match.history if not hasattr(e, "hands") and isinstance(e.action, Play)]
    assert len(result.decisions) == len(plays)
    assert [d.number for d in result.decisions] == list(range(1, len(plays) + 1))
    for d in result.decisions:
        position = result.at(d)
        assert position.to_move == d.seat and d.played in position.legal_actions()
        legal = position.legal_actions()
        assert d.choices == len(legal)
        if len(legal) == 1:
            assert d.grade == "only" and d.samples == 0
        else:
            assert d.grade in GRADES[:4] and d.samples == 6
            assert d.best_value == max(a.fair.mean for a in d.actions)
            assert d.loss.mean >= 0 and (d.played != d.best or d.loss.mean == 0)
            assert d.method in ("exact", "playout")
    assert any(d.grade == "only" for d in result.decisions)
    for s in (*result.seats, *result.teams):
        mine = [d for d in result.decisions if (d.seat if s.kind == "seat" else d.side) == s.number]
        assert s.decisions + s.only == len(mine)
        assert sum(s.counts.values()) == len(mine)
        assert 0 <= s.best_share <= 1


def test_hindsight_values_are_the_solvers_where_the_hand_is_small() -> None:
    from exact61_widgets.engine.solve import solve

    match = played(2, "greedy", 12)
    result = review(match, samples=6)
    solved = [d for d in result.decisions if d.hindsight_loss is not None]
    assert solved
    for d in solved[:5]:
        exact = solve(result.at(d), lines=False, value="match")
        assert {a.action: a.hindsight for a in d.actions} == {
            m.action: m.value / WIN for m in exact.moves
        }
        assert d.hindsight_loss == pytest.approx((exact.value - exact.value_of(d.played)) / WIN)


def test_values_follow_the_solvers_convention() -> None:
    assert outcome_value((TARGET, 100), (280, 100), 0) == WIN
    assert outcome_value((200, TARGET), (200, 290), 0) == -WIN
    assert outcome_value((30, 10, 25), (0, 0, 0), 0) == 30 - 25
    assert outcome_value((30, 10, 25), (0, 0, 0), 1) == 10 - 30


def test_grades_and_intervals() -> None:
    assert grade(0, 1) == "only"
    assert [grade(x, 3) for x in (0, 0.0199, 0.02, 0.0399, 0.04, 0.0799, 0.08)] == [
        "best",
        "best",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    flat = estimate([5, 5, 5])
    assert (flat.mean, flat.low, flat.high, flat.n) == (5, 5, 5, 3)
    spread = estimate([0, 10] * 50)
    assert spread.low < 5 < spread.high and spread.half_width == pytest.approx(
        1.96 * 5.025 / 10, 0.01
    )


def test_the_json_form_and_the_text_in_both_languages() -> None:
    match = played(4, "greedy", 4)
    result = review(match, samples=6)
    data = json.loads(json.dumps(result.to_json()))
    assert data["format"] == "exact61-review" and data["samples"] == 6
    assert data["version"] == 2 and data["unit"] == "match"
    assert data["thresholds"] == {"inaccuracy": 0.02, "mistake": 0.04, "blunder": 0.08}
    assert len(data["decisions"]) == len(result.decisions)
    assert len(data["seats"]) == 4 and len(data["sides"]) == 2
    first = data["decisions"][0]
    assert {"played", "best", "grade", "loss", "points_loss", "actions", "hindsight_loss"} <= set(
        first
    )
    assert {"mean_loss", "error_rate", "rating"} <= set(data["seats"][0])
    english, russian = result.text("en"), result.text("ru")
    assert "blunder from 8.0%" in english and "грубая ошибка — от 8,0\u00a0%" in russian
    assert "pair 1+3" in english and "пара 1+3" in russian  # pairs: a row per pair too
    assert len(english.splitlines()) == 3 + len(result.decisions) + 1 + 1 + 1 + 4 + 2


def test_three_players_and_a_saved_scenario_are_reviewed() -> None:
    match = played(3, "greedy", 1)
    result = review(match, samples=4, with_hindsight=False)
    assert isinstance(result, Review) and result.sides == 3
    set_up = position(2, "[1|4]", [["[1|6]", "[4|4]", "[0|1]"], ["[0|0]", "[5|5]"]])
    set_up.push(set_up.legal_actions()[0])
    saved = SavedScenario.from_match(set_up).to_json()
    assert review(saved, samples=4).decisions[0].seat == 0


def test_bad_requests_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="at least 2 deals"):
        review(Match(2, seed=1), samples=1)
    with pytest.raises(ValueError, match="a review takes"):
        review("not a match")  # type: ignore[arg-type]


def test_the_command_prints_the_table_and_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from exact61_widgets.cli import main

    path = tmp_path / "match.json"
    path.write_text(json.dumps(to_record(played(2, "greedy,random", 3))), "utf-8")
    assert main(["review", str(path), "--samples", "5"]) == 0
    out = capsys.readouterr().out
    assert "Review of" in out and "seat 1" in out and "mean loss" in out
    assert main(["review", str(path), "--samples", "5", "--json", "--lang", "ru"]) == 0
    assert json.loads(capsys.readouterr().out)["samples"] == 5
    assert main(["review", str(path), "--samples", "5", "--lang", "ru"]) == 0
    assert "Разбор" in capsys.readouterr().out
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("exact61: error:") and err.count("\n") == 1
    assert main(["review", str(path), "--samples", "1"]) == 2


def _mean_loss(kind: str, matches: int, start: int) -> float:
    losses: list[float] = []
    for i in range(matches):
        rng = random.Random(f"sanity/{i}")
        match = Match(2, seed=f"sanity/{i}", start_scores=[5 * rng.randrange(start, 59)] * 2)
        if kind == "search":
            bots = [SearchBot(seed=f"{i}/{s}", playouts=100) for s in range(2)]
        else:
            bots = [make_bot(kind, f"{i}/{s}") for s in range(2)]
        play_match(match, bots)
        result = review(match, seed=i, samples=8, with_hindsight=False)
        losses += [d.loss.mean for d in result.decisions if d.grade != "only"]
    return sum(losses) / len(losses)


def test_random_play_loses_more_than_greedy_play() -> None:
    assert _mean_loss("random", 12, 45) > _mean_loss("greedy", 12, 45)


@pytest.mark.slow
def test_the_search_bot_loses_least_then_greedy_then_random() -> None:
    """Over 360 seeded matches (120 a bot, from 45–58 displayed points each)."""
    losses = {kind: _mean_loss(kind, 120, 45) for kind in ("search", "greedy", "random")}
    print("mean loss per decision (raw points):", losses)
    assert losses["search"] < losses["greedy"] < losses["random"]


def test_the_better_move_is_said_in_the_puzzles_words_and_posed_as_a_puzzle() -> None:
    from exact61_widgets.puzzles.from_review import as_puzzle, better_move

    match, step, _, winning = planted_blunder()
    result = review(match, samples=10)
    decision = next(d for d in result.decisions if d.step == step)
    words, found, _ = better_move(result.at(decision), decision)
    assert "exact_finish" in found.themes
    english, russian = words.text("en"), words.text("ru")
    assert english.startswith("The better move: ") and "You needed exactly" in english
    assert russian.startswith("Лучший ход: ") and "ровно" in russian
    puzzle = as_puzzle(result, decision)
    assert puzzle is not None and puzzle.answers == (winning,)
    assert puzzle.match().legal_actions() == result.at(decision).legal_actions()
    assert puzzle.explain("en") == english and puzzle.fairness.deals == 10
    set_up = position(2, "[1|4]", [["[1|6]", "[4|4]", "[0|1]"], ["[0|0]", "[5|5]"]])
    set_up_review = review(set_up.copy(), samples=4)
    set_up.push(set_up.legal_actions()[0])
    later = review(set_up, samples=4)
    assert as_puzzle(later, later.decisions[0]) is None
    assert set_up_review.decisions == ()
