"""Write ``docs/table.svg``: the match table in the middle of a hand, the README's first picture.

Four seats, greedy bots playing a seeded deal for :data:`PLAYS` actions, drawn by the package's
own :func:`~exact61_widgets.render.table.table_svg` as seat 0 sees it. The same seed gives the same
bytes; ``tests/test_table_picture.py`` fails when the committed picture differs from what this
script writes (after a change to the pictures, run it again).

Usage: ``python authoring/table_picture.py`` writes the picture; ``--check`` only says whether it
is up to date.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Final

from exact61_widgets.engine import Match
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.render.table import table_svg

ROOT: Final = Path(__file__).resolve().parent.parent
PICTURE: Final = ROOT / "docs" / "table.svg"
SEED: Final = 7
#: Actions played before the picture: a layout with a spinner's branches and a few draws.
PLAYS: Final = 14


def picture() -> str:
    """The table after :data:`PLAYS` greedy actions of a four-player match dealt by :data:`SEED`."""
    match = Match(players=4, seed=SEED)
    bots = [make_bot("greedy", seed=f"{SEED}-{seat}") for seat in range(4)]
    for _ in range(PLAYS):
        match.push(bots[match.to_move].choose(match))
    return str(table_svg(match, viewer=0, lang="en", id_prefix="readme-table"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the committed picture")
    args = parser.parse_args(argv)
    text = picture()
    if args.check:
        current = PICTURE.read_text("utf-8") if PICTURE.is_file() else ""
        if current != text:
            print(f"{PICTURE.relative_to(ROOT)} is out of date: run authoring/table_picture.py")
            return 1
        return 0
    PICTURE.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
