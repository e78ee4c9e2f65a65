"""The exact solver against plain minimax over ``Match.push``/``pop``, on small positions."""

from __future__ import annotations

import random

import pytest
from conftest import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets.engine import DRAW, PASS, Layout, Match, Play
from exact61_widgets.engine.solve import WIN, Method, SolveError, leads_by, solve, value_text
from exact61_widgets.engine.tiles import TILES


def outcome(match: Match, root_side: int, root_scores: tuple[int, ...]) -> int:
    """The value of a finished hand for ``root_side``, as the solver defines it."""
    if match.winner is not None:
        return WIN if match.winner == root_side else -WIN
    gains = [match.scores[s] - root_scores[s] for s in range(match.sides)]
    return gains[root_side] - max(g for s, g in enumerate(gains) if s != root_side)


def minimax(match: Match, root_side: int, root_scores: tuple[int, ...]) -> int:
    """Plain minimax through the engine itself: the root side maximizes, the others minimize."""
    if match.status != "playing":
        return outcome(match, root_side, root_scores)
    values = []
    for action in match.legal_actions():
        match.push(action)
        values.append(minimax(match, root_side, root_scores))
        match.pop()
    return max(values) if match.side_of(match.to_move) == root_side else min(values)


def reference(match: Match) -> dict[str, int]:
    """Every legal action's minimax value, keyed by its text."""
    side = match.side_of(match.to_move)
    root = match.scores
    result = {}
    for action in match.legal_actions():
        match.push(action)
        result[repr(action)] = minimax(match, side, root)
        match.pop()
    return result


def grown(players: int, unplayed: int, seed: int, scores: list[int]) -> Match | None:
    """A position whose layout grew by random legal placements until ``unplayed`` tiles remain.

    The tiles left are dealt out at random: one at least to every hand, the rest to
    the hands or the boneyard.
    """
    rng = random.Random(seed)
    layout = Layout()
    layout.push(rng.choice(TILES))
    while len(layout) < 28 - unplayed:
        options = [(t, p) for t in TILES if t not in layout for p in layout.legal_places(t)]
        if not options:
            return None
        tile, place = rng.choice(options)
        layout.push(tile, place)
    rest = [t for t in TILES if t not in layout]
    rng.shuffle(rest)
    hands = [[rest[s]] for s in range(players)]
    boneyard = []
    for tile in rest[players:]:
        if rng.random() < 0.6:
            hands[rng.randrange(players)].append(tile)
        else:
            boneyard.append(tile)
    return Match.setup(
        players,
        hands=hands,
        boneyard=boneyard,
        layout=layout,
        scores=scores,
        to_move=rng.randrange(players),
        leader=rng.randrange(players),
    )


def played(players: int, unplayed: int, seed: int, scores: list[int]) -> Match | None:
    """A random game played until at most ``unplayed`` tiles are in hands and the boneyard."""
    rng = random.Random(seed)
    match = Match(players, seed=seed, start_scores=scores)
    while match.status == "playing":
        if sum(len(h) for h in match.hands) + match.boneyard_count <= unplayed:
            return match
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    return None


SCORES = st.sampled_from([0, 150, 240, 260, 270, 280, 285, 290, 295, 300, -20])


@st.composite
def small_positions(draw: st.DrawFn) -> Match:
    """Positions of 2–4 players with at most 8 tiles unplayed, often close to the target."""
    players = draw(st.sampled_from([2, 3, 4]))
    sides = 2 if players == 4 else players
    scores = [draw(SCORES) for _ in range(sides)]
    seed = draw(st.integers(0, 10**6))
    unplayed = draw(st.integers(players, 8))
    match = played(players, 8, seed, scores) if draw(st.booleans()) else None
    attempt = 0
    while match is None:  # a random layout can get stuck before it is big enough: regrow
        match = grown(players, unplayed, seed + attempt, scores)
        attempt += 1
    return match


@settings(max_examples=250, deadline=None)
@given(small_positions())
def test_every_value_equals_plain_minimax(match: Match) -> None:
    before = snapshot(match)
    solution = solve(match)
    assert snapshot(match) == before
    assert {repr(m.action): m.value for m in solution.moves} == reference(match)
    assert sorted(map(repr, match.legal_actions())) == sorted(
        repr(m.action) for m in solution.moves
    )


@settings(max_examples=120, deadline=None)
@given(small_positions())
def test_each_principal_line_is_legal_and_reaches_its_value(match: Match) -> None:
    solution = solve(match)
    side = match.side_of(match.to_move)
    root = match.scores
    for move in solution.moves:
        assert move.line[0] == move.action
        replay = match.copy()
        for action in move.line:
            assert replay.status == "playing"
            replay.push(action)
        assert replay.status != "playing"
        assert outcome(replay, side, root) == move.value


@settings(max_examples=80, deadline=None)
@given(small_positions().filter(lambda m: m.sides == 2))
def test_max_n_and_paranoid_agree_with_alpha_beta_for_two_sides(match: Match) -> None:
    values = {}
    for method in ("alphabeta", "paranoid", "maxn"):
        solution = solve(match, method=method, lines=False)  # type: ignore[arg-type]
        values[method] = [(repr(m.action), m.value) for m in solution.moves]
    assert values["alphabeta"] == values["paranoid"] == values["maxn"]


@settings(max_examples=200, deadline=None)
@given(small_positions().filter(lambda m: m.sides == 2), st.data())
def test_leads_by_answers_as_the_solved_values_do(match: Match, data: st.DataObject) -> None:
    """leads_by asks with windows what solve's values say: one value for the group, and
    every other action at least the margin below it (groups of one and two, any margin)."""
    solution = solve(match, lines=False)
    values = {m.action: m.value for m in solution.moves}
    legal = match.legal_actions()
    size = data.draw(st.integers(1, min(2, len(legal))), label="size")
    if data.draw(st.booleans(), label="the best actions"):
        group = solution.best_actions()[:size]
    else:
        group = tuple(data.draw(st.permutations(legal), label="order")[:size])
    margin = data.draw(st.integers(0, 40) | st.just(solution.margin or 0), label="margin")
    mine = {values[a] for a in group}
    others = [v for a, v in values.items() if a not in group]
    expected = len(mine) == 1 and all(v <= min(mine) - margin for v in others)
    before = snapshot(match)
    assert leads_by(match, group, margin) == expected
    assert snapshot(match) == before


@settings(max_examples=100, deadline=None)
@given(small_positions().filter(lambda m: m.sides == 2), st.data())
def test_leads_by_in_the_match_s_chance_answers_as_solve_does(
    match: Match, data: st.DataObject
) -> None:
    """With value="match" the margin is in ten-thousandths of the match, as solve's values."""
    solution = solve(match, lines=False, value="match")
    values = {m.action: m.value for m in solution.moves}
    group = solution.best_actions()[:1]
    margin = data.draw(st.integers(0, 3000) | st.just(solution.margin or 0), label="margin")
    others = [v for a, v in values.items() if a not in group]
    expected = all(v <= values[group[0]] - margin for v in others)
    assert leads_by(match, group, margin, value="match") == expected


@given(small_positions().filter(lambda m: m.players == 3))
@settings(max_examples=5, deadline=None)
def test_leads_by_refuses_three_players(match: Match) -> None:
    with pytest.raises(SolveError, match="two sides only"):
        leads_by(match, (match.legal_actions()[0],), 5)


def test_leads_by_refuses_what_solve_refuses_in_its_words() -> None:
    match = grown(2, 8, 3, [0, 0])
    assert match is not None
    first = match.legal_actions()[0]
    illegal = next(a for a in (PASS, DRAW) if a not in match.legal_actions())
    with pytest.raises(SolveError, match="not a legal action"):
        leads_by(match, (illegal,), 5)
    with pytest.raises(SolveError, match="the group of actions is empty"):
        leads_by(match, (), 5)
    with pytest.raises(SolveError, match="more than 1 nodes"):
        leads_by(match, (first,), 5, max_nodes=1)


def maxn_reference(match: Match, root_side: int, root: tuple[int, ...]) -> tuple[int, ...]:
    """Plain max-n through the engine: each side's value; the mover's side takes its best,
    among equals the one worst for the root side, then the smallest vector."""
    if match.status != "playing":
        return tuple(outcome(match, s, root) for s in range(match.sides))
    me = match.side_of(match.to_move)
    best: tuple[int, ...] | None = None
    for action in match.legal_actions():
        match.push(action)
        value = maxn_reference(match, root_side, root)
        match.pop()
        if best is None or (-value[me], value[root_side], value) < (
            -best[me],
            best[root_side],
            best,
        ):
            best = value
    assert best is not None
    return best


@settings(max_examples=60, deadline=None)
@given(small_positions().filter(lambda m: m.players == 3))
def test_max_n_for_three_players_equals_plain_max_n_and_beats_paranoid(match: Match) -> None:
    paranoid = solve(match, lines=False)
    maxn = solve(match, method="maxn")
    assert paranoid.method == "paranoid" and maxn.method == "maxn"
    side = match.side_of(match.to_move)
    root = match.scores
    for move in maxn.moves:
        match.push(move.action)
        assert maxn_reference(match, side, root)[side] == move.value
        match.pop()
        # The paranoid value is guaranteed against any play of the others.
        assert move.value >= paranoid.value_of(move.action)
        replay = match.copy()
        for action in move.line:
            replay.push(action)
        assert outcome(replay, side, root) == move.value


def rescored(match: Match, scores: list[int]) -> Match:
    """The same position with other scores."""
    return Match.setup(
        match.players,
        hands=match.hands,
        boneyard=match.boneyard,
        layout=match.layout,
        scores=scores,
        to_move=match.to_move,
        leader=match.leader,
    )


def test_an_exact_finish_now_wins_and_the_same_play_one_point_later_overshoots() -> None:
    """A play whose award reaches exactly 61 is a win; with 1 point more it is rejected (R1.4)."""
    checked = 0
    for seed in range(400):
        match = grown(2, 8, seed, [0, 0])
        if match is None:
            continue
        for play in match.legal_plays():
            award = match.push(play)[0].award  # type: ignore[union-attr]
            going_out = match.status != "playing"
            match.pop()
            if award < 10 or going_out:
                continue
            side = match.side_of(match.to_move)
            exact = rescored(match, [305 - award if s == side else 0 for s in range(2)])
            solution = solve(exact)
            assert solution.value_of(play) == WIN and solution.value == WIN
            assert solution.best.outcome == "win"
            assert [m.line for m in solution.moves if m.action == play] == [(play,)]
            over = rescored(match, [310 - award if s == side else 0 for s in range(2)])
            values = {repr(m.action): m.value for m in solve(over).moves}
            assert values == reference(over)
            checked += 1
            break
        if checked >= 5:
            return
    pytest.fail("too few positions with a scoring play were found")


def test_a_drawn_tile_that_must_be_played_is_solved_from_its_places() -> None:
    for seed in range(200):
        match = played(2, 14, seed, [0, 0])
        if match is None:
            continue
        while match.status == "playing" and match.legal_actions() != [DRAW]:
            match.push(match.legal_actions()[0])
        if match.status != "playing":
            continue
        match.push(DRAW)
        if match.drawn_tile is None or sum(map(len, match.hands)) + match.boneyard_count > 9:
            continue
        solution = solve(match)
        assert all(
            isinstance(m.action, Play) and m.action.tile is match.drawn_tile for m in solution.moves
        )
        assert {repr(m.action): m.value for m in solution.moves} == reference(match)
        return
    pytest.fail("no position with a drawn tile to play was found")


def test_a_finished_hand_and_bad_requests_are_one_line_errors_in_both_languages() -> None:
    match = Match(2, seed=3)
    while match.status == "playing":
        match.push(match.legal_actions()[0])
    with pytest.raises(SolveError) as err:
        solve(match)
    assert "nothing to solve" in str(err.value)
    assert "решать" in err.value.text("ru")
    three = Match(3, seed=1)
    with pytest.raises(SolveError):
        solve(three, method="alphabeta")
    with pytest.raises(SolveError):
        solve(three, method="best")  # type: ignore[arg-type]


def test_a_node_budget_stops_a_large_search_and_changes_nothing() -> None:
    match = Match(4, seed=11)
    before = snapshot(match)
    with pytest.raises(SolveError) as err:
        solve(match, max_nodes=500)
    assert "500" in str(err.value)
    assert snapshot(match) == before


@pytest.mark.parametrize("method", ["paranoid", "maxn"])
def test_three_players_state_their_method(method: Method) -> None:
    match = None
    seed = 5
    while match is None:
        match = grown(3, 8, seed, [0, 100, 200])
        seed += 1
    assert solve(match, method=method).method == method


def test_values_in_words() -> None:
    assert value_text(15, "en") == "+3 points"
    assert value_text(-5, "en") == "−1 point"
    assert value_text(0, "en") == "0 points"
    assert value_text(WIN, "en") == "wins the match"
    assert value_text(-WIN, "en") == "loses the match"
    assert value_text(10, "ru") == "+2 очка"
    assert value_text(25, "ru") == "+5 очков"
    assert value_text(-105, "ru") == "−21 очко"
    assert value_text(WIN, "ru") != value_text(WIN, "en")


def test_the_command_line_solves_a_set_up_position_or_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    import json
    from pathlib import Path

    from exact61_widgets.cli import main
    from exact61_widgets.engine.record import to_record

    args = [
        "solve",
        "--layout",
        "[1|4] [1|6]@[1|4]:low [4|4]@[1|4]:high",
        "--hand",
        "[3|4] [6|6] [0|6]",
        "--hand",
        "[2|4] [5|6]",
        "--scores",
        "280,100",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    match = Match.setup(
        2,
        layout="[1|4] [1|6]@[1|4]:low [4|4]@[1|4]:high",
        hands=[["[3|4]", "[6|6]", "[0|6]"], ["[2|4]", "[5|6]"]],
        boneyard=[
            t
            for t in TILES
            if str(t)
            not in {"[1|4]", "[1|6]", "[4|4]", "[3|4]", "[6|6]", "[0|6]", "[2|4]", "[5|6]"}
        ],
        scores=[280, 100],
    )
    solution = solve(match)
    assert out.splitlines()[0].startswith("Seat 0 to move")
    assert [line.split()[0] for line in out.splitlines()[1:]] == [
        str(m.action) for m in solution.moves
    ]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["action"], m["value"]) for m in data["moves"]] == [
        (str(m.action), m.value) for m in solution.moves
    ]
    assert main([*args, "--lang", "ru"]) == 0
    assert capsys.readouterr().out.startswith("Ходит игрок 0")
    game = played(4, 10, 3, [0, 0])
    assert game is not None
    path = Path(str(tmp_path)) / "hand.json"
    path.write_text(json.dumps(to_record(game)), "utf-8")
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == game.to_move
    assert main(["solve"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "name one position" in captured.err
