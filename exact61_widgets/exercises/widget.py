"""The exercise widget: a question, a text box, Check, Show solution, one line of feedback.

Predict, then see: the feedback on a wrong answer says what is wrong with it
but not what is right; the solution (the engine's answer and why) appears only
on request — the Show solution button, enabled after the first answer that
could be read, or :meth:`Exercise.show_solution` from code. Outside a live
kernel (GitHub, a saved notebook) the widget shows its question as HTML, with
the solution folded in a ``<details>`` the reader has to open, and a
``data-exercise`` attribute holding the task as JSON (:func:`task_from_spec`
rebuilds it, so tests can read a saved notebook's exercises). Its
``text/plain`` is a fixed text without the answer or a memory address, so
strict nbval compares the same bytes on every run.
"""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets as w

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.exercises.result import Result
from exact61_widgets.exercises.tasks import Task
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.widgets.buttons import button

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class Exercise(w.VBox):  # type: ignore[misc]
    """Ask ``task``'s question; on Check, show the engine's verdict on the typed answer.

    ``question`` replaces the task's own question (text already in ``lang``, or a
    :class:`Msg`); ``name`` names the exercise in its plain-text form and its
    saved data (default: the task's kind); ``lang`` None is the session's
    language. :meth:`check` does what the Check button does, :meth:`show_solution`
    what the Show solution button does, for code and tests.
    """

    def __init__(
        self,
        task: Task,
        *,
        question: str | Msg | None = None,
        lang: str | None = None,
        name: str | None = None,
    ) -> None:
        self.lang = check_lang(lang)
        self.task = task
        self.name = name if name is not None else task.kind
        asked = task.question() if question is None else question
        self.question_text = asked if isinstance(asked, str) else asked.text(self.lang)
        #: The verdict on the last answer checked, or None before the first.
        self.result: Result | None = None
        #: Whether an answer that could be read has been checked (the solution is then offered).
        self.attempted = False
        self.question = w.HTML(f"<p>{html.escape(self.question_text)}</p>")
        self.answer = w.Text(
            placeholder=task.placeholder,
            continuous_update=False,
            description=gettext("Answer", self.lang),
            layout=w.Layout(width="32em"),
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
        self.check_button.on_click(lambda _button: self._checked())
        self.solution_button.on_click(lambda _button: self.show_solution())
        self.answer.observe(lambda _change: self._checked(), names="value")
        super().__init__(
            [
                self.question,
                w.HBox([self.answer, self.check_button, self.solution_button]),
                self.feedback,
                self.solution,
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
        """Show the solution under the feedback (an explicit request) and return its text."""
        text = self.task.solution(self.lang)
        head = html.escape(gettext("Solution", self.lang))
        self.solution.value = (
            f'<div role="region" aria-label="{head}">'
            f"<p><b>{head}:</b> {html.escape(text)}</p></div>"
        )
        return text

    def _checked(self) -> None:
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

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        head = html.escape(gettext("Exercise", self.lang))
        note = html.escape(gettext("Run this notebook to type an answer and check it.", self.lang))
        fold = html.escape(gettext("Solution", self.lang))
        saved = html.escape(
            json.dumps(self.spec(), ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            quote=True,
        )
        solution = html.escape(self.task.solution(self.lang))
        data: dict[str, Any] = {
            "text/plain": repr(self),
            "text/html": (
                f"<div class=\"exact61-exercise\" data-exercise='{saved}'>"
                f"<p><b>{head}:</b> {html.escape(self.question_text)}</p>"
                f"<p><i>{note}</i></p>"
                f'<details class="exact61-solution"><summary>{fold}</summary>'
                f"<p>{solution}</p></details></div>"
            ),
        }
        if getattr(self, "_view_name", None) is not None:
            data[WIDGET_VIEW] = {"version_major": 2, "version_minor": 0, "model_id": self.model_id}
        return data
