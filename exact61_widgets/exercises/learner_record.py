"""A learner's own record of their answers, kept on their own device and never sent anywhere.

Every answer checked in a live notebook (the exercise, its kind, right or not,
and the misconceptions its feedback named) is appended to one JSON file: in
JupyterLab and Notebook 7 the file ``record.json`` in the folder
``exact61_widgets`` of the Jupyter data directory (``jupyter --data-dir``); in
the JupyterLite site, where Python runs in the browser, the site's own drive
(``/drive``), which the browser keeps in its storage. ``EXACT61_RECORD`` names
another file. The record answers "what did I get right, what do I still get
wrong" per notebook and per misconception (:meth:`LearnerRecord.progress`), and
orders a mixed review by what this learner got wrong
(:meth:`LearnerRecord.weak_kinds`). A file that cannot be read — broken, or of
another format or version — is moved aside (renamed, never deleted), reported
in :attr:`LearnerRecord.problem`, and a new record starts: it never stops a
notebook. :meth:`LearnerRecord.reset` forgets everything.

>>> import tempfile, pathlib
>>> from exact61_widgets.exercises import Rounding
>>> path = pathlib.Path(tempfile.mkdtemp()) / "record.json"
>>> record = LearnerRecord(path)
>>> task = Rounding(18)
>>> record.add("ex-05-1", task, task.check("15"))
>>> record.progress().by_notebook["05"]
(0, 1)
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from exact61_widgets.exercises.task import Task
from exact61_widgets.exercises.verdict import Result
from exact61_widgets.i18n import Msg

FORMAT: Final = "exact61-learner-record"
VERSION: Final = 1
#: The environment variable that names another record file.
ENV: Final = "EXACT61_RECORD"


def record_path() -> Path:
    """Where this learner's record lives (see the module's text)."""
    named = os.environ.get(ENV)
    if named:
        return Path(named)
    if sys.platform == "emscripten":  # JupyterLite: the site's drive, kept by the browser
        return Path("/drive/.exact61/record.json")
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "exact61_widgets" / "record.json"


@dataclass(frozen=True)
class Answer:
    """One checked answer: the exercise's name, its kind, right or not, the mistakes named."""

    exercise: str
    kind: str
    ok: bool
    mistakes: tuple[str, ...] = ()
    at: float = 0.0

    @property
    def notebook(self) -> str:
        """The notebook an exercise of the tutorials belongs to (``ex-05-3`` → ``05``), or
        the exercise's name for one outside them (a fresh one: its kind)."""
        parts = self.exercise.split("-")
        return parts[1] if len(parts) == 3 and parts[0] == "ex" else self.exercise

    def to_json(self) -> dict[str, Any]:
        return {
            "exercise": self.exercise,
            "kind": self.kind,
            "ok": self.ok,
            "mistakes": list(self.mistakes),
            "at": self.at,
        }

    @classmethod
    def from_json(cls, data: Any) -> Answer:
        if not isinstance(data, dict):
            raise ValueError("an answer is a JSON object")
        mistakes = data.get("mistakes", [])
        if (
            not isinstance(data.get("exercise"), str)
            or not isinstance(data.get("kind"), str)
            or not isinstance(data.get("ok"), bool)
            or not isinstance(mistakes, list)
            or not all(isinstance(m, str) for m in mistakes)
            or not isinstance(data.get("at", 0.0), (int, float))
        ):
            raise ValueError(f"a malformed answer: {str(data)[:60]}")
        return cls(data["exercise"], data["kind"], data["ok"], tuple(mistakes), data.get("at", 0.0))


@dataclass(frozen=True)
class Progress:
    """What a learner got right and wrong: ``(right, wrong)`` per notebook, per kind, and per
    misconception ``(times named, times since fixed)`` — a misconception counts as fixed
    once an answer of its kind was right after it was last named."""

    by_notebook: dict[str, tuple[int, int]] = field(default_factory=dict)
    by_kind: dict[str, tuple[int, int]] = field(default_factory=dict)
    by_mistake: dict[str, tuple[int, bool]] = field(default_factory=dict)


class LearnerRecord:
    """The answers of one learner, read from and written to one JSON file (``path``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = record_path() if path is None else path
        #: Why the file found there could not be read and where it was put aside (or None).
        self.problem: Msg | None = None
        self.answers: list[Answer] = self._read()

    def _read(self) -> list[Answer]:
        if not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a learner record")
            if data.get("version") != VERSION:
                raise ValueError(f"a record of version {data.get('version')!r}, not {VERSION}")
            return [Answer.from_json(a) for a in data.get("answers", [])]
        except (OSError, ValueError, UnicodeDecodeError) as err:
            aside = self.path.with_name(f"{self.path.stem}.unreadable-{int(time.time())}.json")
            try:
                self.path.replace(aside)
            except OSError:  # pragma: no cover - a file we may read but not move
                aside = self.path
            self.problem = Msg(
                "Your record {path} could not be read ({reason}); it was kept as {aside}, and "
                "a new record starts.",
                {"path": str(self.path), "reason": str(err)[:80], "aside": aside.name},
            )
            return []

    def save(self) -> None:
        """Write the record (to a temporary file first, so that a crash leaves the old one)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "answers": [a.to_json() for a in self.answers],
        }
        spare = self.path.with_name(self.path.name + ".writing")
        spare.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
        spare.replace(self.path)

    def add(self, exercise: str, task: Task, result: Result) -> None:
        """Keep one checked answer (a malformed one is not an answer) and save."""
        if result.malformed:
            return
        self.answers.append(Answer(exercise, task.kind, result.ok, result.diagnosis, time.time()))
        self.save()

    def reset(self) -> None:
        """Forget every answer (the file is removed)."""
        self.answers.clear()
        self.path.unlink(missing_ok=True)

    def progress(self) -> Progress:
        """Right and wrong answers per notebook and kind; each misconception named, and
        whether a right answer of its kind came after it was last named."""
        books: dict[str, list[int]] = {}
        kinds: dict[str, list[int]] = {}
        named: Counter[str] = Counter()
        last: dict[str, int] = {}
        kind_of: dict[str, str] = {}
        for index, answer in enumerate(self.answers):
            for table, key in ((books, answer.notebook), (kinds, answer.kind)):
                counts = table.setdefault(key, [0, 0])
                counts[0 if answer.ok else 1] += 1
            for mistake in answer.mistakes:
                named[mistake] += 1
                last[mistake] = index
                kind_of[mistake] = answer.kind
        fixed = {
            m: any(a.ok and a.kind == kind_of[m] for a in self.answers[last[m] + 1 :])
            for m in named
        }
        return Progress(
            {k: (v[0], v[1]) for k, v in books.items()},
            {k: (v[0], v[1]) for k, v in kinds.items()},
            {m: (named[m], fixed[m]) for m in named},
        )

    def weak_kinds(self) -> list[str]:
        """The kinds this learner still gets wrong, the most wrong first: a kind with a
        misconception not yet fixed, or more wrong answers than right ones."""
        progress = self.progress()
        unfixed = Counter(
            self.kind_of_mistake(m) for m, (_, fixed) in progress.by_mistake.items() if not fixed
        )
        weak = {
            kind: unfixed[kind] + wrong
            for kind, (right, wrong) in progress.by_kind.items()
            if unfixed[kind] or wrong > right
        }
        return sorted(weak, key=lambda kind: (-weak[kind], kind))

    def kind_of_mistake(self, mistake: str) -> str:
        """The kind of the last answer that showed ``mistake``."""
        return next(a.kind for a in reversed(self.answers) if mistake in a.mistakes)


def live_kernel() -> bool:
    """Whether this runs in a notebook's kernel (answers typed by a learner are kept only
    there: not in tests, scripts or a notebook being built)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the widgets
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


_SHARED: list[LearnerRecord] = []


def shared_record() -> LearnerRecord:
    """The record of this session's learner, read once (every exercise adds to it)."""
    if not _SHARED:
        _SHARED.append(LearnerRecord())
    return _SHARED[0]


def keep(exercise: str, task: Task, result: Result) -> Msg | None:
    """Keep a learner's checked answer in their record, if this is a live notebook; say why
    not if the record cannot be written (the notebook goes on whatever happens)."""
    if not live_kernel():
        return None
    try:
        shared_record().add(exercise, task, result)
    except OSError as err:
        return Msg("Your answer could not be kept in your record: {reason}", {"reason": str(err)})
    return None
