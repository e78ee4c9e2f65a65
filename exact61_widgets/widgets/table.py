"""The match table: play a match against bots, the whole table in one picture, with hints.

The learner sits at one seat (or none, to watch bots play); the other seats are
bots by name (``make_bot``). The board shows one picture of the table
(:func:`~exact61_widgets.render.table.table_svg`): the learner's hand at the bottom,
the other seats round the layout with their hands face down (R2.3), whose turn it is
and the last action, the boneyard and the score board with the paper tally (R10).
Under it sit the compact controls: step plays one action (a bot's, a forced draw or
pass, or deals the next hand), auto-play runs until the learner must choose, undo
takes back the learner's last move and the bots' answers, hint asks the strongest bot
available for the best move and its reason
(:func:`~exact61_widgets.engine.advice.best_move`), and the move line takes a typed
move; the log, which explains every award, folds away. Once a hand or the match is
over, review opens the review of the match played so far
(:class:`~exact61_widgets.widgets.review.ReviewWidget`) in place of the table, and
"back to the table" returns to it. The status in words (whose turn, the boneyard,
every hand's count, the scores) is read out to screen readers only: the picture
shows it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.advice import Advice, best_move
from exact61_widgets.engine.bots import Bot, make_bot
from exact61_widgets.engine.events import DrawEvent, Event
from exact61_widgets.engine.match import PLAYING, Match
from exact61_widgets.engine.review import SAMPLES
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.table import TableSvg, table_svg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.match_status import log_html, scores_text, status_text
from exact61_widgets.views.picker import PlayPicker
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.figures import target_labels
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix
from exact61_widgets.widgets.moveline import MoveLine
from exact61_widgets.widgets.owner import BoardOwner

__all__ = ["Advice", "MatchTable", "best_move"]  # the advice is the engine's, named here too


class MatchTable(BoardOwner, StaticPicture, w.VBox):  # type: ignore[misc]
    """A match against bots: 2–4 players (4: pairs 0+2 v 1+3), the learner at ``human``.

    ``bots`` names one bot for every other seat, or one for all (default
    ``"greedy"``); ``human=None`` lets bots play every seat. Key methods:
    :meth:`step`, :meth:`auto_play`, :meth:`undo`, :meth:`hint`, :meth:`play`;
    the board takes clicks (a tile of your hand, then a place). With
    ``auto_reply`` (default) the bots answer the learner's move at once. A hint
    searches for at most ``hint_budget`` seconds (None: only ``hint_playouts``
    bound it, so it is the same on every machine). ``theme`` is the pictures'
    palette: ``"auto"`` (follow the page), ``"light"`` or ``"dark"``. ``size`` is the
    picture's width in pixels at zoom 1 (None: one pixel per unit of
    :data:`~exact61_widgets.render.table.WIDTH`); ``log_open`` shows the log unfolded.
    :meth:`open_review` (the Review button, once a hand or the match is over) reviews
    the match with ``review_samples`` deals a decision, seeded by ``seed``;
    :meth:`close_review` goes back to the table.

    >>> table = MatchTable(2, seed=3, human=None)  # bots at both seats
    >>> table.step()  # one action of the seat to move
    >>> len(table.match.events), table.match.hand_number
    (1, 1)
    """

    kept = ("match", "advice", "picker.selected")

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int = 0,
        bots: str | Sequence[str] = "greedy",
        human: int | None = 0,
        start_scores: Sequence[int] | None = None,
        hint_budget: float | None = 0.4,
        hint_playouts: int | None = None,
        auto_reply: bool = True,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
        size: int | None = None,
        log_open: bool = True,
        review_samples: int = SAMPLES,
    ) -> None:
        self.lang = check_lang(lang)
        lang = self.lang
        self.match = Match(players, seed=seed, start_scores=start_scores)
        if human is not None and not (isinstance(human, int) and 0 <= human < players):
            raise WidgetError(
                Msg(
                    "the learner's seat is a number from 0 to {last}, or None",
                    {"last": players - 1},
                )
            )
        self.human = human
        names = [bots] * players if isinstance(bots, str) else list(bots)
        others = [s for s in range(players) if s != human]
        if len(names) == len(others) and len(names) != players:
            names = [names.pop(0) if s != human else "" for s in range(players)]
        if len(names) != players:
            raise WidgetError(Msg("name one bot for every other seat, or one for all"))
        self.bots: dict[int, Bot] = {s: make_bot(names[s], f"{seed}/{s}") for s in others}
        self.seed = seed
        self.auto_reply = auto_reply
        self.hint_budget = hint_budget
        self.hint_playouts = hint_playouts
        self.size = size  # checked by the picture (its first drawing is below)
        self.review_samples = review_samples
        #: The review open now (None: the table is shown), and the history it was made of.
        self.review: Any = None
        self._reviewed: tuple[Any, ...] | None = None
        self.prefix = id_prefix(
            "table",
            players,
            seed,
            tuple(names),
            human,
            None if start_scores is None else tuple(start_scores),
            lang,
            name=name,
        )
        self.picker = PlayPicker()
        self.advice: Advice | None = None
        self._own_board(theme, interactive=human is not None, clicks=True)
        cb = self.guard.callback
        # The status in words, for screen readers only (the picture shows it to the eye).
        self.status = w.HTML()
        self.status.add_class("exact61-status")
        self.status.add_class("exact61-sr-only")
        self.step_button = button(gettext("Step", lang), "step", icon="step-forward")
        self.step_button.on_click(cb(self.step))
        self.auto_button = button(gettext("Auto-play", lang), "auto-play", icon="forward")
        self.auto_button.on_click(cb(self.auto_play))
        self.undo_button = button(gettext("Undo", lang), "undo", icon="undo")
        self.undo_button.on_click(cb(self.undo))
        self.hint_button = button(gettext("Hint", lang), "hint", icon="lightbulb-o")
        self.hint_button.on_click(cb(self.hint))
        self.hint_line = w.HTML()
        self.hint_line.add_class("exact61-hint-line")
        self.log_panel = w.HTML()
        self.log_panel.add_class("exact61-log")
        self.log_box = w.Accordion([self.log_panel], selected_index=0 if log_open else None)
        self.log_box.add_class("exact61-log-box")
        self.review_button = button(
            gettext("Review", lang),
            "open-review",  # not "review": that class names the review widget itself
            icon="search",
            disabled=True,
            tooltip=gettext("Every move of the match graded: once a hand is over", lang),
        )
        self.review_button.on_click(cb(self.open_review))
        self.back_button = button(gettext("Back to the table", lang), "back-to-table", icon="undo")
        self.back_button.on_click(cb(self.close_review))
        self.review_area = w.VBox()
        self.review_area.add_class("exact61-table-review")
        self.move_line = MoveLine(self, lang=lang, refuse=self._typing_refused)
        self.controls = w.HBox(
            [
                self.step_button,
                self.auto_button,
                self.undo_button,
                self.hint_button,
                self.review_button,
                self.move_line,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.controls.add_class("exact61-table-controls")
        self._table_parts = (self.status, self.board, self.controls, self.hint_line, self.log_box)
        super().__init__([*self._table_parts, self.review_area])
        self.add_class("exact61-table")
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------

    @property
    def waiting_for_human(self) -> bool:
        """Whether the learner must choose now (their turn with more than a forced action)."""
        match = self.match
        if self.human is None or match.status != "playing" or match.to_move != self.human:
            return False
        actions = match.legal_actions()
        return not (len(actions) == 1 and not isinstance(actions[0], Play))

    def play(self, action: Action) -> None:
        """The learner's move (it must be their turn); illegal moves raise, nothing changes.

        With ``auto_reply`` the bots answer at once, until the learner's next choice.
        """
        match = self.match
        if self.human is None or match.to_move != self.human or match.status != "playing":
            raise WidgetError(Msg("it is not your turn: press Step"))
        texts = self._explain(match.push(action))
        if self.auto_reply:
            texts += self._run(1000)
        self._done(texts)

    def _explain(self, events: Sequence[Event]) -> list[str]:
        return [self._told(e) for e in events]

    def _told(self, event: Event) -> str:
        """An event as the learner hears and reads it: another seat's drawn tile stays
        hidden (D4), the learner's own is named."""
        if isinstance(event, DrawEvent) and event.seat != self.human:
            return Msg("Seat {seat} draws a tile.", {"seat": event.seat}).text(self.lang)
        return event.explain(self.lang)

    def _advance(self) -> list[str]:
        """One action or deal, without redrawing; what happened, in words."""
        match = self.match
        if match.is_over:
            return [status_text(match, self.lang)]
        if match.status == "hand_over":
            match.deal()
            return [Msg("Hand {n} dealt.", {"n": match.hand_number}).text(self.lang)]
        if self.waiting_for_human:
            return [gettext("Your turn: choose a tile of your hand, then a place.", self.lang)]
        bot = self.bots.get(match.to_move)
        action = bot.choose(match) if bot is not None else match.legal_actions()[0]
        return self._explain(match.push(action))

    def _run(self, limit: int) -> list[str]:
        """Actions until the learner must choose or the hand ends (at most ``limit``)."""
        texts: list[str] = []
        match = self.match
        count = 0
        while count < limit and match.status == "playing" and not self.waiting_for_human:
            texts += self._advance()
            count += 1
        return texts

    def _done(self, texts: Sequence[str]) -> None:
        self.advice = None
        self.picker.clear()
        self.refresh()
        self.board.announcement = " ".join(texts)

    def step(self) -> None:
        """One step: a bot's action, the learner's forced draw or pass, or the next deal."""
        self._done(self._advance())

    def auto_play(self, limit: int = 1000) -> int:
        """Play until the learner must choose or the hand ends; how many actions were made.

        After a hand ends it deals the next one first; once the match is over it does
        nothing.
        """
        texts: list[str] = []
        if self.match.status == "hand_over":
            texts += self._advance()
        before = len(self.match.action_stack)
        texts += self._run(limit)
        self._done(texts)
        return len(self.match.action_stack) - before

    def undo(self) -> None:
        """Take back the learner's last move and everything after it (all bots: one action)."""
        match = self.match
        if not match.action_stack:
            raise WidgetError(Msg("there is nothing to undo"))
        while match.action_stack:
            seat, action = match.action_stack[-1]
            while match.peek() is None:  # a deal on top: undo it first
                match.pop()
            match.pop()
            if self.human is None or (seat == self.human and isinstance(action, Play)):
                break
        self.advice = None
        self.picker.clear()
        self.refresh()
        self.board.announcement = gettext("Undone.", self.lang)

    def hint(self) -> Advice:
        """The best move for the player to move, from the strongest bot available, with why."""
        if not self.match.legal_actions():
            raise WidgetError(Msg("there is nothing to play: the hand or match is over"))
        self.advice = best_move(
            self.match, seed=self.seed, budget=self.hint_budget, playouts=self.hint_playouts
        )
        self.refresh()
        self.board.announcement = self.advice.text(self.lang)
        return self.advice

    # -- the review ------------------------------------------------------------------------------

    @property
    def can_review(self) -> bool:
        """Whether a review may be opened: a hand or the match is over, and a tile was played."""
        match = self.match
        return match.status != PLAYING and any(isinstance(a, Play) for _, a in match.action_stack)

    def open_review(self) -> Any:
        """Review the match played so far, shown in place of the table; return the widget.

        Only once a hand or the match is over. The same history is reviewed once: going
        back to the table and opening the review again shows the same widget.
        """
        from exact61_widgets.widgets.review import ReviewWidget

        if not self.can_review:
            raise WidgetError(Msg("the review opens once a hand or the match is over"))
        history = self.match.history
        if self.review is None or self._reviewed != history:
            self.review = ReviewWidget(
                self.match,
                seed=self.seed,
                samples=self.review_samples,
                lang=self.lang,
                name=f"{self.prefix}-review",
                theme=self.board.theme,
            )
            self._reviewed = history
        # Said before the review is shown, so that its board's first view already says it.
        self.review.board.announcement = gettext(
            "The review of the match: step through it, or go back to the table.", self.lang
        )
        for part in self._table_parts:
            part.layout.display = "none"
        self.review_area.children = (self.back_button, self.review)
        return self.review

    def close_review(self) -> None:
        """Back to the table from the review."""
        self.review_area.children = ()
        for part in self._table_parts:
            part.layout.display = None
        self.refresh()
        self.board.announcement = gettext("Back at the table.", self.lang)

    @property
    def reviewing(self) -> bool:
        """Whether the review is shown in place of the table."""
        return bool(self.review_area.children)

    def _typing_refused(self) -> Msg | None:
        """Why the move line takes no move now (a bot's turn: its hand stays hidden)."""
        match = self.match
        if self.human is None or (match.status == "playing" and match.to_move != self.human):
            return Msg("it is not your turn: press Step")
        return None

    def _clickable_tiles(self) -> list[Tile] | None:
        match = self.match
        if self.human is None or match.status != "playing" or match.to_move != self.human:
            self.board.announcement = (
                status_text(match, self.lang)
                if match.status != "playing"
                else Msg("It is seat {seat}'s turn: press Step.", {"seat": match.to_move}).text(
                    self.lang
                )
            )
            return None
        return list(match.hand(self.human))

    # -- drawing ---------------------------------------------------------------------------------

    def _highlights(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The hand tiles and open places to pick out: the chosen tile's, or the hint's."""
        match = self.match
        places = self.picker.targets(match.layout, match.why_illegal)
        chosen = self.picker.chosen()
        advice = self.advice
        if advice is not None and isinstance(advice.action, Play):
            chosen += (str(advice.action.tile),)
            if advice.action.at is not None:
                places = (str(advice.action.at),)
        hand = {str(t) for t in match.hand(self.human)} if self.human is not None else set()
        return tuple(t for t in chosen if t in hand), tuple(
            p for p in places if match.layout.is_open(p)
        )

    def _picture(self) -> TableSvg:
        """The table as it is now, in the board's theme, with what its keyboard reaches."""
        chosen, places = self._highlights()
        return table_svg(
            self.match,
            viewer=self.human,
            chosen=chosen,
            places=places,
            size=self.size,
            lang=self.lang,
            theme=self.board.drawn_theme,
            id_prefix=self.prefix,
        )

    def table_svg(self) -> str:
        """The picture of the table as it is now, in the board's theme."""
        return str(self._picture())

    def static_svg(self) -> str:
        """The whole table as it is now (a saved notebook shows it)."""
        return self.table_svg()

    def refresh(self) -> None:
        """Redraw everything from the match (after every change)."""
        match = self.match
        drawn = self._picture()
        picture = str(drawn)
        self.board.show(
            picture,
            f'<div class="exact61-table-picture">{picture}</div>',
            target_labels(drawn.places, drawn.tiles, self.lang),
        )
        self.status.value = (
            f"<p>{html.escape(status_text(match, self.lang))}</p>"
            f"<p>{html.escape(scores_text(match, self.lang))}</p>"
        )
        self.hint_line.value = (
            "" if self.advice is None else f"<p>{html.escape(self.advice.text(self.lang))}</p>"
        )
        hidden = self.advice is None or self.reviewing
        self.hint_line.layout.display = "none" if hidden else None
        self.log_panel.value = log_html(match.hand_events, self.lang, explain=self._told)
        self.log_box.set_title(0, Msg("Log of hand {n}", {"n": match.hand_number}).text(self.lang))
        self.undo_button.disabled = not match.action_stack
        self.hint_button.disabled = not match.legal_actions()
        self.step_button.disabled = match.is_over
        self.auto_button.disabled = match.is_over
        self.review_button.disabled = not self.can_review
        self.move_line.refresh()

    def plain_text(self) -> str:
        """E.g. ``MatchTable(players=2, hand=1, scores=(0, 0), lang='en')``."""
        match = self.match
        return (
            f"MatchTable(players={match.players}, hand={match.hand_number}, "
            f"scores={match.scores}, lang={self.lang!r})"
        )
