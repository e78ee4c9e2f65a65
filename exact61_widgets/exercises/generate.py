"""Another one like this: a fresh exercise of a kind and a difficulty, made from a seed.

:func:`generate` makes a task of ``kind`` at ``difficulty`` (1 easy, 2, 3 hard)
from ``seed``: the same three always give the same task, on every machine
(the random generator is seeded by their text). Positions are the engine's
own — a seeded match played by random legal moves, or the tiles left in a
known blocked hand dealt anew, which stays blocked — so every one is legal
and reachable; a which-mistake question is a seeded hand with one slip, graded
by the review. Before a task is returned it passes :func:`tells_mistakes_apart`,
the test every shipped exercise passes: no known misconception lands on its
answer. :func:`like` makes another task of a given task's kind and difficulty
(the "Another one like this" button); the worksheets (A/B versions) and the
live class call :func:`generate` with their own seeds.

>>> from exact61_widgets.exercises.generate import generate, tells_mistakes_apart
>>> task = generate("going_out", seed=7, difficulty=2)
>>> task.kind, tells_mistakes_apart(task)
('going_out', True)
>>> task.spec() == generate("going_out", seed=7, difficulty=2).spec()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.review import grade_decisions
from exact61_widgets.engine.scenario import Scenario
from exact61_widgets.engine.scoring import TARGET_POINTS, accepts
from exact61_widgets.engine.seating import Seating
from exact61_widgets.exercises.kinds import (
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
    WhichMistake,
)
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import ExerciseError
from exact61_widgets.i18n import Msg

#: The difficulties every kind can make: 1 (first steps), 2, 3 (near 61, pairs, long layouts).
DIFFICULTIES: Final = (1, 2, 3)
#: How many candidates a generation may try before it gives up (each is cheap).
TRIES: Final = 400
#: Start scores near the target, for the hardest settlements and awards (D10).
NEAR: Final = (270, 280, 285, 290, 295, 300)

Maker = Callable[[random.Random, int], Task | None]


def tells_mistakes_apart(task: Task) -> bool:
    """Whether no known misconception of ``task`` leads to its right answer.

    A mistake whose award the target check turns into a right 0 is one the
    check hides, not one the item fails to tell apart (:attr:`Mistake.hidden`).
    Two misconceptions that lead to the same wrong answer are both named by the
    feedback, so they need not differ from each other.
    """
    right = set(task.answers("en"))
    return all(m.hidden or str(m.value) not in right for m in task.mistakes())


def _between(rng: random.Random, difficulty: int, spans: tuple[tuple[int, int], ...]) -> int:
    low, high = spans[difficulty - 1]
    return rng.randint(low, high)


def _match(rng: random.Random, players: int, scores: list[int] | None = None) -> Match:
    return Match(players, seed=rng.randrange(2**31), start_scores=scores)


def _layout(rng: random.Random, difficulty: int) -> Match | None:
    """A position whose layout has as many tiles as the difficulty asks."""
    wanted = _between(rng, difficulty, ((2, 4), (5, 8), (9, 14)))
    match = _match(rng, rng.choice((2, 3, 4)))
    while len(match.layout.tiles) < wanted:
        if match.status != "playing" or match.hand_number > 1:
            return None
        match.push(rng.choice(match.legal_actions()))
    return match


def _scores(rng: random.Random, players: int, difficulty: int) -> list[int]:
    sides = Seating(players).sides
    if difficulty < 3:
        return [5 * rng.randint(0, 40) for _ in range(sides)]
    return [rng.choice(NEAR) for _ in range(sides)]


def _displayed_points(rng: random.Random, difficulty: int) -> Task:
    return DisplayedPoints(5 * _between(rng, difficulty, ((1, 20), (21, 45), (46, 60))))


def _boneyard_size(rng: random.Random, difficulty: int) -> Task:
    return BoneyardSize(rng.choice((2, 3, 4)))


def _rounding(rng: random.Random, difficulty: int) -> Task:
    return Rounding(_between(rng, difficulty, ((1, 24), (25, 60), (62, 130))))


def _tally_points(rng: random.Random, difficulty: int) -> Task:
    return TallyPoints(_between(rng, difficulty, ((1, 9), (10, 39), (40, TARGET_POINTS))))


def _open_places(rng: random.Random, difficulty: int) -> Task | None:
    match = _layout(rng, difficulty)
    return None if match is None else OpenPlaces(str(match.layout))


def _scoring_ends(rng: random.Random, difficulty: int) -> Task | None:
    match = _layout(rng, difficulty)
    return None if match is None else ScoringEnds(str(match.layout))


def _playable_tiles(rng: random.Random, difficulty: int) -> Task | None:
    match = _layout(rng, difficulty)
    if match is None or match.status != "playing" or not match.hand(match.to_move):
        return None
    hand = tuple(str(t) for t in match.hand(match.to_move))
    return PlayableTiles(str(match.layout), hand)


def _play_award(rng: random.Random, difficulty: int) -> Task | None:
    match = _layout(rng, difficulty)
    if match is None or match.status != "playing":
        return None
    plays = match.legal_plays()
    if not plays:
        return None
    play = rng.choice(plays)
    if difficulty == 1:
        return PlayAward(str(match.layout), str(play))
    if difficulty == 2:
        return PlayAward(str(match.layout), str(play), unit="displayed")
    return PlayAward(str(match.layout), str(play), score=rng.choice(NEAR))


def _action_position(rng: random.Random, difficulty: int, answer: str | None) -> Match | None:
    """A position in a first hand where the mover's choice is ``answer`` (play, draw, pass)."""
    match = _match(rng, 1 + difficulty)
    for _ in range(80):
        if match.status != "playing" or match.hand_number > 1:
            return None
        actions = match.legal_actions()
        kinds = {"play" if isinstance(a, Play) else str(a) for a in actions}
        if match.layout.tiles and (answer is None or answer in kinds):
            return match.copy()
        match.push(rng.choice(actions))
    return None


def _legal_action(rng: random.Random, difficulty: int) -> Task | None:
    match = _action_position(rng, difficulty, rng.choice((None, "draw")))
    return None if match is None else LegalAction(match)


def _play_draw_pass(rng: random.Random, difficulty: int) -> Task | None:
    match = _action_position(rng, difficulty, rng.choice(("play", "draw", "pass")))
    return None if match is None else PlayDrawPass(match)


def _going_out(rng: random.Random, difficulty: int) -> Task | None:
    players = 1 + difficulty
    match = _match(rng, players, _scores(rng, players, difficulty))
    while match.status == "playing" and match.hand_number == 1:
        seat = match.to_move
        plays = match.legal_plays()
        if len(match.hand(seat)) == 1 and plays and match.drawn_tile is None:
            return GoingOut(match, str(rng.choice(plays)))
        match.push(rng.choice(match.legal_actions()))
    return None


#: Known blocked hands: their layouts stay blocked whoever holds the tiles left (the ready
#: positions of the tutorials, as layout and tiles).
def _blocked_sources() -> list[Scenario]:
    from exact61_widgets.views.ready_positions import BLOCKED_3P, BLOCKED_PAIRS, BLOCKED_TIE

    return [BLOCKED_3P, BLOCKED_TIE, BLOCKED_PAIRS]


def _blocked_award(rng: random.Random, difficulty: int) -> Task | None:
    source = rng.choice(_blocked_sources())
    tiles = [t for hand in source.hands for t in hand]
    players = 1 + difficulty
    rng.shuffle(tiles)
    cuts = sorted(rng.sample(range(1, len(tiles)), players - 1))
    hands = [tiles[a:b] for a, b in zip([0, *cuts], [*cuts, len(tiles)], strict=True)]
    match = Scenario.make(
        players,
        source.layout,
        hands,
        boneyard=[],
        scores=_scores(rng, players, difficulty),
        leader=rng.randrange(players),
    ).match()
    return BlockedAward(match, rng.randrange(players))


#: The review's sample size and seed for a fresh which-mistake question: half the tutorial's
#: 60, so that one comes at once (benchmarks/bench_generate.py).
REVIEW_SAMPLES: Final = 30
REVIEW_SEED: Final = "0"
#: The raw points a slip forgoes at least, and the first play number not asked about: the
#: review grades a late move by solving the few tiles left exactly, ten times slower.
SLIP: Final = 15
LATE: Final = 13


def _gained(match: Match, play: Play) -> int:
    """The raw points ``play`` adds to its side's score at once (its award, if it fits)."""
    layout = match.layout.copy()
    layout.push(play.tile, play.at)
    score = match.scores[match.side_of(match.to_move)]
    return layout.award if accepts(score, layout.award) else 0


def _which_mistake(rng: random.Random, difficulty: int) -> Task | None:
    """A two-player hand near the end of a match, played for the most points now but for one
    slip of the seat asked about, early in the hand: a play that forgoes :data:`SLIP` raw
    points or more. The review grades the slip first (from what the mover knew): it must be
    a mistake or a blunder. Then as many of that seat's other early moves as the difficulty
    asks (a question of 2 to 4 moves), the nearest free choices first, each no mistake. The
    task keeps these grades (:meth:`WhichMistake.of_graded`), which its check would compute.
    """
    scores = [5 * rng.randint(44, 58) for _ in range(2)]
    match = _match(rng, 2, scores)
    seat, number, slipped = rng.randrange(2), 0, 0
    mine: list[tuple[int, bool]] = []  # the seat's plays: their numbers, and whether forced
    while match.status == "playing" and match.hand_number == 1:
        actions = match.legal_actions()
        plays = sorted((a for a in actions if isinstance(a, Play)), key=lambda a: _gained(match, a))
        action: Action = actions[0]
        if plays:
            number += 1
            action = plays[-1]
            if match.to_move == seat:
                gap = _gained(match, plays[-1]) - _gained(match, plays[0])
                if not slipped and gap >= SLIP and len(mine) >= difficulty // 2 and number < LATE:
                    action, slipped = plays[0], number
                mine.append((number, len(plays) < 2))
        match.push(action)
    if not slipped:
        return None
    (slip,) = grade_decisions(match, [slipped], seed=REVIEW_SEED, samples=REVIEW_SAMPLES)
    if not slip.is_error:
        return None
    # the nearest other moves, a free choice before a forced one
    others = sorted(
        (n for n in mine if n[0] != slipped and n[0] < LATE),
        key=lambda n: (n[1], abs(n[0] - slipped)),
    )
    graded = [slip]
    for other, _forced in others:
        (decision,) = grade_decisions(match, [other], seed=REVIEW_SEED, samples=REVIEW_SAMPLES)
        if not decision.is_error:
            graded.append(decision)
        if len(graded) > difficulty:
            graded.sort(key=lambda d: d.number)
            return WhichMistake.of_graded(match, graded, REVIEW_SEED, REVIEW_SAMPLES)
    return None


MAKERS: Final[dict[str, Maker]] = {
    "displayed_points": _displayed_points,
    "boneyard_size": _boneyard_size,
    "rounding": _rounding,
    "tally_points": _tally_points,
    "open_places": _open_places,
    "scoring_ends": _scoring_ends,
    "playable_tiles": _playable_tiles,
    "play_award": _play_award,
    "legal_action": _legal_action,
    "play_draw_pass": _play_draw_pass,
    "going_out": _going_out,
    "blocked_award": _blocked_award,
    "which_mistake": _which_mistake,
}


def generated_kinds() -> tuple[str, ...]:
    """The kinds :func:`generate` can make."""
    return tuple(MAKERS)


def generate(kind: str, seed: int, difficulty: int = 1) -> Task:
    """A fresh task of ``kind`` at ``difficulty`` (1, 2 or 3), the same for the same ``seed``.

    The task is the engine's own position and passes :func:`tells_mistakes_apart`.
    A kind it cannot make, a bad difficulty or seed raises :class:`ExerciseError`.
    """
    maker = MAKERS.get(kind)
    if maker is None:
        raise ExerciseError(
            Msg(
                "cannot make a fresh {kind} exercise: use one of {kinds}",
                {"kind": repr(kind), "kinds": ", ".join(MAKERS)},
            )
        )
    if isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        raise ExerciseError(
            Msg("the difficulty is 1, 2 or 3, not {difficulty}", {"difficulty": repr(difficulty)})
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ExerciseError(Msg("a seed is a whole number, not {value}", {"value": repr(seed)}))
    rng = random.Random(f"{kind}/{difficulty}/{seed}")
    for _ in range(TRIES):
        try:
            task = maker(rng, difficulty)
        except ExerciseError:  # a candidate the kind refuses: try the next one
            continue
        if task is not None and tells_mistakes_apart(task):
            return task
    raise ExerciseError(  # pragma: no cover - every kind finds one in a few tries
        Msg("no {kind} exercise found for seed {seed}", {"kind": kind, "seed": seed})
    )


def difficulty_of(task: Task) -> int:
    """The difficulty a task is at, as :func:`generate` counts it (1 to 3)."""
    spec = task.spec()
    if task.kind in ("going_out", "blocked_award", "legal_action", "play_draw_pass"):
        players = int(spec["position"]["players"])
        return max(1, min(3, players - 1))
    if task.kind == "which_mistake":
        return max(1, min(3, len(spec["numbers"]) - 1))
    if task.kind == "play_award":
        return 3 if spec["score"] is not None else 2 if spec["unit"] == "displayed" else 1
    if "layout" in spec:
        tiles = len(str(spec["layout"]).split())
        return 1 if tiles <= 4 else 2 if tiles <= 8 else 3
    number = {"displayed_points": "raw", "rounding": "total", "tally_points": "points"}
    if task.kind in number:
        value = int(spec[number[task.kind]])
        bounds = {"displayed_points": (100, 225), "rounding": (24, 60), "tally_points": (9, 39)}
        first, second = bounds[task.kind]
        return 1 if value <= first else 2 if value <= second else 3
    return 1


def like(task: Task, seed: int) -> Task:
    """Another task like ``task``: its kind, its difficulty, a fresh position from ``seed``.

    A twin asked before the target check (``before_check``) is left out on purpose: it is
    asked only beside its question with the check, on the same position, so another one
    like it is that question's kind with the check, a fresh position of the same difficulty.
    """
    return generate(task.kind, seed, difficulty_of(task))
