"""Translations: English message ids in code, Russian in a gettext ``.po`` catalog.

Every user-facing string goes through :func:`gettext` / :func:`ngettext` or a
:class:`Msg`, so each one exists in English and Russian (``lang="en"|"ru"``).
"""

from exact61_widgets.i18n.catalog import (
    LANGUAGES,
    Lang,
    Msg,
    Plural,
    check_lang,
    gettext,
    localize,
    ngettext,
)

__all__ = ["LANGUAGES", "Lang", "Msg", "Plural", "check_lang", "gettext", "localize", "ngettext"]
