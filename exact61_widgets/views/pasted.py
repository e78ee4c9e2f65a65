"""A position pasted as text: layout notation, a saved scenario or a game record.

The classroom app loads a walkthrough's position from a text box, without code:
:func:`read_pasted` tells JSON (a saved scenario, set-up JSON or a game record, all
objects) from layout notation, and :func:`as_position` turns notation into a position
for the walkthroughs that need hands (the free tiles dealt in tile order, as the
position explorer does). Faults are :class:`WidgetError` with one line naming them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import from_notation
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import SavedScenario, Scenario, is_saved_scenario
from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError

Pasted = str | Mapping[str, Any]
"""What :func:`read_pasted` gives: notation text, or the object a JSON text holds."""


def read_pasted(text: str) -> Pasted:
    """The pasted text as JSON when it starts with ``{`` (every saved scenario, set-up and
    record is an object), else as notation (stripped; notation starts with ``[`` too).

    Raises :class:`WidgetError` for an empty text and JSON that cannot be read (its
    line and column named).
    """
    body = text.strip()
    if not body:
        raise WidgetError(
            Msg("nothing is pasted: paste layout notation, a saved scenario or a game record")
        )
    if not body.startswith("{"):
        return body
    try:
        data = json.loads(body)
    except json.JSONDecodeError as err:
        raise WidgetError(
            Msg(
                "the JSON cannot be read: a fault at line {line}, column {column}",
                {"line": err.lineno, "column": err.colno},
            )
        ) from None
    assert isinstance(data, dict)  # JSON text that starts with { is an object
    return data


def as_position(pasted: Pasted) -> Scenario | Match | Mapping[str, Any]:
    """A position for a walkthrough that needs hands: a saved scenario as the match it
    leads to (the walkthroughs wind a record back, not a saved scenario), a record or
    set-up JSON as it is, notation as the position around that layout (the free tiles
    dealt 5 each in tile order to two players)."""
    if isinstance(pasted, str):
        return from_notation(Layout.parse(pasted))
    if is_saved_scenario(pasted):
        return SavedScenario.from_json(pasted).match()
    return pasted
