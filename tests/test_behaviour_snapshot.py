"""Behaviour kept byte for byte: matches, playouts, the solver and the command line.

``tests/behaviour_snapshot.py`` says what the snapshot holds and how to look at an
item that differs; its digests were written from the code before the refactorings of
issue 25 (one place per rule), which must change nothing a user can see.
"""

from __future__ import annotations

import pytest
from behaviour_snapshot import differences, items, read_snapshot

PARTS = ("match/", "playout/", "solve/", "cli/")


@pytest.mark.parametrize("part", PARTS)
def test_behaviour_is_as_in_the_snapshot(part: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    expected = {k: v for k, v in read_snapshot().items() if k.startswith(part)}
    found = items(lambda key: key.startswith(part) or part.startswith(key))
    assert expected, f"the snapshot holds no {part} items"
    wrong = differences(found, expected)
    assert not wrong, (
        f"{len(wrong)} items differ from the snapshot, first {wrong[:8]}: "
        "compare them with `python tests/behaviour_snapshot.py --show KEY` on both sides"
    )
