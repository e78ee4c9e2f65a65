"""Rebuild the match equity table from self-play: ``python -m exact61_widgets.engine.equity.build``.

How (for each game, 2 players, 3 players and pairs):

1. **Hands.** ``batches`` independent batches of hands of self-play by the search
   bot (every seat; the strongest bot, :mod:`~exact61_widgets.engine.bots.search`),
   each led by seat 0 from scores of 0 and kept as its list of attempted awards
   (:mod:`.hands`). The search bot values its playouts' ends through a table: during
   the build, the greedy bot's table of the same seed, built first (a few minutes),
   so the result depends on the seed alone, never on the file it replaces.
2. **Scores.** For each batch the dynamic programme of :mod:`.dp` gives side 0's
   chance to win from every score with every leader, replaying each sampled hand
   from that score by the rules: an award that would pass 305 raw is rejected
   whole, the first side at exactly 305 wins at once.
3. **Table and error bars.** The table is the mean of the batches' tables; a
   cell's standard error is the batches' standard deviation over √batches.
4. **Check.** Matches are played to the end directly (search bots, the real
   :class:`~exact61_widgets.engine.match.Match`) from scores drawn from the grid,
   and side 0's share of wins is set beside the table. This measures the one
   approximation of step 1: a hand's choices are taken as not depending on the
   score, while a bot near 61 prefers an accepted award to a rejected one. The
   check's figures are stored with the table and printed.

Every random number comes from ``--seed``: the same seed and counts give the
same file, byte for byte, whatever ``--workers``. The command prints the time it
took, the worker processes it used and the processor time.

The shipped file (seed 1, the defaults: the search bot, 3 200 hands with two
players, 400 with three, 1 200 in pairs, each in 8 batches; 3 states per game
checked by 40 matches each): 4937 s with 2 worker processes on the two-core
machine shared with up to five other jobs, 2467 s (41 minutes) of processor time
in all, so about 21 minutes on 2 free cores. The search bot costs about 0.2 s of
processor time per two-player hand (0.4 s with three players or pairs) against
0.0003 s for greedy, which is why the counts are a quarter to a half of the
greedy table's. Its check: every direct share within 1.7 standard errors of the
table (0–0: 0.525 direct, 0.535 table with two players; 0.400 and 0.391 with
three; 0.500 and 0.561 in pairs). Its standard errors average 0.0036 (two
players), 0.0087 (three) and 0.0058 (pairs).

**Why the strongest bot.** The table is the chance *between players who play
well*; greedy's self-play (``--bot greedy``, 12 000 / 800 / 4 000 hands, the table
shipped before) gives another game: against this table its cells differ by 0.017
on average and by up to 0.115 (two players), 0.019 and 0.22 (three players), 0.018
and 0.11 (pairs), and only 12% (two players), 50% (three) and 16% (pairs) of the
cells lie within 2 combined standard errors of each other — far more than the
error bars allow, so the bot, not the noise, moves the table. At 0–0 the leader's
edge reads 0.535 ± 0.004 against greedy's 0.523 ± 0.001.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Final

from exact61_widgets.engine.bots import bot_names, make_bot
from exact61_widgets.engine.equity.dp import Grid, solve_chances
from exact61_widgets.engine.equity.hands import sample_hands
from exact61_widgets.engine.equity.met import DATA, SCALE, use_data
from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.engine.scoring import POINT

__all__ = ["GAMES", "build", "check_scores", "direct_wins", "main"]

#: Each game: players, the grid's lowest score (pairs can fall below 0, D3) and the hands
#: sampled per batch by default (fewer for three players, whose grid is 61 times larger).
GAMES: Final = {2: (0, 400), 3: (0, 50), 4: (-50, 150)}
#: The default bot: the strongest, the search bot (it plays the hands and the check matches).
BOT: Final = "search"
#: Hands a batch of the greedy table the search bot values its playouts with during the build.
VALUE_HANDS: Final = {2: 1500, 3: 100, 4: 500}
#: Batches per game (the error bars are their spread).
BATCHES: Final = 8
#: Scores checked per game by direct matches, and matches per score.
CHECKS: Final = 3
CHECK_MATCHES: Final = 40


def _batch(job: tuple[int, int, str, int, str]) -> list[float]:
    players, low, seed, hands, bot = job
    return solve_chances(Grid(players, low), sample_hands(players, hands, seed, bot))


def direct_wins(
    players: int, scores: Sequence[int], leader: int, matches: int, seed: str, bot: str = "greedy"
) -> int:
    """Side 0's wins in ``matches`` matches played to the end from ``scores`` by ``bot``."""
    wins = 0
    for i in range(matches):
        match = Match(players, seed=f"{seed}/{i}", start_scores=scores, leader=leader)
        bots = [make_bot(bot, f"{seed}/{i}/{s}") for s in range(players)]
        while not match.is_over:
            if match.status == HAND_OVER:
                match.deal()
            match.push(bots[match.to_move].choose(match))
        wins += match.winner == 0
    return wins


def _check(job: tuple[int, tuple[int, ...], int, int, str, str]) -> int:
    players, scores, leader, matches, seed, bot = job
    return direct_wins(players, scores, leader, matches, seed, bot)


def check_scores(players: int, count: int, seed: str) -> list[tuple[tuple[int, ...], int]]:
    """``count`` states drawn from the grid (start scores of 0 or more), the first at 0–0."""
    grid = Grid(players)
    rng = random.Random(seed)
    states: list[tuple[tuple[int, ...], int]] = [((0,) * grid.sides, 0)]
    while len(states) < count:
        scores = tuple(POINT * rng.randrange(grid.size) for _ in range(grid.sides))
        states.append((scores, rng.randrange(grid.leads)))
    return states


def build(
    seed: int,
    workers: int,
    batches: int = BATCHES,
    hands: dict[int, int] | None = None,
    checks: int = CHECKS,
    check_matches: int = CHECK_MATCHES,
    bot: str = BOT,
    games: Sequence[int] = tuple(GAMES),
    value_hands: dict[int, int] | None = None,
) -> dict[str, object]:
    """The table file's content (see docs/formats.md), computed with ``workers`` processes.

    ``games`` limits it to some of the games (a quick test builds two players only). A bot
    other than greedy values its playouts through a table: the greedy table of the same
    seed (``value_hands`` hands a batch, by default :data:`VALUE_HANDS`: the greedy table the
    package shipped before), built first, so that the result depends on the seed alone.
    """
    value = None
    if bot != "greedy":
        value = build(seed, workers, batches, value_hands or VALUE_HANDS, 0, 0, "greedy", games)
    chosen = {p: GAMES[p] for p in games}
    counts = {p: (hands or {}).get(p, n) for p, (_, n) in chosen.items()}
    jobs = [
        (p, low, f"{seed}/{p}/{b}", counts[p], bot)
        for p, (low, _) in chosen.items()
        for b in range(batches)
    ]
    checked = {p: check_scores(p, checks, f"{seed}/check/{p}") for p in chosen}
    check_jobs = [
        (p, scores, leader, check_matches, f"{seed}/check/{p}/{i}", bot)
        for p in chosen
        for i, (scores, leader) in enumerate(checked[p])
    ]
    with ProcessPoolExecutor(max_workers=workers, initializer=use_data, initargs=(value,)) as pool:
        results = list(pool.map(_batch, jobs))
        wins = list(pool.map(_check, check_jobs)) if check_matches else []
    tables: dict[str, object] = {}
    for g, (players, (low, _)) in enumerate(chosen.items()):
        runs = results[g * batches : (g + 1) * batches]
        chances, errors = [], []
        for cell in zip(*runs, strict=True):
            mean = sum(cell) / batches
            var = sum((c - mean) ** 2 for c in cell) / (batches - 1) if batches > 1 else 0.0
            chances.append(round(mean * SCALE))
            errors.append(round(math.sqrt(var / batches) * SCALE))
        grid = Grid(players, low)
        rows = []
        for i, (scores, leader) in enumerate(checked[players] if check_matches else []):
            won = wins[g * checks + i]
            at = grid.index(scores, leader)
            rows.append(
                {
                    "scores": list(scores),
                    "leader": leader,
                    "matches": check_matches,
                    "wins": won,
                    "table": chances[at] / SCALE,
                    "error": errors[at] / SCALE,
                }
            )
        tables[str(players)] = {
            "players": players,
            "sides": grid.sides,
            "leads": grid.leads,
            "low": low,
            "high": low + POINT * (grid.size - 1),
            "step": POINT,
            "hands": counts[players] * batches,
            "batches": batches,
            "chances": chances,
            "errors": errors,
            "check": rows,
        }
    return {
        "format": "exact61-match-equity",
        "version": 1,
        "seed": seed,
        "bot": bot,
        "scale": SCALE,
        "tables": tables,
    }


def check_report(data: dict[str, object]) -> list[str]:
    """One line per checked state: direct matches against the table, in standard errors."""
    lines = []
    tables = data["tables"]
    assert isinstance(tables, dict)
    for entry in tables.values():
        for row in entry["check"]:
            n = row["matches"]
            share = row["wins"] / n
            se = math.sqrt(max(share * (1 - share), 1 / n) / n + row["error"] ** 2)
            lines.append(
                f"{entry['players']} players {row['scores']} leader {row['leader']}: "
                f"direct {share:.3f} table {row['table']:.3f} "
                f"(diff {share - row['table']:+.3f}, z {(share - row['table']) / se:+.1f})"
            )
    return lines


def write(data: dict[str, object], path: Path) -> None:
    """The file: compact JSON, gzip with no time stamp (the same content, the same bytes)."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    path.write_bytes(gzip.compress(text, mtime=0))


def _games(text: str) -> tuple[int, ...]:
    """``--games``: players of the games to build, each 2, 3 or 4, as given."""
    try:
        games = tuple(int(p) for p in text.split(","))
    except ValueError:
        games = ()
    if not games or any(p not in GAMES for p in games):
        raise argparse.ArgumentTypeError(f"players from 2, 3, 4 separated by commas, not {text!r}")
    return games


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild the table file; print the time, the processes and the check."""
    parser = argparse.ArgumentParser(
        prog="python -m exact61_widgets.engine.equity.build", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batches", type=int, default=BATCHES)
    parser.add_argument("--hands2", type=int, default=GAMES[2][1])
    parser.add_argument("--hands3", type=int, default=GAMES[3][1])
    parser.add_argument("--hands4", type=int, default=GAMES[4][1])
    parser.add_argument("--checks", type=int, default=CHECKS, help="states checked per game")
    parser.add_argument("--check-matches", type=int, default=CHECK_MATCHES)
    parser.add_argument(
        "--bot",
        default=BOT,
        choices=bot_names(),
        help="the bot whose self-play hands (and direct check matches) the table is built "
        "from (default search, the strongest; greedy costs about 1/800 as much per hand)",
    )
    parser.add_argument(
        "--games",
        type=_games,
        default=tuple(GAMES),
        help="the games to build, players separated by commas (2,3,4: pairs are 4); "
        "a partial table is for measuring, the package reads all three",
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(DATA))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = build(
        args.seed,
        args.workers,
        args.batches,
        {2: args.hands2, 3: args.hands3, 4: args.hands4},
        checks=args.checks,
        check_matches=args.check_matches,
        bot=args.bot,
        games=args.games,
    )
    write(data, args.out)
    seconds = time.perf_counter() - start
    used = os.times()
    cpu = used.user + used.system + used.children_user + used.children_system
    print("\n".join(check_report(data)))
    print(
        f"wrote {args.out} in {seconds:.0f} s with {args.workers} worker processes "
        f"({cpu:.0f} s of processor time in all)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
