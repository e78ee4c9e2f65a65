"""The position explorer: build a hypothetical position, see every legal move, play, undo.

A position comes from a :class:`Scenario` (the ``Match.setup`` arguments), a
game record, layout notation, or the editor (by typing or clicking tiles into
the layout, the hands and the boneyard). In play mode every legal move is
listed with its award and the target check's verdict; a click on the board (a
tile of the mover's hand, then a place) or the move list plays it; undo and
redo walk the history. Export gives the layout notation and a game record — or,
for a set-up position, which record v1 cannot hold, the set-up arguments as JSON.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.actions import Action, parse_action
from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.record import to_record
from exact61_widgets.engine.tiles import TILES, Tile, parse_tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.widgets.board import Board, BoardAction
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.errors import WidgetError
from exact61_widgets.widgets.guard import Guard
from exact61_widgets.widgets.history import (
    Item,
    can_undo,
    item_text,
    parse_items,
    redo_one,
    rewind,
    undo_one,
)
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix
from exact61_widgets.widgets.moveline import MoveLine
from exact61_widgets.widgets.moves import MoveInfo, action_text, analyze, moves_html
from exact61_widgets.widgets.owner import BoardOwner
from exact61_widgets.widgets.picker import PlayPicker
from exact61_widgets.widgets.pictures import HandSpec, LayoutSpec, Panel
from exact61_widgets.widgets.scenarios import Scenario
from exact61_widgets.widgets.solution import solution_html
from exact61_widgets.widgets.texts import scores_text, seat_label, status_text

#: The explorer's first position: the README's layout, two hands, the rest in the boneyard.
EXPLORER_DEFAULT = Scenario.make(
    2, "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB",
    [["[0|3]", "[1|2]", "[1|5]", "[4|6]"], ["[0|0]", "[2|2]", "[3|3]", "[5|6]"]])

Source = Scenario | Match | Mapping[str, Any] | str | Layout


@dataclass(frozen=True)
class Export:
    """A position written out: layout notation, and a record or the set-up arguments.

    ``record`` is a game record v1 when the match was dealt; a set-up position
    has none (``to_record`` raises ``SetupError``), so ``setup`` holds the
    ``Match.setup`` arguments and the actions played since, and ``note`` says so.
    """

    notation: str
    record: dict[str, Any] | None
    setup: dict[str, Any] | None
    note: Msg | None

    def text(self, lang: str | None = None) -> str:
        """What the export box shows: the notation, then the JSON."""
        data = self.record if self.record is not None else self.setup
        label = gettext("Layout notation", lang)
        kind = (gettext("Game record v1", lang) if self.record is not None else
                gettext("Set-up arguments and actions (JSON)", lang))
        return f"{label}:\n{self.notation}\n\n{kind}:\n{pretty_json(data)}"


def pretty_json(data: object, indent: str = "") -> str:
    """JSON indented by level, with lists of plain values (tiles, scores) on one line."""
    inner = indent + " "
    if isinstance(data, dict) and data:
        items = ",\n".join(f"{inner}{json.dumps(k)}: {pretty_json(v, inner)}"
                           for k, v in data.items())
        return f"{{\n{items}\n{indent}}}"
    if isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data):
        items = ",\n".join(f"{inner}{pretty_json(v, inner)}" for v in data)
        return f"[\n{items}\n{indent}]"
    return json.dumps(data, ensure_ascii=False)


def _tile_list(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.replace(",", " ").split()]


def _scores(text: str) -> list[int] | None:
    items = text.replace(",", " ").split()
    if not items:
        return None
    try:
        return [int(i) for i in items]
    except ValueError:
        raise WidgetError(Msg("scores are whole raw numbers separated by commas, like 0, 25"
                              )) from None


def from_notation(layout: Layout, players: int = 2) -> Scenario:
    """A position around a layout: the free tiles dealt 5 each in tile order, the rest bones."""
    free = [t for t in TILES if t not in layout]
    hands = [free[s * 5:(s + 1) * 5] for s in range(players)]
    return Scenario.make(players, layout, hands)


class PositionExplorer(BoardOwner, StaticPicture, w.VBox):  # type: ignore[misc]
    """Build a position, list every legal move with its award and verdict, play, undo, export.

    ``source``: a :class:`Scenario` (default :data:`EXPLORER_DEFAULT`), a
    :class:`Match`, a game record or set-up JSON (a dict), or layout notation.
    Key methods: :meth:`load`, :meth:`set_up`, :meth:`play`, :meth:`undo`,
    :meth:`redo`, :meth:`moves`, :meth:`export`, :meth:`apply_editor`; the board
    takes clicks (a tile of the mover's hand, then a place). ``theme`` is the
    pictures' palette: ``"auto"`` (follow the page), ``"light"`` or ``"dark"``.
    """

    def __init__(self, source: Source | None = None, *, lang: str | None = None,
                 name: str | None = None, theme: str = "auto") -> None:
        self.lang = check_lang(lang)
        start = EXPLORER_DEFAULT if source is None else source
        self.prefix = id_prefix("explorer", _content(start), self.lang, name=name)
        self.match = Match(2, deal=False)
        self._redo: list[Item] = []
        self.picker = PlayPicker()
        self.edit_selected: Tile | None = None
        self.mode = "play"
        lang = self.lang
        self.board = Board(lang=lang, name=self.prefix, theme=theme)
        self.board.interactive = True
        self.guard = Guard(self._show_error, lang, self._snapshot, self._restore)
        self.board.on_action(self._guarded_click)
        self.board.on_theme(self.refresh)
        cb = self.guard.callback
        # play mode
        self.mode_buttons = w.ToggleButtons(options=[(gettext("Play", lang), "play"),
                                                     (gettext("Edit", lang), "edit")],
                                            value="play")
        self.mode_buttons.add_class("exact61-mode")
        self.mode_buttons.observe(cb(lambda: self.set_mode(self.mode_buttons.value)),
                                  names="value")
        self.status = w.HTML()
        self.status.add_class("exact61-status")
        self.moves_table = w.HTML()
        self.moves_table.add_class("exact61-moves")
        self.exact_table = w.HTML()  # the exact values: every tile is known here
        self.exact_table.add_class("exact61-exact")
        self.move_select = w.Dropdown(options=[], description=gettext("Move", lang))
        self.play_button = button(gettext("Play move", lang), "play-move")
        self.play_button.on_click(cb(self._play_selected))
        self.undo_button = button(gettext("Undo", lang), "undo", icon="undo")
        self.undo_button.on_click(cb(self.undo))
        self.redo_button = button(gettext("Redo", lang), "redo", icon="repeat")
        self.redo_button.on_click(cb(self.redo))
        self.deal_button = button(gettext("Deal next hand", lang), "deal")
        self.deal_button.on_click(cb(self.deal))
        self.move_line = MoveLine(self, lang=lang)
        self.play_box = w.VBox([
            self.move_line,
            w.HBox([self.move_select, self.play_button]),
            w.HBox([self.undo_button, self.redo_button, self.deal_button]),
            self.moves_table, self.exact_table])
        # editor
        self.players_input = w.Dropdown(options=[2, 3, 4], value=2,
                                        description=gettext("Players", lang))
        self.layout_input = w.Text(description=gettext("Layout", lang),
                                   placeholder="[1|4] [1|1]@[1|4]:low")
        self.hand_inputs = [w.Text(description=Msg("Seat {seat}", {"seat": s}).text(lang),
                                   placeholder="[1|2] [3|4]") for s in range(4)]
        self.boneyard_input = w.Text(description=gettext("Boneyard", lang),
                                     placeholder=gettext("empty: the rest, in tile order", lang))
        self.scores_input = w.Text(description=gettext("Scores (raw)", lang), placeholder="0, 0")
        self.to_move_input = w.Dropdown(options=[0, 1], value=0,
                                        description=gettext("To move", lang))
        self.target_input = w.ToggleButtons(description=gettext("Clicked tiles go to", lang))
        self.apply_button = button(gettext("Use this position", lang), "use-position",
                                   button_style="primary")
        self.apply_button.on_click(cb(self.apply_editor))
        self.record_input = w.Textarea(placeholder=gettext(
            "Paste a game record, set-up JSON or layout notation", lang))
        self.load_button = button(gettext("Load", lang), "load")
        self.load_button.on_click(cb(self._load_pasted))
        for field in (self.players_input, self.layout_input, *self.hand_inputs,
                      self.boneyard_input, self.to_move_input):
            field.observe(cb(self._editor_changed), names="value")
        self.edit_box = w.VBox([self.players_input, self.layout_input, *self.hand_inputs,
                                self.boneyard_input, self.scores_input, self.to_move_input,
                                self.target_input, self.apply_button,
                                w.HBox([self.record_input, self.load_button])])
        # export
        self.export_button = button(gettext("Export", lang), "export", icon="download")
        self.export_button.on_click(cb(self._show_export))
        self.export_note = w.HTML()
        self.export_output = w.Textarea(layout=w.Layout(width="100%", height="8em"))
        self.export_box = w.VBox([self.export_button, self.export_note, self.export_output])
        super().__init__([self.mode_buttons, self.status, self.board, self.play_box,
                          self.edit_box, self.export_box])
        self.add_class("exact61-explorer")
        self._syncing = False
        self.load(start)

    # -- loading ---------------------------------------------------------------------------

    def load(self, source: Source) -> None:
        """Show a new position: a scenario, a match (copied), a record, set-up JSON or notation."""
        scenario: Scenario | None = None
        actions: list[Item] = []
        note = ""
        if isinstance(source, Scenario):
            scenario = source
        elif isinstance(source, Match):
            match = source.copy()
        elif isinstance(source, (str, Layout)):
            layout = source if isinstance(source, Layout) else Layout.parse(source)
            scenario = from_notation(layout)
            note = gettext("The hands were dealt from the free tiles in tile order: change "
                           "them in Edit mode.", self.lang)
        elif isinstance(source, Mapping) and "setup" in source:
            scenario = Scenario.from_json(source["setup"])
            actions = parse_items(source.get("actions", ()))
        elif isinstance(source, Mapping) and "format" in source:
            from exact61_widgets.engine.record import load_record

            match = load_record(source)
        elif isinstance(source, Mapping):
            scenario = Scenario.from_json(source)
        else:
            raise WidgetError(Msg("the explorer loads a Scenario, a Match, a game record, "
                                  "set-up JSON or layout notation, not {kind}",
                                  {"kind": type(source).__name__}))
        if scenario is not None:
            match = scenario.match()
            for item in actions:
                redo_one(match, item)
        self.match = match
        self._redo = []
        self.picker.clear()
        self.edit_selected = None
        self._seat_options(match.players)
        self._fill_editor(Scenario.from_match(self.match) if match.status == "playing"
                          else scenario)
        self.refresh()
        self.board.announcement = note

    def set_up(self, players: int, layout: str | Layout, hands: Sequence[Sequence[Tile | str]],
               *, boneyard: Sequence[Tile | str] | None = None,
               scores: Sequence[int] | None = None, to_move: int = 0,
               leader: int | None = None) -> None:
        """Show a position given as the arguments of ``Match.setup`` (boneyard: default rest)."""
        self.load(Scenario.make(players, layout, hands, boneyard=boneyard, scores=scores,
                                to_move=to_move, leader=leader))

    def _load_pasted(self) -> None:
        text = self.record_input.value.strip()
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as err:
                raise WidgetError(Msg("that is not JSON: {reason}", {"reason": err.msg})
                                  ) from None
            self.load(data)
        else:
            self.load(text)
        self.set_mode("play")

    # -- playing ---------------------------------------------------------------------------

    def moves(self) -> list[MoveInfo]:
        """Every legal move now, with its end sum, award, verdict and score change."""
        return analyze(self.match)

    def play(self, action: Action | str) -> None:
        """Make a move (notation, ``draw``, ``pass``); illegal ones raise and change nothing."""
        chosen = parse_action(action) if isinstance(action, str) else action
        events = self.match.push(chosen)
        self._redo = []
        self.picker.clear()
        self.refresh()
        self.board.announcement = " ".join(e.explain(self.lang) for e in events)

    def undo(self) -> None:
        """Take back the last action (or deal); it can be redone."""
        self._redo.append(undo_one(self.match))
        self.picker.clear()
        self.refresh()
        self.board.announcement = gettext("Undone.", self.lang)

    def redo(self) -> None:
        """Do again what was last undone."""
        if not self._redo:
            raise WidgetError(Msg("there is nothing to redo"))
        item = self._redo.pop()
        events = redo_one(self.match, item)
        text = " ".join(e.explain(self.lang) for e in events) or Msg(
            "Hand {n} dealt.", {"n": self.match.hand_number}).text(self.lang)
        self.refresh()
        self.board.announcement = text

    @property
    def can_undo(self) -> bool:
        """Whether an action (or a deal after the first) can be taken back."""
        return can_undo(self.match)

    @property
    def can_redo(self) -> bool:
        """Whether something undone can be done again."""
        return bool(self._redo)

    def deal(self) -> None:
        """Deal the next hand after the current one ended (the match's own shuffle)."""
        self.match.deal()
        self._redo = []
        self.refresh()
        self.board.announcement = Msg("Hand {n} dealt.", {"n": self.match.hand_number}
                                      ).text(self.lang)

    def _play_selected(self) -> None:
        value = self.move_select.value
        if value is None:
            raise WidgetError(Msg("there is no move to play"))
        self.play(value)

    def click(self, action: BoardAction) -> None:
        """Handle a board click or key (see :mod:`.board`): play or edit, never both."""
        if self.mode == "edit":
            self._edit_click(action)
            return
        super().click(action)

    def _clickable_tiles(self) -> list[Tile] | None:
        match = self.match
        if match.status != "playing":
            self.board.announcement = status_text(match, self.lang)
            return None
        return list(match.hand(match.to_move))

    # -- editing ---------------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """``"play"`` (moves, undo) or ``"edit"`` (build a position by typing or clicking)."""
        if mode not in ("play", "edit"):
            raise WidgetError(Msg("the mode is play or edit, not {mode}", {"mode": repr(mode)}))
        self.mode = mode
        if self.mode_buttons.value != mode:
            self.mode_buttons.value = mode
        self.edit_selected = None
        self.refresh()

    def _fill_editor(self, scenario: Scenario | None) -> None:
        if scenario is None:
            return
        self._syncing = True
        try:
            self.players_input.value = scenario.players
            self.layout_input.value = scenario.layout
            for s, field in enumerate(self.hand_inputs):
                field.value = " ".join(scenario.hands[s]) if s < scenario.players else ""
            rest = Scenario(scenario.players, scenario.layout, scenario.hands)
            bones = scenario.resolved_boneyard()
            self.boneyard_input.value = ("" if bones == rest.resolved_boneyard()
                                         else " ".join(bones))
            self.scores_input.value = ", ".join(str(x) for x in (
                scenario.scores or [0] * (2 if scenario.players == 4 else scenario.players)))
            self._seat_options(scenario.players)
            self.to_move_input.value = scenario.to_move
        finally:
            self._syncing = False

    def _seat_options(self, players: int) -> None:
        self.to_move_input.options = list(range(players))
        for s, field in enumerate(self.hand_inputs):
            field.layout.display = None if s < players else "none"
        self.target_input.options = [(gettext("table", self.lang), "table"), *[
            (Msg("seat {seat}", {"seat": s}).text(self.lang), f"seat{s}")
            for s in range(players)], (gettext("boneyard", self.lang), "boneyard")]

    def editor_scenario(self) -> Scenario:
        """The position the editor's fields describe (not yet checked for all 28 tiles)."""
        players = int(self.players_input.value)
        boneyard_text = self.boneyard_input.value.strip()
        return Scenario.make(
            players, self.layout_input.value.strip(),
            [_tile_list(self.hand_inputs[s].value) for s in range(players)],
            boneyard=_tile_list(boneyard_text) if boneyard_text else None,
            scores=_scores(self.scores_input.value), to_move=int(self.to_move_input.value))

    def apply_editor(self) -> None:
        """Use the editor's position (every tile once, ``Match.setup`` checks) and play it."""
        self.load(self.editor_scenario())
        self.set_mode("play")

    def _editor_changed(self) -> None:
        if self._syncing:
            return
        self._seat_options(int(self.players_input.value))
        if self.mode == "edit":
            self.refresh()

    def _edit_click(self, action: BoardAction) -> None:
        if not action.activates:
            if action.key == "Escape":
                self.edit_selected = None
                self.refresh()
            return
        draft = self.editor_scenario()
        layout = Layout.parse(draft.layout)
        hands = [list(h) for h in draft.hands]
        bones = list(draft.boneyard or ())
        tile = action.tile
        if action.place is not None:
            if self.edit_selected is None:
                self.board.announcement = gettext("Choose a tile of the tray first, then a "
                                                  "place.", self.lang)
                return
            layout.push(self.edit_selected, action.place)
            self.edit_selected = None
            self.layout_input.value = str(layout)
            return
        assert tile is not None
        text = str(tile)
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
                raise WidgetError(Msg("only the last tile put on the table can be taken back "
                                      "({tile})", {"tile": str(last.tile) if last else "—"}))
            layout.pop()
            self.layout_input.value = str(layout)
            return
        target = self.target_input.value or "table"
        if target == "table":
            self.edit_selected = None if self.edit_selected is tile else tile
            if not layout and self.edit_selected is not None:
                layout.push(tile)
                self.edit_selected = None
                self.layout_input.value = str(layout)
                return
            self.refresh()
        elif target == "boneyard":
            self.boneyard_input.value = " ".join([*bones, text])
        else:
            seat = int(target[4:])
            self.hand_inputs[seat].value = " ".join([*hands[seat], text])

    # -- export ------------------------------------------------------------------------------

    def export(self) -> Export:
        """The layout notation, and the record (or, for a set-up position, the set-up JSON)."""
        match = self.match
        notation = str(match.layout)
        try:
            return Export(notation, to_record(match), None, None)
        except SetupError:
            start, items = rewind(match)
            setup = {"setup": Scenario.from_match(start).to_json(),
                     "actions": [item_text(i) for i in items]}
            return Export(notation, None, setup,
                          Msg("A game record v1 cannot hold a position set up by hand (it has "
                              "no deal), so the export is the layout notation and the set-up "
                              "arguments with the actions played since, as JSON."))

    def _show_export(self) -> None:
        result = self.export()
        self.export_output.value = result.text(self.lang)
        self.export_note.value = ("" if result.note is None else
                                  f"<p>{html.escape(result.note.text(self.lang))}</p>")

    # -- drawing -----------------------------------------------------------------------------

    def _panels(self) -> tuple[Panel, ...]:
        return self._edit_panels() if self.mode == "edit" else self._play_panels()

    def _play_panels(self) -> tuple[Panel, ...]:
        match = self.match
        chosen = self.picker.chosen()
        hands = tuple(Panel(HandSpec(tuple(str(t) for t in match.hand(s)),
                                     chosen if s == match.to_move else ()), f"hand{s}",
                            seat_label(s, s == match.to_move, self.lang))
                      for s in range(match.players))
        places = self.picker.targets(match.layout, match.why_illegal)
        return (Panel(LayoutSpec(str(match.layout), places=places, last=bool(match.layout))),
                *hands)

    def _edit_panels(self) -> tuple[Panel, ...]:
        try:
            draft = self.editor_scenario()
            layout = Layout.parse(draft.layout)
        except ValueError:
            return (Panel(LayoutSpec(str(self.match.layout), last=False)),)
        used = {str(t) for t in layout.tiles} | {t for h in draft.hands for t in h}
        used |= set(draft.boneyard or ())
        tray = tuple(str(t) for t in TILES if str(t) not in used)
        chosen: tuple[str, ...] = ()
        places: tuple[str, ...] = ()
        if self.edit_selected is not None:
            chosen = (str(self.edit_selected),)
            places = tuple(str(p) for p in layout.legal_places(self.edit_selected)
                           if p is not None)
        bones = () if draft.boneyard is None else (Panel(
            HandSpec(draft.boneyard), "bones", gettext("Boneyard, in draw order", self.lang)),)
        return (Panel(LayoutSpec(str(layout), places=places, last=False)),
                Panel(HandSpec(tray, chosen), "tray",
                      gettext("Tiles not placed yet", self.lang)),
                *(Panel(HandSpec(h), f"hand{s}", seat_label(s, False, self.lang))
                  for s, h in enumerate(draft.hands)), *bones)

    def refresh(self) -> None:
        """Redraw everything from the state (called after every change)."""
        match = self.match
        panels = self._panels()
        self._show_panels(panels)
        self.status.value = (f"<p>{html.escape(status_text(match, self.lang))}</p>"
                             f"<p>{html.escape(scores_text(match, self.lang))}</p>")
        moves = self.moves() if self.mode == "play" else []
        self.moves_table.value = moves_html(moves, self.lang)
        self.exact_table.value = solution_html(match, self.lang) if self.mode == "play" else ""
        self.move_select.options = [(action_text(m.action, self.lang), m.action) for m in moves]
        self.move_select.value = moves[0].action if moves else None
        self.undo_button.disabled = not self.can_undo
        self.redo_button.disabled = not self.can_redo
        self.deal_button.disabled = match.status != "hand_over"
        self.play_box.layout.display = None if self.mode == "play" else "none"
        self.move_line.refresh()
        self.edit_box.layout.display = None if self.mode == "edit" else "none"

    def _show_error(self, text: str) -> None:
        self.board.error = text

    def _snapshot(self) -> Any:
        return (self.match.copy(), list(self._redo), self.picker.selected,
                self.edit_selected, self.mode)

    def _restore(self, state: Any) -> None:
        (self.match, redo, self.picker.selected, self.edit_selected, self.mode) = state
        self._redo = redo
        self.mode_buttons.value = self.mode
        self.refresh()

    def plain_text(self) -> str:
        """E.g. ``PositionExplorer(players=2, layout='[1|4] …', to_move=0, lang='en')``."""
        match = self.match
        return (f"PositionExplorer(players={match.players}, layout={str(match.layout)!r}, "
                f"to_move={match.to_move}, lang={self.lang!r})")


def _content(source: object) -> object:
    """What names a source for the id prefix (content, never an address)."""
    if isinstance(source, Match):
        return repr(Scenario.from_match(source))
    if isinstance(source, Mapping):
        return json.dumps(source, sort_keys=True, default=str)
    return repr(source) if isinstance(source, Scenario) else str(source)

