"""Undo and redo on a match, deals included, and its history written as JSON.

``Match.pop`` undoes a deal too, but a deal cannot be pushed back like an
action. :func:`undo_one` therefore turns an undone deal into a :class:`Redeal`
that remembers the hands, the boneyard and the leader, so :func:`redo_one`
deals exactly the same again. The same items, written as JSON, let a set-up
position and everything played since be saved and loaded (record v1 cannot
hold a set-up position).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.actions import Action, Draw, Pass, Play, parse_action
from exact61_widgets.engine.events import Event
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import Tile, parse_tile
from exact61_widgets.i18n import Msg
from exact61_widgets.widgets.errors import WidgetError


@dataclass(frozen=True)
class Redeal:
    """A deal that was undone: the same hands, boneyard (draw order) and leader again."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int

    def to_json(self) -> dict[str, Any]:
        """``{"deal": {"hands": …, "boneyard": …, "leader": …}}``."""
        return {"deal": {"hands": [[str(t) for t in h] for h in self.hands],
                         "boneyard": [str(t) for t in self.boneyard], "leader": self.leader}}


Item = Action | Redeal
"""One entry of a match's history: an action, or a deal."""


def can_undo(match: Match) -> bool:
    """Whether there is an action to take back (a match's first deal is never undone)."""
    return bool(match.action_stack)


def undo_one(match: Match) -> Item:
    """Take back the last action or deal and return it, ready for :func:`redo_one`."""
    if not can_undo(match):
        raise WidgetError(Msg("there is nothing to undo"))
    if match.peek() is None:  # a deal on top of the history
        deal = Redeal(match.hands, match.boneyard, match.leader)
        match.pop()
        return deal
    popped = match.pop()
    assert isinstance(popped, (Play, Draw, Pass))
    return popped


def redo_one(match: Match, item: Item) -> list[Event]:
    """Do an item again: push the action, or deal the remembered hands."""
    if isinstance(item, Redeal):
        match.deal(item.hands, item.boneyard, leader=item.leader)
        return []
    return match.push(item)


def rewind(match: Match) -> tuple[Match, list[Item]]:
    """A copy of ``match`` taken back to its start, and every item since, in order."""
    start = match.copy()
    items: list[Item] = []
    while can_undo(start):
        items.append(undo_one(start))
    items.reverse()
    return start, items


def item_text(item: Item) -> str | dict[str, Any]:
    """An item as JSON: ``"[1|2]@[1|1]:lineB"``, ``"draw"``, ``"pass"`` or a deal object."""
    if isinstance(item, Redeal):
        return item.to_json()
    if isinstance(item, Play):
        return str(item)
    return item.kind


def parse_items(items: Iterable[object]) -> list[Item]:
    """Read what :func:`item_text` wrote (a bad entry raises :class:`WidgetError`)."""
    result: list[Item] = []
    for entry in items:
        if isinstance(entry, str):
            result.append(parse_action(entry))
        elif isinstance(entry, Mapping) and isinstance(entry.get("deal"), Mapping):
            deal = entry["deal"]
            try:
                result.append(Redeal(
                    tuple(tuple(parse_tile(t) for t in h) for h in deal["hands"]),
                    tuple(parse_tile(t) for t in deal["boneyard"]), int(deal["leader"])))
            except (KeyError, TypeError):
                raise WidgetError(Msg("a deal names its hands, boneyard and leader")) from None
        else:
            raise WidgetError(Msg("{entry} is not an action or a deal",
                                  {"entry": repr(entry)}))
    return result
