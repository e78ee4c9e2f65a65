"""Pictures the teaching notebooks draw from a position: every hand, captioned diagrams."""

from __future__ import annotations

from collections.abc import Sequence

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import Scenario
from exact61_widgets.i18n import check_lang
from exact61_widgets.render import caption, render_svg
from exact61_widgets.tutorial.display import show


def hands_svg(position: Match | Scenario, prefix: str, lang: str | None = None) -> str:
    """Every player's hand face up, one labelled row per seat (as in the hand stories).

    ``position`` is a match or a scenario; ``prefix`` the picture's id prefix.
    """
    from exact61_widgets.render import seats_svg
    from exact61_widgets.views.match_status import seat_label

    lang = check_lang(lang)
    hands = tuple(tuple(str(tile) for tile in hand) for hand in position.hands)
    labels = tuple(seat_label(seat, False, lang) for seat in range(len(hands)))
    return str(seats_svg(hands, labels, lang=lang, id_prefix=prefix))


def show_hands(position: Match | Scenario, prefix: str) -> None:
    """Show every player's hand face up (:func:`hands_svg`) in the session's language."""
    show(hands_svg(position, prefix))


def show_captioned(
    layouts: Sequence[str], prefix: str, *, start: int = 1, legend_first: bool = True
) -> None:
    """Show layouts, each with its caption (its ends, their sum and the award) under it.

    The pictures' ids are ``{prefix}{start}``, ``{prefix}{start + 1}`` …; the first
    one also draws the legend of its marks unless ``legend_first`` is False.
    """
    for number, notation in enumerate(layouts, start=start):
        picture = render_svg(
            notation, legend=legend_first and number == start, id_prefix=f"{prefix}{number}"
        )
        show(picture, caption=caption(notation))
