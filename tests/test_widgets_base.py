"""The base of the board-owning widgets: one board, one guard, one error line, one snapshot.

Each widget that owns a board fails a callback the same way: the state it keeps is put back,
its picture drawn again, the error shown on the board's line; the next success clears it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from exact61_widgets.engine.match import Match
from exact61_widgets.widgets.base import BoardWidget
from exact61_widgets.widgets.explorer import PositionExplorer
from exact61_widgets.widgets.puzzle import PuzzleWidget
from exact61_widgets.widgets.review import ReviewWidget
from exact61_widgets.widgets.table import MatchTable
from exact61_widgets.widgets.walkthroughs import EndScoringWalkthrough, SpinnerWalkthrough


def _review() -> ReviewWidget:
    match = Match(2, seed=1)
    for _ in range(4):
        match.push(match.legal_actions()[0])
    return ReviewWidget(match, seed=1, samples=4)


def _explorer_move(widget: Any) -> None:
    widget.play(widget.moves()[0].action)


#: A widget, something that changes its state, and what that state looks like.
CASES: dict[str, tuple[Callable[[], Any], Callable[[Any], None], Callable[[Any], object]]] = {
    "table": (
        lambda: MatchTable(2, seed=3, human=None),
        lambda w: w.step(),
        lambda w: (len(w.match.events), w.board.svg),
    ),
    "explorer": (
        lambda: PositionExplorer("[1|4] [1|1]@[1|4]:low"),
        _explorer_move,
        lambda w: (str(w.match.layout), w.can_undo, w.board.svg),
    ),
    "puzzle": (
        lambda: PuzzleWidget(puzzle="p001"),
        lambda w: w.next(),
        lambda w: (w.puzzle.id, w.board.svg),
    ),
    "review": (_review, lambda w: w.go_to(3), lambda w: (w.index, w.board.svg)),
    "walkthrough": (
        SpinnerWalkthrough,
        lambda w: w.controls.next_button.click(),
        lambda w: (w.step, w.caption_text, w.board.svg),
    ),
    "scoring": (
        EndScoringWalkthrough,
        lambda w: w.try_play("[0|1]@[1|4]:low"),
        lambda w: (len(w.steps), w.step, w.board.svg),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_failed_callback_puts_back_what_the_widget_keeps_and_says_why(case: str) -> None:
    make, change, seen = CASES[case]
    widget = make()
    assert isinstance(widget, BoardWidget)
    before = seen(widget)

    def fails() -> None:
        change(widget)
        assert seen(widget) != before, "the change must change what is seen"
        raise RuntimeError("a bug halfway")

    assert widget.guard.run(fails) is False
    assert seen(widget) == before
    assert "a bug halfway" in widget.board.error
    assert widget.guard.run(change, widget) is True
    assert seen(widget) != before and widget.board.error == ""


def test_no_widget_writes_its_own_board_guard_or_snapshot() -> None:
    for cls in (
        MatchTable,
        PositionExplorer,
        PuzzleWidget,
        ReviewWidget,
        SpinnerWalkthrough,
        EndScoringWalkthrough,
    ):
        assert issubclass(cls, BoardWidget)
        for klass in cls.__mro__:
            if klass is not BoardWidget:
                own = set(vars(klass)) & {"_show_error", "_snapshot", "_restore", "_guarded_click"}
                assert not own, f"{klass.__name__} writes {sorted(own)} again"
