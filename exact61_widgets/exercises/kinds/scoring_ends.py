"""Which scoring ends count now (R5)? A list: free halves as places, end doubles as tiles.

Every wrong end named gets the reason it does not count — an internal double,
a joined half, an unused or started branch, both halves of a tile that is not
a double — and the misconception that reason shows; ends left out are only
counted, with a hint when all of them are blanks or end doubles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.explain import ends_sum
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.ports import SINGLE_PORTS, Place, Port
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.exercises.examples import example_double, example_place
from exact61_widgets.exercises.giveaways import contributions_part
from exact61_widgets.exercises.layout_facts import end_key, neighbour, scoring_ends
from exact61_widgets.exercises.reading import read_end, read_items, word_text
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import (
    Misconception,
    Mistake,
    Reason,
    Result,
    join,
    list_result,
    malformed,
    modelled,
)
from exact61_widgets.i18n import Msg, Plural, check_lang
from exact61_widgets.render import render_svg

INTERNAL_DOUBLE = Misconception(
    "internal-double",
    Msg("A double with both lines filled is internal and adds nothing by itself (R5.2)."),
)
UNUSED_BRANCH = Misconception(
    "unused-branch",
    Msg("An unused branch is an open place, not a scoring end: it adds zero (R5.2)."),
)
STARTED_BRANCH = Misconception(
    "started-branch", Msg("A started branch counts only at its outer end (R5.2).")
)
JOINED_HALF = Misconception(
    "joined-half", Msg("A half that another tile is joined to adds nothing (R5.3).")
)
BOTH_HALVES = Misconception(
    "both-halves",
    Msg("A tile that is not a double counts only its free half, never both halves (R5.3)."),
)
BLANK_FORGOTTEN = Misconception(
    "blank-forgotten", Msg("A blank end counts too: it is a scoring end that adds 0 (R5.4).")
)
END_DOUBLE_FORGOTTEN = Misconception(
    "end-double-forgotten",
    Msg("A double with at most one line filled is an end double and counts (R5.1)."),
)
MISCONCEPTIONS = (
    INTERNAL_DOUBLE,
    UNUSED_BRANCH,
    STARTED_BRANCH,
    JOINED_HALF,
    BOTH_HALVES,
    BLANK_FORGOTTEN,
    END_DOUBLE_FORGOTTEN,
)


def why_counts(table: Layout, c: Contribution) -> Msg:
    """Why a scoring end counts, and how much."""
    if c.port is None:
        if len(table.taken(c.tile)) == 1:
            return Msg(
                "an end double: one line filled is still at most one, so it counts both "
                "halves, {value} (R5.1)",
                {"value": c.value},
            )
        return Msg("an end double: it counts both halves, {value} (R5.1)", {"value": c.value})
    if c.value == 0:
        return Msg("it shows 0: a zero end still counts, adding 0 (R5.4)")
    if len(table) == 1:
        return Msg("the opening tile alone counts both halves (R5.3)")
    return Msg("a free half worth {value} (R5.3)", {"value": c.value})


def why_not_counted(table: Layout, place: Place | None, tile: Tile) -> Reason:
    """Why an end the learner named does not count, and the misconception it shows."""
    if tile not in table:
        return Reason(Msg("{tile} is not on the table", {"tile": str(tile)}))
    if place is None and not tile.is_double:
        free = [
            p for p in (Place(tile, port) for port in SINGLE_PORTS) if neighbour(table, p) is None
        ]
        if not free:
            return Reason(
                Msg("{tile} is joined at both halves: it adds nothing (R5.3)", {"tile": str(tile)}),
                JOINED_HALF,
            )
        if len(free) == 2:  # the opening tile alone: both halves count, each an end
            return Reason(
                Msg(
                    "{tile} is not a double: name each of its ends by its half, with :low or :high",
                    {"tile": str(tile)},
                )
            )
        return Reason(
            Msg(
                "{tile} is not a double: only its free half counts, not both halves; name "
                "that half with :low or :high (R5.3)",
                {"tile": str(tile)},
            ),
            BOTH_HALVES,
        )
    if place is None:  # a double named by its tile or a line, and it is not an end double
        return Reason(
            Msg(
                "an internal double: both its lines are filled, so it adds nothing by itself (R5.2)"
            ),
            INTERNAL_DOUBLE,
        )
    other = neighbour(table, place)
    if other is not None and tile.is_double and not place.port.is_branch:
        return Reason(
            taken_line(table, place, other),
            END_DOUBLE_FORGOTTEN if table.is_end_double(tile) else INTERNAL_DOUBLE,
        )
    if other is not None and place.port.is_branch:
        return Reason(
            Msg(
                "{child} is joined to this branch: only the outer end of a started branch "
                "counts (R5.2)",
                {"child": str(other)},
            ),
            STARTED_BRANCH,
        )
    if other is not None:
        return Reason(
            Msg(
                "{child} is joined to it: a joined half adds nothing (R5.3)", {"child": str(other)}
            ),
            JOINED_HALF,
        )
    if table.is_end_double(tile):
        return Reason(
            Msg("{tile} is an end double: name it by its tile, {tile} (R5.1)", {"tile": str(tile)})
        )
    return Reason(
        Msg("an open place, not a scoring end: an unused branch adds zero (R5.2)"), UNUSED_BRANCH
    )


def taken_line(table: Layout, place: Place, other: Tile) -> Msg:
    """Why a double's taken line is no scoring end: it is taken, and the double counts (or
    not) as a whole — an end double both its halves from its one filled line (R5.1)."""
    if table.is_end_double(place.tile):
        return Msg(
            "{place} is taken: {child} is joined there. An end double counts both its halves, "
            "from its one filled line: name it by its tile, {tile} (R5.1)",
            {"place": str(place), "child": str(other), "tile": str(place.tile)},
        )
    return Msg(
        "{place} is taken: {child} is joined there, and with both lines filled the double is "
        "internal: it adds nothing by itself (R5.2)",
        {"place": str(place), "child": str(other)},
    )


def silent_tiles(table: Layout) -> list[Tile]:
    """The tiles a learner may think count but add nothing: internal doubles, and other
    tiles joined at both halves (in a layout of more than one tile)."""
    counted = {c.tile for c in table.contributions()}
    return sorted(
        (t for t in table.tiles if t not in counted and len(table) > 1),
        key=lambda t: t.index,
    )


def why_silent(table: Layout, tile: Tile) -> Msg:
    """Why a tile on the table adds nothing to the sum."""
    if tile.is_double:
        return Msg(
            "an internal double: both its lines are filled, so it adds nothing by itself (R5.2)"
        )
    return Msg("joined at both halves, it adds nothing (R5.3)")


def _missing_hint(missing: Iterable[Contribution]) -> Misconception | None:
    """The one sort all the ends left out are of (blanks, end doubles), if they are of one."""
    sorts = {
        END_DOUBLE_FORGOTTEN if c.port is None else BLANK_FORGOTTEN if c.value == 0 else None
        for c in missing
    }
    return sorts.pop() if len(sorts) == 1 else None


def modelled_ends(table: Layout) -> list[tuple[Misconception, str]]:
    """The list each misconception of the kind leads to on ``table``: internal doubles,
    unused or started branches, the joined halves of the tiles at the ends, or those tiles'
    both halves named too; or the blank ends or the end doubles left out."""
    ends = scoring_ends(table)
    keys = [end_key(c) for c in ends]
    branches = [Place(d, p) for d in table.spinners for p in (Port.BRANCH_A, Port.BRANCH_B)]
    outer = [c.tile for c in ends if c.port is not None and len(table) > 1]
    joined = [
        str(Place(t, p)) for t in outer for p in SINGLE_PORTS if neighbour(table, Place(t, p))
    ]

    def text(items: Iterable[str]) -> str:
        return ", ".join(dict.fromkeys(items)) or "none"

    return [
        (INTERNAL_DOUBLE, text([*keys, *(str(d) for d in silent_tiles(table) if d.is_double)])),
        (
            UNUSED_BRANCH,
            text(
                [
                    *keys,
                    *(
                        str(b)
                        for b in branches
                        if neighbour(table, b) is None and not table.is_end_double(b.tile)
                    ),
                ]
            ),
        ),
        (STARTED_BRANCH, text([*keys, *(str(b) for b in branches if neighbour(table, b))])),
        (JOINED_HALF, text([*keys, *joined])),
        (BOTH_HALVES, text([*keys, *(str(t) for t in outer if not t.is_double)])),
        (BLANK_FORGOTTEN, text(end_key(c) for c in ends if c.port is None or c.value)),
        (END_DOUBLE_FORGOTTEN, text(end_key(c) for c in ends if c.port is not None)),
    ]


def _sentences(items: Iterable[tuple[str, Msg]]) -> list[Msg | str]:
    return [Msg("{item}: {reason}.", {"item": k, "reason": why}) for k, why in items]


def _examples(table: Layout) -> dict[str, str]:
    return {"half": example_place(table.tiles), "double": example_double(table.tiles)}


def _check_scoring_ends(layout: Layout | str, answer: str) -> Result:
    """Which scoring ends count now (R5)? Answer: ``[3|4]:low`` for a half, ``[1|1]`` a double."""
    table = as_layout(layout)
    ends = scoring_ends(table)
    expected = [end_key(c) for c in ends]
    right = join(
        [
            Msg(
                "The scoring ends are {ends}: {sum}.",
                {
                    "ends": ", ".join(expected) or Msg("none"),
                    "sum": ends_sum([c.value for c in ends]),
                },
            ),
            *_sentences((end_key(c), why_counts(table, c)) for c in ends),
            *_sentences((str(t), why_silent(table, t)) for t in silent_tiles(table)),
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
                    "{reason}. Write free halves like {half} and end doubles "
                    "as their tile, like {double}, separated by commas.",
                    {"reason": err.message, **_examples(table)},
                ),
                ", ".join(expected),
                right,
            )
        if (
            place is not None
            and tile.is_double
            and not place.port.is_branch
            and (tile not in table or neighbour(table, place) is None)
        ):
            key, place = str(tile), None  # a free line names the double itself
        given[key] = (place, tile)
    why_extra = {
        k: why_not_counted(table, p, t) for k, (p, t) in given.items() if k not in expected
    }
    missing = [c for c in ends if end_key(c) not in given]
    return list_result(
        right,
        expected,
        given,
        why_extra,
        Plural("{n} scoring end is missing", "{n} scoring ends are missing", len(missing)),
        _missing_hint(missing),
    )


@dataclass(frozen=True)
class ScoringEnds(Task):
    """Which scoring ends count on ``layout`` (R5)?"""

    #: The layout in notation.
    layout: str
    kind: ClassVar[str] = "scoring_ends"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "Which scoring ends count now? List free halves like {half} and end "
            "doubles as their tile, like {double}.",
            _examples(Layout.parse(self.layout)),
        )

    def answer_form(self) -> Msg:
        """Ends separated by commas."""
        return Msg(
            "ends such as {half} or {double}, separated by commas",
            _examples(Layout.parse(self.layout)),
        )

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_scoring_ends`` reaches it."""
        return _check_scoring_ends(self.layout, answer)

    def answer(self, lang: str | None = None) -> str:
        """The scoring ends, in notation."""
        ends = [end_key(c) for c in scoring_ends(Layout.parse(self.layout))]
        return ", ".join(ends) if ends else word_text("none", lang)

    def mistakes(self) -> list[Mistake]:
        """The wrong lists the kind's misconceptions lead to here (:func:`modelled_ends`)."""
        return modelled(self.check, modelled_ends(Layout.parse(self.layout)))

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The layout with its scoring ends marked and summed."""
        return str(render_svg(self.layout, lang=lang, id_prefix=id_prefix))

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The description's "Scoring contributions: …" part, the ends listed."""
        table = Layout.parse(self.layout)
        ends = scoring_ends(table)
        found = [contributions_part(table, check_lang(lang))]
        if ends:
            found.append(", ".join(end_key(c) for c in ends))
            found.append("; ".join(f"{end_key(c)} = {c.value}" for c in ends))
        return tuple(found)
