"""Checks of questions about a layout: open places, scoring ends, a play's award, playable tiles.

Each ``check_*`` function takes a layout (notation or :class:`Layout`) and the
learner's text and returns a :class:`~exact61_widgets.exercises.result.Result`.
Open places, ends, sums and awards all come from the engine; so do the values
the known mistakes lead to, which is how a hint can be sure it names the
learner's actual mistake (R3.1, R4, R5, R6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from exact61_widgets.engine.actions import Play, parse_action
from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.ports import Place
from exact61_widgets.engine.scoring import POINT
from exact61_widgets.engine.tiles import Tile, as_tile
from exact61_widgets.exercises.reading import read_end, read_items, read_number, read_place
from exact61_widgets.exercises.result import (
    ExerciseError,
    Mistake,
    Result,
    join,
    list_result,
    malformed,
    number_result,
)
from exact61_widgets.exercises.wording import (
    applied,
    as_layout,
    check_score,
    raw,
    target,
    values,
)
from exact61_widgets.i18n import Msg, Plural
from exact61_widgets.render.text import PORT_LABELS

Unit = Literal["raw", "displayed"]

#: The hints of the award question, each for one mistake (see :func:`award_mistakes`).
SUM_IS_NOT_AWARD = Msg("That is the sum of the ends; only a positive multiple of 5 scores (R6.2).")
AWARD_REJECTED = Msg(
    "That award would take the score above 61: it is rejected whole, so the "
    "score does not change (R1.4)."
)
RAW_NOT_SHOWN = Msg("That is in raw points; displayed points are raw ÷ 5 (R1.2).")
SHOWN_NOT_RAW = Msg(
    "That is in displayed points; the question asks for raw points, 5 raw = 1 displayed (R1.2)."
)
NEW_SCORE = Msg("That is the score after the play; the question asks how much the play adds to it.")


def neighbour(table: Layout, place: Place) -> Tile | None:
    """The tile joined to ``place`` from either side: a child joined there, or the parent."""
    for link in table.connections():
        if link.parent == place:
            return link.child.tile
        if link.child == place:
            return link.parent.tile
    return None


# -- open places (R3.1, R4) --------------------------------------------------------------------


def why_open(place: Place) -> Msg:
    """Why an open place is open."""
    tile, port = place.tile, place.port
    if not tile.is_double:
        return Msg(
            "the free half of {tile} shows {number}: a tile with a {number} joins there (R3.1)",
            {"tile": str(tile), "number": place.number},
        )
    if port.is_line:
        return Msg(
            "{line} of the spinner {tile} is still free (R4.2)",
            {"line": Msg(PORT_LABELS[port]), "tile": str(tile)},
        )
    return Msg(
        "both lines of {tile} are filled, so its {branch} is open (R4.3)",
        {"tile": str(tile), "branch": Msg(PORT_LABELS[port])},
    )


def why_closed(table: Layout, place: Place) -> Msg:
    """Why a place the learner named is not open."""
    tile = place.tile
    if tile not in table:
        return Msg("{tile} is not on the table", {"tile": str(tile)})
    other = neighbour(table, place)
    if other is not None:
        return Msg(
            "{place} is taken: {child} is joined there", {"place": str(place), "child": str(other)}
        )
    if place.port.is_branch:
        return Msg(
            "the branches of {tile} open only after both its lines are filled (R4.3)",
            {"tile": str(tile)},
        )
    return Msg("{place} is not open", {"place": str(place)})  # pragma: no cover - unreachable


def _sentences(items: Iterable[tuple[str, Msg]]) -> list[Msg | str]:
    return [Msg("{item}: {reason}.", {"item": k, "reason": why}) for k, why in items]


def check_open_places(layout: Layout | str, answer: str) -> Result:
    """Which places are open now (R3.1, R4.2–R4.4, D1)? Answer: places separated by commas."""
    table = as_layout(layout)
    places = table.open_places()
    expected = [str(p) for p in places]
    right = (
        join(
            [
                Msg(
                    "The open places are {places}: a tile joins one of them by a matching half.",
                    {"places": ", ".join(expected)},
                ),
                *_sentences((str(p), why_open(p)) for p in places),
            ]
        )
        if table
        else Msg(
            "The table is empty, so there is no place yet: the leader opens the layout with any "
            "tile (R2.4)."
        )
    )
    items = read_items(answer)
    if items is None:
        return malformed(Msg("type an answer first"), ", ".join(expected), right)
    given: dict[str, Place] = {}
    for item in items:
        try:
            place = read_place(item)
        except NotationError as err:
            return malformed(
                Msg(
                    "{reason}. Write places like [1|4]:low or [4|4]:branchA, separated by commas.",
                    {"reason": err.message},
                ),
                ", ".join(expected),
                right,
            )
        given[str(place)] = place
    why_extra = {k: why_closed(table, p) for k, p in given.items() if k not in expected}
    return list_result(
        right,
        expected,
        given,
        why_extra,
        Plural(
            "{n} open place is missing",
            "{n} open places are missing",
            sum(1 for k in expected if k not in given),
        ),
    )


# -- scoring ends (R5) -------------------------------------------------------------------------


def end_key(c: Contribution) -> str:
    """A scoring end as an answer names it: ``[3|4]:low``, or an end double's tile ``[1|1]``."""
    return str(c.tile) if c.port is None else f"{c.tile}:{c.port.notation}"


def scoring_ends(table: Layout) -> list[Contribution]:
    """The scoring ends in the order answers list them: by tile, then port."""
    return sorted(table.contributions(), key=lambda c: (c.tile.index, c.port or 0))


def why_counts(table: Layout, c: Contribution) -> Msg:
    """Why a scoring end counts, and how much."""
    if c.port is None:
        return Msg("an end double: it counts both halves, {value} (R5.1)", {"value": c.value})
    if c.value == 0:
        return Msg("it shows 0: a zero end still counts, adding 0 (R5.4)")
    if len(table) == 1:
        return Msg("the opening tile alone counts both halves (R5.3)")
    return Msg("a free half worth {value} (R5.3)", {"value": c.value})


def why_not_counted(table: Layout, place: Place | None, tile: Tile) -> Msg:
    """Why an end the learner named does not count."""
    if tile not in table:
        return Msg("{tile} is not on the table", {"tile": str(tile)})
    if place is None:  # a double named by its tile or a line, and it is not an end double
        return Msg(
            "an internal double: both its lines are filled, so it adds nothing by itself (R5.2)"
        )
    other = neighbour(table, place)
    if other is not None and place.port.is_branch:
        return Msg(
            "{child} is joined to this branch: only the outer end of a started branch "
            "counts (R5.2)",
            {"child": str(other)},
        )
    if other is not None:
        return Msg(
            "{child} is joined to it: a joined half adds nothing (R5.3)", {"child": str(other)}
        )
    if table.is_end_double(tile):
        return Msg(
            "{tile} is an end double: name it by its tile, {tile} (R5.1)", {"tile": str(tile)}
        )
    return Msg("an open place, not a scoring end: an unused branch adds zero (R5.2)")


def check_scoring_ends(layout: Layout | str, answer: str) -> Result:
    """Which scoring ends count now (R5)? Answer: ``[3|4]:low`` for a half, ``[1|1]`` a double."""
    table = as_layout(layout)
    ends = scoring_ends(table)
    expected = [end_key(c) for c in ends]
    right = join(
        [
            Msg(
                "The scoring ends are {ends}: {values} = {sum}.",
                {
                    "ends": ", ".join(expected) or Msg("none"),
                    "values": values(ends),
                    "sum": table.end_sum,
                },
            ),
            *_sentences((end_key(c), why_counts(table, c)) for c in ends),
        ]
    )
    items = read_items(answer)
    if items is None:
        return malformed(Msg("type an answer first"), ", ".join(expected), right)
    given: dict[str, tuple[Place | None, Tile]] = {}
    for item in items:
        try:
            key, place, tile = read_end(item)
        except NotationError as err:
            return malformed(
                Msg(
                    "{reason}. Write free halves like [3|4]:low and end doubles "
                    "as their tile, like [1|1], separated by commas.",
                    {"reason": err.message},
                ),
                ", ".join(expected),
                right,
            )
        given[key] = (place, tile)
    why_extra = {
        k: why_not_counted(table, p, t) for k, (p, t) in given.items() if k not in expected
    }
    return list_result(
        right,
        expected,
        given,
        why_extra,
        Plural(
            "{n} scoring end is missing",
            "{n} scoring ends are missing",
            sum(1 for k in expected if k not in given),
        ),
    )


# -- the award of a play (R6, R1.2, R1.4) ------------------------------------------------------


def play_on(layout: Layout | str, play: Play | str) -> tuple[Layout, Play]:
    """The layout after ``play``; an illegal play raises :class:`ExerciseError`."""
    table = as_layout(layout)
    action = parse_action(play) if isinstance(play, str) else play
    if not isinstance(action, Play):
        raise ExerciseError(
            Msg("{play} is not a play: write it like [1|2]@[1|4]:low", {"play": str(play)})
        )
    reason = table.why_illegal(action.tile, action.at)
    if reason is not None:
        raise ExerciseError(
            Msg(
                "{play} cannot be played on this layout: {reason}",
                {"play": str(action), "reason": reason},
            )
        )
    table.push(action.tile, action.at)
    return table, action


def multiple_test(end_sum: int) -> Msg:
    """The multiple-of-5 test of an end sum, in words (R6.2)."""
    if end_sum == 0:
        return Msg("the ends add up to 0, and 0 earns nothing (R6.2)")
    if end_sum % POINT:
        return Msg("{sum} is not a multiple of 5, so it earns nothing (R6.2)", {"sum": end_sum})
    return Msg(
        "{sum} is a positive multiple of 5, so it earns {raw} (R6.2)",
        {"sum": end_sum, "raw": raw(end_sum)},
    )


def award_mistakes(end_sum: int, award: int, unit: Unit, score: int | None) -> list[Mistake]:
    """The answers the known mistakes give to an award question, each with its hint.

    Each value is computed the way the mistaken learner would, target check
    included; :func:`~exact61_widgets.exercises.result.number_result` keeps only
    a hint whose value is wrong and unique.
    """
    per = 1 if unit == "raw" else POINT
    added = award if score is None else applied(score, award)
    found: list[Mistake] = []
    if added != award:  # the award passes 61: forgetting the target check gives the award
        found.append(Mistake(award // per, AWARD_REJECTED))
    if end_sum % POINT:  # a sum that earns nothing, taken as the award
        found.append(
            Mistake(
                end_sum if score is None or unit == "displayed" else applied(score, end_sum),
                SUM_IS_NOT_AWARD,
            )
        )
    if added:
        found.append(
            Mistake(added, RAW_NOT_SHOWN)
            if unit == "displayed"
            else Mistake(added // POINT, SHOWN_NOT_RAW)
        )
    if score:
        found.append(Mistake((score + added) // per, NEW_SCORE))
    return found


def check_play_award(
    layout: Layout | str,
    play: Play | str,
    answer: str | int,
    *,
    unit: Unit = "raw",
    score: int | None = None,
) -> Result:
    """What does ``play`` on ``layout`` score (R5, R6)? Answer: a number in ``unit``.

    With ``score`` (the player's or pair's raw score before the play) the answer
    is what the play adds to that score, so an award passing 61 adds 0 (R1.4).
    """
    if unit not in ("raw", "displayed"):
        raise ExerciseError(Msg("the unit is raw or displayed, not {unit}", {"unit": repr(unit)}))
    if score is not None:
        check_score(score)
    table, action = play_on(layout, play)
    end_sum, award = table.end_sum, table.award
    added = award if score is None else applied(score, award)
    parts: list[Msg | str] = [
        Msg(
            "{play}: the scoring ends are {values} = {sum}; {test}.",
            {
                "play": str(action),
                "values": values(table.contributions()),
                "sum": end_sum,
                "test": multiple_test(end_sum),
            },
        )
    ]
    if score is not None and award:
        parts.append(target(score, award, "R1.4"))
    per = 1 if unit == "raw" else POINT
    expected = added // per
    if unit == "displayed":
        parts.append(
            Msg(
                "5 raw points make 1 displayed point: {raw} ÷ 5 = {shown} (R1.2).",
                {"raw": added, "shown": expected},
            )
        )
    why = join(parts)
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(expected), why)
    return number_result(value, expected, why, award_mistakes(end_sum, award, unit, score))


# -- which tiles of a hand can be played (R2.4, R3.1, R4.3) ------------------------------------


def hand_tiles(layout: Layout, hand: Iterable[Tile | str]) -> tuple[Tile, ...]:
    """The hand in tile order; a tile twice or a tile on the table raises ExerciseError."""
    tiles: list[Tile] = []
    for item in hand:
        try:
            tile = as_tile(item)
        except NotationError as err:
            raise ExerciseError(err.message) from None
        if tile in tiles or tile in layout:
            raise ExerciseError(
                Msg(
                    "{tile} cannot be in the hand: it is on the table or listed twice",
                    {"tile": str(tile)},
                )
            )
        tiles.append(tile)
    if not tiles:
        raise ExerciseError(Msg("the hand holds no tile"))
    return tuple(sorted(tiles))


def _numbers(table: Layout) -> str:
    return ", ".join(str(n) for n in sorted({p.number for p in table.open_places()}))


def why_not_playable(table: Layout, hand: Sequence[Tile], tile: Tile) -> Msg:
    """Why a tile the learner named cannot be played (R4.3 never is the reason: a spinner
    whose branches are closed still has a free line showing its number)."""
    if tile not in hand:
        return Msg("{tile} is not in the hand", {"tile": str(tile)})
    return Msg(
        "no half of {tile} matches an open place: the open places show {numbers} (R3.1)",
        {"tile": str(tile), "numbers": _numbers(table)},
    )


def playable_why(table: Layout, hand: Sequence[Tile]) -> Msg | str:
    """Which tiles of ``hand`` can be played and why: the solution of the question."""
    playable = [t for t in hand if table.can_play(t)]
    if not table:
        return Msg(
            "The leader may open with any tile, so every tile of the hand can be played (R2.4)."
        )
    if not playable:
        return Msg(
            "No tile of the hand matches an open place: the open places show {numbers} (R3.1).",
            {"numbers": _numbers(table)},
        )
    fits = [
        Msg(
            "{tile} fits {places}.",
            {"tile": str(t), "places": ", ".join(str(p) for p in table.legal_places(t))},
        )
        for t in playable
    ]
    return join(
        [Msg("A tile can be played if one of its halves matches an open place (R3.1)."), *fits]
    )


def check_playable_tiles(layout: Layout | str, hand: Iterable[Tile | str], answer: str) -> Result:
    """Which tiles of ``hand`` can be played on ``layout`` (R2.4, R3.1, R4.3)? A list of tiles.

    Only the tiles that can be played are right: every one of them, and no other.
    """
    table = as_layout(layout)
    tiles = hand_tiles(table, hand)
    expected = [str(t) for t in tiles if table.can_play(t)]
    why = playable_why(table, tiles)
    items = read_items(answer)
    if items is None:
        return malformed(Msg("type an answer first"), ", ".join(expected), why)
    given: dict[str, Tile] = {}
    for item in items:
        try:
            if "@" in item or ":" in item:
                raise NotationError(
                    Msg("{text} is a play or a place, not a tile", {"text": repr(item)})
                )
            tile = as_tile(item)
        except NotationError as err:
            return malformed(
                Msg(
                    "{reason}. Write tiles like [1|2], separated by commas.",
                    {"reason": err.message},
                ),
                ", ".join(expected),
                why,
            )
        given[str(tile)] = tile
    why_extra = {
        k: why_not_playable(table, tiles, t) for k, t in given.items() if k not in expected
    }
    return list_result(
        why,
        expected,
        given,
        why_extra,
        Plural(
            "{n} playable tile is missing",
            "{n} playable tiles are missing",
            sum(1 for k in expected if k not in given),
        ),
    )
