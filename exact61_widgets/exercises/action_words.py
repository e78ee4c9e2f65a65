"""What a player may do now, in words: shared by "what may be done" and "play, draw or pass".

An action is named as an answer names it (a play in notation, ``draw``,
``pass``); :func:`action_why` says why a legal one is allowed, and
:func:`why_refused` why a refused one is not, naming the misconception it shows
— in the rule's own words, never naming the tile that fits or the action that
is right (the engine's own refusals name them, so they are not used here).
"""

from __future__ import annotations

from exact61_widgets.engine.actions import DRAW, PASS, Action, Draw, Pass, Play
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import Place, Port
from exact61_widgets.exercises.giveaways import explains
from exact61_widgets.exercises.layout_facts import BRANCH_TOO_EARLY
from exact61_widgets.exercises.reading import Word, word_label
from exact61_widgets.exercises.verdict import ExerciseError, Misconception
from exact61_widgets.i18n import Msg
from exact61_widgets.render import hand_svg

DRAW_WHILE_PLAYABLE = Misconception(
    "draw-while-playable",
    Msg("Drawing is allowed only when no tile of the hand fits an open place (R3.2)."),
)
DRAW_AFTER_FIT = Misconception(
    "draw-after-fit", Msg("Drawing stops as soon as a drawn tile fits an open place (R3.3).")
)
DRAW_FROM_EMPTY = Misconception(
    "draw-from-empty", Msg("The boneyard is empty: there is nothing left to draw (R3.4).")
)
PASS_WHILE_PLAYABLE = Misconception(
    "pass-while-playable",
    Msg("Passing is allowed only when no tile of the hand fits an open place (R3.4)."),
)
PASS_BEFORE_DRAWING = Misconception(
    "pass-before-drawing", Msg("Passing is allowed only once the boneyard is empty (R3.4).")
)
NOTHING_FITS = Misconception(
    "play-nothing-fits", Msg("No tile of the hand matches an open place now (R3.1).")
)
NOT_THE_DRAWN_TILE = Misconception(
    "not-the-drawn-tile", Msg("Only the tile just drawn may be played now (R3.3).")
)
BAD_PLACE = Misconception(
    "place-does-not-fit",
    Msg("A tile joins only an open place that shows one of its numbers (R3.1)."),
)
MISCONCEPTIONS = (
    DRAW_WHILE_PLAYABLE,
    DRAW_AFTER_FIT,
    DRAW_FROM_EMPTY,
    PASS_WHILE_PLAYABLE,
    PASS_BEFORE_DRAWING,
    NOTHING_FITS,
    NOT_THE_DRAWN_TILE,
    BAD_PLACE,
    BRANCH_TOO_EARLY,
)


def action_label(action: Action) -> Msg | str:
    """A play in notation, or the word for a draw or a pass (localized when shown)."""
    if isinstance(action, Draw):
        return word_label("draw")
    if isinstance(action, Pass):
        return word_label("pass")
    return str(action)


def action_text(action: Action, lang: str | None = None) -> str:
    """A play in notation, or the word for a draw or a pass in ``lang``."""
    label = action_label(action)
    return label if isinstance(label, str) else label.text(lang)


def listing(items: list[Msg | str]) -> Msg | str:
    """Items joined by commas, each localized when shown."""
    result: Msg | str = items[-1] if items else ""
    for item in reversed(items[:-1]):
        result = Msg("{first}, {rest}", {"first": item, "rest": result})
    return result


def playing(match: Match) -> None:
    """Refuse a position in which nobody is to move."""
    if match.status != "playing":
        raise ExerciseError(Msg("the hand is not being played: nobody is to move"))


def action_why(match: Match, action: Action) -> Msg:
    """Why the legal ``action`` is allowed now."""
    seat = match.to_move
    if isinstance(action, Draw):
        return Msg(
            "No tile of seat {seat}'s hand fits an open place, so seat {seat} draws, one "
            "tile at a time (R3.3).",
            {"seat": seat},
        )
    if isinstance(action, Pass):
        return Msg(
            "The boneyard is empty and nothing fits, so seat {seat} passes (R3.4).", {"seat": seat}
        )
    if match.drawn_tile is not None:
        return Msg(
            "{play} plays the tile just drawn, which must be played at once (R3.3).",
            {"play": str(action)},
        )
    if action.at is None:
        return Msg(
            "{play} opens the layout: the leader may open with any tile (R2.4).",
            {"play": str(action)},
        )
    return Msg(
        "{play} joins a matching open place, and a player who can play must play (R3.2).",
        {"play": str(action)},
    )


def action_kind(match: Match) -> Word:
    """What the player to move does now: ``play``, ``draw`` or ``pass`` (R3.2–R3.4)."""
    legal = match.legal_actions()
    return "draw" if legal == [DRAW] else "pass" if legal == [PASS] else "play"


def why_refused(match: Match, action: Action) -> tuple[Msg, Misconception | None]:
    """Why an action the rules refuse now is refused, and the misconception it shows.

    The reasons keep to the rule: that drawing is allowed only when nothing fits,
    not which tile does.
    """
    kind = action_kind(match)
    if isinstance(action, Draw):
        if match.drawn_tile is not None:
            return DRAW_AFTER_FIT.hint, DRAW_AFTER_FIT
        if kind == "play":
            return DRAW_WHILE_PLAYABLE.hint, DRAW_WHILE_PLAYABLE
        return DRAW_FROM_EMPTY.hint, DRAW_FROM_EMPTY
    if isinstance(action, Pass):
        if kind == "play":
            return PASS_WHILE_PLAYABLE.hint, PASS_WHILE_PLAYABLE
        return PASS_BEFORE_DRAWING.hint, PASS_BEFORE_DRAWING
    assert isinstance(action, Play)
    reason = match.why_illegal(action)
    assert reason is not None
    seat = match.to_move
    if action.tile not in match.hand(seat):
        return Msg(
            "{action} is not allowed: {reason}.", {"action": str(action), "reason": reason}
        ), None
    if match.drawn_tile is not None and action.tile != match.drawn_tile:
        return NOT_THE_DRAWN_TILE.hint, NOT_THE_DRAWN_TILE
    refused = Msg("{action} is not allowed: {reason}.", {"action": str(action), "reason": reason})
    if kind != "play":
        return Msg("{first} {rest}", {"first": refused, "rest": NOTHING_FITS.hint}), NOTHING_FITS
    at = action.at
    early = (
        at is not None
        and at.port.is_branch
        and at.tile in match.layout
        and len([p for p in match.layout.taken(at.tile) if p.is_line]) < 2
    )
    return refused, BRANCH_TOO_EARLY if early else BAD_PLACE


def modelled_actions(match: Match, words: bool) -> list[tuple[Misconception, str]]:
    """The answer each misconception leads to in ``match``: draw or pass where they are
    refused; and, where the answer is a play (``words`` False), a play of a tile that is not
    the one just drawn, at a place that does not show its number, or on a branch not open
    yet; where it is one word, "play" when nothing fits. Which of them the rules refuse, and
    why, the check decides (:func:`~.result.modelled` keeps those it names)."""
    found: list[tuple[Misconception, str]] = [
        *((m, "draw") for m in (DRAW_WHILE_PLAYABLE, DRAW_AFTER_FIT, DRAW_FROM_EMPTY)),
        *((m, "pass") for m in (PASS_WHILE_PLAYABLE, PASS_BEFORE_DRAWING)),
    ]
    if words:
        return [*found, (NOTHING_FITS, "play")]
    table, hand = match.layout, match.hand(match.to_move)
    places = table.open_places()
    branches = [Place(d, p) for d in table.spinners for p in (Port.BRANCH_A, Port.BRANCH_B)]
    early = [b for b in branches if b not in places and table.child_at(b) is None]
    plays = [(t, p, p.number in (t.low, t.high)) for t in hand for p in places]
    for misconception, wanted in (
        (NOTHING_FITS, [f"{t}@{p}" for t, p, fits in plays if fits]),
        (
            NOT_THE_DRAWN_TILE,
            [f"{t}@{p}" for t, p, fits in plays if fits and t != match.drawn_tile],
        ),
        (BAD_PLACE, [f"{t}@{p}" for t, p, fits in plays if table.can_play(t) and not fits]),
        (
            BRANCH_TOO_EARLY,
            [f"{t}@{b}" for t in hand for b in early if b.number in (t.low, t.high)],
        ),
    ):
        found += [(misconception, play) for play in wanted[:1]]
    return found


def legal_actions_giveaways(match: Match, lang: str) -> tuple[str, ...]:
    """Giveaways of "what may be done now": the legal actions listed, the engine's refusals
    of a draw or a pass (they name the tile that fits), the engine's explanation of each."""
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
        found.extend(t for t in explains(trial.push(action)[:1], lang) if t not in found)
    return tuple(found)


def hand_picture(match: Match, id_prefix: str, lang: str | None) -> str:
    """The mover's hand with the tiles that may be played now picked out."""
    seat = match.to_move
    fits = sorted({a.tile for a in match.legal_actions() if isinstance(a, Play)})
    return str(hand_svg(match.hand(seat), highlight=fits, lang=lang, id_prefix=id_prefix))
