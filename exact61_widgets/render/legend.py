"""The one legend of the pictures: every mark on the table, its sample and its words.

Each mark is defined once here (its key, the palette colours it is drawn in and
what it means, in English with a Russian translation) and drawn with the same
shapes as on the table (:mod:`exact61_widgets.render.marks`). Two uses:

* :func:`render_legend` — the whole legend as a picture, for the start page and
  the README (``docs/legend.svg``, ``docs/legend.ru.svg``);
* ``render_svg(..., legend=True)`` — under a layout, the rows of exactly the
  marks that picture shows, in the same order, samples and words. So a legend
  never names a mark the picture lacks nor leaves out one it draws.

Regenerate the files in ``docs/`` with ``python -m exact61_widgets.render.legend docs``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.marks import (
    PICK_EDGE,
    badge,
    bridge,
    closed_ring,
    dot,
    pick_ring,
)
from exact61_widgets.render.svg_table_parts import rounding_sample
from exact61_widgets.render.svg_tally import tally_sample
from exact61_widgets.render.svgkit import (
    SIDE,
    Node,
    Panel,
    SvgText,
    TileLook,
    back_group,
    check_size,
    element,
    figure_prefix,
    node_cache,
    picture,
    share,
    text,
    text_width,
    tile_group,
)
from exact61_widgets.render.theme import RenderError, palette


@dataclass(frozen=True)
class Mark:
    """One mark of the pictures: its key (``data-mark``), words, palette colours, classes.

    ``classes`` are the classes of the elements that draw it, in any picture.
    """

    #: Its name (the ``data-mark`` of the elements that draw it).
    key: str
    #: What the legend says of it.
    words: Msg
    #: Its palette colours.
    colors: tuple[str, ...]
    #: The classes of the elements that draw it, in any picture.
    classes: tuple[str, ...]


#: Every mark, in the order every legend lists them.
MARKS: Final[tuple[Mark, ...]] = (
    Mark(
        "tile",
        Msg("A tile face up: its two halves and the line between them"),
        ("tile", "tile edge", "pip", "divider"),
        ("face", "pips", "pip", "divider"),
    ),
    Mark(
        "back",
        Msg("Blue back: a tile face down, in a hand or the boneyard"),
        ("tile back", "tile back pattern", "tile edge"),
        ("back",),
    ),
    Mark(
        "end",
        Msg(
            "Number in a filled square: a scoring end and its value; a tile may be played there too"
        ),
        ("badge", "badge text"),
        ("badge",),
    ),
    Mark("place", Msg("Dot: an open place, where a tile may be played"), ("dot",), ("dot",)),
    Mark(
        "closed",
        Msg("Ring: a side branch, closed until both lines of its spinner are filled"),
        ("closed", "dot fill"),
        ("ring",),
    ),
    Mark(
        "spinner",
        Msg("Dashed orange frame: a spinner (every double becomes one)"),
        ("spinner",),
        ("frame",),
    ),
    Mark(
        "last", Msg("Star on a green face: the tile played last"), ("last", "tile last"), ("star",)
    ),
    Mark(
        "picked-place",
        Msg("Wide ring: a place picked out, such as where the chosen tile may go"),
        ("highlight",),
        ("pick",),
    ),
    Mark(
        "picked-tile",
        Msg("Thick solid edge on a pink face: a tile picked out"),
        ("highlight", "tile highlight"),
        ("highlight",),
    ),
    Mark(
        "bridge",
        Msg("Line: joins a tile drawn a little apart to its place"),
        ("bridge",),
        ("bridge",),
    ),
    Mark(
        "rejected",
        Msg(
            "Red words: rejected by the target check, and why (it would pass {target})",
            TARGET_PARAMS,
        ),
        ("rejected",),
        ("rejected",),
    ),
    Mark("applied", Msg("Green words: applied by the target check"), ("accepted",), ("applied",)),
    Mark(
        "deferred",
        Msg("Grey words: not applied: kept for the going-out settlement (R7.4), or no award"),
        ("muted",),
        ("deferred", "none"),
    ),
    Mark(
        "tally",
        Msg("Strokes: the paper tally, one a displayed point; ten make a full figure (R10)"),
        ("tally",),
        ("stroke", "figure"),
    ),
    Mark(
        "negative",
        Msg("Red strokes after a minus: a score below zero (D3)"),
        ("rejected",),
        ("negative", "minus"),
    ),
    Mark(
        "rounding",
        Msg(
            "Number line: a total (filled circle) rounds to the nearest multiple of 5 "
            "(ring), 1 and 2 down (green), 3 and 4 up (blue) (R7.5)"
        ),
        ("text", "accepted", "dot", "highlight"),
        ("axis", "tick", "multiple", "down", "up", "total", "result", "arrow", "head"),
    ),
)
KEYS: Final[tuple[str, ...]] = tuple(mark.key for mark in MARKS)
#: The word a status mark's sample shows, as the settlement tables write it.
STATUS_WORDS: Final[Mapping[str, tuple[Msg, str]]] = {
    "rejected": (Msg("rejected"), "rejected"),
    "applied": (Msg("applied"), "accepted"),
    "deferred": (Msg("kept"), "muted"),
}

#: A row's height; its sample fills a tile-sized cell (64 × 32) on the left.
ROW: Final = 40
CELL_W: Final = 2 * SIDE
TEXT_X: Final = CELL_W + 16
FONT_SIZE: Final = 13


def _sample(
    key: str, x: float, y: float, colors: Mapping[str, str], lang: str, defs: str | None
) -> list[Node]:
    """The mark ``key`` drawn in the cell whose top-left corner is (x, y)."""
    cx, cy = x + CELL_W / 2, y + SIDE / 2
    if key == "end":
        return badge(cx, cy, 5, colors)
    if key == "place":
        return [dot(cx, cy, colors)]
    if key == "closed":
        return [closed_ring(cx, cy, colors)]
    if key == "picked-place":
        return [dot(cx, cy, colors), pick_ring(cx, cy, colors)]
    if key == "bridge":
        return [bridge(x + 8, cy, x + CELL_W - 8, cy, colors)]
    if key in STATUS_WORDS:
        word, color = STATUS_WORDS[key]
        return [
            text(
                cx,
                cy + 4,
                word.text(lang),
                size=11,
                fill=colors[color],
                anchor="middle",
                weight="bold",
                cls=f"status {key}",
            )
        ]
    if key == "tally":
        return tally_sample(x + CELL_W / 2 - SIDE / 2, y, SIDE, colors["tally"])
    if key == "negative":
        color = colors["rejected"]
        return [
            text(x + 14, cy + 9, "−", size=24, fill=color, anchor="end", cls="minus"),
            *tally_sample(x + CELL_W / 2 - SIDE / 2, y, SIDE, color),
        ]
    if key == "rounding":
        return rounding_sample(x, cy, CELL_W, colors)
    if key == "back":
        return [back_group(x, y, True, colors, defs=defs)]
    tile: tuple[int, int] = {"tile": (1, 2), "spinner": (3, 3), "last": (1, 3)}.get(key, (2, 5))
    looks: dict[str, dict[str, Any]] = {
        "tile": {},
        "spinner": {"frame": True},
        "last": {"face": colors["tile last"], "star": True},
        "picked-tile": {
            "face": colors["tile highlight"],
            "edge": colors["highlight"],
            "edge_width": PICK_EDGE,
        },
    }
    look = looks.get(key)
    if look is None:
        raise RenderError(
            Msg(
                "unknown mark {key}: the marks are {keys}",
                {"key": repr(key), "keys": ", ".join(KEYS)},
            )
        )
    return [
        tile_group(
            Tile(*tile),
            x,
            y,
            tile[0],
            tile[1],
            True,
            TileLook.of(colors, **look),
            classes=("sample",),
            data=False,
            defs=defs,
        )
    ]


def check_marks(marks: Iterable[str] | None) -> list[str]:
    """The given mark keys in legend order (None: all of them); unknown keys raise."""
    if marks is None:
        return list(KEYS)
    wanted = set(marks)
    unknown = sorted(wanted - set(KEYS))
    if unknown:
        raise RenderError(
            Msg(
                "unknown mark {key}: the marks are {keys}",
                {"key": repr(unknown[0]), "keys": ", ".join(KEYS)},
            )
        )
    return [key for key in KEYS if key in wanted]


def legend_rows(
    marks: Iterable[str],
    colors: Mapping[str, str],
    lang: str,
    x: float,
    y: float,
    defs: str | None = None,
) -> tuple[Node, float, float]:
    """The rows of ``marks`` (legend order) from (x, y): the group, its width and height.

    Its sample tiles place the shared symbols of ``defs`` (the picture part's id prefix).
    Cached, like the tiles: a board draws the same few legends again and again.
    """
    return _legend_rows(tuple(check_marks(marks)), tuple(colors.items()), lang, x, y, defs)


@node_cache(maxsize=256)
def _legend_rows(
    keys: tuple[str, ...],
    palette_: tuple[tuple[str, str], ...],
    lang: str,
    x: float,
    y: float,
    defs: str | None,
) -> tuple[Node, float, float]:
    colors = dict(palette_)
    rows = []
    width = 0.0
    by_key = {mark.key: mark for mark in MARKS}
    for i, key in enumerate(keys):
        top = y + i * ROW
        words = by_key[key].words.text(lang)
        rows.append(
            element(
                "g",
                {"class": "legend-row", "data-mark": key},
                [
                    element("g", {"class": "symbol"}, _sample(key, x, top + 4, colors, lang, defs)),
                    text(
                        x + TEXT_X,
                        top + 4 + SIDE / 2 + 4.5,
                        words,
                        size=FONT_SIZE,
                        fill=colors["text"],
                    ),
                ],
            )
        )
        width = max(width, TEXT_X + text_width(words, FONT_SIZE))
    return share(element("g", {"class": "legend"}, rows)), width, len(rows) * ROW


def legend_words(marks: Iterable[str] | None = None, lang: str | None = None) -> list[str]:
    """One sentence per mark, in legend order: what the README and ``<desc>`` say."""
    lang = check_lang(lang)
    by_key = {mark.key: mark for mark in MARKS}
    return [by_key[key].words.text(lang) for key in check_marks(marks)]


def render_legend(
    lang: str | None = None,
    theme: str = "light",
    *,
    marks: Sequence[str] | None = None,
    size: int | None = None,
    colors: Mapping[str, str] | None = None,
    id_prefix: str | None = None,
) -> SvgText:
    """The legend of every picture (or of ``marks``, keys of :data:`KEYS`) as an SVG.

    The same samples and words as under a layout drawn with ``legend=True``.
    """
    lang = check_lang(lang)
    size = check_size(size)
    palette_ = palette(theme, colors)
    keys = check_marks(marks)
    prefix = figure_prefix(
        "legend",
        " ".join(keys),
        {"lang": lang, "theme": theme, "size": size, "colors": sorted(palette_.items())},
        id_prefix,
    )
    heading = gettext("How to read the pictures", lang)
    group, width, height = legend_rows(keys, palette_, lang, 0, 30, defs=prefix)
    nodes = [
        text(0, 16, heading, size=15, fill=palette_["text"], weight="bold", cls="title"),
        group,
    ]
    width = max(width, text_width(heading, 15, bold=True))
    panel = Panel((-16, -16, width + 32, 30 + height + 24), nodes)
    desc = ". ".join(legend_words(keys, lang)) + "."
    return picture(panel, prefix, size, heading, desc, palette_["background"])


#: The committed legend pictures: file name -> language.
LEGEND_FILES: Final[Mapping[str, str]] = {"legend.svg": "en", "legend.ru.svg": "ru"}


def legend_file_text(lang: str) -> str:
    """What ``docs/legend.svg`` (or ``legend.ru.svg``) holds: the light legend, fixed ids."""
    return str(render_legend(lang, "light", id_prefix=f"legend-{lang}")) + "\n"


def write_legend_files(folder: str | Path) -> list[Path]:
    """Write the legend pictures into ``folder`` (the repository's ``docs/``)."""
    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    written = []
    for name, lang in LEGEND_FILES.items():
        path = root / name
        path.write_text(legend_file_text(lang), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m exact61_widgets.render.legend FOLDER``: write the legend pictures there."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m exact61_widgets.render.legend FOLDER", file=sys.stderr)
        return 2
    for path in write_legend_files(args[0]):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
