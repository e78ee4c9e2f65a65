"""Practice: a stream of fresh exercises, a mixed review, and "my progress".

:class:`Practice` asks one fresh exercise after another (:func:`generate`: the
kinds in turn, from a seed, at a difficulty); with ``review=True`` it asks
first the kinds this learner still gets wrong, as their own record says
(:meth:`LearnerRecord.weak_kinds`), then the others. :class:`MyProgress` shows
the record: per notebook and per kind what was right and wrong, per
misconception how often it was named and whether it is fixed; one button
resets it. Both load ipywidgets, like :class:`Exercise`.
"""

from __future__ import annotations

import html

import ipywidgets as w

from exact61_widgets.exercises.generate import generate, generated_kinds
from exact61_widgets.exercises.learner_record import LearnerRecord, shared_record
from exact61_widgets.exercises.task import task_classes
from exact61_widgets.i18n import Msg, check_lang, gettext
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.exercise import Exercise


class Practice(w.VBox):  # type: ignore[misc]
    """Fresh exercises one after another: ``kinds`` (default: every kind the generator
    makes) in turn, at ``difficulty``, from ``seed``; ``review`` puts first the kinds this
    learner still gets wrong (``record``: default, their own)."""

    def __init__(
        self,
        kinds: list[str] | None = None,
        difficulty: int = 1,
        *,
        seed: int = 0,
        review: bool = False,
        record: LearnerRecord | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = check_lang(lang)
        self.record = shared_record() if record is None and review else record
        chosen = list(kinds) if kinds else list(generated_kinds())
        weak = [k for k in self.record.weak_kinds() if k in chosen] if self.record else []
        #: The kinds in the order they are asked.
        self.order = [*weak, *(k for k in chosen if k not in weak)]
        self.difficulty = difficulty
        self.seed = seed
        #: How many exercises have been asked.
        self.asked = 0
        self.current: Exercise | None = None
        self.box = w.VBox([])
        self.next_button = button(gettext("Next exercise", self.lang), "next", icon="forward")
        self.next_button.on_click(lambda _button: self.next())
        note = self.record.problem if self.record is not None else None
        self.note = w.HTML(f"<p>{html.escape(note.text(self.lang))}</p>" if note else "")
        super().__init__([self.note, self.box, self.next_button])
        self.add_class("exact61-practice")
        self.next()

    def __repr__(self) -> str:
        """What a saved notebook shows as text: the call, no memory address, no record."""
        return f"Practice({self.order!r}, difficulty={self.difficulty}, lang={self.lang!r})"

    def next(self) -> Exercise:
        """Ask the next fresh exercise."""
        kind = self.order[self.asked % len(self.order)]
        task = generate(kind, self.seed + self.asked, self.difficulty)
        self.asked += 1
        self.current = Exercise(
            task, name=f"practice-{self.asked}", lang=self.lang, question_pictures=True
        )
        self.box.children = (self.current,)
        return self.current


def _rows(rows: list[tuple[str, str, str]], heads: tuple[str, str, str]) -> str:
    head = "".join(f"<th scope='col'>{html.escape(h)}</th>" for h in heads)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def misconception_hints() -> dict[str, Msg]:
    """Every misconception's hint, by key (one key means one hint)."""
    return {m.key: m.hint for cls in task_classes() for m in cls.misconceptions}


class MyProgress(w.VBox):  # type: ignore[misc]
    """This learner's record at a glance, and a button that resets it."""

    def __init__(self, record: LearnerRecord | None = None, *, lang: str | None = None) -> None:
        self.lang = check_lang(lang)
        self.record = shared_record() if record is None else record
        self.view = w.HTML("")
        self.reset_button = button(gettext("Reset my record", self.lang), "reset", icon="trash")
        self.reset_button.on_click(lambda _button: self.reset())
        super().__init__([self.view, self.reset_button])
        self.add_class("exact61-progress")
        self.refresh()

    def __repr__(self) -> str:
        """What a saved notebook shows as text: never the record itself (it is the learner's)."""
        return f"MyProgress(lang={self.lang!r})"

    def refresh(self) -> str:
        """Draw the record again (after more answers); return the view's HTML."""
        lang = self.lang
        progress = self.record.progress()
        parts = []
        if self.record.problem is not None:
            parts.append(f"<p>{html.escape(self.record.problem.text(lang))}</p>")
        if not self.record.answers:
            parts.append(f"<p>{html.escape(gettext('No answers yet.', lang))}</p>")
        else:
            right, wrong = gettext("right answers", lang), gettext("wrong answers", lang)
            books = [(k, str(r), str(n)) for k, (r, n) in sorted(progress.by_notebook.items())]
            parts.append(_rows(books, (gettext("Notebook", lang), right, wrong)))
            hints = misconception_hints()
            mistakes = [
                (
                    hints[key].text(lang) if key in hints else key,
                    str(times),
                    gettext("fixed", lang) if fixed else gettext("still to practise", lang),
                )
                for key, (times, fixed) in sorted(progress.by_mistake.items())
            ]
            if mistakes:
                parts.append(
                    _rows(
                        mistakes,
                        (
                            gettext("Mistake", lang),
                            gettext("times named", lang),
                            gettext("now", lang),
                        ),
                    )
                )
        shown = "".join(parts)
        self.view.value = shown
        return shown

    def reset(self) -> None:
        """Forget every answer of this learner."""
        self.record.reset()
        self.refresh()
