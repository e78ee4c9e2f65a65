"""Message catalogs and the localized message types, on Babel and the standard ``gettext``.

Each language has a folder (``ru/``) of gettext ``.po`` files, one per part of the
package (``core.po``, ``render.po`` …). At the first text in that language the
files are read with Babel's ``read_po`` from the package resources, checked
(same ``Language`` and ``Plural-Forms`` header in every file, no message
translated differently in two files) and merged.

Why this way: the ``.po`` text is the only form of the catalog, so it stays
reviewable and nothing is compiled at install or import time; Babel is pure
Python, so this also runs under Pyodide. The merged catalog is written with
Babel's ``write_mo`` into memory and loaded as a standard
``gettext.GNUTranslations``, which picks a plural form with the formula of the
catalog's own ``Plural-Forms`` header. That is the documented run-time path of
gettext; evaluating the formula with ``gettext.c2py`` would lean on an
undocumented helper of the standard library.
"""

from __future__ import annotations

import gettext as _gnu
import io
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

#: A language code: English or Russian.
Lang = Literal["en", "ru"]
#: The languages of every text, English first.
LANGUAGES: tuple[Lang, ...] = ("en", "ru")

#: The environment variable that sets the session's language when Python starts.
LANG_ENV: Final = "EXACT61_LANG"
_session: list[Lang] = []


def check_lang(lang: str | None = None) -> Lang:
    """Return ``lang`` if it is a supported language, else raise ``ValueError``.

    ``None`` stands for the session's language (:func:`get_language`), so that one
    :func:`set_language` call serves every widget, picture and text made after it.
    """
    if lang is None:
        return get_language()
    for known in LANGUAGES:
        if lang == known:
            return known
    raise ValueError(f"unknown language {lang!r}: use 'en' or 'ru'")


def set_language(lang: str | None) -> Lang:
    """Make ``lang`` (``"en"`` or ``"ru"``) the language of every text made from now on.

    Widgets, pictures and explanations use it wherever no ``lang=`` is given; an
    explicit ``lang=`` still overrides it. ``None`` forgets the choice, so that
    ``$EXACT61_LANG`` (or else English) applies again. Returns the language now in force.
    """
    if lang is None:
        _session.clear()
        return get_language()
    chosen = check_lang(lang)
    _session[:] = [chosen]
    return chosen


def get_language() -> Lang:
    """The session's language: the last :func:`set_language`, else ``$EXACT61_LANG``, else English.

    A value of ``$EXACT61_LANG`` other than ``en`` or ``ru`` is an error (one line).
    """
    if _session:
        return _session[0]
    env = os.environ.get(LANG_ENV, "").strip().lower()
    if not env:
        return "en"
    for known in LANGUAGES:
        if env == known:
            return known
    raise ValueError(f"{LANG_ENV}={env!r} is not a language: use 'en' or 'ru'")


#: A translation: the text, or the plural forms in the order of the catalog's formula.
Entry = str | tuple[str, ...]


@dataclass(frozen=True)
class LoadedCatalog:
    """One language's merged catalog: its entries, and the gettext object that picks plurals."""

    entries: Mapping[tuple[str, str], Entry]
    translations: _gnu.NullTranslations
    plural_forms: str
    nplurals: int


def _read(lang: str, name: str, data: bytes) -> Catalog:
    """Parse one ``.po`` file with Babel; its ``Language`` header must name ``lang``."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        catalog = read_po(io.BytesIO(data), abort_invalid=True)
    except PoFileError as err:
        raise ValueError(f"catalog {lang}/{name}: {err}") from None
    if str(catalog.locale) != lang:
        raise ValueError(
            f"catalog {lang}/{name}: the Language header says {catalog.locale!s}, not {lang}"
        )
    return catalog


def _entry(msgid: object, string: object) -> tuple[tuple[str, str], Entry]:
    """A Babel message as ``((msgid, msgid_plural or ""), text or forms)``."""
    if isinstance(msgid, str):
        return (msgid, ""), string if isinstance(string, str) else ""
    assert isinstance(msgid, (tuple, list)) and len(msgid) == 2
    forms = tuple(str(s) for s in string) if isinstance(string, (tuple, list)) else ()
    return (str(msgid[0]), str(msgid[1])), forms


def merge_po(lang: str, files: Iterable[tuple[str, bytes]]) -> LoadedCatalog:
    """Read and merge the ``.po`` files ``(name, content)`` of ``lang``, in the order given.

    Every file must name ``lang`` in its ``Language`` header and declare the same
    ``Plural-Forms``; a message translated differently in two files is an error.
    Fuzzy entries are left out, as gettext does.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    merged: Catalog | None = None
    entries: dict[tuple[str, str], Entry] = {}
    first = ""
    for name, data in files:
        catalog = _read(lang, name, data)
        if merged is None:
            merged, first = Catalog(locale=lang), name
            merged.mime_headers = catalog.mime_headers
        elif catalog.plural_forms != merged.plural_forms:
            raise ValueError(f"catalog {lang}/{name}: Plural-Forms differ from {first}")
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key, value = _entry(message.id, message.string)
            if key in entries and entries[key] != value:
                raise ValueError(f"catalog {lang}/{name}: {key[0]!r} translated twice")
            entries[key] = value
            merged[message.id] = message
    if merged is None:
        raise ValueError(f"catalog {lang}: no .po file")
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    translations = _gnu.GNUTranslations(compiled)
    return LoadedCatalog(entries, translations, merged.plural_forms, merged.num_plurals)


@cache
def _load(lang: str) -> LoadedCatalog:
    """The catalog of ``lang``, read from the package's ``i18n/<lang>/*.po`` at first use."""
    if lang == "en":
        return LoadedCatalog({}, _gnu.NullTranslations(), "nplurals=2; plural=(n != 1);", 2)
    folder = resources.files("exact61_widgets.i18n").joinpath(lang)
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".po")), key=lambda f: f.name)
    return merge_po(lang, ((f.name, f.read_bytes()) for f in files))


def catalog_entries(lang: Lang) -> dict[tuple[str, str], Entry]:
    """The merged catalog of ``lang``: ``{(msgid, msgid_plural or ""): text or forms}``."""
    return dict(_load(check_lang(lang)).entries)


def plural_forms(lang: Lang) -> str:
    """The ``Plural-Forms`` formula the catalog of ``lang`` declares (``nplurals=3; …``)."""
    return _load(check_lang(lang)).plural_forms


def gettext(msgid: str, lang: str | None = None) -> str:
    """Translate ``msgid`` into ``lang`` (default: the session's); English returns it unchanged."""
    lang = check_lang(lang)
    if lang == "en":
        return msgid
    loaded = _load(lang)
    found = loaded.entries.get((msgid, ""))
    if not isinstance(found, str) or not found:
        raise LookupError(f"no {lang} translation for {msgid!r}")
    return loaded.translations.gettext(msgid)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """Pick the plural form of a message for the number ``n`` in ``lang``.

    The form follows the catalog's ``Plural-Forms`` formula (English: 1 → singular);
    a negative number takes the form of its absolute value (−21 очко like 21 очко).
    """
    lang = check_lang(lang)
    loaded = _load(lang)
    if lang != "en":
        forms = loaded.entries.get((singular, plural))
        if not isinstance(forms, tuple) or len(forms) != loaded.nplurals or not all(forms):
            raise LookupError(f"no {lang} plural forms for {singular!r}")
    return loaded.translations.ngettext(singular, plural, abs(n))


@dataclass(frozen=True)
class Msg:
    """A translatable message with parameters, localized when shown.

    Parameters may themselves be :class:`Msg` or :class:`Plural` values, which are
    localized into the same language first.
    """

    #: The English text, which is also the key of its translations.
    msgid: str
    #: The values filled into the text's ``{name}`` fields.
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang``, with its parameters filled in."""
        lang = check_lang(lang)
        template = gettext(self.msgid, lang)
        return template.format(**{k: localize(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Plural:
    """A message whose form depends on the number ``n`` (``{n}`` in the text)."""

    #: The English text for ``n`` equal to 1.
    singular: str
    #: The English text for any other ``n``.
    plural: str
    #: The number that chooses the form.
    n: int
    #: Further values filled into the text.
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` in the plural form for ``n``."""
        lang = check_lang(lang)
        template = ngettext(self.singular, self.plural, self.n, lang)
        params = {k: localize(v, lang) for k, v in self.params.items()}
        return template.format(n=localize(self.n, lang), **params)

    def __str__(self) -> str:
        return self.text("en")


#: The minus sign Russian typography writes before a negative number (never a hyphen).
MINUS: Final = "\u2212"
#: A parameter that is a negative whole number already written out (an answer, "-10").
_NEGATIVE: Final = re.compile(r"-\d+")


def signed(number: int, lang: str | None = None) -> str:
    """A whole number as text in ``lang``: Russian writes a negative one with a minus sign (−3)."""
    if number < 0 and check_lang(lang) == "ru":
        return MINUS + str(-number)
    return str(number)


def _python_quoted(value: str) -> str | None:
    """The text inside a Python string literal (``repr`` of a str), or None if it is not one."""
    if len(value) < 2 or value[0] != value[-1] or value[0] not in "'\"":
        return None
    inner = value[1:-1]
    return inner if repr(inner) == value else None


def localize(value: object, lang: str | None = None) -> object:
    """Localize a message parameter for ``lang``.

    A :class:`Msg` / :class:`Plural` is translated. In Russian a negative whole number is
    written with a minus sign (−3; also one already written out, ``"-10"``), and a value an
    error message quotes with ``repr`` (the learner's input, ``'x9'``) is quoted in «ёлочки»,
    as Russian typography does; English keeps Python's quotes. Other values pass unchanged.
    """
    if isinstance(value, (Msg, Plural)):
        return value.text(lang)
    if check_lang(lang) == "ru":
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            return signed(value, "ru")
        if isinstance(value, str):
            if _NEGATIVE.fullmatch(value):
                return MINUS + value[1:]
            inner = _python_quoted(value)
            if inner is not None:
                return f"«{inner}»"
    return value
