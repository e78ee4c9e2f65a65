"""The classroom app: every tab in one language, switched by one control."""

from __future__ import annotations

import pytest

from exact61_widgets.classroom.app import Classroom, classroom_css
from exact61_widgets.i18n import set_language


def test_the_classroom_has_the_match_six_walkthroughs_and_the_story_in_english() -> None:
    room = Classroom(lang="en")
    assert room.tabs.titles[0] == "Match"
    assert room.tabs.titles[1] == "Spinner branching"
    assert room.tabs.titles[-1] == "A whole hand, step by step"
    assert len(room.tabs.children) == 8
    assert room.language.value == "en"


def test_the_language_control_rebuilds_every_tab_in_russian() -> None:
    room = Classroom(lang="en")
    english = list(room.tabs.titles)
    old_table = room.table
    room.tabs.selected_index = 2  # the class is on the end-scoring walkthrough
    room.language.value = "ru"
    assert room.lang == "ru"
    assert room.tabs.titles[0] == "Партия"
    assert all(a != b for a, b in zip(english, room.tabs.titles, strict=True))
    assert room.table is not old_table and room.table is not None
    assert room.table.lang == "ru"
    assert [x.lang for x in room.walkthroughs] == ["ru"]  # the tab in view, made again
    assert room.tabs.selected_index == 2 and room.tabs.children[2] is room.walkthroughs[0]
    assert room.size.description == "Размер костей"


def test_the_zoom_slider_reaches_every_board_after_a_switch() -> None:
    room = Classroom(lang="en", tile_scale=1.5)
    room.switch("ru")
    assert room.table is not None
    made = [room.walkthrough(index) for index in range(1, 8)]
    assert all(x.board.zoom == 1.5 for x in (room.table, *made))


def test_a_walkthrough_is_made_when_its_tab_is_first_chosen() -> None:
    """A page starts with the match alone; each walkthrough is made once, on first view."""
    room = Classroom(lang="en")
    assert room.walkthroughs == [] and len(room.tabs.children) == 8
    room.tabs.selected_index = 1
    spinner = room.walkthroughs[0]
    assert room.tabs.children[1] is spinner and room.tabs.selected_index == 1
    assert spinner.lang == "en" and spinner.board.zoom == 2.0
    room.tabs.selected_index = 0
    room.tabs.selected_index = 1
    assert room.walkthroughs == [spinner]  # made once
    assert room.walkthrough(7) is room.tabs.children[7]
    with pytest.raises(ValueError, match="tab 8 is not a walkthrough's"):
        room.walkthrough(8)


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


def test_the_match_tab_is_one_table_picture_drawn_for_the_screen() -> None:
    """The classroom's table draws its one picture TABLE_SIZE pixels wide at zoom 1, the
    log folded; the style sheet keeps Voila's page to the app and the lines short."""
    from exact61_widgets.classroom.app import TABLE_SIZE

    room = Classroom(lang="en")
    assert room.table is not None
    assert room.table.size == TABLE_SIZE and room.table.board.zoom == 2.0
    assert f'width="{TABLE_SIZE}"' in room.table.board.picture
    assert room.table.log_box.selected_index is None  # folded; a notebook's table shows it
    assert room.header.children == (room.language, room.size)
    css = classroom_css(18)
    assert "#rendered_cells .jp-MarkdownCell { display: none; }" in css
    assert "-webkit-line-clamp: 2" in css and ".exact61-hint-line { display: none; }" in css
