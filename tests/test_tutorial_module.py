"""The tutorials' first-cell helpers: the session language and pictures with their texts."""

from __future__ import annotations

from typing import Any

import pytest

from exact61_widgets import get_language, set_language, tutorial
from exact61_widgets.render import render_svg


def test_setup_sets_the_session_language() -> None:
    try:
        tutorial.setup("ru")
        assert get_language() == "ru"
    finally:
        set_language("en")


def test_show_gives_the_picture_its_text_and_keeps_a_caption_under_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[dict[str, Any]] = []
    monkeypatch.setattr("IPython.display.display", lambda bundle, raw: shown.append(bundle))
    svg = str(render_svg("[1|4] [1|1]@[1|4]:low", id_prefix="t"))
    tutorial.show(svg)
    tutorial.show(svg, caption="Scoring contributions: 1 + 4 = 5.")
    assert [sorted(b) for b in shown] == [
        ["image/svg+xml", "text/plain"],
        ["image/svg+xml", "text/plain"],
        ["text/plain"],
    ]
    assert shown[0]["image/svg+xml"] == svg and shown[0]["text/plain"] == tutorial.alt_text(svg)
    assert "<" not in shown[0]["text/plain"] and shown[0]["text/plain"]
    assert shown[2] == {"text/plain": "Scoring contributions: 1 + 4 = 5."}
