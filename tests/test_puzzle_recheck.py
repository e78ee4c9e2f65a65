"""``mine --recheck`` makes the file a full mining run would, without playing every match again.

The run's matches are stood in for by a small deterministic stand-in (which match gives
which puzzles, and each puzzle's fairness under an old and a new check), so that the
bookkeeping — ids in mining order, the rejected puzzles' matches mined again, the last
match's puzzles past the count, mining on when the fair ones fall short — is checked
against a full run under the new check, puzzle for puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from exact61_widgets.puzzles import mine

SEED = 7


class Stand:
    """The stand-in run: match ``i`` gives 0 to 3 puzzles; each has a share under each check."""

    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.found = {i: rng.choice((0, 0, 0, 1, 1, 2, 3)) for i in range(mine.MAX_MATCHES)}
        self.lower: dict[tuple[str, str], float] = {}
        for i, n in self.found.items():
            for k in range(n):
                key = f"{SEED}/{i}/{k}"
                self.lower[("old", key)] = rng.choice((0.95, 0.95, 0.95, 0.8))
                self.lower[("new", key)] = rng.choice((0.95, 0.95, 0.8, 0.5))
        self.check = "old"
        self.mined: list[int] = []

    def fair(self, key: str) -> dict[str, Any]:
        return {"lower": self.lower[(self.check, key)], "agree": 1, "deals": 1, "unsolved": 0}

    def mine_match(self, job: tuple[int, int]) -> list[dict[str, Any]]:
        seed, index = job
        self.mined.append(index)
        return [
            {
                "id": "",
                "check_seed": f"{seed}/{index}/{k}",
                "fairness": self.fair(f"{seed}/{index}/{k}"),
            }
            for k in range(self.found[index])
        ]

    def refair(self, puzzle: dict[str, Any]) -> dict[str, Any]:
        return {**puzzle, "fairness": self.fair(puzzle["check_seed"])}


class Kept:
    """What the file keeps of a chosen puzzle (the stand-in's puzzles are plain dicts)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = dict(data)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Kept:
        return cls(data)


def _document(puzzles: Sequence[Kept], settings: Mapping[str, Any]) -> dict[str, Any]:
    return {"settings": dict(settings), "puzzles": [p.data for p in puzzles]}


@pytest.fixture
def stand(monkeypatch: pytest.MonkeyPatch) -> Iterator[Stand]:
    made = Stand(SEED)
    monkeypatch.setattr(mine, "mine_match", made.mine_match)
    monkeypatch.setattr(mine, "_refair", made.refair)
    monkeypatch.setattr(mine, "Puzzle", Kept)
    monkeypatch.setattr(mine, "document", _document)
    yield made


@pytest.mark.parametrize("count", range(10, 61))
def test_recheck_gives_the_file_a_full_run_gives_under_the_new_check(
    stand: Stand, count: int
) -> None:
    old = mine.mine(SEED, count, workers=1)
    assert old["settings"]["rejected"], "the stand-in should reject some under the old check"
    stand.check = "new"
    stand.mined.clear()
    again = mine.recheck(old, workers=1)
    mined_again = list(stand.mined)
    stand.mined.clear()
    full = mine.mine(SEED, count, workers=1)
    assert again == full
    assert len(full["puzzles"]) == count
    # Only the rejected puzzles' matches, the last match and the matches past the file's
    # end were played again, never the whole run.
    assert len(mined_again) < len(stand.mined)


def test_recheck_of_a_file_whose_rejected_puzzles_do_not_name_their_match(stand: Stand) -> None:
    """Older files kept no check seed of a rejected puzzle: the matches between its
    neighbours' are mined again instead."""
    old = mine.mine(SEED, 40, workers=1)
    for entry in old["settings"]["rejected"]:
        del entry["check_seed"]
    stand.check = "new"
    again = mine.recheck(old, workers=1)
    assert again == mine.mine(SEED, 40, workers=1)


def test_recheck_under_the_same_check_changes_nothing(stand: Stand) -> None:
    old = mine.mine(SEED, 12, workers=1)
    assert mine.recheck(old, workers=1) == old


def test_the_match_of_a_puzzle_is_read_from_its_check_seed() -> None:
    assert mine.match_index({"check_seed": "61/1234/17"}) == 1234
