"""What the explorer's Export gives: layout notation, and a game record or a saved scenario.

A dealt match is written as a game record v1. A position set up by hand has no
deal, which record v1 cannot hold, so it is written as a saved scenario
(:class:`~exact61_widgets.engine.scenario.SavedScenario`: the set-up arguments
and the actions since), which the explorer and the ``exact61`` command load too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.scenario import SavedScenario
from exact61_widgets.i18n import Msg, gettext


@dataclass(frozen=True)
class Export:
    """A position written out: layout notation, and a record or the set-up arguments.

    ``record`` is a game record v1 when the match was dealt; a set-up position
    has none (``to_record`` raises ``SetupError``), so ``setup`` holds a saved
    scenario (:meth:`SavedScenario.to_json
    <exact61_widgets.engine.scenario.SavedScenario.to_json>`: the ``Match.setup``
    arguments and the actions played since), and ``note`` says so.
    """

    #: The layout in notation.
    notation: str
    #: A game record v1 when the match was dealt, else None.
    record: dict[str, Any] | None
    #: A saved scenario for a set-up position, else None.
    setup: dict[str, Any] | None
    #: What the export leaves out, or None.
    note: Msg | None

    def text(self, lang: str | None = None) -> str:
        """What the export box shows: the notation, then the JSON."""
        data = self.record if self.record is not None else self.setup
        label = gettext("Layout notation", lang)
        kind = (
            gettext("Game record v1", lang)
            if self.record is not None
            else gettext("Set-up arguments and actions (JSON)", lang)
        )
        return f"{label}:\n{self.notation}\n\n{kind}:\n{pretty_json(data)}"


def pretty_json(data: object, indent: str = "") -> str:
    """JSON indented by level, with lists of plain values (tiles, scores) on one line."""
    inner = indent + " "
    if isinstance(data, dict) and data:
        items = ",\n".join(
            f"{inner}{json.dumps(k)}: {pretty_json(v, inner)}" for k, v in data.items()
        )
        return f"{{\n{items}\n{indent}}}"
    if isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data):
        items = ",\n".join(f"{inner}{pretty_json(v, inner)}" for v in data)
        return f"[\n{items}\n{indent}]"
    return json.dumps(data, ensure_ascii=False)


def export_match(match: Match) -> Export:
    """The layout notation, and the record (or, for a set-up position, a saved scenario)."""
    notation = str(match.layout)
    try:
        return Export(notation, to_record(match), None, None)
    except SetupError:
        return Export(
            notation,
            None,
            SavedScenario.from_match(match).to_json(),
            Msg(
                "A game record v1 cannot hold a position set up by hand (it has "
                "no deal), so the export is the layout notation and the set-up "
                "arguments with the actions played since, as JSON."
            ),
        )
