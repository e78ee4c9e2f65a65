"""The classroom app: every tab in one language, switched by one control."""

from __future__ import annotations

import pytest

from exact61_widgets.i18n import set_language
from exact61_widgets.widgets.classroom import Classroom, classroom_css


def test_the_classroom_has_the_match_six_walkthroughs_and_the_story_in_english() -> None:
    room = Classroom(lang="en")
    assert room.tabs.titles[0] == "Match"
    assert room.tabs.titles[-1] == "A whole hand, step by step"
    assert len(room.tabs.children) == 8
    assert room.language.value == "en"


def test_the_language_control_rebuilds_every_tab_in_russian() -> None:
    room = Classroom(lang="en")
    english = list(room.tabs.titles)
    old_table = room.table
    room.language.value = "ru"
    assert room.lang == "ru"
    assert room.tabs.titles[0] == "Партия"
    assert all(a != b for a, b in zip(english, room.tabs.titles, strict=True))
    assert room.table is not old_table and room.table is not None
    assert room.table.lang == "ru"
    assert all(x.lang == "ru" for x in room.walkthroughs)
    assert room.size.description == "Размер костей"


def test_the_zoom_slider_reaches_every_board_after_a_switch() -> None:
    room = Classroom(lang="en", tile_scale=1.5)
    room.switch("ru")
    assert room.table is not None
    assert all(x.board.zoom == 1.5 for x in (room.table, *room.walkthroughs))


def test_the_session_language_is_the_default() -> None:
    set_language("ru")
    try:
        assert Classroom().tabs.titles[0] == "Партия"
    finally:
        set_language("en")


def test_a_bad_language_or_text_size_is_refused_in_one_line() -> None:
    room = Classroom(lang="en")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        room.switch("de")
    assert room.lang == "en"
    with pytest.raises(ValueError, match="text_size 5 is out of range"):
        classroom_css(5)
