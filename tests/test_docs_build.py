"""The documentation builds clean, links only to what it holds, and documents every public name.

The site is built once, as ``make docs`` builds it (``-W -n``: a warning or an unresolved
cross-reference fails), into a temporary folder. Then every relative link and picture of every
page must name a file of the site, and an anchor must be in that page; no page may load a script,
a style, a font or a picture from the internet; the links into the JupyterLite site beside it
(docs/publishing.md) must name its start page or a notebook it serves; and every public name of
the package (``docs/_ext/exact61_docs.py``: the one list of documented modules) must be on an API
page, with a docstring.
"""

from __future__ import annotations

import html
import importlib
import inspect
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import exact61_docs  # noqa: E402  (docs/_ext, the site's own extension)

pytestmark = pytest.mark.slow

#: ``make docs``'s command, but for its output folder.
SPHINX = [
    sys.executable,
    "-m",
    "sphinx",
    "-c",
    "docs",
    "-b",
    "html",
    "-n",
    "-W",
    "--keep-going",
    "-q",
]
HREF = re.compile(r"<(a|link|script|img|iframe|source|image)\b([^>]*)>", re.S)
ATTR = re.compile(r'\b(href|src|xlink:href)="([^"]*)"')
IDS = re.compile(r'\b(?:id|name)="([^"]+)"')
#: Links into the JupyterLite site, as ``exact61_docs.TRY_IN_BROWSER`` makes them.
LITE = re.compile(r"^(?:\.\./)*" + re.escape(exact61_docs.TRY_IN_BROWSER) + r"(.*)$")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site, built as ``make site`` builds it (with the links into the JupyterLite site
    beside it; ``make docs`` alone turns them into text: test_docs_links.py); the build's time
    is printed (``-s``)."""
    out = tmp_path_factory.mktemp("docs")
    started = time.perf_counter()
    done = subprocess.run(
        [
            *SPHINX,
            "-D",
            "exact61_lite_site=1",
            "-d",
            str(out / ".doctrees"),
            ".",
            str(out / "html"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    print(f"\ndocs built in {time.perf_counter() - started:.1f} s")
    assert done.returncode == 0 and "WARNING" not in done.stderr, done.stderr[-5000:]
    yield out / "html"


@cache
def _ids(page: Path) -> frozenset[str]:
    return frozenset(html.unescape(i) for i in IDS.findall(page.read_text("utf-8")))


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _links(page: Path) -> Iterator[tuple[str, str, str]]:
    """(tag, attribute, value) of every link and source of a page."""
    for tag, attrs in HREF.findall(page.read_text("utf-8")):
        for attribute, value in ATTR.findall(attrs):
            yield tag, attribute, html.unescape(value)


def test_every_tutorial_and_page_is_built(site: Path) -> None:
    for notebook in sorted((ROOT / "tutorials").glob("*.ipynb")):
        assert (site / "tutorials" / f"{notebook.stem}.html").is_file(), notebook.name
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert (site / "docs" / f"{page.stem}.html").is_file(), page.name
    assert (site / "RULES.html").is_file() and (site / "RULES.ru.html").is_file()
    assert 'url=docs/index.html"' in (site / "index.html").read_text("utf-8")


def test_the_notebooks_show_their_saved_pictures(site: Path) -> None:
    """Saved SVG and HTML outputs are on the page; a widget's view, which needs a kernel, is not;
    code the notebook folds is folded."""
    page = (site / "tutorials" / "03_spinners_and_branches.html").read_text("utf-8")
    assert page.count("<svg") >= 10
    assert "application/vnd.jupyter.widget-view+json" not in page
    assert "hide-input" in page  # the setup and exercise code the notebook folds is folded here
    for notebook in sorted((ROOT / "tutorials").glob("*.ipynb")):
        text = (site / "tutorials" / f"{notebook.stem}.html").read_text("utf-8")
        assert "cell_output" in text, notebook.name


def test_every_relative_link_leads_to_a_file_and_its_anchor(site: Path) -> None:
    broken = []
    for page in _pages(site):
        for _tag, _attribute, value in _links(page):
            parts = urlsplit(value)
            if parts.scheme or value.startswith(("//", "mailto:")) or LITE.match(value):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page.resolve()
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(site)}: {value}"
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append(where)
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in _ids(target)
            ):
                broken.append(where + " (no such anchor)")
    assert not broken, "\n".join(broken[:50])


def test_nothing_is_loaded_from_the_internet(site: Path) -> None:
    """Scripts, styles, fonts, pictures and frames come from the site itself."""
    remote = []
    for page in _pages(site):
        for tag, attribute, value in _links(page):
            loads = tag != "a" and not (tag == "link" and "canonical" in value)
            if loads and re.match(r"^(https?:)?//", value):
                remote.append(f"{page.relative_to(site)}: <{tag} {attribute}={value}>")
    for style in sorted(site.rglob("*.css")):
        for url in re.findall(
            r"(?:url\(|@import\s)\s*['\"]?((?:https?:)?//[^'\")\s]+)", style.read_text()
        ):
            remote.append(f"{style.relative_to(site)}: {url}")
    for script in sorted(site.rglob("*.js")):
        text = script.read_text("utf-8", errors="replace")
        remote += [
            f"{script.name}: {u}"
            for u in re.findall(r"""["'](https?://[^"']+\.(?:js|css|woff2?))["']""", text)
        ]
    assert not remote, "\n".join(remote[:50])


def test_the_links_to_the_site_in_the_browser_lead_to_its_pages(site: Path) -> None:
    """The documentation and the JupyterLite site sit side by side (docs/publishing.md): the one
    links the other's start page, the other's start page (lite/index.html) links back."""
    served = {f"tutorials/{p.name}" for p in (ROOT / "tutorials").glob("*.ipynb")}
    found = 0
    for page in _pages(site):
        depth = len(page.relative_to(site).parts) - 1
        for _tag, _attribute, value in _links(page):
            match = LITE.match(value)
            if not match:
                continue
            found += 1
            assert value.count("../") == depth + exact61_docs.TRY_IN_BROWSER.count("../"), value
            rest = urlsplit(match.group(1))
            if rest.path in ("", "index.html"):
                continue
            assert rest.path in ("lab/index.html", "notebooks/index.html"), value
            assert rest.query.removeprefix("path=") in served, value
    assert found >= len(list((ROOT / "tutorials").glob("*.ipynb")))  # one on each tutorial page
    landing = (ROOT / "lite" / "index.html").read_text("utf-8")
    back = re.findall(r'href="([^"]*docs/[^"]*)"', landing)
    assert back, "the JupyterLite start page does not link the documentation"
    for value in back:
        # lite/index.html is the site's root: ../docs/ is the documentation beside it
        assert value.startswith("../docs/"), value
        assert (site / value.removeprefix("../docs/")).is_file(), value


def _package_modules() -> Iterator[ModuleType]:
    import exact61_widgets

    for path in sorted(Path(exact61_widgets.__file__).parent.rglob("__init__.py")):
        name = ".".join(path.parent.relative_to(ROOT).parts)
        if not any(part.startswith("_") for part in name.split(".")):
            yield importlib.import_module(name)


def test_every_public_package_is_documented() -> None:
    """A package that states its public names (``__all__``) is on an API page."""
    documented = {
        exact61_docs.entry(name)[0] for names in exact61_docs.API.values() for name in names
    }
    missing = [
        m.__name__
        for m in _package_modules()
        if hasattr(m, "__all__")
        and m.__name__ != "exact61_widgets"
        and m.__name__ not in documented
    ]
    assert not missing, f"add them to exact61_docs.API: {missing}"


def test_every_public_name_is_on_an_api_page_with_a_docstring(site: Path) -> None:
    members = exact61_docs.api_members()
    ids: set[str] = set()
    for page in sorted((site / "docs" / "api").glob("*.html")):
        ids |= _ids(page)
    documented: set[int] = set()
    problems = []
    for module_name, (chosen, _) in members.items():
        module = importlib.import_module(module_name)
        for name in chosen:
            value = getattr(module, name)
            if f"{module_name}.{name}" not in ids:
                problems.append(f"{module_name}.{name}: not on an API page")
            documented.add(id(value))
            if (inspect.isclass(value) or inspect.isroutine(value)) and not inspect.getdoc(value):
                problems.append(f"{module_name}.{name}: no docstring")
    for module_name in {
        exact61_docs.entry(n)[0] for names in exact61_docs.API.values() for n in names
    }:
        module = importlib.import_module(module_name)
        for name in exact61_docs.public_names(module):
            value = getattr(module, name)
            if (inspect.isclass(value) or inspect.isroutine(value)) and id(value) not in documented:
                problems.append(f"{module_name}.{name}: documented nowhere")
    import exact61_widgets

    for name in exact61_widgets.__all__:
        value = getattr(exact61_widgets, name)
        if (inspect.isclass(value) or inspect.isroutine(value)) and id(value) not in documented:
            problems.append(f"exact61_widgets.{name}: documented nowhere")
    assert not problems, "\n".join(problems)


def test_the_command_line_page_is_its_help(site: Path) -> None:
    from exact61_widgets.cli import build_parser

    page = (site / "docs" / "cli.html").read_text("utf-8")
    parser = build_parser()
    commands = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict))  # noqa: SLF001
    for command in commands.choices:
        assert f">{command}<" in page or f"exact61 {command}" in page, command


def test_the_api_pages_show_real_signatures_and_no_traitlets_boilerplate(site: Path) -> None:
    """A widget reads as it is called (issue: every widget showed ``(*args, **kwargs)``), and
    no inherited trait repeats its type's generic help."""
    pages = "".join(p.read_text("utf-8") for p in (site / "docs" / "api").glob("*.html"))
    text = html.unescape(re.sub(r"<[^>]+>", "", pages))
    assert re.search(r"MatchTable\(\s*players=2,\s*\*,\s*seed=0,\s*bots=.greedy.", text)
    assert "A trait for unicode strings." not in text
    assert "(*args, **kwargs)" not in text
    widgets = html.unescape(re.sub(r"<[^>]+>", "", (site / "docs/api/widgets.html").read_text()))
    assert widgets.index("what it is") < widgets.index("MatchTable") < widgets.index("Advice")


class _Entries(HTMLParser):
    """The API entries of a page (``<dl class="py …">``): each one's id and its own text.

    An entry's own text is what its ``<dd>`` says outside the entries nested in it (a class's
    attributes and methods are entries of their own).
    """

    VOID = frozenset({"br", "img", "hr", "meta", "link", "input", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, str] = {}
        self._stack: list[tuple[str, str | None]] = []  # (tag, id of the entry it opens)
        self._open: list[list[str]] = []  # per open entry: [id, text…]
        self._in_dd: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        values = dict(attrs)
        opened = None
        if tag == "dl" and "py" in (values.get("class") or "").split():
            opened = ""
            self._open.append([""])
            self._in_dd.append(False)
        elif tag == "dt" and self._open and not self._open[-1][0] and values.get("id"):
            self._open[-1][0] = html.unescape(values["id"] or "")
        elif tag == "dd" and self._open and len(self._stack) and self._stack[-1][1] == "":
            self._in_dd[-1] = True
        self._stack.append((tag, opened))

    def handle_endtag(self, tag: str) -> None:
        while self._stack:
            open_tag, opened = self._stack.pop()
            if opened == "":
                ident, *text = self._open.pop()
                self._in_dd.pop()
                if ident:
                    self.entries[ident] = " ".join("".join(text).split())
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._open and self._in_dd[-1] and self._stack and self._stack[-1][1] != "":
            self._open[-1].append(data)


def test_every_api_entry_says_what_it_is(site: Path) -> None:
    """Every class, function, method and attribute on the API pages has text of its own —
    not empty, and not Python's "Alias for field number N" for a named tuple's field."""
    problems = []
    seen = 0
    for page in sorted((site / "docs" / "api").glob("*.html")):
        parser = _Entries()
        parser.feed(page.read_text("utf-8"))
        seen += len(parser.entries)
        for ident, text in parser.entries.items():
            if not text or text.startswith("Alias for field number"):
                problems.append(f"{page.name}: {ident}: {text or 'no text'}")
    assert seen > 1000  # the pages were read: every public name, method and attribute
    assert not problems, f"{len(problems)} entries without a sentence:\n" + "\n".join(problems)
