"""Which places are open now (R3.1, R4.2–R4.4, D1)? A list of places.

Every wrong place named gets the reason it is not open (taken, or a branch of
a spinner whose lines are not both filled); places left out are only counted,
and when all of them are of one sort (the branches of a filled spinner, a free
line) the hint names that sort, never the places.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from exact61_widgets.engine.errors import NotationError
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.ports import PORT_LABELS, Place, Port
from exact61_widgets.exercises.examples import example_double, example_place
from exact61_widgets.exercises.giveaways import open_places_part
from exact61_widgets.exercises.layout_facts import BRANCH_TOO_EARLY, neighbour
from exact61_widgets.exercises.reading import read_items, read_place, word_text
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

TAKEN_PLACE = Misconception(
    "taken-place", Msg("A place where a tile is already joined is taken, not open (R3.1).")
)
BRANCHES_FORGOTTEN = Misconception(
    "branches-forgotten",
    Msg("Once both lines of a spinner are filled, its two branches are open places (R4.3)."),
)
FREE_LINE_FORGOTTEN = Misconception(
    "free-line-forgotten", Msg("A free line of a spinner is an open place too (R4.2).")
)
END_FORGOTTEN = Misconception(
    "free-half-forgotten",
    Msg("The free half of a tile at the end of a line is an open place (R3.1)."),
)
MISCONCEPTIONS = (
    BRANCH_TOO_EARLY,
    TAKEN_PLACE,
    BRANCHES_FORGOTTEN,
    FREE_LINE_FORGOTTEN,
    END_FORGOTTEN,
)


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


def why_closed(table: Layout, place: Place) -> Reason:
    """Why a place the learner named is not open, and the misconception it shows."""
    tile = place.tile
    if tile not in table:
        return Reason(Msg("{tile} is not on the table", {"tile": str(tile)}))
    other = neighbour(table, place)
    if other is not None:
        return Reason(
            Msg(
                "{place} is taken: {child} is joined there",
                {"place": str(place), "child": str(other)},
            ),
            TAKEN_PLACE,
        )
    if place.port.is_branch:
        return Reason(
            Msg(
                "the branches of {tile} open only after both its lines are filled (R4.3)",
                {"tile": str(tile)},
            ),
            BRANCH_TOO_EARLY,
        )
    return Reason(Msg("{place} is not open", {"place": str(place)}))  # pragma: no cover


def _missing_hint(missing: Iterable[Place]) -> Misconception | None:
    """The one sort all the places left out are of, if they are of one."""
    sorts = {
        BRANCHES_FORGOTTEN
        if p.port.is_branch
        else FREE_LINE_FORGOTTEN
        if p.tile.is_double
        else END_FORGOTTEN
        for p in missing
    }
    return sorts.pop() if len(sorts) == 1 else None


def places_text(places: Iterable[Place]) -> str:
    """Places as an answer lists them: in the engine's order, or ``none``."""
    ordered = sorted(set(places), key=lambda p: p.code)
    return ", ".join(str(p) for p in ordered) if ordered else "none"


def modelled_places(table: Layout) -> list[tuple[Misconception, str]]:
    """The list each misconception of the kind leads to on ``table``: a spinner's branches
    named before its lines are filled, the taken places of the tiles that still have an open
    one named too, or the open branches, free lines or free halves left out."""
    places = table.open_places()
    ports = {True: (Port.LINE_A, Port.LINE_B, Port.BRANCH_A, Port.BRANCH_B)}
    at_ends = {p.tile for p in places}
    joined = [
        Place(t, port)
        for t in at_ends
        for port in ports.get(t.is_double, (Port.LOW, Port.HIGH))
        if neighbour(table, Place(t, port)) is not None
    ]
    early = [
        Place(d, port)
        for d in table.spinners
        for port in (Port.BRANCH_A, Port.BRANCH_B)
        if Place(d, port) not in places and neighbour(table, Place(d, port)) is None
    ]
    return [
        (BRANCH_TOO_EARLY, places_text([*places, *early])),
        (TAKEN_PLACE, places_text([*places, *joined])),
        (BRANCHES_FORGOTTEN, places_text(p for p in places if not p.port.is_branch)),
        (
            FREE_LINE_FORGOTTEN,
            places_text(p for p in places if not (p.tile.is_double and p.port.is_line)),
        ),
        (END_FORGOTTEN, places_text(p for p in places if p.tile.is_double)),
    ]


def _sentences(items: Iterable[tuple[str, Msg]]) -> list[Msg | str]:
    return [Msg("{item}: {reason}.", {"item": k, "reason": why}) for k, why in items]


def _examples(table: Layout) -> dict[str, str]:
    return {
        "place": example_place(table.tiles),
        "branch": f"{example_double(table.tiles)}:branchA",
    }


def _check_open_places(layout: Layout | str, answer: str) -> Result:
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
                    "{reason}. Write places like {place} or {branch}, separated by commas.",
                    {"reason": err.message, **_examples(table)},
                ),
                ", ".join(expected),
                right,
            )
        given[str(place)] = place
    why_extra = {k: why_closed(table, p) for k, p in given.items() if k not in expected}
    missing = [p for p in places if str(p) not in given]
    return list_result(
        right,
        expected,
        given,
        why_extra,
        Plural("{n} open place is missing", "{n} open places are missing", len(missing)),
        _missing_hint(missing),
    )


@dataclass(frozen=True)
class OpenPlaces(Task):
    """Which places are open on ``layout`` (R3.1, R4)?"""

    #: The layout in notation.
    layout: str
    kind: ClassVar[str] = "open_places"
    misconceptions: ClassVar[tuple[Misconception, ...]] = MISCONCEPTIONS

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", str(Layout.parse(str(self.layout))))

    def question(self) -> Msg:
        """The question."""
        return Msg(
            "Which places are open now? List them like {place}, {branch}, separated by commas.",
            _examples(Layout.parse(self.layout)),
        )

    def answer_form(self) -> Msg:
        """Places separated by commas."""
        return Msg(
            "places such as {place}, separated by commas",
            {"place": _examples(Layout.parse(self.layout))["place"]},
        )

    def check(self, answer: str) -> Result:
        """The verdict on ``answer``: this module's ``_check_open_places`` reaches it."""
        return _check_open_places(self.layout, answer)

    def answer(self, lang: str | None = None) -> str:
        """The open places, in notation."""
        places = [str(p) for p in Layout.parse(self.layout).open_places()]
        return ", ".join(places) if places else word_text("none", lang)

    def mistakes(self) -> list[Mistake]:
        """The wrong lists the kind's misconceptions lead to here (:func:`modelled_places`)."""
        return modelled(self.check, modelled_places(Layout.parse(self.layout)))

    def picture(self, id_prefix: str, lang: str | None = None) -> str:
        """The layout with its open places marked."""
        return str(
            render_svg(self.layout, ends=False, caption=False, lang=lang, id_prefix=id_prefix)
        )

    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """The description's "Open places: …" part, the places in notation."""
        table = Layout.parse(self.layout)
        found = [open_places_part(table, check_lang(lang))]
        if table.open_places():
            found.append(", ".join(str(p) for p in table.open_places()))
        return tuple(found)
