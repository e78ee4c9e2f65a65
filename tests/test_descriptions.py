"""The accessible texts of a diagram (docs/formats.md §2): the eleven diagrams word for word."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
from conftest import position

from exact61_widgets import Layout, Play, caption, describe
from exact61_widgets.engine.events import MatchWonEvent, OutEvent
from exact61_widgets.engine.explain import arithmetic
from exact61_widgets.engine.seating import seating
from exact61_widgets.i18n import Plural
from exact61_widgets.render.descriptions import sum_expression


def test_all_eleven_diagrams_are_described_word_for_word_in_russian(
    seed_examples: list[dict[str, Any]],
) -> None:
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
        assert sorted(
            (str(p.tile), p.port.notation, p.number) for p in layout.open_places()
        ) == sorted((p["tile"], p["port"], p["value"]) for p in example["open_places"])
        assert sorted(
            (str(c.tile), None if c.port is None else c.port.notation, c.value)
            for c in layout.contributions()
        ) == sorted((e["tile"], e["port"], e["value"]) for e in example["scoring_ends"])
        assert layout.end_sum == example["end_sum"]
        assert layout.award == example["award_raw"]
        assert layout.award // 5 == example["award_displayed"]
        for placement, data in zip(layout.placements, example["placements"], strict=False):
            assert str(placement.tile) == data["tile"]
            if "anchor" in data:
                assert placement.at is not None and placement.joined_by is not None
                assert (
                    str(placement.at.tile),
                    placement.at.port.notation,
                    placement.joined_by.notation,
                ) == (data["anchor"], data["port"], data["joined_by"])


@pytest.mark.slow
def test_the_cli_prints_every_diagram_word_for_word(seed_examples: list[dict[str, Any]]) -> None:
    for example in seed_examples:
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "exact61_widgets",
                "describe",
                example["notation"],
                "--lang",
                "ru",
            ],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=True,
        )
        assert result.stdout == example["description_ru"] + "\n"
        assert result.stderr == ""


def test_english_description_has_the_same_structure() -> None:
    text = describe("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB")
    assert text == (
        "Scoring contributions: 2 + 3 = 5. Award for the play: 5 raw points (1 displayed "
        "point). Tiles: [1|4], [1|1], [4|4], [3|4], [1|2]. Spinners: [1|1], [4|4]. "
        "Connections: [1|4] (low end) – [1|1] (line A); [1|4] (high end) – [4|4] (line A); "
        "[4|4] (line B) – [3|4] (high end); [1|1] (line B) – [1|2] (low end). Open places: "
        "[1|1] (branch A, 1); [1|1] (branch B, 1); [1|2] (high end, 2); [3|4] (low end, 3); "
        "[4|4] (branch A, 4); [4|4] (branch B, 4). Scoring contributions: [1|2]: 2; [3|4]: 3."
    )


def test_english_plurals_and_empty_lists() -> None:
    assert caption("[0|0]") == (
        "Scoring contributions: 0 = 0. Award for the play: 0 raw points (0 displayed points)."
    )
    assert caption("[2|3]") == (
        "Scoring contributions: 3 + 2 = 5. Award for the play: 5 raw points (1 displayed point)."
    )
    assert "Spinners: none. Connections: none." in describe("[2|3]")
    assert describe("") == (
        "Scoring contributions: none. Award for the play: 0 raw points "
        "(0 displayed points). Tiles: none. Spinners: none. Connections: "
        "none. Open places: none. Scoring contributions: none."
    )
    assert describe("", "ru").startswith(
        "Учитываемые вклады: нет. Начисление за выкладывание: "
        "0 исходных очков (0 отображаемых очков). Кости: нет."
    )


@pytest.mark.parametrize(
    ("n", "raw", "shown"),
    [
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
        (-1, "\u22121 исходное очко", "\u22121 отображаемое очко"),
    ],
)
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


# --- the explanations of events: signs, partners, winners (issue 11) ---


def _going_out(
    players: int, hands: list[list[str]], scores: list[int]
) -> tuple[OutEvent, list[Any]]:
    """Seat 0 goes out with [1|2] on [0|1] (ends 0 + 2: no play award)."""
    match = position(players, "[0|1]", hands, scores=scores)
    events = match.push(Play("[1|2]", "[0|1]:high"))
    outs = [e for e in events if isinstance(e, OutEvent)]
    assert len(outs) == 1
    return outs[0], events


@pytest.mark.parametrize(
    ("values", "text"),
    [
        ([2, 3], "2 + 3 = 5"),
        ([4], "4 = 4"),
        ([0, -10], "0 − 10 = −10"),
        ([-15, 10], "−15 + 10 = −5"),
        ([5, -20], "5 − 20 = −15"),
        ([0, 0], "0 + 0 = 0"),
    ],
)
def test_a_negative_term_is_written_as_a_subtraction(values: list[int], text: str) -> None:
    assert sum_expression(values) == arithmetic(values) == text
    assert "+ -" not in text and "-" not in text  # only the real minus sign, never "+ -10"


def test_a_partner_deduction_reads_as_a_subtraction_in_both_languages() -> None:
    out, _ = _going_out(4, [["[1|2]"], ["[0|0]"], ["[6|6]", "[5|5]"], ["[0|2]"]], [5, 0])
    assert out.net == -20
    assert out.explain("en") == (
        "Seat 0 goes out: last play 0 + the opponents' pips 2 rounded to 0 − the partner's pips "
        "22 rounded to 20 = −20; 5 − 20 = −15, not above 305: applied."
    )
    ru = out.explain("ru")
    assert "сумма значений у партнёра 22, округлённая до 20, = −20" in ru
    assert ru.endswith("5 − 20 = −15, не больше 305: применено.")
    for text in (out.explain("en"), ru):
        assert "+ -" not in text and "+ −" not in text and "-2" not in text


@pytest.mark.parametrize(
    ("players", "hands", "opponents"),
    [
        (2, [["[1|2]"], ["[0|0]", "[0|2]"]], "the opponent's pips 2"),
        (3, [["[1|2]"], ["[0|0]"], ["[0|2]", "[3|3]"]], "the opponents' pips 8"),
    ],
)
def test_there_is_no_partner_line_without_pairs(
    players: int, hands: list[list[str]], opponents: str
) -> None:
    out, _ = _going_out(players, hands, [0] * players)
    assert (out.players, out.partner_pips, out.partner_deduction) == (players, 0, 0)
    en, ru = out.explain("en"), out.explain("ru")
    assert f"last play 0 + {opponents} rounded to {out.opponents_award} = {out.net};" in en
    assert "partner" not in en and "партнёр" not in ru
    assert ("сумма значений у соперника " in ru) == (players == 2)


def test_the_match_winner_is_a_player_or_a_pair() -> None:
    _, events = _going_out(4, [["[1|2]"], ["[0|3]"], ["[0|0]"], ["[0|4]"]], [300, 0])
    won = events[-1]
    assert isinstance(won, MatchWonEvent) and won.side == 0 and won.players == 4
    assert won.explain("en") == "Exactly 61 for pair 0+2: the match is won (R9)."
    assert won.explain("ru") == "Ровно 61 набирает пара 0+2: матч выигран (R9)."
    match = position(2, "[1|3]", [["[1|1]", "[2|2]"], ["[0|4]"]], scores=[300, 0])
    won = match.push(Play("[1|1]", "[1|3]:low"))[-1]
    assert isinstance(won, MatchWonEvent) and won.to_dict() == {
        "kind": "match_won",
        "side": 0,
        "scores": [305, 0],
    }
    assert won.explain("en") == "Exactly 61 for seat 0: the match is won (R9)."
    assert won.explain("ru") == "Ровно 61 набирает игрок 0: матч выигран (R9)."
    assert seating(3).side_name(1).text("ru") == "игрок 1"
    assert seating(4).side_name(1).text("en") == "pair 1+3"


def test_no_english_text_says_the_opponents_pay() -> None:
    """Going out scores the opponents' tiles for the winner; their own scores do not change."""
    from i18n_extract import message_ids

    assert [key[0] for key in message_ids() if re.search(r"\bpa(y|ys|id)\b", key[0])] == []
    out, events = _going_out(2, [["[1|2]"], ["[0|0]", "[0|2]"]], [40, 60])
    assert out.scores[1] == 60 and events[-1].scores[1] == 60
