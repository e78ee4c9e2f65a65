"""The three actions of a turn: play a tile, draw from the boneyard, pass (R3).

``Play`` objects are interned (one per tile and place), so move generation
hands out ready-made objects; ``DRAW`` and ``PASS`` are singletons.
"""

from __future__ import annotations

from typing import ClassVar, Final

from exact61_widgets.engine.ports import PLACE_NUMBER, PLACES, Place
from exact61_widgets.engine.tiles import TILES, Tile, as_tile


class Play:
    """Put ``tile`` at ``at`` (None: the opening tile).

    Fast code reads the same in integers: :attr:`tile_index` (``tile.index``) and
    :attr:`place_code` (``at.code``, -1 for the opening tile).
    """

    __slots__ = ("at", "place_code", "tile", "tile_index")
    #: Always ``"play"``.
    kind: ClassVar[str] = "play"

    #: The tile put down.
    tile: Tile
    #: The place it joins, or None for the opening tile.
    at: Place | None
    #: The tile's index, 0–27 (``tile.index``).
    tile_index: int
    #: The place's code (``at.code``), or -1 for the opening tile.
    place_code: int

    def __new__(cls, tile: Tile | str, at: Place | str | None = None) -> Play:
        tile = as_tile(tile)
        place = Place.parse(at) if isinstance(at, str) else at
        code = -1 if place is None else place.code
        cached = _PLAYS.get((tile.index, code))
        if cached is not None:
            return cached
        return cls._make(tile.index, code)

    @classmethod
    def _make(cls, t: int, p: int) -> Play:
        play = object.__new__(cls)
        play.tile = TILES[t]
        play.at = None if p < 0 else PLACES[p]
        play.tile_index = t
        play.place_code = p
        return play

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self.tile_index == other.tile_index
            and self.place_code == other.place_code
        )

    def __hash__(self) -> int:
        return hash((self.tile_index, self.place_code))

    def __str__(self) -> str:
        return str(self.tile) if self.at is None else f"{self.tile}@{self.at}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"

    def __reduce__(self) -> tuple[type[Play], tuple[str, str | None]]:
        return (Play, (str(self.tile), None if self.at is None else str(self.at)))


class Draw:
    """Take the next tile of the boneyard (only when no tile in hand can be played, R3.3)."""

    __slots__ = ()
    #: Always ``"draw"``.
    kind: ClassVar[str] = "draw"

    def __repr__(self) -> str:
        return "DRAW"

    def __reduce__(self) -> str:
        return "DRAW"


class Pass:
    """Pass the turn (only with an empty boneyard and nothing to play, R3.4)."""

    __slots__ = ()
    #: Always ``"pass"``.
    kind: ClassVar[str] = "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        return "PASS"


#: The draw from the boneyard (R3.3): there is only one.
DRAW: Final = Draw()
#: The pass, when the boneyard is empty and nothing fits (R3.4): there is only one.
PASS: Final = Pass()
#: Any action of a seat: a play, the draw or the pass.
Action = Play | Draw | Pass

_PLAYS: dict[tuple[int, int], Play] = {}
for _t, _tile in enumerate(TILES):
    _PLAYS[(_t, -1)] = Play._make(_t, -1)
    for _p in range(len(PLACES)):
        if _tile.has(PLACE_NUMBER[_p]):
            _PLAYS[(_t, _p)] = Play._make(_t, _p)

#: PLAY[(t, p)]: the interned play of tile index ``t`` at place code ``p`` (-1 opening).
PLAY: Final = _PLAYS
#: PLAY_ROWS[t][p]: the same plays by tile, indexed by place code (the opening at index -1).
PLAY_ROWS: Final[tuple[tuple[Play | None, ...], ...]] = tuple(
    tuple(_PLAYS.get((t, p)) for p in (*range(len(PLACES)), -1)) for t in range(len(TILES))
)


def parse_action(text: str) -> Action:
    """Read ``draw``, ``pass``, ``TILE`` (opening) or ``TILE@PLACE``."""
    word = text.strip()
    if word.lower() == "draw":
        return DRAW
    if word.lower() == "pass":
        return PASS
    tile_text, sep, place_text = word.partition("@")
    return Play(tile_text, place_text if sep else None)
