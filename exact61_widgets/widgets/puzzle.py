"""The puzzle widget: find the best move in a position from a real game, as the mover sees it.

The board shows the table, the mover's hand face up, the other hands face down
and the boneyard's size, with the scores; a line says what the history showed
(a seat that drew or passed holds none of the numbers then open, R3). Choose a
move by clicking a tile and a place, with the keyboard (Tab, the arrow keys,
Enter) or by typing it in the move line. The right move shows the explanation
and the position after it; a wrong one says what it gives against the best
(over deals of the hidden tiles) and lets you try again. Filters choose the
puzzles by theme and by rating; the streak counts puzzles solved at the first
try in a row. A line states how fair the puzzle is: in how many of a fresh sample
of deals of the hidden tiles its answer is best, and the 95% lower bound of that
share. The saved notebook shows the position, the question and that line only.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as w

from exact61_widgets.engine.actions import Action, Play, parse_action
from exact61_widgets.engine.hidden import knowledge
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.tiles import Tile
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.puzzles import THEMES, Puzzle, load_puzzles, theme_name
from exact61_widgets.render.svg import last_play
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.match_status import scores_text, seat_label
from exact61_widgets.views.picker import PlayPicker
from exact61_widgets.widgets.buttons import buttons, text_line
from exact61_widgets.widgets.figures import (
    BoneyardSpec,
    Figure,
    HandSpec,
    LayoutSpec,
    ScoreSpec,
    compose,
)
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix
from exact61_widgets.widgets.moveline import MoveLine
from exact61_widgets.widgets.owner import BoardOwner
from exact61_widgets.widgets.slider import NamedSlider

#: The states of the current puzzle.
OPEN, SOLVED, SHOWN = "open", "solved", "shown"


def _numbers(mask: int) -> str | Msg:
    """``3``, ``3 or 5``, ``0, 3 or 5``: the numbers of a bitmask, the last joined by "or"."""
    numbers = [str(n) for n in range(7) if mask >> n & 1]
    if len(numbers) == 1:
        return numbers[0]
    return Msg("{some} or {last}", {"some": ", ".join(numbers[:-1]), "last": numbers[-1]})


def seen_text(match: Match, lang: str) -> str:
    """What the mover has seen of the hidden hands: the numbers a draw or pass showed missing."""
    view = knowledge(match)
    lines = []
    for seat in range(match.players):
        if seat == match.to_move:
            continue
        void = view.void_numbers(seat)
        if void:
            lines.append(
                Msg(
                    "seat {seat} holds no tile with {numbers}",
                    {"seat": seat, "numbers": _numbers(void)},
                ).text(lang)
            )
    if not lines:
        return gettext("Nothing is known about the hidden hands but their sizes.", lang)
    return Msg("What the draws and passes showed: {facts}.", {"facts": "; ".join(lines)}).text(lang)


class PuzzleWidget(BoardOwner, StaticPicture, w.VBox):  # type: ignore[misc]
    """Puzzles from the shipped set (or ``puzzles``): find the best move, with feedback.

    ``puzzle`` starts at that id; ``topic`` (a theme of
    :data:`~exact61_widgets.puzzles.THEMES`) and ``rating`` (low, high) filter the
    set, in rating order. Key methods: :meth:`choose` (a move, its notation or its
    plain words), :meth:`reveal`, :meth:`next`, :meth:`previous`, :meth:`go_to`,
    :meth:`set_filter`; the board takes clicks and keys. ``theme`` is the pictures'
    palette: ``"auto"``, ``"light"`` or ``"dark"``.

    >>> widget = PuzzleWidget(puzzle="p001")
    >>> widget.puzzle.id, widget.puzzle.answer
    ('p001', ('[6|6]@[5|6]:high',))
    """

    kept = (
        "selection",
        "index",
        "match",
        "state",
        "tried",
        "streak",
        "best_streak",
        "solved",
        "picker.selected",
    )

    def __init__(
        self,
        puzzles: Sequence[Puzzle] | None = None,
        *,
        puzzle: str | None = None,
        topic: str | None = None,
        rating: tuple[int, int] | None = None,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.lang = check_lang(lang)
        lang = self.lang
        self.all = tuple(load_puzzles() if puzzles is None else puzzles)
        if not self.all:
            raise WidgetError(Msg("there are no puzzles to show"))
        self.prefix = id_prefix(
            "puzzle", tuple(p.id for p in self.all), puzzle, topic, rating, lang, name=name
        )
        self.picker = PlayPicker()
        self._own_board(theme, interactive=True, clicks=True)
        cb = self.guard.callback
        self.streak = 0
        self.best_streak = 0
        self.solved: set[str] = set()
        self.tried: list[Action] = []
        self.state = OPEN
        self.title = text_line("exact61-puzzle-title")
        self.question = text_line("exact61-status")
        self.feedback = text_line("exact61-puzzle-feedback")
        self.streak_line = text_line("exact61-puzzle-streak")
        self.fairness_line = text_line("exact61-puzzle-fairness")
        self.move_line = MoveLine(self, lang=lang, refuse=self._typing_refused)
        self.reveal_button, self.previous_button, self.next_button = buttons(
            [
                (gettext("Show the answer", lang), "show-answer", None, self.reveal),
                (gettext("Previous puzzle", lang), "previous", "step-backward", self.previous),
                (gettext("Next puzzle", lang), "next", "step-forward", self.next),
            ],
            cb,
        )
        ratings = [p.rating for p in self.all]
        low, high = min(ratings), max(ratings)
        self.topic_input = w.Dropdown(
            options=[(gettext("all themes", lang), "")]
            + [(theme_name(t, lang), t) for t in THEMES if any(t in p.themes for p in self.all)],
            value="",
            description=gettext("Theme", lang),
        )
        self.topic_input.add_class("exact61-puzzle-topic")
        # two named native ranges (a range slider's handles have no names screen readers say)
        self.rating_low = NamedSlider(
            gettext("Lowest rating", lang), value=low, min=low, max=high, step=10, readout=True
        )
        self.rating_high = NamedSlider(
            gettext("Highest rating", lang), value=high, min=low, max=high, step=10, readout=True
        )
        self.rating_low.add_class("exact61-puzzle-rating")
        self.rating_high.add_class("exact61-puzzle-rating")
        self._syncing = False
        for field in (self.topic_input, self.rating_low, self.rating_high):
            field.observe(cb(self._filters_changed), names="value")
        super().__init__(
            [
                self.title,
                self.question,
                self.board,
                self.move_line,
                w.HBox([self.reveal_button, self.previous_button, self.next_button]),
                self.feedback,
                self.fairness_line,
                self.streak_line,
                w.HBox([self.topic_input, self.rating_low, self.rating_high]),
            ]
        )
        self.add_class("exact61-puzzles")
        self.selection: tuple[Puzzle, ...] = ()
        self.index = 0
        self.match = Match(2, deal=False)
        self.set_filter(topic, rating, puzzle)

    # -- choosing puzzles ------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown now."""
        return self.selection[self.index]

    def set_filter(
        self,
        topic: str | None = None,
        rating: tuple[int, int] | None = None,
        start: str | None = None,
    ) -> None:
        """Keep the puzzles of theme ``topic`` (None: all) with a rating in ``rating``.

        The selection is in rating order; ``start`` names the puzzle to show first.
        """
        if topic is not None and topic not in THEMES:
            raise WidgetError(
                Msg(
                    "unknown theme {topic}: choose from {names}",
                    {"topic": repr(topic), "names": ", ".join(THEMES)},
                )
            )
        low, high = rating if rating is not None else (-(10**9), 10**9)
        chosen = tuple(
            sorted(
                (
                    p
                    for p in self.all
                    if (topic is None or topic in p.themes) and low <= p.rating <= high
                ),
                key=lambda p: (p.rating, p.id),
            )
        )
        if not chosen:
            raise WidgetError(Msg("no puzzle matches these filters"))
        index = 0
        if start is not None:
            ids = [p.id for p in chosen]
            if start not in ids:
                raise WidgetError(Msg("there is no puzzle {id} among those chosen", {"id": start}))
            index = ids.index(start)
        self.selection = chosen
        self._sync_filters(topic, rating)
        self._show(index)

    def _sync_filters(self, topic: str | None, rating: tuple[int, int] | None) -> None:
        self._syncing = True
        try:
            self.topic_input.value = topic or ""
            if rating is not None:
                self.rating_low.value = rating[0]  # clamped to the set's range
                self.rating_high.value = max(rating[0], rating[1])
        finally:
            self._syncing = False

    def _filters_changed(self) -> None:
        if self._syncing:
            return
        self.set_filter(self.topic_input.value or None, self.rating_range)

    @property
    def rating_range(self) -> tuple[int, int]:
        """The ratings the two sliders choose, lower first (they may be dragged past each other)."""
        ends = sorted((round(self.rating_low.value), round(self.rating_high.value)))
        return ends[0], ends[1]

    def go_to(self, puzzle_id: str) -> None:
        """Show the puzzle with this id (it must be in the selection)."""
        ids = [p.id for p in self.selection]
        if puzzle_id not in ids:
            raise WidgetError(Msg("there is no puzzle {id} among those chosen", {"id": puzzle_id}))
        self._show(ids.index(puzzle_id))

    def next(self) -> None:
        """The next puzzle of the selection (after the last: the first again)."""
        self._show((self.index + 1) % len(self.selection))

    def previous(self) -> None:
        """The previous puzzle of the selection."""
        self._show((self.index - 1) % len(self.selection))

    def _show(self, index: int) -> None:
        self.index = index
        self.match = self.puzzle.match()
        self.state = OPEN
        self.tried = []
        self.picker.clear()
        self.refresh()
        self.board.announcement = self._question()

    # -- answering -------------------------------------------------------------------------

    def choose(self, move: Action | str) -> bool:
        """Answer the puzzle with a move (an action, its notation or plain words).

        True if it is the answer: the explanation shows and the streak grows (if it
        was the first try). A wrong move shows what it gives against the best and
        resets the streak; the puzzle stays open. An illegal move raises and
        changes nothing.
        """
        if self.state != OPEN:
            raise WidgetError(Msg("this puzzle is done: go to the next one"))
        action = self._read(move)
        reason = self.match.why_illegal(action)
        if reason is not None:
            raise WidgetError(reason)
        puzzle = self.puzzle
        self.picker.clear()
        if puzzle.is_answer(action):
            if not self.tried:
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            self.solved.add(puzzle.id)
            self.state = SOLVED
            self.match.push(action)
            self.refresh()
            self.board.announcement = self._verdict_text()
            return True
        self.tried.append(action)
        self.streak = 0
        self.refresh()
        self.board.announcement = self._verdict_text()
        return False

    def _read(self, move: Action | str) -> Action:
        if not isinstance(move, str):
            return move
        try:
            return parse_action(move)
        except ValueError:
            from exact61_widgets.engine.movetext import parse_move

            return parse_move(self.match, move)

    def play(self, action: Action) -> None:
        """A move chosen on the board or typed in the move line: :meth:`choose` it."""
        self.choose(action)

    def reveal(self) -> None:
        """Give up: show the answer, its explanation and the position after it."""
        if self.state != OPEN:
            raise WidgetError(Msg("this puzzle is done: go to the next one"))
        self.streak = 0
        self.state = SHOWN
        self.match.push(self.puzzle.answers[0])
        self.picker.clear()
        self.refresh()
        self.board.announcement = self._verdict_text()

    def _typing_refused(self) -> Msg | None:
        return None if self.state == OPEN else Msg("this puzzle is done: go to the next one")

    def _clickable_tiles(self) -> list[Tile] | None:
        if self.state != OPEN:
            self.board.announcement = gettext("This puzzle is done: go to the next one.", self.lang)
            return None
        return list(self.match.hand(self.puzzle.seat))

    # -- texts -------------------------------------------------------------------------------

    def _question(self) -> str:
        puzzle = self.puzzle
        lang = self.lang
        return f"{puzzle.task().text(lang)} {seen_text(self._position(), lang)}"

    def _position(self) -> Match:
        """The puzzle's position (before the answer, even after it was played)."""
        return self.match if self.state == OPEN else self.puzzle.match()

    def _title(self) -> str:
        puzzle = self.puzzle
        lang = self.lang
        text = Msg(
            "Puzzle {id} ({number} of {count}), rating {rating}",
            {
                "id": puzzle.id,
                "number": self.index + 1,
                "count": len(self.selection),
                "rating": puzzle.rating,
            },
        ).text(lang)
        if self.state != OPEN:
            text += ". " + Msg(
                "Themes: {themes}",
                {"themes": ", ".join(theme_name(t, lang) for t in puzzle.themes)},
            ).text(lang)
        return text

    def _verdict_text(self) -> str:
        puzzle = self.puzzle
        lang = self.lang
        if self.state == SOLVED:
            return f"{gettext('Right!', lang)} {puzzle.explain(lang)}"
        if self.state == SHOWN:
            return f"{gettext('The answer, shown:', lang)} {puzzle.explain(lang)}"
        if not self.tried:
            return ""
        last = self.tried[-1]
        return Msg(
            "Not the best: {move}. {feedback} Try again.",
            {"move": action_msg(last), "feedback": puzzle.feedback(last, lang)},
        ).text(lang)

    def _streak_text(self) -> str:
        return Msg(
            "Streak: {streak} (best {best}); solved {solved}",
            {
                "streak": self.streak,
                "best": self.best_streak,
                "solved": Plural("{n} puzzle", "{n} puzzles", len(self.solved)),
            },
        ).text(self.lang)

    # -- drawing -----------------------------------------------------------------------------

    def _panels(self) -> tuple[Figure, ...]:
        match = self.match
        puzzle = self.puzzle
        seat = puzzle.seat
        places = (
            self.picker.targets(match.layout, match.why_illegal) if (self.state == OPEN) else ()
        )
        panels = [
            Figure(LayoutSpec(str(match.layout), places=places, play=last_play(match))),
            Figure(
                HandSpec(tuple(str(t) for t in match.hand(seat)), self.picker.chosen()),
                "hand",
                Msg("Your hand (seat {seat})", {"seat": seat}).text(self.lang),
            ),
        ]
        for other in range(match.players):
            if other != seat:
                panels.append(
                    Figure(
                        HandSpec(tuple(str(t) for t in match.hand(other)), face_up=False),
                        f"seat{other}",
                        seat_label(other, False, self.lang),
                    )
                )
        panels.append(Figure(BoneyardSpec(match.boneyard_count), "boneyard"))
        panels.append(Figure(ScoreSpec(match.scores, match.players, tally=False), "scores"))
        return tuple(panels)

    def refresh(self) -> None:
        """Redraw everything from the state."""
        self._show_panels(self._panels())
        lang = self.lang
        self.title.value = f"<p><b>{html.escape(self._title())}</b></p>"
        self.question.value = (
            f"<p>{html.escape(self._question())}</p>"
            f"<p>{html.escape(scores_text(self._position(), lang))}</p>"
        )
        verdict = self._verdict_text()
        self.feedback.value = "" if not verdict else f"<p>{html.escape(verdict)}</p>"
        if verdict:  # screen readers hear the verdict: the board's live line reads it out
            self.board.announcement = verdict
        self.streak_line.value = f"<p>{html.escape(self._streak_text())}</p>"
        self.fairness_line.value = f"<p>{html.escape(self.puzzle.fairness_text(lang))}</p>"
        self.reveal_button.disabled = self.state != OPEN
        self.move_line.refresh()

    # -- outside a live kernel -------------------------------------------------------------------

    def static_html(self) -> str | None:
        """The question as a saved notebook shows it: the table, your hand, the facts.

        Always the position before the answer, so a saved page never gives it away.
        """
        match = self._position()
        puzzle = self.puzzle
        panels = (
            Figure(LayoutSpec(str(match.layout), play=last_play(match))),
            Figure(
                HandSpec(tuple(str(t) for t in match.hand(puzzle.seat))),
                "hand",
                Msg("Your hand (seat {seat})", {"seat": puzzle.seat}).text(self.lang),
            ),
        )
        _, markup = compose(panels, f"{self.prefix}-static", self.lang)
        lang = self.lang
        title = Msg(
            "Puzzle {id}, rating {rating}", {"id": puzzle.id, "rating": puzzle.rating}
        ).text(lang)
        return (
            f'<div class="exact61-puzzle-static"><p><b>{html.escape(title)}</b></p>'
            f"<p>{html.escape(self._question())}</p>"
            f"<p>{html.escape(scores_text(match, lang))}</p>{markup}"
            f"<p>{html.escape(puzzle.fairness_text(lang))}</p></div>"
        )

    def plain_text(self) -> str:
        """E.g. ``PuzzleWidget(puzzle='p012', rating=1350, lang='en')``."""
        return (
            f"PuzzleWidget(puzzle={self.puzzle.id!r}, rating={self.puzzle.rating}, "
            f"lang={self.lang!r})"
        )


def puzzle_moves(puzzle: Puzzle) -> list[Play]:
    """The legal moves of a puzzle's position (for tests and notebooks)."""
    return [a for a in puzzle.match().legal_actions() if isinstance(a, Play)]
