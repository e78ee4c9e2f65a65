"""Public modules that were renamed keep their old import path, with a deprecation warning."""

from __future__ import annotations

import pytest

from exact61_widgets.engine import loader, scenario
from exact61_widgets.views import ready_positions


def test_the_old_name_of_the_ready_positions_warns_and_gives_the_same_objects() -> None:
    from exact61_widgets.views import scenarios as old

    with pytest.warns(DeprecationWarning, match="views.ready_positions"):
        assert old.EXACT_61 is ready_positions.EXACT_61
    with pytest.warns(DeprecationWarning, match="engine.scenario"):
        assert old.Scenario is scenario.Scenario
    with pytest.warns(DeprecationWarning, match="engine.loader"):
        assert old.as_match is loader.as_match
    with pytest.raises(AttributeError, match="no attribute 'NOT_A_POSITION'"):
        _ = old.NOT_A_POSITION
