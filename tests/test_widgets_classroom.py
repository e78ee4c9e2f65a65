"""The classroom app: every tab in one language, switched by one control."""

from __future__ import annotations

import json

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
    assert (
        room.tabs.selected_index == 2 and room.tabs.children[2].children[0] is room.walkthroughs[0]
    )
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
    assert room.tabs.children[1].children[0] is spinner and room.tabs.selected_index == 1
    assert spinner.lang == "en" and spinner.board.zoom == 2.0
    room.tabs.selected_index = 0
    room.tabs.selected_index = 1
    assert room.walkthroughs == [spinner]  # made once
    assert room.walkthrough(7) is room.tabs.children[7].children[0]
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
    assert room.header.children == (room.language, room.size, room.predict, room.notes)
    css = classroom_css(18)
    assert "#rendered_cells .jp-MarkdownCell { display: none; }" in css
    assert "-webkit-line-clamp: 2" in css and ".exact61-hint-line { display: none; }" in css


def test_the_classroom_asks_before_it_shows_and_the_switch_turns_it_off_for_every_tab() -> None:
    room = Classroom(lang="en")
    assert room.predict.value is True and room.predict.description == "Play first"
    going_out = room.walkthrough(4)
    blocked = room.walkthrough(5)
    assert going_out.predict and blocked.predict
    going_out.next()
    assert going_out.role == "play"
    room.predict.value = False
    assert not going_out.predict and not blocked.predict
    assert going_out.role == "step" and going_out.step == 1
    room.switch("ru")
    assert room.predict.description == "Сначала ход"
    assert room.walkthrough(6).predict is False  # made after the switch, as the switch says
    assert Classroom(lang="en", predict=False).walkthrough(4).predict is False


def test_the_classroom_opens_going_out_and_blocked_on_positions_that_teach_the_point() -> None:
    room = Classroom(lang="en")
    going_out = room.walkthrough(4)
    # Opponents 7 + 6 = 13 round once to 15; each rounded apart would give 5 + 5 = 10.
    assert going_out.events[1].opponents_pips == 13
    assert going_out.events[1].opponents_award == 15
    opponents = [s for s in range(4) if going_out.before.side_of(s) != 0]
    apart = sum(5 * round(going_out.before.pips(s) / 5) for s in opponents)
    assert apart == 10  # so a class that rounds each opponent apart gets another number
    blocked = room.walkthrough(5)
    assert tuple(blocked.before.scores) == (0, 0) and not blocked.match.is_over
    said = " ".join(s.caption.text("en") for s in blocked.steps)
    assert "rejected" not in said and "(R8.5)" not in said  # the target comes in a later tab


def test_a_pasted_record_saved_scenario_or_notation_loads_a_tab_without_code() -> None:
    from exact61_widgets.engine.scenario import SavedScenario
    from exact61_widgets.views.ready_positions import BLOCKED_3P_ONCE, SPINNER_LAYOUT

    room = Classroom(lang="en")
    room.tabs.selected_index = 5
    old = room.walkthrough(5)
    loader = room.tabs.children[5].children[-1]
    assert loader.get_title(0) == "Load a position" and loader.selected_index is None
    saved = SavedScenario(BLOCKED_3P_ONCE).to_json()
    loader.text.value = json.dumps(saved)
    assert loader.load()
    new = room.walkthrough(5)
    assert new is not old and room.tabs.children[5].children[0] is new
    assert new.before.players == 3 and new.step == 0 and new.predict
    assert loader.status.value == "Loaded: step 1 is shown."
    spinner = room.walkthrough(1)
    room.load(1, "  " + SPINNER_LAYOUT + "\n")
    assert room.walkthrough(1) is not spinner
    assert room.walkthrough(1).board.zoom == room.size.value


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("", "nothing is pasted"),
        ('{"format": ', "the JSON cannot be read: a fault at line 1, column 11"),
        ("[1, 2]", "is not a tile"),
        ("[1|2] [2|9]@[1|2]:high", "[2|9]"),
        ("[4|4]", "cannot go out"),
    ],
)
def test_bad_pasted_input_is_named_in_one_line_and_nothing_changes(text: str, fault: str) -> None:
    room = Classroom(lang="en")
    going_out = room.walkthrough(4)
    going_out.next()
    loader = room.tabs.children[4].children[-1]
    loader.text.value = text
    assert loader.load() is False
    said = loader.status.value
    assert said.startswith('<span role="alert">Not loaded: ') and fault in said, said
    assert "\n" not in said
    assert room.walkthrough(4) is going_out and going_out.step == 1
    assert room.tabs.children[4].children[0] is going_out


def test_the_pasted_fault_is_named_in_russian_in_a_russian_classroom() -> None:
    room = Classroom(lang="ru")
    room.walkthrough(6)
    loader = room.tabs.children[6].children[-1]
    loader.text.value = "{]"
    assert loader.load() is False
    assert "Не загружено: JSON не читается: ошибка в строке 1, столбец 2" in loader.status.value


def test_the_printed_teacher_scripts_are_current() -> None:
    """docs/walkthrough-script.md and its Russian twin are what the script writes from
    today's walkthroughs (python -m exact61_widgets.classroom.script --write makes them
    again)."""
    from pathlib import Path

    from exact61_widgets.classroom.script import PAGES, script_markdown

    root = Path(__file__).resolve().parents[1]
    for lang, page in PAGES.items():
        assert (root / page).read_text(encoding="utf-8") == script_markdown(lang), page


def test_the_script_names_the_wrong_answers_this_position_gives_in_the_exercises_words() -> None:
    from exact61_widgets.classroom.labels import did
    from exact61_widgets.classroom.script import script_markdown
    from exact61_widgets.exercises.kinds.blocked_award import ROUND_ONCE
    from exact61_widgets.exercises.kinds.going_out import OUT_EACH_ROUNDED

    english = script_markdown("en")
    # Going out: opponents 7 and 6 rounded each (5 + 5) minus the partner's 5 gives 5, named
    # by what the learner did (the live class's label) and then what it shows (the hint).
    settlement = english.split("## Going out", 1)[1].split("Pair 0+2: what does", 1)[1]
    each = f"  - *{did(OUT_EACH_ROUNDED, 'en')}* — {OUT_EACH_ROUNDED.text('en')}"
    assert each in settlement.split("- **5**\n", 1)[1].split("\n- **", 1)[0]
    # Blocked: seat 1's differences 6 and 12 rounded each give 5 + 10 = 15.
    blocked = english.split("## Blocked hand", 1)[1]
    assert ROUND_ONCE.text("en") in blocked.split("- **15**\n", 1)[1].split("\n- **", 1)[0]
    russian = script_markdown("ru")
    assert f"*{did(OUT_EACH_ROUNDED, 'ru')}* — {OUT_EACH_ROUNDED.text('ru')}" in russian
    assert "Заметки учителя" in russian


def test_the_teachers_notes_switch_shows_the_question_and_wrong_answers_under_a_held_play() -> None:
    room = Classroom(lang="en")
    going_out = room.walkthrough(4)
    notes = room.tabs.children[4].children[1]
    assert room.notes.value is False and notes.layout.display == "none"
    assert notes.value == ""  # step 1 holds nothing back
    going_out.go(len(going_out.steps) - 2)  # the settlement, held back
    assert going_out.role == "play"
    assert "Ask:" in notes.value and "Wrong answers to expect" in notes.value
    assert "<b>5</b>" in notes.value
    room.notes.value = True
    assert notes.layout.display is None
    assert room.walkthrough(5) and room.tabs.children[5].children[1].layout.display is None
    going_out.next()
    assert notes.value == ""  # the result is shown: nothing to ask
    from exact61_widgets.engine.scenario import SavedScenario
    from exact61_widgets.views.ready_positions import GOING_OUT_3P

    loaded = room.load(4, json.dumps(SavedScenario(GOING_OUT_3P).to_json()))
    loaded.go(len(loaded.steps) - 2)
    assert "Ask:" in notes.value  # the notes follow the loaded walkthrough


def test_the_exact_61_tab_shows_the_blocked_hand_near_the_target_on_request() -> None:
    from exact61_widgets.widgets.walkthroughs import BlockedWalkthrough, Exact61Walkthrough

    room = Classroom(lang="en")
    plays = room.walkthrough(6)
    assert isinstance(plays, Exact61Walkthrough)
    holder = room.tabs.children[6]
    choice = holder.children[2]
    assert [label for label, _ in choice.options] == [
        "Plays near the target",
        "A blocked hand near the target",
    ]
    choice.value = "blocked"
    near = room.walkthrough(6)
    assert isinstance(near, BlockedWalkthrough) and holder.children[0] is near
    assert near.match.is_over and near.predict  # an award makes exactly 61 and ends the match
    assert "(R8.5)" in " ".join(s.caption.text("en") for s in near.steps)
    near.go(len(near.steps) - 2)
    room.notes.value = True
    assert holder.children[1].layout.display is None
    choice.value = "plays"
    assert isinstance(room.walkthrough(6), Exact61Walkthrough)
