"""Every printed item that asks about a table shows it: the layout, the hands, the boneyard and
the scores (issue: 27 of 70 items once printed none of them, hidden by a ``getattr`` default).

The test runs over every tutorial exercise the package ships and over version A of each
(fresh positions from the generator), in both languages, and over every kind of task: a kind
that keeps a match must be one :func:`~exact61_widgets.handouts.items.table_of` knows.
"""

from __future__ import annotations

import re

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.exercises import task_classes
from exact61_widgets.handouts.items import (
    TABLE_KINDS,
    exercise_item,
    scores_line,
    table_of,
)
from exact61_widgets.handouts.tutorial_exercises import tutorial_exercises
from exact61_widgets.handouts.worksheet import fresh_version
from exact61_widgets.i18n import Msg, Plural

LANGS = ("en", "ru")
TILE = re.compile(r'class="tile[^"]*" data-tile="(\[\d\|\d\])"')


def _boneyard(match: Match, lang: str) -> str:
    if not match.boneyard_count:
        return Msg("The boneyard is empty.").text(lang)
    return Msg(
        "The boneyard holds {tiles}.",
        {"tiles": Plural("{n} tile", "{n} tiles", match.boneyard_count)},
    ).text(lang)


def test_every_kind_that_keeps_a_match_is_one_table_of_reads() -> None:
    for cls in task_classes():
        keeps = [name for name, kind in cls.__annotations__.items() if kind in ("Match", Match)]
        if keeps:
            assert issubclass(cls, TABLE_KINDS) or cls.__name__ == "WhichMistake", cls
    assert all(issubclass(cls, tuple(task_classes())) for cls in TABLE_KINDS)


ENTRIES = [e for e in tutorial_exercises() if "table" in e.pictures]


def test_the_tutorials_ask_about_tables() -> None:
    kinds = {e.task().kind for e in ENTRIES}
    assert kinds == {"legal_action", "play_draw_pass", "going_out", "blocked_award"}
    assert len(ENTRIES) >= 25


@pytest.mark.parametrize("version", [0, 1])
@pytest.mark.parametrize("lang", LANGS)
def test_every_item_that_needs_a_table_prints_its_picture_hands_boneyard_and_scores(
    lang: str, version: int
) -> None:
    missing = []
    for number, original in enumerate(ENTRIES, start=1):
        entry = fresh_version(original, version)
        task = entry.task()
        match = table_of(task)
        if match is None:
            missing.append(f"{entry.name}: no table")
            continue
        item = exercise_item(entry, f"t{number}", lang)
        drawn = [TILE.findall(picture) for picture in item.pictures]
        shown = {tile for tiles in drawn for tile in tiles}
        if match.layout and not any(set(t) >= {str(x) for x in match.layout.tiles} for t in drawn):
            missing.append(f"{entry.name}: no layout")
        seats = range(match.players) if "hands" in entry.pictures else (match.to_move,)
        for seat in seats:
            if not {str(t) for t in match.hand(seat)} <= shown:
                missing.append(f"{entry.name}: no hand of seat {seat}")
        if _boneyard(match, lang) not in item.facts:
            missing.append(f"{entry.name}: no boneyard")
        if scores_line(match, lang) not in item.facts:
            missing.append(f"{entry.name}: no scores")
    assert missing == []
