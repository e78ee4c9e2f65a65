"""The rules card: the whole game on one side of a sheet, in plain words with rule codes.

Its pictures are the key ones: a spinner and its four places, counting the ends,
exactly 61, going out and a blocked hand, each drawn by the package's render
functions from an example the engine plays (:mod:`.examples`).
"""

from __future__ import annotations

from exact61_widgets import layout_geometry
from exact61_widgets.engine.explain import rounding_rule, target_check
from exact61_widgets.engine.scoring import TARGET_PARAMS, round5
from exact61_widgets.handouts import art, examples
from exact61_widgets.handouts.printed_page import document, heading, prose
from exact61_widgets.i18n import Msg, gettext

_P = "rules"


def _block(title: str, paragraphs: list[str], pictures: str = "", cls: str = "") -> str:
    body = "".join(f"<p>{prose(p)}</p>" for p in paragraphs)
    extra = f" {cls}" if cls else ""
    return f'<section class="block{extra}"><h2>{prose(title)}</h2>{body}{pictures}</section>'


def _side(dx: float, dy: float) -> Msg:
    """Where a place lies from its tile's centre, in words."""
    if abs(dx) >= abs(dy):
        return Msg("left") if dx < 0 else Msg("right")
    return Msg("above") if dy < 0 else Msg("below")


def _spinner_caption(lang: str) -> str:
    geometry = layout_geometry(examples.SPINNER)
    x, y, w, h = geometry.tiles["[3|3]"]
    cx, cy = x + w / 2, y + h / 2

    def where(tile: str | None, place: str | None) -> Msg:
        if tile is not None:
            tx, ty, tw, th = geometry.tiles[tile]
            return _side(tx + tw / 2 - cx, ty + th / 2 - cy)
        assert place is not None
        px, py = geometry.places[place]
        return _side(px - cx, py - cy)

    return Msg(
        "`[3|3]` has four places: line A holds `[3|4]` ({a}), line B holds `[3|6]` ({b}); "
        "so its branches A ({c}) and B ({d}) are open, shown as dots.",
        {
            "a": where("[3|4]", None),
            "b": where("[3|6]", None),
            "c": where(None, "[3|3]:branchA"),
            "d": where(None, "[3|3]:branchB"),
        },
    ).text(lang)


def _game(lang: str) -> str:
    return _block(
        gettext("The game (R1, R2, R9)", lang),
        [
            gettext(
                "2 to 4 players. With four, partners sit opposite: pair 0+2 plays pair 1+3, "
                "each pair with one score (R2.1). One double-six set of 28 tiles (R1.1); each "
                "player takes 5, the rest lie face down as the boneyard (R2.2).",
                lang,
            ),
            gettext(
                "A fair lot picks who leads the first hand; the leader opens with any tile, "
                "and play goes clockwise (R2.4). Whoever goes out leads the next hand; after a "
                "blocked hand, a new lot (R2.5, R8.7).",
                lang,
            ),
            Msg(
                "Everything is counted in pips, the raw points; 5 raw points make 1 displayed "
                "point (R1.2). The first player or pair to reach exactly {target} points "
                "({target_raw} raw) "
                "wins the match at once (R1.3, R9.1).",
                TARGET_PARAMS,
            ).text(lang),
        ],
    )


def _turn(lang: str) -> str:
    return _block(
        gettext("Your turn (R3)", lang),
        [
            gettext(
                "Join one tile to an open place with the same number; its other half becomes "
                "a new end (R3.1). If a tile of yours fits, you must play one (R3.2). If none "
                "fits, draw from the boneyard one tile at a time and play the first that fits, "
                "at once (R3.3). Boneyard empty and nothing fits: pass (R3.4).",
                lang,
            )
        ],
    )


def _spinner(lang: str) -> str:
    picture = art.layout(examples.SPINNER, f"{_P}-spinner", lang, 0.45, ends=False)
    return _block(
        gettext("Every double is a spinner (R4)", lang),
        [
            gettext(
                "A double lies crosswise and has four places: line A, line B and the branches "
                "A and B (R4.1, R4.2). Both lines are taken first; only then do the branches "
                "open (R4.3). A place to play on is not a scoring end (R4.4).",
                lang,
            )
        ],
        f'<figure class="with-text">{picture}<figcaption>{prose(_spinner_caption(lang))}'
        "</figcaption></figure>",
    )


def _counting(lang: str) -> str:
    # its ends unmarked: the caption under it gives their sum (a badge's number would need
    # the picture drawn half as large again to print at 8 pt, and the card is one page)
    picture = art.layout(examples.COUNTING, f"{_P}-counting", lang, 0.45, caption=True, ends=False)
    return _block(
        gettext("Counting the ends (R5, R6)", lang),
        [
            gettext(
                "After every play, the first and the last included, add up the scoring ends "
                "(R6.1). An end double (at most one line taken) counts both halves (R5.1); an "
                "inner double counts nothing, its started branches count at their outer ends "
                "(R5.2); any other tile counts its free halves (R5.3); a blank end counts 0 "
                "(R5.4).",
                lang,
            ),
        ],
        f'<figure class="with-text">{picture}<figcaption class="text">'
        + prose(
            gettext(
                "A positive multiple of 5 scores that many raw points; any other sum, 0 "
                "included, scores nothing (R6.2). The numbers in squares are the ends that count.",
                lang,
            )
        )
        + "</figcaption></figure>",
    )


def _target(lang: str) -> str:
    over, exact = examples.target_plays()
    pictures = []
    for index, play in enumerate((over, exact)):
        words = target_check(play.before, play.award).steps[0].text(lang)
        # the ends unmarked: the words under it give the award (a badge would print below 8 pt)
        pic = art.layout(play.layout, f"{_P}-target-{index}", lang, 0.4, places=False, ends=False)
        pictures.append(f"<figure>{pic}<figcaption>{prose(words)}</figcaption></figure>")
    return _block(
        Msg("Exactly {target} (R1.4, R9)", TARGET_PARAMS).text(lang),
        [
            Msg(
                "An award that would take a side above {target} points is rejected whole: "
                "the score "
                "stays as it was and play goes on (R1.4). Near the end only an exact award "
                "wins. Here a player at 295 raw (59 points) plays on `[3|6]`:",
                TARGET_PARAMS,
            ).text(lang)
        ],
        '<div class="pics two">' + "".join(pictures) + "</div>",
    )


def _going_out(lang: str) -> str:
    event = examples.going_out_event()
    hands = "; ".join(
        Msg("seat {seat}: {tiles}", {"seat": seat, "tiles": " ".join(tiles)}).text(lang)
        for seat, tiles in enumerate(examples.going_out_hands())
    )
    table = art.out_settlement(event, f"{_P}-out", lang, 0.62)
    note = Msg(
        "Four players on `[1|4]`; seat 0 plays its last tile on the 1. Hands before it: {hands}.",
        {"hands": hands},
    ).text(lang)
    return _block(
        gettext("Going out (R7)", lang),
        [
            gettext(
                "Playing your last tile scores as usual; then everyone shows their tiles "
                "(R7.1). Add up all the opponents' pips together and round the total once to "
                "the nearest 5: it goes to you or your pair (R7.2). In pairs the partner's "
                "pips, rounded on their own, are taken off (R7.3). The parts are one "
                "settlement, accepted or rejected whole (R7.4).",
                lang,
            ),
            Msg("Rounding to 5: {rounding}.", {"rounding": rounding_rule()}).text(lang),
            Msg(
                "A score may go below zero, when a partner's pips taken off are more than "
                "the rest (D3): write it with a minus sign. Only the upper limit of "
                "{target} is enforced.",
                TARGET_PARAMS,
            ).text(lang),
        ],
        f"<figure>{table}<figcaption>{prose(note)}</figcaption></figure>",
    )


def _blocked(lang: str) -> str:
    events = examples.blocked()
    totals = ", ".join(str(e.pips) for e in sorted(events, key=lambda e: e.pips))
    table = art.blocked(events, f"{_P}-blocked", lang, 0.62)
    note = Msg("Three players hold {totals} pips.", {"totals": totals}).text(lang)
    first = events[0]
    differences = [difference for _, _, difference in first.compared]
    once = Msg(
        "Why once: seat {seat} gets {sum} = {total}, rounded once to {award}; rounding "
        "each difference would give {each} = {wrong}.",
        {
            "seat": first.seat,
            "sum": " + ".join(str(d) for d in differences),
            "total": first.difference,
            "award": first.award,
            "each": " + ".join(str(round5(d)) for d in differences),
            "wrong": sum(round5(d) for d in differences),
        },
    ).text(lang)
    note = f"{note} {once}"
    return _block(
        gettext("A blocked hand (R8)", lang),
        [
            gettext(
                "When the boneyard is empty and nobody can play, the hand is blocked (R3.5). "
                "Total each player's pips on their own (partners are not added together) and "
                "order them from the smallest (R8.1). Each player gets the differences to "
                "every strictly larger opponent's total, added up and rounded once (R8.2, "
                "R8.3); each award meets the target on its own (R8.4). The smallest total "
                "wins the hand (R8.6).",
                lang,
            )
        ],
        f"<figure>{table}<figcaption>{prose(note)}</figcaption></figure>",
    )


def _paper(lang: str) -> str:
    figure = art.tally(13, f"{_P}-tally", lang, 0.32)
    words = gettext(
        "One stroke is one point; a full figure, a large X with a small x in each of "
        "its four spaces, is 10 points (R10.1, D7). Here: 13 points.",
        lang,
    )
    return _block(
        gettext("On paper (R10)", lang),
        [],
        f'<figure class="with-text">{figure}<figcaption class="text">{prose(words)}'
        f'<br><span class="small">{prose(_where(lang))}</span></figcaption></figure>',
    )


def _where(lang: str) -> str:
    return gettext("Codes such as R7.3 point to the full rules: RULES.md.", lang)


def rules_card(lang: str, paper: str) -> str:
    """The rules card as a whole HTML document."""
    title = gettext("Exact 61 Five Up: the rules on one page", lang)
    body = (
        heading(title)
        + '<div class="cols cols-2 card">'
        + _game(lang)
        + _turn(lang)
        + _spinner(lang)
        + _counting(lang)
        + _target(lang)
        + _going_out(lang)
        + _blocked(lang)
        + _paper(lang)
        + "</div>"
    )
    return document(title=title, body=body, lang=lang, paper=paper, kind="rules-card")
