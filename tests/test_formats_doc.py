"""The formats page (``docs/formats.md``) says what the code does.

Its examples are run (the record replays and fits its schema, the saved scenario
loads and plays, the notation reads and writes back), and its lists are compared
with the code: the ports, the event kinds and their fields as replay emits them,
the puzzle file's fields, the commands of ``exact61``, the names importable from
the package. A change to a format then fails here until the page follows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import exact61_widgets
from exact61_widgets import Layout, caption, replay
from exact61_widgets.cli import build_parser
from exact61_widgets.engine.bots import make_bot
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import PORTS
from exact61_widgets.engine.record import record_schema, to_record
from exact61_widgets.engine.scenario import SavedScenario
from exact61_widgets.engine.tiles import parse_tile
from exact61_widgets.simulation.matches import play_match

PAGE = Path(__file__).resolve().parents[1] / "docs" / "formats.md"
TEXT = PAGE.read_text("utf-8")


def section(number: int) -> str:
    """The text of the page's section ``number`` (from its heading to the next)."""
    found = re.search(rf"^## {number} .*?(?=^## |\Z)", TEXT, re.S | re.M)
    assert found, f"docs/formats.md has no section {number}"
    return found.group(0)


def json_blocks(text: str) -> list[object]:
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the markdown tables in ``text``, cells stripped."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip("|"))])
    return [r for r in rows if r and r[0] not in ("port", "kind", "field", "command")]


def names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_the_layout_example_reads_and_writes_back() -> None:
    layout = re.search(r"```text\n(.*?)\n```", section(1), re.S)
    assert layout
    assert str(Layout.parse(layout.group(1))) == layout.group(1)


@pytest.mark.parametrize("spelling", ["[4|1]", "1|4", "1-4", "14", "[1|4]"])
def test_every_tile_spelling_the_page_names_is_read(spelling: str) -> None:
    assert str(parse_tile(spelling)) == "[1|4]"


@pytest.mark.parametrize("bad", ["[7|1]", "[1|]", "x"])
def test_the_page_s_bad_tiles_are_refused_by_name(bad: str) -> None:
    assert f"`{bad}`" in section(1)
    with pytest.raises(NotationError, match=re.escape(bad)):
        parse_tile(bad)


def test_the_ports_table_names_every_port() -> None:
    listed = {n for row in table_rows(section(1)) for n in names(row[0])}
    assert listed == {str(p) for p in PORTS}


def test_the_caption_example_is_the_caption_of_the_layout_example() -> None:
    layout = re.search(r"```text\n(.*?)\n```", section(1), re.S)
    assert layout
    assert f"`{caption(layout.group(1), 'en')}`" in section(2).replace("\n  ", " ")


def test_the_record_example_fits_the_schema_and_replays() -> None:
    (record,) = json_blocks(section(3))
    jsonschema.validate(record, record_schema())
    document = replay(record)  # type: ignore[arg-type]
    assert document["hands"][0]["end"] is None  # a position in progress, as the page says


def test_the_saved_scenario_example_loads_and_plays() -> None:
    (data,) = json_blocks(section(4))
    saved = SavedScenario.from_json(data)
    assert saved.match().history
    assert set(data["setup"]) == set(saved.scenario.to_json())  # type: ignore[index]


def test_the_puzzle_table_names_every_field_of_a_puzzle() -> None:
    from exact61_widgets.puzzles.model import DATA_FILE

    path = Path(exact61_widgets.__file__).parent / "puzzles" / DATA_FILE
    assert f"puzzles/{DATA_FILE}" in section(5)
    document = json.loads(path.read_text("utf-8"))
    listed = {n for row in table_rows(section(5)) for n in names(row[0])}
    assert listed == set(document["puzzles"][0])
    assert f'"format": "{document["format"]}"' in section(5)
    assert f'"version": {document["version"]}' in section(5)


def _emitted_fields() -> dict[str, set[str]]:
    """Every event kind replay emits over seeded matches of 2, 3 and 4, with its fields."""
    found: dict[str, set[str]] = {}
    for players in (2, 3, 4):
        for seed in range(6):
            bots = [make_bot("greedy", f"{seed}/{s}") for s in range(players)]
            match = play_match(Match(players, seed=seed), bots)
            document = replay(to_record(match))
            for hand in document["hands"]:
                for event in hand["events"]:
                    found.setdefault(event["kind"], set()).update(event)
    return found


def test_the_event_table_names_every_kind_and_field_replay_emits() -> None:
    rows = table_rows(section(6))
    listed = {names(r[0])[0]: set(names(r[1])) | {"kind", "scores"} for r in rows}
    assert listed == _emitted_fields()


def test_the_event_stream_example_has_the_document_s_keys() -> None:
    (example,) = json_blocks(section(6))
    match = Match(2, seed=1)
    while match.hand_end is None:
        match.push(match.legal_actions()[0])
    document = replay(to_record(match))
    assert set(example) == set(document)  # type: ignore[arg-type]
    assert set(example["hands"][0]) == set(document["hands"][0])  # type: ignore[index]


def test_the_command_table_names_every_command() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices  # noqa: SLF001
    listed = {names(r[0])[0].split()[1] for r in table_rows(section(7))}
    assert listed == set(commands)


def test_the_python_entry_points_are_importable_from_the_package() -> None:
    listed = {"Layout", "describe", "caption", "replay", "render_svg", "layout_geometry"}
    text = section(8)
    for name in listed:
        assert f"`{name}" in text
        assert hasattr(exact61_widgets, name)
