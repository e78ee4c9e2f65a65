"""What every kind of exercise is: a question about a position, its check and its answer.

A task (a frozen dataclass subclassing :class:`Task`, one per kind in
:mod:`exact61_widgets.exercises.kinds`) knows its question and the form of its
answer, checks a learner's answer, and states its own answer (in the notation
its check accepts), the solution shown on request, the engine's picture of the
answer, the misconceptions its check recognizes and the texts that would give
the answer away if a page showed them (:meth:`Task.giveaways`).

Its saved form is derived from its dataclass fields: :meth:`Task.spec` writes
every field (a match as its position, :meth:`Scenario.to_json
<exact61_widgets.engine.scenario.Scenario.to_json>`, a tuple as a list) under the field's own
name, and :func:`task_from_spec` reads it back, checking every value against
the field's type; so a kind never restates its fields.
"""

from __future__ import annotations

import types
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, ClassVar, Literal, Union, get_args, get_origin, get_type_hints

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.match import Match
from exact61_widgets.engine.scenario import Scenario
from exact61_widgets.exercises.verdict import ExerciseError, Misconception, Mistake, Result
from exact61_widgets.i18n import Msg, check_lang

#: Keys a saved exercise may carry besides the task's own (the widget's name, its language).
EXTRA_KEYS = frozenset({"name", "lang"})

_KINDS: dict[str, type[Task]] = {}


class Task(ABC):
    """A question an :class:`~exact61_widgets.widgets.exercise.Exercise` asks.

    Subclasses are frozen dataclasses that set :attr:`kind` and :attr:`misconceptions`
    and give the abstract methods; defining one registers its kind for
    :func:`task_from_spec`.
    """

    #: A short name of the kind of exercise (``open_places`` …), the spec's ``kind``.
    kind: ClassVar[str]
    #: Every misconception the kind's check recognizes, each with its hint.
    misconceptions: ClassVar[tuple[Misconception, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kind = cls.__dict__.get("kind")
        if isinstance(kind, str):
            if kind in _KINDS:
                raise TypeError(f"two kinds of task are named {kind!r}")
            _KINDS[kind] = cls

    @abstractmethod
    def question(self) -> Msg:
        """The question, localized when shown."""

    @abstractmethod
    def answer_form(self) -> Msg:
        """The form of an answer (the text box's grey placeholder): never an answer itself."""

    @abstractmethod
    def check(self, answer: str) -> Result:
        """The verdict on the learner's answer."""

    @abstractmethod
    def answer(self, lang: str | None = None) -> str:
        """The engine's answer, in the notation :meth:`check` accepts (words in ``lang``)."""

    @abstractmethod
    def giveaways(self, lang: str | None = None) -> tuple[str, ...]:
        """Texts in ``lang`` that give the answer away if a page shows them."""

    def answers(self, lang: str | None = None) -> tuple[str, ...]:
        """Every answer that is right (most tasks have one: :meth:`answer`)."""
        return (self.answer(lang),)

    def mistakes(self) -> list[Mistake]:
        """The wrong answers the kind's misconceptions lead to on this question, each with its
        misconception (a list answer's misconceptions are about its items: none here)."""
        return []

    def mistaken_answers(self) -> tuple[str, ...]:
        """The wrong answers the kind's misconceptions lead to on this question."""
        return tuple(dict.fromkeys(str(m.value) for m in self.mistakes()))

    def picture(self, id_prefix: str, lang: str | None = None) -> str | None:
        """The engine's picture of the answer (SVG), or None if the kind draws none."""
        return None

    def solution(self, lang: str | None = None) -> str:
        """The answer and why, in ``lang``: what the learner sees on request."""
        lang = check_lang(lang)
        answer = self.answer(lang)
        return Msg(
            "The answer is {answer}. {why}", {"answer": answer, "why": self.check(answer).why}
        ).text(lang)

    def spec(self) -> dict[str, Any]:
        """The task as JSON-ready data: ``kind`` and every field under its own name."""
        assert is_dataclass(self)
        return {"kind": self.kind, **{f.name: _encode(getattr(self, f.name)) for f in fields(self)}}


def own_match(value: object) -> Match:
    """A task's own copy of the match it asks about (a match changed later changes nothing)."""
    if not isinstance(value, Match):
        raise ExerciseError(Msg("expected a Match, not {kind}", {"kind": type(value).__name__}))
    return value.copy()


def _encode(value: object) -> object:
    if isinstance(value, Match):
        if value.status != "playing":
            raise ExerciseError(Msg("the hand is not being played: nobody is to move"))
        return Scenario.from_match(value).to_json()
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _bad(kind: str, name: str, wanted: Msg) -> ExerciseError:
    return ExerciseError(
        Msg(
            "the field {field} of a {kind} task is {wanted}",
            {"field": name, "kind": kind, "wanted": wanted},
        )
    )


def _decode(kind: str, name: str, hint: Any, value: object) -> object:
    """``value`` read as the field's type ``hint``; a value of another type raises."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _decode(kind, name, inner, value)
    if origin is Literal:
        if value not in args:
            raise _bad(kind, name, Msg("one of {values}", {"values": ", ".join(map(repr, args))}))
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise _bad(kind, name, Msg("a list of texts"))
        return tuple(value)
    if hint is Match:
        try:
            return Scenario.from_json(value).match()  # type: ignore[arg-type]
        except Exact61Error as err:
            raise ExerciseError(err.message) from None
    if hint is bool:
        if not isinstance(value, bool):
            raise _bad(kind, name, Msg("true or false"))
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(kind, name, Msg("a whole number"))
        return value
    if hint is str:
        if not isinstance(value, str):
            raise _bad(kind, name, Msg("a text"))
        return value
    raise TypeError(f"a task field of type {hint!r} cannot be saved")  # pragma: no cover


def task_kinds() -> tuple[str, ...]:
    """The kinds of task, in the order they were defined."""
    return tuple(_KINDS)


def task_classes() -> tuple[type[Task], ...]:
    """The task class of every kind, in the order they were defined."""
    return tuple(_KINDS.values())


def task_from_spec(spec: Mapping[str, Any]) -> Task:
    """The task :meth:`Task.spec` wrote (extra keys ``name`` and ``lang`` are ignored).

    A spec that names no known kind, lacks a field, has a field the kind does
    not take or a value of the wrong type, or holds an impossible position
    raises :class:`ExerciseError`.
    """
    if not isinstance(spec, Mapping) or not isinstance(spec.get("kind"), str):
        raise ExerciseError(
            Msg("a task is a JSON object with a kind, not {spec}", {"spec": repr(spec)[:60]})
        )
    kind = spec["kind"]
    cls = _KINDS.get(kind)
    if cls is None:
        raise ExerciseError(
            Msg(
                "{kind} is not a kind of task: use one of {kinds}",
                {"kind": repr(kind), "kinds": ", ".join(task_kinds())},
            )
        )
    assert is_dataclass(cls)
    known = fields(cls)
    unknown = sorted(set(spec) - {f.name for f in known} - EXTRA_KEYS - {"kind"})
    if unknown:
        raise ExerciseError(
            Msg("a {kind} task has no field {field}", {"kind": kind, "field": repr(unknown[0])})
        )
    hints = get_type_hints(cls)
    arguments: dict[str, object] = {}
    for item in known:
        if item.name in spec:
            arguments[item.name] = _decode(kind, item.name, hints[item.name], spec[item.name])
        elif item.default is MISSING:
            raise ExerciseError(
                Msg(
                    "a {kind} task needs the field {field}",
                    {"kind": kind, "field": repr(item.name)},
                )
            )
    return cls(**arguments)
