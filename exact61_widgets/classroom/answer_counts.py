"""An answer checked by the engine, and a round's answers counted by the mistakes they show.

A learner's answer goes to the task's own :meth:`~exact61_widgets.exercises.Task.check`, the
one a notebook's exercise calls: the same reading (forms, words in both languages), the
same verdict and the same misconceptions (:attr:`Result.diagnosis`). An answer that cannot
be read is refused (:class:`Unreadable`) and counts nowhere. A round's distribution has
one row for the right answers, one for each misconception of the task's kind that some
answer shows (in the kind's own order, each named by what the learner did,
:mod:`~exact61_widgets.classroom.labels`), and one for
the other wrong answers; an answer of a list that shows two misconceptions counts under
both, so rows may add up to more than the answers.

>>> from exact61_widgets.exercises import Rounding
>>> task = Rounding(13)
>>> verdicts = [checked(task, a) for a in ("15", "10", "10", "20")]
>>> [(row.key, row.count) for row in distribution(task, verdicts)]
[('right', 1), ('rounded-wrong-way', 2), ('other', 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from exact61_widgets.classroom.labels import LABELS, did
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.exercises import Misconception, Task
from exact61_widgets.i18n import Msg

RIGHT = "right"
OTHER = "other"


class Unreadable(Exact61Error):
    """An answer the task's check cannot read: the learner is told why, nothing is stored."""


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one stored answer: right, and the misconceptions it shows."""

    right: bool
    misconceptions: tuple[str, ...] = ()
    feedback: Msg | None = None


def checked(task: Task, answer: str) -> Verdict:
    """The engine's verdict on ``answer`` (raises :class:`Unreadable` if it cannot be read)."""
    result = task.check(answer)
    if result.malformed:
        raise Unreadable(result.message)
    return Verdict(result.ok, () if result.ok else result.diagnosis, result.message)


def misconceptions_of(task: Task) -> dict[str, Misconception]:
    """Every misconception the task's check may name, by key: the kind's list, then those
    its question's mistakes name."""
    known = {m.key: m for m in task.misconceptions}
    for mistake in task.mistakes():
        known.setdefault(mistake.misconception.key, mistake.misconception)
    return known


@dataclass(frozen=True)
class Row:
    """One row of a distribution: ``right``, a misconception's key, or ``other``."""

    key: str
    count: int
    misconception: Misconception | None = None

    def label(self, lang: str) -> str:
        """What the row's learners did, in plain words for the teacher: "answered right",
        "gave other answers", or the misconception's label (:mod:`.labels`; a misconception
        the table does not know yet falls back to its hint, so a lesson never stops on it)."""
        if self.misconception is not None:
            if self.misconception.key in LABELS:
                return did(self.misconception, lang)
            return self.misconception.text(lang)
        return (Msg("answered right") if self.key == RIGHT else Msg("gave other answers")).text(
            lang
        )


def counts(verdicts: Iterable[Verdict]) -> Counter[str]:
    """How many answers are right, show each misconception, or are other wrong answers."""
    found: Counter[str] = Counter()
    for verdict in verdicts:
        if verdict.right:
            found[RIGHT] += 1
        elif verdict.misconceptions:
            found.update(verdict.misconceptions)
        else:
            found[OTHER] += 1
    return found


def distribution(task: Task, verdicts: Iterable[Verdict], *also: Sequence[Verdict]) -> list[Row]:
    """The rows of a round: right, each misconception shown (the kind's order), other.

    A misconception that no answer of this round shows is left out, unless one of
    ``also`` (the other round's answers) shows it: then the shift between rounds has a row
    on both sides.
    """
    found = counts(verdicts)
    seen = set(found)
    for more in also:
        seen |= set(counts(more))
    known = misconceptions_of(task)
    order = [RIGHT, *known, *sorted(seen - set(known) - {RIGHT, OTHER}), OTHER]
    rows = []
    for key in order:
        if key in (RIGHT, OTHER) or key in seen:
            rows.append(Row(key, found[key], known.get(key)))
    return rows
