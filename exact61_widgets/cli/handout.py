"""``exact61 handout KIND --lang en|ru --out FILE``: write a printable page (HTML).

The options are :func:`exact61_widgets.handouts.handout`'s; a bad one is one line
on stderr (in the page's language) with exit status 2, and no file is written.
"""

from __future__ import annotations

import argparse
from typing import Any

from exact61_widgets.cli import options
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.handouts import KINDS, PAPERS, SOURCES, handout
from exact61_widgets.handouts.options import DEFAULT_COUNT, LESSONS, MOST
from exact61_widgets.handouts.topics import TOPICS


def _cmd_handout(args: argparse.Namespace) -> str:
    try:
        page = handout(
            args.kind,
            lang=args.lang,
            paper=args.paper,
            players=args.players,
            topics=args.topic,
            rating=args.rating,
            source=args.source,
            count=args.count,
            lesson=args.lesson,
            difficulty=args.difficulty,
            version=args.version,
        )
    except Exact61Error as err:
        # One line in the page's language; command.main prints it with exit status 2.
        raise ValueError(err.text(args.lang)) from None
    options.write_text(args.out, page, args.lang)  # exit status 1 when it cannot be written
    return ""


def add_command(subparsers: Any) -> None:
    """Add ``handout`` to the ``exact61`` command's subcommands."""
    p = subparsers.add_parser(
        "handout",
        help="write a printable page: rules card, score sheet, worksheet, answer key, notation",
        description="Write a print-ready HTML page (A4 or Letter); open it in a browser and "
        "print it. Nothing in it is fetched from the internet.",
        epilog=options.examples(
            "exact61 handout rules-card --lang ru --out rules-card.html",
            "exact61 handout worksheet --topic rounding --count 6 --out worksheet.html",
            "exact61 handout worksheet --lesson 1 --difficulty 1 --version A --out ws-1a.html",
        ),
    )
    p.add_argument("kind", help=f"one of: {', '.join(KINDS)}")
    p.add_argument("--out", "-o", required=True, help="the .html file to write")
    options.add_lang(p, "the page")
    p.add_argument("--paper", default="a4", help=f"{' or '.join(PAPERS)} (default a4)")
    p.add_argument(
        "--players", default="2", help="score sheet: 2, 3, or 4 in two pairs (default 2)"
    )
    p.add_argument(
        "--topic",
        action="append",
        default=[],
        help=f"worksheet and answer key: a topic, repeatable; one of {', '.join(TOPICS)}",
    )
    p.add_argument(
        "--rating", help="worksheet and answer key: puzzles rated LOW-HIGH, e.g. 1000-1400"
    )
    p.add_argument(
        "--source",
        default="all",
        help=f"worksheet and answer key: {', '.join(SOURCES)} (default all)",
    )
    p.add_argument(
        "--count",
        default=None,
        help=f"worksheet and answer key: at most this many items, 1 to {MOST} "
        f"(default {DEFAULT_COUNT})",
    )
    p.add_argument(
        "--lesson",
        default=None,
        metavar="N",
        help=f"worksheet and answer key: only what lesson {', '.join(map(str, LESSONS))} "
        "of the teacher's pages taught",
    )
    p.add_argument(
        "--difficulty",
        default=None,
        metavar="N",
        help="worksheet and answer key: 1 (first steps), 2 or 3 (hard); puzzles by rating",
    )
    p.add_argument(
        "--version",
        default="0",
        metavar="A|B",
        help="worksheet and answer key: A, B … for a version with fresh positions of the same "
        "kinds and difficulties (default: the tutorials' own)",
    )
    p.set_defaults(run=_cmd_handout)
