"""Rule codes (``R7.3``, ``D5``) and links to the rules pages ``RULES.md`` / ``RULES.ru.md``.

Code, captions and notebooks cite the rules by code; this module knows every code
that has an anchor on the pages and turns codes in HTML or markdown text into links,
so that a citation always leads to the rule it names.
"""

from __future__ import annotations

import html
import re
from typing import Final

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg, check_lang

#: Every rule and decision with an anchor on both rules pages, in page order.
RULE_CODES: Final[tuple[str, ...]] = (
    "R1",
    "R1.1",
    "R1.2",
    "R1.3",
    "R1.4",
    "R2",
    "R2.1",
    "R2.2",
    "R2.3",
    "R2.4",
    "R2.5",
    "R3",
    "R3.1",
    "R3.2",
    "R3.3",
    "R3.4",
    "R3.5",
    "R4",
    "R4.1",
    "R4.2",
    "R4.3",
    "R4.4",
    "R5",
    "R5.1",
    "R5.2",
    "R5.3",
    "R5.4",
    "R6",
    "R6.1",
    "R6.2",
    "R6.3",
    "R7",
    "R7.1",
    "R7.2",
    "R7.3",
    "R7.4",
    "R7.5",
    "R8",
    "R8.1",
    "R8.2",
    "R8.3",
    "R8.4",
    "R8.5",
    "R8.6",
    "R8.7",
    "R9",
    "R9.1",
    "R10",
    "R10.1",
    "D1",
    "D2",
    "D3",
    "D4",
    "D5",
    "D6",
    "D7",
    "D8",
    "D9",
    "D10",
)
_KNOWN: Final = frozenset(RULE_CODES)

#: Where the pages are by default: notebooks live in ``tutorials/``, the pages at the top.
DEFAULT_RULES_EN: Final = "../RULES.md"
DEFAULT_RULES_RU: Final = "../RULES.ru.md"
_location: dict[str, str] = {"en": DEFAULT_RULES_EN, "ru": DEFAULT_RULES_RU}

#: A rule code in running text: ``R7``, ``R7.3``, ``D10`` (not part of a longer word).
CODE_PATTERN: Final = re.compile(r"(?<![\w.#/])[RD]\d{1,2}(?:\.\d{1,2})?(?![\w])")
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([A-Za-z][\w-]*)")
# Markdown spans left alone: fenced blocks, code spans, links/images, autolinks, raw tags.
_MD_SKIP = re.compile(
    r"(^[ \t]*(```|~~~).*?^[ \t]*\2[^\n]*$"
    r"|(`+).*?\3"
    r"|!?\[[^\]\n]*\]\([^)\n]*\)"
    r"|!?\[[^\]\n]*\]\[[^\]\n]*\]"
    r"|<[^>\n]*>)",
    re.MULTILINE | re.DOTALL,
)


class UnknownRuleError(Exact61Error):
    """A rule code that is not on the rules pages, such as a mistyped sub-rule number."""


def rule_anchor(code: str) -> str:
    """The page anchor of ``code``: ``"R7.3"`` -> ``"r7-3"``, ``"D5"`` -> ``"d5"``."""
    if code not in _KNOWN:
        raise UnknownRuleError(
            Msg(
                "unknown rule code {code}: the rules pages have "
                "R1–R10 with their parts such as R7.3, and D1–D10",
                {"code": repr(code)},
            )
        )
    return code.lower().replace(".", "-")


def set_rules_location(base_en: str = DEFAULT_RULES_EN, base_ru: str = DEFAULT_RULES_RU) -> None:
    """Point rule links at other copies of the pages (for hosts other than the notebooks).

    The default links are relative to a notebook in ``tutorials/`` (``../RULES.md#r7-3``), as
    in the repository and in a folder written by ``exact61 tutorials``. Called without
    arguments it restores them. The pages installed with the package are
    :func:`exact61_widgets.resources.rules_page`'s:

    >>> from exact61_widgets.resources import rules_page
    >>> set_rules_location(rules_page("en").as_uri(), rules_page("ru").as_uri())
    >>> rules_url("D5", "ru").startswith("file://"), rules_url("D5", "ru").endswith("#d5")
    (True, True)
    >>> set_rules_location()
    >>> rules_url("D5", "ru")
    '../RULES.ru.md#d5'
    """
    _location["en"] = base_en
    _location["ru"] = base_ru


def rules_url(code: str, lang: str | None = None) -> str:
    """The link to ``code`` on the rules page of ``lang``: ``"../RULES.md#r7-3"``."""
    return f"{_location[check_lang(lang)]}#{rule_anchor(code)}"


def _html_link(code: str, lang: str) -> str:
    url = html.escape(rules_url(code, lang), quote=True)
    return f'<a href="{url}" target="_blank">{code}</a>'


def link_codes(html_text: str, lang: str | None = None) -> str:
    """Turn every rule code in already-escaped HTML into a link to its rule.

    Codes inside tags (attributes) and inside existing links stay as they are, so
    the function may be applied twice. An unknown code raises :class:`UnknownRuleError`.
    """
    chosen = check_lang(lang)
    parts = _TAG.split(html_text)
    in_link = 0
    out: list[str] = []
    for index, part in enumerate(parts):
        if index % 2:
            name = _TAG_NAME.match(part)
            if name and name.group(2).lower() == "a" and not part.endswith("/>"):
                in_link = max(in_link + (-1 if name.group(1) else 1), 0)
            out.append(part)
        elif in_link:
            out.append(part)
        else:
            out.append(CODE_PATTERN.sub(lambda m: _html_link(m.group(0), chosen), part))
    return "".join(out)


def link_codes_md(markdown: str, lang: str | None = None) -> str:
    """Turn every rule code in markdown into a link ``[R7.3](../RULES.md#r7-3)``.

    Code blocks, code spans, existing links and raw HTML tags are left alone.
    An unknown code raises :class:`UnknownRuleError`.
    """
    chosen = check_lang(lang)

    def link(text: str) -> str:
        return CODE_PATTERN.sub(lambda m: f"[{m.group(0)}]({rules_url(m.group(0), chosen)})", text)

    out: list[str] = []
    last = 0
    for skip in _MD_SKIP.finditer(markdown):
        out.append(link(markdown[last : skip.start()]))
        out.append(skip.group(0))
        last = skip.end()
    out.append(link(markdown[last:]))
    return "".join(out)
