"""Plain words for a hand told as a story: the deal, each turn, the going-out settlement.

A hand is cut into turns (draws, then the play or pass that ends the turn);
each turn gets a few short sentences, each ending with the one rule it shows,
and a set of kinds (``draw``, ``pass``, ``spinner``, ``lines``, ``branch``,
``applied``, ``rejected``, ``going_out`` …) that says what the turn holds.
Everything is read from the engine's events and positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from exact61_widgets.engine import explain
from exact61_widgets.engine.actions import Action
from exact61_widgets.engine.events import DrawEvent, Event, OutEvent, PassEvent, PlayEvent
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scoring import TARGET_PARAMS, displayed, to_target
from exact61_widgets.i18n import Msg, Plural
from exact61_widgets.widgets.walkthroughs.base import Lines

#: How close to the target (in raw points) a side is said to be near it.
NEAR = 50


@dataclass(frozen=True)
class Turn:
    """One player's turn: the draws and the play or pass that ends it, with their events.

    ``before`` and ``after`` are copies of the match around the turn.
    """

    seat: int
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    before: Match
    after: Match

    @property
    def drawn(self) -> tuple[str, ...]:
        """The tiles drawn in this turn, in order."""
        return tuple(str(e.tile) for e in self.events if isinstance(e, DrawEvent))

    @property
    def play(self) -> PlayEvent | None:
        """The turn's play, if it ended with one."""
        return next((e for e in self.events if isinstance(e, PlayEvent)), None)


def split_turns(start: Match, done: Sequence[tuple[Action, Sequence[Event]]]) -> list[Turn]:
    """The actions of a hand grouped into turns (a turn ends with a play or a pass)."""
    turns: list[Turn] = []
    match = start.copy()
    before = match.copy()
    actions: list[Action] = []
    events: list[Event] = []
    for action, caused in done:
        seat = match.to_move
        match.push(action)
        actions.append(action)
        events.extend(caused)
        if action.kind != "draw":
            turns.append(Turn(seat, tuple(actions), tuple(events), before, match.copy()))
            before = match.copy()
            actions, events = [], []
    return turns


def kinds_of(turn: Turn) -> frozenset[str]:
    """What a turn shows: ``opening``, ``draw``, ``pass``, ``spinner``, ``lines``, ``branch``,
    ``applied``, ``rejected``, ``none``, ``going_out``, ``block``."""
    kinds = {e.kind for e in turn.events if isinstance(e, (DrawEvent, PassEvent))}
    play = turn.play
    if play is not None:
        kinds.add(play.status if play.status != "deferred" else "going_out")
        if play.at is None:
            kinds.add("opening")
        if play.tile.is_double:
            kinds.add("spinner")
        elif play.at is not None and play.at.tile.is_double:
            layout = turn.after.layout
            if play.at.port.is_branch:
                kinds.add("branch")
            elif not layout.is_end_double(play.at.tile):
                kinds.add("lines")
    end = turn.after.hand_end
    if end is not None and end.kind == "blocked":
        kinds.add("block")
    return frozenset(kinds)


def _points(raw: int) -> Plural:
    return Plural("{n} raw point", "{n} raw points", raw)


def shape_sentences(turn: Turn, kinds: frozenset[str]) -> list[Msg]:
    """What the play did to the spinners: a new one, its lines filled, a branch (R4)."""
    play = turn.play
    assert play is not None
    tile = str(play.tile)
    found: list[Msg] = []
    if "spinner" in kinds and "opening" in kinds:
        found.append(
            Msg(
                "Like every double, {tile} is a spinner; as the opening tile it has "
                "both lines open (D1).",
                {"tile": tile},
            )
        )
    elif "spinner" in kinds:
        found.append(
            Msg(
                "Like every double, {tile} is a spinner: it joins by its line A, and "
                "its line B continues straight (D1).",
                {"tile": tile},
            )
        )
    if play.at is not None and play.at.tile.is_double and not play.tile.is_double:
        spinner = str(play.at.tile)
        if "lines" in kinds:
            found.append(
                Msg(
                    "Both lines of {spinner} are now filled, so its two branches are open (R4.3).",
                    {"spinner": spinner},
                )
            )
        elif "branch" in kinds:
            found.append(
                Msg(
                    "This starts a branch of {spinner}, allowed because both its "
                    "lines are filled (R4.3).",
                    {"spinner": spinner},
                )
            )
        else:
            found.append(
                Msg(
                    "One line of {spinner} is filled; its branches open only when the "
                    "other is filled too (R4.3).",
                    {"spinner": spinner},
                )
            )
    return found


def draw_sentences(turn: Turn) -> list[Msg]:
    """The draws of a turn: one at a time until a tile fits, played at once (R3.3, D4)."""
    drawn = turn.drawn
    if not drawn:
        return []
    params = {"seat": turn.seat, "tile": drawn[-1], "tiles": ", ".join(drawn)}
    if turn.play is None:
        if len(drawn) == 1:
            return [
                Msg(
                    "Seat {seat} has no tile that fits and draws {tile}, which does not "
                    "fit either (R3.3).",
                    params,
                )
            ]
        return [
            Msg(
                "Seat {seat} has no tile that fits and draws {tiles}; none of them fits (R3.3).",
                params,
            ),
            Msg("The drawn tiles stay in the hand, hidden from the others (D4)."),
        ]
    if len(drawn) == 1:
        return [
            Msg(
                "Seat {seat} has no tile that fits and draws {tile}; it fits, so it must "
                "be played at once (R3.3).",
                params,
            )
        ]
    return [
        Msg(
            "Seat {seat} has no tile that fits and draws one tile at a time: {tiles}. "
            "Only the last, {tile}, fits, and it must be played at once (R3.3).",
            params,
        ),
        Msg("The other drawn tiles stay in the hand, hidden from the others (D4)."),
    ]


def turn_caption(turn: Turn) -> Lines:
    """A turn in plain words: the draws, the play or pass, the spinners, the score."""
    kinds = kinds_of(turn)
    parts: list[Msg | str] = [*draw_sentences(turn)]
    play = turn.play
    if play is not None:
        if play.at is None:
            parts.append(
                Msg(
                    "Seat {seat} leads and may open with any tile: {tile} (R2.4).",
                    {"seat": turn.seat, "tile": str(play.tile)},
                )
            )
        else:
            parts.append(
                Msg(
                    "Seat {seat} plays {tile} at {place}.",
                    {"seat": turn.seat, "tile": str(play.tile), "place": str(play.at)},
                )
            )
        parts += shape_sentences(turn, kinds)
        parts += explain.play(play, turn.after.seating.side_title(play.side)).steps
    elif turn.drawn:
        parts.append(
            Msg(
                "The boneyard is now empty and seat {seat} still cannot play, so seat "
                "{seat} passes (R3.4).",
                {"seat": turn.seat},
            )
        )
    else:
        parts.append(
            Msg(
                "Seat {seat} cannot play and the boneyard is empty, so seat {seat} passes (R3.4).",
                {"seat": turn.seat},
            )
        )
    if "block" in kinds:
        parts.append(
            Msg("The boneyard is empty and nobody can play, so the hand is blocked (R3.5).")
        )
    return Lines(tuple(parts))


def scores_list(match: Match, scores: Sequence[int], lang: str) -> str:
    """``pair 0+2: 185 raw (37); pair 1+3: 280 raw (56)`` in ``lang``."""
    return "; ".join(
        Msg(
            "{side}: {raw} raw ({shown})",
            {"side": match.seating.side_name(side), "raw": raw, "shown": displayed(raw)},
        ).text(lang)
        for side, raw in enumerate(scores)
    )


def deal_caption(match: Match, lang: str) -> Lines:
    """The deal: five tiles each, the boneyard, pairs or not, the scores, the leader."""
    rest = match.boneyard_count
    parts: list[Msg | str] = [
        Msg(
            "The deal: the 28 tiles are shuffled face down and each player gets 5, while {rest} "
            "stay face down in the boneyard (R2.2).",
            {"rest": Plural("{n} more tile", "{n} more tiles", rest)},
        )
    ]
    if match.seating.pairs:
        parts.append(
            Msg(
                "Partners sit opposite each other, seats 0 and 2 against seats 1 and "
                "3, and each pair keeps one score (R2.1)."
            )
        )
    else:
        parts.append(Msg("Each player plays alone and keeps a score of their own (R2.1)."))
    parts.append(
        Msg("Scores before the hand: {scores}.", {"scores": scores_list(match, match.scores, lang)})
    )
    for side, raw in enumerate(match.scores):
        if to_target(raw) <= NEAR:
            parts.append(
                Msg(
                    "{team} needs exactly {need} more to reach {target}, and an award that "
                    "would pass it is rejected whole (R1.4).",
                    {
                        **TARGET_PARAMS,
                        "team": match.seating.side_title(side),
                        "need": _points(to_target(raw)),
                    },
                )
            )
    parts.append(Msg("Seat {seat} leads this hand (R2.4).", {"seat": match.leader}))
    return Lines(tuple(parts))


def settlement_caption(match: Match, out: OutEvent) -> Lines:
    """The going-out settlement in words: every hand shown, then the engine's explanation of
    each part and of the one target check (R7)."""
    return Lines((Msg("All hands are shown (R7.1)."), *out.explanation().steps))


def end_caption(match: Match, lang: str) -> Lines:
    """The end of a going-out hand: the scores, and who leads next (R2.5) — or nothing (D8)."""
    parts: list[Msg | str] = [
        Msg(
            "End of the hand. Scores: {scores}.", {"scores": scores_list(match, match.scores, lang)}
        )
    ]
    end = match.hand_end
    assert end is not None
    if match.is_over or end.next_leader is None:
        parts.append(Msg("The match is over, and nothing follows (D8)."))
    else:
        parts.append(
            Msg(
                "Seat {seat} went out, so seat {seat} leads the next hand (R2.5).",
                {"seat": end.next_leader},
            )
        )
    return Lines(tuple(parts))
