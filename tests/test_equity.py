"""The match equity table: its replay of a hand, its dynamic programme, the shipped data's sanity.

The shipped table is checked for what must hold whatever the samples: chances that
sum to 1, a won match worth 1, the same chance for a side at equal scores whoever
it is, a higher own score worth more (and an opponent's higher score less) far from
the target, and agreement with matches played directly from sampled scores.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import random
from importlib import resources

import jsonschema
import pytest

from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.equity.build import build, direct_wins
from exact61_widgets.engine.equity.dp import Grid, solve_chances
from exact61_widgets.engine.equity.hands import hand_awards, replay, sample_hands
from exact61_widgets.engine.equity.met import DATA, load_table, use_data
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.match import PLAYING, Match


def _data() -> dict[str, object]:
    raw = resources.files("exact61_widgets.engine.equity").joinpath(DATA).read_bytes()
    data: dict[str, object] = json.loads(gzip.decompress(raw))
    return data


def _schema() -> dict[str, object]:
    text = resources.files("exact61_widgets.schema").joinpath("met-v1.schema.json").read_text()
    schema: dict[str, object] = json.loads(text)
    return schema


#: The table's arrays of chances, which the schema constrains item by item only.
ITEMWISE = ("chances", "errors")


def _distinct(items: list[object]) -> list[object]:
    """An array's distinct items, in order (``1``, ``1.0`` and ``True`` kept apart)."""
    return list({(type(item), item): item for item in items}.values())


def test_the_shipped_table_fits_its_schema() -> None:
    """The whole file through jsonschema, each chance array cut to its distinct items.

    Exact: the schema constrains those arrays item by item only (the next test fails if it
    gains an array-wide rule), so the cut array fits if and only if the whole one does; it
    takes seconds instead of most of a minute. Each array's length, which the schema leaves
    open, is the grid's.
    """
    data = _data()
    tables = data["tables"]
    assert isinstance(tables, dict)
    cut = {
        **data,
        "tables": {
            key: {**entry, **{field: _distinct(entry[field]) for field in ITEMWISE}}
            for key, entry in tables.items()
        },
    }
    jsonschema.validate(cut, _schema())
    for entry in tables.values():
        grid = Grid(entry["players"], entry["low"])
        assert all(len(entry[field]) == grid.cells for field in ITEMWISE)


def test_the_schema_constrains_the_chance_arrays_item_by_item_only() -> None:
    """What makes the cut validation above exact: no rule on a chance array as a whole
    (uniqueItems, minItems, contains, prefixItems …), only one on each of its items."""
    table = _schema()["$defs"]["table"]["properties"]  # type: ignore[index]
    for field in ITEMWISE:
        assert table[field] == {"type": "array", "items": {"$ref": "#/$defs/chance"}}, field


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_a_replayed_hand_scores_as_the_engine_does_from_any_score(players: int, seed: int) -> None:
    # Random bots choose without looking at the score, so the same deal and choices from
    # other scores make the same attempts: the engine's scores must equal the replay's.
    def hand(start: tuple[int, ...]) -> Match:
        match = Match(players, seed=f"r/{seed}", start_scores=start, leader=seed % players)
        bots = [make_bot("random", f"r/{seed}/{s}") for s in range(players)]
        while match.status == PLAYING:
            match.push(bots[match.to_move].choose(match))
        return match

    sides = 2 if players == 4 else players
    awards = hand_awards(hand((0,) * sides))
    rng = random.Random(seed)
    for _ in range(40):
        start = tuple(5 * rng.randrange(45, 61) for _ in range(sides))
        played = hand(start)
        final, winner = replay(awards, start)
        assert final == played.scores
        assert winner == played.winner


@pytest.mark.parametrize(("players", "low"), [(2, 0), (4, -50)])
def test_every_state_is_the_mean_of_its_hands_replayed(players: int, low: int) -> None:
    samples = sample_hands(players, 40, "dp-test")
    grid = Grid(players, low)
    u = solve_chances(grid, samples)
    rng = random.Random(players)
    states: list[tuple[tuple[int, ...], int]] = [((300, 300), 0), ((295, 300), 1), ((0, 0), 0)]
    states += [
        (tuple(5 * rng.randrange(low // 5, 61) for _ in range(2)), rng.randrange(2))
        for _ in range(20)
    ]
    for scores, leader in states:
        total = 0.0
        for h in samples:
            turned = [((side + leader) % 2, a) for side, a in h.awards]
            final, winner = replay(turned, scores)
            if winner is not None:
                total += winner == 0
            else:
                nxt = (h.next_leader + leader) % players % 2
                clamped = tuple(max(low, s) for s in final)
                total += u[grid.index(clamped, nxt)]
        assert u[grid.index(scores, leader)] == pytest.approx(total / len(samples), abs=1e-5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_won_match_is_worth_one_and_chances_sum_to_one(players: int) -> None:
    table = load_table(players)
    sides = table.grid.sides
    rng = random.Random(players)
    for _ in range(200):
        scores = tuple(5 * rng.randrange(61) for _ in range(sides))
        leader = rng.randrange(players)
        chances = [table.chance(scores, leader, s) for s in range(sides)]
        errors = [table.error(scores, leader, s) for s in range(sides)]
        bound = 4 * math.sqrt(sum(e * e for e in errors)) + 3e-4
        assert abs(sum(chances) - 1) <= bound
        won = (305, *scores[1:])
        assert table.chance(won, leader) == 1.0
        assert table.chance(won, leader, side=1) == 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sides_at_equal_scores_are_alike(players: int) -> None:
    table = load_table(players)
    sides = table.grid.sides
    for score in range(0, 305, 25):
        scores = (score,) * sides
        for side in range(sides):
            assert table.chance(scores, side, side) == table.chance(scores, 0, 0)
    if players == 4:  # partners lead the same hands: seat 2 leads as seat 0 does
        assert table.chance((100, 150), 2) == table.chance((100, 150), 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_far_from_the_target_more_points_are_worth_more(players: int) -> None:
    # Monotone where it must be: 10 points more for a side, the others alike, everyone far
    # from 61 (more points there cannot be rejected), raises its chance by more than the
    # error bars allow for.
    table = load_table(players)
    sides = table.grid.sides
    for low in range(0, 150, 25):
        for others in itertools.product(range(0, 150, 50), repeat=sides - 1):
            less, more = (low, *others), (low + 50, *others)
            for leader in range(players):
                gain = table.chance(more, leader) - table.chance(less, leader)
                noise = table.error(more, leader) + table.error(less, leader)
                assert gain > -3 * noise
                rival = table.chance(more, leader, 1) - table.chance(less, leader, 1)
                assert rival < 3 * noise


@pytest.mark.parametrize(
    ("players", "scores", "leader", "n"),
    [(2, (250, 200), 1, 60), (2, (290, 295), 0, 100), (4, (270, 240), 1, 40)],
)
def test_the_table_agrees_with_matches_played_from_its_scores(
    players: int, scores: tuple[int, ...], leader: int, n: int
) -> None:
    """Matches played to the end by the table's own bot from scores near 61 (short matches:
    the search bot plays a hand in about a quarter of a second) win as often as it says."""
    table = load_table(players)
    wins = direct_wins(players, scores, leader, n, f"agree/{scores}", table.bot)
    share = wins / n
    expected = table.chance(scores, leader)
    sd = math.sqrt(expected * (1 - expected) / n + table.error(scores, leader) ** 2)
    assert abs(share - expected) <= 3.5 * sd + 0.01


def test_the_shipped_checks_agree_with_the_table() -> None:
    tables = _data()["tables"]
    assert isinstance(tables, dict)
    rows = [row for entry in tables.values() for row in entry["check"]]
    assert len(rows) >= 9 and {len(entry["check"]) for entry in tables.values()} == {3}
    for row in rows:
        share = row["wins"] / row["matches"]
        sd = math.sqrt(
            max(row["table"] * (1 - row["table"]), 0.01) / row["matches"] + row["error"] ** 2
        )
        assert abs(share - row["table"]) <= 3.5 * sd


def test_a_build_is_the_same_for_the_same_seed_whatever_the_workers() -> None:
    small = {"batches": 2, "hands": {2: 30}, "check_matches": 5, "checks": 2, "games": (2,)}
    one = build(7, 1, bot="greedy", **small)  # type: ignore[arg-type]
    two = build(7, 2, bot="greedy", **small)  # type: ignore[arg-type]
    assert one == two
    other = build(8, 1, bot="greedy", **small)  # type: ignore[arg-type]
    assert other != one


def test_a_search_build_values_with_its_seed_s_greedy_table_not_the_file_it_replaces() -> None:
    """The search bot reads a table to value its playouts; during a rebuild it reads the
    greedy table of the same seed, so whatever table is installed, the result is the same."""
    quick = {
        "batches": 1,
        "hands": {2: 2},
        "check_matches": 0,
        "games": (2,),
        "bot": "search",
        "value_hands": {2: 40},
    }
    shipped = build(3, 1, **quick)  # type: ignore[arg-type]
    flat = _data()
    tables = flat["tables"]
    assert isinstance(tables, dict)
    two = tables["2"]
    try:
        use_data({**flat, "tables": {"2": {**two, "chances": [5000] * len(two["chances"])}}})
        assert load_table(2).chance((300, 0), 0) == 0.5  # the stand-in is read here
        assert build(3, 1, **quick) == shipped  # type: ignore[arg-type]
    finally:
        use_data(None)
    assert load_table(2).chance((300, 0), 0) > 0.5


def test_a_bad_score_is_refused() -> None:
    table = load_table(2)
    with pytest.raises(SetupError, match="multiple of 5"):
        table.chance((310, 0), 0)
    with pytest.raises(SetupError, match="scores"):
        table.chance((0, 0, 0), 0)
