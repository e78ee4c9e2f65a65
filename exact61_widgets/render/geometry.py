"""Where each tile and open place of a layout is drawn (``layout_geometry``).

What it returns is stated on the :ref:`formats page, §8 Python entry points <formats-8>`.

The table is a grid of square cells of :data:`UNIT` user units, a quarter of a
tile's length: a tile covers 4 × 2 cells, a spinner (drawn across its line)
2 × 4. Tiles are placed one by one in play order and never move afterwards, so
the picture of a layout is the picture of its prefix plus the new tile: adding
a tile never shifts what is already drawn.

Every place a tile creates reserves the 2 × 2 cells just outside its port (its
*box*): the open-place dot is drawn at the box's centre, a tile joined there
later starts in it, and no other tile may cover it. So no dot ever lies on a
tile.

The shapes, for a place pointing in direction ``d`` (away from its tile):

* a non-double continues straight (4 cells along ``d``) or turns a corner: its
  joining half lies in the box and its other half points left or right of ``d``,
  where the chain goes on at a right angle;
* a double lies across ``d`` (2 cells along, 4 across), centred on the line:
  ``lineA`` faces the parent, ``lineB`` continues straight on, and the branches
  leave its short ends at right angles, ``branchA`` to the left of ``d`` and
  ``branchB`` to the right;
* the opening tile lies at the origin: a non-double horizontally with its
  ``low`` end on the left; a double upright, its line running left to right
  (``lineA`` on the left), so ``branchA`` points up and ``branchB`` down.

Which shape: chains run straight while inside a soft frame round the opening
tile and turn a corner at its edge, away from the middle (turning outwards never
leads a chain into a pocket between older chains), which keeps the picture
compact. A double may also sit one cell off the line's centre when centred it
does not fit. Among the shapes that fit, the one that leaves every nearby place
room to go on (a non-double shape and, while that double is still to come, the
crosswise double) is taken, then one that keeps a cell of space from other
tiles, then the preferred direction; a short *bridge* (the tile set a little
further out along ``d``, joined by a line) comes before a shape that leaves a
place without room.

Only when nothing fits at all does a small subtree move: the smallest one
whose tiles, put down again in slightly different shapes, make room (counted
in :attr:`LayoutGeometry.relayouts` and ``moved``). As the very last resort the
tile goes just beyond everything drawn (a long bridge, counted in
:attr:`LayoutGeometry.long_bridges`). The tests measure how rare both are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Final, NamedTuple, TypeVar

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.ports import PLACES, Place, Port, far_port, place_code
from exact61_widgets.engine.tiles import TILES, Tile

#: User units per grid cell: a tile is 4 × 2 cells, 64 × 32 user units.
UNIT: Final = 16
#: The soft frame (in cells from the opening tile's centre) where chains run straight.
FRAME_X: Final = 18
FRAME_Y: Final = 12
#: Extra distances (cells) tried for a short bridge when nothing fits next to a place.
BRIDGE_GAPS: Final = (2, 4, 6)
#: Places within this many cells of a new tile are checked to keep their room.
NEAR: Final = 8
#: The largest subtree put down again to make room, and the search's step budget.
RELAYOUT_LIMIT: Final = 16
RELAYOUT_BUDGET: Final = 1500

_T = TypeVar("_T")

Rect = tuple[int, int, int, int]
"""An axis-aligned rectangle in user units: ``(x, y, width, height)``."""
Point = tuple[int, int]
"""A point in user units: ``(x, y)``."""

# Directions on the screen (y grows downwards): east, south, west, north.
_DX: Final = (1, 0, -1, 0)
_DY: Final = (0, 1, 0, -1)
_HALF: Final = 1 << 12
_STRIDE: Final = 1 << 13
_ORIGIN: Final = _HALF * _STRIDE + _HALF


def _right(d: int) -> int:
    return (d + 1) & 3


def _left(d: int) -> int:
    return (d + 3) & 3


def _key(x: int, y: int) -> int:
    """One integer per cell, so a cell shifted by (dx, dy) is ``key + _key(dx, dy) - _ORIGIN``."""
    return _ORIGIN + x * _STRIDE + y


def _xy(key: int) -> tuple[int, int]:
    return key // _STRIDE - _HALF, key % _STRIDE - _HALF


def _box(x: int, y: int, d: int, a0: int, a1: int, c0: int, c1: int) -> tuple[int, int, int, int]:
    """Corners ``(x0, y0, x1, y1)`` of ``[a0, a1]`` along ``d`` × ``[c0, c1]`` to its right."""
    r = _right(d)
    xs = (x + a0 * _DX[d] + c0 * _DX[r], x + a1 * _DX[d] + c1 * _DX[r])
    ys = (y + a0 * _DY[d] + c0 * _DY[r], y + a1 * _DY[d] + c1 * _DY[r])
    return min(xs), min(ys), max(xs), max(ys)


def _cells(corners: tuple[int, int, int, int]) -> tuple[int, ...]:
    x0, y0, x1, y1 = corners
    return tuple(_key(i, j) for i in range(x0, x1) for j in range(y0, y1))


class _Port(NamedTuple):
    """A place's anchor (the midpoint of its port's edge, in cells) and its direction."""

    x: int
    y: int
    d: int

    @property
    def box(self) -> tuple[int, ...]:
        """The 2 × 2 cells reserved in front of the port."""
        shift = self.x * _STRIDE + self.y
        return tuple(k + shift for k in _BOXES[self.d])


_BOXES: Final = tuple(_cells(_box(0, 0, d, 0, 2, -1, 1)) for d in range(4))


class _Template(NamedTuple):
    """A shape for a tile joined at a port at (0, 0) pointing ``d``, in cells.

    ``far`` is the direction from the joining half to the other half; ``ports``
    are the new places as (port or None for a non-double's free half, anchor);
    ``boxes`` are their boxes' cells (never inside the shape) and ``halo`` the
    ring of cells round the shape.
    """

    corners: tuple[int, int, int, int]
    cells: tuple[int, ...]
    far: int
    ports: tuple[tuple[Port | None, _Port], ...]
    #: Its position in :data:`_TEMPLATES` ``[d]``: the shape's kind, whatever ``d``.
    number: int
    boxes: tuple[int, ...]
    halo: tuple[int, ...]


def _template(
    corners: tuple[int, int, int, int],
    far: int,
    ports: tuple[tuple[Port | None, _Port], ...],
    number: int,
) -> _Template:
    x0, y0, x1, y1 = corners
    cells = _cells(corners)
    boxes = tuple(k for _, p in ports for k in p.box)
    assert not set(boxes) & set(cells)
    halo = tuple(k for k in _cells((x0 - 1, y0 - 1, x1 + 1, y1 + 1)) if k not in cells)
    return _Template(corners, cells, far, ports, number, boxes, halo)


def _double(d: int, shift: int, number: int) -> _Template:
    """The crosswise double at a port pointing ``d``, moved ``shift`` cells to the right.

    Unshifted it is centred on the line; shifted by one cell its long side still
    covers the whole port edge, which gives a double a second and third chance to fit.
    """
    right, left = _right(d), _left(d)
    corners = _box(0, 0, d, 0, 2, shift - 2, shift + 2)
    mx, my = _DX[d] + shift * _DX[right], _DY[d] + shift * _DY[right]
    return _template(
        corners,
        d,
        (
            (Port.LINE_B, _Port(mx + _DX[d], my + _DY[d], d)),
            (Port.BRANCH_A, _Port(mx + 2 * _DX[left], my + 2 * _DY[left], left)),
            (Port.BRANCH_B, _Port(mx + 2 * _DX[right], my + 2 * _DY[right], right)),
        ),
        number,
    )


def _templates(d: int) -> tuple[_Template, ...]:
    """Straight, turned right, turned left; then the double centred, shifted right, left."""
    right, left = _right(d), _left(d)
    straight = _box(0, 0, d, 0, 4, -1, 1)
    to_right = _box(0, 0, d, 0, 2, -1, 3)
    to_left = _box(0, 0, d, 0, 2, -3, 1)
    mx, my = _DX[d], _DY[d]
    return (
        _template(straight, d, ((None, _Port(4 * mx, 4 * my, d)),), 0),
        _template(
            to_right, right, ((None, _Port(mx + 3 * _DX[right], my + 3 * _DY[right], right)),), 1
        ),
        _template(to_left, left, ((None, _Port(mx + 3 * _DX[left], my + 3 * _DY[left], left)),), 2),
        _double(d, 0, 3),
        _double(d, 1, 4),
        _double(d, -1, 5),
    )


_TEMPLATES: Final = tuple(_templates(d) for d in range(4))
#: Every cell any shape (or its boxes) at a port pointing ``d`` may use.
_FOOTPRINT: Final = tuple(
    frozenset(k for t in ts for k in (*t.cells, *t.boxes)) for ts in _TEMPLATES
)


@lru_cache(maxsize=4096)
def _footprint(p: _Port) -> frozenset[int]:
    """Every cell a tile joined at ``p`` (and its places' boxes) may use."""
    shift = p.x * _STRIDE + p.y
    return frozenset(k + shift for k in _FOOTPRINT[p.d])


class DrawnTile(NamedTuple):
    """How one tile is drawn, in user units.

    ``first`` is the number on the left (horizontal tile) or top (upright) half;
    ``bridge`` is the line ``(x1, y1, x2, y2)`` from the parent's port to a tile
    set apart from it, or None when they touch.
    """

    #: The tile.
    tile: Tile
    #: Its rectangle ``(x, y, width, height)``.
    rect: Rect
    #: The number on the left (horizontal tile) or top (upright) half.
    first: int
    #: The number on the other half.
    second: int
    #: The line ``(x1, y1, x2, y2)`` from the parent's port to a tile set apart from it, or None
    #: when they touch.
    bridge: tuple[int, int, int, int] | None

    @property
    def horizontal(self) -> bool:
        """Whether the tile's long side runs left to right."""
        return self.rect[2] > self.rect[3]


class _Move(NamedTuple):
    """A template put at an anchor: the cells it covers and the places it makes."""

    template: _Template
    x: int
    y: int
    cells: tuple[int, ...]
    ports: tuple[tuple[Port | None, _Port], ...]


def _move(template: _Template, x: int, y: int) -> _Move:
    shift = x * _STRIDE + y
    return _Move(
        template,
        x,
        y,
        tuple(k + shift for k in template.cells),
        tuple((port, _Port(p.x + x, p.y + y, p.d)) for port, p in template.ports),
    )


@dataclass(frozen=True, slots=True)
class _State:
    """The grid after some placements; extended one tile at a time, never changed.

    Index ``i`` of ``drawn``, ``joins`` and ``moves`` is the ``i``-th placement.
    """

    drawn: tuple[DrawnTile | None, ...]
    #: The place code each tile joined (-1 for the opening tile).
    joins: tuple[int, ...]
    #: How each tile was put down: (move, bridge gap); None for the opening tile.
    moves: tuple[tuple[_Move, int] | None, ...]
    #: Every place any tile has, open or taken: code -> anchor.
    ports: Mapping[int, _Port]
    #: Places not yet taken (their boxes are reserved): code -> anchor.
    free: Mapping[int, _Port]
    #: Cells covered by tiles and bridges -> index of the tile.
    occupied: Mapping[int, int]
    #: Cells of the free places' boxes -> place code.
    reserved: Mapping[int, int]
    #: Tile index (0–27) -> placement index.
    index_of: Mapping[int, int]
    long_bridges: int = 0
    relayouts: int = 0
    moved: int = 0


class _Grid:
    """Questions about a state with a move tried on top of it (the state is not copied)."""

    __slots__ = ("boxes", "cells", "own", "state")

    def __init__(
        self,
        state: _State,
        own: int,
        cells: frozenset[int] = frozenset(),
        boxes: Mapping[int, int] | None = None,
    ) -> None:
        self.state = state
        self.own = own
        self.cells = cells
        self.boxes: Mapping[int, int] = boxes or {}

    def plus(self, move: _Move, corridor: tuple[int, ...] = ()) -> _Grid:
        """This grid with ``move`` (and a bridge corridor) placed.

        The box of the move's ``i``-th new place is tagged ``-1 - i``.
        """
        boxes = dict(self.boxes)
        for i, (_, p) in enumerate(move.ports):
            for k in p.box:
                boxes[k] = -1 - i
        return _Grid(self.state, self.own, self.cells.union(move.cells, corridor), boxes)

    def blocked(self, key: int, owner: int) -> bool:
        """Whether cell ``key`` is taken for a tile joined at place ``owner``."""
        if key in self.state.occupied or key in self.cells:
            return True
        res = self.state.reserved.get(key)
        if res is not None and res != owner and res != self.own:
            return True
        res = self.boxes.get(key)
        return res is not None and res != owner

    def fits(self, template: _Template, x: int, y: int, owner: int) -> bool:
        """Whether ``template`` at (x, y), joined at place ``owner``, and its boxes are free.

        (:meth:`blocked` inlined: this is the hot loop of the layout.)
        """
        shift = x * _STRIDE + y
        occupied, cells = self.state.occupied, self.cells
        reserved, boxes, own = self.state.reserved, self.boxes, self.own
        for k in template.cells:
            k += shift
            if k in occupied or k in cells:
                return False
            res = reserved.get(k)
            if res is not None and res != owner and res != own:
                return False
            res = boxes.get(k)
            if res is not None and res != owner:
                return False
        for k in template.boxes:
            k += shift
            if k in occupied or k in cells or k in boxes:
                return False
            res = reserved.get(k)
            if res is not None and res != own:
                return False
        return True

    def viable(self, p: _Port, need: tuple[bool, bool], slot: int) -> bool:
        """Whether a later tile can still join at ``p``: ``need`` = (non-double, double)."""
        templates = _TEMPLATES[p.d]
        x, y = p.x, p.y
        if need[1] and not (
            self.fits(templates[3], x, y, slot)
            or self.fits(templates[4], x, y, slot)
            or self.fits(templates[5], x, y, slot)
        ):
            return False
        return not need[0] or any(self.fits(t, x, y, slot) for t in templates[:3])


def _needs(number: int, off_table: Iterable[Tile]) -> tuple[bool, bool]:
    """Which tiles may still come to a place of ``number``: (a non-double, its double)."""
    single = double = False
    for t in off_table:
        if t.low == number or t.high == number:
            if t.is_double:
                double = True
            else:
                single = True
    return single, double


def _turns(x: int, y: int, d: int) -> tuple[int, int]:
    """Template indices of the two turns, the one away from the middle first.

    Turning outwards never leads a chain into a pocket between older chains.
    On the middle line itself a chain turns clockwise (east end down, west end up).
    """
    across = x * _DX[_right(d)] + y * _DY[_right(d)]
    return (2, 1) if across < 0 else (1, 2)


def _inside(x: int, y: int, d: int) -> bool:
    """Whether a port at (x, y) pointing ``d`` is still inside the soft frame."""
    return (x < FRAME_X, y < FRAME_Y, x > -FRAME_X, y > -FRAME_Y)[d]


def _preferences(tile: Tile, x: int, y: int, d: int) -> list[_Template]:
    templates = _TEMPLATES[d]
    if tile.is_double:
        return list(templates[3:])
    first, second = _turns(x, y, d)
    turns = [templates[first], templates[second]]
    end = templates[0].ports[0][1]
    if _inside(x + end.x, y + end.y, d):
        return [templates[0], *turns]
    return [*turns, templates[0]]


def _corridor(x: int, y: int, d: int, gap: int) -> tuple[int, ...]:
    return _cells(_box(x, y, d, 0, gap, -1, 1))


def _best(state: _State, tile: Tile, own: int) -> tuple[_Move, int] | None:
    """The best way to put ``tile`` at place ``own`` and its bridge gap, if any fits.

    Ranked by: places left without room (the new tile's and those nearby),
    then the bridge gap (a short bridge only when nothing touching the place
    leaves every place room), a cell of space from other tiles, and the
    preferred direction.
    """
    port = state.free[own]
    joined = PLACES[own].number
    placed = {dt.tile for dt in state.drawn if dt is not None}
    off_table = [t for t in TILES if t is not tile and t not in placed]
    needs = [_needs(n, off_table) for n in range(7)]
    parent = state.index_of[PLACES[own].tile.index]
    empty = _Grid(state, own)
    # Nearby places that have room now, with the cells their room needs: a move
    # can only take room away (never give it), and only where it touches those.
    near = [
        (code, p, _footprint(p))
        for code, p in state.free.items()
        if code != own
        and abs(p.x - port.x) <= NEAR
        and abs(p.y - port.y) <= NEAR
        and empty.viable(p, needs[PLACES[code].number], code)
    ]
    number = tile.low if tile.is_double else tile.other(joined)
    scored: list[tuple[int, int, int, _Move]] = []
    for gap in (0, *BRIDGE_GAPS):
        corridor = _corridor(port.x, port.y, port.d, gap) if gap else ()
        if any(empty.blocked(k, own) for k in corridor):
            break
        if gap and scored and (min(item[0] for item in scored) == 0 or gap > BRIDGE_GAPS[0]):
            break
        x, y = port.x + gap * _DX[port.d], port.y + gap * _DY[port.d]
        for rank, template in enumerate(_preferences(tile, x, y, port.d)):
            if not empty.fits(template, x, y, own):
                continue
            move = _move(template, x, y)
            grid = empty.plus(move, corridor)
            stuck = sum(
                not grid.viable(p, needs[number], -1 - i) for i, (_, p) in enumerate(move.ports)
            )
            touched = grid.cells.union(grid.boxes)
            stuck += sum(
                not footprint.isdisjoint(touched)
                and not grid.viable(p, needs[PLACES[code].number], code)
                for code, p, footprint in near
            )
            # Nothing can rank before this: no place left stuck, no bridge, not crowded,
            # and every earlier preference was worse.
            if (
                not stuck
                and not gap
                and not _crowded(state, move, parent)
                and not any(item[0] == 0 for item in scored)
            ):
                return move, 0
            scored.append((stuck, gap, rank, move))
    if not scored:
        return None
    first = min(scored, key=lambda item: item[:3])
    ties = [item for item in scored if item[:2] == first[:2]]
    best = (
        first
        if len(ties) == 1
        else min(ties, key=lambda item: (_crowded(state, item[3], parent), item[2]))
    )
    return best[3], best[1]


def _fitting(state: _State, tile: Tile, own: int) -> list[tuple[_Move, int]]:
    """Every way to put ``tile`` at ``own`` that fits, in plain preference order (cheap)."""
    port = state.free[own]
    empty = _Grid(state, own)
    result = []
    for gap in (0, *BRIDGE_GAPS):
        if gap and any(empty.blocked(k, own) for k in _corridor(port.x, port.y, port.d, gap)):
            break
        x, y = port.x + gap * _DX[port.d], port.y + gap * _DY[port.d]
        for template in _preferences(tile, x, y, port.d):
            if empty.fits(template, x, y, own):
                result.append((_move(template, x, y), gap))
    return result


def _crowded(state: _State, move: _Move, parent: int) -> bool:
    """Whether the move's tile would touch a tile other than its parent (no cell between)."""
    shift = move.x * _STRIDE + move.y
    for k in move.template.halo:
        owner = state.occupied.get(k + shift)
        if owner is not None and owner != parent:
            return True
    return False


def _beyond(state: _State, tile: Tile, port: _Port) -> tuple[_Move, int]:
    """The last resort: straight out along the port, just past everything drawn."""
    keys = [*state.occupied, *state.reserved]
    xs = [_xy(k)[0] for k in keys]
    ys = [_xy(k)[1] for k in keys]
    reach = (max(xs) + 1 - port.x, max(ys) + 1 - port.y, port.x - min(xs), port.y - min(ys))[port.d]
    gap = max(2, reach + 2)
    template = _TEMPLATES[port.d][3 if tile.is_double else 0]
    return _move(template, port.x + gap * _DX[port.d], port.y + gap * _DY[port.d]), gap


def _drawn(
    tile: Tile, joined: int, move: _Move, bridge: tuple[int, int, int, int] | None
) -> DrawnTile:
    x0, y0, x1, y1 = move.template.corners
    other = tile.other(joined)
    first, second = (joined, other) if move.template.far in (0, 1) else (other, joined)
    rect = ((x0 + move.x) * UNIT, (y0 + move.y) * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT)
    return DrawnTile(tile, rect, first, second, bridge)


def _apply(
    state: _State, i: int, tile: Tile, place: Place, move: _Move, gap: int, claim: bool = True
) -> _State:
    """``state`` with tile ``i`` put down by ``move`` at ``place``.

    ``claim`` False leaves a long bridge's corridor unclaimed (it crosses tiles).
    """
    own = place.code
    port = state.free[own]
    occupied = dict(state.occupied)
    if gap and claim:
        for k in _corridor(port.x, port.y, port.d, gap):
            occupied[k] = i
    for k in move.cells:
        occupied[k] = i
    bridge = None if not gap else (port.x * UNIT, port.y * UNIT, move.x * UNIT, move.y * UNIT)
    reserved = {k: v for k, v in state.reserved.items() if v != own}
    free = {c: p for c, p in state.free.items() if c != own}
    ports = dict(state.ports)
    for p_port, p in move.ports:
        code = place_code(tile, far_port(tile, place.number) if p_port is None else p_port)
        ports[code] = free[code] = p
        for k in p.box:
            reserved[k] = code
    drawn = _drawn(tile, place.number, move, bridge)
    index_of = dict(state.index_of)
    index_of[tile.index] = i
    return _State(
        _put(state.drawn, i, drawn),
        _put(state.joins, i, own),
        _put(state.moves, i, (move, gap)),
        ports,
        free,
        occupied,
        reserved,
        index_of,
        state.long_bridges,
        state.relayouts,
        state.moved,
    )


def _put(items: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    return (*items, value) if i == len(items) else (*items[:i], value, *items[i + 1 :])


def _subtree(state: _State, root: int) -> list[int]:
    """The placement indices of tile ``root`` and everything joined below it, in play order."""
    inside = {root}
    for j in range(root + 1, len(state.joins)):
        if state.index_of[PLACES[state.joins[j]].tile.index] in inside:
            inside.add(j)
    return sorted(inside)


def _without(state: _State, removed: set[int]) -> _State:
    """``state`` with the tiles ``removed`` (a subtree) taken off; the rest stay put."""
    kept_tiles = {
        dt.tile.index for i, dt in enumerate(state.drawn) if dt is not None and i not in removed
    }
    ports = {c: p for c, p in state.ports.items() if PLACES[c].tile.index in kept_tiles}
    taken = {j for i, j in enumerate(state.joins) if i not in removed}
    free = {c: p for c, p in ports.items() if c not in taken}
    reserved = {k: c for c, p in free.items() for k in p.box}
    occupied = {k: v for k, v in state.occupied.items() if v not in removed}
    return _State(
        tuple(None if i in removed else dt for i, dt in enumerate(state.drawn)),
        state.joins,
        state.moves,
        ports,
        free,
        occupied,
        reserved,
        {t: i for t, i in state.index_of.items() if i not in removed},
        state.long_bridges,
        state.relayouts,
        state.moved,
    )


def _kind(move: _Move, gap: int) -> tuple[int, int]:
    """A move's shape relative to its place: (template number, bridge gap)."""
    return move.template.number, gap


class _Search:
    """Put a subtree's tiles down again, each in its old kind of shape unless told otherwise.

    A chain whose head moves keeps its turns. States after each prefix of the
    items are remembered, so trials that differ only late share their start.
    """

    def __init__(
        self,
        base: _State,
        items: list[tuple[int, Tile, Place]],
        kinds: Mapping[int, tuple[int, int]],
    ) -> None:
        self.items = items
        self.kinds = kinds
        self.memo: dict[tuple[tuple[int, int], ...], _State | None] = {(): base}
        self.base = base

    def trial(self, deviate: Mapping[int, int]) -> _State | None:
        """The state with every item down, item ``i`` taking its ``deviate[i]``-th other shape."""
        state: _State | None = self.base
        key: tuple[tuple[int, int], ...] = ()
        for pos, (i, tile, place) in enumerate(self.items):
            key = (*key, (pos, deviate.get(i, 0)))
            if key in self.memo:
                state = self.memo[key]
            else:
                assert state is not None
                state = self._step(state, i, tile, place, deviate.get(i, 0))
                self.memo[key] = state
            if state is None:
                return None
        return state

    def _step(self, state: _State, i: int, tile: Tile, place: Place, choice: int) -> _State | None:
        options = _fitting(state, tile, place.code)
        kind = self.kinds.get(i)
        options.sort(key=lambda option: _kind(*option) != kind)
        if choice >= len(options):
            return None
        return _apply(state, i, tile, place, *options[choice])


def _relayout(state: _State, tile: Tile, place: Place) -> _State | None:
    """Make room for ``tile`` by putting a small subtree down again in other shapes.

    Two kinds of subtree are tried, smallest first (at most
    :data:`RELAYOUT_LIMIT` tiles, never the opening tile): those of the place's
    tile and its ancestors, put down again before the new tile, and those of
    tiles in the new tile's way, put down again after it. Within them first one
    tile, then two take another shape (a limited discrepancy search within
    :data:`RELAYOUT_BUDGET` trials), tiles with the fewest descendants first,
    so that as few tiles as possible move. None if nothing works.
    """
    n = len(state.drawn)
    new = (n, tile, place)
    kinds = {i: _kind(*m) for i, m in enumerate(state.moves) if m is not None}
    plans: list[tuple[list[int], list[tuple[int, Tile, Place]]]] = []
    parent = state.index_of[place.tile.index]
    root = parent
    while root > 0:
        subtree = _subtree(state, root)
        plans.append((subtree, [*_items(state, subtree), new]))
        root = state.index_of[PLACES[state.joins[root]].tile.index]
    for blocker in _blockers(state, tile, place):
        subtree = _subtree(state, blocker)
        if parent not in subtree:
            plans.append((subtree, [new, *_items(state, subtree)]))
    plans = [plan for plan in plans if len(plan[0]) <= RELAYOUT_LIMIT]
    plans.sort(key=lambda plan: len(plan[0]))
    searches = [_Search(_without(state, set(subtree)), items, kinds) for subtree, items in plans]
    budget = RELAYOUT_BUDGET
    for (subtree, items), search in zip(plans, searches, strict=True):
        sizes = {i: len(_subtree(state, i)) if i < n else 1 for i, _, _ in items}
        order = sorted(sizes, key=lambda i: (sizes[i], -i))
        for discrepancies in (0, 1, 2):
            for deviate in _deviations(order, discrepancies):
                budget -= 1
                if budget < 0:
                    return None
                found = search.trial(deviate)
                if found is not None:
                    moved = sum(found.drawn[j] != state.drawn[j] for j in subtree)
                    return replace(found, relayouts=state.relayouts + 1, moved=state.moved + moved)
    return None


def _items(state: _State, subtree: list[int]) -> list[tuple[int, Tile, Place]]:
    return [
        (i, state.drawn[i].tile, PLACES[state.joins[i]])  # type: ignore[union-attr]
        for i in subtree
    ]


def _blockers(state: _State, tile: Tile, place: Place) -> list[int]:
    """The tiles (placement indices) whose cells or places' boxes are where ``tile`` would go.

    The opening tile (index 0) is never among them: it never moves.
    """
    port = state.free[place.code]
    templates = _TEMPLATES[port.d][3:] if tile.is_double else _TEMPLATES[port.d][:3]
    shift = port.x * _STRIDE + port.y
    found: set[int] = set()
    for template in templates:
        for k in (*template.cells, *template.boxes):
            owner = state.occupied.get(k + shift)
            if owner is None:
                code = state.reserved.get(k + shift)
                if code is not None and code != place.code:
                    owner = state.index_of[PLACES[code].tile.index]
            if owner is not None and owner > 0:
                found.add(owner)
    return sorted(found)


def _deviations(order: list[int], count: int) -> Iterator[dict[int, int]]:
    """Ways for ``count`` tiles of ``order`` to take another shape than their old kind."""
    if count == 0:
        yield {}
    elif count == 1:
        for i in order:
            for choice in range(1, 4):
                yield {i: choice}
    else:
        for a, i in enumerate(order):
            for j in order[a + 1 :]:
                for ci in range(1, 3):
                    for cj in range(1, 3):
                        yield {i: ci, j: cj}


def _extend(state: _State, tile: Tile, place: Place) -> _State:
    """Put one more tile on the grid; earlier tiles keep their cells (stability).

    Only when nothing fits (not even with a short bridge) does a small subtree
    move (:func:`_relayout`); failing that, the tile goes beyond everything.
    """
    n = len(state.drawn)
    best = _best(state, tile, place.code)
    if best is not None:
        return _apply(state, n, tile, place, *best)
    found = _relayout(state, tile, place)
    if found is not None:
        return found
    move, gap = _beyond(state, tile, state.free[place.code])
    return replace(
        _apply(state, n, tile, place, move, gap, claim=False), long_bridges=state.long_bridges + 1
    )


def _opening(tile: Tile) -> _State:
    if tile.is_double:
        corners = (-1, -2, 1, 2)
        ports = {
            Port.LINE_A: _Port(-1, 0, 2),
            Port.LINE_B: _Port(1, 0, 0),
            Port.BRANCH_A: _Port(0, -2, 3),
            Port.BRANCH_B: _Port(0, 2, 1),
        }
    else:
        corners = (-2, -1, 2, 1)
        ports = {Port.LOW: _Port(-2, 0, 2), Port.HIGH: _Port(2, 0, 0)}
    x0, y0, x1, y1 = corners
    drawn = DrawnTile(
        tile, (x0 * UNIT, y0 * UNIT, (x1 - x0) * UNIT, (y1 - y0) * UNIT), tile.low, tile.high, None
    )
    codes = {place_code(tile, port): p for port, p in ports.items()}
    reserved = {k: code for code, p in codes.items() for k in p.box}
    return _State(
        (drawn,),
        (-1,),
        (None,),
        codes,
        dict(codes),
        dict.fromkeys(_cells(corners), 0),
        reserved,
        {tile.index: 0},
    )


@lru_cache(maxsize=256)
def _state(notation: str) -> _State:
    """The grid of a layout's canonical notation, built on the cached grid of its prefix."""
    head, _, last = notation.rpartition(" ")
    if not head:
        return _opening(Tile.parse(last))
    tile_text, _, place_text = last.partition("@")
    return _extend(_state(head), Tile.parse(tile_text), Place.parse(place_text))


@dataclass(frozen=True)
class LayoutGeometry:
    """Where a layout is drawn, in SVG user units.

    Stated on the :ref:`formats page, §8 Python entry points <formats-8>`.

    ``tiles`` maps tile text (``[1|4]``) to its rectangle ``(x, y, width, height)``;
    ``places`` maps each open place (``[4|4]:branchA``) to its dot ``(x, y)``.
    For the renderer: ``drawn`` (play order), ``markers`` (the box centre of every
    place a tile has, open or taken, where badges go) and ``bounds`` (everything
    drawn, dots included). For the tests: ``relayouts`` (times a subtree was put
    down again to make room), ``moved`` (tiles that moved then) and
    ``long_bridges`` (tiles set beyond everything as the last resort).
    """

    #: Each tile's rectangle ``(x, y, width, height)``, by its text (``[1|4]``).
    tiles: Mapping[str, Rect]
    #: Each open place's dot ``(x, y)``, by its notation (``[4|4]:branchA``).
    places: Mapping[str, Point]
    #: The tiles as drawn, in play order.
    drawn: tuple[DrawnTile, ...]
    #: The box centre of every place a tile has, open or taken, where badges go.
    markers: Mapping[Place, Point]
    #: The box of everything drawn, dots included.
    bounds: Rect
    #: How many times a subtree was put down again to make room.
    relayouts: int
    #: How many tiles moved then.
    moved: int
    #: How many tiles were set beyond everything, as the last resort.
    long_bridges: int


def _marker(p: _Port) -> Point:
    return ((p.x + _DX[p.d]) * UNIT, (p.y + _DY[p.d]) * UNIT)


_NOTHING: Final = LayoutGeometry(
    MappingProxyType({}), MappingProxyType({}), (), MappingProxyType({}), (0, 0, 0, 0), 0, 0, 0
)


def layout_geometry(layout: Layout | str) -> LayoutGeometry:
    """Where each tile and open place of ``layout`` (a Layout or its notation) is drawn.

    Deterministic and stable: every tile keeps the rectangle it had in each
    shorter prefix of the layout, except in the rare case that a small subtree
    had to move to make room (counted in ``relayouts``). Bad notation raises
    :class:`NotationError`. The result is read-only and cached.
    """
    if not isinstance(layout, Layout):
        layout = Layout.parse(layout)
    return drawn_geometry(layout, str(layout))


def drawn_geometry(layout: Layout, notation: str) -> LayoutGeometry:
    """:func:`layout_geometry` for a caller that has ``str(layout)`` at hand already.

    The renderer writes the notation anyway (for the figure's ids); this spares
    writing it twice and reading it back.
    """
    if not notation:
        return _NOTHING
    return _geometry(notation, tuple(place.code for place in layout.open_places()))


def clear_cache() -> None:
    """Forget every layout computed so far (for benchmarks; results never change)."""
    _geometry.cache_clear()
    _state.cache_clear()


@lru_cache(maxsize=256)
def _geometry(notation: str, open_codes: tuple[int, ...]) -> LayoutGeometry:
    """The geometry of a layout's notation; ``open_codes`` are its open places' codes."""
    state = _state(notation)
    drawn = tuple(dt for dt in state.drawn if dt is not None)
    markers = {PLACES[code]: _marker(p) for code, p in state.ports.items()}
    # Which places are open is the engine's rule (R4.3), not the picture's.
    places = {str(place): markers[place] for place in (PLACES[code] for code in open_codes)}
    xs: list[int] = []
    ys: list[int] = []
    for dt in drawn:
        x, y, w, h = dt.rect
        xs += (x, x + w)
        ys += (y, y + h)
        if dt.bridge is not None:
            xs += (dt.bridge[0], dt.bridge[2])
            ys += (dt.bridge[1], dt.bridge[3])
    for p in state.free.values():  # the boxes of free places, where dots and badges go
        x0, y0, x1, y1 = _box(p.x, p.y, p.d, 0, 2, -1, 1)
        xs += (x0 * UNIT, x1 * UNIT)
        ys += (y0 * UNIT, y1 * UNIT)
    bounds = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return LayoutGeometry(
        MappingProxyType({str(dt.tile): dt.rect for dt in drawn}),
        MappingProxyType(places),
        drawn,
        MappingProxyType(markers),
        bounds,
        state.relayouts,
        state.moved,
        state.long_bridges,
    )
