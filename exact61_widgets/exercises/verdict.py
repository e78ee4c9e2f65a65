"""The verdict on a learner's answer, the known mistakes it may show, and how it is built.

Feedback on a wrong answer says what is wrong with *that* answer and never
gives the right one away: the learner may try again, and the solution (the
answer and :attr:`Result.why`) is a separate text shown only on request.

Every kind of exercise lists its likely misconceptions (:class:`Misconception`:
a key and the hint that answers it). A check recognizes one in a wrong answer
in two ways: a number answer equal to what a misconception gives (:class:`Mistake`,
:func:`the_hints`, :func:`number_result`; two that give the same number are both
named), or a wrong item of
a list answer whose reason is that misconception (:func:`list_result`). The
keys found are the result's :attr:`Result.diagnosis`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.exercises.reading import read_number
from exact61_widgets.i18n import Msg, Plural


class ExerciseError(Exact61Error):
    """A question that cannot be asked: an illegal play, a position without that situation."""


@dataclass(frozen=True)
class Misconception:
    """A likely mistake of one kind of exercise and the hint that answers it.

    ``key`` names it in tests and in :attr:`Result.diagnosis` (``"round-wrong-way"``);
    ``hint`` is the sentence shown to a learner whose answer shows it (it never
    states the right answer).
    """

    #: Its name in tests and in :attr:`Result.diagnosis` (``"round-wrong-way"``).
    key: str
    #: The sentence shown to a learner whose answer shows it; it never states the right answer.
    hint: Msg = field(compare=False)

    def text(self, lang: str | None = None) -> str:
        """The hint in ``lang``."""
        return self.hint.text(lang)


@dataclass(frozen=True)
class Result:
    """The verdict on one answer.

    ``ok``: the answer is right; ``score``: the share of it that is right (0 to 1);
    ``message``: the feedback (``text(lang)`` localizes it); ``expected``: the
    engine's answer in notation (``"[1|1]:lineB, [3|4]:low"``, ``"15"``);
    ``missing`` / ``extra``: items of a list answer left out or wrongly added;
    ``malformed``: the answer could not be read at all; ``why``: the explanation
    of the right answer, for the solution; ``hint``: the hint of the mistake a
    wrong number answer shows, when exactly one known mistake explains it;
    ``diagnosis``: the keys of the misconceptions recognized in the answer.
    """

    #: Whether the answer is right.
    ok: bool
    #: The share of the answer that is right, 0 to 1.
    score: float
    #: The feedback (``text(lang)`` localizes it).
    message: Msg = field(repr=False)
    #: The engine's answer in notation (``"[1|1]:lineB, [3|4]:low"``, ``"15"``).
    expected: str
    #: Items of a list answer left out.
    missing: tuple[str, ...] = ()
    #: Items of a list answer wrongly added.
    extra: tuple[str, ...] = ()
    #: Whether the answer could not be read at all.
    malformed: bool = False
    #: The explanation of the right answer, for the solution.
    why: Msg | str = field(default="", repr=False)
    #: The hint of the mistake a wrong number answer shows, when exactly one known mistake explains
    #: it.
    hint: Msg | None = field(default=None, repr=False)
    #: The keys of the misconceptions recognized in the answer.
    diagnosis: tuple[str, ...] = ()

    def text(self, lang: str | None = None) -> str:
        """The feedback in ``lang`` (``"en"``, ``"ru"``; None: the session's language)."""
        return self.message.text(lang)


@dataclass(frozen=True)
class Mistake:
    """The answer a misconception leads to, on one question: a number, or for a list or a
    word answer the wrong list or word it leads to, in notation (:func:`modelled`).

    ``hidden``: the target check is part of this answer — the mistaken award would
    pass 61 and is turned into 0 (R1.4), or it is given as is, the check forgotten
    too. A mistake the check turns into a right 0 is one the check hides, not one
    the item fails to tell apart; and such an answer is put down to a single
    mistake when one explains it.
    """

    #: The answer the misconception leads to (a number, or a list or word in notation).
    value: int | str
    #: The misconception.
    misconception: Misconception
    #: Whether the target check is part of this answer (the mistaken award turned into 0, or the
    #: check forgotten too).
    hidden: bool = False


def modelled(
    check: Callable[[str], Result], answers: Iterable[tuple[Misconception, str]]
) -> list[Mistake]:
    """The mistakes of a list or word answer: each misconception's modelled wrong answer
    (``answers``: the misconception and the answer it leads to, in notation), kept where the
    check refuses that answer and names that misconception. A model that changes nothing on
    this question, or whose answer the check puts down to another mistake, catches nothing
    here and is left out, so every mistake listed is one the feedback names."""
    found: list[Mistake] = []
    for misconception, answer in answers:
        result = check(answer)
        if not result.ok and misconception.key in result.diagnosis:
            found.append(Mistake(answer, misconception))
    return found


def join(parts: Sequence[Msg | str]) -> Msg | str:
    """Several localizable sentences as one message, joined by spaces."""
    if not parts:
        return ""
    result: Msg | str = parts[-1]
    for part in reversed(parts[:-1]):
        result = Msg("{first} {rest}", {"first": part, "rest": result})
    return result


def verdict(ok: bool, why: Msg | str) -> Msg:
    """``Right! …`` or ``Not quite. …``."""
    if ok:
        return Msg("Right! {why}", {"why": why})
    return Msg("Not quite. {why}", {"why": why})


def again() -> Msg:
    """The closing line of feedback on a wrong answer."""
    return Msg("Try again, or open the solution.")


def malformed(reason: Msg, expected: str, why: Msg | str) -> Result:
    """A friendly result for an answer that cannot be read."""
    return Result(
        False,
        0.0,
        Msg("I cannot read that answer: {why}", {"why": reason}),
        expected,
        malformed=True,
        why=why,
    )


def right(expected: str, why: Msg | str) -> Result:
    """The result of a right answer: ``Right!`` and the explanation."""
    return Result(True, 1.0, verdict(True, why), expected, why=why)


def wrong(
    expected: str,
    why: Msg | str,
    parts: Sequence[Msg | str],
    diagnosis: Iterable[Misconception] = (),
) -> Result:
    """The result of a wrong answer that is not a list: the sentences that say what is wrong."""
    found = tuple(dict.fromkeys(m.key for m in diagnosis))
    message = verdict(False, join([*parts, again()]))
    return Result(False, 0.0, message, expected, why=why, diagnosis=found)


def the_hints(given: int, expected: int, mistakes: Iterable[Mistake]) -> list[Misconception]:
    """The misconceptions ``given`` shows: every distinct one whose answer it is.

    A mistake whose value is the right answer explains nothing and is ignored
    (the shipped items are chosen so that none is). A value two misconceptions
    give shows either, so the feedback names both; a mistake combined with the
    target check (:attr:`Mistake.hidden`) is named only if no other explains the value.
    """
    if given == expected:
        return []
    found = [m for m in mistakes if m.value == given]
    plain = [m for m in found if not m.hidden]  # one mistake rather than two
    return list(dict.fromkeys(m.misconception for m in plain or found))


def number_result(
    given: int, expected: int, why: Msg | str, mistakes: Iterable[Mistake] = ()
) -> Result:
    """Right or wrong for a number; a wrong answer gets the hint of each mistake it shows
    (two mistakes that lead to the same number are both named)."""
    if given == expected:
        return right(str(expected), why)
    found = the_hints(given, expected, mistakes)
    parts: list[Msg | str] = [Msg("{given} is not right.", {"given": given})]
    if not found:
        return wrong(str(expected), why, parts)
    hint = found[0].hint if len(found) == 1 else several(found)
    result = wrong(str(expected), why, [*parts, hint], found)
    return replace(result, hint=hint)


def several(found: Sequence[Misconception]) -> Msg:
    """The hints of every mistake that leads to one number, each after a bullet (not a
    number, which an answer could be): the learner sees which of them was theirs."""
    listed: Msg | str = join([Msg("• {hint}", {"hint": m.hint}) for m in found])
    return Msg("More than one mistake leads to this number: {hints}", {"hints": listed})


def number_answer(
    answer: str | int,
    expected: int,
    why: Msg | str,
    mistakes: Iterable[Mistake] | Callable[[int], Iterable[Mistake]] = (),
) -> Result:
    """The verdict on a number the learner typed: unreadable, right, or wrong with the hint
    of the mistake it shows (``mistakes`` may depend on the number given)."""
    value = read_number(answer)
    if isinstance(value, Msg):
        return malformed(value, str(expected), why)
    found = mistakes(value) if callable(mistakes) else mistakes
    return number_result(value, expected, why, found)


def share(hits: int, wanted: int, extra: int) -> float:
    """The share of a list answer that is right: right items over wanted plus extra ones."""
    total = wanted + extra
    return 1.0 if total == 0 else hits / total


@dataclass(frozen=True)
class Reason:
    """Why one item of a list answer is wrong, and the misconception it shows (if known)."""

    text: Msg
    misconception: Misconception | None = None


def list_result(
    right_text: Msg | str,
    expected: Sequence[str],
    given: Iterable[str],
    why_extra: Mapping[str, Reason],
    left_out: Plural,
    missing_hint: Misconception | None = None,
) -> Result:
    """The verdict on a list answer.

    Every extra item is named with the reason it is wrong, one sentence each;
    missing items are only counted (``left_out``, a :class:`Plural` over their
    number: "2 open places are missing"), so the feedback does not hand over
    the answer. ``missing_hint`` is the misconception every missing item shows
    (a blank end forgotten, say): its hint follows the count.
    """
    chosen = set(given)
    wanted = set(expected)
    missing = tuple(k for k in expected if k not in chosen)
    extra = tuple(sorted(chosen - wanted))
    text = ", ".join(expected)
    if not missing and not extra:
        return right(text, right_text)
    parts: list[Msg | str] = [
        Msg("{item} is not right: {reason}.", {"item": k, "reason": why_extra[k].text})
        for k in extra
    ]
    shown = [why_extra[k].misconception for k in extra]
    if missing:
        params = {"missing": left_out}
        parts.append(
            Msg("Also, {missing}.", params)
            if extra
            else Msg("Everything you listed is right, but {missing}.", params)
            if chosen
            else Msg("The list is not empty: {missing}.", params)
        )
        if missing_hint is not None:
            parts.append(missing_hint.hint)
            shown.append(missing_hint)
    parts.append(again())
    return Result(
        False,
        share(len(wanted & chosen), len(wanted), len(extra)),
        verdict(False, join(parts)),
        text,
        missing,
        extra,
        why=right_text,
        diagnosis=tuple(dict.fromkeys(m.key for m in shown if m is not None)),
    )
