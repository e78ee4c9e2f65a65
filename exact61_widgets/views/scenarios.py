"""Deprecated name of :mod:`exact61_widgets.views.ready_positions` (the ready positions).

The ready positions were renamed so that they are not mistaken for the engine's
:mod:`~exact61_widgets.engine.scenario` (the types positions are written in). Old
imports from here still work and warn; the engine's names this module used to
hand on (``Scenario``, ``as_match`` …) come from the engine.
"""

from __future__ import annotations

import warnings
from typing import Any

from exact61_widgets.engine import loader, scenario
from exact61_widgets.views import ready_positions

#: The engine's names this module used to hand on, and where they live.
_ENGINE = {
    "HandScript": scenario,
    "SavedScenario": scenario,
    "Scenario": scenario,
    "ScenarioError": scenario,
    "as_actions": scenario,
    "rewind": scenario,
    "as_layout": loader,
    "as_match": loader,
}


def __getattr__(name: str) -> Any:
    """A name of the ready positions (or of the engine), with a deprecation warning."""
    home = _ENGINE.get(name, ready_positions)
    if not hasattr(home, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"exact61_widgets.views.scenarios is deprecated: import {name} from {home.__name__}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(home, name)
