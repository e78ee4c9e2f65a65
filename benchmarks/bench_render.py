"""Rendering speed: a full 28-tile layout with every marker against ``chess.svg.board``.

The layout has all seven spinners (the most elements a layout can have). We
time ``render_svg`` with badges, dots, frames, the last play, the caption and
the legend, and ``chess.svg.board`` for the position after 20 moves of the
Ruy Lopez with its last move and an arrow. Runs alternate between the two so
machine noise hits both; medians and their ratio are printed.

Three figures for our side: *warm*, the layout drawn again (its geometry comes
from the cache); *one more tile*, the layout drawn right after its 27-tile
prefix was (what a widget does after each move: only the new tile is placed);
and *cold*, with every cache emptied before each run (a 28-tile layout drawn
for the first time in the process, all 28 tiles placed).

Targets: median ≤ 5 ms and ≤ 2 × chess, for all three figures.

Run: ``python benchmarks/bench_render.py [--runs 200]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import chess
import chess.svg

from exact61_widgets.engine.layout import Layout
from exact61_widgets.render import geometry, render_svg

FULL = ("[4|4] [3|4]@[4|4]:lineB [3|3]@[3|4]:low [1|3]@[3|3]:lineB [3|6]@[3|3]:branchA "
        "[1|2]@[1|3]:low [6|6]@[3|6]:high [2|2]@[1|2]:high [2|6]@[6|6]:lineB "
        "[2|4]@[4|4]:lineA [4|5]@[4|4]:branchA [3|5]@[3|3]:branchB [5|5]@[3|5]:high "
        "[5|6]@[6|6]:branchA [2|5]@[2|2]:lineB [0|2]@[2|4]:low [0|0]@[0|2]:low "
        "[0|5]@[5|5]:lineB [2|3]@[2|6]:low [0|1]@[0|0]:lineB [0|6]@[0|5]:low "
        "[1|1]@[0|1]:high [1|6]@[6|6]:branchB [1|4]@[1|6]:low [1|5]@[4|5]:high "
        "[4|6]@[0|6]:high [0|3]@[0|0]:branchA [0|4]@[0|0]:branchB")
RUY_LOPEZ = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7"


def chess_board() -> Callable[[], str]:
    board = chess.Board()
    for san in RUY_LOPEZ.split():
        board.push_san(san)
    last = board.peek()
    arrows = [chess.svg.Arrow(chess.F3, chess.E5)]
    return lambda: chess.svg.board(board, lastmove=last, arrows=arrows, size=400)


def ours(mode: str) -> tuple[Callable[[], None], Callable[[], str]]:
    """What to do before a run (untimed) and the run, for ``warm``, ``next`` or ``cold``."""
    layout = Layout.parse(FULL)
    prefix = Layout.parse(FULL.rsplit(" ", 1)[0])

    def prepare() -> None:
        if mode != "warm":
            geometry.clear_cache()
        if mode == "next":
            geometry.layout_geometry(prefix)

    return prepare, lambda: render_svg(layout, legend=True, size=600)


def timed(prepare: Callable[[], None], fn: Callable[[], str]) -> float:
    prepare()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    contenders = {"render_svg warm": ours("warm"), "render_svg +1 tile": ours("next"),
                  "render_svg cold": ours("cold"),
                  "chess.svg.board": (lambda: None, chess_board())}
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for prepare, fn in contenders.values():
        prepare()
        fn()  # imports, caches
    for _ in range(args.runs):
        for name, (prepare, fn) in contenders.items():
            times[name].append(timed(prepare, fn))
    medians = {name: statistics.median(ts) * 1000 for name, ts in times.items()}
    size = len(ours("warm")[1]())
    print(f"28-tile layout, 7 spinners, every marker ({size} bytes); {args.runs} runs each")
    for name, ms in medians.items():
        print(f"  {name:18} median {ms:6.2f} ms")
    chess_ms = medians["chess.svg.board"]
    for name in ("render_svg warm", "render_svg +1 tile", "render_svg cold"):
        print(f"  {name} / chess.svg.board = {medians[name] / chess_ms:.2f}")
    ours_ms = [medians[name] for name in ("render_svg warm", "render_svg +1 tile",
                                          "render_svg cold")]
    ok = all(ms <= 5 and ms <= 2 * chess_ms for ms in ours_ms)
    print(f"targets (each ≤ 5 ms and ≤ 2 × chess, cold included): "
          f"{'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
