"""``exact61 solve``: every legal move's exact value in an open position, from the command line.

The position is the end of a game record or of a saved scenario (its last hand
still being played), a set-up position (``--layout`` and one ``--hand`` per seat,
the boneyard by default the other tiles in tile order) or a shipped puzzle's real deal
(``--puzzle p001``). The report lists each legal move with its exact value for
the mover over the rest of the hand and its principal line
(:func:`exact61_widgets.engine.solve.solve`); ``--json`` prints it as JSON.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from exact61_widgets.cli import options
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.solve import METHODS, solve
from exact61_widgets.engine.tiles import TILES, parse_tile
from exact61_widgets.i18n import Msg


def _tiles(text: str) -> list[str]:
    return [str(parse_tile(t)) for t in text.replace(",", " ").split()]


def position(args: argparse.Namespace) -> Match:
    """The match whose position the arguments name."""
    given = [
        args.record is not None,
        args.layout is not None or bool(args.hand),
        args.puzzle is not None,
    ]
    if sum(given) != 1:
        raise SetupError(
            Msg(
                "name one position: a record file, --layout with --hand for every seat, or --puzzle"
            )
        )
    if args.record is not None:
        from exact61_widgets.engine.loader import load_document

        return load_document(options.read_document(args.record))  # a record or a saved scenario
    if args.puzzle is not None:
        from exact61_widgets.puzzles import get_puzzle

        return get_puzzle(args.puzzle).match()
    layout = Layout.parse(args.layout or "")
    hands = [_tiles(h) for h in args.hand]
    if args.boneyard is None:
        used = {str(t) for t in layout.tiles} | {t for h in hands for t in h}
        bones = [str(t) for t in TILES if str(t) not in used]
    else:
        bones = _tiles(args.boneyard)
    scores = None if args.scores is None else [int(s) for s in args.scores.split(",")]
    return Match.setup(
        len(hands),
        hands=hands,
        boneyard=bones,
        layout=layout,
        scores=scores,
        to_move=args.to_move,
        leader=args.leader,
    )


def _cmd_solve(args: argparse.Namespace) -> str:
    match = position(args)
    solution = solve(match, method=args.method, max_nodes=args.max_nodes)
    if args.json:
        return json.dumps(solution.to_json(), ensure_ascii=False, indent=1) + "\n"
    return solution.text(args.lang) + "\n"


def add_command(subparsers: Any) -> None:
    """Add ``solve`` to the ``exact61`` command's subcommands."""
    p = subparsers.add_parser(
        "solve",
        help="every legal move's exact value when all the tiles are known",
        description="Every legal move's exact value when all the tiles are known: from a "
        "record's last hand, a shipped puzzle, or a position set up with --layout and --hand.",
        epilog=options.examples(
            "exact61 solve --puzzle p001",
            "exact61 solve --layout '[1|4]' --hand '[1|6] [4|4]' --hand '[0|0] [5|5]' "
            "--scores 295,0",
            "exact61 solve --puzzle p001 --json",
        ),
    )
    p.add_argument(
        "record",
        nargs="?",
        help="a game record or saved scenario (JSON) whose last hand is being played",
    )
    p.add_argument("--layout", help="layout notation of a set-up position")
    p.add_argument(
        "--hand",
        action="append",
        default=[],
        help="the tiles of one seat, in seat order (give it once per seat)",
    )
    p.add_argument("--boneyard", help="the boneyard in draw order (default: the other tiles)")
    p.add_argument("--scores", help="raw scores, one per player or pair, e.g. 250,280")
    p.add_argument("--to-move", type=int, default=0, help="the seat to move (default 0)")
    p.add_argument(
        "--leader", type=int, default=None, help="the hand's leader (default: the seat to move)"
    )
    p.add_argument("--puzzle", help="a shipped puzzle's id, e.g. p001 (its real deal)")
    p.add_argument(
        "--method",
        choices=METHODS,
        default=None,
        help="alphabeta (two sides, default), paranoid (three players, default) or maxn",
    )
    p.add_argument(
        "--max-nodes",
        type=options.count(1),
        default=None,
        help="give up beyond this many positions",
    )
    p.add_argument("--json", action="store_true", help="print the values as JSON")
    options.add_lang(p, "the values' texts")
    p.set_defaults(run=_cmd_solve)
