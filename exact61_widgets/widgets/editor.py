"""The explorer's editor panel: a position typed into fields or clicked together tile by tile.

The fields hold the arguments of ``Match.setup`` (players, layout, hands,
boneyard, scores, player to move); :meth:`PositionEditor.scenario` reads them as
a :class:`~exact61_widgets.engine.scenario.Scenario`. In edit mode a click on
the board moves a tile: from the tray to a hand, the boneyard or the table
(then a place), and back to the tray. A text box takes a pasted game record,
saved scenario or layout notation. The owner (the explorer) draws the board
and decides what Use and Load do.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.scenario import Scenario
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.tiles import TILES, Tile, parse_tile
from exact61_widgets.i18n import Msg, gettext
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.match_status import seat_label
from exact61_widgets.widgets.board import BoardAction
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.figures import Figure, HandSpec, LayoutSpec

Wrap = Callable[[Callable[[], None]], Callable[..., None]]
"""Turns a function into a guarded ipywidgets callback (``Guard.callback``)."""


def _tile_list(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.replace(",", " ").split()]


def _scores(text: str) -> list[int] | None:
    items = text.replace(",", " ").split()
    if not items:
        return None
    try:
        return [int(i) for i in items]
    except ValueError:
        raise WidgetError(
            Msg("scores are whole raw numbers separated by commas, like 0, 25")
        ) from None


class PositionEditor(w.VBox):  # type: ignore[misc]
    """Fields for a set-up position, a target for clicked tiles, Use, and a box to paste into.

    ``wrap`` guards every callback (the owner's ``Guard.callback``); ``changed``
    runs after a field changes or the chosen tile does; ``apply`` and ``load``
    run on the Use and Load buttons.
    """

    def __init__(
        self,
        lang: str,
        *,
        wrap: Wrap,
        changed: Callable[[], None],
        apply: Callable[[], None],
        load: Callable[[], None],
    ) -> None:
        self.lang = lang
        self.selected: Tile | None = None
        self._changed = changed
        self._syncing = False
        self.players_input = w.Dropdown(
            options=[2, 3, 4], value=2, description=gettext("Players", lang)
        )
        self.layout_input = w.Text(
            description=gettext("Layout", lang), placeholder="[1|4] [1|1]@[1|4]:low"
        )
        self.hand_inputs = [
            w.Text(
                description=Msg("Seat {seat}", {"seat": s}).text(lang), placeholder="[1|2] [3|4]"
            )
            for s in range(4)
        ]
        self.boneyard_input = w.Text(
            description=gettext("Boneyard", lang),
            placeholder=gettext("empty: the rest, in tile order", lang),
        )
        self.scores_input = w.Text(description=gettext("Scores (raw)", lang), placeholder="0, 0")
        self.to_move_input = w.Dropdown(
            options=[0, 1], value=0, description=gettext("To move", lang)
        )
        self.target_input = w.ToggleButtons(description=gettext("Clicked tiles go to", lang))
        self.apply_button = button(
            gettext("Use this position", lang), "use-position", button_style="primary"
        )
        self.apply_button.on_click(wrap(apply))
        self.record_input = w.Textarea(
            placeholder=gettext("Paste a game record, set-up JSON or layout notation", lang)
        )
        self.load_button = button(gettext("Load", lang), "load")
        self.load_button.on_click(wrap(load))
        for field in (
            self.players_input,
            self.layout_input,
            *self.hand_inputs,
            self.boneyard_input,
            self.to_move_input,
        ):
            field.observe(wrap(self._field_changed), names="value")
        super().__init__(
            [
                self.players_input,
                self.layout_input,
                *self.hand_inputs,
                self.boneyard_input,
                self.scores_input,
                self.to_move_input,
                self.target_input,
                self.apply_button,
                w.HBox([self.record_input, self.load_button]),
            ]
        )

    # -- the fields ------------------------------------------------------------------------

    def fill(self, scenario: Scenario) -> None:
        """Show ``scenario`` in the fields (an empty boneyard field: the rest, in tile order)."""
        self._syncing = True
        try:
            self.players_input.value = scenario.players
            self.layout_input.value = scenario.layout
            for s, field in enumerate(self.hand_inputs):
                field.value = " ".join(scenario.hands[s]) if s < scenario.players else ""
            rest = Scenario(scenario.players, scenario.layout, scenario.hands)
            bones = scenario.resolved_boneyard()
            self.boneyard_input.value = "" if bones == rest.resolved_boneyard() else " ".join(bones)
            self.scores_input.value = ", ".join(
                str(x) for x in (scenario.scores or seating(scenario.players).zero_scores())
            )
            self.seat_options(scenario.players)
            self.to_move_input.value = scenario.to_move
        finally:
            self._syncing = False

    def seat_options(self, players: int) -> None:
        """Show a hand field per seat, and the seats as choices of mover and click target."""
        self.to_move_input.options = list(range(players))
        for s, field in enumerate(self.hand_inputs):
            field.layout.display = None if s < players else "none"
        self.target_input.options = [
            (gettext("table", self.lang), "table"),
            *[
                (Msg("seat {seat}", {"seat": s}).text(self.lang), f"seat{s}")
                for s in range(players)
            ],
            (gettext("boneyard", self.lang), "boneyard"),
        ]

    def scenario(self) -> Scenario:
        """The position the fields describe (not yet checked for all 28 tiles)."""
        players = int(self.players_input.value)
        boneyard_text = self.boneyard_input.value.strip()
        return Scenario.make(
            players,
            self.layout_input.value.strip(),
            [_tile_list(self.hand_inputs[s].value) for s in range(players)],
            boneyard=_tile_list(boneyard_text) if boneyard_text else None,
            scores=_scores(self.scores_input.value),
            to_move=int(self.to_move_input.value),
        )

    def pasted(self) -> Any:
        """What the paste box holds: parsed JSON (it starts with ``{``), or notation text."""
        text = self.record_input.value.strip()
        if not text.startswith("{"):
            return text
        try:
            return json.loads(text)
        except json.JSONDecodeError as err:
            raise WidgetError(Msg("that is not JSON: {reason}", {"reason": err.msg})) from None

    def _field_changed(self) -> None:
        if self._syncing:
            return
        self.seat_options(int(self.players_input.value))
        self._changed()

    # -- clicks ----------------------------------------------------------------------------

    def click(self, action: BoardAction) -> Msg | None:
        """Move the clicked tile (see the module's text); what to announce, if anything."""
        if not action.activates:
            if action.key == "Escape":
                self.selected = None
                self._changed()
            return None
        draft = self.scenario()
        layout = Layout.parse(draft.layout)
        if action.place is not None:
            if self.selected is None:
                return Msg("Choose a tile of the tray first, then a place.")
            layout.push(self.selected, action.place)
            self.selected = None
            self.layout_input.value = str(layout)
            return None
        assert action.tile is not None
        self._move(action.tile, draft, layout)
        return None

    def _move(self, tile: Tile, draft: Scenario, layout: Layout) -> None:
        """A tile of a hand or the boneyard back to the tray, the last one off the table,
        or a tray tile to the chosen target."""
        text = str(tile)
        hands = [list(h) for h in draft.hands]
        bones = list(draft.boneyard or ())
        for s, hand in enumerate(hands):
            if text in hand:
                hand.remove(text)
                self.hand_inputs[s].value = " ".join(hand)
                return
        if text in bones:
            bones.remove(text)
            self.boneyard_input.value = " ".join(bones)
            return
        if tile in layout:
            last = layout.last
            if last is None or last.tile is not tile:
                raise WidgetError(
                    Msg(
                        "only the last tile put on the table can be taken back ({tile})",
                        {"tile": str(last.tile) if last else "—"},
                    )
                )
            layout.pop()
            self.layout_input.value = str(layout)
            return
        target = self.target_input.value or "table"
        if target == "table":
            self.selected = None if self.selected is tile else tile
            if not layout and self.selected is not None:
                layout.push(tile)
                self.selected = None
                self.layout_input.value = str(layout)
                return
            self._changed()
        elif target == "boneyard":
            self.boneyard_input.value = " ".join([*bones, text])
        else:
            seat = int(target[4:])
            self.hand_inputs[seat].value = " ".join([*hands[seat], text])

    # -- the picture -----------------------------------------------------------------------

    def panels(self, fallback: Layout) -> tuple[Figure, ...]:
        """The table with the places the chosen tile fits, the tray, the hands, the boneyard.

        While the fields do not parse, only ``fallback`` (the last good table) is shown.
        """
        try:
            draft = self.scenario()
            layout = Layout.parse(draft.layout)
        except ValueError:
            return (Figure(LayoutSpec(str(fallback), last=False)),)
        used = {str(t) for t in layout.tiles} | {t for h in draft.hands for t in h}
        used |= set(draft.boneyard or ())
        tray = tuple(str(t) for t in TILES if str(t) not in used)
        chosen: tuple[str, ...] = ()
        places: tuple[str, ...] = ()
        if self.selected is not None:
            chosen = (str(self.selected),)
            places = tuple(str(p) for p in layout.legal_places(self.selected) if p is not None)
        bones = (
            ()
            if draft.boneyard is None
            else (
                Figure(
                    HandSpec(draft.boneyard), "bones", gettext("Boneyard, in draw order", self.lang)
                ),
            )
        )
        return (
            Figure(LayoutSpec(str(layout), places=places, last=False)),
            Figure(HandSpec(tray, chosen), "tray", gettext("Tiles not placed yet", self.lang)),
            *(
                Figure(HandSpec(h), f"hand{s}", seat_label(s, False, self.lang))
                for s, h in enumerate(draft.hands)
            ),
            *bones,
        )
