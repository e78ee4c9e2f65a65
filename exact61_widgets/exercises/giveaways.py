"""An exercise's giveaways: the texts that state its answer, and finding them in a page.

"Predict, then see": each kind of task lists its *giveaways* — the texts the
package prints or draws that state the answer (the "Open places: …" part of a
description, the engine's explanation of a settlement, a picture's title).
They are cut here from the same functions that print them
(:func:`~exact61_widgets.render.descriptions.describe`, the events' ``explain``, the
pictures' titles), so they cannot drift apart, and they are specific: never a
bare number.

:func:`leaked_answers` looks for a task's giveaways
(:meth:`~exact61_widgets.exercises.task.Task.giveaways`, in every language) in a
text: the markdown and outputs of a notebook, HTML and SVG texts included. The
comparison forgives what does not change the meaning (markdown marks, HTML
entities, spaces, letter case, the kind of minus or arrow) and counts a hit only
as a whole: ``13`` is not found in ``113``, nor a list inside a longer list.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.events import Event, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.i18n import LANGUAGES, check_lang
from exact61_widgets.render.descriptions import describe

if TYPE_CHECKING:
    from exact61_widgets.exercises.task import Task

_SVG_TEXT: Final = re.compile(r"<(title|desc)\b[^>]*>(.*?)</\1>", re.S)
_SPACE: Final = re.compile(r"\s+")
#: One item of a list of places, ends or plays as a giveaway writes it (``[3|4]:low = 3``).
_ITEM: Final = r"\[\d\|\d\](?::\w+)?(?:@\[\d\|\d\](?::\w+)?)?(?: = \d+)?"
_LISTING: Final = re.compile(rf"{_ITEM}(?:[,;] {_ITEM})*")


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


def normal(text: str) -> str:
    """Text as the search compares it: HTML entities, markdown marks (``**``, `````,
    ``\\|``) and quotes (a printed list of plays is ``['[0|2]@…', …]``) removed, one kind
    of minus, times and arrow, one space, one letter case."""
    text = html.unescape(text).replace("\\|", "|")
    text = re.sub(r"[*`'\"]", "", text)
    text = text.replace("−", "-").replace("×", "x").replace("→", "->")
    return _SPACE.sub(" ", text).strip().casefold()


def _bounded(text: str, start: int, end: int, giveaway: str) -> bool:
    """Whether a hit is a whole giveaway: not part of a longer number or a longer list."""
    if giveaway[0].isdigit() and start > 0 and text[start - 1].isdigit():
        return False
    if giveaway[-1].isdigit() and end < len(text) and text[end].isdigit():
        return False
    if not _LISTING.fullmatch(giveaway):  # a sentence, or one entry of a printed mapping
        return True
    if text[max(0, start - 2) : start] in (", ", "; "):
        return False
    return text[end : end + 3] not in (", [", "; [")


def occurs(text: str, giveaway: str) -> bool:
    """Whether ``giveaway`` occurs in ``text`` (both :func:`normal`) as a whole."""
    start = text.find(giveaway)
    while start >= 0:
        if _bounded(text, start, start + len(giveaway), giveaway):
            return True
        start = text.find(giveaway, start + 1)
    return False


def leaked_answers(text: str, task: Task, lang: str | None = None) -> list[str]:
    """The giveaways of ``task`` that occur in ``text``: an empty list if none.

    ``text`` is what a reader sees (outputs and markdown). Every language's
    giveaways are looked for — a notebook may print texts in both — ``lang``
    first (None: the session's language).
    """
    first = check_lang(lang)
    seen = normal(text)
    found: list[str] = []
    for language in (first, *(x for x in LANGUAGES if x != first)):
        for giveaway in task.giveaways(language):
            key = normal(giveaway)
            if key and giveaway not in found and occurs(seen, key):
                found.append(giveaway)
    return found
