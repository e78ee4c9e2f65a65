"""Texts that give an exercise's answer away, and a search for them in what a page shows.

"Predict, then see": a tutorial must not show an exercise's answer above the
exercise. Each task lists its *giveaways* — the texts the package (and the
tutorials' small helpers) print or draw that state the answer: the
description of the layout after the play asked about, the "Open places: …"
part of a description, ``13 → 15``, the engine's explanation of a settlement,
the printed list of legal actions. They are built from the same functions that
print them (:func:`~exact61_widgets.render.text.describe`, the events'
``explain``), so they cannot drift apart, and they are specific: never a bare
number. :func:`leaked_answers` finds them in the text of a notebook's outputs.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from exact61_widgets.engine.actions import DRAW, PASS, Play
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.events import BlockedAwardEvent, Event, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import POINT, TARGET, round5
from exact61_widgets.engine.tiles import TILES, Tile
from exact61_widgets.exercises.layout_checks import end_key, play_on, scoring_ends
from exact61_widgets.exercises.match_checks import blocked, going_out, match_won
from exact61_widgets.i18n import LANGUAGES, check_lang
from exact61_widgets.render.text import describe, raw_points

if TYPE_CHECKING:
    from exact61_widgets.exercises.tasks import Task

_SPACE: Final = re.compile(r"\s+")
_SVG_TEXT: Final = re.compile(r"<(title|desc)\b[^>]*>(.*?)</\1>", re.S)


# -- the parts of a description --------------------------------------------------------------


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


def _svg_texts(svg: object) -> list[str]:
    """The title and description of an SVG picture."""
    return [html.unescape(m.group(2)) for m in _SVG_TEXT.finditer(str(svg))]


def _core(text: str) -> str:
    """An explanation up to its first ``;`` — the arithmetic without the target check."""
    return text.split("; ", 1)[0]


def _from(text: str, start: str) -> str:
    """``text`` from the first ``start`` on (all of it if ``start`` is not there)."""
    found = text.find(start)
    return text if found < 0 else text[found:]


# -- per kind of task --------------------------------------------------------------------------


def open_places(layout: str, lang: str) -> tuple[str, ...]:
    """Giveaways of "which places are open": the description's part, the list in notation."""
    table = Layout.parse(layout)
    found = [open_places_part(table, lang)]
    if table.open_places():
        found.append(", ".join(str(p) for p in table.open_places()))
    return tuple(found)


def scoring_ends_of(layout: str, lang: str) -> tuple[str, ...]:
    """Giveaways of "which ends count": the description's part, the list, ``end = value``."""
    table = Layout.parse(layout)
    ends = scoring_ends(table)
    found = [contributions_part(table, lang)]
    if ends:
        found.append(", ".join(end_key(c) for c in ends))
        found.append("; ".join(f"{end_key(c)} = {c.value}" for c in ends))
    return tuple(found)


def _spare(layout: Layout, tile: Tile) -> list[Tile]:
    return [t for t in TILES if t not in layout and t != tile]


def play_event(layout: Layout, play: Play, score: int | None) -> PlayEvent | None:
    """The engine's event of ``play`` on ``layout`` (a two-player position set up for it)."""
    spare = _spare(layout, play.tile)
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


def play_award(layout: str, play: str, score: int | None, lang: str) -> tuple[str, ...]:
    """Giveaways of "what does this play earn": the layout after it, described and explained.

    When the award would pass 61 (R1.4) the answer is the target check's
    verdict, so the texts that only state the award are not giveaways then;
    the engine's whole explanation and the sum of the check are.
    """
    before = Layout.parse(layout)
    after, action = play_on(before, play)
    award = after.award
    rejected = score is not None and score + award > TARGET
    ends = scoring_ends(after)
    helper = "; ".join(f"{end_key(c)} = {c.value}" for c in ends)
    found = [f"{action} end sum {after.end_sum} award {award}", f"{action} {after.end_sum} {award}"]
    if not rejected:
        found[:0] = [
            contributions_part(after, lang),
            f"{helper} -> sum {after.end_sum}, award {award} raw",
        ]
    event = play_event(before, action, score)
    if event is not None:
        explained = _from(event.explain(lang), str(action.tile))
        found.append(explained if rejected else _core(explained))
    if score is not None and award:
        found.append(f"{score} + {award} = {score + award}")
    return tuple(found)


def rounding(total: int, lang: str) -> tuple[str, ...]:
    """Giveaways of "round this total": ``13 → 15``, ``13: 15``, the engine's phrasings."""
    result = round5(total)
    return (
        f"{total} → {result}",
        f"{total}: {result}",
        f"{total}, rounded {result}",
        f"{total} pips rounded to {result}",
    )


def _explains(events: Iterable[Event], lang: str, *, whole: bool = False) -> list[str]:
    """The events' explanations, each also cut before its target check unless ``whole``."""
    found: list[str] = []
    for event in events:
        text = event.explain(lang)
        found.extend(t for t in (text, text if whole else _core(text)) if t not in found)
    return found


def going_out_of(match: Match, play: str, lang: str) -> tuple[str, ...]:
    """Giveaways of a going-out settlement: the engine's explanation of it (all of it when
    the target check rejects the settlement, since the verdict is then the answer)."""
    _, out, after = going_out(match, play)
    found = _explains([out], lang, whole=out.status == "rejected")
    if out.status != "rejected":
        found.append(
            f"{out.play_award} + {out.opponents_award} − {out.partner_deduction} = {out.net}"
            if after.partner_of(out.seat) is not None
            else f"{out.play_award} + {out.opponents_award} = {out.net}"
        )
        if not out.play_award and not out.partner_deduction:  # the opponents' pips are all
            found.append(f"{out.opponents_pips}, rounded once to {out.opponents_award}")
    return tuple(found)


def blocked_award_of(match: Match, seat: int, action: str, lang: str) -> tuple[str, ...]:
    """Giveaways of a blocked-hand award: the engine's explanation of that award.

    When the match ends before the seat's award (R8.5), the winning award and
    the win itself give the answer away.
    """
    _, _, events = blocked(match, action)
    awards = [e for e in events if isinstance(e, BlockedAwardEvent)]
    mine = [e for e in awards if e.seat == seat]
    if mine:
        return tuple(_explains(mine, lang, whole=mine[0].status == "rejected"))
    won = match_won(events)
    return tuple(_explains([awards[-1], *([won] if won is not None else [])], lang, whole=True))


def legal_actions_of(match: Match, lang: str) -> tuple[str, ...]:
    """Giveaways of "what may be done now": the legal actions listed, refusals naming them,
    and the engine's explanation of each legal action."""
    legal = match.legal_actions()
    found: list[str] = []
    if match.layout and any(isinstance(a, Play) for a in legal):
        found.append(", ".join(str(a) for a in legal))
    elif not any(isinstance(a, Play) for a in legal):
        found.append("legal actions: " + ", ".join(str(a) for a in legal))
    for other in (DRAW, PASS):
        reason = match.why_illegal(other)
        if reason is not None:
            found.append(reason.text(lang))
    for action in legal:
        trial = match.copy()
        found.extend(t for t in _explains(trial.push(action)[:1], lang) if t not in found)
    return tuple(found)


def playable_tiles_of(layout: str, hand: Sequence[str], lang: str) -> tuple[str, ...]:
    """Giveaways of "which tiles can be played": the plays listed, each tile's places."""
    table = Layout.parse(layout)
    if not table:
        return ()
    playable = [t for t in sorted(Tile.parse(h) for h in hand) if table.can_play(t)]
    found = [f"{t} fits: " + ", ".join(str(p) for p in table.legal_places(t)) for t in playable]
    if playable:
        found.insert(0, ", ".join(f"{t}@{p}" for t in playable for p in table.legal_places(t)))
    return tuple(found)


def tally(points: int, lang: str) -> tuple[str, ...]:
    """Giveaways of "what does this tally show": the tally's own title and description."""
    from exact61_widgets.render.svg_tally import tally_svg

    return (
        *_svg_texts(tally_svg(points, lang=lang, id_prefix="giveaway")),
        raw_points(points * POINT, lang),
        f"{points} points = {points * POINT} raw",
    )


def displayed(raw: int, lang: str) -> tuple[str, ...]:
    """Giveaways of "how many displayed points": the score board's and the tutorials' forms."""
    shown = raw // POINT
    return (
        raw_points(raw, lang),
        f"{raw} raw = {shown} displayed",
        f"{raw} ÷ 5 = {shown}",
        f"{shown} displayed points = {raw} raw",
        f"{shown} ({raw} raw)",
    )


def boneyard(players: int, lang: str) -> tuple[str, ...]:
    """Giveaways of "how big is the boneyard": its picture's title after such a deal, the sum."""
    from exact61_widgets.render.svg_pictures import boneyard_svg

    rest = 28 - 5 * players
    return (
        *dict.fromkeys(_svg_texts(boneyard_svg(rest, lang=lang, id_prefix="giveaway"))),
        f"28 − {players} × 5 = {rest}",
    )


# -- the search --------------------------------------------------------------------------------


def normal(text: str) -> str:
    """Text as the search compares it: HTML entities and markdown marks (``**``, `````,
    ``\\|``) removed, one kind of minus, times and arrow, one space, one letter case."""
    text = html.unescape(text).replace("\\|", "|").replace("*", "").replace("`", "")
    text = text.replace("−", "-").replace("×", "x").replace("→", "->")
    return _SPACE.sub(" ", text).strip().casefold()


def _bounded(text: str, start: int, end: int, giveaway: str) -> bool:
    """Whether a hit is a whole giveaway: not part of a longer number or a longer list."""
    if giveaway[0].isdigit() and start > 0 and text[start - 1].isdigit():
        return False
    if giveaway[-1].isdigit() and end < len(text) and text[end].isdigit():
        return False
    if giveaway[0] == "[" and text[max(0, start - 2) : start] in (", ", "; "):
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


def leaked_answers(outputs_text: str, task: Task, lang: str | None = None) -> list[str]:
    """The giveaways of ``task`` that occur in ``outputs_text``: an empty list if none.

    ``outputs_text`` is everything a reader sees above the exercise (outputs and
    markdown). Every language's giveaways are looked for — a notebook may print
    texts in both — ``lang`` first (None: the session's language).
    """
    first = check_lang(lang)
    text = normal(outputs_text)
    found: list[str] = []
    for language in (first, *(x for x in LANGUAGES if x != first)):
        for giveaway in task.giveaways(language):
            key = normal(giveaway)
            if key and giveaway not in found and occurs(text, key):
                found.append(giveaway)
    return found
