"""Ports and places: where a tile can be joined (R4.2, D1, D2).

Their notation is on the :ref:`formats page, §1 Notation <formats-1>`.

A non-double has the ports ``low`` and ``high`` (its two halves); a double, a
spinner, has ``lineA``, ``lineB``, ``branchA`` and ``branchB``. A :class:`Place`
is a port of a tile on the table, written ``[4|4]:branchA``. Each place also has
a small integer ``code`` (``tile.index * 6 + port``, :func:`place_code`) used by
the fast core. The rules of ports live here once: which port a tile joins by
(:func:`joining_port`), which it leaves free (:func:`far_port`), and when a
spinner's branches open (:func:`branches_open`, R4.3).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.tiles import TILES, Tile, parse_tile
from exact61_widgets.i18n import Msg


class Port(IntEnum):
    """The six port names; their order is the canonical order of places of a tile."""

    #: The low half's end of a tile that is not a double (``:low``).
    LOW = 0
    #: The high half's end of a tile that is not a double (``:high``).
    HIGH = 1
    #: One end of a spinner's line (``:lineA``); a double joined to the layout joins by it (D1).
    LINE_A = 2
    #: The other end of the line (``:lineB``), straight on from line A.
    LINE_B = 3
    #: A spinner's first branch (``:branchA``), open once both lines are filled.
    BRANCH_A = 4
    #: A spinner's second branch (``:branchB``), open once both lines are filled.
    BRANCH_B = 5

    @property
    def notation(self) -> str:
        """The contract's spelling: ``low``, ``high``, ``lineA`` …"""
        return PORT_NAMES[self]

    @property
    def is_line(self) -> bool:
        """Whether this is one of a spinner's two straight line continuations."""
        return self is Port.LINE_A or self is Port.LINE_B

    @property
    def is_branch(self) -> bool:
        """Whether this is one of a spinner's two side branches (R4.2)."""
        return self is Port.BRANCH_A or self is Port.BRANCH_B

    def __str__(self) -> str:
        return PORT_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Port:
        """Read a port name as the contract spells it."""
        port = _BY_NAME.get(text)
        if port is None:
            raise NotationError(
                Msg(
                    "{text} is not a port: use low, high, lineA, lineB, branchA or branchB",
                    {"text": repr(text)},
                )
            )
        return port


PORT_NAMES: Final = ("low", "high", "lineA", "lineB", "branchA", "branchB")
PORTS: Final = tuple(Port)
#: Each port in words, as captions, descriptions and typed moves name it (English msgids).
PORT_LABELS: Final = {
    Port.LOW: "low end",
    Port.HIGH: "high end",
    Port.LINE_A: "line A",
    Port.LINE_B: "line B",
    Port.BRANCH_A: "branch A",
    Port.BRANCH_B: "branch B",
}
_BY_NAME: Final = {name: Port(i) for i, name in enumerate(PORT_NAMES)}
DOUBLE_PORTS: Final = (Port.LINE_A, Port.LINE_B, Port.BRANCH_A, Port.BRANCH_B)
SINGLE_PORTS: Final = (Port.LOW, Port.HIGH)


class Place(NamedTuple):
    """A port of a tile on the table: ``[1|4]:low``, ``[4|4]:branchB``."""

    #: The tile on the table.
    tile: Tile
    #: Which of its ports.
    port: Port

    @property
    def number(self) -> int:
        """The number a tile joined here must show on its joining half."""
        return self.tile.high if self.port is Port.HIGH else self.tile.low

    @property
    def code(self) -> int:
        """The place's integer code, ``tile.index * 6 + port`` (:func:`place_code`)."""
        return place_code(self.tile, self.port)

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read ``TILE:PORT`` and check that the port exists on that kind of tile."""
        return parse_place(text)

    def __str__(self) -> str:
        return _TEXTS[self.tile.index * 6 + self.port]

    def __repr__(self) -> str:
        return f"Place({self})"


#: The taken-port bits of a spinner whose two lines are both filled.
BOTH_LINES: Final = (1 << Port.LINE_A) | (1 << Port.LINE_B)


def place_code(tile: Tile, port: Port) -> int:
    """The integer code of a place: ``tile.index * 6 + port`` (``PLACES[code]`` reads it back)."""
    return tile.index * 6 + int(port)


def joining_port(tile: Tile, number: int) -> Port:
    """The port by which ``tile`` joins a place of ``number``: a double by ``lineA`` (D1),
    a non-double by the half that shows ``number``."""
    if tile.is_double:
        return Port.LINE_A
    return Port.LOW if tile.low == number else Port.HIGH


def far_port(tile: Tile, number: int) -> Port:
    """The port left free opposite the joining one: a double's ``lineB``, else the other half."""
    if tile.is_double:
        return Port.LINE_B
    return Port.HIGH if tile.low == number else Port.LOW


def branches_open(taken: int) -> bool:
    """Whether a spinner with taken-port bits ``taken`` has both lines filled (R4.3).

    Its branches open then, and it stops being an end double (R5.1).
    """
    return taken & BOTH_LINES == BOTH_LINES


def port_fits(tile: Tile, port: Port) -> bool:
    """Whether a tile has that port: ``low``/``high`` on a non-double, the rest on a double."""
    return (port >= Port.LINE_A) == tile.is_double


def parse_place(text: str) -> Place:
    """Parse ``TILE:PORT``; the port must belong to that kind of tile (D2)."""
    if type(text) is str:
        place = _CANONICAL.get(text)
        if place is not None:
            return place
    if not isinstance(text, str) or ":" not in text:
        raise NotationError(
            Msg("{text} is not a place: write it like [1|4]:low", {"text": repr(text)})
        )
    tile_text, _, port_text = text.strip().rpartition(":")
    tile = parse_tile(tile_text)
    port = Port.parse(port_text)
    if not port_fits(tile, port):
        if tile.is_double:
            raise NotationError(
                Msg(
                    "{text}: a double has the places lineA, lineB, branchA and branchB",
                    {"text": repr(text)},
                )
            )
        raise NotationError(
            Msg(
                "{text}: a tile that is not a double has the places low and high",
                {"text": repr(text)},
            )
        )
    return PLACES[tile.index * 6 + port]


def _make_place(code: int) -> Place:
    return tuple.__new__(Place, (TILES[code // 6], Port(code % 6)))


PLACE_CODES: Final = 28 * 6
#: Every place by code (also ports a tile does not have, never produced by the engine).
PLACES: Final[tuple[Place, ...]] = tuple(_make_place(c) for c in range(PLACE_CODES))
#: The number at each place code.
PLACE_NUMBER: Final[tuple[int, ...]] = tuple(p.number for p in PLACES)
_TEXTS: Final = tuple(f"{p.tile}:{PORT_NAMES[p.port]}" for p in PLACES)
#: Every place a tile has, by its canonical text (the fast path of :func:`parse_place`).
_CANONICAL: Final = {str(p): p for p in PLACES if port_fits(p.tile, p.port)}
