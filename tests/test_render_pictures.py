"""The other pictures: tile, hand, boneyard, score board, paper tally, rounding, settlements."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import svg_tree

from exact61_widgets.engine.events import BlockedAwardEvent, Event, OutEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import round5
from exact61_widgets.engine.tiles import TILES, Tile
from exact61_widgets.render import (
    blocked_settlement_svg,
    boneyard_svg,
    hand_svg,
    match_svg,
    out_settlement_svg,
    render_svg,
    rounding_svg,
    scoreboard_svg,
    tally_svg,
    tile_svg,
)
from exact61_widgets.render.svg_tally import FIGURE, tally_figures
from exact61_widgets.render.theme import LIGHT, RenderError

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return svg_tree.parse(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def title(root: ET.Element) -> str:
    node = root.find(f"{NS}title")
    assert node is not None and node.text is not None
    return node.text


def desc(root: ET.Element) -> str:
    node = root.find(f"{NS}desc")
    assert node is not None and node.text is not None
    return node.text


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def play_until(
    players: int, wanted: Callable[[list[Event]], bool], start: list[int] | None = None
) -> list[Event]:
    """The events of the first hand (over seeds 0, 1, …) whose events satisfy ``wanted``."""
    for seed in range(500):
        match = Match(players, seed=seed, start_scores=start)
        rng = random.Random(seed)
        while match.status == "playing":
            match.push(rng.choice(match.legal_actions()))
        events = list(match.hand_events)
        if wanted(events):
            return events
    raise AssertionError("no such hand in 500 seeds")


def test_tile_face_up_and_down() -> None:
    for tile in TILES:
        root = parse(tile_svg(tile))
        (group,) = groups(root, "tile")
        assert group.get("data-tile") == str(tile)
        assert len(groups(group, "pip")) == tile.pips
        assert title(root) == f"Tile {tile}"
    root = parse(tile_svg("[5|6]", lang="ru", horizontal=True))
    assert title(root) == "Кость [5|6]" and desc(root) == "[5|6]: сумма значений 11"
    assert float(root.get("width") or 0) > float(root.get("height") or 0)
    back = parse(tile_svg("[5|6]", face_up=False))
    assert groups(back, "pip") == [] and "[5|6]" not in ET.tostring(back, "unicode")
    assert groups(back, "back")


def test_a_hand_face_up_with_highlights_and_face_down() -> None:
    hand = ["[0|3]", "[2|2]", "[4|6]"]
    root = parse(hand_svg(hand, highlight=["[2|2]"]))
    tiles = groups(root, "tile")
    assert [g.get("data-tile") for g in tiles] == hand
    assert [len(groups(g, "pip")) for g in tiles] == [3, 4, 10]
    assert [g.get("data-tile") for g in groups(root, "highlight")] == ["[2|2]"]
    assert title(root) == "Hand: [0|3], [2|2], [4|6]"
    assert desc(root) == "3 tiles, 17 pips in all."
    assert desc(parse(hand_svg(hand, lang="ru"))) == "3 кости, сумма значений 17."
    down = parse(hand_svg(hand, face_up=False))
    assert len(groups(down, "back")) == 3
    assert all(g.get("data-tile") is None for g in groups(down, "tile"))
    assert "[0|3]" not in ET.tostring(down, "unicode")
    assert title(down) == "A hand of 3 tiles face down."
    with pytest.raises(RenderError, match="not in the hand"):
        hand_svg(hand, highlight=["[1|1]"])


def test_the_boneyard_shows_its_count() -> None:
    root = parse(boneyard_svg(13))
    (pile,) = groups(root, "boneyard")
    assert pile.get("data-count") == "13"
    assert "Boneyard: 13 tiles" in texts(root)
    assert "Базар: 1 кость" in texts(parse(boneyard_svg(1, lang="ru")))
    assert groups(parse(boneyard_svg(0)), "back") == []
    with pytest.raises(RenderError):
        boneyard_svg(29)


@pytest.mark.parametrize("points", [0, 1, 2, 3, 9, 10, 11, 25, 60, 61])
def test_the_paper_tally_one_stroke_a_point(points: int) -> None:
    root = parse(tally_svg(points))
    figures = groups(root, "figure")
    assert [int(f.get("data-strokes") or 0) for f in figures] == tally_figures(points)
    assert sum(len(groups(f, "stroke")) for f in figures) == points


def test_sixty_one_is_six_full_figures_and_one_stroke() -> None:
    assert tally_figures(61) == [10] * 6 + [1]
    figures = groups(parse(tally_svg(61)), "figure")
    (first,) = groups(figures[-1], "stroke")
    # Stroke 1 is a diagonal of the large X: corner to corner of the figure.
    assert float(first.get("x2") or 0) - float(first.get("x1") or 0) == FIGURE
    assert float(first.get("y2") or 0) - float(first.get("y1") or 0) == FIGURE
    full = groups(figures[0], "stroke")
    assert len(full) == 10
    # Strokes 3–10 are small: two per small x in the top, right, bottom, left regions.
    centres = [
        (
            (float(s.get("x1") or 0) + float(s.get("x2") or 0)) / 2,
            (float(s.get("y1") or 0) + float(s.get("y2") or 0)) / 2,
        )
        for s in full[2:]
    ]
    top, right, bottom, left = centres[0], centres[2], centres[4], centres[6]
    assert top[1] < right[1] == left[1] < bottom[1] and left[0] < top[0] < right[0]
    assert centres[0] == centres[1] and centres[6] == centres[7]
    assert "6" in desc(parse(tally_svg(61)))


Segment = tuple[float, float, float, float]


def point_to_segment(px: float, py: float, seg: Segment) -> float:
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return float(((px - x1 - t * dx) ** 2 + (py - y1 - t * dy) ** 2) ** 0.5)


def crosses(a: Segment, b: Segment) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    a1, a2, b1, b2 = (a[0], a[1]), (a[2], a[3]), (b[0], b[1]), (b[2], b[3])
    return side(a1, a2, b1) * side(a1, a2, b2) < 0 and side(b1, b2, a1) * side(b1, b2, a2) < 0


def gap(a: Segment, b: Segment) -> float:
    """The distance between two segments (0 if they cross)."""
    if crosses(a, b):
        return 0.0
    return min(
        point_to_segment(a[0], a[1], b),
        point_to_segment(a[2], a[3], b),
        point_to_segment(b[0], b[1], a),
        point_to_segment(b[2], b[3], a),
    )


def pixels_per_unit(root: ET.Element) -> float:
    width = float(root.get("width") or 0)
    return width / float((root.get("viewBox") or "").split()[2])


@pytest.mark.parametrize("points", [7, 37, 61])
def test_tally_figures_are_large_and_their_strokes_apart(points: int) -> None:
    """At least 120 px a figure; strokes of different marks at least 6 px apart, ink to ink."""
    root = parse(tally_svg(points))
    scale = pixels_per_unit(root)
    assert scale == 1  # the default size: one pixel per unit
    figures = groups(root, "figure")
    assert len(figures) == len(tally_figures(points))
    for figure in figures:
        strokes = groups(figure, "stroke")
        segments = [tuple(float(s.get(k) or 0) for k in ("x1", "y1", "x2", "y2")) for s in strokes]
        widths = [float(s.get("stroke-width") or 0) for s in strokes]
        xs = [v for seg in segments for v in (seg[0], seg[2])]
        ys = [v for seg in segments for v in (seg[1], seg[3])]
        if len(segments) >= 2:  # the large X spans the whole figure
            assert (max(xs) - min(xs)) * scale >= 120 and (max(ys) - min(ys)) * scale >= 120
        for i, a in enumerate(segments):
            for j in range(i):
                if i // 2 == j // 2:
                    continue  # the two strokes of one x cross on purpose
                ink = gap(a, segments[j]) - (widths[i] + widths[j]) / 2  # type: ignore[arg-type]
                assert ink * scale >= 6, (points, i, j, ink)


def test_the_score_board_draws_its_tally_at_full_size() -> None:
    svg = scoreboard_svg([185, 300])
    assert "scale(" not in svg
    root = parse(svg)
    for figure in groups(root, "figure"):
        first = groups(figure, "stroke")[0]
        assert abs(float(first.get("x2") or 0) - float(first.get("x1") or 0)) >= 120


def test_a_negative_score_is_tallied_apart() -> None:
    root = parse(tally_svg(-3))
    assert groups(root, "negative")
    assert sum(len(groups(f, "stroke")) for f in groups(root, "figure")) == 3


def test_the_score_board() -> None:
    root = parse(scoreboard_svg([25, 300], players=4))
    sides = groups(root, "side")
    assert [(s.get("data-raw"), s.get("data-points"), s.get("data-to-target")) for s in sides] == [
        ("25", "5", "56"),
        ("300", "60", "1"),
    ]
    assert "Pair 0+2" in texts(root) and "Pair 1+3" in texts(root)
    strokes = [len(groups(s, "stroke")) for s in sides]
    assert strokes == [5, 60]
    assert desc(root) == (
        "Pair 0+2: 25 raw points (5 displayed points), 56 to 61; "
        "pair 1+3: 300 raw points (60 displayed points), 1 to 61."
    )
    ru = parse(scoreboard_svg([0, 5, 10], lang="ru"))
    assert "Игрок 2" in texts(ru) and "До 61" in texts(ru)
    assert groups(parse(scoreboard_svg([5, 5], tally=False)), "stroke") == []
    with pytest.raises(RenderError, match="multiple of 5"):
        scoreboard_svg([7, 5])


@pytest.mark.parametrize(
    ("total", "result", "kind"),
    [
        (12, 10, "down"),
        (13, 15, "up"),
        (15, 15, "multiple"),
        (0, 0, "multiple"),
        (21, 20, "down"),
        (24, 25, "up"),
    ],
)
def test_rounding_on_a_number_line(total: int, result: int, kind: str) -> None:
    root = parse(rounding_svg(total))
    (line,) = groups(root, "rounding")
    assert line.get("data-result") == str(result) == str(round5(total))
    ticks = groups(root, "tick")
    assert [int(t.get("data-value") or 0) for t in ticks] == list(
        range(total - total % 5, total - total % 5 + 6)
    )
    assert [t.get("class") for t in ticks][1:5] == ["tick down"] * 2 + ["tick up"] * 2
    marked = next(t for t in ticks if t.get("data-value") == str(total))
    assert kind in (marked.get("class") or "")
    assert groups(root, "total")[0].get("data-value") == str(total)
    assert bool(groups(root, "arrow")) == (total != result)
    assert f"{total} → {result}" in desc(root)


def test_rounding_texts_in_russian() -> None:
    assert "остаток от деления 3 — вверх" in desc(parse(rounding_svg(13, lang="ru")))
    assert "кратное пяти не меняется" in desc(parse(rounding_svg(15, lang="ru")))


def test_the_going_out_settlement_with_a_partner() -> None:
    events = play_until(
        4,
        lambda ev: any(
            isinstance(e, OutEvent) and e.partner_pips % 5 and e.opponents_pips % 5 for e in ev
        ),
    )
    out = next(e for e in events if isinstance(e, OutEvent))
    root = parse(out_settlement_svg(out))
    rows = {r.get("data-part"): r for r in groups(root, "row")}
    assert list(rows) == ["play", "opponents", "partner", "net", "check"]
    assert rows["opponents"].get("data-pips") == str(out.opponents_pips)
    assert rows["opponents"].get("data-value") == str(round5(out.opponents_pips))
    assert rows["partner"].get("data-value") == str(-round5(out.partner_pips))
    assert rows["net"].get("data-value") == str(out.net)
    assert rows["check"].get("data-status") == out.status
    assert desc(root) == out.explain("en")
    ru = parse(out_settlement_svg(out, lang="ru"))
    assert desc(ru) == out.explain("ru") and "Кости партнёра" in texts(ru)


def test_a_rejected_going_out_and_two_players() -> None:
    events = play_until(
        2,
        lambda ev: any(isinstance(e, OutEvent) and e.status == "rejected" for e in ev),
        start=[300, 300],
    )
    out = next(e for e in events if isinstance(e, OutEvent))
    root = parse(out_settlement_svg(out))
    rows = {r.get("data-part"): r for r in groups(root, "row")}
    assert "partner" not in rows
    assert rows["check"].get("data-status") == "rejected"
    assert "rejected" in texts(rows["check"])


def test_the_blocked_hand_settlement() -> None:
    events = play_until(4, lambda ev: sum(isinstance(e, BlockedAwardEvent) for e in ev) == 4)
    blocked = [e for e in events if isinstance(e, BlockedAwardEvent)]
    root = parse(blocked_settlement_svg(blocked))
    rows = groups(root, "row")
    assert [r.get("data-seat") for r in rows] == [str(e.seat) for e in blocked]
    for row, event in zip(rows, blocked, strict=True):
        assert row.get("data-pips") == str(event.pips)
        assert row.get("data-difference") == str(event.difference)
        assert row.get("data-award") == str(event.award) == str(round5(event.difference))
        assert row.get("data-status") == event.status
    assert desc(root) == " ".join(e.explain("en") for e in blocked)
    assert title(parse(blocked_settlement_svg(blocked, lang="ru"))) == (
        "Заблокированная сдача: начисления по порядку"
    )
    with pytest.raises(RenderError):
        blocked_settlement_svg([])


def test_a_match_at_a_glance() -> None:
    match = Match(4, seed=3)
    rng = random.Random(3)
    for _ in range(6):
        match.push(rng.choice(match.legal_actions()))
    root = parse(match_svg(match))
    assert len(groups(root, "layout")) == 1
    layout_tiles = [g for g in groups(groups(root, "layout")[0], "tile")]
    assert [g.get("data-tile") for g in layout_tiles] == [str(t) for t in match.layout.tiles]
    (hand,) = groups(root, "hand")
    assert [g.get("data-tile") for g in groups(hand, "tile")] == [
        str(t) for t in match.hand(match.to_move)
    ]
    (pile,) = groups(root, "boneyard")
    assert pile.get("data-count") == str(match.boneyard_count)
    assert len(groups(root, "side")) == 2
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert match._repr_svg_() == str(match_svg(match))


def test_every_picture_is_deterministic_and_has_its_own_ids() -> None:
    pictures = [
        tile_svg("[1|2]"),
        hand_svg(["[1|2]"]),
        boneyard_svg(3),
        tally_svg(7),
        scoreboard_svg([5, 10]),
        rounding_svg(13),
    ]
    again = [
        tile_svg("[1|2]"),
        hand_svg(["[1|2]"]),
        boneyard_svg(3),
        tally_svg(7),
        scoreboard_svg([5, 10]),
        rounding_svg(13),
    ]
    assert pictures == again
    seen: set[str] = set()
    for svg in pictures:
        root = parse(svg)
        assert root.get("role") == "img"
        ids = {e.get("id") or "" for e in root.iter() if e.get("id")}
        assert not ids & seen
        seen |= ids
        assert svg._repr_svg_() == str(svg)


def test_tile_type_is_checked() -> None:
    with pytest.raises(ValueError):
        tile_svg("[7|7]")
    assert isinstance(Tile.parse("34"), Tile)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_tally_for_an_exercise_keeps_its_count_to_itself(lang: str) -> None:
    from exact61_widgets.exercises import TallyPoints, leaked_answers

    for points in (7, 37, 61):
        hidden = tally_svg(points, count=False, lang=lang)
        root = parse(hidden)
        said = title(root) + " " + desc(root)
        assert str(points) not in said and str(points // 10) not in said.replace("10", "")
        assert leaked_answers(str(hidden), TallyPoints(points), lang) == []
        assert sum(len(groups(f, "stroke")) for f in groups(root, "figure")) == points
    assert leaked_answers(str(tally_svg(37, lang=lang)), TallyPoints(37), lang)


def rejected_play() -> tuple[Any, Any]:
    """A match right after a play whose award the target check rejected, and that event."""
    from exact61_widgets.engine.scenario import as_actions
    from exact61_widgets.views import ready_positions as scenarios

    match = scenarios.EXACT_61.match()
    for action in as_actions(scenarios.EXACT_61_PLAYS):
        play = match.push(action)[0]
        if getattr(play, "status", None) == "rejected":
            return match, play
    raise AssertionError("no rejected award")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_rejected_award_reads_rejected_in_the_picture_and_its_texts(lang: str) -> None:
    match, play = rejected_play()
    svg = render_svg(match.layout, play=play, legend=True, lang=lang)
    root = parse(svg)
    (line,) = groups(root, "caption")
    assert "rejected" in classes(line) and line.get("fill") == LIGHT["rejected"]
    assert (line.text or "").endswith(": rejected" if lang == "en" else ": отклонено")
    (why,) = groups(root, "verdict")
    reason = play.reason().text(lang)
    assert why.get("data-status") == "rejected" and why.text == reason[:1].upper() + reason[1:]
    title, desc = root.find(f"{NS}title"), root.find(f"{NS}desc")
    assert title is not None and desc is not None
    assert (title.text or "").endswith(reason[1:] + ".") and reason[1:] in (desc.text or "")
    rows = [g.get("data-mark") for g in groups(root, "legend-row")]
    assert "rejected" in rows
    plain = parse(render_svg(match.layout, lang=lang))  # without the event: as it reads
    assert groups(plain, "verdict") == [] and "rejected" not in classes(groups(plain, "caption")[0])
    with pytest.raises(RenderError, match="play"):
        render_svg("[0|0]", play=play)


def classes(node: ET.Element) -> list[str]:
    return (node.get("class") or "").split()


def test_puzzle_pictures_mark_the_last_play_with_the_star() -> None:
    from exact61_widgets.widgets.puzzle import PuzzleWidget

    widget = PuzzleWidget(theme="light")
    match = widget.puzzle.match()
    assert match.layout.last is not None
    star = f'class="tile last" data-tile="{match.layout.last.tile}"'
    assert star in widget.board.svg  # the open puzzle, as the learner plays it
    assert star in (widget.static_html() or "")  # and saved, before the answer
