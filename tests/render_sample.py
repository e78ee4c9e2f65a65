"""A fixed sample of pictures of every kind, and the committed reference of how they looked.

:func:`sample` draws the same pictures every time (seeded games, fixed options), by
public entry points only, so that it draws them with any version of the renderer:
layouts (spinners, branches, long ones of 20+ tiles, with and without badges, with
legend, picks, light and dark), single tiles, hands, the boneyard, score boards,
going-out and blocked settlements, tallies (negative ones too), number lines,
legends, a match at a glance, walkthrough strip pictures, puzzle pictures and the
story's rows of seats. Names are ``kind/number-what``.

``tests/data/pictures-reference.json.gz`` holds the sample as it was last approved;
``test_render_raster.py`` draws it and the sample drawn now into pixels and compares
them. It was first written by the string builder, before the pictures were built with
svgwrite (issue 24), and the svgwrite pictures matched it (commit "Every picture is an
svgwrite Drawing"); it was written again when issue 20 changed pictures on purpose (the
legend's new rows, the puzzle's star, the saved strips' sizes). Regenerate it, after a
change that is meant to alter pictures, with::

    .venv/bin/python tests/render_sample.py --write
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import HAND_OVER, MATCH_OVER, Match
from exact61_widgets.render import (
    blocked_settlement_svg,
    boneyard_svg,
    hand_svg,
    match_svg,
    out_settlement_svg,
    render_legend,
    render_svg,
    rounding_svg,
    scoreboard_svg,
    seats_svg,
    tally_svg,
    tile_svg,
)
from exact61_widgets.render.legend import KEYS

REFERENCE = Path(__file__).resolve().parent / "data" / "pictures-reference.json.gz"
#: The 28-tile layout of ``benchmarks/bench_render.py``: seven spinners, every branch.
FULL = (
    "[4|4] [3|4]@[4|4]:lineB [3|3]@[3|4]:low [1|3]@[3|3]:lineB [3|6]@[3|3]:branchA "
    "[1|2]@[1|3]:low [6|6]@[3|6]:high [2|2]@[1|2]:high [2|6]@[6|6]:lineB "
    "[2|4]@[4|4]:lineA [4|5]@[4|4]:branchA [3|5]@[3|3]:branchB [5|5]@[3|5]:high "
    "[5|6]@[6|6]:branchA [2|5]@[2|2]:lineB [0|2]@[2|4]:low [0|0]@[0|2]:low "
    "[0|5]@[5|5]:lineB [2|3]@[2|6]:low [0|1]@[0|0]:lineB [0|6]@[0|5]:low "
    "[1|1]@[0|1]:high [1|6]@[6|6]:branchB [1|4]@[1|6]:low [1|5]@[4|5]:high "
    "[4|6]@[0|6]:high [0|3]@[0|0]:branchA [0|4]@[0|0]:branchB"
)
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def played_matches(count: int, seed: int) -> tuple[list[Match], list[Layout]]:
    """Random matches of 2, 3 and 4 players played to their ends, and every hand's last layout."""
    rng = random.Random(seed)
    matches, layouts = [], []
    for k in range(count):
        match = Match(2 + k % 3, seed=rng.randrange(10**6))
        while match.status != MATCH_OVER:
            if match.status == HAND_OVER:
                layouts.append(match.layout)
                match.deal()
                continue
            match.push(rng.choice(match.legal_actions()))
        layouts.append(match.layout)
        matches.append(match)
    return matches, layouts


class Sampler:
    """Collects the pictures, numbered within their kind."""

    def __init__(self) -> None:
        self.pictures: dict[str, str] = {}
        self.counts: Counter[str] = Counter()

    def add(self, kind: str, what: str, svg: object) -> None:
        number = self.counts[kind]
        self.counts[kind] += 1
        self.pictures[f"{kind}/{number:03d}-{what}"] = str(svg)


def _layouts(s: Sampler, rng: random.Random, hands: list[Layout]) -> None:
    """Layouts at every length, with every option; long ones of 20+ tiles apart."""
    prefixes: list[Layout] = []
    long: list[Layout] = [Layout.parse(FULL)]
    for final in hands:
        placed = final.placements
        for n in range(1, len(placed) + 1, 3):
            layout = Layout.parse(" ".join(str(p) for p in placed[:n]))
            (long if n >= 20 else prefixes).append(layout)
    full = Layout.parse(FULL)
    for n in (1, 2, 5, 9, 14, 19, 24, 28):
        layout = Layout.parse(" ".join(str(p) for p in full.placements[:n]))
        (long if n >= 20 else prefixes).append(layout)
    rng.shuffle(prefixes)
    options: list[dict[str, Any]] = [
        {},
        {"legend": True},
        {"ends": False},
        {"ends": False, "legend": True, "lang": "ru"},
        {"places": False},
        {"spinners": False, "caption": False},
        {"theme": "dark"},
        {"theme": "dark", "legend": True, "lang": "ru"},
        {"last": None},
        {"closed_places": False, "size": 320},
        {"lang": "ru"},
        {"highlight": True},
        {"highlight": True, "theme": "dark", "legend": True},
    ]
    s.add("layout", "empty", render_svg(""))
    s.add("layout", "empty-dark-ru", render_svg("", theme="dark", lang="ru"))
    for i, layout in enumerate(prefixes[:62]):
        opts = dict(options[i % len(options)])
        _pick(opts, layout, rng)
        s.add("layout", f"{len(layout)}t", render_svg(layout, **opts))
    for i, layout in enumerate(long[:24]):
        opts = dict(options[(i * 5) % len(options)])
        _pick(opts, layout, rng)
        s.add("layout-long", f"{len(layout)}t", render_svg(layout, **opts))


def _pick(opts: dict[str, Any], layout: Layout, rng: random.Random) -> None:
    """Turn ``highlight: True`` into picked places and tiles of ``layout``."""
    if not opts.pop("highlight", False) or not layout:
        opts.pop("highlight", None)
        return
    places = layout.open_places()
    opts["highlight_places"] = rng.sample(places, min(2, len(places)))
    opts["highlight_tiles"] = rng.sample(list(layout.tiles), 1)


def _tiles(s: Sampler) -> None:
    for i, tile in enumerate(["[0|0]", "[1|2]", "[3|3]", "[2|5]", "[6|6]", "[0|6]", "[4|5]"]):
        s.add("tile", tile[1:-1].replace("|", ""), tile_svg(tile))
        s.add("tile", "h-dark", tile_svg(tile, horizontal=True, theme="dark", size=90))
        if i % 2 == 0:
            s.add("tile", "back", tile_svg(tile, face_up=False, horizontal=i % 4 == 0))
        else:
            s.add("tile", "back-dark", tile_svg(tile, face_up=False, theme="dark"))


def _hands(s: Sampler, matches: list[Match]) -> None:
    for i, match in enumerate(matches[:8]):
        copy = Match(match.players, seed=i)
        for seat in range(copy.players):
            hand = [str(t) for t in copy.hand(seat)]
            if seat == 0:
                s.add("hand", "up", hand_svg(hand, lang="ru" if i % 2 else "en"))
            elif seat == 1:
                s.add("hand", "lit-dark", hand_svg(hand, highlight=hand[:2], theme="dark"))
            else:
                s.add("hand", "down", hand_svg(hand, face_up=False))
    s.add("hand", "empty", hand_svg([]))
    s.add("hand", "one", hand_svg(["[6|6]"], highlight=["[6|6]"]))


def _boneyards(s: Sampler) -> None:
    for count in (0, 1, 2, 3, 4, 7, 12, 13, 14, 18, 23, 28):
        s.add("boneyard", str(count), boneyard_svg(count))
    for count in (0, 1, 3, 9, 13, 18, 20, 28):
        s.add("boneyard", f"{count}-dark-ru", boneyard_svg(count, theme="dark", lang="ru"))


def _scoreboards(s: Sampler) -> None:
    boards: list[tuple[list[int], dict[str, Any]]] = [
        ([0, 0], {}),
        ([5, 10], {}),
        ([150, 305], {}),
        ([-10, 305], {"theme": "dark"}),
        ([0, 35, 120], {"lang": "ru"}),
        ([60, 295, 300], {"tally": False}),
        ([45, 100], {"players": 4}),
        ([300, 295], {"players": 4, "lang": "ru", "theme": "dark"}),
        ([25, 55, 85], {"labels": ["Ann", "Bo", "Cy"]}),
        ([-35, 5], {}),
        ([10, 20, 30], {"theme": "dark", "tally": False}),
        ([200, 5], {"players": 4, "tally": False}),
        ([15, -5, 40], {"lang": "ru"}),
        ([305, 0], {"theme": "dark", "lang": "ru"}),
        ([95, 105], {}),
        ([5, 5, 5], {"size": 300}),
        ([250, 255], {"labels": ["Пара А", "Пара Б"], "lang": "ru"}),
        ([0, 15], {"players": 4, "theme": "dark"}),
        ([-50, 50], {"tally": True}),
        ([120, 140, 160], {"theme": "dark"}),
    ]
    for scores, opts in boards:
        s.add("scores", "-".join(map(str, scores)), scoreboard_svg(scores, **opts))


def _settlements(s: Sampler, matches: list[Match]) -> None:
    outs: list[OutEvent] = []
    blocked: list[list[BlockedAwardEvent]] = []
    for match in matches:
        group: list[BlockedAwardEvent] = []
        for event in match.events:
            if isinstance(event, OutEvent):
                outs.append(event)
            elif isinstance(event, BlockedAwardEvent):
                group.append(event)
            elif group:
                blocked.append(group)
                group = []
        if group:
            blocked.append(group)
    rejected = [e for e in outs if e.status == "rejected"]
    outs = rejected[:4] + [e for e in outs if e.status != "rejected"]
    for i, event in enumerate(outs[:22]):
        opts = {"lang": "ru" if i % 3 == 1 else "en", "theme": "dark" if i % 4 == 2 else "light"}
        s.add("out", f"{event.status}-{len(event.remaining)}p", out_settlement_svg(event, **opts))
    for i, events in enumerate(blocked[:22]):
        opts = {"lang": "ru" if i % 3 == 2 else "en", "theme": "dark" if i % 4 == 1 else "light"}
        s.add("blocked", f"{len(events)}", blocked_settlement_svg(events, **opts))


def _tallies(s: Sampler) -> None:
    for points in (0, 1, 2, 3, 5, 9, 10, 11, 23, 37, 50, 59, 60, 61):
        s.add("tally", str(points), tally_svg(points))
    for points in (-1, -3, -12, -25):
        s.add("tally", f"neg{-points}", tally_svg(points, theme="dark" if points < -5 else "light"))
    for points in (7, 18, 42):
        s.add("tally", f"{points}-nocount-ru", tally_svg(points, count=False, lang="ru"))
    s.add("tally", "61-dark", tally_svg(61, theme="dark", size=400))


def _roundings(s: Sampler) -> None:
    for total in range(0, 21):
        s.add("rounding", str(total), rounding_svg(total, lang="ru" if total % 4 == 3 else "en"))
    for total in (23, 47, 61, 88):
        s.add("rounding", f"{total}-dark", rounding_svg(total, theme="dark"))


def _legends(s: Sampler) -> None:
    for lang in ("en", "ru"):
        for theme in ("light", "dark"):
            s.add("legend", f"{lang}-{theme}", render_legend(lang, theme))
    s.add("legend", "sized", render_legend("en", size=500, id_prefix="legend-sized"))
    s.add("legend", "none", render_legend("ru", "dark", marks=[]))
    for i, key in enumerate(KEYS):
        s.add("legend", key, render_legend("en" if i % 2 else "ru", marks=[key]))
    for i in range(len(KEYS) - 1):
        keys = list(KEYS[i : i + 3])
        theme = "dark" if i % 2 else "light"
        s.add("legend", "+".join(keys), render_legend("en", theme, marks=keys))


def _matches(s: Sampler) -> None:
    rng = random.Random(61)
    for k in range(22):
        match = Match(2 + k % 3, seed=100 + k)
        for _ in range(rng.randrange(0, 25)):
            if match.status != "playing":
                break
            match.push(rng.choice(match.legal_actions()))
        opts = {"lang": "ru" if k % 3 == 0 else "en", "theme": "dark" if k % 5 == 1 else "light"}
        s.add("match", f"{match.players}p-{len(match.layout)}t", match_svg(match, **opts))


def _board_svgs(markup: str) -> list[str]:
    return _SVG.findall(markup)


def _strips(s: Sampler) -> None:
    """Every step's first picture, shrunk as a saved walkthrough shows it."""
    from exact61_widgets.widgets import walkthroughs as wt
    from exact61_widgets.widgets.figures import draw
    from exact61_widgets.widgets.mimebundle import shrink

    makers: list[tuple[str, Callable[[str], Any]]] = [
        ("spinner", lambda lang: wt.SpinnerWalkthrough(lang=lang)),
        ("scoring", lambda lang: wt.EndScoringWalkthrough(lang=lang)),
        ("rounding", lambda lang: wt.RoundingWalkthrough(lang=lang)),
        ("going-out", lambda lang: wt.GoingOutWalkthrough(lang=lang)),
        ("blocked", lambda lang: wt.BlockedWalkthrough(lang=lang)),
        ("exact61", lambda lang: wt.Exact61Walkthrough(lang=lang)),
        ("story-out", lambda lang: wt.HandStory("going-out", lang=lang)),
        ("story-blocked", lambda lang: wt.HandStory("blocked", lang=lang)),
    ]
    for name, make in makers:
        for lang in ("en", "ru"):
            walk = make(lang)
            for i, step in enumerate(walk.steps):
                if lang == "ru" and i % 3:
                    continue  # the Russian twins: every third step
                for j, panel in enumerate(step.panels):
                    seats = panel.suffix == "seats"
                    if (seats and i % 2) or (j and i % 4 and not seats):
                        continue  # the seats of every second step, the rest every fourth
                    theme = "dark" if (i + j) % 5 == 4 else "light"
                    svg = draw(panel.spec, f"{walk.prefix}-s{i}-{panel.suffix}", lang, theme)
                    kind = "seats" if panel.suffix == "seats" else "strip"
                    s.add(kind, f"{name}-{lang}-{i}-{panel.suffix}", shrink(svg))


def _puzzles(s: Sampler) -> None:
    from exact61_widgets.puzzles import load_puzzles
    from exact61_widgets.widgets.puzzle import PuzzleWidget

    puzzles = load_puzzles()
    for k, puzzle in enumerate(puzzles[:: max(1, len(puzzles) // 8)][:8]):
        lang = "ru" if k % 2 else "en"
        widget = PuzzleWidget(puzzles, puzzle=puzzle.id, lang=lang, theme="light")
        for n, svg in enumerate(_board_svgs(widget.board.svg)):
            s.add("puzzle", f"{puzzle.id}-{lang}-{n}", svg)
        if k % 2 == 0:
            widget.reveal()
            svg = _board_svgs(widget.board.svg)[0]
            s.add("puzzle", f"{puzzle.id}-{lang}-shown", svg)


def every_kind() -> dict[str, Callable[[], Any]]:
    """One or two pictures of every kind, from public entry points (a quick sample)."""
    match = Match(4, seed=3)
    for _ in range(9):
        match.push(match.legal_actions()[0])
    out, blocked = settlements()
    return {
        "layout": lambda: render_svg(
            "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB",
            legend=True,
            highlight_places=["[1|1]:lineB"],
            highlight_tiles=["[1|4]"],
        ),
        "layout-long": lambda: render_svg(FULL, legend=True, theme="dark", lang="ru"),
        "layout-exercise": lambda: render_svg(FULL, ends=False, legend=True, size=500),
        "layout-empty": lambda: render_svg(""),
        "layout-rejected": rejected_award,
        "layout-deferred": deferred_award,
        "tile": lambda: tile_svg("[3|3]", horizontal=True),
        "tile-back": lambda: tile_svg("[2|5]", face_up=False, theme="dark"),
        "hand": lambda: hand_svg(["[1|2]", "[3|3]"], highlight=["[3|3]"]),
        "hand-down": lambda: hand_svg(["[1|2]", "[3|3]"], face_up=False),
        "seats": lambda: seats_svg(
            [["[1|2]", "[3|3]"], [], ["[0|6]"]], ["Seat 0", "Seat 1", "Seat 2"], highlight=["[0|6]"]
        ),
        "boneyard": lambda: boneyard_svg(5),
        "boneyard-empty": lambda: boneyard_svg(0, lang="ru"),
        "scores": lambda: scoreboard_svg([-10, 305], players=4, theme="dark"),
        "tally": lambda: tally_svg(37),
        "tally-negative": lambda: tally_svg(-12, count=False),
        "rounding": lambda: rounding_svg(13, lang="ru"),
        "out": lambda: out_settlement_svg(out),
        "blocked": lambda: blocked_settlement_svg(blocked, lang="ru"),
        "legend": lambda: render_legend("ru", "dark"),
        "match": lambda: match_svg(match),
        "strip": strip_picture,
        "puzzle": puzzle_pictures,
    }


def settlements() -> tuple[OutEvent, list[BlockedAwardEvent]]:
    """A going-out event and a blocked hand's awards, from the walkthroughs' positions."""
    from exact61_widgets.widgets.walkthroughs import BlockedWalkthrough, GoingOutWalkthrough

    out = next(e for e in GoingOutWalkthrough().events if isinstance(e, OutEvent))
    blocked = [e for e in BlockedWalkthrough().events if isinstance(e, BlockedAwardEvent)]
    return out, blocked


def rejected_award() -> str:
    """The layout after a play whose award the target check rejected (R1.4), in Russian."""
    from exact61_widgets.engine.events import PlayEvent
    from exact61_widgets.widgets.walkthroughs import Exact61Walkthrough

    walk = Exact61Walkthrough()
    for events, layout in zip(walk.results, walk.positions, strict=True):
        play = events[0]
        if isinstance(play, PlayEvent) and play.status == "rejected":
            return str(render_svg(layout, play=play, legend=True, lang="ru"))
    raise AssertionError("the walkthrough has no rejected award")


def deferred_award() -> str:
    """The layout after the story's going-out play: its 15 kept for the settlement (R7.4)."""
    from exact61_widgets.widgets.walkthroughs import HandStory

    turn = HandStory("going-out").turns[-1]
    assert turn.play is not None and turn.play.award
    return str(render_svg(turn.after.layout, play=turn.play, legend=True, theme="dark"))


def strip_picture() -> str:
    from exact61_widgets.widgets.walkthroughs import HandStory

    return HandStory("blocked").static_html()


def puzzle_pictures() -> str:
    from exact61_widgets.widgets.puzzle import PuzzleWidget

    return str(PuzzleWidget(theme="light").board.svg)


def sample() -> dict[str, str]:
    """Every picture of the sample, by name (about 400, each kind 20 or more)."""
    s = Sampler()
    matches, hands = played_matches(240, seed=24)
    _layouts(s, random.Random(20), hands)
    _tiles(s)
    _hands(s, matches)
    _boneyards(s)
    _scoreboards(s)
    _settlements(s, matches)
    _tallies(s)
    _roundings(s)
    _legends(s)
    _matches(s)
    _strips(s)
    _puzzles(s)
    return s.pictures


def kinds(pictures: dict[str, str]) -> Counter[str]:
    """How many pictures of each kind."""
    return Counter(name.split("/", 1)[0] for name in pictures)


def read_reference() -> dict[str, str]:
    """The committed reference: picture name -> SVG."""
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as stream:
        found: dict[str, str] = json.load(stream)
    return found


def write_reference(pictures: dict[str, str]) -> None:
    """Write the reference compactly and byte-stable (no time stamp in the gzip header)."""
    data = json.dumps(pictures, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    REFERENCE.parent.mkdir(parents=True, exist_ok=True)
    with (
        REFERENCE.open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as stream,
    ):
        stream.write(data.encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the committed reference")
    args = parser.parse_args()
    pictures = sample()
    for kind, count in sorted(kinds(pictures).items()):
        print(f"{kind:12} {count}")
    print(f"{'all':12} {len(pictures)}, {sum(map(len, pictures.values()))} characters")
    if args.write:
        write_reference(pictures)
        print(f"wrote {REFERENCE} ({REFERENCE.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
