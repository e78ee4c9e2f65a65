"""The dynamic programme over scores: each side's chance to win the match from every score.

A state is the sides' scores (raw, on a grid of 5 from :attr:`Grid.low` to 300)
and the seat to lead the next hand. From a state the next hand is one of the
sampled hands (:class:`~exact61_widgets.engine.equity.hands.HandSample`, led by
seat 0, so turned round the table to the state's leader), replayed from the
state's scores by the rules (:func:`~exact61_widgets.engine.equity.hands.replay`):
it either wins the match for a side at exactly 305 raw or leads to the state
after it. So ``U(x, L)``, the chance that side 0 wins from scores ``x`` with seat
``L`` to lead, is the mean over the samples of 1 or 0 (a side won in the hand)
or ``U`` of the state after it.

Scores never fall with two or three players, so one pass from the highest total
down solves every state: a hand that changes no score (no award at all) only
passes the lead, and the chances of one score under every leader are solved
together, a small linear system whose matrix is the same for every score. In
pairs a partner's deduction can lower a score (R7.3, D3), so the pass is
repeated until no chance moves by more than :data:`TOLERANCE`; a score below
the grid counts as its lowest row.

Speed: most hands change no award's fate at most scores (no award can overshoot
and none reaches 305 exactly), and their next state is the state plus a fixed
offset; the sum over those is one ``sum(map(...))`` over precomputed offsets
into a padded flat array. The few hands that can overshoot or win from a score
(the near lists of ``_Prepared``) are replayed exactly and replace their plain
terms.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from exact61_widgets.engine.scoring import POINT, TARGET
from exact61_widgets.engine.seating import seating

if TYPE_CHECKING:
    from exact61_widgets.engine.equity.hands import HandSample

__all__ = ["TOLERANCE", "Grid", "solve_chances"]

#: Pairs: the passes stop once no chance changes by more than this.
TOLERANCE: Final = 1e-6
#: No hit in the hand (an event index larger than any).
_NEVER: Final = 1 << 30


@dataclass(frozen=True)
class Grid:
    """The scores a table covers: every multiple of 5 from ``low`` to 300 raw, for each side."""

    players: int
    low: int = 0

    @property
    def sides(self) -> int:
        """Sides keeping a score: the players, or two pairs."""
        return seating(self.players).sides

    @property
    def leads(self) -> int:
        """Leaders a state tells apart: every seat, or in pairs the leading pair (a seat and its
        partner lead the same hands, turned half round the table)."""
        pairs = seating(self.players).partner(0) is not None
        return self.sides if pairs else self.players

    @property
    def size(self) -> int:
        """Scores per side on the grid."""
        return (TARGET - self.low) // POINT

    @property
    def cells(self) -> int:
        """Entries of a table over the grid: every score of every side, every leader."""
        cells: int = self.leads * self.size**self.sides
        return cells

    def index(self, scores: Sequence[int], leader: int) -> int:
        """The flat position of a state: leader first, then each side's score, side 0 first."""
        i = leader
        for score in scores:
            i = i * self.size + (score - self.low) // POINT
        return i


class _Prepared:
    """The samples turned into what the pass reads: per sample and side its total, its largest
    running total (the sample is plain from a score if that cannot reach the target), and the
    replayed gain and hit for the scores where it is not plain."""

    def __init__(self, grid: Grid, samples: Sequence[HandSample]) -> None:
        n, sides = grid.players, grid.sides
        side_of = seating(n).sides_of
        self.grid = grid
        self.empty = [h for h in samples if not h.awards]
        self.full = [h for h in samples if h.awards]
        steps = grid.size  # the largest distance to the target, in steps of 5
        self.total: list[list[int]] = []
        self.top: list[list[int]] = []
        #: fate[h][k][d]: (gain, hit event) of sample h's side k from d steps below the target.
        self.fate: list[list[list[tuple[int, int]]]] = []
        for h in self.full:
            totals, tops, fates = [], [], []
            for k in range(sides):
                mine = [(e, a) for e, (s, a) in enumerate(h.awards) if s == k]
                run = top = 0
                for _, a in mine:
                    run += a
                    top = max(top, run)
                totals.append(run)
                tops.append(top)
                row = [(0, 0)]
                for d in range(1, min(top // POINT, steps) + 1):
                    room, got, hit = d * POINT, 0, _NEVER
                    for e, a in mine:
                        if got + a <= room:
                            got += a
                            if got == room:
                                hit = e
                                break
                    row.append((got, hit))
                fates.append(row)
            self.total.append(totals)
            self.top.append(tops)
            self.fate.append(fates)
        #: real[L][k]: the side that sample side k is when seat L leads (the table turned).
        self.real = [
            [side_of[(k + leader) % n] for k in range(sides)] for leader in range(grid.leads)
        ]
        self.sample_side = [
            {self.real[leader][k]: k for k in range(sides)} for leader in range(grid.leads)
        ]
        #: near[k][d]: the samples whose side k may overshoot or win from d steps below.
        self.near = [
            [
                [h for h, tops in enumerate(self.top) if tops[k] >= d * POINT]
                for d in range(steps + 1)
            ]
            for k in range(sides)
        ]
        #: below[k][i]: the samples that take side k below the grid from row i.
        self.below = [
            [[h for h, t in enumerate(self.total) if i + t[k] // POINT < 0] for i in range(steps)]
            for k in range(sides)
        ]
        self.pad_low = max([0, *(-t // POINT for ts in self.total for t in ts)])
        self.pad_high = max([0, *(t // POINT for ts in self.total for t in ts)])


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss–Jordan with partial pivoting)."""
    n = len(matrix)
    a = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def solve_chances(grid: Grid, samples: Sequence[HandSample]) -> list[float]:
    """``U``: side 0's chance to win from every state of ``grid``, by :meth:`Grid.index`.

    Another side's chance is side 0's with the table turned (:mod:`.met`).
    """
    prep = _Prepared(grid, samples)
    n, sides, size, leads = grid.players, grid.sides, grid.size, grid.leads
    width = prep.pad_low + size + prep.pad_high
    stride = [width ** (sides - 1 - r) for r in range(sides)]
    block = width**sides
    u = array("d", bytes(8 * leads * block))
    count = len(samples)
    full = prep.full
    # The offset of each plain sample's next state, for each leader.
    offsets: list[list[int]] = []
    nexts: list[list[int]] = []
    for leader in range(leads):
        row, lead_row = [], []
        for h, sample in enumerate(full):
            nxt = (sample.next_leader + leader) % n % leads
            off = (nxt - leader) * block
            for k in range(sides):
                off += prep.total[h][k] // POINT * stride[prep.real[leader][k]]
            row.append(off)
            lead_row.append(nxt)
        offsets.append(row)
        nexts.append(lead_row)
    # A hand with no award keeps the scores and passes the lead: (count·I − C) U(x) = S(x).
    passes = [[0.0] * leads for _ in range(leads)]
    for sample in prep.empty:
        for leader in range(leads):
            passes[leader][(sample.next_leader + leader) % n % leads] += 1.0
    solver = _inverse(
        [[(count if i == j else 0.0) - passes[i][j] for j in range(leads)] for i in range(leads)]
    )
    rows = sorted(itertools.product(range(size), repeat=sides), key=lambda x: -sum(x))
    get = u.__getitem__
    two_ways = grid.low < 0  # scores can fall: repeat the pass until it settles
    sweeps = 0
    while True:
        change = 0.0
        for x in rows:
            d = [size - i for i in x]  # steps below the target
            home = sum((i + prep.pad_low) * s for i, s in zip(x, stride, strict=True))
            sums = []
            stays: list[tuple[int, int]] = []
            for leader in range(leads):
                base = leader * block + home
                total = sum(map(get, map(base.__add__, offsets[leader])))
                near: set[int] = set()
                ks = prep.sample_side[leader]
                for r in range(sides):
                    near.update(prep.near[ks[r]][d[r]])
                    if two_ways:
                        near.update(prep.below[ks[r]][x[r]])
                for h in near:
                    total -= get(base + offsets[leader][h])
                    value = _outcome(prep, h, leader, x, d, nexts[leader][h], u, stride, block)
                    if value is None:  # nothing changed: it passes the lead, as an empty hand
                        stays.append((leader, nexts[leader][h]))
                    else:
                        total += value
                sums.append(total)
            inverse = solver
            if stays:
                matrix = [
                    [(count if i == j else 0.0) - passes[i][j] for j in range(leads)]
                    for i in range(leads)
                ]
                for i, j in stays:
                    matrix[i][j] -= 1.0
                inverse = _inverse(matrix)
            for leader in range(leads):
                value = sum(m * s for m, s in zip(inverse[leader], sums, strict=True))
                at = leader * block + home
                change = max(change, abs(value - u[at]))
                u[at] = value
        sweeps += 1
        if not two_ways or change <= TOLERANCE:
            break
    out = []
    for leader in range(leads):
        for x in itertools.product(range(size), repeat=sides):
            home = sum((i + prep.pad_low) * s for i, s in zip(x, stride, strict=True))
            out.append(u[leader * block + home])
    return out


def _outcome(
    prep: _Prepared,
    h: int,
    leader: int,
    x: tuple[int, ...],
    d: list[int],
    nxt: int,
    u: array[float],
    stride: list[int],
    block: int,
) -> float | None:
    """Sample ``h`` replayed exactly from state ``x`` led by ``leader``: 1/0 if a side won the
    match in it (side 0 or another), else side 0's chance from the state after it; None if
    it changed no score (every award rejected): the caller solves that state with its own."""
    first, winner = _NEVER, -1
    rows = list(x)
    for k, r in enumerate(prep.real[leader]):
        row = prep.fate[h][k]
        if d[r] < len(row):
            gain, hit = row[d[r]]
        else:
            gain, hit = prep.total[h][k], _NEVER
        if hit < first:
            first, winner = hit, r
        rows[r] = max(0, rows[r] + gain // POINT)
    if winner >= 0:
        return 1.0 if winner == 0 else 0.0
    if rows == list(x):
        return None
    return u[nxt * block + sum((i + prep.pad_low) * s for i, s in zip(rows, stride, strict=True))]
