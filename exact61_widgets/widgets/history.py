"""Undo and redo on a match, deals included, and its history written as JSON.

The engine's history is typed: :meth:`Match.pop` returns the action it undid, or
the :class:`~exact61_widgets.engine.history.Deal` (hands, boneyard, leader and
the shuffle's state), and :meth:`Match.push` takes either back. So
:func:`undo_one` is ``pop`` and :func:`redo_one` is ``push``, and a redone deal
deals exactly the same again, later shuffles included. The same items, written
as JSON, let a set-up position and everything played since be saved and loaded
(record v1 cannot hold a set-up position).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.events import Event
from exact61_widgets.engine.history import Deal
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.tiles import parse_tile
from exact61_widgets.i18n import Msg
from exact61_widgets.widgets.errors import WidgetError

#: A deal that was undone, ready to be dealt again (the engine's history entry).
Redeal = Deal

Item = Action | Deal
"""One entry of a match's history: an action, or a deal."""


def can_undo(match: Match) -> bool:
    """Whether there is an action to take back (a match's first deal is never undone)."""
    return bool(match.action_stack)


def undo_one(match: Match) -> Item:
    """Take back the last action or deal and return it, ready for :func:`redo_one`."""
    if not can_undo(match):
        raise WidgetError(Msg("there is nothing to undo"))
    return match.pop()


def redo_one(match: Match, item: Item) -> list[Event]:
    """Do an item again: push the action, or deal the same hand again (no events)."""
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
    if isinstance(item, Deal):
        return {"deal": item.to_json()}
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
                result.append(Deal(
                    tuple(tuple(parse_tile(t) for t in h) for h in deal["hands"]),
                    tuple(parse_tile(t) for t in deal["boneyard"]), int(deal["leader"])))
            except (KeyError, TypeError):
                raise WidgetError(Msg("a deal names its hands, boneyard and leader")) from None
        else:
            raise WidgetError(Msg("{entry} is not an action or a deal",
                                  {"entry": repr(entry)}))
    return result
