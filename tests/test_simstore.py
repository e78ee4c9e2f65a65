"""Saved simulations: they round-trip, bad files fail in one line, and every saved run is true."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from exact61_widgets import SetupError
from exact61_widgets.engine.bots import SearchBot, bot_names, register_bot
from exact61_widgets.simulation import store as simstore
from exact61_widgets.simulation.run import simulate
from exact61_widgets.simulation.store import (
    file_name,
    load_result,
    result_from_json,
    result_to_json,
    save_result,
    simulated,
)

SAVED = Path(__file__).resolve().parent.parent / "tutorials" / "data" / "simulations"


def test_a_result_round_trips_through_json_and_a_file(tmp_path: Path) -> None:
    result = simulate(4, 3, ["greedy", "random", "greedy"], seed=9, processes=1)
    assert result_from_json(json.loads(json.dumps(result_to_json(result)))) == result
    save_result(result, tmp_path / "a.json")
    save_result(result, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert load_result(tmp_path / "a.json") == result


def test_simulated_plays_once_then_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = simulated(tmp_path, 3, 2, ["greedy"], seed=2)
    path = tmp_path / file_name(3, 2, ("greedy", "greedy"), 2)
    assert path.exists()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a saved simulation was played again")

    monkeypatch.setattr(simstore, "simulate", refuse)
    assert simulated(tmp_path, 3, 2, ["greedy"], seed=2) == first
    with pytest.raises(AssertionError):  # other settings: another file, played afresh
        simulated(tmp_path, 3, 2, ["greedy"], seed=3)


def test_a_file_whose_name_lies_is_refused(tmp_path: Path) -> None:
    result = simulate(2, 2, ["greedy"], seed=1, processes=1)
    save_result(result, tmp_path / file_name(2, 2, ("greedy", "greedy"), 7))
    with pytest.raises(SetupError, match="other arguments"):
        simulated(tmp_path, 2, 2, ["greedy"], seed=7)


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (lambda d: d.update(format="x"), "format"),
        (lambda d: d.update(players=5), "players is 5"),
        (lambda d: d.update(bots="greedy"), "bots"),
        (lambda d: d.update(seed="1"), "seed is '1'"),
        (lambda d: d.update(summaries=[]), "no matches"),
        (lambda d: d["summaries"][0].pop("hands"), "match 0 does not have the fields"),
        (lambda d: d["summaries"][1].update(hands="3"), "match 1: hands is '3'"),
        (lambda d: d["summaries"][0].update(first_leader_won=1), "first_leader_won is 1"),
    ],
)
def test_bad_data_gets_one_line_in_both_languages(change, fault) -> None:  # type: ignore[no-untyped-def]
    data = result_to_json(simulate(2, 2, ["greedy"], seed=1, processes=1))
    change(data)
    with pytest.raises(SetupError) as info:
        result_from_json(data, "runs.json")
    assert fault in str(info.value) and "\n" not in str(info.value)
    assert str(info.value).startswith("runs.json is not a saved simulation")
    russian = info.value.text("ru")
    assert "не сохранённые результаты симуляции" in russian
    assert not re.search(r"\b(is not|not a|does not)\b", russian)


def test_unreadable_files_get_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    for path in (tmp_path / "broken.json", tmp_path / "missing.json"):
        with pytest.raises(SetupError, match="is not a saved simulation") as info:
            load_result(path)
        assert "\n" not in str(info.value)


def _register_notebook_bots() -> None:
    """The bots the strategy notebook registers itself (a name ending in its playouts)."""
    if "search60" not in bot_names():
        register_bot("search60", functools.partial(SearchBot, playouts=60))


def test_the_strategy_notebooks_runs_are_saved() -> None:
    names = sorted(p.name for p in SAVED.glob("*.json"))
    assert names == sorted(
        [file_name(150, n, ("greedy",) * n, 61) for n in (2, 3, 4)]
        + [file_name(40, 2, ("greedy", "random"), 5), file_name(16, 2, ("search60", "greedy"), 5)]
    )


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SAVED.glob("*.json")), ids=lambda p: p.stem)
def test_every_saved_run_is_what_playing_it_again_gives(path: Path) -> None:
    _register_notebook_bots()
    saved = load_result(path)
    assert path.name == file_name(saved.matches, saved.players, saved.bots, saved.seed)
    again = simulate(saved.matches, saved.players, saved.bots, saved.seed, processes=1)
    assert again == saved
