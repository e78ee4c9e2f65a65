"""Walkthrough 1: spinner branching (R4) — a double, its two lines, then its branches.

Each placement of the layout is a step; after the placement that fills a
spinner's second line comes a step where its branches open; the last step tries
a branch too early and shows the refusal (the position does not change). Every
picture marks the scoring ends with their values, so the learner sees a spinner
count both halves while it is an end and nothing once both lines are filled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from exact61_widgets.engine.actions import Play, parse_action
from exact61_widgets.engine.layout import Layout, Placement
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.ports import PORT_LABELS, Place, Port
from exact61_widgets.engine.tiles import TILES
from exact61_widgets.exercises.layout_facts import BRANCH_TOO_EARLY
from exact61_widgets.i18n import Msg
from exact61_widgets.render.descriptions import describe
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.ready_positions import SPINNER_LAYOUT
from exact61_widgets.widgets.figures import Figure, LayoutSpec
from exact61_widgets.widgets.walkthroughs.base import Lines, Said, Step, Walkthrough
from exact61_widgets.widgets.walkthroughs.scoring import scoring_question


def _port(port: Port) -> Msg:
    return Msg(PORT_LABELS[port])


def _branches(tile: object) -> tuple[str, ...]:
    return (f"{tile}:branchA", f"{tile}:branchB")


def placement_caption(layout: Layout, placement: Placement) -> Msg | Lines:
    """What a placement did to the spinners, with its rule; ``layout`` is after it."""
    tile, at = placement.tile, placement.at
    if at is None:
        if tile.is_double:
            return Lines(
                (
                    Msg(
                        "{tile} opens the layout. Like every double it is a spinner, with four "
                        "places: line A, line B, branch A and branch B (R4.2).",
                        {"tile": str(tile)},
                    ),
                    Msg("An opening double has both lines open (D1)."),
                )
            )
        return Msg(
            "{tile} opens the layout: the leader may open with any tile (R2.4).",
            {"tile": str(tile)},
        )
    if tile.is_double:
        return Lines(
            (
                Msg(
                    "{tile} joins {place}; like every double it is a spinner too (R4.1).",
                    {"tile": str(tile), "place": str(at)},
                ),
                Msg(
                    "A double joins by its line A, so line A is filled and line B continues "
                    "straight (D1)."
                ),
                Msg("Its branches stay closed until both lines are filled (R4.3)."),
            )
        )
    anchor = at.tile
    if anchor.is_double and at.port.is_line:
        if not layout.is_end_double(anchor):
            return Msg(
                "{tile} fills {line} of {spinner}: both lines of {spinner} are now filled (R4.3).",
                {"tile": str(tile), "line": _port(at.port), "spinner": str(anchor)},
            )
        return Msg(
            "{tile} fills {line} of {spinner}; its branches stay closed until both "
            "lines are filled (R4.3).",
            {"tile": str(tile), "line": _port(at.port), "spinner": str(anchor)},
        )
    if at.port.is_branch:
        return Lines(
            (
                Msg(
                    "{tile} starts {branch} of {spinner}, allowed because both lines are filled "
                    "(R4.3).",
                    {"tile": str(tile), "branch": _port(at.port), "spinner": str(anchor)},
                ),
                Msg("The outer end of the branch now counts (R5.2)."),
            )
        )
    return Msg(
        "{tile} joins {place}: its half {number} matches (R3.1).",
        {"tile": str(tile), "place": str(at), "number": at.number},
    )


def is_early_branch(layout: Layout, play: Play) -> bool:
    """Whether ``play`` starts a branch of a spinner whose lines are not both filled."""
    at = play.at
    return (
        at is not None
        and at.port.is_branch
        and at.tile in layout
        and layout.is_end_double(at.tile)
        and play.tile not in layout
        and play.tile.has(at.number)
    )


def find_early_branch(layout: Layout) -> Play | None:
    """A branch play refused because the spinner's lines are not both filled, if any."""
    for spinner in layout.spinners:
        if not layout.is_end_double(spinner):
            continue
        for tile in TILES:
            if tile not in layout and tile.has(spinner.low):
                return Play(tile, Place(spinner, Port.BRANCH_A))
    return None


class SpinnerWalkthrough(Walkthrough):
    """Every double is a spinner: lines first, then branches (R4.1–R4.3, D1, R5.2).

    ``layout`` (notation, a :class:`Layout` or a game record — its last table)
    is walked placement by placement; ``early`` is a branch play tried too early
    (notation like ``[2|5]@[5|5]:branchA``; ``"auto"`` finds one, None skips it).

    >>> walk = SpinnerWalkthrough()
    >>> walk.step, len(walk.steps)
    (0, 7)
    >>> walk.next()
    >>> walk.step, walk.caption_text.startswith("[4|4] opens the layout")
    (1, False)
    """

    #: Always ``"spinner"``.
    kind = "spinner"
    #: "Spinner branching".
    title = Msg("Spinner branching")

    def __init__(
        self,
        layout: str | Layout | Mapping[str, Any] = SPINNER_LAYOUT,
        early: str | Play | None = "auto",
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.source_layout = as_layout(layout)
        if early == "auto":
            play = find_early_branch(self.source_layout)
        else:
            action = parse_action(early) if isinstance(early, str) else early
            if action is not None and not isinstance(action, Play):
                raise WidgetError(Msg("the early attempt must be a play like [2|5]@[5|5]:branchA"))
            play = action
        if play is not None and not is_early_branch(self.source_layout, play):
            raise WidgetError(
                Msg(
                    "{play} is not a branch play refused by R4.3 in this layout",
                    {"play": str(play)},
                )
            )
        self.early = play
        super().__init__(
            lang=lang,
            name=name,
            theme=theme,
            content=(str(self.source_layout), None if play is None else str(play)),
        )

    def build_steps(self) -> Sequence[Step]:
        """A step per placement, one where branches open, and the refused early branch."""
        steps: list[Step] = []
        table = Layout()
        for placement in self.source_layout.placements:
            table.push(placement.tile, placement.at)
            text = str(table)
            steps.append(
                Step(
                    (Figure(LayoutSpec(text)),),
                    placement_caption(table, placement),
                    (describe(table, self.lang),),
                    ask=scoring_question(table),
                )
            )
            at = placement.at
            if (
                at is not None
                and at.tile.is_double
                and at.port.is_line
                and not table.is_end_double(at.tile)
            ):
                spinner = at.tile
                steps.append(
                    Step(
                        (Figure(LayoutSpec(text, places=_branches(spinner), last=False)),),
                        Msg(
                            "The branches of {spinner} open: branch A and branch B may now be "
                            "started (R4.3). {spinner} is now internal and adds nothing by itself "
                            "(R5.2).",
                            {"spinner": str(spinner)},
                        ),
                        (describe(table, self.lang),),
                    )
                )
        if self.early is not None:
            play = self.early
            assert play.at is not None
            reason = table.why_illegal(play.tile, play.at)
            assert reason is not None
            tried = LayoutSpec(str(table), tiles=(str(play.at.tile),), last=False, ends=False)
            steps.append(
                Step(
                    (Figure(LayoutSpec(str(table), tiles=(str(play.at.tile),), last=False)),),
                    Msg(
                        "Trying {play}: refused — {reason}. Nothing changes.",
                        {"play": str(play), "reason": reason},
                    ),
                    (describe(table, self.lang),),
                    ask=Step(
                        (Figure(tried),),
                        Msg("Trying {play}: may this tile go there?", {"play": str(play)}),
                        expect=(Said(Msg("yes"), BRANCH_TOO_EARLY),),
                    ),
                )
            )
        return steps
