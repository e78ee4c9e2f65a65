"""Many bot matches on every core: win rates and hand statistics (``exact61 simulate``).

:func:`simulate` plays ``matches`` whole matches between named bots and returns
a :class:`SimulationResult` (usable from a notebook); ``exact61 simulate``
(:mod:`exact61_widgets.cli.simulate`) prints its :meth:`~SimulationResult.table`.
Match ``i`` is seeded from ``(seed, i)`` and seats the bots by a fixed rotation, so
the result is the same whatever the number of processes. The rotation moves every
bot through every seat and every seat through the first lead: bot ``j`` sits at seat
``(j + i) % players`` and seat ``(i // players) % players`` leads the first hand.
Later hands are led as the rules say (R2.5, D6).

Each match is :func:`exact61_widgets.simulation.matches.play_match`'s; this module adds
``multiprocessing`` and ``tqdm``, which is why it is not in the engine.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.bots import Bot, make_bot
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent, PlayEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import POINT
from exact61_widgets.engine.seating import seating
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.simulation.matches import MAX_HANDS, play_match

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class MatchSummary:
    """What one simulated match contributes to the statistics."""

    #: The match's number in the simulation, from 0.
    index: int
    #: The seat that led the first hand.
    first_leader: int
    #: The seat of each bot, in the order the bots were named.
    seat_of: tuple[int, ...]
    #: The side that won the match (None: not finished).
    winner: int | None
    #: Whether the first leader's side won.
    first_leader_won: bool
    #: How many hands were played.
    hands: int
    #: How many of them were blocked.
    blocked_hands: int
    #: How many had a hand winner (not a tie).
    decided_hands: int
    #: How many the leader's side won.
    leader_hand_wins: int
    #: The raw points scored in the match, all sides together.
    points: int
    #: How many awards went to the target check.
    awards: int
    #: How many of them were rejected because they would pass 61.
    rejected: int


def bot_seats(index: int, players: int) -> tuple[tuple[int, ...], int]:
    """Match ``index``: the seat of each bot (in the order named) and the first leader."""
    rotation = index % players
    return tuple((j + rotation) % players for j in range(players)), (index // players) % players


def play_one(index: int, players: int, names: Sequence[str], seed: int) -> MatchSummary:
    """Play match ``index`` of a simulation and summarize it."""
    seat_of, leader = bot_seats(index, players)
    bots: list[Bot | None] = [None] * players
    for j, name in enumerate(names):
        bots[seat_of[j]] = make_bot(name, f"{seed}/{index}/{j}")
    match = Match(players, seed=f"{seed}/{index}", leader=leader)
    ends: list[tuple[str, int | None, int]] = []

    def on_hand_end(m: Match) -> None:
        end = m.hand_end
        assert end is not None
        ends.append((end.kind, end.hand_winner, m.side_of(m.leader)))

    play_match(match, [b for b in bots if b is not None], on_hand_end=on_hand_end)
    awards = rejected = 0
    for event in match.events:
        if isinstance(event, (PlayEvent, OutEvent, BlockedAwardEvent)):
            if event.status == "rejected":
                rejected += 1
                awards += 1
            elif event.status == "applied":
                awards += 1
    winner = match.winner
    return MatchSummary(
        index=index,
        first_leader=leader,
        seat_of=seat_of,
        winner=winner,
        first_leader_won=winner is not None and winner == match.side_of(leader),
        hands=len(ends),
        blocked_hands=sum(1 for e in ends if e[0] == "blocked"),
        decided_hands=sum(1 for e in ends if e[1] is not None),
        leader_hand_wins=sum(1 for e in ends if e[1] is not None and e[1] == e[2]),
        points=sum(match.scores) - sum(match.start_scores),
        awards=awards,
        rejected=rejected,
    )


def _play_packed(args: tuple[int, int, tuple[str, ...], int]) -> MatchSummary:
    return play_one(*args)


@dataclass(frozen=True)
class SimulationResult:
    """The summaries of every match of a simulation, and the statistics drawn from them."""

    #: The number of players.
    players: int
    #: The bots' names, in the order given.
    bots: tuple[str, ...]
    #: The simulation's seed: the same seed gives the same matches.
    seed: int
    #: Every match's summary, in order.
    summaries: tuple[MatchSummary, ...]

    @property
    def matches(self) -> int:
        """How many matches were played."""
        return len(self.summaries)

    def wins(self, bot: int) -> int:
        """Matches won by the side of the ``bot``-th bot named (partners share wins)."""
        side_of = seating(self.players).side_of
        return sum(
            1
            for m in self.summaries
            if m.winner is not None and side_of(m.seat_of[bot]) == m.winner
        )

    def win_rate(self, bot: int) -> tuple[float, float, float]:
        """The ``bot``-th bot's win rate and its Wilson 95% interval."""
        wins = self.wins(bot)
        return (wins / self.matches, *wilson(wins, self.matches))

    @property
    def first_leader_wins(self) -> int:
        """Matches won by the side that led the first hand."""
        return sum(1 for m in self.summaries if m.first_leader_won)

    @property
    def hands_per_match(self) -> tuple[int, ...]:
        """The number of hands of each match, in match order."""
        return tuple(m.hands for m in self.summaries)

    @property
    def hands(self) -> int:
        """All hands played."""
        return sum(m.hands for m in self.summaries)

    @property
    def blocked_hands(self) -> int:
        """Hands that ended blocked (R3.5)."""
        return sum(m.blocked_hands for m in self.summaries)

    @property
    def decided_hands(self) -> int:
        """Hands with a winner (not a drawn block, not cut short by the match's end)."""
        return sum(m.decided_hands for m in self.summaries)

    @property
    def leader_hand_wins(self) -> int:
        """Decided hands won by the side of the player who led them."""
        return sum(m.leader_hand_wins for m in self.summaries)

    @property
    def points_per_hand(self) -> float:
        """Net displayed points scored per hand, all sides together."""
        points = sum(m.points for m in self.summaries)
        return points / POINT / self.hands if self.hands else 0.0

    @property
    def awards(self) -> int:
        """Awards put to the target check (R1.4): applied or rejected."""
        return sum(m.awards for m in self.summaries)

    @property
    def rejected(self) -> int:
        """Awards rejected by the exact-61 rule (R1.4)."""
        return sum(m.rejected for m in self.summaries)

    @property
    def unfinished(self) -> int:
        """Matches stopped by the hand limit before anyone reached 61 (practically never)."""
        return sum(1 for m in self.summaries if m.winner is None)

    def table(self, lang: str | None = None) -> str:
        """The results as a small text table in ``lang``."""
        return _table(self, check_lang(lang))


def _dec(value: float) -> Msg:
    """A number with one decimal, written the way the language writes decimals."""
    tenths = round(value * 10)
    whole, frac = divmod(abs(tenths), 10)
    return Msg(
        "{sign}{whole}.{frac}",
        {"sign": "\u2212" if tenths < 0 else "", "whole": whole, "frac": frac},
    )


def _pct(value: float) -> Msg:
    return Msg("{n}%", {"n": _dec(100 * value)})


def _share(part: int, whole: int) -> Msg:
    return Msg(
        "{part} of {whole} ({pct})",
        {"part": part, "whole": whole, "pct": _pct(part / whole if whole else 0.0)},
    )


def _table(result: SimulationResult, lang: str) -> str:
    def t(msg: Msg | Plural) -> str:
        return msg.text(lang)

    n = result.matches
    names = ", ".join(result.bots)
    lines = [
        t(
            Msg(
                "{matches}, {players}, bots {names}, seed {seed}",
                {
                    "matches": Plural("{n} match", "{n} matches", n),
                    "players": Plural("{n} player", "{n} players", result.players),
                    "names": names,
                    "seed": result.seed,
                },
            )
        )
    ]
    if seating(result.players).pairs:
        lines.append(t(Msg("pairs: bots 1 and 3 against bots 2 and 4")))
    rows: list[tuple[str, int, float, float, float]] = []
    for j, name in enumerate(result.bots):
        rows.append((f"{j + 1} {name}", result.wins(j), *result.win_rate(j)))
    lead = result.first_leader_wins
    rows.append((t(Msg("first leader's side")), lead, lead / n, *wilson(lead, n)))
    head = (t(Msg("bot")), t(Msg("wins")), t(Msg("win rate")), t(Msg("95% CI (Wilson)")))
    cells = [head] + [
        (label, str(w), t(_pct(r)), f"{t(_pct(lo))} – {t(_pct(hi))}")
        for label, w, r, lo, hi in rows
    ]
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    for c in cells:
        lines.append(
            f"{c[0].ljust(widths[0])}  {c[1].rjust(widths[1])}  "
            f"{c[2].rjust(widths[2])}  {c[3].rjust(widths[3])}".rstrip()
        )
    hands = result.hands_per_match
    lines.append(
        t(
            Msg(
                "hands per match: mean {mean}, median {median}, range {low}–{high}",
                {
                    "mean": _dec(statistics.fmean(hands)),
                    "median": _dec(statistics.median(hands)),
                    "low": min(hands),
                    "high": max(hands),
                },
            )
        )
    )
    lines.append(
        t(
            Msg(
                "displayed points per hand: {points} (net, all sides)",
                {"points": _dec(result.points_per_hand)},
            )
        )
    )
    lines.append(
        t(
            Msg(
                "awards rejected by the exact-61 rule: {share}, {per_match} per match",
                {
                    "share": _share(result.rejected, result.awards),
                    "per_match": _dec(result.rejected / n),
                },
            )
        )
    )
    lines.append(
        t(Msg("blocked hands: {share}", {"share": _share(result.blocked_hands, result.hands)}))
    )
    lines.append(
        t(
            Msg(
                "decided hands won by their leader's side: {share}",
                {"share": _share(result.leader_hand_wins, result.decided_hands)},
            )
        )
    )
    if result.unfinished:
        lines.append(
            t(
                Msg(
                    "unfinished matches (hand limit {limit}): {count}",
                    {"limit": MAX_HANDS, "count": result.unfinished},
                )
            )
        )
    return "\n".join(lines) + "\n"


def check_bots(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat; one name serves every seat, two names with 4 players one pair each.

    Unknown names raise :class:`SetupError`.
    """
    names = tuple(name.strip() for name in names)
    if len(names) == 1 or (seating(players).pairs and len(names) == 2):
        names = names * (players // len(names))
    if len(names) != players:
        raise SetupError(
            Msg(
                "name one bot for every seat, or one for all: {players} seats, {given} bots",
                {"players": players, "given": len(names)},
            )
        )
    for name in set(names):
        make_bot(name, 0)
    return names


def _check_count(value: object, what: Msg, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SetupError(
            Msg(
                "{what} must be a whole number of at least {low}, not {value}",
                {"what": what, "low": low, "value": repr(value)},
            )
        )
    return value


def simulate(
    matches: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    processes: int | None = None,
    progress: bool = False,
) -> SimulationResult:
    """Play ``matches`` matches of ``players`` players between the named ``bots``.

    ``processes`` worker processes share the matches (None: one per core; 1:
    play in this process). ``progress`` shows a tqdm bar on stderr (if tqdm is
    installed). The result
    depends only on the arguments other than ``processes`` and ``progress``.
    """
    _check_count(matches, Msg("the number of matches"), 1)
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise SetupError(
            Msg("a match has 2, 3 or 4 players, not {players}", {"players": repr(players)})
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(Msg("a seed is a whole number, not {value}", {"value": repr(seed)}))
    names = check_bots(bots, players)
    if processes is not None:
        _check_count(processes, Msg("the number of processes"), 1)
    jobs = [(i, players, names, seed) for i in range(matches)]
    summaries: list[MatchSummary] = []
    bar: Any = None
    if progress:
        try:
            from tqdm import tqdm
        except ImportError:  # the bar is a courtesy: without tqdm, run without it
            tqdm = None
        if tqdm is not None:
            bar = tqdm(total=matches, unit="match", file=sys.stderr)
    try:
        for summary in _run(jobs, processes):
            summaries.append(summary)
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return SimulationResult(players, names, seed, tuple(summaries))


def _run(
    jobs: list[tuple[int, int, tuple[str, ...], int]], processes: int | None
) -> Iterator[MatchSummary]:
    """Play the jobs in order, in this process or in a pool (results keep the jobs' order)."""
    import os

    workers = processes if processes is not None else (os.cpu_count() or 1)
    workers = min(workers, len(jobs))
    if workers <= 1:
        for job in jobs:
            yield _play_packed(job)
        return
    import multiprocessing

    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(_play_packed, jobs, chunksize=1)
