"""The exact values of a position whose every tile is known, as the explorer shows them.

The explorer's positions are open (every hand and the boneyard's order are on
screen), so the exact solver can value each legal move over the rest of the
hand and give its principal line. Early in a hand the tree is too large to
search on every click: beyond :data:`MOST_UNPLAYED` tiles in the hands and the
boneyard, or :data:`MAX_NODES` positions, the table says so instead.
"""

from __future__ import annotations

import html
from typing import Final

from exact61_widgets.engine.match import Match
from exact61_widgets.engine.solve import Solution, SolveError, notation, solve
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext

#: The most tiles unplayed (hands and boneyard) for which the explorer solves.
MOST_UNPLAYED: Final = 16
#: The most positions one solve may visit in the explorer.
MAX_NODES: Final = 40_000


def exact_solution(match: Match) -> Solution | None:
    """The solution of ``match``'s position, or None if the hand is over or it is too large."""
    if match.status != "playing":
        return None
    if sum(len(h) for h in match.hands) + match.boneyard_count > MOST_UNPLAYED:
        return None
    try:
        return solve(match, max_nodes=MAX_NODES)
    except SolveError:
        return None


def solution_html(match: Match, lang: str | None = None) -> str:
    """The exact values as an HTML table (move, value, line), or a line saying why not."""
    lang = check_lang(lang)
    if match.status != "playing":
        return ""
    solution = exact_solution(match)
    if solution is None:
        unplayed = sum(len(h) for h in match.hands) + match.boneyard_count
        note = Msg(
            "Exact values appear when at most {most} tiles are left in the hands and "
            "the boneyard ({left} now) and the search is small enough.",
            {"most": MOST_UNPLAYED, "left": Plural("{n} tile", "{n} tiles", unplayed)},
        ).text(lang)
        return f'<p class="exact61-exact-note">{html.escape(note)}</p>'
    head = "".join(
        f"<th>{html.escape(h)}</th>"
        for h in (
            gettext("Move", lang),
            gettext("Exact value", lang),
            gettext("Best play from there", lang),
        )
    )
    rows = []
    for move in solution.moves:
        cells = (notation(move.action), move.text(lang), " ".join(notation(a) for a in move.line))
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    caption = html.escape(
        gettext("Exact values with every tile known, over the rest of the hand", lang)
    )
    return (
        f'<table class="exact61-exact" cellpadding="4"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
