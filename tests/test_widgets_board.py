"""The board (anywidget): its browser messages, its static files, its picture and its errors."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.widgets import Board, WidgetError
from exact61_widgets.widgets.board import FOCUSABLE, BoardAction, parse_message, static_text
from exact61_widgets.widgets.mimebundle import WIDGET_VIEW, id_prefix


def test_messages_the_js_sends_are_checked_and_parsed() -> None:
    assert parse_message({"type": "click", "place": "[4|4]:branchA"}) == BoardAction(
        "click", place=Place.parse("[4|4]:branchA"))
    assert parse_message({"type": "click", "tile": "45"}) == BoardAction(
        "click", tile=Tile(4, 5))
    enter = parse_message({"type": "key", "key": "Enter", "place": "[1|4]:low"})
    assert enter.activates and enter.place == Place.parse("[1|4]:low")
    escape = parse_message({"type": "key", "key": "Escape"})
    assert not escape.activates and escape.key == "Escape"
    for bad, reason in [
        ("click", "not a message"), ({"type": "hover"}, "unknown message type"),
        ({"type": "key", "key": "Tab"}, "unknown key"), ({"type": "click"}, "one place or"),
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
    for name in ("exact61-board", "exact61-board-picture", "exact61-board-live",
                 "exact61-board-error", "aria-live", "model.send", "innerHTML",
                 "change:svg", 'addEventListener("click"', 'addEventListener("keydown"'):
        assert name in js
    assert ":focus-visible" in Board._css and ".exact61-board" in Board._css
    assert ".exact61-board svg .spinner { animation: none; }" in Board._css  # Voila's spin


def test_static_files_ship_inside_the_package() -> None:
    folder = resources.files("exact61_widgets.widgets").joinpath("static")
    assert {p.name for p in folder.iterdir()} >= {"board.js", "board.css"}


def test_synced_traits_are_the_documented_ones() -> None:
    board = Board()
    synced = set(board.keys)
    assert {"svg", "announcement", "error", "label", "focusable", "labels",
            "interactive", "_esm", "_css"} <= synced
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
    assert "page_theme" in board.keys and "theme" not in board.keys


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
    for name in ('"data-jp-theme-light"', "vscode-dark", 'model.set("page_theme"',
                 "MutationObserver", "themeWatch.disconnect()"):
        assert name in js


def test_every_button_and_status_line_has_a_stable_class_in_any_language() -> None:
    from exact61_widgets.exercises import Exercise, PlayAward
    from exact61_widgets.widgets import MatchTable, PositionExplorer, SpinnerWalkthrough

    def classes(widget: object) -> set[str]:
        found: set[str] = set(getattr(widget, "_dom_classes", ()))
        for child in getattr(widget, "children", ()):
            found |= classes(child)
        return found

    for lang in ("en", "ru"):
        walk = classes(SpinnerWalkthrough(lang=lang))
        assert {"exact61-back", "exact61-next", "exact61-reset", "exact61-step-slider",
                "exact61-step-label"} <= walk
        explorer = classes(PositionExplorer(lang=lang))
        assert {"exact61-status", "exact61-moves", "exact61-mode", "exact61-play-move",
                "exact61-undo", "exact61-redo", "exact61-deal", "exact61-use-position",
                "exact61-load", "exact61-export"} <= explorer
        table = classes(MatchTable(hint_budget=None, lang=lang))
        assert {"exact61-status", "exact61-scores", "exact61-hint-line", "exact61-step",
                "exact61-auto-play", "exact61-undo", "exact61-hint"} <= table
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
