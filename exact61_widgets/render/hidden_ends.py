"""The texts of a layout picture drawn with its scoring ends hidden (``ends=False``).

Such a picture is an exercise: which ends count, their sum and the award are
the learner's to find. So its ``<title>``, ``<desc>`` and caption line name the
tiles, spinners and connections (and the open places only if their dots are
drawn) but never a contribution, a sum or an award. Built from the public parts
of :mod:`exact61_widgets.render.descriptions`, in its words and order.
"""

from __future__ import annotations

from exact61_widgets.engine.layout import Layout
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.descriptions import listed, place_text, port_label


def _as_layout(layout: Layout | str) -> Layout:
    return layout if isinstance(layout, Layout) else Layout.parse(layout)


def hidden_ends_title(layout: Layout | str, lang: str | None = None) -> str:
    """``Tiles: [1|4], [1|1]. The scoring ends are not marked.`` (no sum, no award)."""
    lang = check_lang(lang)
    layout = _as_layout(layout)
    if not layout:
        return gettext("The table is empty.", lang)
    return Msg(
        "Tiles: {tiles}. The scoring ends are not marked.",
        {"tiles": ", ".join(str(t) for t in layout.tiles)},
    ).text(lang)


def hidden_ends_description(
    layout: Layout | str, lang: str | None = None, *, places: bool = True
) -> str:
    """The title, then spinners, connections and (if ``places``) the open places."""
    lang = check_lang(lang)
    layout = _as_layout(layout)
    parts = [hidden_ends_title(layout, lang)]
    if layout:
        parts.append(
            Msg(
                "Spinners: {spinners}.",
                {"spinners": listed([str(t) for t in layout.spinners], ", ", lang)},
            ).text(lang)
        )
        parts.append(
            Msg(
                "Connections: {connections}.",
                {
                    "connections": listed(
                        [
                            " – ".join(
                                (
                                    place_text(c.parent, lang, False),
                                    place_text(c.child, lang, False),
                                )
                            )
                            for c in layout.connections()
                        ],
                        "; ",
                        lang,
                    )
                },
            ).text(lang)
        )
        if places:
            open_places = sorted(
                layout.open_places(), key=lambda p: (p.tile.index, port_label(p.port, lang))
            )
            parts.append(
                Msg(
                    "Open places: {places}.",
                    {
                        "places": listed(
                            [place_text(p, lang, True) for p in open_places], "; ", lang
                        )
                    },
                ).text(lang)
            )
    return " ".join(parts)


def hidden_ends_line(layout: Layout | str, lang: str | None = None) -> str:
    """The caption line under such a picture: the ends are the reader's to find."""
    lang = check_lang(lang)
    if not _as_layout(layout):
        return gettext("The table is empty.", lang)
    return gettext("The scoring ends are not marked: find them yourself.", lang)
