"""The page the classroom's server shows a visitor it has no room for, in English and Russian.

``make classroom`` serves the classroom app to a whole room; each visitor's page runs a
kernel of its own, and the server holds at most a set number of them (the README says how
to change it). A visitor past that number gets :func:`full_page` with HTTP 503: two short
paragraphs per language, what happened and what to do, and a page that tries again by
itself, so that the learner gets in as soon as a seat is free.
"""

from __future__ import annotations

import html

from exact61_widgets.i18n import LANGUAGES, Msg, Plural, gettext

#: How often, in seconds, the page tries again (also sent as ``Retry-After``).
RETRY_SECONDS = 30


def full_page(limit: int) -> str:
    """The whole HTML page for a visitor turned away when ``limit`` learners are in."""
    sections = []
    for lang in LANGUAGES:
        title = gettext("The classroom is full", lang)
        said = Msg(
            "The classroom app already has {count}, as many as this computer is set to "
            "hold. This page tries again by itself every half minute; or ask your teacher.",
            {"count": Plural("{n} learner", "{n} learners", limit)},
        ).text(lang)
        teacher = gettext(
            "For the teacher: make classroom MAX_LEARNERS=… raises the limit; for a larger "
            "class, or beyond one room, use the JupyterLite site (make lite) or JupyterHub.",
            lang,
        )
        sections.append(
            f'<section lang="{lang}"><h1>{html.escape(title)}</h1>'
            f"<p>{html.escape(said)}</p><p><small>{html.escape(teacher)}</small></p></section>"
        )
    titles = " · ".join(gettext("The classroom is full", lang) for lang in LANGUAGES)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{RETRY_SECONDS}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(titles)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;"
        "padding:0 1em;line-height:1.5;color:#24292f;background:#f7f5ef}"
        "section{margin-bottom:2em}h1{font-size:1.6em}</style></head><body>"
        + "".join(sections)
        + "</body></html>\n"
    )
