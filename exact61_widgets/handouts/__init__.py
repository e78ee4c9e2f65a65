"""Printable pages: the rules card, score sheets, worksheets with their answer keys, notation.

``handout(kind, lang=…, paper=…, …)`` returns one self-contained HTML document,
ready to print on A4 or Letter (``exact61 handout KIND --out FILE`` writes it):

- ``rules-card``: the whole game on one side of a sheet, with its key pictures;
- ``score-sheet``: the paper tally (R10, D7) for 2 or 3 players or two pairs;
- ``worksheet`` and ``answer-key``: the tutorials' exercises and puzzles chosen by
  topic or rating; the key's answers come from the engine;
- ``notation``: how tiles, places, layouts and moves are written.

Nothing in a page is fetched: the style sheet, the pictures (inline SVG) and the
fonts (the system's) are all there, and the same arguments give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from exact61_widgets.handouts.options import (
    KINDS,
    PAPERS,
    PLAYERS,
    SOURCES,
    HandoutError,
    Selection,
    check_count,
    check_difficulty,
    check_kind,
    check_lesson,
    check_paper,
    check_players,
    check_rating,
    check_source,
    check_version,
)
from exact61_widgets.i18n import check_lang

__all__ = ["KINDS", "PAPERS", "PLAYERS", "SOURCES", "HandoutError", "handout"]


def handout(
    kind: str,
    *,
    lang: str | None = None,
    paper: str = "a4",
    players: int | str = 2,
    topics: Iterable[str] = (),
    rating: tuple[int, int] | str | None = None,
    source: str = "all",
    count: int | str | None = None,
    version: int | str = 0,
    lesson: int | str | None = None,
    difficulty: int | str | None = None,
) -> str:
    """The handout ``kind`` (one of :data:`KINDS`) as an HTML document, in ``lang``.

    ``paper`` is ``a4`` or ``letter``; ``players`` (2, 3, or 4 for two pairs) is the
    score sheet's; ``topics``, ``rating`` (``(low, high)`` or ``"1000-1400"``, puzzles
    only), ``source`` (``all``, ``exercises``, ``puzzles``) and ``count`` choose a
    worksheet's items, and the same choice gives its answer key. ``version`` 1, 2 …
    makes versions A, B … of a worksheet: each tutorial exercise replaced by a fresh
    one of its kind and difficulty (:func:`exact61_widgets.exercises.generate`), the
    same for the same version (``"A"`` is 1, ``"B"`` 2); 0 (default) asks the tutorials'
    own. ``lesson`` (1, 2, 3 of the teacher's pages) keeps to the exercises of that lesson's
    notebooks and leaves out what it has not taught yet (lesson 1: no going out, blocked hand,
    exactly 61 or puzzles); ``difficulty`` (1, 2, 3) keeps to exercises at that difficulty and
    puzzles rated for it. A bad option raises
    :class:`HandoutError` with one line naming it.

    >>> page = handout("rules-card", lang="ru", paper="letter")
    >>> page.startswith("<!DOCTYPE html>"), '<html lang="ru">' in page
    (True, True)
    """
    chosen = check_kind(kind)
    language = check_lang(lang)
    sheet = check_paper(paper)
    if chosen == "rules-card":
        from exact61_widgets.handouts.rules_card import rules_card

        return rules_card(language, sheet)
    if chosen == "score-sheet":
        from exact61_widgets.handouts.score_sheet import score_sheet

        return score_sheet(language, sheet, check_players(players))
    if chosen == "notation":
        from exact61_widgets.handouts.notation import notation_sheet

        return notation_sheet(language, sheet)
    from exact61_widgets.handouts.topics import check_topic
    from exact61_widgets.handouts.worksheet import worksheet

    selection = Selection(
        topics=tuple(dict.fromkeys(check_topic(t) for t in topics)),
        rating=check_rating(rating),
        source=check_source(source),
        count=check_count(count) if count is not None else Selection.count,
        version=check_version(version),
        lesson=check_lesson(lesson),
        difficulty=check_difficulty(difficulty),
    )
    return worksheet(language, sheet, selection, key=chosen == "answer-key")
