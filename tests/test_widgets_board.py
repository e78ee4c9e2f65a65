"""The board (anywidget): its browser messages, its static files, its picture and its errors."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources

import ipywidgets as w
import pytest

from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.widgets import Board, WidgetError
from exact61_widgets.widgets.board import (
    FOCUSABLE,
    BoardAction,
    parse_message,
    static_text,
)
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.mimebundle import WIDGET_VIEW, id_prefix
from exact61_widgets.widgets.slider import NamedSlider


def test_messages_the_js_sends_are_checked_and_parsed() -> None:
    assert parse_message({"type": "click", "place": "[4|4]:branchA"}) == BoardAction(
        "click", place=Place.parse("[4|4]:branchA")
    )
    assert parse_message({"type": "click", "tile": "45"}) == BoardAction("click", tile=Tile(4, 5))
    enter = parse_message({"type": "key", "key": "Enter", "place": "[1|4]:low"})
    assert enter.activates and enter.place == Place.parse("[1|4]:low")
    escape = parse_message({"type": "key", "key": "Escape"})
    assert not escape.activates and escape.key == "Escape"
    for bad, reason in [
        ("click", "not a message"),
        ({"type": "hover"}, "unknown message type"),
        ({"type": "key", "key": "Tab"}, "unknown key"),
        ({"type": "click"}, "one place or"),
        ({"type": "click", "place": "[4|4]:lineA", "tile": "[4|4]"}, "one place or"),
        ({"type": "click", "place": "[4|4]:low"}, "lineA, lineB"),
    ]:
        with pytest.raises(ValueError, match=reason):  # WidgetError or NotationError
            parse_message(bad)


def test_a_bad_message_is_shown_on_the_error_line_and_never_raised() -> None:
    board = Board()
    seen: list[BoardAction] = []
    board.on_action(seen.append)
    assert board.receive({"type": "nonsense"}) is None
    assert "unknown message type" in board.error and seen == []
    board._handle_custom_msg({"type": "click", "tile": "[2|3]"}, [])  # the ipywidgets path
    assert seen == [BoardAction("click", tile=Tile(2, 3))]


def test_a_failing_callback_is_shown_not_raised() -> None:
    board = Board(lang="ru")

    def broken(action: BoardAction) -> None:
        raise RuntimeError("boom")

    board.on_action(broken)
    board.receive({"type": "click", "tile": "[2|3]"})
    assert "RuntimeError" in board.error and "boom" in board.error
    assert board.error.startswith("непредвиденная ошибка")


def test_the_front_end_module_uses_only_the_anywidget_api() -> None:
    js = Board._esm
    assert js == static_text("board.js")
    assert "export default { render }" in js and "function render({ model, el })" in js
    assert not re.search(r"^\s*import\b", js, re.M), "no imports: nothing but the anywidget API"
    for name in (
        "exact61-board",
        "exact61-board-picture",
        "exact61-board-live",
        "exact61-board-error",
        "aria-live",
        "model.send",
        "innerHTML",
        "change:svg",
        'addEventListener("click"',
        'addEventListener("keydown"',
    ):
        assert name in js
    assert ":focus-visible" in Board._css and ".exact61-board" in Board._css
    assert ".exact61-board svg .spinner { animation: none; }" in Board._css  # Voila's spin


def test_static_files_ship_inside_the_package() -> None:
    folder = resources.files("exact61_widgets.widgets").joinpath("static")
    assert {p.name for p in folder.iterdir()} >= {"board.js", "board.css"}


def test_synced_traits_are_the_documented_ones() -> None:
    board = Board()
    synced = set(board.keys)
    assert {
        "svg",
        "announcement",
        "error",
        "label",
        "instructions",
        "focusable",
        "labels",
        "interactive",
        "theme",
        "_esm",
        "_css",
    } <= synced
    assert board.focusable == FOCUSABLE


def test_board_mimebundle_is_the_static_picture_and_a_deterministic_text() -> None:
    board = Board(name="demo")
    board.show('<svg id="demo"></svg>', '<div class="exact61-layout"><svg id="demo"></svg></div>')
    data = board._repr_mimebundle_()
    assert data["image/svg+xml"] == '<svg id="demo"></svg>'
    assert data["text/plain"] == "Board('demo')" == repr(board)
    assert WIDGET_VIEW in data and "0x" not in data["text/plain"]
    assert board.svg.startswith('<div class="exact61-layout">')


def test_id_prefixes_come_from_content_or_a_name() -> None:
    assert id_prefix("spinner", "[1|4]", "en") == id_prefix("spinner", "[1|4]", "en")
    assert id_prefix("spinner", "[1|4]", "en") != id_prefix("spinner", "[1|4]", "ru")
    assert id_prefix("x", name="lesson-1") == "lesson-1"
    with pytest.raises(WidgetError, match="starts with a letter"):
        id_prefix("x", name="1 bad")


def test_the_board_draws_in_the_theme_the_page_reports_unless_one_is_chosen() -> None:
    board = Board()
    calls: list[str] = []
    board.on_theme(lambda: calls.append(board.drawn_theme))
    assert (board.theme, board.page_theme, board.drawn_theme) == ("auto", "light", "light")
    board.page_theme = "dark"  # what board.js sets when <body data-jp-theme-light="false">
    assert board.drawn_theme == "dark" and calls == ["dark"]
    board.page_theme = "sepia"  # anything else the browser might say is drawn light
    assert board.page_theme == "light" and calls == ["dark", "light"]
    board.theme = "dark"
    board.page_theme = "light"  # a chosen theme ignores the page: no redraw
    assert board.drawn_theme == "dark" and calls == ["dark", "light", "dark"]
    # both reach the browser: it reports the one and outlines the focus to suit the other
    assert "page_theme" in board.keys and "theme" in board.keys


def test_a_bad_board_theme_is_refused_and_the_old_one_kept() -> None:
    with pytest.raises(WidgetError, match="unknown board theme 'blue'"):
        Board(theme="blue")
    board = Board(theme="light")
    with pytest.raises(WidgetError, match="use 'auto', 'light' or 'dark'"):
        board.theme = "blue"
    assert board.theme == "light"


def test_a_failing_theme_callback_is_shown_on_the_error_line() -> None:
    board = Board()

    def broken() -> None:
        raise ValueError("cannot redraw")

    board.on_theme(broken)
    board.page_theme = "dark"
    assert "cannot redraw" in board.error


def test_the_front_end_reports_the_page_theme_and_watches_it() -> None:
    js = Board._esm
    for name in (
        '"data-jp-theme-light"',
        "vscode-dark",
        'model.set("page_theme"',
        "MutationObserver",
        "themeWatch.disconnect()",
    ):
        assert name in js


def test_every_button_and_status_line_has_a_stable_class_in_any_language() -> None:
    from exact61_widgets.exercises import PlayAward
    from exact61_widgets.widgets import Exercise, MatchTable, PositionExplorer, SpinnerWalkthrough

    def classes(widget: object) -> set[str]:
        found: set[str] = set(getattr(widget, "_dom_classes", ()))
        for child in getattr(widget, "children", ()):
            found |= classes(child)
        return found

    for lang in ("en", "ru"):
        walk = classes(SpinnerWalkthrough(lang=lang))
        assert {
            "exact61-back",
            "exact61-next",
            "exact61-reset",
            "exact61-step-slider",
            "exact61-step-label",
        } <= walk
        explorer = classes(PositionExplorer(lang=lang))
        assert {
            "exact61-status",
            "exact61-moves",
            "exact61-mode",
            "exact61-play-move",
            "exact61-undo",
            "exact61-redo",
            "exact61-deal",
            "exact61-use-position",
            "exact61-load",
            "exact61-export",
        } <= explorer
        table = classes(MatchTable(hint_budget=None, lang=lang))
        assert {
            "exact61-status",
            "exact61-hint-line",
            "exact61-step",
            "exact61-auto-play",
            "exact61-undo",
            "exact61-hint",
        } <= table
        exercise = Exercise(PlayAward("[1|4]", "[4|6]@[1|4]:high"), lang=lang)
        assert "exact61-check" in classes(exercise)


def test_zoom_scales_the_pictures_in_the_browser_and_a_bad_zoom_is_refused() -> None:
    board = Board()
    assert board.zoom == 1.0 and "zoom" in board.keys
    board.zoom = 2
    assert board.zoom == 2.0
    for bad in (0.1, 5, -1):
        with pytest.raises(WidgetError, match=r"zoom is a number from 0\.25 to 4\.0"):
            board.zoom = bad
    assert board.zoom == 2.0
    js = Board._esm
    assert 'model.on("change:zoom", showZoom)' in js and "picture.style.zoom" in js


# -- accessibility: roles, one Tab stop, named items and controls ------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def keyboard_items(markup: str) -> list[str]:
    """What board.js makes keyboard items of (:data:`FOCUSABLE`), by the key it uses.

    ``.exact61-layout [data-place]:not(.closed)`` gives ``[4|4]:branchA``,
    ``.exact61-hand [data-tile]`` gives ``tile [1|2]``; in markup order.
    """
    assert FOCUSABLE == ".exact61-layout [data-place]:not(.closed), .exact61-hand [data-tile]"
    root = ET.fromstring(f"<board>{markup}</board>")
    found = []

    def walk(node: ET.Element, layout: bool, hand: bool) -> None:
        # A descendant selector: the class may be on any ancestor (a panel's wrapper, or a
        # group inside one picture, as the match table draws its layout and hand).
        place, tile = node.get("data-place"), node.get("data-tile")
        if layout and place is not None and "closed" not in node.get("class", "").split():
            found.append(place)
        elif hand and tile is not None:
            found.append(f"tile {tile}")
        classes = node.get("class", "").split()
        for child in node:
            walk(child, layout or "exact61-layout" in classes, hand or "exact61-hand" in classes)

    walk(root, False, False)
    return found


def pictures(markup: str) -> list[ET.Element]:
    """Every SVG root in a board's markup."""
    return list(ET.fromstring(f"<board>{markup}</board>").iter(f"{SVG_NS}svg"))


def interactive_boards() -> list[tuple[str, Board]]:
    """The boards of every widget that takes plays, in states with and without a choice."""
    from exact61_widgets.widgets import EndScoringWalkthrough, MatchTable, PositionExplorer

    explorer = PositionExplorer()
    chosen = PositionExplorer()
    chosen.board.receive({"type": "key", "key": "Enter", "tile": "[1|2]"})  # a tile chosen
    table = MatchTable(players=2, seed=3, hint_budget=None)
    played = MatchTable(players=2, seed=3, hint_budget=None)
    played.auto_play()
    move = next(a for a in played.match.legal_actions() if a.kind == "play")
    played.play(move)
    walk = EndScoringWalkthrough()
    walk.go(4)
    return [
        ("explorer", explorer.board),
        ("explorer, tile chosen", chosen.board),
        ("table at the deal", table.board),
        ("table in play", played.board),
        ("end-scoring walkthrough", walk.board),
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_keyboard_item_has_a_spoken_name_from_python(lang: str) -> None:
    """board.js names each item from ``labels`` (else it would only say the bare key)."""
    from exact61_widgets.widgets import EndScoringWalkthrough, MatchTable, PositionExplorer

    boards = [
        PositionExplorer(lang=lang).board,
        MatchTable(seed=3, lang=lang).board,
        EndScoringWalkthrough(lang=lang).board,
    ]
    for board in boards:
        items = keyboard_items(board.svg)
        assert board.interactive and items
        assert len(items) == len(set(items)), "two items with one key: arrows would skip one"
        for key in items:
            assert key in board.labels, key
            assert board.labels[key].strip() and board.labels[key] != key, key


def test_boards_in_every_state_label_all_their_items_and_every_picture_is_titled() -> None:
    """What Python sends for the browser's roles: items named, each SVG an ``img`` that
    ``aria-labelledby`` names by its own non-empty ``<title>`` (a board that holds items
    turns it into a ``group`` with that same name)."""
    for name, board in interactive_boards():
        items = keyboard_items(board.svg)
        assert items, name
        assert set(items) <= set(board.labels), (name, set(items) - set(board.labels))
        for svg in pictures(board.svg):
            assert svg.get("role") == "img", name
            titles = {t.get("id"): (t.text or "") for t in svg.iter(f"{SVG_NS}title")}
            assert titles.get(svg.get("aria-labelledby"), "").strip(), (name, svg.attrib)
            assert svg.get("aria-describedby") in {
                d.get("id") for d in svg.iter(f"{SVG_NS}desc")
            }, name


def test_a_board_you_only_look_at_has_no_keyboard_items() -> None:
    """The spinner walkthrough shows pictures: its board takes no keys and keeps ``img``."""
    from exact61_widgets.widgets import SpinnerWalkthrough

    board = SpinnerWalkthrough().board
    assert not board.interactive and board.labels == {}
    assert all(svg.get("role") == "img" for svg in pictures(board.svg))


def test_the_board_tells_screen_reader_users_its_keys_in_their_language() -> None:
    english = Board(lang="en")
    for word in ("Arrow keys", "Home", "End", "Enter", "Space", "Escape"):
        assert word in english.instructions
    russian = Board(lang="ru")
    assert "стрелками" in russian.instructions and "Escape" in russian.instructions
    assert russian.label == "Стол с выкладкой"


def test_the_front_end_gives_one_tab_stop_roles_and_the_keys_of_the_composite() -> None:
    """board.js: roving tabindex (one item at 0, the rest -1), the application / group / img
    roles, arrows in reading order with Home and End, Enter/Space, Escape."""
    js = Board._esm
    for needle in (
        '"tabindex", other === node ? "0" : "-1"',
        'node.setAttribute("role", "button")',
        'picture.setAttribute("role", "application")',
        '"aria-describedby", keys.id',
        'svg.setAttribute("role", "group")',
        'picture.setAttribute("role", "group")',
        "function readingOrder",
        "getBoundingClientRect",
        '"ArrowRight", "ArrowDown"',
        '"ArrowLeft", "ArrowUp"',
        'key === "Home"',
        'key === "End"',
        'key === " "',
        'key: "Escape"',
        "requestAnimationFrame(settle)",
        'model.get("instructions")',
        "data-lm-suppress-shortcuts",
    ):
        assert needle in js, needle
    css = Board._css
    assert '[data-theme="dark"] { --exact61-focus:' in css
    assert "[data-exact61-item]:focus-visible" in css and "outline: 3px solid" in css


def test_the_step_slider_is_named_and_says_which_step_in_any_language() -> None:
    """The walkthroughs' slider is a labelled range input (not ipywidgets' nameless handle):
    its label is "Step" and screen readers hear "Step 3 of 9"."""
    from exact61_widgets.widgets import EndScoringWalkthrough

    for lang, name, said in (("en", "Step", "Step {k} of 9"), ("ru", "Шаг", "Шаг {k} из 9")):
        walk = EndScoringWalkthrough(lang=lang)
        slider = walk.controls.slider
        assert isinstance(slider, NamedSlider) and slider.description == name
        assert "exact61-step-slider" in slider._dom_classes
        assert slider.valuetext == said.format(k=1) == walk.controls.position.value
        slider.value = 2  # what the browser sends when the slider moves (arrow keys, Home/End)
        assert walk.step == 2 and slider.valuetext == said.format(k=3)
        walk.next()
        assert slider.value == 3 and slider.valuetext == said.format(k=4)
    js = NamedSlider._esm
    assert js == static_text("slider.js")
    for needle in (
        'document.createElement("label")',
        'input.type = "range"',
        '"aria-valuetext"',
        'model.set("value", Number(input.value))',
    ):
        assert needle in js, needle


def test_a_named_slider_keeps_its_value_in_range_and_refuses_a_bad_name_or_step() -> None:
    slider = NamedSlider("Size", min=1, max=3, step=0.25, value=2)
    assert slider.value == 2.0
    slider.value = 7
    assert slider.value == 3.0  # clamped, as ipywidgets' sliders do
    slider.max = 2.5  # a smaller range moves the value into it
    assert slider.value == 2.5
    with pytest.raises(WidgetError, match="a slider needs a name"):
        NamedSlider("  ")
    with pytest.raises(WidgetError, match="step is a positive number, not 0"):
        slider.step = 0
    assert slider.step == 0.25


def test_every_button_is_named_an_icon_only_one_by_its_tooltip() -> None:
    plain = button("Undo", "undo", icon="undo")
    assert plain.description == "Undo" and plain.tooltip is None
    icon = button("Undo", "undo", icon="undo", icon_only=True)
    assert (icon.description, icon.tooltip, icon.icon) == ("", "Undo", "undo")
    assert {"exact61-button", "exact61-undo", "exact61-icon-only"} <= set(icon._dom_classes)
    with pytest.raises(WidgetError, match="the button 'undo' needs a label"):
        button(" ", "undo")
    with pytest.raises(WidgetError, match="shows only an icon but has none"):
        button("Undo", "undo", icon_only=True)


def test_every_button_of_every_widget_has_a_name() -> None:
    """Text or tooltip: what a screen reader says for each button (none is empty)."""
    from exact61_widgets.exercises import PlayAward
    from exact61_widgets.widgets import (
        EndScoringWalkthrough,
        Exercise,
        MatchTable,
        PositionExplorer,
        SpinnerWalkthrough,
    )

    def buttons(widget: object) -> list[w.Button]:
        found = [widget] if isinstance(widget, w.Button) else []
        for child in getattr(widget, "children", ()):
            found += buttons(child)
        return found

    for lang in ("en", "ru"):
        for widget in (
            SpinnerWalkthrough(lang=lang),
            EndScoringWalkthrough(lang=lang),
            PositionExplorer(lang=lang),
            MatchTable(hint_budget=None, lang=lang),
            Exercise(PlayAward("[1|4]", "[4|6]@[1|4]:high"), lang=lang),
        ):
            found = buttons(widget)
            assert found, type(widget).__name__
            for made in found:
                assert (made.description or made.tooltip or "").strip(), made


def test_enter_chooses_a_tile_and_escape_puts_it_back_and_says_so() -> None:
    """The keys board.js sends to an owner (explorer and table share the handler): Enter on
    a hand tile chooses it and lights its places, Escape drops it, the places go dark and
    the live line says so; Escape with nothing chosen says nothing."""
    from exact61_widgets.widgets import PositionExplorer

    explorer = PositionExplorer()  # seat 0 holds [1|2], which fits [1|1]:lineB only
    board = explorer.board
    assert "tile [1|2]" in keyboard_items(board.svg)
    board.receive({"type": "key", "key": "Enter", "tile": "[1|2]"})
    assert str(explorer.picker.selected) == "[1|2]"
    assert board.announcement.startswith("[1|2] chosen: now choose a place ([1|1]:lineB")
    assert 'class="place highlight" data-place="[1|1]:lineB"' in board.svg
    board.receive({"type": "key", "key": "Escape"})
    assert explorer.picker.selected is None and board.announcement == "[1|2] put back"
    assert 'class="place highlight"' not in board.svg
    board.announcement = ""
    board.receive({"type": "key", "key": "Escape"})
    assert board.announcement == "" and board.error == ""
