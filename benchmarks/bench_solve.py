"""How fast the exact solver is: 500 open positions from random games, two and four players.

Random bots play matches; in every hand the first position where at most 12
tiles are left unplayed (in the hands and the boneyard together) is taken — the
largest tree of that hand — until there are 250 positions with two players and
250 with four. Each is solved with :func:`exact61_widgets.engine.solve.solve`
(principal lines included). Goals: median under 50 ms, none over 2 s. The
nodes per second are printed, and the same positions' small ones (at most 8
tiles unplayed) are also solved by the peer, plain minimax over
``Match.push``/``pop``, to show what the transposition table, the pruning and the
fast core buy; the two must agree on every value.

Then the same positions are solved again, in alternation, by this engine and by the
engine at an earlier commit (``--baseline``, by default the last commit before the one join
kernel, issue 35; see ``benchmarks/peer.py``): the ratio of their CPU times says what
a change to the engine cost, in the same run; their values and node counts must agree.

Run: ``python benchmarks/bench_solve.py [--positions 500] [--unplayed 12] [--seed 1]
[--baseline REF | --no-baseline]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from peer import BEFORE_KERNEL, NOW, PEER, load_now, load_peer, peer_module

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.solve import WIN, solve

MEDIAN_GOAL = 0.050
MAX_GOAL = 2.0


def unplayed(match: Match) -> int:
    """Tiles in the hands and the boneyard."""
    return sum(len(hand) for hand in match.hands) + match.boneyard_count


def positions(players: int, count: int, most: int, seed: int) -> list[Match]:
    """``count`` positions of random games with at most ``most`` tiles unplayed, one a hand."""
    rng = random.Random(seed)
    found: list[Match] = []
    game = 0
    while len(found) < count:
        match = Match(players, seed=f"{seed}/{players}/{game}")
        taken = False
        while not match.is_over and len(found) < count:
            if match.status == "hand_over":
                match.deal()
                taken = False
            if not taken and unplayed(match) <= most:
                found.append(match.copy())
                taken = True
            actions = match.legal_actions()
            match.push(actions[rng.randrange(len(actions))])
        game += 1
    return found


def minimax(match: Match, side: int, root: tuple[int, ...]) -> int:
    """The peer: plain minimax over the engine's push/pop, no table, no pruning."""
    if match.status != "playing":
        if match.winner is not None:
            return WIN if match.winner == side else -WIN
        gains = [match.scores[s] - root[s] for s in range(match.sides)]
        return gains[side] - max(g for s, g in enumerate(gains) if s != side)
    values = []
    for action in match.legal_actions():
        match.push(action)
        values.append(minimax(match, side, root))
        match.pop()
    return max(values) if match.side_of(match.to_move) == side else min(values)


def peer_values(match: Match) -> dict[object, int]:
    """Every legal action's value by the peer."""
    side = match.side_of(match.to_move)
    root = match.scores
    values = {}
    for action in match.legal_actions():
        match.push(action)
        values[action] = minimax(match, side, root)
        match.pop()
    return values


def main() -> None:
    """Solve the positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--unplayed", type=int, default=12)
    parser.add_argument("--peer", type=int, default=50, help="positions for the peer")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--baseline", default=BEFORE_KERNEL, help="the commit whose solver is measured beside"
    )
    parser.add_argument("--no-baseline", action="store_true", help="measure this solver alone")
    args = parser.parse_args()
    every: list[float] = []
    nodes = 0
    found = {
        players: positions(players, args.positions // 2, args.unplayed, args.seed)
        for players in (2, 4)
    }
    for players in (2, 4):
        times: list[float] = []
        for match in found[players]:
            solution = solve(match)
            times.append(solution.seconds)
            nodes += solution.nodes
        times.sort()
        every += times
        print(
            f"{players} players: {len(times)} positions (≤ {args.unplayed} tiles unplayed), "
            f"median {1000 * statistics.median(times):.1f} ms, "
            f"95th percentile {1000 * times[int(0.95 * (len(times) - 1))]:.1f} ms, "
            f"max {1000 * times[-1]:.1f} ms"
        )
    every.sort()
    median = statistics.median(every)
    over = sum(1 for t in every if t > MAX_GOAL)
    print(
        f"all: median {1000 * median:.1f} ms (goal < {1000 * MEDIAN_GOAL:.0f} ms), "
        f"max {every[-1]:.3f} s, over {MAX_GOAL:.0f} s: {over} (goal 0); "
        f"{nodes / sum(every):,.0f} nodes per second"
    )
    peer_time = solver_time = 0.0
    for players in (2, 4):
        for match in positions(players, args.peer // 2, 8, args.seed + 1):
            start = time.perf_counter()
            solution = solve(match)
            solver_time += time.perf_counter() - start
            start = time.perf_counter()
            peer = peer_values(match)
            peer_time += time.perf_counter() - start
            for move in solution.moves:
                assert peer[move.action] == move.value, (str(match.layout), move)
    print(
        f"peer, plain minimax over Match.push/pop, on {args.peer} positions with ≤ 8 tiles "
        f"unplayed: {peer_time:.2f} s against the solver's {solver_time:.2f} s "
        f"(×{peer_time / max(solver_time, 1e-9):.1f}); every value agrees"
    )
    if not args.no_baseline:
        against_peer(load_peer(args.baseline), [m for players in (2, 4) for m in found[players]])
    print("goals met" if median < MEDIAN_GOAL and over == 0 else "GOALS MISSED")


def against_peer(peer: str, matches: list[Match], rounds: int = 5) -> None:
    """Solve ``matches`` with this engine and the peer's in turn, ``rounds`` times; print the
    ratio of the CPU times (each position alternately, so load hits both alike).

    This engine is a copy of the working tree's (``peer.load_now``), loaded like the peer's;
    a first pass over the positions warms both before the measured rounds.
    """
    load_now()
    sides = []
    for package in (NOW, PEER):
        load = peer_module("engine.record", package).load_record
        sides.append(
            (peer_module("engine.solve", package).solve, [load(to_record(m)) for m in matches])
        )
    (now_solve, ours), (peer_solve, theirs) = sides
    for match, other in zip(ours, theirs, strict=True):  # a first pass, not measured: warm
        now_solve(match)
        peer_solve(other)
    ratios = []
    for _ in range(rounds):
        ours_time = peer_time = 0.0
        for match, other in zip(ours, theirs, strict=True):
            start = time.process_time()
            mine = now_solve(match)
            ours_time += time.process_time() - start
            start = time.process_time()
            old = peer_solve(other)
            peer_time += time.process_time() - start
            assert mine.nodes == old.nodes, (str(match.layout), mine.nodes, old.nodes)
            assert [m.value for m in mine.moves] == [m.value for m in old.moves]
        ratios.append(ours_time / peer_time)
    print(
        f"against {peer}, the same {len(matches)} positions in turn: CPU time ratio "
        f"(this solver / the peer's) median {statistics.median(ratios):.3f}, rounds "
        f"{' '.join(f'{r:.3f}' for r in ratios)}; values and nodes agree"
    )


if __name__ == "__main__":
    main()
