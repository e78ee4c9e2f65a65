"""``exact61 review``: every decision of a recorded match graded, and the players' summaries.

Reads a game record or a saved scenario (as ``replay`` and ``solve`` do) and prints
one line per decision (who played what, its class, the share of the match it lost against the best
move, with the 95% interval, and the hand's points while the match cannot end in it) and the
summary table with each player's error rate and rating; ``--json`` prints the whole
review as JSON (:meth:`exact61_widgets.engine.review.Review.to_json`). Given a review saved
that way (version 2, or the old version 1), it prints it again without sampling anything
(:meth:`~exact61_widgets.engine.review.SavedReview.text`); ``--json`` echoes it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from exact61_widgets.cli import options
from exact61_widgets.engine.loader import load_document
from exact61_widgets.engine.review import SAMPLES, is_saved_review, read_review, review


def _cmd_review(args: argparse.Namespace) -> str:
    data = options.read_document(args.record)
    if is_saved_review(data):
        saved = read_review(data)  # a fault of the file is one line, exit 2, before printing
        if args.json:
            return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        return saved.text(args.lang) + "\n"
    match = load_document(data)
    result = review(match, seed=args.seed, samples=args.samples, workers=args.workers)
    if args.json:
        return json.dumps(result.to_json(), ensure_ascii=False, indent=1) + "\n"
    return result.text(args.lang) + "\n"


def add_command(subparsers: Any) -> None:
    """Add ``review`` to the ``exact61`` command's subcommands."""
    p = subparsers.add_parser(
        "review",
        help="grade every decision of a recorded match",
        epilog=options.examples(
            "exact61 play --players 2 --seed 7 --record game.json",
            "exact61 review game.json --samples 20",
            "exact61 review game.json --samples 4 --json > review.json",
            "exact61 review review.json",
        ),
    )
    p.add_argument(
        "record",
        help="RECORD.json: a game record, a saved scenario, or a review saved with --json "
        "(printed again)",
    )
    p.add_argument(
        "--samples",
        type=options.count(2),
        default=SAMPLES,
        help=f"deals of the hidden tiles sampled per decision (default {SAMPLES})",
    )
    p.add_argument("--seed", type=int, default=0, help="the seed of the sampled deals (default 0)")
    p.add_argument(
        "--workers", type=options.count(1), default=1, help="processes to use (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--lang", type=options.lang, default="en", help="en (default) or ru")
    p.set_defaults(run=_cmd_review)
