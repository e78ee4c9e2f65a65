"""The worked examples the printed pages show, played by the engine from fixed positions.

Each position is written out (layout, hands, the mover), so the examples do not
depend on any random deal; the numbers under each picture are the engine's own
events, never typed by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from exact61_widgets.engine.actions import parse_action
from exact61_widgets.engine.events import BlockedAwardEvent, Event, OutEvent, PlayEvent
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import TILES

#: A spinner with both lines taken: its two branches are open (R4.2, R4.3).
SPINNER = "[3|3] [3|4]@[3|3]:lineA [3|6]@[3|3]:lineB"
#: The rules' own step-by-step example, after its fourth play: 4 + 5 + 6 = 15 (R5).
COUNTING = "[3|3] [3|4]@[3|3]:lineA [3|6]@[3|3]:lineB [3|5]@[3|3]:branchA"
#: The table of the exact-61 example: a side at 295 raw plays on it (R1.4, R9.1).
TARGET_TABLE = "[3|6]"
TARGET_SCORE = 295
#: The two plays of the exact-61 example: 15 would overshoot, 10 reaches 305 exactly.
OVERSHOOT_PLAY = "[6|6]@[3|6]:high"
EXACT_PLAY = "[3|4]@[3|6]:low"

# The rules' going-out example with four players (R7): seat 0 plays its last tile.
_OUT_LAYOUT = "[1|4]"
_OUT_HANDS = (("[1|6]",), ("[2|3]", "[2|5]"), ("[3|4]",), ("[0|2]",))
_OUT_PLAY = "[1|6]@[1|4]:low"

# A blocked hand of three players, whose totals are 8, 10 and 10 pips (R8): the smallest gets
# 2 + 2 = 4, rounded once to 5, where rounding each difference would give 0 + 0 (R8.2).
_BLOCK_LAYOUT = (
    "[0|2] [2|5]@[0|2]:high [4|5]@[2|5]:high [1|4]@[4|5]:low [0|0]@[0|2]:low "
    "[1|3]@[1|4]:low [0|3]@[1|3]:high [0|5]@[0|3]:low [5|6]@[0|5]:high [3|6]@[5|6]:high "
    "[3|5]@[3|6]:low [1|5]@[3|5]:high [1|6]@[1|5]:low [2|6]@[1|6]:high [2|4]@[2|6]:low "
    "[0|6]@[0|0]:lineB [3|4]@[2|4]:high [6|6]@[0|6]:high [2|3]@[3|4]:low "
    "[0|4]@[0|0]:branchA [4|6]@[0|4]:high [0|1]@[0|0]:branchB [1|1]@[0|1]:high"
)
_BLOCK_HANDS = (("[1|2]", "[4|4]"), ("[5|5]",), ("[2|2]", "[3|3]"))
_BLOCK_PLAY = "[1|2]@[2|3]:low"


def _position(
    players: int, layout: str, hands: Sequence[Sequence[str]], scores: Sequence[int] | None = None
) -> Match:
    """A set-up position; the tiles on neither the table nor a hand are the boneyard."""
    used = {str(t) for t in Layout.parse(layout).tiles} | {t for h in hands for t in h}
    return Match.setup(
        players,
        layout=layout,
        hands=[list(h) for h in hands],
        boneyard=[str(t) for t in TILES if str(t) not in used],
        scores=None if scores is None else list(scores),
        to_move=0,
    )


def _played(match: Match, action: str) -> list[Event]:
    return match.push(parse_action(action))


@cache
def going_out_event() -> OutEvent:
    """The going-out settlement of the rules' example: 10 + 15 − 5 = 20 raw (R7)."""
    match = _position(4, _OUT_LAYOUT, _OUT_HANDS)
    return next(e for e in _played(match, _OUT_PLAY) if isinstance(e, OutEvent))


def going_out_hands() -> tuple[tuple[str, ...], ...]:
    """Every seat's tiles in the going-out example, before the last play."""
    return _OUT_HANDS


@cache
def blocked() -> tuple[BlockedAwardEvent, ...]:
    """The awards of the blocked three-player hand, in settlement order (R8)."""
    match = _position(3, _BLOCK_LAYOUT, _BLOCK_HANDS)
    return tuple(e for e in _played(match, _BLOCK_PLAY) if isinstance(e, BlockedAwardEvent))


@dataclass(frozen=True)
class TargetPlay:
    """One play of the exact-61 example: the table after it, its award and the score after."""

    layout: str
    award: int
    before: int
    after: int
    status: str


@cache
def target_plays() -> tuple[TargetPlay, TargetPlay]:
    """The overshooting play (rejected whole, R1.4) and the exact one (won, R9.1)."""
    found = []
    for play in (OVERSHOOT_PLAY, EXACT_PLAY):
        match = _position(2, TARGET_TABLE, (("[6|6]", "[3|4]"), ("[0|0]",)), (TARGET_SCORE, 0))
        event = next(e for e in _played(match, play) if isinstance(e, PlayEvent))
        found.append(
            TargetPlay(
                str(match.layout), event.award, event.score_before, event.scores[0], event.status
            )
        )
    return found[0], found[1]
