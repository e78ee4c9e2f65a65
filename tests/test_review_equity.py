"""The review in the match's own unit: classes on chosen positions, losses never larger than the
match, the hand's points only while the match cannot end, and saved reviews of both versions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import position

from exact61_widgets.engine import Match, Play
from exact61_widgets.engine.review import (
    BLUNDER,
    INACCURACY,
    ReviewFileError,
    percent,
    read_review,
    review,
)
from exact61_widgets.engine.review.stats import rating
from exact61_widgets.simulation.matches import play_match, seat_bots


def _graded(match: Match, play: str, samples: int = 24):  # type: ignore[no-untyped-def]
    """The review's decision on ``play`` made in the set-up ``match``."""
    action = next(a for a in match.legal_actions() if str(a) == play)
    match.push(action)
    return review(match, samples=samples).decisions[0]


@pytest.mark.parametrize(
    ("scores", "play", "best", "classes", "with_points"),
    [
        # 0–0: the match cannot end in this hand; [1|6] scores 2 points now, [0|1] nothing.
        ((0, 0), "[0|1]@[1|4]:low", "[1|6]@[1|4]:low", ("best", "inaccuracy", "mistake"), True),
        # 59–60: [1|6] makes exactly 61 and wins at once; [0|1] passes it up and gives the
        # opponent, who needs one point, the next turns.
        ((295, 300), "[0|1]@[1|4]:low", "[1|6]@[1|4]:low", ("blunder",), False),
        # 60–0: [1|6]'s 2 points would pass 61 and are rejected (R1.4): nothing is lost.
        ((300, 0), "[0|1]@[1|4]:low", None, ("best", "inaccuracy"), False),
    ],
)
def test_classes_on_chosen_positions(
    scores: tuple[int, int],
    play: str,
    best: str | None,
    classes: tuple[str, ...],
    with_points: bool,
) -> None:
    match = position(
        2, "[1|4]", [["[1|6]", "[0|1]", "[2|3]"], ["[0|0]", "[5|5]", "[3|3]"]], scores=list(scores)
    )
    d = _graded(match, play)
    assert d.grade in classes
    if best is not None:
        assert str(d.best) == best
    assert 0 <= d.loss.mean <= 1 and d.loss.high <= 1
    assert (d.points_loss is not None) == with_points
    if d.grade == "blunder":
        assert d.loss.low >= BLUNDER
    if d.grade == "best":
        assert d.loss.low < INACCURACY


def test_no_loss_larger_than_the_match_is_ever_shown() -> None:
    # Near the end, where the earlier review showed losses of thousands of points.
    match = Match(2, seed=5, start_scores=(250, 265))
    play_match(match, seat_bots(["greedy", "random"], 2, 5))
    result = review(match, samples=16)
    assert any(d.points_loss is None for d in result.decisions if d.grade != "only")
    for lang in ("en", "ru"):
        text = result.text(lang)
        for cell in re.findall(r"[−+]?\d+[.,]\d%|[−+]?\d+[.,]\d %", text):
            assert float(cell.strip(" %").replace(",", ".").replace("−", "-")) <= 100
        for d in result.decisions:
            words = d.text(lang)
            assert "10000" not in words and "2000" not in words
    data = json.loads(json.dumps(result.to_json()))
    for d in data["decisions"]:
        assert -1 <= d["loss"]["low"] <= d["loss"]["high"] <= 1
        if d["points_loss"] is not None:  # the hand's points: only while the match cannot end
            assert all(a["wins"] == a["losses"] == 0 for a in d["actions"])
    for seat in data["seats"]:
        assert 0 <= seat["mean_loss"] <= 1 and seat["error_rate"]["high"] <= 1


def test_the_rating_bands_follow_the_error_rate() -> None:
    assert [rating(x) for x in (0.0, 0.002, 0.005, 0.02)] == [
        "supernatural",
        "world class",
        "advanced",
        "awful",
    ]


def _version_one() -> dict[str, Any]:
    """A review saved by the old version 1: a loss in raw points, a won match 10 000."""
    return {
        "format": "exact61-review",
        "version": 1,
        "players": 2,
        "seed": 0,
        "samples": 200,
        "win": 10000,
        "thresholds": {"inaccuracy": 10, "mistake": 25, "blunder": 50},
        "decisions": [
            {
                "number": 1,
                "hand": 13,
                "turn": 4,
                "seat": 1,
                "side": 1,
                "scores": [290, 275],
                "played": "[2|5]@[2|2]:lineB",
                "best": "[2|5]@[0|5]:high",
                "grade": "blunder",
                "loss": {"mean": 952.5, "low": 700.0, "high": 1205.0, "n": 200},
                "method": "playout",
                "samples": 200,
                "clear": 0,
                "hindsight_loss": None,
                "hindsight_best": [],
                "actions": [],
            }
        ],
        "seats": [],
        "sides": [],
    }


def test_a_saved_review_of_either_version_is_read() -> None:
    match = position(2, "[1|4]", [["[1|6]", "[0|1]", "[2|3]"], ["[0|0]", "[5|5]", "[3|3]"]])
    match.push(next(a for a in match.legal_actions() if isinstance(a, Play)))
    data = json.loads(json.dumps(review(match, samples=6).to_json()))
    saved = read_review(data)
    assert saved.version == 2 and saved.unit == "match"
    first = saved.decisions[0]
    assert first.loss == data["decisions"][0]["loss"]["mean"]
    assert first.points_loss == data["decisions"][0]["points_loss"]["mean"]
    old = _version_one()
    saved = read_review(old)
    assert saved.version == 1 and saved.unit == "points"
    assert saved.decisions[0].loss is None and saved.decisions[0].points_loss == 952.5
    with pytest.raises(ReviewFileError, match="version 3"):
        read_review({**old, "version": 3})
    with pytest.raises(ReviewFileError, match="not a review"):
        read_review({"format": "exact61-record"})
    with pytest.raises(ReviewFileError, match="no field 'decisions'"):
        read_review({k: v for k, v in old.items() if k != "decisions"})


def test_a_saved_review_is_printed_again_as_it_was_made() -> None:
    match = Match(2, seed=5, start_scores=(250, 265))
    play_match(match, seat_bots(["greedy", "random"], 2, 5))
    made = review(match, samples=6)
    data = json.loads(json.dumps(made.to_json()))
    saved = read_review(data)
    for lang in ("en", "ru"):
        text = saved.text(lang)
        rows = [line for line in text.splitlines() if re.match(r"\s*\d+\s", line)]
        assert len(rows) == len(made.decisions)
        for row, decision in zip(rows, made.decisions, strict=True):
            assert row.split()[:3] == [str(decision.number), str(decision.hand), str(decision.seat)]
        for row, entry in zip(rows, data["decisions"], strict=True):
            if entry["grade"] != "only":
                assert percent(entry["loss"]["mean"], lang) in row
        for summary in data["seats"]:
            line = next(
                x for x in text.splitlines() if x.split()[:2] == text_seat(summary["seat"], lang)
            )
            assert percent(summary["mean_loss"], lang) in line
            assert str(summary["decisions"]) in line.split()


def text_seat(seat: int, lang: str) -> list[str]:
    return ["seat" if lang == "en" else "игрок", str(seat)]


def test_an_old_review_says_its_losses_are_points_not_shares_of_the_match() -> None:
    saved = read_review(_version_one())
    english, russian = saved.text("en"), saved.text("ru")
    assert "version 1" in english and "10000 raw points" in english
    assert "not shares of the match" in english and "%" not in english
    assert "190.5" in english  # 952.5 raw points shown as the hand's displayed points
    assert "версии 1" in russian and "190,5" in russian and "%" not in russian


def test_the_command_line_prints_a_saved_review_again(tmp_path: Path) -> None:
    from exact61_widgets.cli import main

    match = position(2, "[1|4]", [["[1|6]", "[0|1]", "[2|3]"], ["[0|0]", "[5|5]", "[3|3]"]])
    match.push(next(a for a in match.legal_actions() if isinstance(a, Play)))
    data = review(match, samples=6).to_json()
    path = tmp_path / "review.json"
    path.write_text(json.dumps(data), "utf-8")
    assert main(["review", str(path)]) == 0
    assert main(["review", str(path), "--json"]) == 0
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_version_one()), "utf-8")
    assert main(["review", str(old), "--lang", "ru"]) == 0


def test_a_saved_review_of_an_unknown_version_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from exact61_widgets.cli import main

    path = tmp_path / "review.json"
    path.write_text(json.dumps({**_version_one(), "version": 7}), "utf-8")
    assert main(["review", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip().count("\n") == 0 and "version 7" in err
