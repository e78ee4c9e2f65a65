"""The score sheet for the paper tally (R10, D7): the key, a figure area per side, the hands.

One sheet for two players, three players, or four in two pairs (R2.1). The key
draws with the package's tally pictures how strokes fill a figure (stroke 1 to
10) and what 61 looks like; each side gets the seven figures a match needs (six
full and one stroke) and a column in the table of hands.
"""

from __future__ import annotations

from exact61_widgets.engine.scoring import TARGET_PARAMS, TARGET_POINTS
from exact61_widgets.engine.seating import seating
from exact61_widgets.handouts import art
from exact61_widgets.handouts.printed_page import document, esc, heading, prose
from exact61_widgets.i18n import Msg, gettext

#: Rows in the table of hands, by players (a longer match goes on over the page): matches
#: between greedy bots took 4 to 11 hands (``exact61 simulate``), a third side takes room.
HANDS = {2: 14, 3: 12, 4: 14}
_P = "sheet"


def _sides(players: int) -> list[Msg]:
    seats = seating(players)
    return [seats.side_title(side) for side in range(seats.sides)]


def _title(players: int, lang: str) -> str:
    if seating(players).pairs:
        return gettext("Score sheet: four players in two pairs", lang)
    if players == 3:
        return gettext("Score sheet: three players", lang)
    return gettext("Score sheet: two players", lang)


def _key(lang: str, players: int) -> str:
    steps = "".join(art.tally(n, f"{_P}-step-{n}", lang, 0.3, label=str(n)) for n in range(1, 11))
    target = TARGET_POINTS
    full = art.tally(target, f"{_P}-target", lang, 0.2, label=str(target))
    below = art.tally(-3, f"{_P}-below", lang, 0.28, label="−3")
    words = [
        gettext(
            "One stroke is one displayed point, 5 raw points (R10.1). Strokes 1 and 2 are "
            "the large X; strokes 3 to 10 make the small x's, two each, in the top, right, "
            "bottom and left spaces (D7). A full figure is 10 points.",
            lang,
        ),
        Msg(
            "{target} points are six full figures and one stroke: the match is won at once (R9.1). "
            "An award that would pass {target} is not written at all (R1.4).",
            TARGET_PARAMS,
        ).text(lang),
    ]
    pictures = full
    if seating(players).pairs:  # only a partner's deduction takes a score below zero (D3)
        words.append(
            gettext(
                "A pair's score can drop below zero (D3): keep its strokes after a minus sign.",
                lang,
            )
        )
        pictures += below
    return (
        '<section class="block key">'
        f"<h2>{esc(gettext('The key', lang))}</h2>"
        f'<div class="pics steps">{steps}</div>'
        '<div class="key-text"><div>'
        + "".join(f"<p>{prose(w)}</p>" for w in words)
        + f'</div><div class="pics">{pictures}</div></div></section>'
    )


def _figures(players: int, lang: str) -> str:
    target = TARGET_POINTS
    labels = [f"{10 * i + 1}–{10 * (i + 1)}" for i in range(target // 10)] + [str(target)]
    boxes = "".join(
        f'<div class="figure-box"><div class="square"></div><span>{esc(label)}</span></div>'
        for label in labels
    )
    seats = seating(players)
    label = gettext("Names:", lang) if seats.pairs else gettext("Name:", lang)
    lines = '<p><span class="fill"></span></p>' * len(seats.seats_of(0))
    sides = "".join(
        '<section class="block side"><div class="who">'
        f"<h3>{esc(side.text(lang))}</h3>"
        f'<p class="small">{esc(label)}</p>{lines}'
        f'</div><div class="figure-row">{boxes}</div></section>'
        for side in _sides(players)
    )
    return (
        '<section class="tally-area flow">'
        f"<h2>{esc(gettext('The tally: one square per figure', lang))}</h2>"
        f'<div class="sides-{players}">{sides}</div></section>'
    )


def _hands(players: int, lang: str) -> str:
    sides = _sides(players)
    head = "".join(f"<th>{esc(s.text(lang))}</th>" for s in sides)
    rows = "".join(
        f'<tr><td class="num">{n}</td>' + "<td></td>" * len(sides) + "<td></td><td></td></tr>"
        for n in range(1, HANDS[players] + 1)
    )
    note = gettext(
        "After each hand write every side's score in displayed points, how the hand ended "
        "(went out, blocked) and who leads the next one (R2.5, R8.7).",
        lang,
    )
    return (
        '<section class="block hands">'
        f"<h2>{esc(gettext('Hand by hand', lang))}</h2><p>{prose(note)}</p>"
        '<table class="sheet"><thead><tr>'
        f"<th>{esc(gettext('Hand', lang))}</th>{head}"
        f"<th>{esc(gettext('Ended by', lang))}</th>"
        f"<th>{esc(gettext('Next leader', lang))}</th>"
        f"</tr></thead><tbody>{rows}</tbody></table></section>"
    )


def score_sheet(lang: str, paper: str, players: int) -> str:
    """The score sheet for ``players`` (2, 3, or 4 in two pairs) as an HTML document."""
    title = _title(players, lang)
    fields = (
        f'<span class="small">{esc(gettext("Date:", lang))} <span class="fill short"></span></span>'
    )
    body = (
        heading(title, fields)
        + _key(lang, players)
        + _figures(players, lang)
        + _hands(players, lang)
    )
    return document(title=title, body=body, lang=lang, paper=paper, kind="score-sheet")
