"""What the widgets draw, as data, and the one place that calls the SVG renderer.

No SVG is drawn here: every picture comes from :mod:`exact61_widgets.render`.

Steps and positions describe their pictures with small frozen specs
(:class:`LayoutSpec`, :class:`HandSpec` …); :func:`draw` turns a spec into SVG
with :mod:`exact61_widgets.render` and an explicit id prefix, so the same spec
always gives the same bytes. :func:`compose` puts several pictures side by side
for the board, each wrapped in a ``div`` whose class tells the board's keyboard
what may be focused (``exact61-layout`` places, ``exact61-hand`` tiles).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent, PlayEvent
from exact61_widgets.engine.tiles import parse_tile

if TYPE_CHECKING:
    from collections.abc import Iterable

    from exact61_widgets.engine.ports import Place
    from exact61_widgets.engine.tiles import Tile


@dataclass(frozen=True)
class LayoutSpec:
    """The table: highlighted open places and tiles, the last play marked, end badges.

    ``play`` is the event of the layout's last play: an award the target check
    rejected (or a going-out tile's, kept for the settlement) is drawn so (R1.4, R7.4).
    """

    layout: str
    places: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    last: bool = True
    ends: bool = True
    play: PlayEvent | None = None


@dataclass(frozen=True)
class HandSpec:
    """A row of tiles: a player's hand, face up or down, or the tray a learner plays from."""

    tiles: tuple[str, ...]
    highlight: tuple[str, ...] = ()
    face_up: bool = True


@dataclass(frozen=True)
class RoundingSpec:
    """A pip total on a number line with its nearest multiple of 5 (R7.5)."""

    total: int


@dataclass(frozen=True)
class GoingOutSpec:
    """The going-out settlement table (R7): every part, the net and the target check."""

    event: OutEvent


@dataclass(frozen=True)
class BlockedSpec:
    """The blocked-hand settlement table (R8): the awards given so far, in order."""

    events: tuple[BlockedAwardEvent, ...]


@dataclass(frozen=True)
class BoneyardSpec:
    """The boneyard: how many tiles are left, face down."""

    count: int


@dataclass(frozen=True)
class ScoreSpec:
    """The score board, with the paper tally (R10) unless ``tally`` is False, one score per side."""

    scores: tuple[int, ...]
    players: int
    tally: bool = True


@dataclass(frozen=True)
class SeatsSpec:
    """Every player's hand face up, one row per seat under its label (a story's omniscient view).

    ``highlight`` marks tiles in the hands (e.g. the ones just drawn).
    """

    hands: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...]
    highlight: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figure:
    """One picture of a step or position on the board: what to draw, its id suffix, a label.

    (Not :class:`~exact61_widgets.render.svgkit.Panel`, the part of one SVG picture that
    the renderer arranges; a figure is a whole picture with its own ``<svg>``.)

    ``label`` is text already in the widget's language ("Seat 1, to move").
    """

    spec: Any
    suffix: str = "layout"
    label: str = ""

    @property
    def css_class(self) -> str:
        """The wrapper's class on the board: ``exact61-hand`` for rows of tiles to click."""
        if self.suffix.startswith(("hand", "tray", "bones")):
            return f"exact61-hand exact61-{self.suffix}"
        return f"exact61-{self.suffix}"


def _renderer(name: str) -> Any:
    """A picture function of :mod:`exact61_widgets.render` (loaded on first use)."""
    import exact61_widgets.render as render

    return getattr(render, name)


def draw(spec: Any, prefix: str, lang: str, theme: str = "light") -> str:
    """The SVG of one spec in ``theme``'s palette, with ids starting with ``prefix``.

    Highlights that the picture cannot show (a place no longer open, a tile not
    in that hand) are left out rather than refused.
    """
    from exact61_widgets.engine.layout import Layout

    opts = {"lang": lang, "theme": theme, "id_prefix": prefix}
    if isinstance(spec, LayoutSpec):
        layout = Layout.parse(spec.layout)
        places = [p for p in spec.places if layout.is_open(p)]
        tiles = [t for t in spec.tiles if parse_tile(t) in layout]
        played = layout.tiles
        play = (
            spec.play if spec.play is not None and played and played[-1] == spec.play.tile else None
        )
        return str(
            _renderer("render_svg")(
                layout,
                ends=spec.ends,
                highlight_places=places,
                highlight_tiles=tiles,
                last="auto" if spec.last else None,
                closed_places=True,
                play=play,
                **opts,
            )
        )
    if isinstance(spec, HandSpec):
        lit = [t for t in spec.highlight if t in spec.tiles] if spec.face_up else []
        return str(
            _renderer("hand_svg")(list(spec.tiles), face_up=spec.face_up, highlight=lit, **opts)
        )
    if isinstance(spec, RoundingSpec):
        return str(_renderer("rounding_svg")(spec.total, **opts))
    if isinstance(spec, BoneyardSpec):
        return str(_renderer("boneyard_svg")(spec.count, **opts))
    if isinstance(spec, ScoreSpec):
        return str(
            _renderer("scoreboard_svg")(
                list(spec.scores), players=spec.players, tally=spec.tally, **opts
            )
        )
    if isinstance(spec, GoingOutSpec):
        return str(_renderer("out_settlement_svg")(spec.event, **opts))
    if isinstance(spec, BlockedSpec):
        return str(_renderer("blocked_settlement_svg")(list(spec.events), **opts))
    if isinstance(spec, SeatsSpec):
        return str(
            _renderer("seats_svg")(spec.hands, spec.labels, highlight=spec.highlight, **opts)
        )
    raise TypeError(f"no picture for {spec!r}")


def compose(
    panels: tuple[Figure, ...],
    prefix: str,
    lang: str,
    cache: dict[tuple[Any, str, str], str] | None = None,
    theme: str = "light",
) -> tuple[str, str]:
    """Draw the panels: the first SVG (the static picture) and the board's markup.

    ``cache`` keeps each panel's SVG, so stepping back and forth draws nothing twice.
    """
    svgs = []
    for panel in panels:
        key = (panel.spec, panel.suffix, theme)
        svg = None if cache is None else cache.get(key)
        if svg is None:
            svg = draw(panel.spec, f"{prefix}-{panel.suffix}", lang, theme)
            if cache is not None:
                cache[key] = svg
        svgs.append(svg)
    markup = "".join(
        f'<div class="{p.css_class}">'
        + (f'<div class="exact61-panel-label">{html.escape(p.label)}</div>' if p.label else "")
        + f"{svg}</div>"
        for p, svg in zip(panels, svgs, strict=True)
    )
    return (svgs[0] if svgs else ""), markup


def focus_labels(panels: tuple[Figure, ...], lang: str) -> dict[str, str]:
    """What a screen reader says for each thing the keyboard reaches on the board.

    Keys are what the board's script uses: a place's text (``[4|4]:branchA``) and
    ``tile [1|2]`` for a tile of a hand or tray.
    """
    from exact61_widgets.engine.layout import Layout

    labels: dict[str, str] = {}
    for panel in panels:
        spec = panel.spec
        if isinstance(spec, LayoutSpec):
            labels.update(target_labels(Layout.parse(spec.layout).open_places(), (), lang))
        elif isinstance(spec, HandSpec) and spec.face_up and "exact61-hand" in panel.css_class:
            labels.update(target_labels((), spec.tiles, lang))
    return labels


def target_labels(
    places: Iterable[Place], tiles: Iterable[Tile | str], lang: str
) -> dict[str, str]:
    """What a screen reader says for open places and tiles of a hand the keyboard reaches,
    by the keys the board's script uses (see :func:`focus_labels`); a picture that says
    what it drew (:class:`~exact61_widgets.render.table.TableSvg`) is named from that."""
    from exact61_widgets.engine.ports import PORT_LABELS
    from exact61_widgets.i18n import Msg

    labels: dict[str, str] = {}
    for place in places:
        labels[str(place)] = Msg(
            "Open place {place}: {port} of {tile}, takes a {number}",
            {
                "place": str(place),
                "port": Msg(PORT_LABELS[place.port]),
                "tile": str(place.tile),
                "number": place.number,
            },
        ).text(lang)
    for tile in tiles:
        labels[f"tile {tile}"] = Msg("Choose tile {tile}", {"tile": str(tile)}).text(lang)
    return labels
