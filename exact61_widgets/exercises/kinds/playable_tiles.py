"""Which tiles of a hand can be played on a layout (R2.4, R3.1)? A list of tiles.

Only the tiles that can be played are right: every one of them, and no other.
A wrong tile named gets its reason — not in the hand, or no half matching an
open place (a number already joined inside the layout does not count); tiles
left out are only counted, with a hint when the table is empty (any tile may
open) or all of them are doubles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.exercises.examples import example_tile
from exact61_widgets.exercises.reading import read_items, word_text
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    ExerciseError,
    Misconception,
    Mistake,
    Reason,
    Result,
    join,
    list_result,
    malformed,
    modelled,
)
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.render import hand_svg

JOINED_NUMBER = Misconception(
    "joined-number",
    Msg(
        "A number already joined inside the layout is not an open place: a tile must "
        "match an open place (R3.1)."
    ),
)
NO_MATCH = Misconception(
    "no-matching-half", Msg("A tile fits only if one of its halves matches an open place (R3.1).")
)
ANY_TILE_OPENS = Misconception(
    "any-tile-opens", Msg("On an empty table the leader may open with any tile of the hand (R2.4).")
)
DOUBLE_FORGOTTEN = Misconception(
    "double-forgotten",
    Msg("A double fits an open place of its number, like any other tile (R3.1)."),
)
MISCONCEPTIONS = (JOINED_NUMBER, NO_MATCH, ANY_TILE_OPENS, DOUBLE_FORGOTTEN)


def hand_tiles(layout: Layout, hand: Iterable[Tile | str]) -> tuple[Tile, ...]:
    """The hand in tile order; a tile twice or a tile on the table raises ExerciseError."""
    tiles: list[Tile] = []
    for item in hand:
        try:
            tile = as_tile(item)
        except NotationError as err:
            raise ExerciseError(err.message) from None
        if tile in tiles or tile in layout:
            raise ExerciseError(
                Msg(
                    "{tile} cannot be in the hand: it is on the table or listed twice",
                    {"tile": str(tile)},
                )
            )
        tiles.append(tile)
    if not tiles:
        raise ExerciseError(Msg("the hand holds no tile"))
    return tuple(sorted(tiles))


def _numbers(table: Layout) -> str:
    return ", ".join(str(n) for n in sorted({p.number for p in table.open_places()}))


def why_not_playable(table: Layout, hand: Sequence[Tile], tile: Tile) -> Reason:
    """Why a tile the learner named cannot be played (R4.3 never is the reason: a spinner
    whose branches are closed still has a free line showing its number)."""
    if tile not in hand:
        return Reason(Msg("{tile} is not in the hand", {"tile": str(tile)}))
    on_table = {n for t in table.tiles for n in (t.low, t.high)}
    if tile.low in on_table or tile.high in on_table:
        return Reason(
            Msg(
                "{tile} matches a number on the table, but that number is already joined "
                "inside the layout: no half of {tile} matches an open place (R3.1)",
                {"tile": str(tile)},
            ),
            JOINED_NUMBER,
        )
    return Reason(
        Msg(
            "no half of {tile} matches an open place: the open places show {numbers} (R3.1)",
            {"tile": str(tile), "numbers": _numbers(table)},
        ),
        NO_MATCH,
    )


def playable_why(table: Layout, hand: Sequence[Tile]) -> Msg | str:
    """Which tiles of ``hand`` can be played and why: the solution of the question."""
    playable = [t for t in hand if table.can_play(t)]
    if not table:
        return Msg(
            "The leader may open with any tile, so every tile of the hand can be played (R2.4)."
        )
    if not playable:
        return Msg(
            "No tile of the hand matches an open place: the open places show {numbers} (R3.1).",
            {"numbers": _numbers(table)},
        )
    fits = [
        Msg(
            "{tile} fits {places}.",
            {"tile": str(t), "places": ", ".join(str(p) for p in table.legal_places(t))},
        )
        for t in playable
    ]
    unfit = [t for t in hand if t not in playable]
    closing: list[Msg | str] = []
    if unfit:
        closing.append(
            Msg(
                "No half of {tiles} matches an open place: the open places show {numbers}.",
                {"tiles": ", ".join(map(str, unfit)), "numbers": _numbers(table)},
            )
        )
    return join(
        [
            Msg("A tile can be played if one of its halves matches an open place (R3.1)."),
            *fits,
            *closing,
        ]
    )


def modelled_tiles(table: Layout, hand: Sequence[Tile]) -> list[tuple[Misconception, str]]:
    """The list each misconception of the kind leads to: the tiles that match a number joined
    inside the layout, or that match nothing, named too; on an empty table only the doubles
    (as if a double had to open); the playable doubles left out."""
    playable = [t for t in hand if table.can_play(t)]
    on_table = {n for t in table.tiles for n in (t.low, t.high)}
    unfit = [t for t in hand if t not in playable]
    shares = [t for t in unfit if {t.low, t.high} & on_table]

    def text(tiles: Iterable[Tile]) -> str:
        return ", ".join(str(t) for t in sorted(set(tiles))) or "none"

    return [
        (JOINED_NUMBER, text([*playable, *shares])),
        (NO_MATCH, text([*playable, *(t for t in unfit if t not in shares)])),
        (ANY_TILE_OPENS, text(t for t in hand if t.is_double)),
        (DOUBLE_FORGOTTEN, text(t for t in playable if not t.is_double)),
    ]


def _missing_hint(table: Layout, missing: Sequence[Tile]) -> Misconception | None:
    if not table:
        return ANY_TILE_OPENS
    return DOUBLE_FORGOTTEN if missing and all(t.is_double for t in missing) else None


def _check_playable_tiles(layout: Layout | str, hand: Iterable[Tile | str], answer: str) -> Result:
    """Which tiles of ``hand`` can be played on ``layout`` (R2.4, R3.1, R4.3)? A list of tiles.

    Only the tiles that can be played are right: every one of them, and no other.
    """
    table = as_layout(layout)
    tiles = hand_tiles(table, hand)
    expected = [str(t) for t in tiles if table.can_play(t)]
    why = playable_why(table, tiles)
    items = read_items(answer)
    if items is None:
        return malformed(Msg("type an answer first"), ", ".join(expected), why)
    given: dict[str, Tile] = {}
    for item in items:
        try:
            if "@" in item or ":" in item:
                raise NotationError(
                    Msg("{text} is a play or a place, not a tile", {"text": repr(item)})
                )
            tile = as_tile(item)
        except NotationError as err:
            return malformed(
                Msg(
                    "{reason}. Write tiles like {tile}, separated by commas.",
                    {"reason": err.message, "tile": example_tile((*table.tiles, *tiles))},
                ),
                ", ".join(expected),
                why,
            )
        given[str(tile)] = tile
    why_extra = {
        k: why_not_playable(table, tiles, t) for k, t in given.items() if k not in expected
    }
    missing = [t for t in tiles if str(t) in expected and str(t) not in given]
    return list_result(
        why,
        expected,
        given,
        why_extra,
        Plural("{n} playable tile is missing", "{n} playable tiles are missing", len(missing)),
        _missing_hint(table, missing),
    )


@dataclass(frozen=True)
class PlayableTiles(Task):
    """Which tiles of ``hand`` can be played on ``layout`` (R2.4, R3.1)? Only those, all of them."""

    #: The layout in notation.
    layout: str
    #: The tiles of the hand in notation.
    hand: tuple[str, ...]
    kind: ClassVar[str] = "playable_tiles"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        table = Layout.parse(str(self.layout))
        object.__setattr__(self, "layout", str(table))
        object.__setattr__(self, "hand", tuple(str(t) for t in hand_tiles(table, self.hand)))

    def _example(self) -> str:
        return example_tile((*Layout.parse(self.layout).tiles, *map(Tile.parse, self.hand)))

    def question(self) -> Msg:
        """The question."""
        params = {"hand": " ".join(self.hand), "tile": self._example()}
        if not Layout.parse(self.layout):
            return Msg(
                "The table is empty. Which tiles of the hand {hand} may open the layout? "
                "List them like {tile}, separated by commas, or write none.",
                params,
            )
        return Msg(
            "Which tiles of the hand {hand} can be played on this layout? List them like "
            "{tile}, separated by commas, or write none.",
            params,
        )

    def answer_form(self) -> Msg:
        """Tiles separated by commas, or none."""
        return Msg("tiles such as {tile}, separated by commas, or none", {"tile": self._example()})

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_playable_tiles`` reaches it."""
        return _check_playable_tiles(self.layout, self.hand, answer)

    def answer(self, lang: str | None = None) -> str:
        """The tiles that can be played, in tile order."""
        table = Layout.parse(self.layout)
        tiles = [t for t in self.hand if table.can_play(t)]
        return ", ".join(tiles) if tiles else word_text("none", lang)

    def mistakes(self) -> list[Mistake]:
        """The wrong lists the kind's misconceptions lead to here (:func:`modelled_tiles`)."""
        table = Layout.parse(self.layout)
        return modelled(self.check, modelled_tiles(table, [Tile.parse(t) for t in self.hand]))

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The hand with the tiles that can be played picked out."""
        table = Layout.parse(self.layout)
        playable = [t for t in self.hand if table.can_play(t)]
        return str(hand_svg(self.hand, highlight=playable, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The plays listed, each tile with the places it fits, the tiles listed."""
        check_lang(lang)
        table = Layout.parse(self.layout)
        if not table:
            return ()
        playable = [t for t in map(Tile.parse, self.hand) if table.can_play(t)]
        found = [f"{t} fits: " + ", ".join(str(p) for p in table.legal_places(t)) for t in playable]
        found += [f"{t}: [{', '.join(str(p) for p in table.legal_places(t))}]" for t in playable]
        if playable:
            found.insert(0, ", ".join(f"{t}@{p}" for t in playable for p in table.legal_places(t)))
        if len(playable) > 1:
            found.append(", ".join(map(str, playable)))
        return tuple(found)
