"""Simulation results kept on disk: a seeded simulation is played once and read back after.

A simulation is a pure function of its arguments (:func:`~exact61_widgets.simulation.run.simulate`
seeds match ``i`` from ``(seed, i)``), so its result can be saved as JSON and read
back instead of being played again — the strategy notebook does this so that running
it takes a second, not half a minute. :func:`simulated` names the file after the
arguments, so other arguments never read a result played with different ones; the
test suite plays every saved file again and compares.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from exact61_widgets.engine.errors import SetupError
from exact61_widgets.i18n import Msg
from exact61_widgets.simulation.run import MatchSummary, SimulationResult, check_bots, simulate

#: The format marker of a saved result; a change of its fields gets a new version.
FORMAT = "exact61-simulation-v1"

_SUMMARY_FIELDS = tuple(f.name for f in fields(MatchSummary))


def result_to_json(result: SimulationResult) -> dict[str, Any]:
    """The result as plain JSON data: its arguments and one object per match."""
    return {
        "format": FORMAT,
        "players": result.players,
        "bots": list(result.bots),
        "seed": result.seed,
        "summaries": [
            {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(s).items()}
            for s in result.summaries
        ],
    }


def _bad(path: str, reason: Msg | str) -> SetupError:
    return SetupError(
        Msg("{path} is not a saved simulation: {reason}", {"path": path, "reason": reason})
    )


def _summary(row: Mapping[str, Any], index: int, path: str) -> MatchSummary:
    """One match's summary, every field of the type :class:`MatchSummary` declares."""

    def count(name: str, *, signed: bool = False) -> int:
        value = row[name]
        if not isinstance(value, int) or isinstance(value, bool) or (value < 0 and not signed):
            raise _bad(
                path,
                Msg(
                    "match {index}: {field} is {value}, not a count",
                    {"index": index, "field": name, "value": repr(value)},
                ),
            )
        return value

    seat_of, winner, won = row["seat_of"], row["winner"], row["first_leader_won"]
    if not isinstance(seat_of, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in seat_of
    ):
        raise _bad(
            path,
            Msg(
                "match {index}: {field} is {value}, not a count",
                {"index": index, "field": "seat_of", "value": repr(seat_of)},
            ),
        )
    if winner is not None:
        winner = count("winner")
    if not isinstance(won, bool):
        raise _bad(
            path,
            Msg(
                "match {index}: {field} is {value}, not true or false",
                {"index": index, "field": "first_leader_won", "value": repr(won)},
            ),
        )
    return MatchSummary(
        index=count("index"),
        first_leader=count("first_leader"),
        seat_of=tuple(seat_of),
        winner=winner,
        first_leader_won=won,
        hands=count("hands"),
        blocked_hands=count("blocked_hands"),
        decided_hands=count("decided_hands"),
        leader_hand_wins=count("leader_hand_wins"),
        points=count("points", signed=True),
        awards=count("awards"),
        rejected=count("rejected"),
    )


def result_from_json(data: object, path: str = "the data") -> SimulationResult:
    """Read what :func:`result_to_json` wrote; anything else raises one :class:`SetupError`."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise _bad(path, Msg("its format is not {format}", {"format": FORMAT}))
    players, bots, seed = data.get("players"), data.get("bots"), data.get("seed")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise _bad(path, Msg("players is {value}, not 2, 3 or 4", {"value": repr(players)}))
    if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
        raise _bad(path, Msg("bots is not a list of names"))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _bad(path, Msg("seed is {value}, not a whole number", {"value": repr(seed)}))
    rows = data.get("summaries")
    if not isinstance(rows, list) or not rows:
        raise _bad(path, Msg("it has no matches"))
    summaries = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping) or set(row) != set(_SUMMARY_FIELDS):
            raise _bad(
                path,
                Msg(
                    "match {index} does not have the fields {fields}",
                    {"index": i, "fields": ", ".join(_SUMMARY_FIELDS)},
                ),
            )
        summaries.append(_summary(row, i, path))
    return SimulationResult(players, tuple(bots), seed, tuple(summaries))


def file_name(matches: int, players: int, bots: Sequence[str], seed: int) -> str:
    """The file a simulation is saved in: every argument that changes the result is in it."""
    return f"{players}p-{'-'.join(bots)}-{matches}m-seed{seed}.json"


def load_result(path: str | Path) -> SimulationResult:
    """Read a saved simulation from ``path``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise _bad(str(path), str(err).splitlines()[0]) from None
    return result_from_json(data, str(path))


def save_result(result: SimulationResult, path: str | Path) -> None:
    """Write ``result`` to ``path`` as JSON: the same result gives the same bytes."""
    text = json.dumps(result_to_json(result), ensure_ascii=False, separators=(",", ":"))
    Path(path).write_text(text + "\n", encoding="utf-8")


def simulated(
    folder: str | Path, matches: int, players: int, bots: Sequence[str], seed: int = 0
) -> SimulationResult:
    """The simulation saved in ``folder`` for these arguments; played and saved there if absent.

    The file is named after the arguments (:func:`file_name`), so changing any of them
    plays a new simulation rather than reading one made with others.
    """
    names = check_bots(bots, players)
    path = Path(folder) / file_name(matches, players, names, seed)
    if path.exists():
        result = load_result(path)
        if (
            result.matches != matches
            or result.players != players
            or result.bots != names
            or result.seed != seed
        ):
            raise _bad(str(path), Msg("it was played with other arguments than its name says"))
        return result
    result = simulate(matches, players, names, seed, processes=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_result(result, path)
    return result
