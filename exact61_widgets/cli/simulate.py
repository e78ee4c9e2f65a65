"""``exact61 simulate``: many matches between bots on all cores; win rates and hand statistics.

The matches are :func:`exact61_widgets.simulation.run.simulate`'s; the table is
:meth:`~exact61_widgets.simulation.run.SimulationResult.table`'s.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from exact61_widgets.cli import options
from exact61_widgets.simulation.run import simulate


def _cmd_simulate(args: argparse.Namespace) -> str:
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    result = simulate(
        args.matches,
        args.players,
        args.bots.split(","),
        args.seed,
        processes=args.processes,
        progress=progress,
    )
    return result.table(args.lang)


def add_command(subparsers: Any) -> None:
    """Add ``simulate`` to the ``exact61`` command's subcommands."""
    p = subparsers.add_parser(
        "simulate",
        help="play many matches between bots on all cores and print win rates and hand statistics",
        description="Play many matches between bots on all cores and print each side's win "
        "rate (with its 95%% interval) and the hands' statistics.",
        epilog=options.examples(
            "exact61 simulate --matches 20 --players 2 --bots greedy,random",
            "exact61 simulate --matches 10 --players 4 --seed 5 --no-progress --lang ru",
        ),
    )
    p.add_argument(
        "--matches", type=options.positive, required=True, help="how many matches to play"
    )
    p.add_argument(
        "--players", type=options.players, required=True, help="2, 3 or 4 (4 play in pairs)"
    )
    p.add_argument(
        "--bots",
        default="greedy",
        help="bot names separated by commas: one for all, one per seat, or with "
        "4 players one per pair",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the whole simulation")
    p.add_argument(
        "--processes",
        type=options.positive,
        default=None,
        help="worker processes (default: one per core)",
    )
    p.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    p.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show the progress bar"
    )
    options.add_lang(p, "the table")
    p.set_defaults(run=_cmd_simulate)
