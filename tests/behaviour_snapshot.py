"""A snapshot of the package's behaviour, for refactorings that must change nothing.

It writes, item by item, what the engine and the command line do:

- ``match/NNN``: 300 seeded matches (2, 3 and 4 players in turn; random, greedy and
  small search bots; from 0 or from start scores near 61): every event's JSON form and
  its explanation in English and Russian, every hand's end, the final state, the
  game record, and for every tenth match the whole history undone by ``pop``;
- ``playout/NNN``: the fast playout loop (random and greedy, one hand or to the
  match's end) with its trace;
- ``solve/NNN``: the exact solver's values, lines and texts on small positions;
- ``cli/...``: ``exact61 replay`` (text in both languages and ``--json``) for game
  records and a saved scenario, broken inputs, and the other commands' output and
  help.

``tests/data/behaviour-snapshot.json.gz`` keeps the SHA-256 digest of each item
(the texts themselves are large); ``tests/test_behaviour_snapshot.py`` computes them
again and names every item that differs. To see what changed, print an item from
two checkouts and compare: ``python tests/behaviour_snapshot.py --show match/017``.
When behaviour is MEANT to change, write the file again with ``--write`` and say so
in the commit.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import io
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.engine.playout import Trace, playout
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.scenario import SavedScenario

SNAPSHOT = Path(__file__).resolve().parent / "data" / "behaviour-snapshot.json.gz"
MATCHES = 300
PLAYOUTS = 120
SOLVES = 40
#: The bots of each match, by its number (one name for every seat, or one per seat).
LINEUPS = (
    ("random",),
    ("greedy",),
    ("greedy", "random"),
    ("random", "greedy"),
    ("search", "greedy"),
    ("greedy", "search"),
)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False, separators=(",", ":"))


def _start_scores(n: int, sides: int) -> list[int] | None:
    """From 0 for a third of the matches, else seeded scores near the target."""
    if n % 3 == 0:
        return None
    rng = random.Random(f"scores/{n}")
    return [5 * rng.randrange(40, 61) for _ in range(sides)]


def _bots(n: int, players: int) -> list[Any]:
    names = LINEUPS[n % len(LINEUPS)]
    bots = []
    for seat in range(players):
        name = names[seat % len(names)]
        seed = f"{n}/{seat}"
        bots.append(SearchBot(seed, playouts=24) if name == "search" else make_bot(name, seed))
    return bots


def _state(match: Match) -> dict[str, Any]:
    end = match.hand_end
    return {
        "players": match.players,
        "sides": match.sides,
        "side_of": [match.side_of(s) for s in range(match.players)],
        "partner_of": [match.partner_of(s) for s in range(match.players)],
        "scores": list(match.scores),
        "winner": match.winner,
        "status": match.status,
        "is_over": match.is_over,
        "hand": match.hand_number,
        "to_move": match.to_move,
        "leader": match.leader,
        "layout": str(match.layout),
        "end_sum": match.layout.end_sum,
        "hands": [[str(t) for t in h] for h in match.hands],
        "boneyard": [str(t) for t in match.boneyard],
        "drawn": None if match.drawn_tile is None else str(match.drawn_tile),
        "end": None
        if end is None
        else [end.kind, end.hand_winner, end.next_leader, list(end.scores)],
        "legal": [str(a) for a in match.legal_actions()],
        "repr": repr(match),
    }


def _event_lines(event: Any) -> list[str]:
    return [
        "event " + _dump(event.to_dict()),
        "  en " + event.explain("en"),
        "  ru " + event.explain("ru"),
    ]


def match_item(n: int) -> str:
    """Match ``n`` played by its bots, hand by hand, with every event explained."""
    players = 2 + n % 3
    sides = 2 if players == 4 else players
    scores = _start_scores(n, sides)
    leader = None if n % 4 else n % players
    match = Match(players, seed=n, start_scores=scores, leader=leader)
    bots = _bots(n, players)
    lines = [f"players {players} start {scores} leader {leader} bots {[b.name for b in bots]}"]
    lines.append("state " + _dump(_state(match)))
    while not match.is_over:
        if match.status == HAND_OVER:
            match.deal()
            lines.append("deal " + _dump(_state(match)))
        action = bots[match.to_move].choose(match)
        lines.append(f"action {match.to_move} {action}")
        for event in match.push(action):
            lines.extend(_event_lines(event))
        if match.status != "playing":
            lines.append("hand over " + _dump(_state(match)))
        if match.hand_number > 200:
            break
    lines.append("final " + _dump(_state(match)))
    lines.append("record " + _dump(to_record(match)))
    lines.append(f"history {len(match.history)} actions {len(match.action_stack)}")
    if n % 10 == 0:
        copy = match.copy()
        popped = []
        while True:
            try:
                popped.append(str(copy.pop()))
            except IndexError:
                break
        lines.append("popped " + _dump(popped))
        lines.append("unwound " + _dump(_state(copy)))
    return "\n".join(lines) + "\n"


def _trace_entry(entry: Any) -> str:
    return type(entry).__name__ + " " + _dump(list(entry))


def playout_item(n: int) -> str:
    """A seeded playout from a fresh or part-played match, random or greedy."""
    players = 2 + n % 3
    sides = 2 if players == 4 else players
    match = Match(players, seed=f"playout/{n}", start_scores=_start_scores(n, sides))
    rng = random.Random(n)
    for _ in range(n % 7):  # a few random actions first
        actions = match.legal_actions()
        if not actions:
            break
        match.push(actions[rng.randrange(len(actions))])
    greedy = n % 2 == 1
    hands = 1 if n % 4 < 2 else None
    trace: Trace = []
    before = _state(match)
    final = playout(match, random.Random(f"p{n}"), hands=hands, trace=trace, greedy=greedy)
    lines = [f"greedy {greedy} hands {hands}", "state " + _dump(before)]
    lines.extend(_trace_entry(entry) for entry in trace)
    lines.append("final " + _dump(list(final)))
    lines.append("unchanged " + str(_state(match) == before))
    return "\n".join(lines) + "\n"


def _solve_positions() -> Iterator[Match]:
    """Positions of seeded random matches with at most 9 tiles left unplayed."""
    game = 0
    while True:
        players = (2, 3, 4)[game % 3]
        sides = 2 if players == 4 else players
        match = Match(players, seed=f"solve/{game}", start_scores=_start_scores(game, sides))
        rng = random.Random(game)
        while not match.is_over and match.hand_number == 1:
            unplayed = sum(len(h) for h in match.hands) + match.boneyard_count
            if match.status == "playing" and unplayed <= 9:
                yield match.copy()
                break
            actions = match.legal_actions()
            if not actions:
                break
            match.push(actions[rng.randrange(len(actions))])
        game += 1


def solve_items() -> dict[str, str]:
    """The exact solver on small positions: values, lines and texts (every method for 3)."""
    from exact61_widgets.engine.solve import solve

    items = {}
    positions = _solve_positions()
    for n in range(SOLVES):
        match = next(positions)
        methods = ["maxn", None] if match.players == 3 else [None]
        lines = ["state " + _dump(_state(match))]
        for method in methods:
            solution = solve(match, method=method)
            data = solution.to_json()
            data.pop("seconds", None)
            lines.append(f"method {method} " + _dump(data))
            lines.append("  en " + solution.text("en"))
            lines.append("  ru " + solution.text("ru"))
        items[f"solve/{n:03d}"] = "\n".join(lines) + "\n"
    return items


def _cli(argv: list[str], root: str) -> str:
    """Run ``exact61 ARGV`` in this process; its exit status, stdout and stderr as text."""
    from exact61_widgets.cli import main

    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps its help to the terminal's width
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as stop:  # --help
                status = stop.code if isinstance(stop.code, int) else 0
    finally:  # restored: kernels a later test starts in this worker inherit the environment
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    text = f"exit {status}\n--- stdout\n{out.getvalue()}--- stderr\n{err.getvalue()}"
    return text.replace(root, "<dir>")


def _scenario() -> dict[str, Any]:
    """A set-up position of four, played across a going-out and into the next hand."""
    match = Match.setup(
        4,
        layout="[0|1]",
        hands=[["[1|2]"], ["[5|5]", "[6|6]"], ["[2|2]", "[3|3]"], ["[4|4]", "[0|6]"]],
        boneyard=[
            "[0|0]",
            "[0|2]",
            "[0|3]",
            "[0|4]",
            "[0|5]",
            "[1|1]",
            "[1|3]",
            "[1|4]",
            "[1|5]",
            "[1|6]",
            "[2|3]",
            "[2|4]",
            "[2|5]",
            "[2|6]",
            "[3|4]",
            "[3|5]",
            "[3|6]",
            "[4|5]",
            "[4|6]",
            "[5|6]",
        ],
        scores=[250, 290],
        seed=5,
    )
    match.push(match.legal_actions()[0])
    match.deal()
    for _ in range(6):
        match.push(match.legal_actions()[0])
    return SavedScenario.from_match(match).to_json()


def cli_items() -> dict[str, str]:
    """``exact61 replay`` on records and a scenario, broken inputs, the other commands."""
    items = {}
    with tempfile.TemporaryDirectory() as root:
        files = {}
        for n in range(0, 60, 3):  # 20 records of the snapshot's own kind of matches
            players = 2 + n % 3
            sides = 2 if players == 4 else players
            match = Match(players, seed=f"cli/{n}", start_scores=_start_scores(n, sides))
            bots = _bots(n, players) if n % 6 != 4 else [make_bot("greedy", n)] * players
            while not match.is_over:
                if match.status == HAND_OVER:
                    match.deal()
                match.push(bots[match.to_move].choose(match))
            if n % 9 == 6:  # a record that stops inside a hand
                while match.status != "playing" or len(match.hand_events) < 3:
                    match.pop()
            files[f"record{n:02d}"] = to_record(match)
        files["scenario"] = _scenario()
        broken = dict(files["record00"])
        broken["hands"] = [dict(h) for h in broken["hands"]]
        broken["hands"][0]["actions"] = list(broken["hands"][0]["actions"])
        broken["hands"][0]["actions"][1] = {"seat": 9, "draw": True}
        files["broken"] = broken
        turn = dict(files["record03"])
        turn["hands"] = [dict(h) for h in turn["hands"]]
        turn["hands"][0]["actions"] = [dict(a) for a in turn["hands"][0]["actions"]]
        turn["hands"][0]["actions"][2]["seat"] = 7
        files["wrong-turn"] = turn
        for name, data in files.items():
            Path(root, f"{name}.json").write_text(json.dumps(data), "utf-8")
        Path(root, "notjson.json").write_text("{not json", "utf-8")
        for name in [*files, "notjson", "missing"]:
            path = str(Path(root, f"{name}.json"))
            for extra in ([], ["--lang", "ru"], ["--json"]):
                key = f"cli/replay/{name}/{' '.join(extra) or 'en'}"
                items[key] = _cli(["replay", path, *extra], root)
        commands = {
            "describe": ["describe", "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high", "--lang", "ru"],
            "describe-bad": ["describe", "[1|4] [7|1]@[1|4]:low"],
            "render": ["render", "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB"],
            "play-4": ["play", "--players", "4", "--seed", "7", "--bots", "greedy,random"],
            "play-4b": [
                "play",
                "--players",
                "4",
                "--seed",
                "7",
                "--bots",
                "greedy,random,greedy,random",
            ],
            "play-3-ru": ["play", "--players", "3", "--seed", "2", "--lang", "ru"],
            "play-bad": ["play", "--players", "5", "--seed", "1"],
            "solve": [
                "solve",
                "--layout",
                "[1|4]",
                "--hand",
                "[1|6] [4|4]",
                "--hand",
                "[0|0] [5|5]",
                "--scores",
                "295,0",
            ],
            "solve-json": [
                "solve",
                "--layout",
                "[1|4]",
                "--hand",
                "[1|6] [4|4]",
                "--hand",
                "[0|0] [5|5]",
                "--scores",
                "295,0",
                "--json",
            ],
            "solve-record": ["solve", str(Path(root, "record06.json")), "--lang", "ru"],
            "solve-bad": ["solve"],
            "simulate": [
                "simulate",
                "--matches",
                "6",
                "--players",
                "4",
                "--bots",
                "greedy,random",
                "--processes",
                "1",
                "--no-progress",
            ],
            "simulate-ru": [
                "simulate",
                "--matches",
                "4",
                "--players",
                "3",
                "--processes",
                "1",
                "--no-progress",
                "--lang",
                "ru",
            ],
            "simulate-bad": ["simulate", "--matches", "0", "--players", "2"],
            "review": ["review", str(Path(root, "record06.json")), "--samples", "2"],
            "review-bad": ["review", str(Path(root, "record06.json")), "--samples", "1"],
            "handout-bad": ["handout", "nothing", "--out", str(Path(root, "x.html"))],
            "none": [],
            "teleport": ["teleport"],
        }
        for name, argv in commands.items():
            items[f"cli/{name}"] = _cli(argv, root)
        for name in [
            "",
            "describe",
            "render",
            "replay",
            "play",
            "simulate",
            "solve",
            "review",
            "handout",
        ]:
            items[f"cli/help/{name or 'main'}"] = _cli(
                [name, "--help"] if name else ["--help"], root
            )
        for kind in ("rules-card", "score-sheet"):
            page = Path(root, f"{kind}.html")
            result = _cli(["handout", kind, "--lang", "ru", "--out", str(page)], root)
            items[f"cli/handout/{kind}"] = result + page.read_text("utf-8")
    return items


def items(only: Callable[[str], bool] = lambda key: True) -> dict[str, str]:
    """Every item of the snapshot by key (those ``only`` keeps, where cheap to choose)."""
    out: dict[str, str] = {}
    for n in range(MATCHES):
        key = f"match/{n:03d}"
        if only(key):
            out[key] = match_item(n)
    for n in range(PLAYOUTS):
        key = f"playout/{n:03d}"
        if only(key):
            out[key] = playout_item(n)
    if only("solve/"):
        out.update(solve_items())
    if only("cli/"):
        out.update(cli_items())
    return {k: v for k, v in out.items() if only(k)}


def digest(text: str) -> str:
    """The SHA-256 of an item's text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_snapshot() -> dict[str, str]:
    """The committed digests by item key."""
    with gzip.open(SNAPSHOT, "rt", encoding="utf-8") as f:
        data: dict[str, str] = json.load(f)
    return data


def write_snapshot(found: dict[str, str]) -> None:
    """Write the digests of ``found`` (gzip without a timestamp: the same bytes every time)."""
    text = json.dumps({k: digest(v) for k, v in sorted(found.items())}, indent=0)
    with open(SNAPSHOT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(text.encode("utf-8"))


def differences(found: dict[str, str], expected: dict[str, str]) -> list[str]:
    """The keys whose digests differ, are missing or are new."""
    keys = sorted(set(found) | set(expected))
    return [k for k in keys if k not in found or digest(found[k]) != expected.get(k)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the snapshot's digests")
    parser.add_argument("--show", metavar="KEY", help="print one item's text (a key prefix)")
    args = parser.parse_args()
    if args.show:
        for key, text in items(
            lambda k: k.startswith(args.show) or args.show.startswith(k)
        ).items():
            sys.stdout.write(f"=== {key}\n{text}")
        return
    found = items()
    if args.write:
        write_snapshot(found)
        print(f"wrote {len(found)} items to {SNAPSHOT}")
        return
    wrong = differences(found, read_snapshot())
    print("\n".join(wrong) if wrong else f"all {len(found)} items as in the snapshot")
    raise SystemExit(1 if wrong else 0)


if __name__ == "__main__":
    main()
