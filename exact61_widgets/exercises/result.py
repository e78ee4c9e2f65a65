"""The verdict on a learner's answer, and the pieces every check builds it from.

Feedback on a wrong answer says what is wrong with *that* answer and never
gives the right one away: the learner may try again, and the solution (the
answer and :attr:`Result.why`) is a separate text shown only on request. A hint is
attached only when the wrong answer is exactly what one known mistake gives
and no other mistake (and not the right answer) gives the same value
(:func:`number_result`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg, Plural


class ExerciseError(Exact61Error):
    """A question that cannot be asked: an illegal play, a position without that situation."""


@dataclass(frozen=True)
class Result:
    """The verdict on one answer.

    ``ok``: the answer is right; ``score``: the share of it that is right (0 to 1);
    ``message``: the feedback (``text(lang)`` localizes it); ``expected``: the
    engine's answer in notation (``"[1|1]:lineB, [3|4]:low"``, ``"15"``);
    ``missing`` / ``extra``: items of a list answer left out or wrongly added;
    ``malformed``: the answer could not be read at all; ``why``: the explanation
    of the right answer, for the solution; ``hint``: the mistake the wrong
    answer shows, when exactly one known mistake explains it.
    """

    ok: bool
    score: float
    message: Msg = field(repr=False)
    expected: str
    missing: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    malformed: bool = False
    why: Msg | str = field(default="", repr=False)
    hint: Msg | None = field(default=None, repr=False)

    def text(self, lang: str | None = None) -> str:
        """The feedback in ``lang`` (``"en"``, ``"ru"``; None: the session's language)."""
        return self.message.text(lang)


@dataclass(frozen=True)
class Mistake:
    """A known mistake: the answer it leads to and the hint that explains it.

    ``family``: a broader hint true of every mistake of the same family (all
    about the partner's tiles, say), given when several of them lead to the
    same answer.
    """

    value: int
    hint: Msg
    family: Msg | None = None


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


def the_hint(given: int, expected: int, mistakes: Iterable[Mistake]) -> Msg | None:
    """The hint for ``given``: only if exactly one distinct mistake gives that value.

    A mistake whose value is the right answer explains nothing and is ignored; a
    value two different mistakes give is ambiguous, so no hint is claimed —
    unless they are all of one family, whose broader hint is then true.
    """
    found: list[Mistake] = []
    for mistake in mistakes:
        if mistake.value == given != expected and all(m.hint != mistake.hint for m in found):
            found.append(mistake)
    if len(found) == 1:
        return found[0].hint
    family = found[0].family if found else None
    if family is not None and all(m.family == family for m in found):
        return family
    return None


def number_result(
    given: int, expected: int, why: Msg | str, mistakes: Iterable[Mistake] = ()
) -> Result:
    """Right or wrong for a number; a wrong answer gets the hint of the mistake it shows."""
    if given == expected:
        return right(str(expected), why)
    hint = the_hint(given, expected, mistakes)
    parts: list[Msg | str] = [Msg("{given} is not right.", {"given": given})]
    if hint is not None:
        parts.append(hint)
    parts.append(again())
    return Result(False, 0.0, verdict(False, join(parts)), str(expected), why=why, hint=hint)


def share(hits: int, wanted: int, extra: int) -> float:
    """The share of a list answer that is right: right items over wanted plus extra ones."""
    total = wanted + extra
    return 1.0 if total == 0 else hits / total


def list_result(
    right_text: Msg | str,
    expected: Sequence[str],
    given: Iterable[str],
    why_extra: dict[str, Msg],
    left_out: Plural,
) -> Result:
    """The verdict on a list answer.

    Every extra item is named with the reason it is wrong, one sentence each;
    missing items are only counted (``left_out``, a :class:`Plural` over their
    number: "2 open places are missing"), so the feedback does not hand over
    the answer.
    """
    chosen = set(given)
    wanted = set(expected)
    missing = tuple(k for k in expected if k not in chosen)
    extra = tuple(sorted(chosen - wanted))
    text = ", ".join(expected)
    if not missing and not extra:
        return right(text, right_text)
    parts: list[Msg | str] = []
    parts.extend(
        Msg("{item} is not right: {reason}.", {"item": k, "reason": why_extra[k]}) for k in extra
    )
    if missing:
        params = {"missing": left_out}
        parts.append(
            Msg("Also, {missing}.", params)
            if extra
            else Msg("Everything you listed is right, but {missing}.", params)
            if chosen
            else Msg("The list is not empty: {missing}.", params)
        )
    parts.append(again())
    return Result(
        False,
        share(len(wanted & chosen), len(wanted), len(extra)),
        verdict(False, join(parts)),
        text,
        missing,
        extra,
        why=right_text,
    )
