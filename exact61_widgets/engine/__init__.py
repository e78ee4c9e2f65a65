"""The rules engine: pure Python, no UI imports (runs anywhere, Pyodide included).

Tiles, places and the layout tree (R1, R3–R5); matches with push/pop, a typed
history, awards and settlements (R2, R6–R9); records, replay and bots. Each rule
is written once: scoring in :mod:`.scoring`, settlements in :mod:`.settlement`,
ports and when branches open in :mod:`.ports`; fast code reads the layout and the
match through their public read-only views.
"""

from exact61_widgets.engine.actions import DRAW, PASS, Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.errors import (
    Exact61Error,
    IllegalMoveError,
    NotationError,
    RecordError,
    SetupError,
)
from exact61_widgets.engine.events import (
    BlockedAwardEvent,
    DrawEvent,
    Event,
    HandEnd,
    MatchWonEvent,
    OutEvent,
    PassEvent,
    PlayEvent,
)
from exact61_widgets.engine.history import Deal, HistoryEntry, SeatAction
from exact61_widgets.engine.kernel import LayoutCore
from exact61_widgets.engine.layout import Connection, Contribution, Layout, Placement
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.ports import Place, Port
from exact61_widgets.engine.scoring import POINT, TARGET, displayed, play_award, round5
from exact61_widgets.engine.solve import solve  # the function shadows its module's name here
from exact61_widgets.engine.tiles import TILES, Tile, parse_tile

__all__ = [
    "DRAW",
    "PASS",
    "POINT",
    "TARGET",
    "TILES",
    "Action",
    "BlockedAwardEvent",
    "Connection",
    "Contribution",
    "Deal",
    "Draw",
    "DrawEvent",
    "Event",
    "Exact61Error",
    "HandEnd",
    "HistoryEntry",
    "IllegalMoveError",
    "Layout",
    "LayoutCore",
    "Match",
    "MatchWonEvent",
    "NotationError",
    "OutEvent",
    "Pass",
    "PassEvent",
    "Place",
    "Placement",
    "Play",
    "PlayEvent",
    "Port",
    "RecordError",
    "SeatAction",
    "SetupError",
    "Tile",
    "displayed",
    "parse_action",
    "parse_tile",
    "play_award",
    "round5",
    "solve",
]
