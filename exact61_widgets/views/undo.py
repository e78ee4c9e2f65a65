"""Undo and redo on a match, deals included, for the widgets' buttons.

The engine's history is typed: :meth:`Match.pop` returns the action it undid, or
the :class:`~exact61_widgets.engine.history.Deal` (hands, boneyard, leader and
the shuffle's state), and :meth:`Match.push` takes either back. So
:func:`undo_one` is ``pop`` and :func:`redo_one` is ``push``, and a redone deal
deals exactly the same again, later shuffles included. Writing the same items as
JSON is the engine's (:mod:`exact61_widgets.engine.scenario`).
"""

from __future__ import annotations

from exact61_widgets.engine.events import Event
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import Item
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError

__all__ = ["Item", "can_undo", "redo_one", "undo_one"]


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
