"""Every user-facing message exists in English and Russian (gettext-style catalogs)."""

from __future__ import annotations

import re

from i18n_extract import message_ids

from exact61_widgets.i18n.catalog import _parse_po, catalog_entries

_FIELDS = re.compile(r"\{(\w*)\}")


def test_every_message_id_in_the_code_has_a_russian_translation() -> None:
    entries = catalog_entries("ru")
    missing = [f"{where}: {key[0]!r}" for key, where in message_ids().items()
               if key not in entries]
    assert missing == []


def test_translations_keep_every_placeholder() -> None:
    for (msgid, plural), value in catalog_entries("ru").items():
        wanted = set(_FIELDS.findall(msgid)) | set(_FIELDS.findall(plural))
        forms = value if isinstance(value, tuple) else (value,)
        for form in forms:
            assert form, msgid
            assert set(_FIELDS.findall(form)) == wanted, msgid


def test_plural_entries_have_the_three_russian_forms() -> None:
    for (_msgid, plural), value in catalog_entries("ru").items():
        if plural:
            assert isinstance(value, tuple) and len(value) == 3


def test_the_po_reader_handles_continuations_and_plurals() -> None:
    text = ('msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
            'msgid "a "\n"b"\nmsgstr "в "\n"г"\n\n'
            'msgid "{n} x"\nmsgid_plural "{n} xs"\nmsgstr[0] "1"\nmsgstr[1] "2"\nmsgstr[2] "5"\n')
    assert _parse_po(text) == {("a b", ""): "в г", ("{n} x", "{n} xs"): ("1", "2", "5")}
