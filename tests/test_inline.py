"""The kernel's steps inlined at import: the compiled loops do what the written ones do.

:func:`exact61_widgets.engine.inline.inline` rewrites the match's layout methods, the
playout loop and the solver's moves with the kernel's steps in place of their calls.
Here the compiled code is compared with the code as written (``__wrapped__``, which
calls the steps) on random games, and the rewriting is checked on small cases: a
step's rebound parameter stays the caller's own, a wrong step is refused.
"""

from __future__ import annotations

import dis
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exact61_widgets import Match
from exact61_widgets.engine import kernel, playout, solvecore
from exact61_widgets.engine.inline import inline
from exact61_widgets.engine.kernel import DRAW_TURN, PASS_TURN, LayoutCore, turn_step
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.playout import Trace
from exact61_widgets.engine.solvecore import INF, OpenPosition, alphabeta

STEPS = {"join_step", "unjoin_step", "end_sum_step", "turn_step", "drawn_step", "blocked_step"}
STEPS |= {"_play_event", "_draw_event"}  # the events a push makes (events.fast_constructor)
INLINED: list[Callable[..., Any]] = [
    LayoutCore.push_code,
    LayoutCore.pop_code,
    LayoutCore.turn,
    LayoutCore.turn_blocks,
    LayoutCore.drawn_tile_fits,
    LayoutCore.end_sum_after,
    vars(Match)["_turn"],
    vars(Match)["_draw"],
    Match.push,
    Layout.actions,
    playout.playout,
    vars(playout)["_greedy"],
    OpenPosition.push,
    OpenPosition.pop,
    vars(OpenPosition)["_scored"],
    vars(OpenPosition)["_end_turn"],
]


@pytest.mark.parametrize("func", INLINED, ids=lambda f: f.__qualname__)
def test_the_compiled_loops_call_no_step(func: Callable[..., Any]) -> None:
    """Each step is inlined: the compiled code loads no step, the written code does."""

    def loaded(f: Callable[..., Any]) -> set[str]:
        return {i.argval for i in dis.get_instructions(f) if i.opname == "LOAD_GLOBAL"}

    written = func.__wrapped__  # type: ignore[attr-defined]
    assert loaded(written) & STEPS
    assert not loaded(func) & STEPS
    assert func.__code__.co_filename == written.__code__.co_filename


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1), st.booleans())
def test_the_playout_loop_plays_as_written(n: int, seed: int, greedy: bool) -> None:
    runs = []
    for loop in (playout.playout, playout.playout.__wrapped__):  # type: ignore[attr-defined]
        trace: Trace = []
        scores = loop(Match(n, seed=seed), random.Random(seed), trace=trace, greedy=greedy)
        runs.append((scores, trace))
    assert runs[0] == runs[1]


class Written(OpenPosition):
    """The solver's position with its methods as written (calling the kernel's steps)."""

    push = OpenPosition.push.__wrapped__  # type: ignore[attr-defined]
    pop = OpenPosition.pop.__wrapped__  # type: ignore[attr-defined]
    _scored = vars(OpenPosition)["_scored"].__wrapped__
    _end_turn = vars(OpenPosition)["_end_turn"].__wrapped__


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([2, 4]), st.integers(0, 2**32 - 1))
def test_the_solver_searches_as_written(n: int, seed: int) -> None:
    match = Match(n, seed=seed)
    rng = random.Random(seed)
    while match.status == "playing" and sum(map(len, match.hands)) + match.boneyard_count > 9:
        actions = match.legal_actions()
        match.push(actions[rng.randrange(len(actions))])
    if match.status != "playing":
        return
    results = []
    for cls in (OpenPosition, Written):
        pos = cls(match)
        value = alphabeta(pos, {})(-INF, INF)
        results.append((value, pos.nodes, pos.key()))
    assert results[0] == results[1]


def test_the_layout_methods_join_as_written() -> None:
    rng = random.Random(5)
    written = LayoutCore.push_code.__wrapped__  # type: ignore[attr-defined]
    for _ in range(40):
        ours, theirs = LayoutCore(), LayoutCore()
        while True:
            tiles = ours.playable((1 << 28) - 1)
            if not tiles:
                break
            t = rng.choice([i for i in range(28) if tiles >> i & 1])
            places = [c for codes in ours.open_lists for c in codes] or [-1]
            p = rng.choice(places)  # legal or not: both refuse alike
            assert ours.push_code(t, p) == written(theirs, t, p)
            assert (ours.open_lists, ours.occ, ours.open_numbers, ours.end_sum) == (
                theirs.open_lists,
                theirs.occ,
                theirs.open_numbers,
                theirs.end_sum,
            )


@inline(turn_step)
def _turn_of(hand: int, placed: int, open_numbers: int, boneyard: int) -> tuple[int, int]:
    pending = -1
    turn = turn_step(hand, pending, placed, open_numbers, boneyard)
    return turn, hand


def test_a_parameter_the_step_rebinds_stays_the_callers() -> None:
    """``turn_step`` narrows its ``hand``: the caller's ``hand`` is not changed."""
    hand = 1 << 3 | 1 << 27  # [0|3] and [6|6]
    assert _turn_of(hand, 1, 1 << 6, 0) == (1 << 27, hand)
    assert _turn_of(1 << 3, 1, 1 << 6, 4) == (DRAW_TURN, 1 << 3)
    assert _turn_of(1 << 3, 1, 1 << 6, 0) == (PASS_TURN, 1 << 3)


def _early(x: int) -> int:
    if x:
        return 1
    return 0


def test_a_step_must_end_with_its_only_return_and_be_called_with_names() -> None:
    def loop(x: int) -> int:
        y = _early(x)
        return y

    with pytest.raises(TypeError, match="only return"):
        inline(_early)(loop)

    def by_expression(x: int) -> int:
        y = kernel.drawn_step(x + 1, 0, 0)  # through the module: not a step's call
        return int(y)

    with pytest.raises(TypeError, match="does not call"):
        inline(kernel.drawn_step)(by_expression)

    drawn_step = kernel.drawn_step
    assert drawn_step is solvecore.drawn_step

    def expression(x: int) -> bool:
        fits = drawn_step(x, x - 1, 1)  # only plain names and ints are passed
        return fits

    with pytest.raises(TypeError, match="plain names or ints"):
        inline(drawn_step)(expression)

    def rebound(x: int) -> int:
        y = _doubled_or_not(x, True)  # its ``twice`` is rebound: no int may stand in for it
        return y

    with pytest.raises(TypeError, match="may not be rebound"):
        inline(_doubled_or_not)(rebound)


def _either(x: int, twice: bool) -> int:
    if twice:  # noqa: SIM108  # an if statement, which the inliner prunes
        y = x * 7
    else:
        y = x
    return y


def _doubled_or_not(x: int, twice: bool) -> int:
    twice = twice and x > 0
    y = 2 * x if twice else x
    return y


@inline(_either)
def _once(x: int) -> int:
    y = _either(x, False)
    return y


@inline(_either)
def _sevenfold(x: int) -> int:
    y = _either(x, True)
    return y


def test_an_int_argument_specializes_the_step() -> None:
    """A step given an int is written without the branches that int rules out."""
    assert (_once(3), _sevenfold(3)) == (3, 21)
    assert (_once.__wrapped__(3), _sevenfold.__wrapped__(3)) == (3, 21)  # type: ignore[attr-defined]
    assert 7 not in _once.__code__.co_consts and 7 in _sevenfold.__code__.co_consts
    assert not any(i.opname == "POP_JUMP_IF_FALSE" for i in dis.get_instructions(_sevenfold))


def test_the_kernel_s_constants_are_read_as_values() -> None:
    """``DRAW_TURN`` and ``PASS_TURN`` are ints of the kernel: the compiled loops hold them as
    constants, in the steps and in the loop's own tests alike; the playout loop, which never
    takes a join back, removes the place without finding where it stood."""
    for func in (playout.playout, Layout.actions, vars(Match)["_turn"]):
        names = {i.argval for i in dis.get_instructions(func) if i.opname == "LOAD_GLOBAL"}
        assert not names & {"DRAW_TURN", "PASS_TURN", "_kernel_DRAW_TURN", "_kernel_PASS_TURN"}
    assert "remove" in playout.playout.__code__.co_names
    assert "remove" not in LayoutCore.push_code.__code__.co_names
    assert "index" in LayoutCore.push_code.__code__.co_names


def test_without_the_source_the_loop_runs_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """A package installed as byte code alone keeps its loops as written (they call the steps)."""

    def no_source(obj: object) -> str:
        raise OSError("no source")

    monkeypatch.setattr("inspect.getsource", no_source)
    written = vars(playout)["_greedy"].__wrapped__
    assert inline(kernel.end_sum_step)(written) is written
