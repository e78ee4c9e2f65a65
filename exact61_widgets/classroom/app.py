"""The classroom app: the match table, walkthroughs and the narrated hand as tabs, in one language.

Made for a projector (``make classroom`` serves ``tutorials/classroom.ipynb`` with
Voila). One control switches every tab, button and caption between English and
Russian; a slider zooms every board in the browser alone. The match tab is one
picture of the table with its controls under it; at the default tile size the page
fits a 1366×768 screen without scrolling, and a 1920×1080 one at a larger size
(:data:`TABLE_SIZE`). In Voila the notebook's own text cells are left out of the page:
the app is the page.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from exact61_widgets.classroom.script import notes_html
from exact61_widgets.i18n import LANGUAGES, Lang, Msg, check_lang, gettext
from exact61_widgets.views.pasted import Pasted, as_position, read_pasted
from exact61_widgets.views.ready_positions import (
    BLOCKED_PAIRS_APART,
    BLOCKED_PAIRS_NEAR_TARGET,
    GOING_OUT_PAIRS_ONCE,
)
from exact61_widgets.widgets.guard import error_text
from exact61_widgets.widgets.slider import NamedSlider
from exact61_widgets.widgets.table import MatchTable
from exact61_widgets.widgets.walkthroughs import (
    BlockedWalkthrough,
    EndScoringWalkthrough,
    Exact61Walkthrough,
    GoingOutWalkthrough,
    HandStory,
    RoundingWalkthrough,
    SpinnerWalkthrough,
)

#: The table picture's width in pixels at zoom 1, a little under half its units: at the
#: classroom's tile size 2 (the walkthroughs' tiles twice notebook size) the match tab fits a
#: 1366×768 screen, at tile size 3 a 1920×1080 one (the browser tests measure both).
TABLE_SIZE = 570

#: Each language named in itself, for the language control.
LANGUAGE_NAMES: dict[Lang, str] = {"en": "English", "ru": "Русский"}

WALKTHROUGHS: Sequence[tuple[str, type[Any]]] = (
    ("spinners", SpinnerWalkthrough),
    ("scoring", EndScoringWalkthrough),
    ("rounding", RoundingWalkthrough),
    ("going-out", GoingOutWalkthrough),
    ("blocked", BlockedWalkthrough),
    ("exact61", Exact61Walkthrough),
    ("story", HandStory),
)

#: The positions the classroom opens its walkthroughs on, where they differ from the
#: notebooks': going out with opponents whose total rounded once (13 → 15) differs from
#: each rounded apart (5 + 5), and the plain blocked hand (no target in play) before the
#: near-61 one that the exact-61 lesson comes to later.
CLASSROOM_POSITIONS: dict[str, object] = {
    "going-out": GOING_OUT_PAIRS_ONCE,
    "blocked": BLOCKED_PAIRS_APART,
}

#: The tabs whose position a teacher can paste, and how the pasted text is read: the
#: layout walkthroughs take notation or a record as it is; those that need hands make a
#: position around pasted notation (the free tiles dealt in tile order).
LOADABLE: dict[str, Callable[[Pasted], object]] = {
    "spinners": lambda pasted: pasted,
    "scoring": lambda pasted: pasted,
    "going-out": as_position,
    "blocked": as_position,
    "exact61": as_position,
}


class PositionLoader(w.Accordion):  # type: ignore[misc]
    """A folded "Load a position" box: paste notation, a saved scenario or a record, Load.

    ``load`` is called with the text and makes the walkthrough; it raises an error of the
    package on bad input, shown as one line ("Not loaded: …") with nothing changed.
    """

    def __init__(self, load: Callable[[str], None], lang: Lang) -> None:
        self.lang = lang
        self._load = load
        self.text = w.Textarea(
            placeholder=gettext("Layout notation, a saved scenario or a game record", lang),
            layout=w.Layout(width="100%", height="5em"),
        )
        self.text.add_class("exact61-paste")
        self.button = w.Button(description=gettext("Load", lang))
        self.button.add_class("exact61-load")
        self.status = w.HTML()
        self.status.add_class("exact61-load-status")
        self.button.on_click(lambda _button: self.load())
        box = w.VBox([self.text, w.HBox([self.button, self.status])])
        super().__init__([box], selected_index=None)
        self.set_title(0, gettext("Load a position", lang))
        self.add_class("exact61-loader")

    def load(self) -> bool:
        """Load the pasted text; whether it was loaded (the status line says what happened)."""
        try:
            self._load(self.text.value)
        except Exception as error:  # every failure is shown in one line, none is lost
            reason = error_text(error, self.lang)
            said = Msg("Not loaded: {reason}", {"reason": reason}).text(self.lang)
            self.status.value = f'<span role="alert">{html.escape(said)}</span>'
            return False
        self.status.value = html.escape(gettext("Loaded: step 1 is shown.", self.lang))
        return True


def classroom_css(text: int) -> str:
    """The classroom's style sheet: text, buttons and tab titles ``text`` pixels high.

    Everything is kept compact, so that the match tab fits one screen: the controls in
    one row, small gaps, the live line at most two lines (screen readers hear all of it;
    the log keeps every event), the hint read there and not repeated under the controls,
    and in Voila (``#rendered_cells``) neither the notebook's text cells nor its margins.
    """
    if not 10 <= text <= 60:
        raise ValueError(f"text_size {text} is out of range: use 10 to 60 pixels")
    small = round(text * 0.8)
    return f"""<style>
.exact61-classroom .widget-html-content, .exact61-classroom .widget-label,
.exact61-classroom .exact61-board-live, .exact61-classroom .exact61-board-error,
.exact61-classroom .lm-TabBar-tab, .exact61-classroom .exact61-slider-label,
.exact61-classroom .exact61-slider-readout,
.exact61-classroom input {{ font-size: {text}px; line-height: 1.3; }}
.exact61-classroom .widget-html-content h3 {{ font-size: {round(text * 1.4)}px; }}
.exact61-classroom button.jupyter-button {{ font-size: {text}px; height: {round(text * 1.8)}px;
  width: auto; min-width: {text * 3}px; padding: 0 {round(text * 0.6)}px; }}
.exact61-classroom .widget-inline-hbox, .exact61-classroom .widget-toggle-buttons {{
  height: auto; }}
.exact61-classroom .widget-combobox input {{ height: {round(text * 1.8)}px; }}
.exact61-classroom {{ --jp-widgets-horizontal-tab-width: auto;
  --jp-widgets-horizontal-tab-height: {round(text * 1.8)}px;
  --jp-widgets-inline-height: {round(text * 1.8)}px; }}
.exact61-classroom .widget-tab-contents {{ padding: 4px 6px; }}
.exact61-classroom .exact61-board-live {{ min-height: 1.3em; margin: 2px 0; }}
.exact61-classroom .exact61-table .exact61-board-live,
.exact61-classroom .exact61-table .exact61-board-error:not(:empty) {{ display: -webkit-box;
  -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }}
.exact61-classroom .exact61-log-box .jupyter-widget-Collapse-header {{ padding: 2px 8px; }}
.exact61-classroom .exact61-table .exact61-hint-line {{ display: none; }}
.exact61-classroom .exact61-language {{ display: flex; align-items: center; gap: 8px; }}
.exact61-classroom .exact61-language > div {{ display: flex; }}
.exact61-classroom .exact61-log-box .widget-html-content {{ font-size: {small}px; }}
.exact61-classroom .exact61-table-controls > * {{ margin: 2px 4px 2px 0; }}
#rendered_cells {{ padding: 4px 8px; }}
#rendered_cells .jp-MarkdownCell {{ display: none; }}
#rendered_cells .jp-Cell {{ padding: 0; }}
#rendered_cells .jp-Cell-outputWrapper {{ margin-top: 0; }}
</style>"""


class Classroom(w.VBox):  # type: ignore[misc]
    """The match table, six walkthroughs and the narrated hand as tabs, a language control, a zoom.

    ``players``, ``seed`` and ``bots`` set up the match table (the class plays seat 0);
    ``tile_scale`` is the boards' first zoom and ``text_size`` the text height in pixels.
    ``predict`` (on by default) makes each walkthrough's Next show a play first and its
    result at the next Next, so that the class is asked before it is told; the switch in
    the header turns it off and on for every tab. The "Teacher's notes" switch shows,
    under a held-back play, what to ask and the wrong answers to expect
    (:mod:`~exact61_widgets.classroom.script`). Tabs whose position can be pasted have a
    folded "Load a position" box under them (:class:`PositionLoader`).
    Choosing a language rebuilds every tab in it, from the first step. A walkthrough is
    made when its tab is first chosen (:meth:`walkthrough`): a page then starts with the
    match alone, which is what a room of learners arriving at once waits for.
    """

    def __init__(
        self,
        *,
        lang: str | None = None,
        players: int = 2,
        seed: int = 1,
        bots: str = "greedy",
        tile_scale: float = 2.0,
        text_size: int = 18,
        predict: bool = True,
    ) -> None:
        self.players, self.seed, self.bots = players, seed, bots
        self.lang: Lang = check_lang(lang)
        self.language = w.ToggleButtons(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
            value=self.lang,
            description="",
            tooltips=[LANGUAGE_NAMES[code] for code in LANGUAGES],
            style={"description_width": "initial", "button_width": "auto"},
        )
        self.language.add_class("exact61-language")
        self.size = NamedSlider(
            gettext("Tile size", self.lang),
            value=tile_scale,
            min=1.0,
            max=3.0,
            step=0.25,
            readout=True,
        )
        self.size.add_class("exact61-tile-size")
        self.predict = w.ToggleButton(value=predict, description=gettext("Play first", self.lang))
        self.predict.add_class("exact61-predict")
        self.notes = w.ToggleButton(value=False, description=gettext("Teacher's notes", self.lang))
        self.notes.add_class("exact61-notes-switch")
        self.header = w.HBox(
            [self.language, self.size, self.predict, self.notes],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.header.add_class("exact61-classroom-header")
        self.tabs = w.Tab()
        self.table: MatchTable | None = None
        self._made: dict[int, Any] = {}
        self._links: list[Any] = []
        super().__init__(
            [w.HTML(classroom_css(text_size)), self.header, self.tabs],
            layout=w.Layout(width="100%"),
        )
        self.add_class("exact61-classroom")
        self._build()
        self.language.observe(lambda change: self.switch(change["new"]), names="value")
        self.tabs.observe(self._chosen, names="selected_index")
        self.predict.observe(self._predicting, names="value")
        self.notes.observe(self._noting, names="value")

    @property
    def walkthroughs(self) -> list[Any]:
        """The walkthroughs made so far, in the order of their tabs."""
        return [self._made[index] for index in sorted(self._made)]

    def walkthrough(self, index: int) -> Any:
        """The walkthrough of tab ``index`` (1 to 7), made now if it is not yet."""
        if not 1 <= index <= len(WALKTHROUGHS):
            raise ValueError(f"tab {index} is not a walkthrough's: use 1 to {len(WALKTHROUGHS)}")
        made = self._made.get(index)
        if made is None:
            key = WALKTHROUGHS[index - 1][0]
            position = CLASSROOM_POSITIONS.get(key)
            made = self._make(index, () if position is None else (position,))
            notes = w.HTML(layout=w.Layout(display=None if self.notes.value else "none"))
            notes.add_class("exact61-teacher-notes")
            self._follow(made, notes)
            parts: list[Any] = [made, notes]
            if key == "exact61":
                parts.append(self._near_target_choice(index))
            if key in LOADABLE:
                parts.append(PositionLoader(lambda text: self.load(index, text), self.lang))
            holder = w.VBox(parts)
            holder.add_class("exact61-classroom-tab")
            children = list(self.tabs.children)
            children[index] = holder
            selected = self.tabs.selected_index
            self.tabs.children = tuple(children)
            self.tabs.selected_index = selected
        return made

    def _near_target_choice(self, index: int) -> Any:
        """The exact-61 tab's choice: plays near 61, or a blocked hand near 61 (the case
        the blocked tab leaves for this lesson)."""
        choice = w.ToggleButtons(
            options=[
                (gettext("Plays near the target", self.lang), "plays"),
                (gettext("A blocked hand near the target", self.lang), "blocked"),
            ],
            value="plays",
            style={"button_width": "auto"},
        )
        choice.add_class("exact61-near-target")

        def chosen(change: Any) -> None:
            if change["new"] == "blocked":
                self._swap(index, self._make(index, (BLOCKED_PAIRS_NEAR_TARGET,), "blocked"))
            else:
                self._swap(index, self._make(index, (), "plays"))

        choice.observe(chosen, names="value")
        return choice

    def _make(self, index: int, args: tuple[object, ...], case: str | None = None) -> Any:
        """Make tab ``index``'s walkthrough from ``args``, in the classroom's language,
        zoom and predict mode, and keep it as the tab's. ``case`` ``"blocked"`` makes the
        exact-61 tab's blocked hand near the target, ``"plays"`` its plays; by default the
        exact-61 tab makes what it shows now."""
        key, make = WALKTHROUGHS[index - 1]
        old = self._made.get(index)
        if case == "blocked" or (case is None and isinstance(old, BlockedWalkthrough)):
            make = BlockedWalkthrough
        made = make(*args, lang=self.lang, name=f"classroom-{key}")
        made.predict = self.predict.value
        made.board.zoom = self.size.value
        if old is not None:  # the old board's zoom link goes with it
            self._links = [x for x in self._links if x.target[0] is not old.board or x.unlink()]
        self._links.append(w.jslink((self.size, "value"), (made.board, "zoom")))
        self._made[index] = made
        return made

    def load(self, index: int, text: str) -> Any:
        """Show in tab ``index`` the position pasted as ``text`` (layout notation, a saved
        scenario or a game record), from its first step; the new walkthrough.

        Raises an error of the package naming the fault (notation that is not a layout,
        JSON that cannot be read, a position the walkthrough cannot show); the tab then
        keeps what it showed.
        """
        old = self.walkthrough(index)
        key = WALKTHROUGHS[index - 1][0]
        read = LOADABLE.get(key)
        if read is None:
            raise ValueError(f"tab {index} takes no pasted position")
        source = read(read_pasted(text))
        return self._swap(index, self._make(index, (source,)), old)

    def _swap(self, index: int, made: Any, old: Any = None) -> Any:
        """Show ``made`` in tab ``index`` in place of ``old``, the teacher's notes following it."""
        holder = self.tabs.children[index]
        old = old if old is not None else holder.children[0]
        holder.children = (made, *holder.children[1:])
        self._follow(made, holder.children[1])
        if old is not made:
            old.close()
        return made

    def _follow(self, made: Any, notes: Any) -> None:
        """Keep ``notes`` on the teacher's notes of the step ``made`` shows."""
        lang = self.lang

        def show(step: Any) -> None:
            notes.value = notes_html(step, lang)

        made.on_step(show)

    def _noting(self, change: Any) -> None:
        for index in self._made:
            self.tabs.children[index].children[1].layout.display = None if change["new"] else "none"

    def _predicting(self, change: Any) -> None:
        for made in self.walkthroughs:
            made.predict = change["new"]

    def _chosen(self, change: Any) -> None:
        if change["new"]:
            self.walkthrough(change["new"])

    def switch(self, lang: str) -> None:
        """Show every tab in ``lang`` (what the language control does)."""
        chosen = check_lang(lang)
        if chosen == self.lang and self.table is not None:
            return
        self.lang = chosen
        if self.language.value != chosen:
            self.language.value = chosen  # the observer comes back here and finds it done
        self._build()

    def _build(self) -> None:
        lang = self.lang
        for link in self._links:
            link.unlink()
        for old in (self.table, *self.walkthroughs):
            if old is not None:
                old.close()
        self._made = {}
        self.language.description = gettext("Language", lang)
        self.size.description = gettext("Tile size", lang)
        self.predict.description = gettext("Play first", lang)
        self.notes.description = gettext("Teacher's notes", lang)
        self.notes.tooltip = gettext(
            "What to ask before each held-back play, and the wrong answers to expect", lang
        )
        self.predict.tooltip = gettext(
            "Next shows each play first and its result at the next Next", lang
        )
        self.table = MatchTable(
            self.players,
            seed=self.seed,
            bots=self.bots,
            lang=lang,
            name="classroom-table",
            size=TABLE_SIZE,
            log_open=False,
        )
        self.table.board.zoom = self.size.value
        self._links = [w.jslink((self.size, "value"), (self.table.board, "zoom"))]
        selected = self.tabs.selected_index or 0
        self.tabs.children = [self.table, *(w.VBox() for _ in WALKTHROUGHS)]
        self.tabs.titles = [
            gettext("Match", lang),
            *(make.title.text(lang) for _key, make in WALKTHROUGHS),
        ]
        self.tabs.selected_index = selected
        if selected:
            self.walkthrough(selected)

    def __repr__(self) -> str:
        return f"Classroom(players={self.players}, lang={self.lang!r})"
