"""The live class's pages: the learner's, the teacher's console, and the pictures they show.

Each page is a small HTML document in one language, its words from the catalogs, and one
script (``static/live.js`` or ``static/console.js``) that asks the server for what changed
(a long poll) and draws it. The pages carry no learner's name or answer in their HTML: the
scripts put text into the page as text (``textContent``), never as markup; the only markup
they insert is the engine's own pictures, made here. The distribution of a round is a
picture (:func:`distribution_svg`): a bar a row, with its count, and the first round's bar
beside it in a second round.

>>> page = learner_page("ABCDE", "ru", "token")
>>> '<html lang="ru">' in page and "live.js" in page
True
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from typing import Any

import segno

from exact61_widgets.classroom.labels import counted
from exact61_widgets.i18n import LANGUAGES, Lang, Msg, check_lang, gettext

#: Each language named in itself, for the language links.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "ru": "Русский"}

#: The words the learner's script shows, by name.
LEARNER_WORDS: Mapping[str, Msg] = {
    "title": Msg("Live class"),
    "room": Msg("Room"),
    "waiting": Msg("Waiting for the teacher's question…"),
    "answer": Msg("Your answer"),
    "send": Msg("Send"),
    "received": Msg("Answer received: {answer}"),
    "change": Msg("You may change it until the teacher closes the question."),
    "closed": Msg("The question is closed. Your feedback comes when the teacher reveals it."),
    "closed_none": Msg("The question is closed: you did not answer it."),
    "revealed_none": Msg("The answers are revealed: you did not answer this round."),
    "again": Msg("Discuss with your neighbour, then answer again."),
    "ended": Msg("The class has ended. Thank you!"),
    "name": Msg("Your first name or a nickname (you may leave it empty)"),
    "join": Msg("Join"),
    "named": Msg("You are in the class as {name}."),
    "offline": Msg("No connection to the class: trying again…"),
    "question": Msg("Question {seq}"),
    "round": Msg("round {round}"),
    "feedback": Msg("Your feedback"),
}

#: The words the console's script shows, by name.
CONSOLE_WORDS: Mapping[str, Msg] = {
    "answered": Msg("answered {n} of {of}"),
    "open": Msg("Open"),
    "next": Msg("Open the next question"),
    "close": Msg("Close the question"),
    "reveal": Msg("Reveal the answer"),
    "again": Msg("Discuss with your neighbour and answer again"),
    "end": Msg("End the lesson"),
    "waiting": Msg("No question is open yet: choose one and open it."),
    "closed": Msg("Closed: the answers so far."),
    "revealed": Msg("Revealed: every learner sees their own feedback."),
    "ended": Msg("The lesson has ended."),
    "solution": Msg("The engine's solution"),
    "distribution": Msg("The answers"),
    "shift": Msg("first round {before}, now {count}"),
    "names": Msg("In the class"),
    "question": Msg("Question {seq}, round {round}"),
    "choose": Msg("Question"),
}


def words(table: Mapping[str, Msg], lang: str) -> dict[str, str]:
    """The table's words in ``lang`` (placeholders left for the script to fill)."""
    return {key: gettext(msg.msgid, lang) for key, msg in table.items()}


def _document(lang: Lang, title: str, body: str, script: str, config: Mapping[str, Any]) -> str:
    data = html.escape(json.dumps(config, ensure_ascii=False), quote=False)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="referrer" content="no-referrer"><title>{html.escape(title)}</title>'
        '<link rel="stylesheet" href="/live/static/live.css"></head><body>'
        f"{body}"
        f'<script type="application/json" id="exact61-config">{data}</script>'
        '<script src="/live/static/common.js"></script>'
        f'<script src="/live/static/{script}"></script></body></html>\n'
    )


def _languages(lang: str, path: str) -> str:
    links = []
    for code in LANGUAGES:
        name = LANGUAGE_NAMES[code]
        if code == lang:
            links.append(
                f'<a aria-current="page" lang="{code}" href="{path}?lang={code}">{name}</a>'
            )
        else:
            links.append(f'<a lang="{code}" hreflang="{code}" href="{path}?lang={code}">{name}</a>')
    label = html.escape(gettext("Language", lang))
    return f'<nav aria-label="{label}">{"".join(links)}</nav>'


def learner_page(code: str, lang: str, xsrf: str) -> str:
    """The learner's page for room ``code`` in ``lang`` (its script fills it in)."""
    lang = check_lang(lang)
    said = words(LEARNER_WORDS, lang)
    room = html.escape(f"{said['room']} {code}")
    body = (
        f'<header><h1>{html.escape(said["title"])} · <span id="room">{room}</span></h1>'
        f"{_languages(lang, f'/live/r/{code}')}</header><main>"
        '<form id="join" class="box" hidden>'
        f'<label for="nickname">{html.escape(said["name"])}</label>'
        '<input type="text" id="nickname" name="nickname" autocomplete="nickname" '
        'maxlength="40">'
        f'<button type="submit">{html.escape(said["join"])}</button></form>'
        '<p id="named" class="muted" hidden></p>'
        '<section id="question" class="box" aria-live="polite" aria-atomic="false">'
        f'<p id="waiting">{html.escape(said["waiting"])}</p></section>'
        '<p id="status" role="status" aria-live="polite"></p>'
        '<p id="error" class="error" role="alert"></p>'
        "</main>"
    )
    config = {"code": code, "lang": lang, "xsrf": xsrf, "words": said}
    return _document(lang, said["title"], body, "live.js", config)


def join_page(lang: str, message: str = "") -> str:
    """The page that asks for a room code (and says why, if a code was wrong)."""
    lang = check_lang(lang)
    title = gettext("Join a live class", lang)
    label = gettext("Room code", lang)
    error = f'<p class="error" role="alert">{html.escape(message)}</p>' if message else ""
    body = (
        f"<header><h1>{html.escape(title)}</h1>{_languages(lang, '/live')}</header><main>"
        f'{error}<form class="box" method="get" action="/live">'
        f'<label for="code">{html.escape(label)}</label>'
        '<input type="text" id="code" name="code" autocomplete="off" maxlength="12" '
        'autocapitalize="characters" required>'
        f'<input type="hidden" name="lang" value="{lang}">'
        f'<button type="submit">{html.escape(gettext("Join", lang))}</button></form></main>'
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        '<link rel="stylesheet" href="/live/static/live.css"></head>'
        f"<body>{body}</body></html>\n"
    )


def message_page(lang: str, message: str) -> str:
    """A page that says one thing (a refused request), in both languages' layout."""
    lang = check_lang(lang)
    title = gettext("Live class", lang)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        '<link rel="stylesheet" href="/live/static/live.css"></head><body><main>'
        f'<h1>{html.escape(title)}</h1><p class="error" role="alert">{html.escape(message)}</p>'
        "</main></body></html>\n"
    )


def console_home(
    lang: str, xsrf: str, rooms: Sequence[tuple[str, str]], banks: Sequence[tuple[str, str]]
) -> str:
    """The teacher's start page: the rooms running, and a new room on a chosen bank."""
    lang = check_lang(lang)
    title = gettext("Live class: the teacher's console", lang)
    running = "".join(
        f'<li><a href="/live/teacher/r/{html.escape(code)}?lang={lang}">{html.escape(code)}</a>'
        f" · {html.escape(bank)}</li>"
        for code, bank in rooms
    )
    options = "".join(
        f'<option value="{html.escape(name)}">{html.escape(text)}</option>' for name, text in banks
    )
    body = (
        f"<header><h1>{html.escape(title)}</h1>{_languages(lang, '/live/teacher')}</header><main>"
        + (
            f'<section class="box"><h2>{html.escape(gettext("Rooms running", lang))}</h2>'
            f"<ul>{running}</ul></section>"
            if running
            else ""
        )
        + '<form id="new-room" class="box">'
        f"<h2>{html.escape(gettext('A new room', lang))}</h2>"
        f'<label for="bank">{html.escape(gettext("Questions", lang))}</label>'
        f'<select id="bank" name="bank">{options}</select>'
        f'<label for="room-lang">{html.escape(gettext("Language", lang))}</label>'
        '<select id="room-lang" name="lang">'
        + "".join(
            f'<option value="{c}"{" selected" if c == lang else ""}>{LANGUAGE_NAMES[c]}</option>'
            for c in LANGUAGES
        )
        + f'</select><p><button type="submit">{html.escape(gettext("Open a room", lang))}'
        '</button></p></form><p id="error" class="error" role="alert"></p></main>'
    )
    config = {"lang": lang, "xsrf": xsrf, "words": {}}
    return _document(lang, title, body, "console.js", config)


def console_page(code: str, lang: str, xsrf: str, join: str) -> str:
    """The console of room ``code``: join address and QR code, the question, its answers."""
    lang = check_lang(lang)
    said = words(CONSOLE_WORDS, lang)
    title = Msg("Live class, room {code}", {"code": code}).text(lang)
    qr = qr_svg(join, gettext("QR code of the join address", lang))
    body = (
        f"<header><h1>{html.escape(title)}</h1>"
        f'{_languages(lang, f"/live/teacher/r/{code}")}</header><main class="console">'
        '<div class="side"><section class="box join">'
        f'<div class="qr">{qr}</div><div>'
        f'<p>{html.escape(gettext("Join at", lang))} <b id="join-url">{html.escape(join)}</b></p>'
        f"<p>{html.escape(gettext('Room code', lang))}: "
        f'<span class="code" id="code">{html.escape(code)}</span></p>'
        '<p><span id="answered" class="count" role="status" aria-live="polite"></span></p>'
        "</div></section>"
        '<section class="box" id="controls">'
        f'<label for="choose">{html.escape(said["choose"])}</label>'
        '<select id="choose"></select> '
        f'<button type="button" id="open">{html.escape(said["open"])}</button>'
        f'<button type="button" id="next">{html.escape(said["next"])}</button>'
        f'<button type="button" id="close">{html.escape(said["close"])}</button>'
        f'<button type="button" id="reveal">{html.escape(said["reveal"])}</button>'
        f'<button type="button" id="again">{html.escape(said["again"])}</button>'
        f'<button type="button" id="end">{html.escape(said["end"])}</button>'
        f'<p><a href="/live/teacher/r/{html.escape(code)}/answers.csv">'
        f"{html.escape(gettext('The answers as CSV', lang))}</a> · "
        f'<a href="/live/teacher/r/{html.escape(code)}/report?lang={lang}">'
        f"{html.escape(gettext('The lesson report', lang))}</a></p>"
        '<p id="error" class="error" role="alert"></p></section>'
        f'<section class="box"><h2>{html.escape(said["names"])}</h2>'
        '<ul class="names" id="names"></ul></section></div>'
        '<div class="stage"><section class="box" id="question"></section>'
        '<section class="box" id="distribution" hidden></section>'
        '<section class="box" id="solution" hidden></section></div></main>'
    )
    config = {"code": code, "lang": lang, "xsrf": xsrf, "words": said}
    return _document(lang, title, body, "console.js", config)


def qr_svg(address: str, label: str) -> str:
    """The join address as a QR code, an inline SVG named ``label`` for screen readers."""
    code = segno.make(address, error="m")
    svg = str(code.svg_inline(scale=5, dark="#000", light="#fff", title=None))
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)


#: Bar colours: right, a misconception, other; the first round's bars lighter.
_COLOURS = {"right": "#1a7f37", "other": "#6e7781"}
_MISTAKE = "#b3261e"
BAR_WIDTH = 300


def distribution_svg(rows: Sequence[Mapping[str, Any]], lang: str) -> str:
    """A round's distribution as a picture: one bar a row (right, each misconception shown,
    other), its count and its words; in a second round the first round's bar above it."""
    lang = check_lang(lang)
    most = max([1, *(int(r["count"]) for r in rows), *(int(r["before"] or 0) for r in rows)])
    items = []
    for row in rows:
        count, before = int(row["count"]), row["before"]
        colour = _COLOURS.get(str(row["key"]), _MISTAKE)
        bars = []
        y = 0
        if before is not None:
            width = round(BAR_WIDTH * int(before) / most)
            bars.append(
                f'<rect x="0" y="{y}" width="{width}" height="12" fill="{colour}" '
                'fill-opacity="0.4"/>'
            )
            y = 16
        width = round(BAR_WIDTH * count / most)
        bars.append(f'<rect x="0" y="{y}" width="{width}" height="20" fill="{colour}"/>')
        said = (
            counted(str(row["label"]), count, lang)
            if before is None
            else Msg(
                "{before} → {count} {label}",
                {"before": int(before), "count": count, "label": row["label"]},
            ).text(lang)
        )
        said = said[:1].upper() + said[1:]
        height = y + 22
        items.append(
            f'<li data-key="{html.escape(str(row["key"]))}" data-count="{count}">'
            f'<svg width="{BAR_WIDTH}" height="{height}" viewBox="0 0 {BAR_WIDTH} {height}" '
            f'aria-hidden="true" class="bar">{"".join(bars)}</svg>'
            f"<span>{html.escape(said)}</span></li>"
        )
    label = html.escape(gettext("The answers", lang))
    return (
        f'<figure><figcaption>{label}</figcaption><ul class="rows">{"".join(items)}</ul></figure>'
    )
