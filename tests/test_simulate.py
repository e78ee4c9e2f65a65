"""Simulations: deterministic statistics whatever the processes, and ``exact61 simulate``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from exact61_widgets import SetupError
from exact61_widgets.cli import main
from exact61_widgets.simulation.run import bot_seats, simulate, wilson


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "exact61_widgets", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(600, 1000)
    assert 0.569 < low < 0.570 and 0.629 < high < 0.630


def test_seating_moves_every_bot_through_every_seat_and_lead() -> None:
    for players in (2, 3, 4):
        rounds = [bot_seats(i, players) for i in range(players * players)]
        assert {(seats[0], leader) for seats, leader in rounds} == {
            (s, lead) for s in range(players) for lead in range(players)
        }
        assert all(sorted(seats) == list(range(players)) for seats, _ in rounds)


def test_one_or_two_processes_give_the_same_result() -> None:
    one = simulate(6, 2, ["greedy", "random"], seed=3, processes=1)
    two = simulate(6, 2, ["greedy", "random"], seed=3, processes=2)
    assert one == two
    assert one.table() == two.table()
    assert simulate(6, 2, ["greedy", "random"], seed=4, processes=1) != one


def test_the_statistics_add_up() -> None:
    result = simulate(8, 4, ["greedy", "random"], seed=1, processes=1)
    assert result.bots == ("greedy", "random", "greedy", "random")
    assert result.matches == 8 and result.unfinished == 0
    assert result.wins(0) == result.wins(2) and result.wins(0) + result.wins(1) == 8
    assert result.hands == sum(result.hands_per_match)
    assert 0 <= result.blocked_hands <= result.hands
    assert 0 <= result.leader_hand_wins <= result.decided_hands <= result.hands
    assert 0 <= result.rejected <= result.awards
    assert result.points_per_hand > 0
    rate, low, high = result.win_rate(0)
    assert low <= rate <= high
    table = result.table("ru")
    assert "пары: боты 1 и 3 против ботов 2 и 4" in table and "95\u00a0% ДИ (Уилсон)" in table


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SetupError, match="unknown bot 'nobody'"):
        simulate(2, 2, ["nobody"])
    with pytest.raises(SetupError, match="3 seats, 2 bots"):
        simulate(2, 3, ["greedy", "random"])
    with pytest.raises(SetupError, match="number of matches"):
        simulate(0, 2, ["greedy"])
    with pytest.raises(SetupError, match="2, 3 or 4 players"):
        simulate(2, 5, ["greedy"])


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--matches",
                "4",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--processes",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr()
    assert out.err == ""
    lines = out.out.splitlines()
    assert lines[0] == "4 matches, 2 players, bots greedy, random, seed 0"
    assert lines[1].split() == ["bot", "wins", "win", "rate", "95%", "CI", "(Wilson)"]
    assert lines[2].startswith("1 greedy") and lines[3].startswith("2 random")
    assert lines[4].startswith("first leader's side")
    assert lines[5].startswith("hands per match: mean ")
    assert lines[6].startswith("displayed points per hand: ")
    assert lines[7].startswith("awards rejected by the exact-61 rule: ")
    assert lines[8].startswith("blocked hands: ")
    assert lines[9].startswith("decided hands won by their leader's side: ")


def test_the_command_on_all_cores_matches_one_process() -> None:
    many = run("simulate", "--matches", "4", "--players", "2", "--bots", "greedy,random")
    one = run(
        "simulate",
        "--matches",
        "4",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--processes",
        "1",
        "--no-progress",
    )
    assert many.returncode == 0 and many.stderr == ""
    assert many.stdout == one.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "greedy,nobody"], "unknown bot 'nobody'"),
        (["--bots", "greedy,random,greedy"], "2 seats, 3 bots"),
        (["--matches", "0"], "--matches: expected a whole number of at least 1, not '0'"),
        (["--players", "5"], "2, 3 or 4 players"),
        (["--lang", "de"], "unknown language 'de'"),
    ],
)
def test_command_errors_are_one_line_on_stderr_with_exit_2(args: list[str], fragment: str) -> None:
    base = {"--matches": "2", "--players": "2"}
    for key, value in zip(args[::2], args[1::2], strict=True):
        base[key] = value
    argv = [word for pair in base.items() for word in pair]
    if "--bots" not in base:
        argv += ["--bots", "greedy"]
    result = run("simulate", *argv)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and fragment in result.stderr
