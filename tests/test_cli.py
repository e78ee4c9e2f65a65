"""The ``exact61`` command line (docs/formats.md §7): output, errors on stderr with exit 2."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_record import played_record, small_record

import exact61_widgets
from exact61_widgets.cli import build_parser, main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "exact61_widgets", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_describe_defaults_to_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "[1|4]"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("Scoring contributions: 4 + 1 = 5.") and out.err == ""


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["describe", "[1|4] [7|1]@[1|4]:low"], "placement 2 ([7|1]@[1|4]:low): '[7|1]' is not"),
        (["describe", "[1|4]", "--lang", "de"], "unknown language 'de'"),
        (["replay", "/nonexistent/record.json"], "cannot read /nonexistent/record.json"),
        (["play", "--players", "5", "--seed", "1"], "2, 3 or 4 players"),
        (["play", "--players", "2", "--seed", "1", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["play", "--players", "3", "--seed", "1", "--bots", "random,greedy"], "3 seats, 2 bots"),
        ([], "required"),
        (["teleport"], "invalid choice"),
    ],
)
def test_errors_are_one_line_on_stderr_with_exit_2(args: list[str], fragment: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and fragment in result.stderr


def test_replay_prints_events_and_scores_or_json(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(small_record()), "utf-8")
    text = run("replay", str(path))
    assert text.returncode == 0, text.stderr
    assert "Seat 2 plays [1|6] at [1|1]:lineB: ends 4 + 6 = 10, award 10 raw points" in text.stdout
    assert text.stdout.rstrip().endswith("Final scores 15 0; winner: -.")
    doc = run("replay", str(path), "--json")
    assert json.loads(doc.stdout)["scores"] == [15, 0]
    ru = run("replay", str(path), "--lang", "ru")
    assert "Игрок 2 выкладывает [1|6] на [1|1]:lineB" in ru.stdout


def test_replay_reports_a_broken_record(tmp_path: Path) -> None:
    record = small_record()
    record["hands"][0]["actions"][1]["seat"] = 3
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), "utf-8")
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "exact61: error: hand 1, action 2: it is seat 1's turn, not seat 3's\n"
    )
    path.write_text("{not json", "utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2 and "is not valid JSON: line 1" in result.stderr


def test_play_shows_progress_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = run(
        "play",
        "--players",
        "4",
        "--seed",
        "7",
        "--bots",
        "greedy,random,greedy,random",
        "--record",
        str(path),
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Hand 1: ") and "reaches exactly 61" in lines[-1]
    again = run("play", "--players", "4", "--seed", "7", "--bots", "greedy,random,greedy,random")
    assert again.stdout == result.stdout  # seeded: the same match every time
    doc = run("replay", str(path), "--json")
    assert 305 in json.loads(doc.stdout)["scores"]


def test_replay_of_a_played_record_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(played_record(3, 1)), "utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] is not None


def exported_scenario(tmp_path: Path) -> tuple[Path, Any]:
    """A set-up position played across a deal in the explorer, saved as its Export gives it."""
    from exact61_widgets.views import ready_positions as sc
    from exact61_widgets.widgets import PositionExplorer

    explorer = PositionExplorer(sc.GOING_OUT_PAIRS)
    explorer.play("[1|2]@[0|1]:high")  # seat 0 goes out
    explorer.deal()
    explorer.play(explorer.match.legal_actions()[0])
    export = explorer.export()
    assert export.record is None and export.setup is not None
    path = tmp_path / "position.json"
    path.write_text(json.dumps(export.setup), "utf-8")
    return path, explorer.match


def test_replay_loads_a_scenario_the_explorer_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from exact61_widgets.engine.scenario import SavedScenario

    path, match = exported_scenario(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    assert SavedScenario.from_json(data).to_json() == data  # the file round-trips
    assert main(["replay", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["scores"] == list(match.scores) and doc["winner"] is None
    assert [h["end"] for h in doc["hands"]] == ["out", None]
    assert doc["hands"][0]["events"][1]["kind"] == "out"
    assert sum(len(h["events"]) for h in doc["hands"]) == len(match.events)
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Seat 0 plays [1|2] at [0|1]:high" in text and "Seat 0 goes out" in text
    assert text.count("Hand ") == 3 and "  in progress" in text  # two hands and their end
    assert text.rstrip().endswith(f"Final scores {match.scores[0]} {match.scores[1]}; winner: -.")


def test_solve_loads_a_scenario_the_explorer_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = exported_scenario(tmp_path)
    assert main(["solve", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seat"] == match.to_move
    assert sorted(m["action"] for m in doc["moves"]) == sorted(
        str(a) if a.kind == "play" else a.kind for a in match.legal_actions()
    )


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"version": 2}, "'version' must be 1, not 2"),
        (
            {"actions": ["[1|2]@[0|1]:high", "[6|6]@[0|1]:low"]},
            "action 2 after the set-up, [6|6]@[0|1]:low, cannot be done: the hand is over",
        ),
        ({"setup": {"players": 4}}, "a position is a JSON object with players, layout and hands"),
    ],
)
def test_a_bad_scenario_file_is_one_line_on_stderr_with_exit_2(
    tmp_path: Path, change: dict[str, Any], fragment: str
) -> None:
    path, _ = exported_scenario(tmp_path)
    data = {**json.loads(path.read_text("utf-8")), **change}
    path.write_text(json.dumps(data), "utf-8")
    for command in ("replay", "solve"):
        result = run(command, str(path))
        assert (result.returncode, result.stdout) == (2, ""), command
        assert result.stderr.count("\n") == 1 and fragment in result.stderr, result.stderr


def test_a_file_without_the_scenario_marker_is_still_read_as_a_record(tmp_path: Path) -> None:
    path, _ = exported_scenario(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    del data["format"], data["version"]
    path.write_text(json.dumps(data), "utf-8")
    result = run("replay", str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "exact61: error: the record has an unknown field 'actions'\n"


def test_the_command_line_imports_its_subcommands_directly() -> None:
    """No subcommand is loaded behind ``except ImportError``: a broken import must show."""
    import exact61_widgets.cli as cli

    for path in Path(cli.__file__).parent.glob("*.py"):
        text = path.read_text("utf-8")
        assert "ImportError" not in text and "import_module" not in text, path.name
    help_text = cli.build_parser().format_help()
    for name in ("describe", "render", "replay", "play", "simulate", "solve", "review", "handout"):
        assert name in help_text


# --- the command's own help, its version, its seeds and its exit statuses (issue 37) ---


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand's parser, by name (argparse keeps them in its private tables)."""
    parser = build_parser()
    (group,) = [
        action
        for action in parser._actions  # noqa: SLF001 (argparse has no public list of them)
        if isinstance(action, argparse._SubParsersAction)  # noqa: SLF001
    ]
    return dict(group.choices)


def test_every_argument_of_every_subcommand_has_help() -> None:
    parsers = {"": build_parser(), **subcommands()}
    missing = [
        f"{name} {action.dest}"
        for name, parser in parsers.items()
        for action in parser._actions  # noqa: SLF001
        if not action.help and not isinstance(action, argparse._SubParsersAction)  # noqa: SLF001
    ]
    assert not missing
    assert len(parsers) == 10  # the command and its nine subcommands


def test_version_prints_the_package_version() -> None:
    result = run("--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"exact61 {exact61_widgets.__version__}\n",
        "",
    )


def examples_of(parser: argparse.ArgumentParser) -> list[str]:
    """The example command lines at the end of a parser's help."""
    epilog = parser.epilog or ""
    assert epilog.startswith("examples:\n")
    return [line.strip() for line in epilog.splitlines()[1:]]


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_help_ends_with_examples_of_itself(name: str) -> None:
    parser = subcommands()[name]
    lines = examples_of(parser)
    assert any(line.startswith(f"exact61 {name}") for line in lines), lines
    assert parser.format_help().rstrip().endswith(lines[-1])  # shown as written, not rewrapped


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_example_of_the_help_runs(name: str, tmp_path: Path) -> None:
    """Each example, run by the shell in order in an empty folder (a later one may read a
    file an earlier one wrote; ``~`` is a fresh home folder)."""
    home = tmp_path / "home"
    home.mkdir()
    command = f"{shlex.quote(sys.executable)} -m exact61_widgets"
    for line in examples_of(subcommands()[name]):
        assert line.startswith("exact61 ")
        result = subprocess.run(
            command + line.removeprefix("exact61"),
            shell=True,
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=tmp_path,
            env={**os.environ, "HOME": str(home)},
            check=False,
        )
        assert result.returncode == 0, (line, result.stderr)


def test_play_without_a_seed_prints_the_seed_that_plays_it_again() -> None:
    first = run("play", "--players", "2")
    assert first.returncode == 0, first.stderr
    head, *rest = first.stdout.splitlines()
    seed = re.fullmatch(r"Seed (\d+) \(give --seed \1 to play this match again\)\.", head)
    assert seed, head
    again = run("play", "--players", "2", "--seed", seed.group(1))
    assert again.stdout.splitlines() == rest


@pytest.mark.parametrize(
    "args",
    [
        ["render", "[1|4]", "-o", "{dir}/render.svg"],
        ["play", "--players", "2", "--seed", "1", "--record", "{dir}/match.json"],
        ["handout", "rules-card", "--out", "{dir}/card.html"],
        ["tutorials", "{dir}/tutorials"],
    ],
    ids=["render", "play", "handout", "tutorials"],
)
def test_a_file_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, args: list[str]
) -> None:
    blocker = tmp_path / "a-file"  # a path under a file cannot be created
    blocker.write_text("", "utf-8")
    result = run(*(a.replace("{dir}", str(blocker)) for a in args))
    assert result.returncode == 2, result.stderr  # every error exits 2 (the command's contract)
    assert result.stderr.count("\n") == 1 and f"cannot write {blocker}/" in result.stderr
    assert "exact61: error: " in result.stderr and "Hand" not in result.stdout.split("\n")[-1]
    usage = run(*args, "--no-such-option")
    assert (usage.returncode, usage.stdout) == (2, "")


HAND_LINE = re.compile(
    r"Hand \d+: (?:(?:a player went out|blocked), (?:seat \d|pair \d\+\d) wins the hand"
    r"|blocked, and no side won the hand|(?:seat \d|pair \d\+\d) wins the match); scores [\d ]+\."
)


def test_play_says_who_won_each_hand_or_the_match_in_words() -> None:
    """No progress line names a missing winner as "-": each one says what happened."""
    seen: set[str] = set()
    for seed in range(12):
        result = run("play", "--players", str(2 + seed % 3), "--seed", str(seed))
        hands = result.stdout.splitlines()[:-1]
        for line in hands:
            assert HAND_LINE.fullmatch(line), line
        seen.update(re.sub(r"Hand \d+: |seat \d|pair \d\+\d|[\d ]+\.$", "", line) for line in hands)
    assert " -" not in "".join(seen)
    assert {"a player went out,  wins the hand; scores", " wins the match; scores"} <= seen


def test_play_in_russian_names_the_winner_of_the_match() -> None:
    result = run("play", "--players", "2", "--seed", "3", "--lang", "ru")
    assert re.search(r"матч выигрывает (?:игрок \d|пара \d\+\d)", result.stdout), result.stdout
    assert "участник" not in result.stdout
