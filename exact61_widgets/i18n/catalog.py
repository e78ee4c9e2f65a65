"""A small reader for gettext ``.po`` catalogs and the localized message type.

Each language has a folder (``ru/``) of ``.po`` files, one per part of the
package (``core.po``, ``render.po`` …), merged when first needed.

We read the ``.po`` text directly (no compiled ``.mo``) so the catalog stays a
reviewable text file and works unchanged under Pyodide.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal

Lang = Literal["en", "ru"]
LANGUAGES: tuple[Lang, ...] = ("en", "ru")


def _plural_en(n: int) -> int:
    return 0 if abs(n) == 1 else 1


def _plural_ru(n: int) -> int:
    # Plural-Forms of ru.po: one (1, 21, 101 …), few (2–4, 22–24 …), many.
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


_PLURAL: Mapping[str, Callable[[int], int]] = {"en": _plural_en, "ru": _plural_ru}


def check_lang(lang: str) -> Lang:
    """Return ``lang`` if it is a supported language, else raise ``ValueError``."""
    for known in LANGUAGES:
        if lang == known:
            return known
    raise ValueError(f"unknown language {lang!r}: use 'en' or 'ru'")


Entry = str | tuple[str, ...]


def _parse_po(text: str) -> dict[tuple[str, str], Entry]:
    """Parse ``.po`` text into ``{(msgid, msgid_plural): msgstr or forms}``."""
    entries: dict[tuple[str, str], Entry] = {}
    fields: dict[str, str] = {}
    last: str | None = None

    def flush() -> None:
        if fields.get("msgid"):
            plural = fields.get("msgid_plural", "")
            if plural:
                forms: list[str] = []
                while f"msgstr[{len(forms)}]" in fields:
                    forms.append(fields[f"msgstr[{len(forms)}]"])
                entries[(fields["msgid"], plural)] = tuple(forms)
            else:
                entries[(fields["msgid"], "")] = fields.get("msgstr", "")
        fields.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
                last = None
            continue
        if line.startswith('"'):
            if last is None:
                raise ValueError(f"catalog: a string continues no field: {raw!r}")
            fields[last] += ast.literal_eval(line)
            continue
        key, _, value = line.partition(" ")
        if key == "msgid" and "msgid" in fields:
            flush()
        fields[key] = ast.literal_eval(value.strip())
        last = key
    flush()
    return entries


@cache
def _catalog(lang: str) -> dict[tuple[str, str], Entry]:
    if lang == "en":
        return {}
    folder = resources.files("exact61_widgets.i18n").joinpath(lang)
    merged: dict[tuple[str, str], Entry] = {}
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(".po"):
            for key, value in _parse_po(item.read_text("utf-8")).items():
                if key in merged and merged[key] != value:
                    raise ValueError(f"catalog {lang}/{item.name}: {key[0]!r} translated twice")
                merged[key] = value
    return merged


def catalog_entries(lang: Lang) -> dict[tuple[str, str], Entry]:
    """The catalog of ``lang`` as parsed (for tests and tooling)."""
    return dict(_catalog(lang))


def gettext(msgid: str, lang: str = "en") -> str:
    """Translate ``msgid`` into ``lang``; English returns it unchanged."""
    if lang == "en":
        return msgid
    found = _catalog(check_lang(lang)).get((msgid, ""))
    if not isinstance(found, str) or not found:
        raise LookupError(f"no {lang} translation for {msgid!r}")
    return found


def ngettext(singular: str, plural: str, n: int, lang: str = "en") -> str:
    """Pick the plural form of a message for the number ``n`` in ``lang``."""
    index = _PLURAL[check_lang(lang)](n)
    if lang == "en":
        return singular if index == 0 else plural
    forms = _catalog(lang).get((singular, plural))
    if not isinstance(forms, tuple) or len(forms) != 3:
        raise LookupError(f"no {lang} plural forms for {singular!r}")
    return forms[index]


@dataclass(frozen=True)
class Msg:
    """A translatable message with parameters, localized when shown.

    Parameters may themselves be :class:`Msg` or :class:`Plural` values, which are
    localized into the same language first.
    """

    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, with its parameters filled in."""
        template = gettext(self.msgid, lang)
        return template.format(**{k: localize(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Plural:
    """A message whose form depends on the number ``n`` (``{n}`` in the text)."""

    singular: str
    plural: str
    n: int
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` in the plural form for ``n``."""
        template = ngettext(self.singular, self.plural, self.n, lang)
        params = {k: localize(v, lang) for k, v in self.params.items()}
        return template.format(n=self.n, **params)

    def __str__(self) -> str:
        return self.text("en")


def localize(value: object, lang: str = "en") -> object:
    """Localize a :class:`Msg` / :class:`Plural`; other values pass unchanged."""
    if isinstance(value, (Msg, Plural)):
        return value.text(lang)
    return value
