"""The puzzle set: well formed, fair (re-verified by the exact solver), explained, reproducible."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, position

from exact61_widgets.engine import Play, parse_action
from exact61_widgets.engine.equity.value import percent_msg
from exact61_widgets.engine.solve import solve
from exact61_widgets.i18n import Msg
from exact61_widgets.puzzles import (
    THEMES,
    Puzzle,
    PuzzleError,
    get_puzzle,
    load_puzzles,
    settings_of,
    theme_name,
)
from exact61_widgets.puzzles.explain import can_end, explanation, shown_loss
from exact61_widgets.puzzles.fairness import DEALS as FAIR_DEALS
from exact61_widgets.puzzles.fairness import LOWEST, check_fairness, wilson_lower
from exact61_widgets.puzzles.mine import MEDIAN_MARGIN, keep, mine_match, reword_one
from exact61_widgets.puzzles.model import read_document
from exact61_widgets.puzzles.puzzle_themes import facts
from exact61_widgets.puzzles.rating import Rates, rates
from exact61_widgets.puzzles.verify import answer_group, moves_json, verify, verify_from_file

PUZZLES = load_puzzles()
SETTINGS = settings_of()
#: The puzzles the fast tests check again, the same in every run (the slow tests check them
#: all): the first of two players, the first of four, the first whose answer is two actions.
FIXED = (
    next(p for p in PUZZLES if p.players == 2),
    next(p for p in PUZZLES if p.players == 4),
    next(p for p in PUZZLES if len(p.answers) == 2),
)
#: The whole set is checked in this many shares, which ``make test``'s two workers take in turn.
SHARES = 8
RULE_THEMES = ("exact_finish", "overshoot", "spinner", "going_out", "block", "deny")


def reverify(puzzle: Puzzle, *, with_words: bool) -> list[str]:
    """Mine the puzzle's position again from its seed; the differences from the file.

    ``with_words`` also compares the explanations (which quote the engine's own
    sentences: after a change of wording, ``python -m exact61_widgets.puzzles.mine
    --reword`` writes them again) and the rating.
    """
    match = puzzle.match()
    verdict = verify_from_file(puzzle, SETTINGS)
    if verdict is None:
        return [f"{puzzle.id}: no longer a puzzle"]
    problems = []
    if tuple(str(a) for a in verdict.answer) != puzzle.answer:
        problems.append(f"{puzzle.id}: answer {verdict.answer} != {puzzle.answer}")
    if (verdict.agree, verdict.deals) != (puzzle.agree, puzzle.deals):
        problems.append(f"{puzzle.id}: agreement {verdict.agree}/{verdict.deals}")
    if min(verdict.margin, 10_000) != puzzle.margin:
        problems.append(f"{puzzle.id}: margin {verdict.margin} != {puzzle.margin}")
    if moves_json(verdict.stats) != puzzle.moves:
        problems.append(f"{puzzle.id}: the moves' numbers (chances included) differ")
    found = facts(match, verdict)
    if found.themes != puzzle.themes:
        problems.append(f"{puzzle.id}: themes {found.themes} != {puzzle.themes}")
    if not with_words:
        return problems
    text = explanation(match, found, verdict)
    for lang in ("en", "ru"):
        if text.text(lang) != puzzle.explain(lang):
            problems.append(f"{puzzle.id}: the {lang} explanation differs")
    if rates(match, verdict.answer).rating != puzzle.rating:
        problems.append(f"{puzzle.id}: rating differs")
    return problems


def test_the_shipped_set_holds_at_least_300_well_formed_puzzles() -> None:
    assert len(PUZZLES) >= 300
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert SETTINGS["count"] == len(PUZZLES)
    for puzzle in PUZZLES:
        match = puzzle.match()
        assert match.to_move == puzzle.seat and match.players == puzzle.players
        assert str(match.layout) == puzzle.layout
        assert tuple(str(t) for t in match.hand(puzzle.seat)) == puzzle.hand
        assert tuple(len(h) for h in match.hands) == puzzle.hand_sizes
        assert (match.boneyard_count, match.scores) == (puzzle.boneyard, puzzle.scores)
        legal = match.legal_actions()
        assert len(legal) >= 2 and match.drawn_tile is None
        assert set(puzzle.moves) == set(puzzle.values) == {str(a) for a in legal}
        answers = puzzle.answers
        assert answers and all(a in legal for a in answers)
        assert len({a.tile for a in answers if isinstance(a, Play)}) == 1
        assert puzzle.agree >= SETTINGS["share"] * puzzle.deals and puzzle.deals >= 50
        assert puzzle.margin >= MEDIAN_MARGIN
        assert puzzle.themes and set(puzzle.themes) <= set(THEMES)
        assert 600 <= puzzle.rating <= 2600
        assert puzzle.line and parse_action(puzzle.line[0]) == answers[0]
        assert puzzle.explain("en") != puzzle.explain("ru")
        assert re.search("[а-я]", puzzle.explain("ru"))


def test_the_answer_is_best_in_the_real_deal_too() -> None:
    for puzzle in PUZZLES[::10]:
        values = solve(puzzle.match()).to_json()["moves"]
        best = max(m["value"] for m in values)
        assert {m["action"] for m in values if m["value"] == best} == set(puzzle.answer)
        assert {m["action"]: m["value"] for m in values} == dict(puzzle.values)


def test_every_rule_theme_is_taught_and_ratings_spread() -> None:
    for theme in RULE_THEMES:
        assert sum(theme in p.themes for p in PUZZLES) >= 3, theme
    ratings = sorted(p.rating for p in PUZZLES)
    assert ratings[len(ratings) // 10] < 1000 < 1400 < ratings[-len(ratings) // 10]
    assert {p.players for p in PUZZLES} == {2, 4}


def test_a_sample_re_verifies_from_its_seed() -> None:
    """A few puzzles (:data:`FIXED`) mined again: the same answer, margin, words."""
    problems = [p for puzzle in FIXED for p in reverify(puzzle, with_words=False)]
    assert not problems, problems


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_every_puzzle_re_verifies_from_its_seed(share: int) -> None:
    problems = [p for puzzle in PUZZLES[share::SHARES] for p in reverify(puzzle, with_words=True)]
    assert not problems, problems[:20]


def test_reword_writes_a_puzzle_s_explanation_again_and_refuses_a_changed_answer() -> None:
    """``--reword`` gives back the file's words for an unchanged catalog, and nothing else
    changes; a puzzle that no longer verifies as the file has it is an error."""
    data = PUZZLES[0].to_json()
    blank = {**data, "explanation": {"en": "", "ru": ""}}
    assert reword_one(blank, SETTINGS) == data
    legal = [m for m in data["moves"] if m not in data["answer"]]
    with pytest.raises(ValueError, match="no longer verifies"):
        reword_one({**data, "answer": [legal[0]]}, SETTINGS)


@pytest.mark.slow
def test_the_set_is_reproducible_from_its_seed() -> None:
    """The match that gave the first puzzles, played again, gives them again, byte for byte."""
    first = PUZZLES[0]
    seed, index = (int(x) for x in first.check_seed.split("/")[:2])
    assert seed == SETTINGS["seed"]
    again = [p for p in mine_match((seed, index)) if p["fairness"]["lower"] >= LOWEST]
    same_match = [p for p in PUZZLES if p.check_seed.startswith(f"{seed}/{index}/")]
    assert [{**p, "id": ""} for p in again] == [{**p.to_json(), "id": ""} for p in same_match]


def test_make_puzzles_regenerates_the_file_from_the_recorded_seed() -> None:
    dry = subprocess.run(
        ["make", "-n", "puzzles"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "exact61_widgets.puzzles.mine" in dry
    assert f"--seed {SETTINGS['seed']}" in dry and f"--count {SETTINGS['count']}" in dry


def test_a_wrong_move_is_answered_with_what_it_gives_in_both_languages() -> None:
    puzzle = next(p for p in PUZZLES if len(p.moves) >= 3)
    wrong = next(a for a in puzzle.moves if a not in puzzle.answer)
    english = puzzle.feedback(wrong, "en")
    russian = puzzle.feedback(wrong, "ru")
    assert english != russian and re.search("[а-я]", russian)
    assert "best move" in english
    with pytest.raises(PuzzleError):
        puzzle.feedback("[6|6]@[6|6]:branchA", "en")


#: A number as the puzzles' words write it, in either language (``56.8``, ``56,8``, ``−7.1``).
NUMBER = re.compile(r"[−-]?\d+(?:[.,]\d+)?")
#: A share of the match as the words write it (``56.8%``, ``56,8 %``).
PERCENT = re.compile(r"([−+]?\d+)[.,](\d)\s?%")
#: The hand's points as the words write them (``12 points``, ``−7,1 очка``).
HAND_POINTS = {"en": re.compile(r"\d points?\b"), "ru": re.compile(r"\d очк")}


def _closing(puzzle: Puzzle, lang: str) -> str:
    """The explanation's closing sentences: how often the answer was best and what it is worth."""
    text = puzzle.explain(lang)
    start = {"en": "It is the best move in ", "ru": "Это лучший ход в "}[lang]
    assert start in text, (puzzle.id, lang)
    return text[text.rindex(start) :]


def test_every_explanation_and_feedback_speaks_the_match_chance_never_more_than_the_match() -> None:
    """Every shipped puzzle, both languages: the explanation gives the answer's and the best
    other move's chance to win the match (the review's unit); the wrong moves' feedback the
    chance each leaves and what it gives away. No number in those words exceeds the match
    (100%); the hand's points appear only while no sampled deal ends the match in the hand."""
    problems = []
    for puzzle in PUZZLES:
        ends = can_end(puzzle.moves.values())
        answer = puzzle.moves[puzzle.answer[0]]
        others = [m["chance"] for a, m in puzzle.moves.items() if a not in puzzle.answer]
        for lang in ("en", "ru"):
            closing = _closing(puzzle, lang)
            texts = [closing] + [
                puzzle.feedback(a, lang) for a in puzzle.moves if a not in puzzle.answer
            ]
            for text in texts:
                numbers = [
                    abs(float(n.replace(",", ".").replace("−", "-"))) for n in NUMBER.findall(text)
                ]
                if any(n > 100 for n in numbers):
                    problems.append(f"{puzzle.id} {lang}: a number above the match: {text}")
                if ends and HAND_POINTS[lang].search(text):
                    problems.append(f"{puzzle.id} {lang}: hand points though the match can end")
            for chance in (answer["chance"], max(others)):
                if percent_msg(chance).text(lang) not in closing:
                    problems.append(f"{puzzle.id} {lang}: the chance {chance} is not said")
            if not ends and not HAND_POINTS[lang].search(closing):
                problems.append(f"{puzzle.id} {lang}: no hand points though the match cannot end")
            for a, mine in puzzle.moves.items():
                if a in puzzle.answer:
                    continue
                words = puzzle.feedback(a, lang)
                if percent_msg(mine["chance"]).text(lang) not in words:
                    problems.append(f"{puzzle.id} {lang}: {a}'s chance is not said")
                loss = shown_loss(mine["chance"], answer["chance"])
                if loss > 0 and percent_msg(loss).text(lang) not in words:
                    problems.append(f"{puzzle.id} {lang}: {a}'s loss is not said")
    assert not problems, problems[:10]


def test_a_file_of_version_2_is_still_read_and_answered_in_hand_points() -> None:
    """A puzzle file of version 2 (no chances) loads; its feedback speaks the hand's points."""
    data = json.loads((ROOT / "exact61_widgets/puzzles/puzzles-v1.json").read_text("utf-8"))
    calm = next(p for p in data["puzzles"] if not can_end(p["moves"].values()))
    for move in calm["moves"].values():
        del move["chance"]
    (old,) = read_document({**data, "version": 2, "puzzles": [calm]})
    wrong = next(a for a in old.moves if a not in old.answer)
    english = old.feedback(wrong, "en")
    assert "on average" in english and "%" not in english
    assert re.search("[а-я]", old.feedback(wrong, "ru"))


def test_theme_names_exist_in_both_languages() -> None:
    for theme in THEMES:
        assert theme_name(theme, "en") != theme_name(theme, "ru")


LATE = (
    "[1|5] [2|5]@[1|5]:high [1|6]@[1|5]:low [2|3]@[2|5]:low [3|5]@[2|3]:high "
    "[3|6]@[1|6]:high [5|6]@[3|5]:high [0|3]@[3|6]:low [0|6]@[5|6]:high [0|2]@[0|3]:low "
    "[0|5]@[0|6]:low [5|5]@[0|5]:high [2|2]@[0|2]:high [1|2]@[2|2]:lineB "
    "[2|4]@[2|2]:branchA [1|4]@[1|2]:low [4|4]@[1|4]:high [2|6]@[2|2]:branchB"
)


def test_an_exact_finish_is_verified_whatever_the_hidden_tiles() -> None:
    """55 displayed points: [4|6] on [2|4] makes the ends 30, exactly 61, in every deal."""
    match = position(
        2,
        LATE,
        [["[3|3]"], ["[0|1]", "[1|1]", "[1|3]", "[4|6]"]],
        boneyard=["[4|5]", "[0|4]", "[3|4]", "[0|0]", "[6|6]"],
        scores=[0, 275],
        to_move=1,
    )
    verdict = verify(match, random.Random(1), deals=50)
    assert verdict is not None
    assert verdict.answer == (Play("[4|6]", "[2|4]:high"),)
    assert verdict.agree >= 48 and verdict.margin >= 10_000 // 2
    found = facts(match, verdict)
    assert "exact_finish" in found.themes
    text = explanation(match, found, verdict)
    assert "You needed exactly 30 raw points" in text.text("en")
    assert "ровно 30 исходных очков" in text.text("ru")
    assert "the match itself" in text.text("en")


def test_one_tile_with_places_of_equal_worth_and_nothing_else_is_no_puzzle() -> None:
    match = position(2, "[3|3]", [["[3|5]"], ["[0|0]", "[1|1]"]])
    assert answer_group(solve(match)) is None
    assert verify(match, random.Random(1)) is None


def test_a_harder_puzzle_rates_higher() -> None:
    easy = Rates(random=0.5, greedy=1.0, search=1.0, legal=2)
    hard = Rates(random=0.1, greedy=0.0, search=0.0, legal=10)
    middle = Rates(random=0.25, greedy=0.0, search=1.0, legal=4)
    assert easy.rating < middle.rating < hard.rating
    assert easy.rating % 10 == 0


def test_easy_one_idea_puzzles_are_mostly_left_out() -> None:
    easy = {"rates": {"greedy": 1, "search": 1}, "themes": ["going_out"]}
    kept = sum(keep(easy, random.Random(i)) for i in range(400))
    assert 60 < kept < 140
    hard = {"rates": {"greedy": 0, "search": 1}, "themes": ["going_out"]}
    assert all(keep(hard, random.Random(i)) for i in range(50))


def test_a_bad_file_or_id_is_a_one_line_error_in_both_languages(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError) as err:
        read_document({"format": "other", "version": 1, "puzzles": []})
    assert "format" in str(err.value) and "формата" in err.value.text("ru")
    with pytest.raises(PuzzleError):
        get_puzzle("p99999")
    broken = PUZZLES[0].to_json()
    broken["themes"] = ["no-such-theme"]
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {"format": "exact61-puzzles", "version": 2, "settings": {}, "puzzles": [broken]}
        ),
        "utf-8",
    )
    with pytest.raises(PuzzleError):
        load_puzzles(path)
    assert isinstance(PuzzleError(Msg("there is no puzzle {id}", {"id": "x"})), ValueError)


def test_every_puzzle_records_a_fairness_check_that_passes() -> None:
    """400 fresh deals each; the 95% Wilson lower bound of "best by the margin" is ≥ 90%."""
    rejected = SETTINGS["rejected"]
    assert SETTINGS["fairness"]["deals"] == FAIR_DEALS == 400
    for puzzle in PUZZLES:
        check = puzzle.fairness
        assert check.deals >= 400 and check.unit == SETTINGS["fairness"]["unit"] == "match"
        assert check.margin == SETTINGS["fairness"]["margin"] == 200  # 2% of the match
        assert check.lower == pytest.approx(wilson_lower(check.agree, check.deals), abs=1e-4)
        assert check.lower >= LOWEST and check.seed == f"{puzzle.check_seed}/fair"
    ids = {p.id for p in PUZZLES}
    for entry in rejected:
        assert entry["id"] not in ids and entry["lower"] < LOWEST
        assert entry["lower"] == pytest.approx(
            wilson_lower(entry["agree"], entry["deals"]), abs=1e-4
        )
    numbers = sorted(int(i[1:]) for i in ids | {e["id"] for e in rejected})
    assert numbers == list(range(1, len(numbers) + 1))  # every id found once, in order


def test_the_wilson_bound() -> None:
    assert wilson_lower(371, 400) < 0.9 < wilson_lower(372, 400)
    assert wilson_lower(400, 400) == pytest.approx(0.9905, abs=1e-4)
    assert wilson_lower(0, 400) == pytest.approx(0, abs=1e-9)
    assert wilson_lower(40, 50) < 40 / 50 < 1


def test_a_sample_re_checks_its_fairness_from_its_seed() -> None:
    for puzzle in FIXED:
        again = check_fairness(puzzle.match(), puzzle.answers, puzzle.fairness.seed)
        assert again == puzzle.fairness, puzzle.id


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_every_puzzle_re_checks_its_fairness_from_its_seed(share: int) -> None:
    differ = [
        p.id
        for p in PUZZLES[share::SHARES]
        if check_fairness(p.match(), p.answers, p.fairness.seed) != p.fairness
    ]
    assert not differ, differ


def test_the_loader_refuses_an_unfair_or_unchecked_puzzle_and_the_old_format(
    tmp_path: Path,
) -> None:
    good = PUZZLES[0].to_json()
    unfair = {**good, "fairness": {**good["fairness"], "agree": 300, "lower": 0.7054}}
    unfair["fairness"]["lower"] = round(wilson_lower(300, 400), 4)
    unchecked = {k: v for k, v in good.items() if k != "fairness"}
    forged = {**good, "fairness": {**good["fairness"], "lower": 0.99}}
    for entry in (unfair, unchecked, forged):
        with pytest.raises(PuzzleError):
            Puzzle.from_json(entry)
    with pytest.raises(PuzzleError) as err:
        read_document({"format": "exact61-puzzles", "version": 1, "puzzles": [good]})
    assert "version 4" in str(err.value)
    assert PUZZLES[0].fairness_text("en").startswith("Fairness: in ")
    assert "граница Уилсона" in PUZZLES[0].fairness_text("ru")


def test_the_command_line_solves_a_puzzles_real_deal(capsys: pytest.CaptureFixture[str]) -> None:
    from exact61_widgets.cli import main

    puzzle = PUZZLES[0]
    assert main(["solve", "--puzzle", puzzle.id, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {m["action"]: m["value"] for m in data["moves"]} == dict(puzzle.values)
    assert main(["solve", "--puzzle", "p99999"]) == 2
    assert "p99999" in capsys.readouterr().err
