"""The accessible texts of a diagram (CONTRACT §2): the eleven diagrams word for word."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from exact61_widgets import Layout, caption, describe
from exact61_widgets.i18n import Plural


def test_all_eleven_diagrams_are_described_word_for_word_in_russian(
        seed_examples: list[dict[str, Any]]) -> None:
    assert len(seed_examples) == 11
    for example in seed_examples:
        assert describe(example["notation"], lang="ru") == example["description_ru"]
        assert caption(example["notation"], lang="ru") == example["caption_ru"]
        assert describe(Layout.parse(example["notation"]), "ru") == example["description_ru"]


def test_the_engine_agrees_with_every_diagram(seed_examples: list[dict[str, Any]]) -> None:
    for example in seed_examples:
        layout = Layout.parse(example["notation"])
        assert str(layout.placements[-1].tile) == example["played"]
        assert [str(t) for t in layout.spinners] == example["spinners"]
        assert sorted((str(p.tile), p.port.notation, p.number) for p in layout.open_places()) == \
            sorted((p["tile"], p["port"], p["value"]) for p in example["open_places"])
        assert sorted((str(c.tile), None if c.port is None else c.port.notation, c.value)
                      for c in layout.contributions()) == \
            sorted((e["tile"], e["port"], e["value"]) for e in example["scoring_ends"])
        assert layout.end_sum == example["end_sum"]
        assert layout.award == example["award_raw"]
        assert layout.award // 5 == example["award_displayed"]
        for placement, data in zip(layout.placements, example["placements"], strict=False):
            assert str(placement.tile) == data["tile"]
            if "anchor" in data:
                assert placement.at is not None and placement.joined_by is not None
                assert (str(placement.at.tile), placement.at.port.notation,
                        placement.joined_by.notation) == (data["anchor"], data["port"],
                                                          data["joined_by"])


def test_the_cli_prints_every_diagram_word_for_word(seed_examples: list[dict[str, Any]]) -> None:
    for example in seed_examples:
        result = subprocess.run([sys.executable, "-m", "exact61_widgets", "describe",
                                 example["notation"], "--lang", "ru"],
                                capture_output=True, text=True, encoding="utf-8", check=True)
        assert result.stdout == example["description_ru"] + "\n"
        assert result.stderr == ""


def test_english_description_has_the_same_structure() -> None:
    text = describe("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB "
                    "[1|2]@[1|1]:lineB")
    assert text == (
        "Scoring contributions: 2 + 3 = 5. Award for the play: 5 raw points (1 displayed "
        "point). Tiles: [1|4], [1|1], [4|4], [3|4], [1|2]. Spinners: [1|1], [4|4]. "
        "Connections: [1|4] (low end) – [1|1] (line A); [1|4] (high end) – [4|4] (line A); "
        "[4|4] (line B) – [3|4] (high end); [1|1] (line B) – [1|2] (low end). Open places: "
        "[1|1] (branch A, 1); [1|1] (branch B, 1); [1|2] (high end, 2); [3|4] (low end, 3); "
        "[4|4] (branch A, 4); [4|4] (branch B, 4). Scoring contributions: [1|2]: 2; [3|4]: 3.")


def test_english_plurals_and_empty_lists() -> None:
    assert caption("[0|0]") == ("Scoring contributions: 0 = 0. Award for the play: 0 raw points "
                                "(0 displayed points).")
    assert caption("[2|3]") == ("Scoring contributions: 3 + 2 = 5. Award for the play: 5 raw "
                                "points (1 displayed point).")
    assert "Spinners: none. Connections: none." in describe("[2|3]")
    assert describe("") == ("Scoring contributions: none. Award for the play: 0 raw points "
                            "(0 displayed points). Tiles: none. Spinners: none. Connections: "
                            "none. Open places: none. Scoring contributions: none.")
    assert describe("", "ru").startswith("Учитываемые вклады: нет. Начисление за выкладывание: "
                                         "0 исходных очков (0 отображаемых очков). Кости: нет.")


@pytest.mark.parametrize(("n", "raw", "shown"), [
    (0, "0 исходных очков", "0 отображаемых очков"),
    (1, "1 исходное очко", "1 отображаемое очко"),
    (2, "2 исходных очка", "2 отображаемых очка"),
    (4, "4 исходных очка", "4 отображаемых очка"),
    (5, "5 исходных очков", "5 отображаемых очков"),
    (11, "11 исходных очков", "11 отображаемых очков"),
    (12, "12 исходных очков", "12 отображаемых очков"),
    (14, "14 исходных очков", "14 отображаемых очков"),
    (21, "21 исходное очко", "21 отображаемое очко"),
    (22, "22 исходных очка", "22 отображаемых очка"),
    (25, "25 исходных очков", "25 отображаемых очков"),
    (61, "61 исходное очко", "61 отображаемое очко"),
    (101, "101 исходное очко", "101 отображаемое очко"),
    (111, "111 исходных очков", "111 отображаемых очков"),
    (112, "112 исходных очков", "112 отображаемых очков"),
    (122, "122 исходных очка", "122 отображаемых очка"),
    (305, "305 исходных очков", "305 отображаемых очков"),
    (-1, "-1 исходное очко", "-1 отображаемое очко"),
])
def test_russian_plural_forms_for_every_kind_of_number(n: int, raw: str, shown: str) -> None:
    assert Plural("{n} raw point", "{n} raw points", n).text("ru") == raw
    assert Plural("{n} displayed point", "{n} displayed points", n).text("ru") == shown


def test_english_plural_forms() -> None:
    assert Plural("{n} raw point", "{n} raw points", 1).text("en") == "1 raw point"
    assert Plural("{n} raw point", "{n} raw points", 0).text("en") == "0 raw points"
    assert Plural("{n} raw point", "{n} raw points", 21).text("en") == "21 raw points"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        describe("[1|4]", lang="de")
