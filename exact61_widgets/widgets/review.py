"""The review widget: step through a reviewed match, see every move graded, try the mistakes again.

It shows, for the decision chosen, the table before the move with every hand face
up (the review knows them all), the scores, and the move's grade: its fair value
against every other legal action (mean over the sampled deals, 95% interval),
its value in hindsight when the real deal was solved, and at a mistake or a
blunder the better move in words. A graph shows each side's expected outcome
at its decisions over the match, the errors marked by shape. Buttons step
move by move, jump to the first or last, to the previous or next mistake, and
"Try it yourself" poses the position of a mistake as a puzzle (the
:class:`~exact61_widgets.widgets.puzzle.PuzzleWidget`). A slider names the move;
the board's live line reads out every grade. Saved without a kernel, it shows
the summary table (per seat and per side) and the graph.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.movetext import action_msg
from exact61_widgets.engine.review import SAMPLES, Decision, Review, review
from exact61_widgets.engine.review.result import percent, points
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.render.svg_review import review_graph_svg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.views.match_status import scores_text, seat_label
from exact61_widgets.widgets.base import BoardWidget
from exact61_widgets.widgets.buttons import buttons, text_line
from exact61_widgets.widgets.figures import (
    BoneyardSpec,
    Figure,
    LayoutSpec,
    ScoreSpec,
    SeatsSpec,
    compose,
)
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix
from exact61_widgets.widgets.slider import NamedSlider


class ReviewWidget(BoardWidget, StaticPicture, w.VBox):  # type: ignore[misc]
    """A reviewed match, move by move: the table with every hand open, grades, the graph.

    ``source`` is a :class:`~exact61_widgets.engine.review.Review`, or a
    :class:`~exact61_widgets.engine.match.Match`, a game record or a saved scenario
    to review now (``seed``, ``samples`` and ``workers`` go to
    :func:`~exact61_widgets.engine.review.review`). Key methods: :meth:`go_to` (a
    decision's number), :meth:`next`, :meth:`previous`, :meth:`first`, :meth:`last`,
    :meth:`next_mistake`, :meth:`previous_mistake`, :meth:`try_it`.

    >>> from exact61_widgets.engine import Match
    >>> match = Match(2, seed=5)
    >>> for _ in range(4):
    ...     events = match.push(match.legal_actions()[0])
    >>> widget = ReviewWidget(match, seed=1, samples=10)
    >>> widget.go_to(3)
    >>> widget.decision.number, str(widget.decision.played), widget.decision.grade
    (3, '[0|4]@[0|2]:low', 'best')
    """

    kept = ("index",)

    def __init__(
        self,
        source: Review | Match | Mapping[str, Any],
        *,
        seed: int | str = 0,
        samples: int = SAMPLES,
        workers: int = 1,
        lang: str | None = None,
        name: str | None = None,
        theme: str = "auto",
    ) -> None:
        self.lang = check_lang(lang)
        lang = self.lang
        self.review = (
            source
            if isinstance(source, Review)
            else review(source, seed=seed, samples=samples, workers=workers)
        )
        if not self.review.decisions:
            raise WidgetError(Msg("there is no move to review: nothing was played"))
        key = tuple((d.number, d.grade, round(d.expected, 2)) for d in self.review.decisions)
        self.prefix = id_prefix("review", key, lang, name=name)
        self._own_board(theme)
        self.board.label = gettext("The table before the move, every hand open", lang)
        cb = self.guard.callback
        self.title = text_line("exact61-review-title")
        self.status = text_line("exact61-status")
        self.details = text_line("exact61-review-details")
        self.graph = text_line("exact61-review-graph")
        self.summary = text_line("exact61-review-summary", self.summary_html())
        (
            self.first_button,
            self.previous_button,
            self.next_button,
            self.last_button,
            self.previous_mistake_button,
            self.next_mistake_button,
            self.try_button,
        ) = buttons(
            [
                (gettext("First move", lang), "first", "fast-backward", self.first),
                (gettext("Previous move", lang), "previous", "step-backward", self.previous),
                (gettext("Next move", lang), "next", "step-forward", self.next),
                (gettext("Last move", lang), "last", "fast-forward", self.last),
                (
                    gettext("Previous mistake", lang),
                    "previous-mistake",
                    "backward",
                    self.previous_mistake,
                ),
                (gettext("Next mistake", lang), "next-mistake", "forward", self.next_mistake),
                (gettext("Try it yourself", lang), "try-it", "puzzle-piece", self.try_it),
            ],
            cb,
        )
        count = len(self.review.decisions)
        self.slider = NamedSlider(gettext("Move", lang), value=1, min=1, max=count, step=1)
        self.slider.add_class("exact61-review-move")
        self.slider.observe(cb(self._slid), names="value")
        self.puzzle_area = w.VBox()
        self.puzzle_area.add_class("exact61-review-puzzle")
        self.index = 0
        self.match: Match = self.review.at(self.review.decisions[0])
        self._cache: dict[tuple[Any, str, str], str] = {}
        self._syncing = False
        super().__init__(
            [
                self.title,
                self.graph,
                w.HBox(
                    [self.first_button, self.previous_button, self.next_button, self.last_button]
                ),
                w.HBox([self.previous_mistake_button, self.next_mistake_button, self.try_button]),
                self.slider,
                self.status,
                self.board,
                self.details,
                self.puzzle_area,
                self.summary,
            ]
        )
        self.add_class("exact61-review")
        self._show(0)

    # -- moving --------------------------------------------------------------------------------

    @property
    def decision(self) -> Decision:
        """The decision shown now."""
        return self.review.decisions[self.index]

    def go_to(self, number: int) -> None:
        """Show decision ``number`` (1 to the number of decisions)."""
        count = len(self.review.decisions)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise WidgetError(
                Msg(
                    "there is no move {number}: the moves are numbered 1 to {count}",
                    {"number": repr(number), "count": count},
                )
            )
        self._show(number - 1)

    def next(self) -> None:
        """The next decision (the last stays)."""
        self._show(min(self.index + 1, len(self.review.decisions) - 1))

    def previous(self) -> None:
        """The previous decision (the first stays)."""
        self._show(max(self.index - 1, 0))

    def first(self) -> None:
        """The first decision."""
        self._show(0)

    def last(self) -> None:
        """The last decision."""
        self._show(len(self.review.decisions) - 1)

    def next_mistake(self) -> None:
        """The next mistake or blunder after the one shown; says so if there is none."""
        later = [d for d in self.review.errors if d.number > self.decision.number]
        if not later:
            self.board.announcement = gettext("No mistake after this move.", self.lang)
            return
        self._show(later[0].number - 1)

    def previous_mistake(self) -> None:
        """The previous mistake or blunder before the one shown; says so if there is none."""
        earlier = [d for d in self.review.errors if d.number < self.decision.number]
        if not earlier:
            self.board.announcement = gettext("No mistake before this move.", self.lang)
            return
        self._show(earlier[-1].number - 1)

    def _slid(self) -> None:
        if not self._syncing:
            self._show(round(self.slider.value) - 1)

    def _show(self, index: int) -> None:
        self.index = index
        self.match = self.review.at(self.decision)
        self.puzzle_area.children = ()
        self._syncing = True
        try:
            self.slider.value = index + 1
        finally:
            self._syncing = False
        self.refresh()
        self.board.announcement = self.decision.text(self.lang)

    # -- trying a mistake ----------------------------------------------------------------------

    def try_it(self) -> Any:
        """Pose the position shown as a puzzle whose answer is the better move; return the widget.

        Only at a decision where a better move exists (not the best, not an only move).
        """
        from exact61_widgets.puzzles.from_review import as_puzzle
        from exact61_widgets.widgets.puzzle import PuzzleWidget

        decision = self.decision
        if decision.grade in ("best", "only"):
            raise WidgetError(Msg("this move was already the best: nothing to try here"))
        puzzle = as_puzzle(self.review, decision)
        if puzzle is None:
            raise WidgetError(Msg("a position set up by hand cannot be posed as a puzzle"))
        widget = PuzzleWidget([puzzle], lang=self.lang, name=f"{self.prefix}-try{decision.number}")
        self.puzzle_area.children = (widget,)
        self.board.announcement = gettext(
            "The position is posed as a puzzle below: find the better move.", self.lang
        )
        return widget

    # -- texts ----------------------------------------------------------------------------------

    def _title(self) -> str:
        d = self.decision
        return Msg(
            "Move {number} of {count}: hand {hand}, seat {seat}",
            {
                "number": d.number,
                "count": len(self.review.decisions),
                "hand": d.hand,
                "seat": d.seat,
            },
        ).text(self.lang)

    def _details_html(self) -> str:
        d = self.decision
        lang = self.lang
        parts = [f"<p>{html.escape(d.text(lang))}</p>"]
        if d.grade == "only":
            return "".join(parts)
        head = [
            gettext("move", lang),
            gettext("chance to win the match", lang),
            gettext("interval at 95%", lang),
            gettext("hand points", lang),
            gettext("wins", lang),
            gettext("losses", lang),
            gettext("hindsight", lang),
        ]
        rows = []
        ranked = sorted(d.actions, key=lambda a: -a.fair.mean)
        for a in ranked:
            marks = []
            if a.action == d.played:
                marks.append(gettext("played", lang))
            if a.action == d.best:
                marks.append(gettext("best", lang))
            name = action_msg(a.action).text(lang)
            if marks:
                name += f" ({', '.join(marks)})"
            cells = [
                name,
                percent(a.fair.mean, lang),
                f"{percent(a.fair.low, lang)} … {percent(a.fair.high, lang)}",
                "—" if d.points_loss is None else points(a.points.mean, lang),
                str(a.wins),
                str(a.losses),
                "—" if a.hindsight is None else percent(a.hindsight, lang),
            ]
            rows.append("".join(f"<td>{html.escape(c)}</td>" for c in cells))
        caption = Msg(
            "Every legal move over {n} sampled deals ({method}): the mover's side's chance to "
            "win the match after it, and while the match cannot end in this hand its points "
            "in the hand (displayed); wins and losses count the deals in which the match is "
            "decided.",
            {
                "n": d.samples,
                "method": gettext("solved exactly", lang)
                if d.method == "exact"
                else gettext("greedy playouts", lang),
            },
        ).text(lang)
        parts.append(
            f'<table class="exact61-review-moves"><caption>{html.escape(caption)}</caption>'
            "<thead><tr>"
            + "".join(f'<th scope="col">{html.escape(h)}</th>' for h in head)
            + "</tr></thead><tbody>"
            + "".join(f"<tr>{r}</tr>" for r in rows)
            + "</tbody></table>"
        )
        if d.is_error:
            from exact61_widgets.puzzles.from_review import better_move

            words, _, _ = better_move(self.match, d)
            parts.append(f'<p class="exact61-review-why">{html.escape(words.text(lang))}</p>')
        return "".join(parts)

    def summary_html(self) -> str:
        """The summary table: per seat and per side, the error rate and the count of each class."""
        rows = self.review.summary_rows(self.lang)
        caption = Msg(
            "Summary: the mean loss per decision with a choice (a share of the match, with its "
            "interval at 95%), the match's rating by it, the share of best moves and how many "
            "of each class, over {n} sampled deals a decision.",
            {"n": self.review.samples},
        ).text(self.lang)
        head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in rows[0])
        body = "".join(
            "<tr>"
            + f'<th scope="row">{html.escape(r[0])}</th>'
            + "".join(f"<td>{html.escape(c)}</td>" for c in r[1:])
            + "</tr>"
            for r in rows[1:]
        )
        return (
            f'<table class="exact61-review-table"><caption>{html.escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    # -- drawing ---------------------------------------------------------------------------------

    def _panels(self) -> tuple[Figure, ...]:
        match = self.match
        d = self.decision
        played = d.played
        places = (str(played.at),) if isinstance(played, Play) and played.at is not None else ()
        labels = tuple(seat_label(s, s == d.seat, self.lang) for s in range(match.players))
        return (
            Figure(LayoutSpec(str(match.layout), places=places, last=True)),
            Figure(
                SeatsSpec(
                    tuple(tuple(str(t) for t in h) for h in match.hands),
                    labels,
                    highlight=(str(played.tile),) if isinstance(played, Play) else (),
                ),
                "seats",
            ),
            Figure(BoneyardSpec(match.boneyard_count), "boneyard"),
            Figure(ScoreSpec(match.scores, match.players, tally=False), "scores"),
        )

    def graph_svg(self, current: int | None = None) -> str:
        """The graph, with the decision ``current`` marked (None: none)."""
        return str(
            review_graph_svg(
                self.review,
                current=current,
                lang=self.lang,
                theme=self.board.drawn_theme,
                id_prefix=f"{self.prefix}-graph",
            )
        )

    def refresh(self) -> None:
        """Redraw everything from the state."""
        picture, markup = compose(
            self._panels(), self.prefix, self.lang, self._cache, theme=self.board.drawn_theme
        )
        self.board.show(picture, markup)
        self.title.value = f"<p><b>{html.escape(self._title())}</b></p>"
        self.status.value = f"<p>{html.escape(scores_text(self.match, self.lang))}</p>"
        self.details.value = self._details_html()
        self.graph.value = self.graph_svg(self.decision.number)
        errors = self.review.errors
        number = self.decision.number
        self.previous_mistake_button.disabled = not any(e.number < number for e in errors)
        self.next_mistake_button.disabled = not any(e.number > number for e in errors)
        self.try_button.disabled = self.decision.grade in ("best", "only")
        self.previous_button.disabled = self.first_button.disabled = self.index == 0
        last = self.index == len(self.review.decisions) - 1
        self.next_button.disabled = self.last_button.disabled = last

    def _restored(self) -> None:
        self.match = self.review.at(self.decision)
        self.refresh()

    # -- outside a live kernel -----------------------------------------------------------------

    def static_svg(self) -> str:
        """The graph (no decision marked)."""
        return self.graph_svg()

    def static_html(self) -> str | None:
        """The saved form: the summary table and the graph, no kernel needed."""
        title = gettext("Review of the match", self.lang)
        return (
            f'<div class="exact61-review-static"><p><b>{html.escape(title)}</b></p>'
            f"{self.summary_html()}{self.graph_svg()}</div>"
        )

    def plain_text(self) -> str:
        """E.g. ``ReviewWidget(decisions=152, errors=12, samples=200, lang='en')``."""
        return (
            f"ReviewWidget(decisions={len(self.review.decisions)}, "
            f"errors={len(self.review.errors)}, samples={self.review.samples}, lang={self.lang!r})"
        )
