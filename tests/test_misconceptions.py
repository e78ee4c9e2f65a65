"""Feedback that diagnoses: every misconception of every kind, shown by one wrong answer.

The table below is (exercise, wrong answer → the misconception its feedback must
name); it covers every misconception each kind lists, so a kind cannot list one
its check never recognizes. A second test asks every task of the table, and of
the tutorials, for many wrong answers and checks that no feedback names the
right answer. Many positions per misconception are in ``test_hints.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import pytest

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.exercises import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    GoingOut,
    LegalAction,
    OpenPlaces,
    PlayableTiles,
    PlayAward,
    PlayDrawPass,
    Rounding,
    ScoringEnds,
    TallyPoints,
    Task,
    WhichMistake,
)
from exact61_widgets.exercises.reading import read_action
from exact61_widgets.exercises.task import task_classes
from exact61_widgets.simulation.matches import play_match, seat_bots
from exact61_widgets.views.ready_positions import (
    BLOCKED_3P,
    BLOCKED_3P_NEAR_TARGET,
    BLOCKED_3P_ONCE,
    BLOCKED_PAIRS,
    BLOCKED_PAIRS_NEAR_TARGET,
    BLOCKED_TIE,
)
from exact61_widgets.widgets import Scenario

FOUR = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB"
NINE = (
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB"
)
FIVE = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB"
ONE_LINE = "[2|2] [2|6]@[2|2]:lineA"
BOTH_LINES = "[2|2] [2|6]@[2|2]:lineA [2|3]@[2|2]:lineB"
LINE = "[2|5] [5|6]@[2|5]:high"
LINE_HAND = ("[0|2]", "[1|3]", "[1|5]", "[3|6]", "[4|5]")


def made(players: int, layout: str, hands: Sequence[Sequence[str]], **options: Any) -> Any:
    """A made-up position (the boneyard: every other tile)."""
    return Scenario.make(players, layout, hands, **options).match()


def moves(layout: str, hand: Sequence[str], other: Sequence[str], **options: Any) -> Any:
    """Two players: seat 0 holds ``hand``, seat 1 ``other``; the boneyard is the rest."""
    return made(2, layout, [list(hand), list(other)], **options)


def passing() -> Any:
    """Seat 0 holds [2|3] [5|6] against [1|4], the boneyard is empty: seat 0 passes."""
    used = {"[1|4]", "[2|3]", "[5|6]"}
    rest = [str(t) for t in TILES if str(t) not in used]
    return made(2, "[1|4]", [["[2|3]", "[5|6]"], rest], boneyard=[])


def drawn() -> Any:
    """Seat 0 has just drawn [0|1], which fits [1|4] and must be played at once."""
    used = {"[1|4]", "[2|3]", "[5|6]", "[0|0]", "[2|5]", "[0|1]"}
    bones = ["[2|5]", "[0|1]", *(str(t) for t in TILES if str(t) not in used)]
    match = made(2, "[1|4]", [["[2|3]", "[5|6]"], ["[0|0]"]], boneyard=bones)
    match.push(match.legal_actions()[0])
    match.push(match.legal_actions()[0])
    return match


@cache
def bots_match(seat0: str, seed: int) -> Match:
    """A seeded match from 30 : 30: ``seat0`` (a bot's name) against a bot with search."""
    match = Match(2, seed=seed, start_scores=[150, 150])
    return play_match(match, seat_bots([seat0, "search"], 2, seed))


def which(seat0: str, seed: int, numbers: list[int]) -> WhichMistake:
    """Which of seat 0's decisions ``numbers`` was the mistake (the review's seed 1, 60 deals)?"""
    return WhichMistake.of(bots_match(seat0, seed), numbers, seed=1, samples=60)


MUST = ("[1|4]", ("[1|2]", "[5|6]"), ("[0|0]",))
NOTHING = ("[1|4]", ("[2|3]", "[5|6]"), ("[0|0]",))

#: (kind's misconception key, the exercise, a wrong answer that shows it).
TABLE: list[tuple[str, Callable[[], Task], str]] = [
    # which places are open
    ("branch-too-early", lambda: OpenPlaces(ONE_LINE), "[2|2]:lineB, [2|6]:high, [2|2]:branchA"),
    ("taken-place", lambda: OpenPlaces(ONE_LINE), "[2|2]:lineA, [2|2]:lineB, [2|6]:high"),
    ("branches-forgotten", lambda: OpenPlaces(BOTH_LINES), "[2|3]:high, [2|6]:high"),
    ("free-line-forgotten", lambda: OpenPlaces(ONE_LINE), "[2|6]:high"),
    ("free-half-forgotten", lambda: OpenPlaces(FOUR), "[1|1]:lineB, [4|4]:branchA, [4|4]:branchB"),
    # which scoring ends count
    (
        "internal-double",
        lambda: ScoringEnds(NINE),
        "[1|1], [0|5]:low, [1|2]:high, [1|3]:high, [3|4]:low",
    ),
    ("unused-branch", lambda: ScoringEnds(FOUR), "[1|1], [3|4]:low, [4|4]:branchA"),
    (
        "started-branch",
        lambda: ScoringEnds(NINE),
        "[0|5]:low, [1|2]:high, [1|3]:high, [3|4]:low, [1|1]:branchA",
    ),
    ("joined-half", lambda: ScoringEnds(FOUR), "[1|1], [3|4]:low, [1|4]:high"),
    ("both-halves", lambda: ScoringEnds("[2|3] [3|6]@[2|3]:high"), "[2|3], [3|6]:high"),
    ("blank-forgotten", lambda: ScoringEnds(NINE), "[1|2]:high, [1|3]:high, [3|4]:low"),
    ("end-double-forgotten", lambda: ScoringEnds(FOUR), "[3|4]:low"),
    # what a play earns
    ("sum-taken-as-award", lambda: PlayAward(NINE.rsplit(" ", 1)[0], "[1|3]@[1|1]:branchB"), "8"),
    ("target-check-forgotten", lambda: PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295), "15"),
    ("award-cut-to-fit", lambda: PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295), "10"),
    ("raw-for-displayed", lambda: PlayAward(FIVE, "[1|5]@[1|1]:branchA", unit="displayed"), "10"),
    ("multiplied-by-five", lambda: PlayAward(FIVE, "[1|5]@[1|1]:branchA", unit="displayed"), "50"),
    ("displayed-for-raw", lambda: PlayAward(FIVE, "[1|5]@[1|1]:branchA"), "2"),
    ("new-score", lambda: PlayAward("[3|6]", "[2|6]@[3|6]:high", score=100), "105"),
    (
        "internal-double-counted",
        lambda: PlayAward("[2|5] [2|2]@[2|5]:low [5|5]@[2|5]:high", "[5|6]@[5|5]:lineB"),
        "20",
    ),
    ("end-double-counted-once", lambda: PlayAward("[3|6]", "[6|6]@[3|6]:high"), "0"),
    ("end-sum-rounded", lambda: PlayAward("[2|5]", "[5|5]@[2|5]:high"), "10"),
    ("fitting-award-rejected", lambda: PlayAward("[3|6]", "[2|6]@[3|6]:high", score=290), "0"),
    # which tiles can be played
    ("joined-number", lambda: PlayableTiles(LINE, LINE_HAND), "[0|2], [3|6], [1|5]"),
    ("no-matching-half", lambda: PlayableTiles(LINE, LINE_HAND), "[0|2], [3|6], [1|3]"),
    ("any-tile-opens", lambda: PlayableTiles("", ("[2|3]", "[4|5]")), "[2|3]"),
    ("double-forgotten", lambda: PlayableTiles("[1|4]", ("[1|1]", "[1|2]", "[5|6]")), "[1|2]"),
    # going out
    (
        "settlement-target-forgotten",
        lambda: GoingOut(made(3, "[1|4]", [["[4|5]"], ["[0|2]"], ["[4|4]"]], scores=[300, 0, 295])),
        "10",
    ),
    (
        "settlement-split",
        lambda: GoingOut(
            made(4, "[1|3]", [["[1|1]"], ["[5|5]", "[4|4]"], ["[2|5]"], ["[6|6]"]], scores=[290, 0])
        ),
        "5",
    ),
    (
        "partner-forgotten",
        lambda: GoingOut(made(4, "[0|1]", [["[1|2]"], ["[5|6]"], ["[3|4]"], ["[0|3]"]])),
        "15",
    ),
    (
        "partner-pooled",
        lambda: GoingOut(made(4, "[0|1]", [["[1|2]"], ["[5|6]"], ["[3|4]"], ["[0|3]"]])),
        "5",
    ),
    (
        "partner-added",
        lambda: GoingOut(made(4, "[0|1]", [["[1|2]"], ["[5|6]"], ["[3|4]"], ["[0|3]"]])),
        "20",
    ),
    (
        "partner-forgotten+partner-pooled",  # both give 10: the feedback names both
        lambda: GoingOut(made(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]])),
        "10",
    ),
    ("last-play-forgotten", lambda: GoingOut(moves("[1|4]", ["[1|6]"], ["[2|5]"])), "5"),
    ("not-rounded", lambda: GoingOut(moves("[1|4]", ["[1|6]"], ["[2|5]"])), "17"),
    ("rounded-wrong-way", lambda: GoingOut(moves("[1|4]", ["[1|6]"], ["[2|5]"])), "20"),
    (
        "each-hand-rounded",
        lambda: GoingOut(
            made(4, "[1|4]", [["[4|5]"], ["[5|6]"], ["[4|4]", "[0|1]"], ["[2|2]", "[1|2]"]])
        ),
        "5",
    ),
    (
        "each-hand-rounded+rounded-wrong-way",  # each rounded apart, or the total the wrong way
        lambda: GoingOut(made(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])),
        "10",
    ),
    (
        "unscored-sum-added",
        lambda: GoingOut(made(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])),
        "26",
    ),
    (
        "end-sum-rounded",
        lambda: GoingOut(made(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])),
        "25",
    ),
    (
        "displayed-for-raw",
        lambda: GoingOut(made(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])),
        "3",
    ),
    (
        "fitting-award-rejected",  # 290 + 5 fits: 0 is the reflex near 61
        lambda: GoingOut(made(2, "[0|1]", [["[1|2]"], ["[2|3]"]], scores=[290, 0])),
        "0",
    ),
    (
        "minus-sign-forgotten",
        lambda: GoingOut(made(4, "[0|1]", [["[1|2]"], ["[0|0]"], ["[6|6]"], ["[0|2]"]])),
        "10",
    ),
    # a blocked hand
    ("award-target-forgotten", lambda: BlockedAward(BLOCKED_3P_NEAR_TARGET.match(), 0), "35"),
    ("sum-not-rounded", lambda: BlockedAward(BLOCKED_3P.match(), 0), "34"),
    ("rounded-wrong-way", lambda: BlockedAward(BLOCKED_3P.match(), 2), "20"),
    (
        # diffs 8 and 8: 10 + 10 apart, or 16 the wrong way: with at most two larger
        # opponents, rounding each apart always gives the right award or the wrong way's
        "each-difference-rounded+rounded-wrong-way",
        lambda: BlockedAward(
            made(
                3,
                BLOCKED_3P.layout,
                [
                    ["[6|6]"],
                    ["[3|6]", "[1|6]", "[0|3]", "[0|0]", "[0|1]"],
                    ["[3|3]", "[1|2]", "[1|3]", "[2|3]", "[1|1]"],
                ],
                boneyard=[],
                leader=0,
            ),
            0,
        ),
        "20",
    ),
    ("partner-compared", lambda: BlockedAward(BLOCKED_PAIRS.match(), 1), "10"),
    (
        "pair-totals-pooled",  # 26 → 25 would pass 61 from 295; pairs pooled, 32 − 20 → 10 fits
        lambda: BlockedAward(
            made(
                4,
                BLOCKED_3P.layout,
                [
                    ["[0|3]"],
                    ["[1|3]"],
                    ["[1|1]", "[0|1]", "[1|2]", "[3|3]", "[2|3]"],
                    ["[1|6]", "[0|0]", "[6|6]", "[3|6]"],
                ],
                boneyard=[],
                scores=[295, 295],
                leader=0,
            ),
            0,
        ),
        "10",
    ),
    ("displayed-for-raw", lambda: BlockedAward(BLOCKED_3P_ONCE.match(), 0), "7"),
    (
        "fitting-award-rejected",
        lambda: BlockedAward(
            made(
                4,
                BLOCKED_PAIRS.layout,
                [["[4|4]", "[5|5]"], ["[1|5]"], ["[1|3]", "[3|3]"], ["[1|1]", "[3|5]"]],
                boneyard=[],
                scores=[0, 280],
                leader=0,
            ),
            1,
        ),
        "0",
    ),
    ("smaller-totals-counted", lambda: BlockedAward(BLOCKED_3P.match(), 2), "25"),
    ("only-largest-compared", lambda: BlockedAward(BLOCKED_3P.match(), 0), "25"),
    ("tie-cancels", lambda: BlockedAward(BLOCKED_TIE.match(), 0), "0"),
    ("only-smallest-earns", lambda: BlockedAward(BLOCKED_3P.match(), 2), "0"),
    ("award-after-the-win", lambda: BlockedAward(BLOCKED_PAIRS_NEAR_TARGET.match(), 2), "15"),
    # what may be done now; play, draw or pass
    *(
        row
        for kind in (LegalAction, PlayDrawPass)
        for row in [
            ("draw-while-playable", lambda kind=kind: kind(moves(*MUST)), "draw"),
            ("draw-after-fit", lambda kind=kind: kind(drawn()), "draw"),
            ("draw-from-empty", lambda kind=kind: kind(passing()), "draw"),
            ("pass-while-playable", lambda kind=kind: kind(moves(*MUST)), "pass"),
            ("pass-before-drawing", lambda kind=kind: kind(moves(*NOTHING)), "pass"),
            ("play-nothing-fits", lambda kind=kind: kind(moves(*NOTHING)), "[2|3]@[1|4]:high"),
            ("not-the-drawn-tile", lambda kind=kind: kind(drawn()), "[2|5]@[1|4]:high"),
            ("place-does-not-fit", lambda kind=kind: kind(moves(*MUST)), "[1|2]@[1|4]:high"),
            (
                "branch-too-early",
                lambda kind=kind: kind(moves(ONE_LINE, ("[2|5]", "[0|0]"), ("[1|1]",))),
                "[2|5]@[2|2]:branchA",
            ),
        ]
    ),
    ("play-nothing-fits", lambda: PlayDrawPass(moves(*NOTHING)), "play"),
    # numbers
    ("not-a-multiple", lambda: Rounding(18), "18"),
    ("rounded-wrong-way", lambda: Rounding(18), "15"),
    ("multiple-moved", lambda: Rounding(15), "20"),
    ("raw-points", lambda: TallyPoints(37), "185"),
    ("figure-as-one", lambda: TallyPoints(37), "10"),
    ("full-figures-forgotten", lambda: TallyPoints(37), "7"),
    ("last-figure-forgotten", lambda: TallyPoints(37), "30"),
    ("large-x-as-one", lambda: TallyPoints(37), "33"),
    ("raw-not-divided", lambda: DisplayedPoints(185), "185"),
    ("multiplied-by-five", lambda: DisplayedPoints(185), "925"),
    ("divided-by-ten", lambda: DisplayedPoints(290), "29"),
    ("four-dealt", lambda: BoneyardSize(4), "12"),
    ("seven-dealt", lambda: BoneyardSize(2), "14"),
    ("dealt-not-left", lambda: BoneyardSize(4), "20"),
    ("one-hand-dealt", lambda: BoneyardSize(4), "23"),
    # which move was the mistake (move 1 of each: an only move, one that loses in hindsight
    # only, one that scores nothing now while another would)
    ("only-move-blamed", lambda: which("greedy", 2, [34, 38, 40, 42]), "1"),
    ("judged-by-hindsight", lambda: which("greedy", 10, [34, 69]), "1"),
    ("no-award-blamed", lambda: which("random", 5, [12, 51]), "1"),
]


def test_the_table_covers_every_misconception_of_every_kind() -> None:
    listed = {(cls.kind, m.key) for cls in task_classes() for m in cls.misconceptions}
    tabled = {(make().kind, key) for keys, make, _ in TABLE for key in keys.split("+")}
    assert tabled == listed, (sorted(listed - tabled), sorted(tabled - listed))
    assert len(TABLE) >= 60


def test_one_key_means_one_hint() -> None:
    """A misconception shared by kinds (rounding the wrong way) is one object, one text."""
    hints: dict[str, set[str]] = {}
    for cls in task_classes():
        for m in cls.misconceptions:
            hints.setdefault(m.key, set()).add(m.text("en"))
    shared = {k: v for k, v in hints.items() if len(v) > 1}
    assert shared == {}


@pytest.mark.parametrize(("key", "make", "answer"), TABLE, ids=[f"{k}:{a}" for k, _, a in TABLE])
def test_a_wrong_answer_gets_the_hint_of_its_misconception(
    key: str, make: Callable[[], Task], answer: str
) -> None:
    task = make()
    result = task.check(answer)
    assert not result.ok and not result.malformed, result.text()
    keys = key.split("+")  # two mistakes that lead to one answer: both are named
    assert sorted(result.diagnosis) == sorted(keys), (result.diagnosis, result.text())
    named = [m for m in task.misconceptions if m.key in keys]
    for lang in ("en", "ru"):
        text = result.text(lang)
        if result.hint is not None:  # a number answer: the misconception's own hint
            assert all(m.text(lang) in text for m in named)
        assert text.endswith(
            "Try again, or open the solution."
            if lang == "en"
            else "Попробуйте ещё раз или откройте решение."
        )


# -- no feedback on a wrong answer names the right answer -----------------------------------

RULE = re.compile(r"\b[RD]\d+(?:\.\d+)?\b")
#: What every feedback may say whatever the answer: the rules' constants, and the three
#: choices of an action question listed as its form.
CONSTANTS = re.compile(
    r"multiple of 5|÷ 5|by 5|на 5|5 raw points make 1|play, draw or pass|or draw, or pass"
    r"|«выложить», «добрать» или «пас»|или «добрать», или «пас»"
)
#: The answer words of play, draw or pass, in every form a feedback could name them.
WORDS = {
    "play": r"\bplay\b|\bplay a tile\b|выложить",
    "draw": r"\bdraw\b|добрать",
    "pass": r"\bpass\b|\bпас\b",
}


def chose_a_play(given: str) -> bool:
    """Whether the learner's answer is a play (a tile, or a tile at a place)."""
    try:
        return isinstance(read_action(given), Play)
    except NotationError:
        return False


def named_answers(task: Task, text: str, given: str) -> list[str]:
    """The right answers (or, for a list, its items left out) that ``text`` names.

    What the learner typed, echoed back, does not count; nor does an item of a
    list whose tile the learner named (a double named by a branch, say).
    """
    said = CONSTANTS.sub(" ", RULE.sub(" ", text)).replace(repr(given), " ").replace(given, " ")
    found = []
    for answer in task.answers("en"):
        if answer.lstrip("-").isdigit():
            if re.search(rf"(?<![\d\w.|\[−-]){re.escape(answer)}(?![\d\w|\]])", said):
                found.append(answer)
        elif answer in WORDS or answer == "play a tile":
            word = "play" if answer == "play a tile" else answer
            if word == "play" and chose_a_play(given):  # the learner's own choice, echoed
                continue
            if re.search(WORDS[word], said, re.I):
                found.append(answer)
        else:  # a list or a play in notation: the whole, and every item not given
            if answer in said:
                found.append(answer)
            found.extend(
                i for i in answer.split(", ") if i.split(":")[0] not in given and i in said
            )
    return found


def wrong_answers(task: Task) -> list[str]:
    """The wrong answers to try: every misconception's, a few numbers, a few words and items."""
    tries = [a for a in task.mistaken_answers()]
    tries += [a for k, m, a in TABLE if type(m()) is type(task)]
    tries += ["0", "5", "10", "15", "20", "25", "35", "-5", "999", "none", "draw", "pass", "play"]
    tries += ["[6|6]", "[0|0]:lineA", "[5|6]@[4|6]:high", "[1|2]@[1|4]:low"]
    right = set(task.answers("en")) | set(task.answers("ru"))
    return [t for t in dict.fromkeys(tries) if t not in right]


def tasks_to_ask() -> list[Task]:
    found: dict[str, Task] = {}
    for _, make, _ in TABLE:
        task = make()
        found.setdefault(repr(task.spec()), task)
    return list(found.values())


@pytest.mark.parametrize("task", tasks_to_ask(), ids=lambda t: t.kind)
def test_no_feedback_on_a_wrong_answer_names_the_right_answer(task: Task) -> None:
    for answer in wrong_answers(task):
        result = task.check(answer)
        if result.ok:
            continue
        for lang in ("en", "ru"):
            text = result.text(lang)
            assert named_answers(task, text, answer) == [], (answer, text)
            if result.hint is not None:
                assert named_answers(task, result.hint.text(lang), answer) == []
