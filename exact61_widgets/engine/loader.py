"""Positions from anything a user hands over: a scenario, a match, a file's JSON, notation.

:func:`load_position` is what the position explorer loads; :func:`load_document`
is what the ``exact61`` command reads from a file (a game record, or a saved
scenario recognised by its format marker); :func:`as_match` and
:func:`as_layout` are what the walkthroughs take. Pure: no widget is imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import load_record
from exact61_widgets.engine.scenario import (
    SavedScenario,
    Scenario,
    ScenarioError,
    is_saved_scenario,
)
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.i18n import Msg

Source = Scenario | SavedScenario | Match | Mapping[str, Any] | str | Layout
"""What :func:`load_position` takes."""


@dataclass(frozen=True)
class Loaded:
    """A loaded position: the match, the set-up it started from (if any), and a note.

    ``scenario`` is the set-up position the match was built from, None for a
    match or a record; ``note`` says what was made up (hands dealt from notation).
    """

    #: The match, ready to play on from the position.
    match: Match
    #: The set-up position the match was built from; None for a match or a record.
    scenario: Scenario | None = None
    #: What was made up in loading (hands dealt from notation), or None.
    note: Msg | None = None


def from_notation(layout: Layout, players: int = 2) -> Scenario:
    """A position around a layout: the free tiles dealt 5 each in tile order, the rest bones."""
    free = [t for t in TILES if t not in layout]
    hands = [free[s * 5 : (s + 1) * 5] for s in range(players)]
    return Scenario.make(players, layout, hands)


def _is_saved(data: Mapping[str, Any]) -> bool:
    """A saved scenario: by its marker, or (older exports) by its ``setup`` field."""
    return is_saved_scenario(data) or ("setup" in data and "format" not in data)


def load_position(source: Source) -> Loaded:
    """A position from a scenario, a saved scenario, a match (copied), a game record,
    set-up JSON (a saved scenario or a scenario's own) or layout notation."""
    if isinstance(source, Scenario):
        return Loaded(source.match(), source)
    if isinstance(source, SavedScenario):
        return Loaded(source.match(), source.scenario)
    if isinstance(source, Match):
        return Loaded(source.copy())
    if isinstance(source, (str, Layout)):
        scenario = from_notation(source if isinstance(source, Layout) else Layout.parse(source))
        return Loaded(
            scenario.match(),
            scenario,
            Msg(
                "The hands were dealt from the free tiles in tile order: change them in Edit mode."
            ),
        )
    if isinstance(source, Mapping):
        if _is_saved(source):
            saved = SavedScenario.from_json(source)
            return Loaded(saved.match(), saved.scenario)
        if "format" in source:
            return Loaded(load_record(source))
        scenario = Scenario.from_json(source)
        return Loaded(scenario.match(), scenario)
    raise ScenarioError(
        Msg(
            "the explorer loads a Scenario, a Match, a game record, set-up JSON "
            "or layout notation, not {kind}",
            {"kind": type(source).__name__},
        )
    )


def load_document(data: object) -> Match:
    """The match a file's JSON holds: a saved scenario (by its marker) or a game record.

    Anything else is read as a record, so its faults are reported as a record's.
    """
    if is_saved_scenario(data):
        return SavedScenario.from_json(data).match()
    return load_record(data)


def as_match(source: Scenario | Match | Mapping[str, Any]) -> Match:
    """A match from a scenario, a match (copied), a game record v1 (replayed) or set-up JSON."""
    if isinstance(source, (Scenario, SavedScenario, Match, Mapping)):
        return load_position(source).match
    raise ScenarioError(
        Msg(
            "expected a Scenario, a Match or a game record, not {kind}",
            {"kind": type(source).__name__},
        )
    )


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
    raise ScenarioError(
        Msg(
            "expected layout notation, a Layout or a game record, not {kind}",
            {"kind": type(source).__name__},
        )
    )
