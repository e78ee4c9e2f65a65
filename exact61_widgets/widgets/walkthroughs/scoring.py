"""Walkthrough 2: end scoring (R5, R6) — every play's scoring ends, their sum, the award.

Each placement is a step that marks every scoring end with its value and says
the sum, the multiple-of-5 test and the award. A learner may try another play
from the step shown, by typing it or by clicking a tile of the tray and a place:
the steps after it are replaced by the new play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from exact61_widgets.engine import explain
from exact61_widgets.engine.actions import Play, parse_action
from exact61_widgets.engine.layout import Contribution, Layout
from exact61_widgets.engine.loader import as_layout
from exact61_widgets.engine.tiles import TILES, Tile
from exact61_widgets.exercises.kinds.play_award import award_mistakes
from exact61_widgets.i18n import Msg, gettext
from exact61_widgets.render.descriptions import describe, raw_points
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.picker import PlayPicker
from exact61_widgets.views.ready_positions import RULES_NINE
from exact61_widgets.widgets.board import BoardAction
from exact61_widgets.widgets.figures import Figure, HandSpec, LayoutSpec
from exact61_widgets.widgets.walkthroughs.base import Lines, Step, Walkthrough, wrong_answers


def end_line(layout: Layout, end: Contribution) -> Msg:
    """One scoring end with its value and the rule that makes it count so."""
    if end.port is None:
        return Msg(
            "{tile}: {value} — an end double counts both halves (R5.1)",
            {"tile": str(end.tile), "value": end.value},
        )
    if end.value == 0:
        return Msg("{tile}: 0 — a zero end counts and adds 0 (R5.4)", {"tile": str(end.tile)})
    if len(layout) == 1:
        return Msg(
            "{tile}: {value} — the opening tile alone counts both halves (R5.3)",
            {"tile": str(end.tile), "value": end.value},
        )
    return Msg("{tile}: {value} — a free half (R5.3)", {"tile": str(end.tile), "value": end.value})


def scoring_step(layout: Layout, lang: str) -> Step:
    """The step after the last placement of ``layout``: its ends, sum, test and award."""
    last = layout.last
    assert last is not None
    ends = layout.contributions()
    caption = Lines(
        (
            *explain.award(layout.end_sum, [e.value for e in ends], str(last)).steps,
            Msg("The play earns {award}.", {"award": raw_points(layout.award, lang)}),
        )
    )
    details: tuple[Msg | str, ...] = (*(end_line(layout, e) for e in ends), describe(layout, lang))
    return Step((Figure(LayoutSpec(str(layout), ends=True)),), caption, details)


def scoring_question(table: Layout, panels: tuple[Figure, ...] = ()) -> Step:
    """The held-back step of the last placement of ``table`` (predict mode): the layout with
    no scoring end marked (or ``panels``), the question what the play earns, and the wrong
    answers to expect."""
    return Step(
        panels or (Figure(LayoutSpec(str(table), ends=False)),),
        Msg("{play}: how many raw points does this play earn?", {"play": str(table.last)}),
        expect=wrong_answers(award_mistakes(table, "raw", None), table.award),
    )


class EndScoringWalkthrough(Walkthrough):
    """The scoring ends of each play, their sum and award (R5, R6), with the learner's own plays.

    ``layout``: notation, a :class:`Layout` or a game record (default: the rules
    text's nine plays). :meth:`try_play` (or the text box, or a click on a tray
    tile and then a place) continues from the step shown with another play.

    >>> walk = EndScoringWalkthrough()
    >>> len(walk.steps), walk.caption_text.startswith("[1|4]: the scoring ends add up to 1 + 4")
    (9, True)
    """

    #: Always ``"scoring"``.
    kind = "scoring"
    #: "End scoring".
    title = Msg("End scoring")
    interactive = True
    kept = (*Walkthrough.kept, "_tables", "picker.selected")

    def __init__(
        self,
        layout: str | Layout | Mapping[str, Any] = RULES_NINE,
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.source_layout = as_layout(layout)
        if not self.source_layout:
            raise WidgetError(Msg("the end-scoring walkthrough needs at least one tile"))
        self.picker = PlayPicker()
        self._tables: list[Layout] = []
        self.play_input = w.Text(
            placeholder="[5|6]@[5|5]:branchA",
            continuous_update=False,
            description=gettext("Your play", lang),
        )
        self.play_button = w.Button(description=gettext("Try", lang))
        super().__init__(lang=lang, name=name, theme=theme, content=(str(self.source_layout),))
        self.play_button.on_click(self.guard.callback(self._typed))
        self.play_input.observe(self.guard.callback(self._typed), names="value")

    def build_steps(self) -> Sequence[Step]:
        """One step per placement of the layout."""
        self._tables = []
        table = Layout()
        for placement in self.source_layout.placements:
            table.push(placement.tile, placement.at)
            self._tables.append(table.copy())
        return [self._step(t) for t in self._tables]

    def _step(self, table: Layout) -> Step:
        step = scoring_step(table, self.lang)
        tray = HandSpec(tuple(str(t) for t in self._tray(table)), self.picker.chosen())
        places = self.picker.targets(table, lambda p: table.why_illegal(p.tile, p.at))
        spec = LayoutSpec(str(table), places=places)
        label = gettext("Tiles you can try", self.lang)
        held = LayoutSpec(str(table), places=places, ends=False)
        ask = scoring_question(table, (Figure(held), Figure(tray, "tray", label)))
        return Step(
            (Figure(spec), Figure(tray, "tray", label)), step.caption, step.details, ask=ask
        )

    @staticmethod
    def _tray(table: Layout) -> list[Tile]:
        return [t for t in TILES if table.can_play(t)]

    def extra_children(self) -> Sequence[Any]:
        """The box for typing a play."""
        return (w.HBox([self.play_input, self.play_button]),)

    @property
    def table(self) -> Layout:
        """The layout of the step shown (a play held back is on it)."""
        return self._tables[self._built_index(self.step)].copy()

    def try_play(self, play: str | Play) -> None:
        """Continue from the step shown with ``play``; later steps are replaced.

        An illegal play raises ``NotationError`` with the reason and changes nothing.
        """
        action = parse_action(play) if isinstance(play, str) else play
        if not isinstance(action, Play):
            raise WidgetError(Msg("type a play like [5|6]@[5|5]:branchA"))
        table = self.table
        table.push(action.tile, action.at)
        at = self._built_index(self.step)
        self._tables = [*self._tables[: at + 1], table]
        self.picker.clear()
        steps = [*self.built_steps[: at + 1], self._step(table)]
        self.replace_steps(steps, len(steps) - 1, held=True)

    def _typed(self) -> None:
        text = self.play_input.value.strip()
        if text:
            self.try_play(text)
            self.play_input.value = ""

    def click(self, action: BoardAction) -> None:
        """A board click or key: a tray tile, then a place, tries that play."""
        if not action.activates:
            if action.key == "Escape":
                self.picker.clear()
                self._redraw_tray()
            return
        table = self._tables[self._built_index(self.step)]
        tiles = self._tray(table)

        def why(play: Play) -> Msg | None:
            return table.why_illegal(play.tile, play.at)

        if action.place is not None:
            outcome = self.picker.click_place(action.place, tiles=tiles, layout=table, why=why)
        else:
            assert action.tile is not None
            outcome = self.picker.click_tile(action.tile, tiles=tiles, layout=table, why=why)
        if outcome.play is not None:
            self.try_play(outcome.play)
            return
        self._redraw_tray()
        if outcome.message is not None:
            self.board.announcement = outcome.message.text(self.lang)

    def _redraw_tray(self) -> None:
        """Draw the step shown again with the tray's choice (the same step, held back or not)."""
        at = self._built_index(self.step)
        held = self._steps[self.step].role == "play"
        steps = list(self.built_steps)
        steps[at] = self._step(self._tables[at])
        self.replace_steps(steps, at, held=held)
