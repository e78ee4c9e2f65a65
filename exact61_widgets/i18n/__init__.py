"""Translations: English message ids in code, Russian in gettext ``.po`` catalogs (Babel).

Every user-facing string goes through :func:`gettext` / :func:`ngettext` or a
:class:`Msg` / :class:`Plural`, so each one exists in English and Russian
(``lang="en"|"ru"``; ``None`` is the session's language, see :func:`set_language`).
"""

from exact61_widgets.i18n.catalog import (
    LANG_ENV,
    LANGUAGES,
    Lang,
    Msg,
    Plural,
    catalog_entries,
    check_lang,
    get_language,
    gettext,
    localize,
    ngettext,
    plural_forms,
    set_language,
    signed,
)

__all__ = [
    "LANGUAGES",
    "LANG_ENV",
    "Lang",
    "Msg",
    "Plural",
    "catalog_entries",
    "check_lang",
    "get_language",
    "gettext",
    "localize",
    "ngettext",
    "plural_forms",
    "set_language",
    "signed",
]
