"""Ready positions for the walkthroughs and the explorer, as plain data.

A :class:`Scenario` holds the arguments of :meth:`Match.setup` (layout, hands,
boneyard, scores, player to move, leader), so a teacher can write a new one in
a line, save it as JSON and build the same position again. The positions below
are the hand-made ones of the engine's tests, every one of the 28 tiles
somewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.actions import Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.events import Event
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import load_record
from exact61_widgets.engine.tiles import TILES, Tile, as_tile
from exact61_widgets.i18n import Msg
from exact61_widgets.widgets.errors import WidgetError


def _tiles(items: Iterable[Tile | str]) -> tuple[str, ...]:
    return tuple(str(as_tile(t)) for t in items)


@dataclass(frozen=True)
class Scenario:
    """A hypothetical position: the arguments of :meth:`Match.setup`, as text.

    ``boneyard`` None means "every tile not on the table or in a hand, in tile
    order". :meth:`match` builds the position (raising ``SetupError`` if a tile
    is missing or repeated); :meth:`to_json` / :meth:`from_json` save it.
    """

    players: int
    layout: str
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...] | None = None
    scores: tuple[int, ...] | None = None
    to_move: int = 0
    leader: int | None = None

    @classmethod
    def make(cls, players: int, layout: str | Layout, hands: Sequence[Iterable[Tile | str]], *,
             boneyard: Iterable[Tile | str] | None = None, scores: Sequence[int] | None = None,
             to_move: int = 0, leader: int | None = None) -> Scenario:
        """Normalise tiles and layout text (``[b|a]`` → ``[a|b]``) and build a scenario."""
        text = str(layout if isinstance(layout, Layout) else Layout.parse(layout))
        return cls(players, text, tuple(_tiles(h) for h in hands),
                   None if boneyard is None else _tiles(boneyard),
                   None if scores is None else tuple(scores), to_move, leader)

    @classmethod
    def from_match(cls, match: Match) -> Scenario:
        """The position a match is in now (hands, boneyard left, scores, mover)."""
        return cls(match.players, str(match.layout), tuple(_tiles(h) for h in match.hands),
                   _tiles(match.boneyard), tuple(match.scores), match.to_move, match.leader)

    def resolved_boneyard(self) -> tuple[str, ...]:
        """The boneyard in draw order: as given, or every tile not used elsewhere."""
        if self.boneyard is not None:
            return self.boneyard
        used = {str(t) for t in Layout.parse(self.layout).tiles}
        used.update(t for hand in self.hands for t in hand)
        return tuple(str(t) for t in TILES if str(t) not in used)

    def match(self) -> Match:
        """A fresh :class:`Match` in this position (``Match.setup``, seed 0: later deals and
        lots are the same every run)."""
        return Match.setup(self.players, layout=self.layout, hands=self.hands,
                           boneyard=self.resolved_boneyard(), scores=self.scores,
                           to_move=self.to_move, leader=self.leader, seed=0)

    def to_json(self) -> dict[str, Any]:
        """The ``Match.setup`` arguments as JSON-ready data (the boneyard written out)."""
        return {"players": self.players, "layout": self.layout,
                "hands": [list(h) for h in self.hands],
                "boneyard": list(self.resolved_boneyard()),
                "scores": None if self.scores is None else list(self.scores),
                "to_move": self.to_move, "leader": self.leader}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scenario:
        """Read what :meth:`to_json` wrote; a bad document raises :class:`WidgetError`."""
        if not isinstance(data, Mapping):
            raise WidgetError(Msg("a position is a JSON object with players, layout and hands"))
        unknown = sorted(set(data) - {"players", "layout", "hands", "boneyard", "scores",
                                      "to_move", "leader"})
        if unknown:
            raise WidgetError(Msg("a position has no field {field}", {"field": repr(unknown[0])}))
        try:
            return cls.make(data["players"], data.get("layout", ""), data["hands"],
                            boneyard=data.get("boneyard"), scores=data.get("scores"),
                            to_move=data.get("to_move", 0), leader=data.get("leader"))
        except (KeyError, TypeError):
            raise WidgetError(Msg("a position is a JSON object with players, layout and "
                                  "hands")) from None


@dataclass(frozen=True)
class HandScript:
    """One whole hand as data: the scores before it, the deal, the leader and every action.

    ``hands`` are dealt as they are and ``boneyard`` is the draw order, so
    :meth:`match` deals exactly this hand; ``actions`` are notation (``[0|6]``,
    ``[0|3]@[0|6]:low``, ``draw``, ``pass``) and play the hand to its end.
    ``beats`` say at which step of the story each kind of event is shown, as
    ``(kind, step)`` pairs; the tests check every one against the engine.
    """

    players: int
    scores: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    boneyard: tuple[str, ...]
    leader: int
    actions: tuple[str, ...]
    beats: tuple[tuple[str, int], ...] = ()

    def match(self) -> Match:
        """A new match, dealt this hand (seed 0: any later lot is the same every run)."""
        match = Match(self.players, seed=0, start_scores=self.scores, deal=False)
        match.deal(self.hands, self.boneyard, leader=self.leader)
        return match

    def play(self) -> tuple[Match, tuple[tuple[Action, tuple[Event, ...]], ...]]:
        """The match before the first action, and each action with the events it caused.

        An action the rules refuse raises :class:`WidgetError` naming it and why.
        """
        start = self.match()
        match = start.copy()
        done: list[tuple[Action, tuple[Event, ...]]] = []
        for action in as_actions(self.actions):
            reason = match.why_illegal(action)
            if reason is not None:
                name = str(action) if isinstance(action, Play) else action.kind
                raise WidgetError(Msg("action {n} of the hand, {action}, cannot be done: "
                                      "{reason}", {"n": len(done) + 1, "action": name,
                                                   "reason": reason}))
            done.append((action, tuple(match.push(action))))
        return start, tuple(done)

    def beat(self, kind: str) -> int:
        """The step at which the story shows ``kind`` (KeyError if it names none)."""
        return dict(self.beats)[kind]

    def to_json(self) -> dict[str, Any]:
        """The hand as JSON-ready data (what :meth:`from_json` reads)."""
        return {"players": self.players, "scores": list(self.scores),
                "hands": [list(h) for h in self.hands], "boneyard": list(self.boneyard),
                "leader": self.leader, "actions": list(self.actions),
                "beats": [list(b) for b in self.beats]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandScript:
        """Read what :meth:`to_json` wrote; a bad document raises :class:`WidgetError`."""
        fields = {"players", "scores", "hands", "boneyard", "leader", "actions", "beats"}
        if not isinstance(data, Mapping) or not {"players", "hands", "boneyard", "leader",
                                                  "actions"} <= set(data):
            raise WidgetError(Msg("a hand is a JSON object with players, hands, boneyard, "
                                  "leader and actions"))
        unknown = sorted(set(data) - fields)
        if unknown:
            raise WidgetError(Msg("a hand has no field {field}", {"field": repr(unknown[0])}))
        try:
            players = data["players"]
            return cls(players, tuple(data.get("scores") or (0,) * (2 if players == 4
                                                                    else players)),
                       tuple(_tiles(h) for h in data["hands"]), _tiles(data["boneyard"]),
                       data["leader"], tuple(str(a) for a in data["actions"]),
                       tuple((str(k), int(v)) for k, v in data.get("beats", ())))
        except (TypeError, ValueError):
            raise WidgetError(Msg("a hand is a JSON object with players, hands, boneyard, "
                                  "leader and actions")) from None


def as_match(source: Scenario | Match | Mapping[str, Any]) -> Match:
    """A match from a scenario, a match (copied) or a game record v1 (replayed)."""
    if isinstance(source, Scenario):
        return source.match()
    if isinstance(source, Match):
        return source.copy()
    if isinstance(source, Mapping):
        if "format" in source:
            return load_record(source)
        return Scenario.from_json(source).match()
    raise WidgetError(Msg("expected a Scenario, a Match or a game record, not {kind}",
                          {"kind": type(source).__name__}))


def as_layout(source: Layout | str | Mapping[str, Any] | Match) -> Layout:
    """A layout from notation text, a layout, a match or a record (its last table)."""
    if isinstance(source, Layout):
        return source.copy()
    if isinstance(source, str):
        return Layout.parse(source)
    if isinstance(source, Match):
        return source.layout.copy()
    if isinstance(source, Mapping):
        return as_match(source).layout.copy()
    raise WidgetError(Msg("expected layout notation, a Layout or a game record, not {kind}",
                          {"kind": type(source).__name__}))


def as_actions(items: Iterable[Action | str]) -> tuple[Action, ...]:
    """Actions from objects or text (``[1|4]@[4|4]:lineB``, ``draw``, ``pass``)."""
    return tuple(parse_action(a) if isinstance(a, str) else a for a in items)


def rewind(match: Match, keep: int) -> list[Action]:
    """Undo until ``match`` has at most ``keep`` events; the actions undone, in play order.

    Deals undone on the way (later hands) are not listed.
    """
    undone: list[Action] = []
    while len(match.events) > keep:
        popped = match.pop()
        if isinstance(popped, (Play, Draw, Pass)):
            undone.append(popped)
    undone.reverse()
    return undone


#: The rules text's nine plays (its diagrams), the default of the end-scoring walkthrough.
#: They are the nine moves of pagat.com's All Fives example, played here with every
#: double spinning; the awards are pagat's (tests/test_sequences.py).
RULES_NINE = ("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
              "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB")

#: An opening spinner filled line by line, then branched; a later double not yet open.
SPINNER_LAYOUT = ("[4|4] [4|5]@[4|4]:lineA [3|4]@[4|4]:lineB [1|4]@[4|4]:branchA "
                  "[5|5]@[4|5]:high")

#: Going out in pair play: opponents 12 -> 10, partner 3 -> 5, net 5 (R7.2, R7.3).
GOING_OUT_PAIRS = Scenario.make(4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]],
                                scores=[100, 50])
#: Going out with three players: 6 + 7 = 13 rounds once to 15 (R7.2).
GOING_OUT_3P = Scenario.make(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
#: Going out near the target: play 5 + opponents 5 = 10 from 300 is rejected whole (R7.4).
GOING_OUT_REJECTED = Scenario.make(2, "[1|3]", [["[1|1]"], ["[0|4]"]], scores=[300, 0])
#: Going out onto exactly 61: 5 + 5 − 5 = 5 from 300 (R7.4, R9).
GOING_OUT_EXACT = Scenario.make(4, "[1|3]", [["[1|1]"], ["[0|4]"], ["[0|3]"], ["[0|0]"]],
                                scores=[300, 0])

BLOCKED_3P_LAYOUT = (
    "[0|6] [0|4]@[0|6]:low [1|4]@[0|4]:high [5|6]@[0|6]:high [3|5]@[5|6]:low "
    "[1|5]@[1|4]:low [3|4]@[3|5]:low [2|4]@[3|4]:high [2|2]@[2|4]:low "
    "[0|2]@[2|2]:lineB [0|5]@[0|2]:low [5|5]@[1|5]:high [2|6]@[2|2]:branchA "
    "[4|6]@[2|6]:high [4|4]@[4|6]:low [2|5]@[2|2]:branchB [4|5]@[5|5]:lineB")
BLOCKED_3P_HANDS = (("[3|3]",), ("[0|0]", "[0|3]", "[1|2]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"),
                    ("[0|1]", "[1|1]", "[6|6]"))
#: A blocked hand, three players, totals 6, 31, 15; seat 0 to pass (R8).
BLOCKED_3P = Scenario.make(3, BLOCKED_3P_LAYOUT, BLOCKED_3P_HANDS, boneyard=[], leader=0)
#: The same block near the target: seat 0's 35 is rejected, seat 2's 15 makes exactly 61
#: and the match ends in the middle of the settlement (R8.4, R8.5).
BLOCKED_3P_NEAR_TARGET = Scenario.make(3, BLOCKED_3P_LAYOUT, BLOCKED_3P_HANDS, boneyard=[],
                                       leader=0, scores=[280, 0, 290])
#: Equal smallest totals 8 and 8 for two opponents: the hand is drawn (R8.6, D5).
BLOCKED_TIE = Scenario.make(
    3, "[1|6] [1|3]@[1|6]:low [3|5]@[1|3]:high [5|6]@[1|6]:high [2|5]@[3|5]:high "
       "[2|6]@[2|5]:low [4|5]@[5|6]:low [4|6]@[4|5]:low [6|6]@[4|6]:high "
       "[3|6]@[2|6]:high [0|3]@[3|6]:low [0|6]@[0|3]:low",
    [["[4|4]"], ["[0|0]", "[0|1]", "[0|2]", "[0|4]", "[1|1]", "[1|4]", "[1|5]", "[2|2]",
                 "[2|3]", "[2|4]", "[3|3]", "[3|4]", "[5|5]"], ["[0|5]", "[1|2]"]],
    boneyard=[], leader=0)
#: A blocked hand of pairs near the target (seat 3 to play [1|1], then nobody can play):
#: seat 0's 45 would pass 61 and is rejected, seat 3's 20 makes exactly 61 for pair 1+3, and
#: seat 2's 15, which pair 0+2 could have taken to 295, is never applied (R8.4, R8.5).
BLOCKED_PAIRS_NEAR_TARGET = Scenario.make(
    4, "[2|5] [1|5]@[2|5]:high [0|1]@[1|5]:low [0|3]@[0|1]:low [1|2]@[2|5]:low "
       "[1|3]@[0|3]:high [1|6]@[1|2]:low [4|6]@[1|6]:high [1|4]@[4|6]:low",
    [["[0|0]", "[6|6]"], ["[0|2]", "[0|4]", "[0|5]", "[2|2]", "[2|3]", "[2|4]", "[3|3]", "[4|5]",
                          "[5|5]"], ["[0|6]", "[2|6]", "[3|4]", "[3|6]", "[4|4]"],
     ["[1|1]", "[3|5]", "[5|6]"]],
    boneyard=[], scores=[280, 285], to_move=3, leader=0)
#: Partners tie for the smallest total: still a win for their pair (R8.6).
BLOCKED_PAIRS = Scenario.make(
    4, "[1|4] [3|4]@[1|4]:high [0|1]@[1|4]:low [0|4]@[0|1]:low [3|6]@[3|4]:low "
       "[1|6]@[3|6]:high [2|4]@[0|4]:high [1|2]@[1|6]:low [2|6]@[1|2]:high "
       "[0|2]@[2|4]:low [4|6]@[2|6]:high [0|0]@[0|2]:low [0|5]@[0|0]:lineB "
       "[0|3]@[0|0]:branchA [2|5]@[0|5]:high [0|6]@[0|0]:branchB [4|5]@[4|6]:low "
       "[2|3]@[0|3]:high [5|6]@[4|5]:high [6|6]@[0|6]:high [2|2]@[2|3]:low",
    [["[4|4]"], ["[5|5]"], ["[1|1]", "[3|3]"], ["[1|3]", "[1|5]", "[3|5]"]],
    boneyard=[], leader=1)

#: Two players near the target: seat 0 at 290 (58 points) to move.
EXACT_61 = Scenario.make(2, "[4|4] [4|6]@[4|4]:lineA",
                         [["[2|3]", "[3|4]", "[6|6]"], ["[0|4]", "[2|2]", "[4|5]"]],
                         scores=[290, 250])
#: Seat 0's 20 would pass 305 (rejected whole), seat 1 plays, seat 0's 15 hits 305 exactly.
EXACT_61_PLAYS = ("[6|6]@[4|6]:high", "[0|4]@[4|4]:lineB", "[3|4]@[4|4]:branchA")

#: A whole hand of pairs, told by :class:`~exact61_widgets.widgets.HandStory`: the deal, the
#: opening, long and short draws, a pass, [2|2] joining, filling its lines and growing both
#: branches, an award rejected near 61 and a going-out settlement with a partner deduction.
GOING_OUT_STORY = HandScript(
    players=4, scores=(185, 280), leader=1,
    hands=(("[0|4]", "[0|5]", "[3|4]", "[3|5]", "[4|5]"),
           ("[0|6]", "[1|2]", "[3|3]", "[3|6]", "[6|6]"),
           ("[0|2]", "[0|3]", "[2|3]", "[2|4]", "[2|6]"),
           ("[0|0]", "[1|4]", "[1|5]", "[5|5]", "[5|6]")),
    boneyard=("[0|1]", "[4|6]", "[4|4]", "[1|3]", "[1|6]", "[2|5]", "[2|2]", "[1|1]"),
    actions=("[0|6]", "[0|3]@[0|6]:low", "[5|6]@[0|6]:high", "[3|5]@[0|3]:high",
             "draw", "draw", "draw", "draw", "draw", "draw", "[2|5]@[5|6]:low",
             "[2|3]@[2|5]:low", "[1|5]@[3|5]:high", "[3|4]@[2|3]:high", "[1|6]@[1|5]:low",
             "[2|4]@[3|4]:high", "draw", "[2|2]@[2|4]:low", "draw", "pass",
             "[1|2]@[2|2]:lineB", "[2|6]@[2|2]:branchB", "[1|4]@[1|2]:low",
             "[4|5]@[1|4]:high", "[4|6]@[1|6]:high", "[0|2]@[2|2]:branchA"),
    beats=(("deal", 0), ("opening", 1), ("applied", 4), ("draw", 5), ("spinner", 11),
           ("pass", 12), ("lines", 13), ("branch", 14), ("rejected", 17),
           ("going_out", 18), ("settlement", 19), ("next_leader", 20)))

#: A whole blocked hand of pairs near the target: the opening spinner [5|5], draws, a pass,
#: the block, a rejected award, an award that makes exactly 61 and ends the match, and the
#: award it cuts off (seat 2's 20, which would have taken pair 0+2 to 300) (R8.4, R8.5).
BLOCKED_STORY = HandScript(
    players=4, scores=(240, 275), leader=1,
    hands=(("[0|1]", "[0|5]", "[2|5]", "[4|4]", "[5|6]"),
           ("[0|0]", "[1|2]", "[2|2]", "[2|4]", "[5|5]"),
           ("[0|4]", "[2|6]", "[3|3]", "[3|4]", "[3|5]"),
           ("[0|2]", "[0|3]", "[0|6]", "[1|6]", "[4|6]")),
    boneyard=("[3|6]", "[6|6]", "[1|1]", "[4|5]", "[1|3]", "[1|4]", "[1|5]", "[2|3]"),
    actions=("[5|5]", "[3|5]@[5|5]:lineB", "[0|3]@[3|5]:low", "[0|5]@[0|3]:low",
             "draw", "draw", "draw", "draw", "[4|5]@[5|5]:lineA", "[0|4]@[4|5]:low",
             "[0|2]@[0|4]:low", "[2|5]@[0|2]:high", "draw", "draw", "draw",
             "[1|5]@[0|5]:high", "draw", "pass", "[1|6]@[1|5]:low", "[5|6]@[1|6]:high"),
    beats=(("deal", 0), ("opening", 1), ("spinner", 1), ("lines", 5), ("draw", 5),
           ("pass", 10), ("block", 12), ("totals", 13), ("rejected", 14), ("won", 15),
           ("cut", 16), ("result", 17)))

#: The stories by name, for ``HandStory(story=…)``.
STORIES = {"going-out": GOING_OUT_STORY, "blocked": BLOCKED_STORY}
