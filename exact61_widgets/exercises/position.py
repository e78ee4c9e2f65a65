"""A position of a match as plain JSON data, so that an exercise can be saved and rebuilt.

An exercise about a match (going out, a blocked hand, what may be done now)
keeps only the position it asks about: the layout, every hand, the boneyard in
draw order, the scores, the player to move, the leader, and a drawn tile that
must be played at once (R3.3). :func:`position_spec` writes it;
:func:`match_from_position` builds the same position again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from exact61_widgets.engine.actions import DRAW
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import as_tile
from exact61_widgets.exercises.result import ExerciseError
from exact61_widgets.i18n import Msg

#: The fields of a position, in the order they are written.
FIELDS = ("players", "layout", "hands", "boneyard", "scores", "to_move", "leader", "drawn")


def position_spec(match: Match) -> dict[str, Any]:
    """The position ``match`` is in, as JSON-ready data (the hand must be in play)."""
    if match.status != "playing":
        raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
    drawn = match.drawn_tile
    return {
        "players": match.players,
        "layout": str(match.layout),
        "hands": [[str(t) for t in hand] for hand in match.hands],
        "boneyard": [str(t) for t in match.boneyard],
        "scores": list(match.scores),
        "to_move": match.to_move,
        "leader": match.leader,
        "drawn": None if drawn is None else str(drawn),
    }


def match_from_position(spec: Mapping[str, Any]) -> Match:
    """A fresh match in the position :func:`position_spec` wrote (seed 0, like a scenario).

    A drawn tile still to be played is put back on top of the boneyard and drawn
    again, which restores the duty to play it at once. A bad position raises
    :class:`ExerciseError` naming the fault.
    """
    if not isinstance(spec, Mapping) or set(spec) - set(FIELDS):
        raise ExerciseError(
            Msg(
                "a position is a JSON object with the fields {fields}",
                {"fields": ", ".join(FIELDS)},
            )
        )
    try:
        hands = [[str(as_tile(t)) for t in hand] for hand in spec["hands"]]
        boneyard = list(spec.get("boneyard", []))
        mover = spec.get("to_move", 0)
        drawn = spec.get("drawn")
        if drawn is not None:
            drawn = str(as_tile(drawn))
            hands[mover] = [t for t in hands[mover] if t != drawn]
            boneyard.insert(0, drawn)
        match = Match.setup(
            spec["players"],
            layout=spec.get("layout", ""),
            hands=hands,
            boneyard=boneyard,
            scores=spec.get("scores"),
            to_move=mover,
            leader=spec.get("leader"),
            seed=0,
        )
        if drawn is not None:
            if match.is_legal(DRAW):
                match.push(DRAW)
            if match.drawn_tile is None or str(match.drawn_tile) != drawn:
                raise ExerciseError(
                    Msg(
                        "{tile} cannot be a drawn tile to play at once: it "
                        "does not fit, or another tile does",
                        {"tile": drawn},
                    )
                )
    except Exact61Error as err:
        raise ExerciseError(err.message) from None
    except (KeyError, TypeError, IndexError):
        raise ExerciseError(
            Msg(
                "a position is a JSON object with the fields {fields}",
                {"fields": ", ".join(FIELDS)},
            )
        ) from None
    return match
