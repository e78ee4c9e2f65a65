"""The position explorer: build a hypothetical position, see every legal move, play, undo.

A position comes from a :class:`Scenario` (the ``Match.setup`` arguments), a
saved scenario, a game record, layout notation (all read by
:func:`~exact61_widgets.engine.loader.load_position`), or the editor panel
(:mod:`.editor`: by typing or clicking tiles into the layout, the hands and the
boneyard). In play mode every legal move is listed with its award, the target
check's verdict and its exact value; a click on the board (a tile of the mover's
hand, then a place) or the move list plays it; undo and redo walk the history.
Export gives the layout notation and a game record — or, for a set-up position,
which record v1 cannot hold, a saved scenario (``"format": "exact61-scenario"``:
the set-up arguments and the actions since), which ``exact61 replay`` and
``exact61 solve`` load too.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

import ipywidgets as w

from exact61_widgets.engine.actions import Action, parse_action
from exact61_widgets.engine.layout import Layout
from exact61_widgets.engine.loader import Source, from_notation, load_position
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import SavedScenario, Scenario, ScenarioError
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.svg import last_play
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.export import Export, export_match, pretty_json
from exact61_widgets.views.match_status import scores_text, seat_label, status_text
from exact61_widgets.views.move_list import MoveInfo, analyze, move_name, moves_html
from exact61_widgets.views.picker import PlayPicker
from exact61_widgets.views.solution import solution_html
from exact61_widgets.views.undo import Item, can_undo, redo_one, undo_one
from exact61_widgets.widgets.board import BoardAction
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.editor import PositionEditor
from exact61_widgets.widgets.figures import Figure, HandSpec, LayoutSpec
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix
from exact61_widgets.widgets.moveline import MoveLine
from exact61_widgets.widgets.owner import BoardOwner

#: The explorer's first position: the README's layout, two hands, the rest in the boneyard.
EXPLORER_DEFAULT = Scenario.make(
    2,
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB",
    [["[0|3]", "[1|2]", "[1|5]", "[4|6]"], ["[0|0]", "[2|2]", "[3|3]", "[5|6]"]],
)

__all__ = [
    "EXPLORER_DEFAULT",
    "Export",
    "PositionExplorer",
    "Source",
    "from_notation",
    "pretty_json",
]


class PositionExplorer(BoardOwner, StaticPicture, w.VBox):  # type: ignore[misc]
    """Build a position, list every legal move with its award and verdict, play, undo, export.

    ``source``: a :class:`Scenario` (default :data:`EXPLORER_DEFAULT`), a
    :class:`Match`, a game record or a saved scenario (a dict, as :meth:`export` writes
    them), a scenario's own JSON, or layout notation.
    Key methods: :meth:`load`, :meth:`set_up`, :meth:`play`, :meth:`undo`,
    :meth:`redo`, :meth:`moves`, :meth:`export`, :meth:`apply_editor`; the board
    takes clicks (a tile of the mover's hand, then a place). ``theme`` is the
    pictures' palette: ``"auto"`` (follow the page), ``"light"`` or ``"dark"``.

    >>> explorer = PositionExplorer("[1|4] [1|1]@[1|4]:low")
    >>> [str(move.action) for move in explorer.moves()][:2]
    ['[0|1]@[1|1]:lineB', '[0|4]@[1|4]:high']
    """

    kept = ("match", "_redo", "picker.selected", "edit_selected", "mode")

    def __init__(
        self,
        source: Source | None = None,
        *,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.lang = check_lang(lang)
        start = EXPLORER_DEFAULT if source is None else source
        self.prefix = id_prefix("explorer", _content(start), self.lang, name=name)
        self.match = Match(2, deal=False)
        self._redo: list[Item] = []
        self.picker = PlayPicker()
        self.mode = "play"
        lang = self.lang
        self._own_board(theme, interactive=True, clicks=True)
        cb = self.guard.callback
        # play mode
        self.mode_buttons = w.ToggleButtons(
            options=[(gettext("Play", lang), "play"), (gettext("Edit", lang), "edit")], value="play"
        )
        self.mode_buttons.add_class("exact61-mode")
        self.mode_buttons.observe(cb(lambda: self.set_mode(self.mode_buttons.value)), names="value")
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
        self.play_box = w.VBox(
            [
                self.move_line,
                w.HBox([self.move_select, self.play_button]),
                w.HBox([self.undo_button, self.redo_button, self.deal_button]),
                self.moves_table,
                self.exact_table,
            ]
        )
        # editor
        self.editor = PositionEditor(
            lang,
            wrap=cb,
            changed=self._editor_changed,
            apply=self.apply_editor,
            load=self._load_pasted,
        )
        editor = self.editor  # its fields, also under the explorer's own names
        self.players_input, self.layout_input = editor.players_input, editor.layout_input
        self.hand_inputs, self.boneyard_input = editor.hand_inputs, editor.boneyard_input
        self.scores_input, self.to_move_input = editor.scores_input, editor.to_move_input
        self.target_input, self.apply_button = editor.target_input, editor.apply_button
        self.record_input, self.load_button = editor.record_input, editor.load_button
        self.edit_box = editor
        # export
        self.export_button = button(gettext("Export", lang), "export", icon="download")
        self.export_button.on_click(cb(self._show_export))
        self.export_note = w.HTML()
        self.export_output = w.Textarea(layout=w.Layout(width="100%", height="8em"))
        self.export_box = w.VBox([self.export_button, self.export_note, self.export_output])
        super().__init__(
            [
                self.mode_buttons,
                self.status,
                self.board,
                self.play_box,
                self.edit_box,
                self.export_box,
            ]
        )
        self.add_class("exact61-explorer")
        self.load(start)

    # -- loading ---------------------------------------------------------------------------

    def load(self, source: Source) -> None:
        """Show a new position: a scenario, a match (copied), a record, set-up JSON or notation.

        Set-up JSON is a saved scenario (what :meth:`export` gives for a position set up
        by hand) or a scenario's own :meth:`~Scenario.to_json`. A source that cannot be
        read raises :class:`WidgetError`, as every bad input of a widget does.
        """
        try:
            loaded = load_position(source)
        except ScenarioError as err:
            raise WidgetError(err.message) from None
        match = loaded.match
        self.match = match
        self._redo = []
        self.picker.clear()
        self.edit_selected = None
        self.editor.seat_options(match.players)
        shown = Scenario.from_match(match) if match.status == "playing" else loaded.scenario
        if shown is not None:
            self.editor.fill(shown)
        self.refresh()
        self.board.announcement = "" if loaded.note is None else loaded.note.text(self.lang)

    def set_up(
        self,
        players: int,
        layout: str | Layout,
        hands: Sequence[Sequence[Tile | str]],
        *,
        boneyard: Sequence[Tile | str] | None = None,
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        leader: int | None = None,
    ) -> None:
        """Show a position given as the arguments of ``Match.setup`` (boneyard: default rest)."""
        self.load(
            Scenario.make(
                players,
                layout,
                hands,
                boneyard=boneyard,
                scores=scores,
                to_move=to_move,
                leader=leader,
            )
        )

    def _load_pasted(self) -> None:
        self.load(self.editor.pasted())
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
            "Hand {n} dealt.", {"n": self.match.hand_number}
        ).text(self.lang)
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
        self.board.announcement = Msg("Hand {n} dealt.", {"n": self.match.hand_number}).text(
            self.lang
        )

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

    @property
    def edit_selected(self) -> Tile | None:
        """The tile chosen in edit mode for the table (its places are highlighted)."""
        return self.editor.selected

    @edit_selected.setter
    def edit_selected(self, tile: Tile | None) -> None:
        self.editor.selected = tile

    def editor_scenario(self) -> Scenario:
        """The position the editor's fields describe (not yet checked for all 28 tiles)."""
        return self.editor.scenario()

    def apply_editor(self) -> None:
        """Use the editor's position (every tile once, ``Match.setup`` checks) and play it."""
        self.load(self.editor_scenario())
        self.set_mode("play")

    def _editor_changed(self) -> None:
        if self.mode == "edit":
            self.refresh()

    def _edit_click(self, action: BoardAction) -> None:
        note = self.editor.click(action)
        if note is not None:
            self.board.announcement = note.text(self.lang)

    # -- export ------------------------------------------------------------------------------

    def export(self) -> Export:
        """The layout notation, and the record (or, for a set-up position, a saved scenario)."""
        return export_match(self.match)

    def _show_export(self) -> None:
        result = self.export()
        self.export_output.value = result.text(self.lang)
        self.export_note.value = (
            "" if result.note is None else f"<p>{html.escape(result.note.text(self.lang))}</p>"
        )

    # -- drawing -----------------------------------------------------------------------------

    def _panels(self) -> tuple[Figure, ...]:
        return self._edit_panels() if self.mode == "edit" else self._play_panels()

    def _play_panels(self) -> tuple[Figure, ...]:
        match = self.match
        chosen = self.picker.chosen()
        hands = tuple(
            Figure(
                HandSpec(
                    tuple(str(t) for t in match.hand(s)), chosen if s == match.to_move else ()
                ),
                f"hand{s}",
                seat_label(s, s == match.to_move, self.lang),
            )
            for s in range(match.players)
        )
        places = self.picker.targets(match.layout, match.why_illegal)
        return (
            Figure(
                LayoutSpec(
                    str(match.layout),
                    places=places,
                    last=bool(match.layout),
                    play=last_play(match),
                )
            ),
            *hands,
        )

    def _edit_panels(self) -> tuple[Figure, ...]:
        return self.editor.panels(self.match.layout)

    def refresh(self) -> None:
        """Redraw everything from the state (called after every change)."""
        match = self.match
        panels = self._panels()
        self._show_panels(panels)
        self.status.value = (
            f"<p>{html.escape(status_text(match, self.lang))}</p>"
            f"<p>{html.escape(scores_text(match, self.lang))}</p>"
        )
        moves = self.moves() if self.mode == "play" else []
        self.moves_table.value = moves_html(moves, self.lang)
        self.exact_table.value = solution_html(match, self.lang) if self.mode == "play" else ""
        self.move_select.options = [(move_name(m.action, self.lang), m.action) for m in moves]
        self.move_select.value = moves[0].action if moves else None
        self.undo_button.disabled = not self.can_undo
        self.redo_button.disabled = not self.can_redo
        self.deal_button.disabled = match.status != "hand_over"
        self.play_box.layout.display = None if self.mode == "play" else "none"
        self.move_line.refresh()
        self.edit_box.layout.display = None if self.mode == "edit" else "none"

    def _restored(self) -> None:
        self.mode_buttons.value = self.mode
        self.refresh()

    def plain_text(self) -> str:
        """E.g. ``PositionExplorer(players=2, layout='[1|4] …', to_move=0, lang='en')``."""
        match = self.match
        return (
            f"PositionExplorer(players={match.players}, layout={str(match.layout)!r}, "
            f"to_move={match.to_move}, lang={self.lang!r})"
        )


def _content(source: object) -> object:
    """What names a source for the id prefix (content, never an address)."""
    if isinstance(source, Match):
        return repr(Scenario.from_match(source))
    if isinstance(source, Mapping):
        return json.dumps(source, sort_keys=True, default=str)
    return repr(source) if isinstance(source, (Scenario, SavedScenario)) else str(source)
