"""The notation cheat sheet: tiles, places, layouts and moves as typed, with small pictures.

The notation is the one of docs/formats.md (read by ``engine/movetext/``): a tile
``[1|4]``, a place ``[1|4]:low``, a layout as its plays in order, a move as
notation or plain words. Every example of a typed move is read by the engine
(:func:`~exact61_widgets.engine.movetext.parse_move`) in a fixed position, and the
sheet prints what it read, so the sheet cannot promise a form the move line refuses.
"""

from __future__ import annotations

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import (
    MoveTextError,
    action_notation,
    describe_action,
    parse_move,
)
from exact61_widgets.engine.ports import parse_place
from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.handouts import art
from exact61_widgets.handouts.printed_page import document, esc, heading, prose
from exact61_widgets.i18n import Msg, gettext
from exact61_widgets.render import port_label, render_legend

_P = "notation"
#: The layout the layout section spells out, play by play.
LAYOUT = "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB"
#: The position of the move examples: seat 0 holds three tiles on this table.
MOVE_TABLE = "[2|3] [3|3]@[2|3]:high [3|6]@[3|3]:lineB"
MOVE_HAND = ("[3|5]", "[2|6]", "[6|6]")
#: What a learner may type there, in each language; the last one is ambiguous on purpose.
TYPED = {
    "en": (
        "[2|6]@[2|3]:low",
        "2-6 on 2-3",
        "3-5 on branch A of 3-3",
        "three-five branch B",
        "66",
        "2-6",
    ),
    "ru": (
        "[2|6]@[2|3]:low",
        "2-6 к двойке",
        "3-5 к ветви A дубля 3-3",
        "три-пять ветвь B",
        "66",
        "2-6",
    ),
}

#: The places of a tile, each drawn picked out: (layout, place).
_PLACES = (
    ("[1|4]", "[1|4]:low"),
    ("[1|4]", "[1|4]:high"),
    ("[4|4]", "[4|4]:lineA"),
    ("[4|4]", "[4|4]:lineB"),
    ("[4|4] [1|4]@[4|4]:lineA [4|6]@[4|4]:lineB", "[4|4]:branchA"),
    ("[4|4] [1|4]@[4|4]:lineA [4|6]@[4|4]:lineB", "[4|4]:branchB"),
)


def _section(title: str, inner: str) -> str:
    return f'<section class="block"><h2>{esc(title)}</h2>{inner}</section>'


def _tiles(lang: str) -> str:
    pictures = art.tile("[1|4]", f"{_P}-tile14", lang, 0.55, label="[1|4]") + art.tile(
        "[4|4]", f"{_P}-tile44", lang, 0.55, label="[4|4]"
    )
    words = gettext(
        "A tile is written with its smaller number first: `[1|4]` has one pip on one half "
        "and four on the other; `[4|4]` is the double four. The move line also reads "
        "`[4|1]`, `1|4`, `1-4` and `14`. A tile's value is its pips: `[2|5]` is worth 7 (R1.1).",
        lang,
    )
    return _section(
        gettext("Tiles", lang), f"<p>{prose(words)}</p><div class='pics'>{pictures}</div>"
    )


def _places(lang: str) -> str:
    figures = []
    for index, (layout, place) in enumerate(_PLACES):
        label = f"{place}: {port_label(parse_place(place).port, lang)}"
        figures.append(
            art.layout(
                layout,
                f"{_P}-place{index}",
                lang,
                0.4,
                ends=False,
                highlight_places=(place,),
                label=label,
            )
        )
    words = [
        gettext(
            "A place is where a tile may join: a tile, a colon and the place's name. A tile "
            "that is not a double has two, `low` (the end with the smaller number) and `high` "
            "(the larger); a double has four: `lineA`, `lineB`, `branchA`, `branchB` (R4.2, D2).",
            lang,
        ),
        gettext(
            "A double played onto the layout is joined by its line A; line B is the far side "
            "(D1). Its branches open once both lines are taken (R4.3). The wide ring marks the "
            "place named under each picture.",
            lang,
        ),
    ]
    return _section(
        gettext("Places", lang),
        "".join(f"<p>{prose(w)}</p>" for w in words)
        + f'<div class="pics places">{"".join(figures)}</div>',
    )


def _layout(lang: str) -> str:
    layout = Layout.parse(LAYOUT)
    steps = []
    for placement in layout.placements:
        if placement.at is None:
            text = Msg("`{tile}`: the opening tile", {"tile": str(placement.tile)})
        else:
            text = Msg(
                "`{play}`: `{tile}` joins `{place}`, the {port} of `{anchor}`",
                {
                    "play": str(placement),
                    "tile": str(placement.tile),
                    "place": str(placement.at),
                    "port": port_label(placement.at.port, lang),
                    "anchor": str(placement.at.tile),
                },
            )
        steps.append(f"<li>{prose(text.text(lang))}</li>")
    words = gettext(
        "A layout is written as its plays in order, one space apart: the opening tile alone, "
        "then each later tile as `TILE@PLACE`:",
        lang,
    )
    # its ends unmarked: the caption under it gives their sum (a badge's number would need
    # the picture drawn half as large again to print at 8 pt, and the sheet is one page)
    pic = art.layout(LAYOUT, f"{_P}-layout", lang, 0.55, caption=True, ends=False)
    return _section(
        gettext("Layouts", lang),
        f"<p>{prose(words)}</p><p><code>{esc(LAYOUT)}</code></p><ol>{''.join(steps)}</ol>"
        f"<figure>{pic}</figure>",
    )


def _position() -> Match:
    used = {str(t) for t in Layout.parse(MOVE_TABLE).tiles} | set(MOVE_HAND)
    rest = [str(t) for t in TILES if str(t) not in used]
    return Match.setup(2, layout=MOVE_TABLE, hands=[list(MOVE_HAND), rest[:5]], boneyard=rest[5:])


def _moves(lang: str) -> str:
    match = _position()
    rows = []
    for typed in TYPED[lang]:
        try:
            action = parse_move(match, typed)
        except MoveTextError as err:
            read, words = "—", err.text(lang)
        else:
            read, words = action_notation(action), describe_action(match, action, lang)
        rows.append(
            f"<tr><td><code>{esc(typed)}</code></td><td><code>{esc(read)}</code></td>"
            f"<td>{esc(words)}</td></tr>"
        )
    head = (
        f"<tr><th>{esc(gettext('You type', lang))}</th><th>{esc(gettext('The move', lang))}</th>"
        f"<th>{esc(gettext('The move line says', lang))}</th></tr>"
    )
    hand = " ".join(MOVE_HAND)
    intro = [
        Msg(
            "In the explorer, the match table and the puzzles you may type a move: notation or "
            "plain words. Here seat 0 holds {hand} on this table:",
            {"hand": hand},
        ).text(lang),
        gettext(
            "A tile alone is enough when it fits one place only. When no tile fits, type "
            "`draw`; when the boneyard is empty too, `pass` (R3.3, R3.4).",
            lang,
        ),
    ]
    pic = art.layout(MOVE_TABLE, f"{_P}-moves", lang, 0.55, ends=False)
    return _section(
        gettext("Moves, as typed in the move line", lang),
        f'<div class="beside"><div><p>{prose(intro[0])}</p>{pic}<p>{prose(intro[1])}</p></div>'
        f'<table class="moves"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
        "</div>",
    )


def _seats(lang: str) -> str:
    words = Msg(
        "Seats are numbered 0 to 3 clockwise, the order of play (R2.4). With four players, "
        "pair 0+2 plays pair 1+3 (R2.1). Scores are kept in raw points, 5 to a displayed "
        "point: 290 raw is 58 points; {target_raw} raw is exactly {target} (R1.2, R1.3).",
        TARGET_PARAMS,
    ).text(lang)
    return _section(gettext("Seats, pairs and scores", lang), f"<p>{prose(words)}</p>")


def _legend(lang: str) -> str:
    svg = render_legend(lang, colors=art.PRINT_COLORS, id_prefix=f"{_P}-legend")
    # a list that may go on in the next column (``flow``): each line is kept whole
    return f'<section class="legend flow">{art.legend_list(str(svg))}</section>'


def notation_sheet(lang: str, paper: str) -> str:
    """The notation cheat sheet as an HTML document."""
    title = gettext("How Exact 61 Five Up is written: tiles, places, layouts, moves", lang)
    body = (
        heading(title)
        + '<div class="cols cols-2">'
        + _tiles(lang)
        + _places(lang)
        + _seats(lang)
        + _legend(lang)
        + _layout(lang)
        + "</div>"
        + _moves(lang)
    )
    return document(title=title, body=body, lang=lang, paper=paper, kind="notation")
