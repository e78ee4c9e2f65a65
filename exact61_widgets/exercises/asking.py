"""What a fresh exercise shows with its question: the pictures a learner needs to answer it.

A tutorial draws the position of its own exercises around them; a fresh one
(:func:`~exact61_widgets.exercises.generate.generate`) has no page around it, so
the pictures come from the task itself: the layout without its scoring ends,
the hand, the table as the mover sees it, every hand face up for a settlement,
the tally without its count. Every picture carries its text (title and
description) for a screen reader, and none shows the answer.
"""

from __future__ import annotations

import html

from exact61_widgets.exercises.kinds import (
    BlockedAward,
    GoingOut,
    LegalAction,
    PlayableTiles,
    PlayAward,
    PlayDrawPass,
    TallyPoints,
    WhichMistake,
)
from exact61_widgets.exercises.task import Task
from exact61_widgets.render import hand_svg, match_svg, render_svg
from exact61_widgets.tutorial.pictures import hands_svg


def question_pictures(task: Task, prefix: str, lang: str | None = None) -> list[str]:
    """The pictures (SVG) that ``task``'s question needs, none of them its answer."""
    if isinstance(task, WhichMistake):  # each move: the table as the mover saw it, the move
        return [
            str(match_svg(position, lang=lang, id_prefix=f"{prefix}-move-{k + 1}"))
            + f"<p>{html.escape(task.move_line(k).text(lang))}</p>"
            for k, position in enumerate(task.positions)
        ]
    if isinstance(task, TallyPoints):
        return [task.question_picture(f"{prefix}-tally", lang)]
    if isinstance(task, (GoingOut, BlockedAward)):
        match = task.position
        return [
            str(render_svg(match.layout, ends=False, lang=lang, id_prefix=f"{prefix}-layout")),
            hands_svg(match, f"{prefix}-hands", lang),
        ]
    if isinstance(task, (LegalAction, PlayDrawPass)):
        return [str(match_svg(task.position, lang=lang, id_prefix=f"{prefix}-table"))]
    if isinstance(task, PlayableTiles):
        return [
            str(render_svg(task.layout, ends=False, lang=lang, id_prefix=f"{prefix}-layout")),
            str(hand_svg(task.hand, lang=lang, id_prefix=f"{prefix}-hand")),
        ]
    if isinstance(task, PlayAward):
        return [str(render_svg(task.layout, ends=False, lang=lang, id_prefix=f"{prefix}-layout"))]
    layout = task.spec().get("layout")
    if isinstance(layout, str):  # which places are open, which ends count: neither drawn
        bare = task.kind == "open_places"
        return [
            str(
                render_svg(
                    layout,
                    ends=False,
                    places=not bare,
                    closed_places=not bare,
                    lang=lang,
                    id_prefix=f"{prefix}-layout",
                )
            )
        ]
    return []


def question_html(task: Task, question: str, pictures: str) -> str:
    """The question (text) and the pictures it needs (HTML) as one block: the pictures under
    the question, or above it where the question asks about "the moves shown above"."""
    text = f"<p>{html.escape(question)}</p>"
    return pictures + text if isinstance(task, WhichMistake) else text + pictures
