"""The exercise widget: a question, a text box, Check, Show solution, feedback and the reveal.

Predict, then see. The feedback on a wrong answer says what is wrong with it
but not what is right. The exercise owns its *reveal* — the engine's picture
of the answer, and whatever the tutorial adds: a walkthrough, another
picture, the engine's explanation of an event — and shows it only after a
right answer or on request (the Show solution button, enabled after the first
answer that could be read, or :meth:`Exercise.show_solution` from code); run
all cells and nothing is revealed. "Another one like this"
(:meth:`Exercise.another`) asks a fresh task of the same kind and difficulty,
with the pictures its question needs. Outside a live kernel (GitHub, a saved
notebook) the widget shows its question and the form of its answer as HTML,
with the solution and the whole reveal folded in a ``<details>`` the reader
has to open, and a ``data-exercise`` attribute holding the task as JSON
(:func:`~exact61_widgets.exercises.task_from_spec` rebuilds it, so tests can
read a saved notebook's exercises). Its ``text/plain`` is a fixed text without
the answer or a memory address, so strict nbval compares the same bytes on
every run.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.exercises.asking import question_html
from exact61_widgets.exercises.asking import question_pictures as pictures_for
from exact61_widgets.exercises.generate import generated_kinds, like
from exact61_widgets.exercises.learner_record import keep
from exact61_widgets.exercises.reveal import RevealItem, item_html, reveal_items, saved_html
from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import Result
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.mimebundle import id_prefix

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _live_widgets(items: Iterable[RevealItem], lang: str) -> list[Any]:
    """The widgets a running kernel shows for the items (a picture or text as HTML)."""
    shown: list[Any] = []
    for item in items:
        if item.shape == "widget":
            shown.append(item.content)
            continue
        part = w.HTML(item_html(item, lang))
        part.add_class(f"exact61-reveal-{item.shape}")
        shown.append(part)
    return shown


class Exercise(w.VBox):  # type: ignore[misc]
    """Ask ``task``'s question; on Check, show the engine's verdict on the typed answer.

    ``reveal``: what shows the answer, besides the solution's text — a picture
    (SVG), a text (a :class:`Msg`, or text already in ``lang``), a widget such
    as a walkthrough, or a list of them. ``picture`` (default True) puts the
    engine's own picture of the answer (:meth:`Task.picture`) first. Both are
    shown only after a right answer or on request. ``question`` replaces the
    task's own question; ``question_pictures`` draws the pictures the question
    needs under it (a fresh exercise, which has no page around it); ``name``
    names the exercise in its plain-text form, its saved data and its pictures'
    ids (default: the task's kind); ``lang`` None is the session's language.
    :meth:`check` does what the Check button does, :meth:`show_solution` what
    the Show solution button does, :meth:`another` what "Another one like this"
    does, for code and tests. In a live notebook every checked answer goes to
    the learner's own record (:mod:`~exact61_widgets.exercises.learner_record`).

    >>> from exact61_widgets.exercises import DisplayedPoints
    >>> exercise = Exercise(DisplayedPoints(35))  # "how many displayed points are 35 raw?"
    >>> exercise.check("7").ok
    True
    >>> exercise.check("35").diagnosis  # the mistake named: raw points not divided by 5
    ('raw-not-divided',)
    """

    def __init__(
        self,
        task: Task,
        *,
        reveal: object = None,
        picture: bool = True,
        question: str | Msg | None = None,
        lang: str | None = None,
        name: str | None = None,
        question_pictures: bool = False,
    ) -> None:
        self.lang = check_lang(lang)
        self.task = task
        self.name = name if name is not None else task.kind
        prefix = id_prefix("exercise", task.spec(), name=name)
        asked = task.question() if question is None else question
        self.question_text = asked if isinstance(asked, str) else asked.text(self.lang)
        self.form_text = task.answer_form().text(self.lang)
        own = task.picture(f"{prefix}-answer", self.lang) if picture else None
        #: What the exercise reveals after a right answer or on request, in order.
        self.reveal_items: tuple[RevealItem, ...] = (
            *reveal_items(own),
            *reveal_items(reveal),
        )
        #: The verdict on the last answer checked, or None before the first.
        self.result: Result | None = None
        #: Whether an answer that could be read has been checked (the solution is then offered).
        self.attempted = False
        #: Whether the reveal is shown (after a right answer or on request).
        self.revealed = False
        drawn = (
            "".join(pictures_for(task, f"{prefix}-question", self.lang))
            if question_pictures
            else ""
        )
        self.question = w.HTML(question_html(task, self.question_text, drawn))
        self.answer = w.Text(
            placeholder=self.form_text,
            continuous_update=False,
            description=gettext("Answer", self.lang),
            layout=w.Layout(width="36em"),
        )
        self.check_button = button(
            gettext("Check", self.lang), "check", button_style="primary", icon="check"
        )
        self.solution_button = button(
            gettext("Show solution", self.lang),
            "solution",
            icon="eye",
            disabled=True,
            tooltip=gettext("The answer and why: try an answer first", self.lang),
        )
        self.feedback = w.HTML("")
        self.feedback.add_class("exact61-feedback")
        self.solution = w.HTML("")
        self.solution.add_class("exact61-solution-text")
        self.reveal_box = w.VBox([])
        self.reveal_box.add_class("exact61-reveal")
        #: The exercise as the page asked it; "Another one like this" makes tasks like it.
        self.first_task = task
        #: How many fresh tasks this exercise has made (the next one's seed).
        self.fresh = 0
        self._resetting = False
        self.another_button = button(
            gettext("Another one like this", self.lang),
            "another",
            icon="refresh",
            disabled=task.kind not in generated_kinds(),
            tooltip=gettext("A fresh position of the same kind and difficulty", self.lang),
        )
        self.check_button.on_click(lambda _button: self._checked())
        self.solution_button.on_click(lambda _button: self.show_solution())
        self.another_button.on_click(lambda _button: self.another())
        self.answer.observe(lambda _change: self._checked(), names="value")
        super().__init__(
            [
                self.question,
                w.HBox([self.answer, self.check_button, self.solution_button, self.another_button]),
                self.feedback,
                self.solution,
                self.reveal_box,
            ]
        )
        self.add_class("exact61-exercise")

    def check(self, answer: str | None = None) -> Result | None:
        """Check ``answer`` (default: what the text box holds) and show the verdict."""
        if answer is not None and answer != self.answer.value:
            self.answer.value = answer  # the observer checks it
        else:
            self._checked()
        return self.result

    def show_solution(self) -> str:
        """Show the solution and the reveal under the feedback (an explicit request);
        return the solution's text."""
        text = self.task.solution(self.lang)
        head = html.escape(gettext("Solution", self.lang))
        self.solution.value = (
            f'<div role="region" aria-label="{head}">'
            f"<p><b>{head}:</b> {html.escape(text)}</p></div>"
        )
        self.reveal()
        return text

    def reveal(self) -> None:
        """Show what the exercise reveals (once; a right answer and Show solution call it)."""
        if not self.revealed:
            self.revealed = True
            self.reveal_box.children = tuple(_live_widgets(self.reveal_items, self.lang))

    def another(self, seed: int | None = None) -> Task:
        """Ask a fresh task like the page's own (same kind and difficulty, :func:`like`), with
        the pictures its question needs; the answer, feedback and solution start anew.

        ``seed`` (default: one more than the last) makes it reproducible.
        """
        self.fresh = self.fresh + 1 if seed is None else seed
        task = like(self.first_task, self.fresh)
        self.task = task
        self.question_text = task.question().text(self.lang)
        pictures = "".join(pictures_for(task, f"{self.name}-fresh{self.fresh}", self.lang))
        self.question.value = question_html(task, self.question_text, pictures)
        self.answer.placeholder = task.answer_form().text(self.lang)
        own = task.picture(f"{self.name}-fresh{self.fresh}-answer", self.lang)
        self.reveal_items = tuple(reveal_items(own))
        self.result = None
        self.attempted = self.revealed = False
        self.solution_button.disabled = True
        self.feedback.value = self.solution.value = ""
        self.reveal_box.children = ()
        self._resetting = True
        try:
            self.answer.value = ""
        finally:
            self._resetting = False
        return task

    def _checked(self) -> None:
        if self._resetting:  # the text box emptied for a fresh task: nothing to check
            return
        text = str(self.answer.value)
        try:
            result = self.task.check(text)
        except Exact61Error as err:  # a question that cannot be asked: say so, never raise
            self.result = None
            self.feedback.value = self._line(err.text(self.lang), "error")
            return
        self.result = result
        if not result.malformed:
            self.attempted = True
            self.solution_button.disabled = False
        state = "right" if result.ok else "malformed" if result.malformed else "wrong"
        self.feedback.value = self._line(result.text(self.lang), state)
        trouble = keep(self.name, self.task, result)  # the learner's own record, if live
        if trouble is not None:
            self.feedback.value += self._line(trouble.text(self.lang), "error")
        if result.ok:
            self.reveal()

    @staticmethod
    def _line(text: str, state: str) -> str:
        mark = {"right": "✔", "wrong": "✘"}.get(state, "?")
        color = {"right": "#1a7f37", "wrong": "#b3261e"}.get(state, "#6e5a00")
        return (
            f'<p role="status" aria-live="polite" class="exact61-feedback-{state}" '
            f'style="color:{color}">{mark} {html.escape(text)}</p>'
        )

    def spec(self) -> dict[str, Any]:
        """The saved form of the exercise: its name and language, and the task's spec."""
        return {"name": self.name, "lang": self.lang, **self.task.spec()}

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, lang={self.lang!r})"

    def saved_html(self) -> str:
        """The exercise as a saved notebook shows it: the question and the form of its
        answer, then the solution and the reveal folded away."""
        head = html.escape(gettext("Exercise", self.lang))
        note = html.escape(gettext("Run this notebook to type an answer and check it.", self.lang))
        form = html.escape(
            Msg("Form of the answer: {form}.", {"form": self.form_text}).text(self.lang)
        )
        fold = html.escape(gettext("Solution", self.lang))
        saved = html.escape(
            json.dumps(self.spec(), ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            quote=True,
        )
        solution = html.escape(self.task.solution(self.lang))
        return (
            f"<div class=\"exact61-exercise\" data-exercise='{saved}'>"
            f"<p><b>{head}:</b> {html.escape(self.question_text)}</p>"
            f'<p class="exact61-answer-form"><i>{form}</i> <i>{note}</i></p>'
            f'<details class="exact61-solution"><summary>{fold}</summary>'
            f"<p>{solution}</p>{saved_html(self.reveal_items, self.lang)}</details></div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = {"text/plain": repr(self), "text/html": self.saved_html()}
        if getattr(self, "_view_name", None) is not None:
            data[WIDGET_VIEW] = {"version_major": 2, "version_minor": 0, "model_id": self.model_id}
        return data
