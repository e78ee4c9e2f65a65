"""A Russian tutorial in JupyterLab: every text the widgets write is Russian.

03_spinners_and_branches_ru is opened and run like its English twin; its spinner
walkthrough must caption, label and announce in Russian (only Python writes those),
and Next must step it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from . import ui
from .conftest import OpenNotebook, open_tutorial

NOTEBOOK = "03_spinners_and_branches_ru.ipynb"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
ENGLISH = re.compile(r"\b(?:Step|of|the|and|Back|Next|Reset|play|place)\b")


@pytest.fixture(scope="module")
def russian(browser: Any, servers: Any) -> Iterator[OpenNotebook]:
    """The Russian tutorial open in JupyterLab, all cells run."""
    yield from open_tutorial(browser, servers, "lab", NOTEBOOK)


def test_the_russian_walkthrough_speaks_russian_and_steps(russian: OpenNotebook) -> None:
    walk = ui.widgets(russian.page, ".exact61-walkthrough")[0]
    caption = walk.text(".exact61-caption-text")
    label = walk.text(".exact61-step-label")
    assert CYRILLIC.search(caption) and CYRILLIC.search(label), repr((caption, label))
    assert not ENGLISH.search(caption + " " + label), (caption, label)
    buttons = " ".join(walk.button(name).text_content() or "" for name in ("back", "next", "reset"))
    assert CYRILLIC.search(buttons) and not ENGLISH.search(buttons), buttons
    picture = walk.markup()
    walk.button("next").click()
    walk.wait_for_change(picture)
    ui.wait_until(lambda: walk.text(".exact61-caption-text") != caption, 10, "a new caption")
    ui.wait_until(lambda: CYRILLIC.search(walk.live()) is not None, 10, "a Russian announcement")
    assert not ENGLISH.search(walk.live()), walk.live()
