"""The catalogs: every message in English and Russian, checked with Babel; plurals; language.

Every ``.po`` file of ``exact61_widgets/i18n/ru/`` is checked, including files added
later: they are all merged at run time.
"""

from __future__ import annotations

import gettext
import os
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from i18n_extract import babel_message_ids, message_ids, po_files, read_catalog

import exact61_widgets
import exact61_widgets.i18n as i18n
from exact61_widgets import caption, describe
from exact61_widgets.i18n import (
    LANG_ENV,
    Msg,
    Plural,
    catalog_entries,
    check_lang,
    get_language,
    ngettext,
    plural_forms,
    set_language,
)
from exact61_widgets.i18n.catalog import merge_po

NUMBERS = (*range(31), 101, 111, 121, 1001)
_HEADER = re.compile(r'^"Plural-Forms: *(?P<forms>[^"]*?)\\n"$', re.MULTILINE)


def _fields(template: str) -> set[str]:
    """The ``{placeholders}`` of a ``str.format`` template (raises on a stray brace)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def _forms(message: Message) -> tuple[str, ...]:
    """The translation of a Babel message as a tuple: one text, or the plural forms."""
    string = message.string
    if isinstance(string, str):
        return (string,)
    return tuple(string or ())


def _ids(message: Message) -> tuple[str, ...]:
    """The message id, or the singular and plural ids."""
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _ru_rule(n: int) -> int:
    """Russian plurals as grammar books give them, independent of any catalog header."""
    if n % 10 == 1 and n % 100 != 11:
        return 0  # 1, 21, 101 … очко
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1  # 2–4, 22–24 … очка
    return 2  # 0, 5–20, 25–30, 111 … очков


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No session language and no ``$EXACT61_LANG`` during the test, none left after it."""
    monkeypatch.delenv(LANG_ENV, raising=False)
    set_language(None)
    yield
    set_language(None)


# --- the catalog against the code ---


def test_every_message_id_in_the_code_has_a_russian_translation() -> None:
    entries = catalog_entries("ru")
    missing = [
        f"{where}: {key[0]!r}" for key, where in message_ids().items() if not entries.get(key)
    ]
    assert missing == []


def test_babel_finds_no_message_id_the_code_walker_misses() -> None:
    ours = message_ids()
    assert [
        f"{where}: {key}" for key, where in babel_message_ids().items() if key not in ours
    ] == []


def test_every_catalog_entry_is_used_by_the_code() -> None:
    used = message_ids()
    assert [key[0] for key in catalog_entries("ru") if key not in used] == []


# --- each .po file, read with Babel ---


def test_there_are_po_files_and_all_are_merged() -> None:
    files = po_files("ru")
    assert {"core.po", "render.po", "widgets.po", "bots.po"} <= {f.name for f in files}
    merged = catalog_entries("ru")
    for path in files:
        for message in read_catalog(path):
            if message.id:
                ids = _ids(message)
                assert (ids[0], ids[1] if len(ids) > 1 else "") in merged, (path.name, ids)


def test_every_po_file_declares_language_and_the_same_plural_forms() -> None:
    declared = {}
    for path in po_files("ru"):
        found = _HEADER.findall(path.read_text("utf-8").split("\n\n", 1)[0])
        assert len(found) == 1, f"{path.name}: no Plural-Forms header"
        catalog = read_catalog(path)
        assert str(catalog.locale) == "ru", path.name
        assert catalog.plural_forms == found[0].strip(), path.name
        declared[path.name] = catalog.plural_forms
    assert len(set(declared.values())) == 1, declared
    assert next(iter(declared.values())) == plural_forms("ru")
    assert plural_forms("ru").startswith("nplurals=3;")


def test_no_fuzzy_no_obsolete_no_duplicate_and_no_empty_entry() -> None:
    for path in po_files("ru"):
        catalog = read_catalog(path)
        assert not catalog.fuzzy, f"{path.name}: the header is fuzzy"
        assert [m.id for m in catalog if m.id and m.fuzzy] == [], path.name
        assert list(catalog.obsolete) == [], f"{path.name}: obsolete (#~) entries"
        text = path.read_text("utf-8")
        ids = len(re.findall(r"^msgid ", text, re.MULTILINE)) - 1  # less the header
        assert ids == len(catalog), f"{path.name}: a msgid appears twice"
        for message in catalog:
            if message.id:
                assert all(_forms(message)), f"{path.name}: {message.id!r} is not translated"


def test_babel_checks_pass_on_every_file() -> None:
    """Babel's checkers: the number of plural forms, and %-format if a message has one."""
    for path in po_files("ru"):
        catalog = read_catalog(path)
        problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
        assert problems == [], path.name
        for message in catalog:
            if message.pluralizable:
                assert len(_forms(message)) == catalog.num_plurals == 3, message.id


def test_translations_keep_every_placeholder() -> None:
    for path in po_files("ru"):
        for message in read_catalog(path):
            if not message.id:
                continue
            ids = _ids(message)
            wanted = set().union(*(_fields(i) for i in ids))
            for form in _forms(message):
                assert _fields(form) == wanted, f"{path.name}: {ids[0]!r} → {form!r}"


# --- the merge: several files, one catalog ---


def _po(
    body: str,
    plural: str = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    lang: str = "ru",
) -> bytes:
    head = (
        f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Language: {lang}\\n"\n"Plural-Forms: {plural}\\n"\n\n'
    )
    return (head + body).encode("utf-8")


def test_merge_reads_continuations_plurals_and_several_files() -> None:
    first = _po(
        'msgid "a "\n"b"\nmsgstr "в "\n"г"\n\n'
        'msgid "{n} x"\nmsgid_plural "{n} xs"\nmsgstr[0] "{n} к"\n'
        'msgstr[1] "{n} ка"\nmsgstr[2] "{n} ков"\n'
    )
    second = _po(
        'msgid "a b"\nmsgstr "в г"\n\nmsgid "c"\nmsgstr "д"\n\n#, fuzzy\nmsgid "e"\nmsgstr "ё"\n'
    )
    loaded = merge_po("ru", [("a.po", first), ("b.po", second)])
    assert loaded.entries == {
        ("a b", ""): "в г",
        ("c", ""): "д",
        ("{n} x", "{n} xs"): ("{n} к", "{n} ка", "{n} ков"),
    }
    assert [loaded.translations.ngettext("{n} x", "{n} xs", n) for n in (1, 3, 5, 21)] == [
        "{n} к",
        "{n} ка",
        "{n} ков",
        "{n} к",
    ]
    assert loaded.translations.gettext("e") == "e"  # fuzzy entries are not used


def test_merge_refuses_conflicts_and_mismatched_headers() -> None:
    one = _po('msgid "a"\nmsgstr "б"\n')
    with pytest.raises(ValueError, match=r"^catalog ru/b\.po: 'a' translated twice$"):
        merge_po("ru", [("a.po", one), ("b.po", _po('msgid "a"\nmsgstr "в"\n'))])
    with pytest.raises(ValueError, match=r"^catalog ru/b\.po: Plural-Forms differ from a\.po$"):
        merge_po("ru", [("a.po", one), ("b.po", _po("", "nplurals=2; plural=(n != 1);"))])
    with pytest.raises(ValueError, match=r"^catalog ru/a\.po: the Language header says uk"):
        merge_po("ru", [("a.po", _po('msgid "a"\nmsgstr "б"\n', lang="uk"))])
    with pytest.raises(ValueError, match=r"^catalog ru/a\.po: .*misformatted"):
        merge_po("ru", [("a.po", _po('msgid "a"\nmsgtsr "б"\n'))])
    with pytest.raises(ValueError, match=r"^catalog ru: no \.po file$"):
        merge_po("ru", [])


def test_a_missing_translation_is_an_error_not_english() -> None:
    with pytest.raises(LookupError, match="no ru translation"):
        Msg("no such message {x}", {"x": 1}).text("ru")
    with pytest.raises(LookupError, match="no ru plural forms"):
        Plural("{n} no such thing", "{n} no such things", 2).text("ru")
    assert Msg("no such message {x}", {"x": 1}).text("en") == "no such message 1"


def test_the_catalog_is_read_at_first_use_without_compiling() -> None:
    package = Path(exact61_widgets.__file__).parent / "i18n"
    assert not list(package.rglob("*.mo"))
    code = (
        "import sys, exact61_widgets as e; before = 'babel' in sys.modules; "
        "text = e.caption('[2|3]', lang='ru'); "
        "print(before, 'babel.messages.pofile' in sys.modules, text.split(':')[0])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True
    )
    assert result.stdout.split() == ["False", "True", "Учитываемые", "вклады"]
    assert not list(package.rglob("*.mo"))


# --- plural forms ---


def test_the_header_formula_is_the_russian_rule() -> None:
    expr = plural_forms("ru").split("plural=", 1)[1].rstrip(";")
    formula = gettext.c2py(expr)
    assert [formula(n) for n in range(2000)] == [_ru_rule(n) for n in range(2000)]


def test_every_plural_message_takes_the_form_the_header_formula_gives() -> None:
    expr = plural_forms("ru").split("plural=", 1)[1].rstrip(";")
    formula = gettext.c2py(expr)
    plurals = {key: forms for key, forms in catalog_entries("ru").items() if key[1]}
    assert len(plurals) >= 5
    for (singular, plural), forms in plurals.items():
        assert isinstance(forms, tuple)
        params = {name: f"<{name}>" for name in _fields(singular) - {"n"}}
        for n in NUMBERS:
            expected = forms[formula(n)].format(n=n, **params)
            assert Plural(singular, plural, n, params).text("ru") == expected, (singular, n)
            assert ngettext(singular, plural, n, "ru") == forms[_ru_rule(n)]
            english = singular if n == 1 else plural
            assert Plural(singular, plural, n, params).text("en") == english.format(n=n, **params)


@pytest.mark.parametrize(
    ("n", "points", "tiles", "raw"),
    [
        (0, "0 очков", "0 костей", "0 исходных очков"),
        (1, "1 очко", "1 кость", "1 исходное очко"),
        (2, "2 очка", "2 кости", "2 исходных очка"),
        (4, "4 очка", "4 кости", "4 исходных очка"),
        (5, "5 очков", "5 костей", "5 исходных очков"),
        (11, "11 очков", "11 костей", "11 исходных очков"),
        (12, "12 очков", "12 костей", "12 исходных очков"),
        (14, "14 очков", "14 костей", "14 исходных очков"),
        (21, "21 очко", "21 кость", "21 исходное очко"),
        (22, "22 очка", "22 кости", "22 исходных очка"),
        (25, "25 очков", "25 костей", "25 исходных очков"),
        (101, "101 очко", "101 кость", "101 исходное очко"),
        (111, "111 очков", "111 костей", "111 исходных очков"),
        (121, "121 очко", "121 кость", "121 исходное очко"),
        (1001, "1001 очко", "1001 кость", "1001 исходное очко"),
    ],
)
def test_real_russian_words(n: int, points: str, tiles: str, raw: str) -> None:
    assert Plural("{n} point", "{n} points", n).text("ru") == points
    assert Plural("{n} tile", "{n} tiles", n).text("ru") == tiles
    assert Plural("{n} raw point", "{n} raw points", n).text("ru") == raw


def test_a_negative_number_takes_the_form_of_its_size() -> None:
    assert Plural("{n} raw point", "{n} raw points", -21).text("ru") == "\u221221 исходное очко"
    assert Plural("{n} raw point", "{n} raw points", -10).text("ru") == "\u221210 исходных очков"
    assert Plural("{n} raw point", "{n} raw points", -1).text("en") == "-1 raw point"


# --- Russian wording (issue: the rules text's terms, "вы", no calques, no jargon) ---

#: Wording the Russian catalog must not use, and why.
FORBIDDEN = {
    r"\bсторон": "«сторона» for a player or pair is a calque of 'side': игрок, пара",
    r"концев": "the rules text says «конечный дубль»",
    r"ищущ": "jargon: «бот с перебором ходов»",
    r"\bзерн": "jargon: «начальное число»",
    r"\b(ты|тебе|тебя|твой|твоя|твоё|твои|можешь|"
    r"выкладывай|выбери|нажми|попробуй)\b": "address the reader as «вы»",
    r"занимает \{line\}": "«занимает линия A»: the label is nominative",
    r"\{pips\} очков": "a number with a noun goes through Plural (3 очка, 5 очков)",
    r"жреби": "the rules text says «жеребьёвка»",
}


def test_the_russian_catalog_avoids_known_calques_jargon_and_ty() -> None:
    found = []
    for path in po_files("ru"):
        for message in read_catalog(path):
            for form in _forms(message):
                for pattern, why in FORBIDDEN.items():
                    if message.id and re.search(pattern, form, re.IGNORECASE):
                        found.append(f"{path.name}: {form!r}: {why}")
    assert found == []


def test_the_descriptions_use_the_rules_text_terms() -> None:
    text = describe("[1|4] [1|1]@[1|4]:low", "ru")
    assert "Разветвляющие дубли: [1|1]." in text and "(линия A)" in text
    assert "ветвь" not in caption("[1|4]", "ru")


# --- the session language ---


def test_set_language_changes_the_default_and_an_explicit_language_overrides(session: None) -> None:
    assert get_language() == "en" and check_lang(None) == "en"
    english = caption("[2|3]")
    assert set_language("ru") == "ru"
    assert get_language() == "ru" and check_lang(None) == "ru"
    assert caption("[2|3]") == caption("[2|3]", "ru") != english
    assert Msg("line A").text() == "линия A" and str(Msg("line A")) == "line A"
    assert caption("[2|3]", "en") == english
    assert set_language("en") == "en" and caption("[2|3]") == english


def test_a_bad_language_is_refused_and_changes_nothing(session: None) -> None:
    set_language("ru")
    with pytest.raises(ValueError, match=r"^unknown language 'de': use 'en' or 'ru'$"):
        set_language("de")
    assert get_language() == "ru"


def test_the_environment_sets_the_session_language(
    session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANG_ENV, "ru")
    assert get_language() == "ru" and Msg("line B").text() == "линия B"
    set_language("en")
    assert Msg("line B").text() == "line B"  # set_language wins over the environment
    set_language(None)
    monkeypatch.setenv(LANG_ENV, " RU ")
    assert get_language() == "ru"


def test_a_bad_environment_value_is_a_one_line_error(
    session: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANG_ENV, "klingon")
    with pytest.raises(ValueError) as caught:
        caption("[2|3]")
    assert str(caught.value) == "EXACT61_LANG='klingon' is not a language: use 'en' or 'ru'"
    assert "\n" not in str(caught.value)
    assert caption("[2|3]", "en").startswith("Scoring")  # an explicit language still works
    code = "import exact61_widgets as e; print(e.caption('[2|3]'))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, LANG_ENV: "klingon"},
        check=False,
    )
    assert result.returncode != 0 and result.stdout == ""
    assert result.stderr.strip().splitlines()[-1] == (
        "ValueError: EXACT61_LANG='klingon' is not a language: use 'en' or 'ru'"
    )
    monkeypatch.delenv(LANG_ENV)


def test_the_language_api_is_exported_from_the_package() -> None:
    for name in ("set_language", "get_language"):
        assert getattr(exact61_widgets, name) is getattr(i18n, name)
        assert name in exact61_widgets.__all__ and name in i18n.__all__
    for name in (
        "Msg",
        "Plural",
        "gettext",
        "ngettext",
        "localize",
        "check_lang",
        "catalog_entries",
    ):
        assert name in i18n.__all__
