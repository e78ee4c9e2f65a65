"""The teacher's script: what to ask before each held-back play, and the wrong answers to expect.

In predict mode (:attr:`Walkthrough.predict`) a walkthrough shows a play before its
result; its "ask" steps carry the question and the wrong answers the exercises'
misconceptions give in that position (:attr:`Step.expect`), each named by what the
learner did (the live class's label of the misconception) and what it shows (its hint).
This module writes them out: :func:`notes_html` for the step in view (the classroom's
"Teacher's notes" switch), :func:`script_markdown` for every walkthrough of the classroom as it
opens, printed as ``docs/walkthrough-script.md`` and ``docs/walkthrough-script.ru.md``
(``python -m exact61_widgets.classroom.script --write``; a test checks they are current).
The hints are the misconceptions' own sentences, not re-worded.
"""

from __future__ import annotations

import argparse
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from exact61_widgets.classroom.labels import did
from exact61_widgets.exercises.verdict import Mistake
from exact61_widgets.i18n import LANGUAGES, Msg, check_lang
from exact61_widgets.widgets.walkthroughs.base import (
    Said,
    Step,
    Walkthrough,
    linked,
    localized,
    predicted,
)

#: Where the printable pages go, by language, relative to the repository.
PAGES = {"en": Path("docs/walkthrough-script.md"), "ru": Path("docs/walkthrough-script.ru.md")}


def grouped(expect: Sequence[Mistake | Said], lang: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """The expected wrong answers, each once (a number, or words such as "yes") with every
    mistake that gives it, in the order they first come: for each mistake the misconception's
    label, what the learner did (:mod:`~exact61_widgets.classroom.labels`), and its hint, what
    the answer shows."""
    found: dict[str, list[tuple[str, str]]] = {}
    for mistake in expect:
        value = mistake.value
        said = str(value) if isinstance(value, int) else localized(value, lang)
        shows = (did(mistake.misconception, lang), mistake.misconception.text(lang))
        found.setdefault(said, []).append(shows)
    return list(found.items())


def asked(walk: Walkthrough) -> list[tuple[int, Step]]:
    """The ask steps of ``walk`` in predict mode, each with its step number (1-based)."""
    shown = predicted(walk.built_steps, True)
    return [(i + 1, step) for i, step in enumerate(shown) if step.role == "play"]


def notes_html(step: Step, lang: str) -> str:
    """The teacher's notes for a step shown: for a held-back play, the question and the wrong
    answers to expect with what each shows; for any other step, nothing."""
    if step.role != "play":
        return ""
    head = html.escape(Msg("Ask").text(lang))
    parts = [f"<p><b>{head}:</b> {linked(localized(step.caption, lang), lang)}</p>"]
    answers = grouped(step.expect, lang)
    if answers:
        expect = html.escape(Msg("Wrong answers to expect").text(lang))
        items = "".join(
            f"<li><b>{html.escape(value)}</b><ul>"
            + "".join(
                f"<li><i>{html.escape(label)}</i> — {linked(hint, lang)}</li>"
                for label, hint in shows
            )
            + "</ul></li>"
            for value, shows in answers
        )
        parts.append(f"<p>{expect}:</p><ul>{items}</ul>")
    return f'<div class="exact61-teacher-notes-text">{"".join(parts)}</div>'


def walkthrough_script(walk: Walkthrough, lang: str, title: str | None = None) -> list[str]:
    """One walkthrough's part of the printed script, as Markdown lines (headed ``title``,
    by default the walkthrough's own)."""
    lines = [f"## {title or walk.title.text(lang)}", ""]
    steps = asked(walk)
    if not steps:
        lines += [Msg("This walkthrough holds no play back: every Next shows a result.").text(lang)]
        return [*lines, ""]
    for number, step in steps:
        ask = Msg("Step {k}, ask", {"k": number}).text(lang)
        lines += [f"**{ask}:** {localized(step.caption, lang)}", ""]
        answers = grouped(step.expect, lang)
        if answers:
            lines += [f"{Msg('Wrong answers to expect').text(lang)}:", ""]
            for value, shows in answers:
                lines.append(f"- **{value}**")
                lines += [f"  - *{label}* — {hint}" for label, hint in shows]
        else:
            lines.append(Msg("No wrong answer of the exercises fits this question.").text(lang))
        lines.append("")
    return lines


def script_markdown(lang: str | None = None) -> str:
    """The printable script of every classroom walkthrough as the classroom opens it."""
    from exact61_widgets.classroom.app import WALKTHROUGHS, Classroom  # the app shows notes

    chosen = check_lang(lang)
    room = Classroom(lang=chosen)
    lines = [
        "# " + Msg("Teacher's script for the classroom walkthroughs").text(chosen),
        "",
        Msg(
            "In the classroom app Next shows each play first and its result at the next "
            "Next (the Play first switch). Before that second Next, ask the question below; "
            "the wrong answers listed are those the exercises' misconceptions give in this "
            "very position, each with what it shows. The same notes are on screen with the "
            "Teacher's notes switch."
        ).text(chosen),
        "",
        Msg(
            "Each wrong answer is named by what the learner did, as the live class's report "
            "names it, then by what it shows."
        ).text(chosen),
        "",
        Msg("Written by python -m exact61_widgets.classroom.script --write; do not edit.").text(
            chosen
        ),
        "",
    ]
    for index in range(1, len(WALKTHROUGHS) + 1):
        walk = room.walkthrough(index)
        if WALKTHROUGHS[index - 1][0] != "exact61":
            lines += walkthrough_script(walk, chosen)
            continue
        choice = room.tabs.children[index].children[2]
        for label, case in choice.options:
            choice.value = case
            title = f"{walk.title.text(chosen)}: {label}"
            lines += walkthrough_script(room.walkthrough(index), chosen, title)
    return "\n".join(lines).rstrip("\n") + "\n"


def write_pages(root: Path) -> list[Path]:
    """Write the script in every language under ``root`` (the repository); the paths."""
    written = []
    for lang in LANGUAGES:
        path = root / PAGES[lang]
        path.write_text(script_markdown(lang), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``--write``: write the pages; otherwise print the English script."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--write",
        action="store_true",
        help="write docs/walkthrough-script.md and docs/walkthrough-script.ru.md",
    )
    args: Any = parser.parse_args(argv)
    if args.write:
        root = Path(__file__).resolve().parents[2]
        for path in write_pages(root):
            print(path)
    else:
        print(script_markdown("en"), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
