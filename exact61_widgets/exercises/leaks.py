"""Finding an exercise's giveaways in what a page shows.

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
from typing import TYPE_CHECKING, Final

from exact61_widgets.i18n import LANGUAGES, check_lang

if TYPE_CHECKING:
    from exact61_widgets.exercises.task import Task

_SPACE: Final = re.compile(r"\s+")
#: One item of a list of places, ends or plays as a giveaway writes it (``[3|4]:low = 3``).
_ITEM: Final = r"\[\d\|\d\](?::\w+)?(?:@\[\d\|\d\](?::\w+)?)?(?: = \d+)?"
_LISTING: Final = re.compile(rf"{_ITEM}(?:[,;] {_ITEM})*")


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
