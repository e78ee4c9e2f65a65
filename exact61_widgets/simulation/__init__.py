"""Matches between bots, many at once, and their statistics: the simulation subsystem.

- :mod:`~exact61_widgets.simulation.matches`: bots seated by name and one whole match
  between them, hand after hand (pure Python, as the engine: it runs under Pyodide).
- :mod:`~exact61_widgets.simulation.run`: :func:`simulate`, many seeded matches on every
  core, and their :class:`SimulationResult` (win rates with Wilson intervals, hand
  statistics, the table ``exact61 simulate`` prints).
- :mod:`~exact61_widgets.simulation.store`: a result saved as JSON and read back,
  :func:`simulated` (load or play and save).

The command line is :mod:`exact61_widgets.cli.simulate`. ``run`` and ``store`` use
``multiprocessing`` and ``tqdm``, so they are loaded only when one of their names is asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from exact61_widgets.simulation.matches import MAX_HANDS, play_match, seat_bots

_LAZY = {
    "simulate": "exact61_widgets.simulation.run",
    "SimulationResult": "exact61_widgets.simulation.run",
    "MatchSummary": "exact61_widgets.simulation.run",
    "wilson": "exact61_widgets.simulation.run",
    "simulated": "exact61_widgets.simulation.store",
    "load_result": "exact61_widgets.simulation.store",
    "save_result": "exact61_widgets.simulation.store",
}

__all__ = ["MAX_HANDS", "play_match", "seat_bots", *_LAZY]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)
