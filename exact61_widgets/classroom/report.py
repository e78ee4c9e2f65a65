"""After the lesson: a class's answers as CSV, and the report of the mistakes it showed.

:func:`answers_csv` writes one row a learner's last answer to each round of each question
(learner, question, round, answer, right, misconception, what the learner did in the class's
language, time); :func:`lesson_report` sums up
which misconceptions the class showed, on which questions, and which notebook section
teaches each one, for the teacher to print.
"""

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from datetime import datetime, timezone

from exact61_widgets.classroom.answer_counts import misconceptions_of
from exact61_widgets.classroom.bank import question_view, section_of, task_of
from exact61_widgets.classroom.labels import LABELS, did
from exact61_widgets.classroom.live import Room
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext

#: The CSV's columns.
COLUMNS = (
    "learner",
    "question",
    "item",
    "round",
    "answer",
    "right",
    "misconception",
    "mistake",
    "time",
)


def learner_label(room: Room, learner: str) -> str:
    """A learner's nickname, or a stable stand-in made from their id (never the id)."""
    name = room.learners.get(learner)
    if name:
        return name
    number = list(room.learners).index(learner) + 1 if learner in room.learners else 0
    return f"#{number}"


def answers_csv(room: Room) -> str:
    """The class's answers, one row a learner's last answer to a round (see the module)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    items = dict(room.questions)
    for answer in room.store.answers():
        moment = datetime.fromtimestamp(answer.time, timezone.utc).isoformat(timespec="seconds")
        writer.writerow(
            (
                _cell(learner_label(room, answer.learner)),
                answer.seq,
                items.get(answer.seq, ""),
                answer.round,
                _cell(answer.answer),
                "yes" if answer.right else "no",
                " ".join(answer.misconceptions),
                "; ".join(_did(key, room.lang) for key in answer.misconceptions),
                moment,
            )
        )
    return out.getvalue()


def _did(key: str, lang: str) -> str:
    """What the learner did (the misconception's label); a key without one stays a key."""
    return did(key, lang) if key in LABELS else key


def _cell(text: str) -> str:
    """A learner's text made safe for a spreadsheet: a leading ``= + - @`` is not a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def lesson_report(room: Room, lang: str) -> str:
    """The end-of-lesson report as an HTML page in ``lang``: each misconception the class
    showed (most answers first), the questions it showed on, and where it is taught."""
    lang = check_lang(lang)
    shown: Counter[str] = Counter()
    where: dict[str, list[str]] = {}
    hints: dict[str, str] = {}
    teach: dict[str, list[str]] = {}
    for seq, key in room.questions:
        entry = room.bank.entry(key)
        task = task_of(entry)
        known = misconceptions_of(task)
        last = max(r for s, r in room.phases if s == seq)
        for verdict in room.verdicts(seq, last):
            for found in verdict.misconceptions:
                shown[found] += 1
                text = Msg(
                    "question {seq}: {question}",
                    {"seq": seq, "question": question_view(entry, "r", lang).question},
                ).text(lang)
                if text not in where.setdefault(found, []):
                    where[found].append(text)
                section = section_of(entry, lang)
                if section not in teach.setdefault(found, []):
                    teach[found].append(section)
                if found in known:
                    hints[found] = known[found].text(lang)
    title = Msg("The lesson's mistakes: room {code}", {"code": room.code}).text(lang)
    rows = []
    for key, count in shown.most_common():
        rows.append(
            "<tr>"
            f"<td>{count}</td>"
            f"<td><strong>{html.escape(_did(key, lang))}</strong><br>"
            f"{html.escape(hints.get(key, ''))} <small>({html.escape(key)})</small></td>"
            f"<td>{'<br>'.join(html.escape(q) for q in where[key])}</td>"
            f"<td>{'<br>'.join(html.escape(s) for s in teach[key])}</td>"
            "</tr>"
        )
    answered = sum(room.answered(seq, r) for seq, r in room.phases)
    summary = Msg(
        "{learners}, {questions}, {answers}.",
        {
            "learners": Plural("{n} learner", "{n} learners", len(room.learners)),
            "questions": Plural("{n} question", "{n} questions", len(room.questions)),
            "answers": Plural("{n} answer", "{n} answers", answered),
        },
    ).text(lang)
    heads = (
        gettext("Answers", lang),
        gettext("Misconception", lang),
        gettext("On the questions", lang),
        gettext("Taught in", lang),
    )
    body = (
        "<table><thead><tr>"
        + "".join(f'<th scope="col">{html.escape(h)}</th>' for h in heads)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        if rows
        else f"<p>{html.escape(gettext('No answer showed a known misconception.', lang))}</p>"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
        "padding:0 1em;color:#1f2328}table{border-collapse:collapse;width:100%}"
        "th,td{border:1px solid #8c959f;padding:.4em;text-align:left;vertical-align:top}"
        "</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(summary)}</p>{body}</body></html>\n"
    )
