"""Strength of the search bot: two-player matches against ``greedy`` and against the previous
version's search bot, in the same run, on every core.

The search bot values a playout's end by the chance to win the match (the match
equity table); the previous version valued it by the hand's points, a match won
counting 1000 raw points. That evaluation stays reachable as
``SearchBot(evaluation="points")``, registered here as ``search-points`` with the
same playout budget, so the two meet on equal terms: the only difference is the
evaluation. The bots swap seats every match and the first leader alternates every
two matches (see :func:`exact61_widgets.simulation.run.seating`), so neither seat
nor lead favours one bot. Prints each pairing's win rate with its Wilson 95%
interval ("not weaker": the interval reaches 50% or lies above it), then the
search bot's own playout speed next to the engine's random-playout speed.

Run: ``python benchmarks/bench_search_strength.py [--matches 1000] [--seed 2026]
[--playouts 600] [--processes N]``.

A run with ``--matches 200 --playouts 100 --processes 2`` (seed 2026, issue 38): against
greedy 164 wins = 82.0% (Wilson 95% 76.1%–86.7%); against ``search-points`` 121 wins = 60.5%
(53.6%–67.0%): the chance to win the match is the stronger evaluation.
"""

from __future__ import annotations

import argparse
import functools
import random
import time

from exact61_widgets.engine.bots import SearchBot, make_bot, register_bot
from exact61_widgets.engine.bots.search import DEFAULT_PLAYOUTS
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.playout import playout
from exact61_widgets.simulation.matches import play_match
from exact61_widgets.simulation.run import simulate


def search_speed(playouts: int, matches: int, seed: int) -> tuple[float, int]:
    """Playouts per second inside the search bot over a few matches against greedy."""
    bot = SearchBot(f"speed/{seed}", playouts=playouts)
    for i in range(matches):
        bots = [bot, make_bot("greedy", i)] if i % 2 == 0 else [make_bot("greedy", i), bot]
        play_match(Match(2, seed=f"speed/{seed}/{i}"), bots)
    return bot.playouts_per_second, bot.searches


def engine_speed(seconds: float, seed: int) -> float:
    """Random playouts to the end of a hand per second (the engine's ``playout``)."""
    rng = random.Random(seed)
    match = Match(2, seed=seed)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout(match, rng, hands=1)
        count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--processes", type=int, default=None)
    args = parser.parse_args()
    name = "search"
    if args.playouts != DEFAULT_PLAYOUTS:
        name = f"search{args.playouts}"  # registered before the worker processes fork
        register_bot(name, functools.partial(SearchBot, playouts=args.playouts))
    old = "search-points"
    register_bot(old, functools.partial(SearchBot, playouts=args.playouts, evaluation="points"))
    for rival in ("greedy", old):
        start = time.perf_counter()
        result = simulate(
            args.matches, 2, [name, rival], args.seed, processes=args.processes, progress=True
        )
        elapsed = time.perf_counter() - start
        print(result.table("en"), end="")
        rate, low, high = result.win_rate(0)
        print(
            f"search ({args.playouts} playouts per decision) vs {rival}: {result.wins(0)} wins "
            f"in {result.matches} matches = {100 * rate:.1f}% "
            f"(Wilson 95% CI {100 * low:.1f}%–{100 * high:.1f}%), {elapsed:.0f} s"
        )
    speed, searches = search_speed(args.playouts, 6, args.seed)
    print(
        f"search bot: {speed:,.0f} playouts/s over {searches} searches "
        f"(greedy playouts to the end of the hand, trial play included)"
    )
    print(f"engine: {engine_speed(2.0, args.seed):,.0f} random playouts/s to the end of a hand")


if __name__ == "__main__":
    main()
