"""The match equity table: each side's chance to win the match from a score, read from package data.

The table (``met.json.gz`` beside this module, format in docs/formats.md, schema
``exact61_widgets/schema/met-v1.schema.json``) holds, for 2 players, 3 players and
pairs, side 0's chance to win from every score on a grid of 5 raw points with each
seat (in pairs: each pair) to lead the next hand, and the standard error of each
chance. Another side's chance is side 0's with the table turned round: side ``s``
at scores ``x`` with seat ``L`` to lead is side 0 at ``x`` rotated by ``s`` with
seat ``L − s`` to lead. A side at the target has won (chance 1). It is rebuilt by
``python -m exact61_widgets.engine.equity.build`` (see that module).

>>> table = load_table(2)
>>> round(table.chance((0, 0), leader=0) + table.chance((0, 0), leader=0, side=1), 6)
1.0
>>> table.chance((305, 120), leader=1)
1.0
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

from exact61_widgets.engine.equity.dp import Grid
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.scoring import POINT, TARGET
from exact61_widgets.i18n import Msg

__all__ = ["DATA", "SCALE", "MatchEquityTable", "load_table", "table_from_json", "use_data"]

#: The package data file.
DATA: Final = "met.json.gz"
#: Chances and errors are stored as whole numbers of this fraction of a match.
SCALE: Final = 10_000


@dataclass(frozen=True)
class MatchEquityTable:
    """One game's table: side 0's chance (and its standard error) at every state of ``grid``."""

    #: The states the table covers: scores in steps of 5 raw and the side to lead.
    grid: Grid
    #: Side 0's chance to win the match at each state of ``grid``.
    chances: tuple[float, ...]
    #: The standard error of each chance.
    errors: tuple[float, ...]
    #: How many self-play hands the table was computed from.
    hands: int
    #: The bot whose self-play the table was computed from.
    bot: str

    @property
    def players(self) -> int:
        """Players of the game the table is for."""
        return self.grid.players

    def _cell(self, scores: Sequence[int], leader: int, side: int) -> int | None:
        """The cell of side ``side``'s chance, or None when a side already has the target."""
        grid = self.grid
        if len(scores) != grid.sides:
            raise SetupError(
                Msg(
                    "{players} players keep {sides} scores, not {given}",
                    {"players": grid.players, "sides": grid.sides, "given": len(scores)},
                )
            )
        if not 0 <= leader < grid.players or not 0 <= side < grid.sides:
            raise SetupError(
                Msg(
                    "the leader must be a seat from 0 to {last}, not {seat}",
                    {"last": grid.players - 1, "seat": repr(leader)},
                )
            )
        for score in scores:
            if score % POINT or score > TARGET:
                raise SetupError(
                    Msg(
                        "a score is a raw multiple of 5 up to {target}, not {score}",
                        {"target": TARGET, "score": repr(score)},
                    )
                )
        if TARGET in scores:
            return None
        turned = [max(grid.low, scores[(side + r) % grid.sides]) for r in range(grid.sides)]
        return grid.index(turned, (leader - side) % grid.players % grid.leads)

    def chance(self, scores: Sequence[int], leader: int, side: int = 0) -> float:
        """Side ``side``'s chance to win the match from raw ``scores`` with seat ``leader`` to
        lead the next hand (1 or 0 once a side has exactly 305 raw)."""
        cell = self._cell(scores, leader, side)
        if cell is None:
            return 1.0 if scores[side] == TARGET else 0.0
        return self.chances[cell]

    def error(self, scores: Sequence[int], leader: int, side: int = 0) -> float:
        """The standard error of :meth:`chance` (0 once the match is decided)."""
        cell = self._cell(scores, leader, side)
        return 0.0 if cell is None else self.errors[cell]

    def chance_after(self, scores: Sequence[int], leader: int | None, side: int = 0) -> float:
        """Side ``side``'s chance at the end of a hand: ``leader`` leads the next one, or (None)
        the lot picks the leader (R8.7, D6), each seat alike."""
        seats = range(self.players) if leader is None else (leader,)
        return sum(self.chance(scores, seat, side) for seat in seats) / len(seats)


def table_from_json(data: dict[str, object], players: int) -> MatchEquityTable:
    """The table of ``players`` from the data file's parsed JSON."""
    tables = data["tables"]
    assert isinstance(tables, dict)
    entry = tables[str(players)]
    grid = Grid(players, entry["low"])
    chances = entry["chances"]
    errors = entry["errors"]
    if len(chances) != grid.cells or len(errors) != grid.cells:
        raise SetupError(Msg("the match equity table has the wrong number of cells"))
    return MatchEquityTable(
        grid,
        tuple(c / SCALE for c in chances),
        tuple(e / SCALE for e in errors),
        entry["hands"],
        str(data["bot"]),
    )


#: Tables read instead of the shipped file in this process (:func:`use_data`), or none.
_installed: list[dict[str, object]] = []


def use_data(data: dict[str, object] | None) -> None:
    """Read the tables from ``data`` (a table file's parsed JSON) in this process from now on;
    None reads the shipped file again.

    For the table's own rebuild: the search bot values a playout's end through the table,
    so a table built from its self-play is valued with the greedy bot's table of the same
    seed, built first — never with the file it is about to replace, so that the rebuild
    gives the same bytes again.
    """
    _installed[:] = [] if data is None else [data]
    _data.cache_clear()
    load_table.cache_clear()


@functools.cache
def _data() -> dict[str, object]:
    if _installed:
        return _installed[0]
    raw = resources.files("exact61_widgets.engine.equity").joinpath(DATA).read_bytes()
    data = json.loads(gzip.decompress(raw))
    assert isinstance(data, dict)
    return data


@functools.cache
def load_table(players: int) -> MatchEquityTable:
    """The shipped table for ``players`` (2, 3, or 4 in pairs), read once."""
    if players not in (2, 3, 4):
        raise SetupError(
            Msg("a match has 2, 3 or 4 players, not {players}", {"players": repr(players)})
        )
    return table_from_json(_data(), players)
