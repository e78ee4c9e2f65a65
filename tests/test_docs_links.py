"""The docs extension's fast parts: links into the JupyterLite site, signatures, the Makefile.

``make docs`` builds the documentation alone: a link into the JupyterLite site, which is not
beside it, would be dead, so it becomes its text and a tutorial page says how to run the
notebook instead; ``make site`` (``-D exact61_lite_site=1``) keeps the links.
``tests/test_docs_build.py`` builds the whole site (slow); these check the same functions on
their own, fast.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import exact61_docs  # noqa: E402  (docs/_ext, the site's own extension)

BODY = (
    '<p>Where it is published, <a class="try-in-browser"\n'
    'href="lite:index.html">try it in your browser</a> (the layout).</p>'
)


def test_make_docs_alone_turns_links_into_the_site_into_text() -> None:
    assert exact61_docs.lite_links(BODY, "docs/getting-started", lite=False) == (
        "<p>Where it is published, try it in your browser (the layout).</p>"
    )


def test_make_site_links_the_site_beside_the_documentation() -> None:
    linked = exact61_docs.lite_links(BODY, "docs/getting-started", lite=True)
    assert f'href="../{exact61_docs.TRY_IN_BROWSER}index.html"' in linked


@pytest.mark.parametrize("lite", [False, True])
def test_a_tutorial_page_says_how_to_run_it_with_or_without_the_site(lite: bool) -> None:
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# T"}]}
    page = json.loads(
        exact61_docs._notebook_page(  # noqa: SLF001
            json.dumps(notebook), russian=False, lite=lite
        )
    )
    line = page["cells"][1]["source"]
    assert ("lite:" in line) == lite and "exact61 tutorials" in line


def test_sphinx_s_cache_is_kept_outside_the_published_folder() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    command = re.search(r"^SPHINX = (.*)$", makefile, re.M)
    assert command and "-d build/doctrees" in command.group(1)
    out = re.search(r"^DOCS_OUT \?= (.*)$", makefile, re.M)
    assert out and not "build/doctrees".startswith(out.group(1).strip())
    assert "-D exact61_lite_site=1 . build/site/docs" in makefile


def documented_classes() -> list[type]:
    """Every class on an API page."""
    import importlib

    found: dict[int, type] = {}
    for module_name, (names, _) in exact61_docs.api_members().items():
        module = importlib.import_module(module_name)
        for name in names:
            value = getattr(module, name)
            if inspect.isclass(value):
                found[id(value)] = value
    return list(found.values())


def test_every_documented_class_shows_the_signature_it_is_called_with() -> None:
    """The hook gives ``inspect.signature``'s parameters (hints left to the description); no
    widget reads ``(*args, **kwargs)`` as autodoc made it from traitlets' ``__new__``."""
    from exact61_widgets.widgets import MatchTable

    classes = documented_classes()
    assert len(classes) > 50
    for cls in classes:
        if getattr(cls, "_is_protocol", False):  # Bot: implemented, never called
            assert exact61_docs.real_signature(None, "class", "", cls, None, "(x)", None) == (
                "",
                None,
            )  # type: ignore[arg-type]
            continue
        shown = exact61_docs.real_signature(None, "class", cls.__name__, cls, None, "(x)", None)  # type: ignore[arg-type]
        try:
            real = inspect.signature(cls)
        except (TypeError, ValueError):
            assert shown is None
            continue
        assert shown is not None
        for name, parameter in real.parameters.items():  # every parameter, no type hint
            assert re.search(rf"\b{name}\b", shown[0]), (cls, name)
            assert parameter.annotation is parameter.empty or f"{name}: " not in shown[0], cls
        assert " -> " not in shown[0] and len(shown[0]) < 400, (cls, shown)
        if "*args, **kwargs" in shown[0]:  # only where the class itself takes anything
            assert "**kwargs" in str(inspect.signature(cls.__init__)), cls
    table = exact61_docs.class_signature(MatchTable)
    assert table and table.startswith('(players=2, *, seed=0, bots="greedy", human=0,')


def test_each_api_page_opens_with_a_summary_table_in_reading_order() -> None:
    """Like python-chess's pages: a table of the page's classes and functions, each with its
    first sentence, the widgets led by the match table (not by ``Advice``, alphabetically)."""
    widgets = exact61_docs.summary_table(exact61_docs.API["widgets"]).splitlines()
    assert widgets[0] == "| name | what it is |"
    assert widgets[2].startswith("| {py:class}`~exact61_widgets.widgets.MatchTable` | A match ")
    for page, modules in exact61_docs.API.items():
        rows = exact61_docs.summary_table(modules).splitlines()[2:]
        assert rows, page
        for row in rows:
            assert re.fullmatch(r"\| \{py:(class|func)\}`~[\w.]+` \| [^|]*(\\\|[^|]*)* \|", row), (
                row
            )
            assert ":class:" not in row and ":func:" not in row and not row.endswith("|  |"), row
