"""Positions set up by hand, as plain data: scenarios, saved scenarios and hand scripts.

A :class:`Scenario` holds the arguments of :meth:`Match.setup` (layout, hands,
boneyard, scores, player to move, leader) and a drawn tile that must be played
at once (R3.3), so a teacher can write a position in a line, save it as JSON and
build the same position again; an exercise saves the position it asks about in
the same form. Record v1 cannot
hold such a position (it has no deal), so a :class:`SavedScenario` is the file
format for it: the scenario and everything done since (actions and later
deals), marked ``"format": "exact61-scenario"``; the explorer exports it and
the ``exact61`` command loads it wherever it loads a record. A
:class:`HandScript` is one whole dealt hand with every action, as the hand
stories tell it. Pure Python: no widget is imported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from exact61_widgets.engine.actions import DRAW, Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.errors import Exact61Error, SetupError
from exact61_widgets.engine.events import Event
from exact61_widgets.engine.history import Deal
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import hand_summary
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import TILES, Tile, as_tile, parse_tile
from exact61_widgets.i18n import Msg

#: The fields of a position as JSON, in the order :meth:`Scenario.to_json` writes them.
FIELDS: Final = ("players", "layout", "hands", "boneyard", "scores", "to_move", "leader", "drawn")

#: The format marker of a saved scenario (a game record has ``"exact61-record"``).
FORMAT: Final = "exact61-scenario"
VERSION: Final = 1

Item = Action | Deal
"""One entry of a match's history: an action, or a deal."""


class ScenarioError(SetupError):
    """A scenario, saved scenario or hand script that cannot be read or played; nothing changed."""


def _tiles(items: Iterable[Tile | str]) -> tuple[str, ...]:
    return tuple(str(as_tile(t)) for t in items)


def _name(action: Action) -> str:
    return str(action) if isinstance(action, Play) else action.kind


@dataclass(frozen=True)
class Scenario:
    """A hypothetical position: the arguments of :meth:`Match.setup`, as text.

    ``boneyard`` None means "every tile not on the table or in a hand, in tile
    order". ``drawn`` names a tile the player to move has just drawn and must
    play at once (R3.3); it is in that player's hand. :meth:`match` builds the
    position (raising ``SetupError`` if a tile is missing or repeated, or the
    drawn tile could not be one); :meth:`to_json` / :meth:`from_json` save it.
    """

    #: The number of players, 2–4.
    players: int
    #: The layout in notation (empty: no tile on the table).
    layout: str
    #: Every seat's tiles in notation, by seat.
    hands: tuple[tuple[str, ...], ...]
    #: The boneyard in draw order; None: every tile not on the table or in a hand, in tile order.
    boneyard: tuple[str, ...] | None = None
    #: Every side's raw score (None: all 0).
    scores: tuple[int, ...] | None = None
    #: The seat to move.
    to_move: int = 0
    #: The seat that led the hand (None: the seat to move).
    leader: int | None = None
    #: A tile the seat to move has drawn and must play at once (R3.3), in its hand; or None.
    drawn: str | None = None

    @classmethod
    def make(
        cls,
        players: int,
        layout: str | Layout,
        hands: Sequence[Iterable[Tile | str]],
        *,
        boneyard: Iterable[Tile | str] | None = None,
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        leader: int | None = None,
        drawn: Tile | str | None = None,
    ) -> Scenario:
        """Normalise tiles and layout text (``[b|a]`` → ``[a|b]``) and build a scenario."""
        text = str(layout if isinstance(layout, Layout) else Layout.parse(layout))
        return cls(
            players,
            text,
            tuple(_tiles(h) for h in hands),
            None if boneyard is None else _tiles(boneyard),
            None if scores is None else tuple(scores),
            to_move,
            leader,
            None if drawn is None else str(as_tile(drawn)),
        )

    @classmethod
    def from_match(cls, match: Match) -> Scenario:
        """The position a match is in now (hands, boneyard left, scores, mover, drawn tile)."""
        drawn = match.drawn_tile
        return cls(
            match.players,
            str(match.layout),
            tuple(_tiles(h) for h in match.hands),
            _tiles(match.boneyard),
            tuple(match.scores),
            match.to_move,
            match.leader,
            None if drawn is None else str(drawn),
        )

    def resolved_boneyard(self) -> tuple[str, ...]:
        """The boneyard in draw order: as given, or every tile not used elsewhere."""
        if self.boneyard is not None:
            return self.boneyard
        used = {str(t) for t in Layout.parse(self.layout).tiles}
        used.update(t for hand in self.hands for t in hand)
        return tuple(str(t) for t in TILES if str(t) not in used)

    def match(self) -> Match:
        """A fresh :class:`Match` in this position (``Match.setup``, seed 0: later deals and
        lots are the same every run).

        A drawn tile is put back on top of the boneyard and drawn again, which
        restores the duty to play it at once.
        """
        hands = [list(h) for h in self.hands]
        boneyard = list(self.resolved_boneyard())
        drawn = self.drawn
        if drawn is not None and 0 <= self.to_move < len(hands):
            hands[self.to_move] = [t for t in hands[self.to_move] if t != drawn]
            boneyard.insert(0, drawn)
        match = Match.setup(
            self.players,
            layout=self.layout,
            hands=hands,
            boneyard=boneyard,
            scores=self.scores,
            to_move=self.to_move,
            leader=self.leader,
            seed=0,
        )
        if drawn is not None:
            if match.is_legal(DRAW):
                match.push(DRAW)
            if match.drawn_tile is None or str(match.drawn_tile) != drawn:
                raise ScenarioError(
                    Msg(
                        "{tile} cannot be a drawn tile to play at once: it "
                        "does not fit, or another tile does",
                        {"tile": drawn},
                    )
                )
        return match

    def to_json(self) -> dict[str, Any]:
        """The position as JSON-ready data, fields in :data:`FIELDS` order (the boneyard
        written out)."""
        return {
            "players": self.players,
            "layout": self.layout,
            "hands": [list(h) for h in self.hands],
            "boneyard": list(self.resolved_boneyard()),
            "scores": None if self.scores is None else list(self.scores),
            "to_move": self.to_move,
            "leader": self.leader,
            "drawn": self.drawn,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scenario:
        """Read what :meth:`to_json` wrote; a bad document raises :class:`ScenarioError`."""
        if not isinstance(data, Mapping):
            raise ScenarioError(Msg("a position is a JSON object with players, layout and hands"))
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise ScenarioError(Msg("a position has no field {field}", {"field": repr(unknown[0])}))
        try:
            return cls.make(
                data["players"],
                data.get("layout", ""),
                data["hands"],
                boneyard=data.get("boneyard"),
                scores=data.get("scores"),
                to_move=data.get("to_move", 0),
                leader=data.get("leader"),
                drawn=data.get("drawn"),
            )
        except (KeyError, TypeError):
            raise ScenarioError(
                Msg("a position is a JSON object with players, layout and hands")
            ) from None


def item_json(item: Item) -> str | dict[str, Any]:
    """An item as JSON: ``"[1|2]@[1|1]:lineB"``, ``"draw"``, ``"pass"`` or a deal object."""
    if isinstance(item, Deal):
        return {"deal": item.to_json()}
    return _name(item)


def read_items(entries: Iterable[object]) -> tuple[Item, ...]:
    """Read what :func:`item_json` wrote (a bad entry raises :class:`ScenarioError`)."""
    result: list[Item] = []
    for entry in entries:
        if isinstance(entry, str):
            result.append(parse_action(entry))
        elif isinstance(entry, Mapping) and isinstance(entry.get("deal"), Mapping):
            deal = entry["deal"]
            try:
                result.append(
                    Deal(
                        tuple(tuple(parse_tile(t) for t in h) for h in deal["hands"]),
                        tuple(parse_tile(t) for t in deal["boneyard"]),
                        int(deal["leader"]),
                    )
                )
            except (KeyError, TypeError):
                raise ScenarioError(Msg("a deal names its hands, boneyard and leader")) from None
        else:
            raise ScenarioError(Msg("{entry} is not an action or a deal", {"entry": repr(entry)}))
    return tuple(result)


def unwind(match: Match) -> tuple[Match, tuple[Item, ...]]:
    """A copy of ``match`` taken back to its start, and every item since, in order."""
    start = match.copy()
    items: list[Item] = []
    while start.action_stack:
        items.append(start.pop())
    items.reverse()
    return start, tuple(items)


def is_saved_scenario(data: object) -> bool:
    """Whether parsed JSON carries the saved scenario's format marker."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT


@dataclass(frozen=True)
class SavedScenario:
    """A set-up position and everything done since: the file the explorer exports.

    ``actions`` are the actions and later deals in order (a deal as a
    :class:`~exact61_widgets.engine.history.Deal`). :meth:`to_json` writes
    ``{"format": "exact61-scenario", "version": 1, "setup": …, "actions": […]}``,
    the ``setup`` being :meth:`Scenario.to_json` without ``drawn`` when no tile is
    drawn (as version 1 files were always written); :meth:`from_json` reads it back
    (also the same document without the two marker fields, as older exports wrote it).
    """

    #: The set-up position.
    scenario: Scenario
    #: The actions and later deals since, in order.
    actions: tuple[Item, ...] = ()

    @classmethod
    def from_match(cls, match: Match) -> SavedScenario:
        """The set-up position a match started from and everything done since."""
        start, items = unwind(match)
        return cls(Scenario.from_match(start), items)

    def _play(self, on_deal: Any = None) -> Match:
        """The match after every item; ``on_deal(match)`` is called before each deal."""
        match = self.scenario.match()
        for number, item in enumerate(self.actions, start=1):
            if isinstance(item, Deal) and on_deal is not None:
                on_deal(match)
            try:
                match.push(item)
            except Exact61Error as err:
                raise ScenarioError(
                    Msg(
                        "action {n} after the set-up, {action}, cannot be done: {reason}",
                        {"n": number, "action": _item_name(item), "reason": err.message},
                    )
                ) from None
        return match

    def match(self) -> Match:
        """The position after every action (an illegal one raises :class:`ScenarioError`)."""
        return self._play()

    def replay(self) -> tuple[Match, list[dict[str, Any]]]:
        """The final match and each hand's summary as ``exact61 replay --json`` prints it.

        The first hand starts at the set-up position; each deal starts another.
        """
        hands: list[dict[str, Any]] = []
        start = [0]

        def close(match: Match) -> None:
            hands.append(hand_summary(list(match.events[start[0] :]), match.hand_end, match.scores))
            start[0] = len(match.events)

        match = self._play(close)
        close(match)
        return match, hands

    def to_json(self) -> dict[str, Any]:
        """The saved scenario as JSON-ready data, format marker first."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "setup": _setup_json(self.scenario),
            "actions": [item_json(i) for i in self.actions],
        }

    @classmethod
    def from_json(cls, data: object) -> SavedScenario:
        """Read what :meth:`to_json` wrote; a bad document raises :class:`ScenarioError`."""
        if not isinstance(data, Mapping) or "setup" not in data:
            raise ScenarioError(
                Msg("a saved scenario is a JSON object with format, version, setup and actions")
            )
        unknown = sorted(set(data) - {"format", "version", "setup", "actions"})
        if unknown:
            raise ScenarioError(
                Msg("a saved scenario has no field {field}", {"field": repr(unknown[0])})
            )
        if "format" in data or "version" in data:
            if data.get("format") != FORMAT:
                raise ScenarioError(
                    Msg(
                        "'format' must be {expected}, not {given}",
                        {"expected": repr(FORMAT), "given": repr(data.get("format"))},
                    )
                )
            version = data.get("version")
            if version != VERSION or isinstance(version, bool):
                raise ScenarioError(
                    Msg("'version' must be 1, not {given}", {"given": repr(version)})
                )
        actions = data.get("actions", ())
        if not isinstance(actions, list):
            raise ScenarioError(
                Msg("a saved scenario is a JSON object with format, version, setup and actions")
            )
        return cls(Scenario.from_json(data["setup"]), read_items(actions))


def _setup_json(scenario: Scenario) -> dict[str, Any]:
    """A saved scenario's ``setup``: the position, ``drawn`` left out when no tile is drawn."""
    data = scenario.to_json()
    if data["drawn"] is None:
        del data["drawn"]
    return data


def _item_name(item: Item) -> str | Msg:
    """How a message names an item: a play's notation, or draw, pass, the deal in words."""
    if isinstance(item, Play):
        return str(item)
    if isinstance(item, Deal):
        return Msg("the deal of the next hand")
    return Msg("draw") if item.kind == "draw" else Msg("pass")


@dataclass(frozen=True)
class HandScript:
    """One whole hand as data: the scores before it, the deal, the leader and every action.

    ``hands`` are dealt as they are and ``boneyard`` is the draw order, so
    :meth:`match` deals exactly this hand; ``actions`` are notation (``[0|6]``,
    ``[0|3]@[0|6]:low``, ``draw``, ``pass``) and play the hand to its end.
    ``beats`` say at which step of the story each kind of event is shown, as
    ``(kind, step)`` pairs; the tests check every one against the engine.
    """

    #: The number of players.
    players: int
    #: Every side's raw score before the hand.
    scores: tuple[int, ...]
    #: Every seat's tiles as dealt, in notation.
    hands: tuple[tuple[str, ...], ...]
    #: The boneyard in draw order.
    boneyard: tuple[str, ...]
    #: The seat that leads the hand.
    leader: int
    #: Every action of the hand in notation (``[0|6]``, ``draw``, ``pass``).
    actions: tuple[str, ...]
    #: At which step of the story each kind of event is shown, as ``(kind, step)`` pairs.
    beats: tuple[tuple[str, int], ...] = ()

    def match(self) -> Match:
        """A new match, dealt this hand (seed 0: any later lot is the same every run)."""
        match = Match(self.players, seed=0, start_scores=self.scores, deal=False)
        match.deal(self.hands, self.boneyard, leader=self.leader)
        return match

    def play(self) -> tuple[Match, tuple[tuple[Action, tuple[Event, ...]], ...]]:
        """The match before the first action, and each action with the events it caused.

        An action the rules refuse raises :class:`ScenarioError` naming it and why.
        """
        start = self.match()
        match = start.copy()
        done: list[tuple[Action, tuple[Event, ...]]] = []
        for action in as_actions(self.actions):
            reason = match.why_illegal(action)
            if reason is not None:
                raise ScenarioError(
                    Msg(
                        "action {n} of the hand, {action}, cannot be done: {reason}",
                        {"n": len(done) + 1, "action": _name(action), "reason": reason},
                    )
                )
            done.append((action, tuple(match.push(action))))
        return start, tuple(done)

    def beat(self, kind: str) -> int:
        """The step at which the story shows ``kind`` (KeyError if it names none)."""
        return dict(self.beats)[kind]

    def to_json(self) -> dict[str, Any]:
        """The hand as JSON-ready data (what :meth:`from_json` reads)."""
        return {
            "players": self.players,
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
            "boneyard": list(self.boneyard),
            "leader": self.leader,
            "actions": list(self.actions),
            "beats": [list(b) for b in self.beats],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandScript:
        """Read what :meth:`to_json` wrote; a bad document raises :class:`ScenarioError`."""
        fields = {"players", "scores", "hands", "boneyard", "leader", "actions", "beats"}
        if not isinstance(data, Mapping) or not {
            "players",
            "hands",
            "boneyard",
            "leader",
            "actions",
        } <= set(data):
            raise ScenarioError(
                Msg("a hand is a JSON object with players, hands, boneyard, leader and actions")
            )
        unknown = sorted(set(data) - fields)
        if unknown:
            raise ScenarioError(Msg("a hand has no field {field}", {"field": repr(unknown[0])}))
        try:
            players = data["players"]
            return cls(
                players,
                tuple(data.get("scores") or seating(players).zero_scores()),
                tuple(_tiles(h) for h in data["hands"]),
                _tiles(data["boneyard"]),
                data["leader"],
                tuple(str(a) for a in data["actions"]),
                tuple((str(k), int(v)) for k, v in data.get("beats", ())),
            )
        except (TypeError, ValueError):
            raise ScenarioError(
                Msg("a hand is a JSON object with players, hands, boneyard, leader and actions")
            ) from None


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
