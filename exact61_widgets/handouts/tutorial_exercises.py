"""The tutorials' exercises as package data: ``tutorial-exercises.json``.

An installed package has no tutorials folder, so the exercises the committed
notebooks ask are kept here, extracted by :mod:`.extract`: each with its
notebook, section (in both languages), name, topics, the picture a printed copy
needs and its task spec, which :func:`exact61_widgets.exercises.task_from_spec`
rebuilds — so every answer still comes from the engine. A question a notebook
words differently from its task is kept too (``question``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from exact61_widgets.exercises import Task, task_from_spec
from exact61_widgets.handouts.options import HandoutError
from exact61_widgets.i18n import Msg

FORMAT: Final = "exact61-tutorial-exercises"
VERSION: Final = 1
DATA_FILE: Final = "tutorial-exercises.json"

#: The pictures a printed exercise may show, drawn by :mod:`.items`:
#: ``layout`` (the table, its scoring ends not marked), ``layout-bare`` (nor its open
#: places), ``hand`` (the hand of the task), ``hands`` (every seat's tiles), ``table``
#: (a match's table, the mover's hand, boneyard and scores), ``tally`` (strokes).
PICTURES: Final = ("layout", "layout-bare", "hand", "hands", "table", "tally")

#: What each kind of task shows on paper; a kind not listed shows what its fields name.
_KIND_PICTURES: Final[Mapping[str, tuple[str, ...]]] = {
    "open_places": ("layout-bare",),
    "scoring_ends": ("layout",),
    "play_award": ("layout",),
    "playable_tiles": ("layout", "hand"),
    "legal_action": ("table",),
    "play_draw_pass": ("table",),
    "going_out": ("table", "hands"),
    "blocked_award": ("table", "hands"),
    "tally_points": ("tally",),
    "rounding": (),
    "displayed_points": (),
    "boneyard_size": (),
}


def pictures_for(task: Task) -> tuple[str, ...]:
    """The pictures a printed copy of ``task`` needs (names of :data:`PICTURES`)."""
    known = _KIND_PICTURES.get(task.kind)
    if known is not None:
        return known
    spec = task.spec()
    if "position" in spec:
        return ("table", "hands")
    if "layout" in spec:
        return ("layout", "hand") if "hand" in spec else ("layout",)
    return ()


@dataclass(frozen=True)
class TutorialExercise:
    """One exercise of the tutorials, as the data file keeps it."""

    notebook: str
    section: Mapping[str, str]
    name: str
    topics: tuple[str, ...]
    pictures: tuple[str, ...]
    spec: Mapping[str, Any]
    question: Mapping[str, str]

    @property
    def number(self) -> str:
        """The notebook's number: ``04``."""
        return self.notebook[:2]

    def task(self) -> Task:
        """The task, rebuilt by the engine from its spec."""
        return task_from_spec(self.spec)

    def to_json(self) -> dict[str, Any]:
        """The entry as the data file keeps it."""
        entry: dict[str, Any] = {
            "notebook": self.notebook,
            "section": dict(self.section),
            "name": self.name,
            "topics": list(self.topics),
            "pictures": list(self.pictures),
            "spec": dict(self.spec),
        }
        if self.question:
            entry["question"] = dict(self.question)
        return entry

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TutorialExercise:
        """Read one entry; a missing field raises :class:`HandoutError`."""
        try:
            return cls(
                str(data["notebook"]),
                dict(data["section"]),
                str(data["name"]),
                tuple(data["topics"]),
                tuple(data["pictures"]),
                dict(data["spec"]),
                dict(data.get("question", {})),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise HandoutError(
                Msg("an entry of the tutorials' exercises is malformed: {reason}", {"reason": err})
            ) from None


def document(exercises: list[TutorialExercise]) -> dict[str, Any]:
    """The whole data file."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exercises": [e.to_json() for e in exercises],
    }


def dumps(exercises: list[TutorialExercise]) -> str:
    """The data file's text: sorted keys, one space of indent, UTF-8 as it is."""
    return json.dumps(document(exercises), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def read_document(data: Mapping[str, Any]) -> tuple[TutorialExercise, ...]:
    """The exercises of a parsed data file, after checking its format and version."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise HandoutError(
            Msg(
                "not a file of the tutorials' exercises, format {format} version {version}",
                {"format": FORMAT, "version": VERSION},
            )
        )
    return tuple(TutorialExercise.from_json(e) for e in data["exercises"])


@cache
def tutorial_exercises() -> tuple[TutorialExercise, ...]:
    """The exercises shipped in the package, in the tutorials' order."""
    text = resources.files("exact61_widgets.handouts").joinpath(DATA_FILE).read_text("utf-8")
    return read_document(json.loads(text))
