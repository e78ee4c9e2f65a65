"""How long a whole match's review takes: two players within 10 s, four within 30 s, on two cores.

Matches from 0:0 are played by search bots (the strongest, so the decisions are
close); each is reviewed with the default settings (``SAMPLES`` deals a
decision, exact per deal when few tiles are left, hindsight where the real deal
is small) on two worker processes. Printed for each match: its hands and
decisions, the wall time against the goal, the CPU time of the workers, the
machine's load, and the sample size beside the median half-width of the fair
values' intervals and of the losses' (where the move was not the best; in
percentage points of the match, the review's unit), so that the size which gives
the time is read beside the precision it buys. ``--samples`` tries another size.
On a shared machine the wall time grows with the load; the workers' CPU time
halved is what two free cores would take.

Run: ``python benchmarks/bench_review.py [--matches 3] [--samples 200] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.review import SAMPLES, review
from exact61_widgets.simulation.matches import play_match

GOALS = {2: 10.0, 4: 30.0}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def played(players: int, seed: int) -> Match:
    """A seeded match from 0:0 between search bots (200 playouts a decision)."""
    match = Match(players, seed=f"bench/{players}/{seed}")
    bots = [SearchBot(seed=f"{seed}/{s}", playouts=200) for s in range(players)]
    return play_match(match, bots)


def main() -> None:
    """Review the matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    failed = 0
    for players in (2, 4):
        for seed in range(args.matches):
            match = played(players, seed)
            cpu = _children_cpu() + _self_cpu()
            load = os.getloadavg()[0]
            start = time.perf_counter()
            result = review(match, samples=args.samples, workers=args.workers)
            wall = time.perf_counter() - start
            cpu = _children_cpu() + _self_cpu() - cpu
            chosen = [d for d in result.decisions if d.grade != "only"]
            values = sorted(100 * a.fair.half_width for d in chosen for a in d.actions)
            losses = sorted(100 * d.loss.half_width for d in chosen if d.played != d.best)
            value_half = values[len(values) // 2]
            loss_half = losses[len(losses) // 2] if losses else 0.0
            exact = sum(d.method == "exact" for d in chosen)
            goal = GOALS[players]
            verdict = "ok" if wall <= goal else "OVER"
            failed += wall > goal
            print(
                f"{players} players, match {seed}: {match.hand_number} hands, "
                f"{len(chosen)} decisions with a choice ({exact} exact), "
                f"{wall:.1f} s wall (goal {goal:.0f} s, {verdict}), {cpu:.1f} s CPU, "
                f"load {load:.1f}; samples {args.samples}: a fair value's interval "
                f"±{value_half:.2f} percentage points of the match, a loss's "
                f"±{loss_half:.2f} (medians; losses of moves not the best)"
            )
    print("every review within its goal" if not failed else f"{failed} reviews over their goal")


if __name__ == "__main__":
    main()
