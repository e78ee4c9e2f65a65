"""The texts the package shows, cut into the parts that state an exercise's answer.

"Predict, then see": each kind of task lists its *giveaways* — the texts the
package prints or draws that state the answer (the "Open places: …" part of a
description, the engine's explanation of a settlement, a picture's title).
They are built here from the same functions that print them
(:func:`~exact61_widgets.render.text.describe`, the events' ``explain``, the
pictures' titles), so they cannot drift apart, and they are specific: never a
bare number.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Final

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.events import Event, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.render.text import describe

_SVG_TEXT: Final = re.compile(r"<(title|desc)\b[^>]*>(.*?)</\1>", re.S)


def _describe_parts(layout: Layout, lang: str) -> list[str]:
    """A description cut into its sentences: caption (2), tiles, spinners, connections,
    open places, scoring contributions — each "Label: list"."""
    return describe(layout, lang).rstrip(".").split(". ")


def open_places_part(layout: Layout, lang: str) -> str:
    """``Open places: [3|4] (low end, 3); …`` — the open places as a description states them."""
    return _describe_parts(layout, lang)[-2]


def contributions_part(layout: Layout, lang: str) -> str:
    """``Scoring contributions: [3|6]: 3; [6|6]: 12`` — the ends as a description states them."""
    return _describe_parts(layout, lang)[-1]


def svg_texts(svg: object) -> list[str]:
    """The title and description of an SVG picture, each once."""
    return list(dict.fromkeys(html.unescape(m.group(2)) for m in _SVG_TEXT.finditer(str(svg))))


def core(text: str) -> str:
    """An explanation up to its first ``;`` — the arithmetic without the target check."""
    return text.split("; ", 1)[0]


def starting_at(text: str, start: str) -> str:
    """``text`` from the first ``start`` on (all of it if ``start`` is not there)."""
    found = text.find(start)
    return text if found < 0 else text[found:]


def explains(events: Iterable[Event], lang: str, *, whole: bool = False) -> list[str]:
    """The events' explanations, each also cut before its target check unless ``whole``."""
    found: list[str] = []
    for event in events:
        text = event.explain(lang)
        found.extend(t for t in (text, text if whole else core(text)) if t not in found)
    return found


def play_event(layout: Layout, play: Play, score: int | None) -> PlayEvent | None:
    """The engine's event of ``play`` on ``layout`` (a two-player position set up for it)."""
    spare = [t for t in TILES if t not in layout and t != play.tile]
    if len(spare) < 2:
        return None
    try:
        match = Match.setup(
            2,
            layout=layout,
            hands=[[play.tile, spare[0]], [spare[1]]],
            boneyard=spare[2:],
            scores=[score or 0, 0],
            seed=0,
        )
        event = match.push(play)[0]
    except Exact61Error:  # pragma: no cover - the play was checked legal before
        return None
    return event if isinstance(event, PlayEvent) else None
