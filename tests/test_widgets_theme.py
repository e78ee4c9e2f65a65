"""Boards follow the page's theme: every widget redraws its pictures in the dark palette.

The browser reports the page's theme in ``Board.page_theme`` (see board.js); these
tests set it as the browser would and check that the owner redrew with the renderer's
dark palette, that its static picture follows, and that a chosen theme stays put.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from exact61_widgets.render.theme import DARK, LIGHT
from exact61_widgets.widgets import (
    BlockedWalkthrough,
    EndScoringWalkthrough,
    Exact61Walkthrough,
    GoingOutWalkthrough,
    MatchTable,
    PositionExplorer,
    RoundingWalkthrough,
    SpinnerWalkthrough,
)

MAKERS: dict[str, Callable[..., Any]] = {
    "spinner": SpinnerWalkthrough,
    "scoring": EndScoringWalkthrough,
    "rounding": RoundingWalkthrough,
    "going-out": GoingOutWalkthrough,
    "blocked": BlockedWalkthrough,
    "exact61": Exact61Walkthrough,
    "explorer": PositionExplorer,
    "table": lambda **kw: MatchTable(hint_budget=None, **kw),
}


def palette_of(svg: str) -> str:
    """Which palette drew ``svg``, told by the background colour the renderer writes."""
    light, dark = LIGHT["background"] in svg, DARK["background"] in svg
    assert light != dark, svg[:300]
    return "dark" if dark else "light"


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_a_dark_page_redraws_the_board_and_the_static_picture_dark(kind: str) -> None:
    widget = MAKERS[kind]()
    board = widget.board
    light_markup = board.svg
    assert palette_of(board.svg) == palette_of(widget.static_svg()) == "light"
    board.page_theme = "dark"
    assert palette_of(board.svg) == palette_of(board.picture) == "dark"
    assert palette_of(widget.static_svg()) == "dark"
    board.page_theme = "light"
    assert board.svg == light_markup  # back to the same bytes


@pytest.mark.parametrize("kind", ["spinner", "explorer", "table"])
def test_a_chosen_theme_ignores_the_page(kind: str) -> None:
    widget = MAKERS[kind](theme="dark")
    assert palette_of(widget.board.svg) == "dark"
    widget.board.page_theme = "light"
    assert palette_of(widget.board.svg) == "dark"
    light = MAKERS[kind](theme="light")
    light.board.page_theme = "dark"
    assert palette_of(light.board.svg) == "light"


def test_stepping_a_walkthrough_on_a_dark_page_keeps_drawing_dark() -> None:
    walk = SpinnerWalkthrough()
    walk.board.page_theme = "dark"
    walk.next()
    assert palette_of(walk.board.svg) == "dark"
    walk.back()
    assert palette_of(walk.board.svg) == "dark"


def test_a_bad_theme_for_a_widget_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown board theme 'night'"):
        PositionExplorer(theme="night")
