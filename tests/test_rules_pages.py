"""The rules pages RULES.md / RULES.ru.md and the links to them (exact61_widgets.rules).

Every code the project cites (``R7.3``, ``D5``) must land on an anchor of both pages,
so a mistyped code anywhere in the package, the README or the tutorials fails here.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import get_language, set_language
from exact61_widgets.rule_links import (
    RULE_CODES,
    UnknownRuleError,
    link_codes,
    link_codes_md,
    rule_anchor,
    rules_url,
    set_rules_location,
)

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"en": ROOT / "RULES.md", "ru": ROOT / "RULES.ru.md"}
ANCHOR = re.compile(r'<a id="([\w-]+)"></a>')
# Independent of the module's own pattern: anything shaped like a rule code.
CODE = re.compile(r"(?<![A-Za-z0-9_])[RD]\d+(?:\.\d+)*(?![A-Za-z0-9_])")
CODE_ANCHOR = re.compile(r"[rd]\d+(?:-\d+)?")
SKIP_SUFFIXES = {".png", ".jpg", ".gif", ".ico", ".woff", ".woff2", ".pyc", ".zip"}


def page(lang: str) -> str:
    return PAGES[lang].read_text("utf-8")


def anchors(lang: str) -> list[str]:
    return ANCHOR.findall(page(lang))


def repo_files() -> list[Path]:
    """Files tracked in the repository or about to be (untracked but not ignored)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def readable_text(path: Path) -> str | None:
    """A file's text; for a notebook, its cell sources and text outputs (not images)."""
    if path.suffix in SKIP_SUFFIXES:
        return None
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix != ".ipynb":
        return text
    parts: list[str] = []
    for cell in json.loads(text)["cells"]:
        parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", [])))
            for mime, data in output.get("data", {}).items():
                if not mime.startswith("image/") or mime == "image/svg+xml":
                    parts.append(data if isinstance(data, str) else "".join(map(str, data)))
    return "\n".join(parts)


def test_both_pages_have_the_same_anchors_in_the_same_order() -> None:
    en, ru = anchors("en"), anchors("ru")
    assert en == ru
    assert len(en) == len(set(en)), "an anchor is defined twice"


def test_the_code_anchors_are_exactly_the_rule_codes() -> None:
    for lang in PAGES:
        coded = [a for a in anchors(lang) if CODE_ANCHOR.fullmatch(a)]
        assert coded == [rule_anchor(code) for code in RULE_CODES], lang


def test_the_rule_codes_are_those_of_the_original_numbering(rules_text: str) -> None:
    numbered = re.findall(r"^(?:- |## )(R\d+(?:\.\d+)?|D\d+)\b", rules_text, re.M)
    assert sorted(numbered) == sorted(RULE_CODES)
    assert len(RULE_CODES) == len(set(RULE_CODES))


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_each_anchor_sits_right_before_its_numbered_item(lang: str) -> None:
    lines = page(lang).splitlines()
    by_anchor = {rule_anchor(code): code for code in RULE_CODES}
    for number, line in enumerate(lines):
        found = ANCHOR.fullmatch(line.strip())
        if not found or found.group(1) not in by_anchor:
            continue
        code = by_anchor[found.group(1)]
        following = lines[number + 1]
        assert re.match(rf"(## |\*\*){re.escape(code)} ", following), (lang, code, following)


@pytest.mark.parametrize("lang", sorted(PAGES))
def test_every_link_inside_a_page_lands_on_an_anchor(lang: str) -> None:
    targets = re.findall(r"\]\(#([\w-]+)\)", page(lang))
    assert targets
    missing = sorted(set(targets) - set(anchors(lang)))
    assert not missing, missing


def test_the_readme_links_to_both_pages_and_its_anchors_exist() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    links = re.findall(r"\]\((RULES(?:\.ru)?\.md)(?:#([\w-]+))?\)", readme)
    assert {name for name, _ in links} == {"RULES.md", "RULES.ru.md"}
    for name, anchor in links:
        if anchor:
            assert anchor in anchors("en" if name == "RULES.md" else "ru"), (name, anchor)


def test_every_cited_code_in_the_repository_exists_as_an_anchor() -> None:
    known = set(RULE_CODES)
    unknown: dict[str, set[str]] = {}
    checked = 0
    for path in repo_files():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("tests/"):
            continue
        text = readable_text(path)
        if text is None:
            continue
        checked += 1
        for code in CODE.findall(text):
            if code not in known:
                unknown.setdefault(relative, set()).add(code)
    assert checked > 20
    assert not unknown, unknown


def test_the_repository_cites_codes_in_code_catalogs_readme_and_tutorials() -> None:
    """The scan above must see citations in every kind of file it is meant to check."""
    kinds = {"py": False, "po": False, "readme": False, "tutorial": False}
    for path in repo_files():
        relative = path.relative_to(ROOT).as_posix()
        text = readable_text(path) or ""
        if not CODE.search(text) or relative.startswith("tests/"):
            continue
        kinds["py"] |= relative.startswith("exact61_widgets/") and path.suffix == ".py"
        kinds["po"] |= path.suffix == ".po"
        kinds["readme"] |= relative == "README.md"
        kinds["tutorial"] |= relative.startswith("tutorials/") and path.suffix == ".ipynb"
    assert all(kinds.values()), kinds


def test_no_file_outside_the_tests_points_at_the_shared_sources() -> None:
    offenders = []
    for path in repo_files():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("tests/"):
            continue
        text = readable_text(path)
        if text is not None and ("rules.ru.txt" in text or "../shared" in text):
            offenders.append(relative)
    assert not offenders, offenders


# -- exact61_widgets.rules -------------------------------------------------------------------


def test_rule_anchor_and_url_lead_to_an_anchor_of_the_right_page() -> None:
    assert rule_anchor("R7.3") == "r7-3"
    assert rule_anchor("R10") == "r10"
    assert rule_anchor("D5") == "d5"
    for lang in PAGES:
        present = set(anchors(lang))
        for code in RULE_CODES:
            url = rules_url(code, lang)
            file, _, anchor = url.partition("#")
            assert (ROOT / "tutorials" / file).resolve() == PAGES[lang]
            assert anchor in present


def test_rules_url_follows_the_session_language() -> None:
    before = get_language()
    try:
        set_language("ru")
        assert rules_url("D5") == "../RULES.ru.md#d5"
        set_language("en")
        assert rules_url("D5") == "../RULES.md#d5"
    finally:
        set_language(before)


@pytest.mark.parametrize("bad", ["R7.9", "R11", "D11", "r7.3", "R7-3", "", "R 7"])
def test_an_unknown_code_raises_a_clear_error_in_both_languages(bad: str) -> None:
    with pytest.raises(UnknownRuleError) as caught:
        rules_url(bad, "en")
    assert isinstance(caught.value, Exact61Error)
    assert repr(bad) in str(caught.value)
    assert "код правила" in caught.value.text("ru")


def test_set_rules_location_points_links_elsewhere_and_back() -> None:
    try:
        set_rules_location("https://example.org/RULES.md", "/docs/RULES.ru.md")
        assert rules_url("R1.4", "en") == "https://example.org/RULES.md#r1-4"
        assert rules_url("R1.4", "ru") == "/docs/RULES.ru.md#r1-4"
        linked = link_codes("x (R1.4)", "en")
        assert 'href="https://example.org/RULES.md#r1-4"' in linked
    finally:
        set_rules_location()
    assert rules_url("R1.4", "en") == "../RULES.md#r1-4"


def test_link_codes_links_every_code_in_text() -> None:
    html = "Round once (R7.5); see R7.3 and D1–D10 &amp; R10."
    linked = link_codes(html, "ru")
    assert linked == (
        'Round once (<a href="../RULES.ru.md#r7-5" target="_blank">R7.5</a>); see '
        '<a href="../RULES.ru.md#r7-3" target="_blank">R7.3</a> and '
        '<a href="../RULES.ru.md#d1" target="_blank">D1</a>–'
        '<a href="../RULES.ru.md#d10" target="_blank">D10</a> &amp; '
        '<a href="../RULES.ru.md#r10" target="_blank">R10</a>.'
    )
    assert re.sub(r"<[^>]+>", "", linked) == html


def test_link_codes_leaves_tags_attributes_and_existing_links_alone() -> None:
    html = (
        '<span title="R7.3" data-rule="D5">R1.4</span> '
        '<a href="#x" class="R2">see R8.2</a> <b>R9</b>'
    )
    linked = link_codes(html, "en")
    assert '<span title="R7.3" data-rule="D5">' in linked
    assert '<a href="#x" class="R2">see R8.2</a>' in linked
    assert linked.count("<a ") == 3
    assert link_codes(linked, "en") == linked, "linking twice changes nothing"


def test_link_codes_escapes_the_url_and_rejects_unknown_codes() -> None:
    try:
        set_rules_location('rules?a=1&b="2"', "x")
        assert 'href="rules?a=1&amp;b=&quot;2&quot;#r1"' in link_codes("R1", "en")
    finally:
        set_rules_location()
    with pytest.raises(UnknownRuleError):
        link_codes("as R7.8 says", "en")
    assert link_codes("HD5, R2D2, v1.R3 and #R4", "en") == "HD5, R2D2, v1.R3 and #R4"


def test_link_codes_md_links_prose_but_not_code_or_links() -> None:
    text = (
        "Round once (R7.5). `R7.3` stays code, [R1](#r1) stays a link.\n"
        "```\nR2 in a block\n```\nEnds count (R5.1, D1)."
    )
    linked = link_codes_md(text, "en")
    assert linked == (
        "Round once ([R7.5](../RULES.md#r7-5)). `R7.3` stays code, [R1](#r1) stays a link.\n"
        "```\nR2 in a block\n```\n"
        "Ends count ([R5.1](../RULES.md#r5-1), [D1](../RULES.md#d1))."
    )
    assert link_codes_md('a [note R3](x) and <span title="R4">R4</span>', "ru") == (
        'a [note R3](x) and <span title="R4">[R4](../RULES.ru.md#r4)</span>'
    )
