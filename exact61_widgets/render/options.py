"""What a picture of a layout shows and how: one frozen set of drawing options.

:func:`~exact61_widgets.render.svg.render_svg` takes these as keyword arguments
(``render_svg(layout, ends=False, lang="ru")``, as a notebook asks for a picture),
checks them against the layout and gathers them into one :class:`PictureOptions`;
the drawing functions below it (:func:`~exact61_widgets.render.svg.layout_panel`,
the match and table pictures) take that one object instead of a dozen parameters,
so an option is added in one place and passed through untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from exact61_widgets.engine.events import PlayEvent
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.render.theme import palette


@dataclass(frozen=True)
class PictureOptions:
    """The marks, texts, colours and size of a layout's picture, checked against its layout.

    ``ends`` the scoring ends' badges, ``places`` the open places' dots (and, with
    ``closed_places``, the closed branches' rings), ``spinners`` the spinners' frames,
    ``caption`` the caption line, ``legend`` the legend of the marks drawn; ``last`` the
    tile with the last play's star (None: none); ``highlight_tiles`` and
    ``highlight_places`` what is picked out; ``play`` the last play's event, whose
    rejected or deferred award the caption shows so; ``lang`` the language of the texts,
    ``colors`` the whole palette (:func:`~exact61_widgets.render.theme.palette`) and
    ``size`` the width in pixels (None: one pixel per user unit).
    :func:`~exact61_widgets.render.svg.render_svg` documents each.

    >>> from dataclasses import replace
    >>> from exact61_widgets.engine import Layout
    >>> from exact61_widgets.render.geometry import drawn_geometry
    >>> from exact61_widgets.render.svg import layout_panel
    >>> layout = Layout.parse("[1|4] [1|1]@[1|4]:low")
    >>> quiz = PictureOptions(ends=False, lang="ru")  # an exercise: no badges, no sums
    >>> panel = layout_panel(layout, drawn_geometry(layout, str(layout)), "quiz", quiz)
    >>> replace(quiz, ends=True).ends, quiz.ends  # frozen: a variant is a new object
    (True, False)
    """

    ends: bool = True
    places: bool = True
    spinners: bool = True
    caption: bool = True
    legend: bool = False
    closed_places: bool = True
    last: Tile | None = None
    highlight_tiles: AbstractSet[Tile] = frozenset()
    highlight_places: AbstractSet[Place] = frozenset()
    play: PlayEvent | None = None
    lang: str = "en"
    colors: Mapping[str, str] = field(default_factory=palette)
    size: int | None = None
