"""The documentation site's own Sphinx extension.

- ``API``: which modules each API page documents, in the order a user meets them (the one list of
  documented modules; ``tests/test_docs_build.py`` checks that every public package is in it).
  A page's ``<!-- api -->`` line becomes an ``automodule`` per module.
- ``<!-- tutorials en -->`` / ``<!-- tutorials ru -->``: a table of contents of the notebooks in
  ``tutorials/`` in that language, so that a new notebook appears without editing a page; the
  code a notebook folds (its setup, its exercises) is folded on its page too.
- Links are written as the repository reads them (``../RULES.md#r7-3``, ``tutorials/NAME.ipynb``),
  also in the notebooks' saved HTML: on the site they lead to the built pages. Headings also get
  the anchors the repository's Markdown viewers give them (``#the-game-in-one-minute``).
- ``TRY_IN_BROWSER``: where the JupyterLite site is, relative to the documentation's root; a
  page links into it as ``href="lite:index.html"``. Only a build for the published pair
  (``make site``: ``-D exact61_lite_site=1``) keeps those links; ``make docs`` alone has no site
  beside it, so there a link into it becomes its plain text and a tutorial page says how to run
  the notebook instead.
- ``real_signature``: a class shows the parameters it is called with (``inspect.signature``),
  not the ``(*args, **kwargs)`` of a base's ``__new__`` (traitlets' ``HasTraits``).
- ``skip_member`` leaves out what a widget inherits from ipywidgets and traitlets (their traits,
  ``comm``, ``keys``, ``log``): a page shows the package's own names only.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
import shutil
import sys
import textwrap
import unicodedata
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from pygments.lexers.special import TextLexer
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

LOGGER = logging.getLogger(__name__)

#: The API pages (``docs/api/NAME.md``) and the modules each documents, in reading order.
API: dict[str, list[str]] = {
    "play": [
        "exact61_widgets.engine",
        "exact61_widgets.engine.bots",
        "exact61_widgets.simulation",
        "exact61_widgets.simulation.matches",
        "exact61_widgets.simulation.run",
        "exact61_widgets.simulation.store",
    ],
    "positions": [
        "exact61_widgets.engine.scenario",
        "exact61_widgets.engine.record",
        "exact61_widgets.engine.replay",
        "exact61_widgets.engine.loader",
        "exact61_widgets.engine.movetext",
        "exact61_widgets.i18n",
        "exact61_widgets.rule_links",
    ],
    "pictures": [
        "exact61_widgets.render.svg",
        "exact61_widgets.render",
        "exact61_widgets.render.geometry",
        "exact61_widgets.render.svg_table_parts",
        "exact61_widgets.render.svg_settlement",
        "exact61_widgets.render.svg_tally",
        "exact61_widgets.render.legend",
        "exact61_widgets.render.resize",
        "exact61_widgets.render.table",
        "exact61_widgets.render.theme",
    ],
    "widgets": [
        # Every widget but the exercise widgets, which the exercises page documents with the
        # items they ask (a learner meets them there first).
        "exact61_widgets.widgets:Advice,BlockedWalkthrough,Board,BoardAction,"
        "EndScoringWalkthrough,Exact61Walkthrough,Export,GoingOutWalkthrough,HandScript,"
        "HandStory,MatchTable,PositionExplorer,PuzzleWidget,ReviewWidget,RoundingWalkthrough,"
        "SavedScenario,Scenario,ScenarioError,SpinnerWalkthrough,Walkthrough,WidgetError",
        "exact61_widgets.widgets.walkthroughs",
        "exact61_widgets.views",
        "exact61_widgets.views.ready_positions",
    ],
    "exercises": [
        "exact61_widgets.widgets.exercise",
        "exact61_widgets.exercises",
        "exact61_widgets.widgets.practice",
        "exact61_widgets.exercises.kinds",
        "exact61_widgets.puzzles",
        "exact61_widgets.tutorial",
        "exact61_widgets.handouts",
    ],
    "review": [
        "exact61_widgets.engine.advice",
        "exact61_widgets.engine.solve",
        "exact61_widgets.engine.review",
        "exact61_widgets.engine.equity",
    ],
    "cli": [
        "exact61_widgets.cli",
    ],
}

#: Where the API pages are, and the page whose sections ``formats-N`` names.
API_FOLDER = "docs/api/"
FORMATS_PAGE = "docs/formats.md"

#: The JupyterLite site, beside the documentation when both are published (docs/publishing.md).
TRY_IN_BROWSER = "../lite/"

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r'(href=")(?![a-z][a-z0-9+.-]*:|#|/)([^"#?]*?)\.(md|ipynb)((?:#[^"]*)?")')
#: A link to a file of the repository that is not a page (a schema, a picture, the licence).
FILE = re.compile(
    r'href="(?![a-z][a-z0-9+.-]*:|#|/)([^"#?]+\.(?:json|svg|png|txt|csv|cff)|(?:[^"#?]*/)?LICENSE)"'
)


def entry(text: str) -> tuple[str, list[str] | None]:
    """An ``API`` entry: a module, or ``module:Name,Name`` for only those of its names."""
    module, _, names = text.partition(":")
    return module, names.split(",") if names else None


def public_names(module: ModuleType, only: list[str] | None = None) -> list[str]:
    """A module's public names: its ``__all__``, or else what it defines without an underscore."""
    if only is not None:
        return only
    if hasattr(module, "__all__"):
        return [n for n in module.__all__ if not n.startswith("_")]
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and not isinstance(value, ModuleType)
        and getattr(value, "__module__", None) == module.__name__
    ]


def api_members() -> dict[str, tuple[list[str], list[str]]]:
    """Each documented module's names and those it leaves to an earlier module: every object is
    documented once, where a user first meets it in reading order (``API``), so that
    ``exact61_widgets.widgets`` does not repeat the engine's ``Scenario``. A module's name wins
    over a function of the same name (``engine.solve``)."""
    modules = {entry(name)[0] for names in API.values() for name in names}
    seen: set[int] = set()
    members: dict[str, tuple[list[str], list[str]]] = {}
    for names in API.values():
        for text in names:
            name, only = entry(text)
            module = importlib.import_module(name)
            chosen, left = [], []
            if only is not None:
                left = [n for n in public_names(module) if n not in only]
            for member in public_names(module, only):
                if member not in vars(module):
                    continue  # loaded on first use (a module's __getattr__): documented at home
                value = getattr(module, member)
                constant = isinstance(value, (int, str, tuple, frozenset)) or value is None
                if f"{name}.{member}" in modules or (not constant and id(value) in seen):
                    left.append(member)
                else:
                    seen.add(id(value))
                    chosen.append(member)
            members[name] = (chosen, left)
    return members


def aliases() -> dict[str, str]:
    """Where each documented class and function is defined -> the name it is documented under."""
    found: dict[str, str] = {}
    for module, (names, _) in api_members().items():
        for name in names:
            value = getattr(importlib.import_module(module), name)
            home = getattr(value, "__module__", None)
            qualname = getattr(value, "__qualname__", None)
            if isinstance(home, str) and isinstance(qualname, str):
                found.setdefault(f"{home}.{qualname}", f"{module}.{name}")
    return found


#: Where a module's names appear in its page's summary table: these first, in the order a user
#: meets them; the rest after them, in the module's order.
READING: dict[str, list[str]] = {
    "exact61_widgets.engine": ["Layout", "Match", "Tile", "Place", "Port", "Play"],
    "exact61_widgets.widgets": [
        "MatchTable",
        "PositionExplorer",
        "SpinnerWalkthrough",
        "EndScoringWalkthrough",
        "RoundingWalkthrough",
        "GoingOutWalkthrough",
        "BlockedWalkthrough",
        "Exact61Walkthrough",
        "HandStory",
        "PuzzleWidget",
        "ReviewWidget",
        "Walkthrough",
        "Board",
    ],
    "exact61_widgets.engine.bots": ["make_bot", "GreedyBot", "RandomBot", "SearchBot", "Bot"],
    "exact61_widgets.simulation.run": ["simulate", "SimulationResult", "MatchSummary"],
    "exact61_widgets.engine.scenario": ["Scenario", "SavedScenario", "ScenarioError"],
    "exact61_widgets.engine.record": ["to_record", "load_record", "record_schema"],
    "exact61_widgets.engine.loader": ["load_position", "from_notation", "Loaded"],
    "exact61_widgets.engine.movetext": ["parse_move", "describe_action", "complete"],
    "exact61_widgets.i18n": ["set_language", "get_language"],
    "exact61_widgets.rule_links": ["set_rules_location", "rules_url"],
    "exact61_widgets.simulation.store": ["save_result", "load_result", "simulated"],
    "exact61_widgets.render.svg": ["render_svg", "match_svg", "tile_svg"],
    "exact61_widgets.render": ["describe", "caption"],
    "exact61_widgets.render.geometry": ["layout_geometry", "LayoutGeometry"],
    "exact61_widgets.render.svg_table_parts": [
        "hand_svg",
        "boneyard_svg",
        "scoreboard_svg",
        "rounding_svg",
    ],
    "exact61_widgets.render.svg_settlement": ["out_settlement_svg", "blocked_settlement_svg"],
    "exact61_widgets.render.svg_tally": ["tally_svg"],
    "exact61_widgets.render.legend": ["render_legend"],
    "exact61_widgets.render.table": ["table_svg"],
    # The exercise kinds in the order the notebooks first ask them (the tutorials' exercise
    # list, handouts/tutorial-exercises.json; tests/test_docs_reading_order.py holds it),
    # then the generator and what a kind is built on.
    "exact61_widgets.exercises": [
        "DisplayedPoints",
        "BoneyardSize",
        "PlayableTiles",
        "OpenPlaces",
        "LegalAction",
        "PlayDrawPass",
        "ScoringEnds",
        "PlayAward",
        "Rounding",
        "GoingOut",
        "BlockedAward",
        "TallyPoints",
        "WhichMistake",
        "generate",
        "like",
        "Task",
        "Result",
    ],
    "exact61_widgets.widgets.practice": ["Practice", "MyProgress"],
    # The notebooks' helpers in the order the notebooks first call them.
    "exact61_widgets.tutorial": [
        "setup",
        "show",
        "diagram",
        "position",
        "explain",
        "say",
        "refusal",
        "show_captioned",
        "show_hands",
        "go_out",
        "story_until",
        "alternatives",
        "before_step",
        "story_part",
        "play_hands",
        "hands_text",
        "back_to_hand",
        "refused_deal",
        "scores_line",
        "show_folded",
        "show_curious",
        "table_text",
    ],
    "exact61_widgets.puzzles": ["load_puzzles", "get_puzzle", "Puzzle"],
    "exact61_widgets.handouts": ["handout"],
    "exact61_widgets.engine.advice": ["search_advice", "SearchAdvice", "best_move"],
    "exact61_widgets.engine.solve": ["solve", "Solution", "MoveValue"],
    "exact61_widgets.engine.review": ["review", "Review", "Summary", "read_review", "SavedReview"],
    "exact61_widgets.engine.equity": ["load_table", "MatchEquityTable", "end_chance"],
    "exact61_widgets.cli": ["main", "build_parser"],
}


def summary(text: str) -> str:
    """The first sentence of a docstring, on one line, for a summary table's cell."""
    first = " ".join(text.strip().split("\n\n")[0].split())
    # reST roles (:class:`~a.B`) read as code in a Markdown table: `B`
    first = re.sub(r":[\w:]+:`~?([^`]*?)`", lambda m: f"`{m.group(1).split('.')[-1]}`", first)
    end = re.search(r"(?<=[.!?])\s", first)
    return (first[: end.start()] if end else first).replace("|", "\\|")


def summary_table(names: list[str]) -> str:
    """A page's table of its classes and functions, each with its first sentence, in reading
    order (:data:`READING`), as python-chess's pages open."""
    members = api_members()
    rows = []
    for text in names:
        name = entry(text)[0]
        module = importlib.import_module(name)
        chosen = members[name][0]
        first = [n for n in READING.get(name, []) if n in chosen]
        for member in first + [n for n in chosen if n not in first]:
            value = getattr(module, member)
            if not (inspect.isclass(value) or inspect.isroutine(value)):
                continue
            role = "py:class" if inspect.isclass(value) else "py:func"
            doc = summary(inspect.getdoc(value) or "")
            rows.append(f"| {{{role}}}`~{name}.{member}` | {doc} |")
    if not rows:
        return ""
    return "| name | what it is |\n|---|---|\n" + "\n".join(rows) + "\n"


def _automodules(names: list[str]) -> str:
    """The page's directives: each module with its classes and functions, then its constants and
    type aliases, one ``autodata`` each (automodule leaves out values it cannot tell apart from
    imports)."""
    members = api_members()
    blocks = []
    for text in names:
        name = entry(text)[0]
        module = importlib.import_module(name)
        chosen, left = members[name]
        values = [
            n
            for n in chosen
            if not (inspect.isclass(getattr(module, n)) or inspect.isroutine(getattr(module, n)))
        ]
        left = left + values
        if len(values) == len(chosen):
            options = "   :no-members:\n"
        else:
            options = "   :members:\n"
            if left:
                options += f"   :exclude-members: {', '.join(left)}\n"
            if hasattr(module, "__all__"):
                options += "   :imported-members:\n"  # a package's names come from its modules
        data = "".join(f"\n.. autodata:: {name}.{n}\n" for n in values)
        blocks.append(f"```{{eval-rst}}\n.. automodule:: {name}\n{options}{data}```\n")
    return "\n".join(blocks)


def _tutorials(lang: str) -> str:
    notebooks = sorted(p.stem for p in (ROOT / "tutorials").glob("*.ipynb"))
    chosen = [n for n in notebooks if n.endswith("_ru") == (lang == "ru")]
    lines = ["```{toctree}", ":maxdepth: 1", ""] + [f"/tutorials/{n}" for n in chosen] + ["```"]
    return "\n".join(lines) + "\n"


def source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    """Expand the markers of the API and tutorial pages."""
    lite = bool(app.config.exact61_lite_site)
    text = source[0]
    if docname.startswith(API_FOLDER) and "<!-- api -->" in text:
        page = docname.removeprefix(API_FOLDER)
        text = text.replace(
            "<!-- api -->", summary_table(API[page]) + "\n" + _automodules(API[page])
        )
    for lang in ("en", "ru"):
        text = text.replace(f"<!-- tutorials {lang} -->", _tutorials(lang))
    if docname.startswith("tutorials/"):
        text = _notebook_page(text, russian=docname.endswith("_ru"), lite=lite)
    source[0] = text


#: The line under a tutorial page's title that leads to the notebook in the browser (by
#: language: Russian or not), where the JupyterLite site is published beside the documentation.
TRY_LINE = {
    False: '*To run this notebook: <a class="try-in-browser" href="lite:index.html">try it'
    " in your browser</a> (no installation), `exact61 tutorials` (writes the notebooks into a"
    " folder), or `make lab`.*",
    True: '*Чтобы выполнить этот блокнот: <a class="try-in-browser" href="lite:index.html">'
    "откройте его в браузере</a> (ничего не нужно устанавливать), `exact61 tutorials` (запишет"
    " блокноты в папку) или `make lab`.*",
}
#: The same line where the documentation is built alone (``make docs``: no site beside it).
RUN_LINE = {
    False: "*To run this notebook: `exact61 tutorials` writes the notebooks into a folder (after"
    " `pip install exact61_widgets`), or `make lab` in a clone.*",
    True: "*Чтобы выполнить этот блокнот: `exact61 tutorials` запишет блокноты в папку (после"
    " `pip install exact61_widgets`), или `make lab` в копии репозитория.*",
}
#: A link into the JupyterLite site in a built page's HTML.
LITE_ANCHOR = re.compile(r'<a class="try-in-browser"\s+href="lite:[^"]*">(.*?)</a>', re.S)


def _notebook_page(text: str, russian: bool, lite: bool = True) -> str:
    """A tutorial as its page shows it: the code the notebook folds (a setup, an exercise) is
    folded, and under the title a line leads to the site in the browser."""
    notebook = json.loads(text)
    cells = notebook.get("cells", [])
    for cell in cells:
        if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            tags = cell["metadata"].setdefault("tags", [])
            if "hide-input" not in tags:
                tags.append("hide-input")
    first = next((i for i, c in enumerate(cells) if c.get("cell_type") == "markdown"), None)
    if first is not None:
        line = {
            "cell_type": "markdown",
            "id": "try-in-browser",
            "metadata": {},
            "source": (TRY_LINE if lite else RUN_LINE)[russian],
        }
        cells.insert(first + 1, line)
    return json.dumps(notebook)


def github_slug(title: str) -> str:
    """The anchor a Markdown viewer gives a heading: lower case, punctuation out, spaces to -."""
    text = unicodedata.normalize("NFC", title).strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def formats_labels(app: Sphinx, doctree: nodes.document) -> None:
    """``formats-N`` names section N of the formats page, for docstrings' ``:ref:`` links."""
    docname = app.env.docname
    if f"{docname}.md" != FORMATS_PAGE:
        return
    std: Any = app.env.get_domain("std")
    for section in doctree.findall(nodes.section):
        title = section.next_node(nodes.title)
        number = re.match(r"(\d+) ", title.astext()) if title is not None else None
        if number and section["ids"]:
            label = f"formats-{number.group(1)}"
            std.labels[label] = (docname, section["ids"][0], title.astext())
            std.anonlabels[label] = (docname, section["ids"][0])


def add_slugs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every section also answers to its heading's repository anchor."""
    for section in doctree.findall(nodes.section):
        title = section.next_node(nodes.title)
        if title is None:
            continue
        slug = github_slug(title.astext())
        if slug and slug not in section["ids"]:
            section["ids"].append(slug)


def rewrite_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Relative links to a page's Markdown or notebook source lead to the built page."""
    body = context.get("body")
    if not body:
        return
    here = Path(pagename).parent
    found = app.env.found_docs

    def replace(m: re.Match[str]) -> str:
        target = (here / m.group(2)).as_posix() if m.group(2) else pagename
        target = _normalise(target)
        if target in found:
            return f"{m.group(1)}{m.group(2)}.html{m.group(4)}"
        return m.group(0)

    body = LINK.sub(replace, body)
    for link in FILE.findall(body):
        _copy_file(app, here, link)
    context["body"] = lite_links(body, pagename, bool(app.config.exact61_lite_site))


def lite_links(body: str, pagename: str, lite: bool) -> str:
    """A page's links into the JupyterLite site: relative to the page where the site is beside
    the documentation (``make site``), else their plain text (``make docs``: no dead link)."""
    if not lite:
        return LITE_ANCHOR.sub(r"\1", body)
    root = "../" * pagename.count("/")
    return body.replace('href="lite:', f'href="{root}{TRY_IN_BROWSER}')


def _copy_file(app: Sphinx, here: Path, link: str) -> None:
    """A file of the repository that a page links (a schema, a picture) is copied beside it."""
    name = _normalise((here / link).as_posix())
    source = ROOT / name
    if source.is_file() and not name.startswith((".", "build/")):
        target = Path(app.outdir) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def _normalise(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def fill_constant_docs(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """A constant a package re-exports keeps the ``#:`` comment of the module that defines it;
    a public name of a module without any docstring is a warning (so the build fails)."""
    package, _, member = name.rpartition(".")
    if what == "attribute" and _generic_trait_doc(obj, lines):
        lines.clear()  # the trait type's own help says nothing of this attribute
        LOGGER.warning(
            "a widget's trait without a #: comment: %s", name, type="exact61", subtype="doc"
        )
        return
    if what == "module" or not isinstance(sys.modules.get(package), ModuleType):
        return
    if lines and not (what == "data" and "\n".join(lines).strip() == _type_doc(obj)):
        return
    lines.clear()  # a value's own type's docstring (``dict``'s) says nothing of the constant
    module = sys.modules[package]
    source = Path(module.__file__ or "")
    if what in ("data", "attribute") and source.suffix == ".py":
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and any((a.asname or a.name) == member for a in node.names)
            ):
                docs = ModuleAnalyzer.for_module(node.module).find_attr_docs()
                lines.extend(docs.get(("", member), []))
                break
    if not lines:
        LOGGER.warning("public name without a docstring: %s", name, type="exact61", subtype="doc")


def _generic_trait_doc(obj: Any, lines: list[str]) -> bool:
    """Whether ``lines`` are a trait's type's generic help ("A trait for unicode strings.")."""
    try:
        from traitlets import TraitType
    except ImportError:  # pragma: no cover - the docs build has the widgets' dependencies
        return False
    if not isinstance(obj, TraitType):
        return False
    text = "\n".join(lines).strip()
    return bool(text) and any(text == _type_doc_of(c) for c in type(obj).__mro__)


def _type_doc_of(cls: type) -> str:
    return (inspect.getdoc(cls) or "").strip()


def _type_doc(value: Any) -> str:
    return (inspect.getdoc(type(value)) or "").strip()


def skip_member(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> Any:
    """A module does not show the classes and functions it imports from other libraries, and a
    class does not show the traits it inherits from ipywidgets, anywidget or traitlets."""
    imported = inspect.isclass(obj) or inspect.isroutine(obj)
    if what == "module" and imported:
        return not str(getattr(obj, "__module__", "")).startswith("exact61_widgets") or None
    if what == "class" and foreign_trait(obj):
        return True
    return None


def foreign_trait(obj: Any) -> bool:
    """Whether ``obj`` is a trait (or a trait's event) that a widget framework defines.

    A trait the package defines on its own widget has ``this_class`` in the package; the
    frameworks' own (``layout``, ``tabbable``, ``comm``, ``keys``, ``log``) do not, and their
    docstring is the trait type's generic one ("A trait for unicode strings.").
    """
    try:
        from traitlets import TraitType
    except ImportError:  # pragma: no cover - the docs build has the widgets' dependencies
        return False
    if not isinstance(obj, TraitType):
        return False
    owner = getattr(obj, "this_class", None)
    return not str(getattr(owner, "__module__", "")).startswith("exact61_widgets")


def real_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """A class's signature as ``inspect.signature`` gives it, without the type hints (the page
    lists them under the parameters).

    autodoc reads the first of ``__call__`` of the metaclass, ``__new__`` and ``__init__``
    that it finds; a widget's base (traitlets' ``HasTraits``) defines ``__new__(*args,
    **kwargs)``, so every widget read ``(*args, **kwargs)``. ``inspect.signature`` follows
    ``__init__`` as Python calls it.
    """
    if what != "class" or not inspect.isclass(obj):
        return None
    if getattr(obj, "_is_protocol", False):
        return ("", return_annotation)  # a protocol is implemented, never called
    plain = class_signature(obj)
    return None if plain is None else (plain, return_annotation)


def class_signature(cls: type) -> str | None:
    """``(players=2, *, seed=0, …)``: the parameters a class is called with, or None.

    A default is written as its source writes it (``scenario=sc.BLOCKED``, as
    ``autodoc_preserve_defaults`` does for functions), not as its value's long ``repr``.
    """
    try:
        found = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    written = _written_defaults(cls)
    parameters = []
    for p in found.parameters.values():
        p = p.replace(annotation=inspect.Parameter.empty)
        if p.name in written:
            p = p.replace(default=_Written(written[p.name]))
        parameters.append(p)
    bare = found.replace(parameters=parameters, return_annotation=inspect.Signature.empty)
    return str(bare)


class _Written:
    """A default value shown as its source text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _written_defaults(cls: type) -> dict[str, str]:
    """The source text of each default of the ``__init__`` a class is called through."""
    init = next((c.__dict__["__init__"] for c in cls.__mro__ if "__init__" in c.__dict__), None)
    if init is None or not str(getattr(init, "__module__", "")).startswith("exact61_widgets"):
        return {}
    try:
        source = textwrap.dedent(inspect.getsource(init))
    except (OSError, TypeError):
        return {}
    tree = ast.parse(source)
    function = tree.body[0]
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(
        zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
    )
    kw_pairs = zip(args.kwonlyargs, args.kw_defaults, strict=True)
    pairs += [(a, d) for a, d in kw_pairs if d is not None]
    return {a.arg: ast.get_source_segment(source, d) or "" for a, d in pairs}


def resolve_alias(app: Sphinx, env: Any, node: Any, contnode: nodes.Element) -> Any:
    """Resolve a docstring's short reference the way its reader would.

    A type hint names where a class is defined, and a docstring may say ``Layout`` or
    ``Match.setup`` in a module that is not the engine: both lead to the one documented object
    of that name. A reference to a real part of the package that the API leaves out (an
    internal module such as ``.scoring``) stays as code, without a link. Anything else is a
    broken reference, and the build fails on it.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "").lstrip("~")
    if node.get("refspecific") and not target.startswith("."):
        target = "." + target  # written ``.name``: Sphinx keeps the dot as this flag
    domain = env.get_domain("py")
    builder = app.builder
    named = app.config.exact61_aliases.get(target)
    candidates = [named] if named else []
    candidates += [
        name
        for name, entry in domain.objects.items()
        if name.endswith("." + target.lstrip(".")) and not entry.aliased
    ]
    for found in dict.fromkeys(candidates):
        resolved = domain.resolve_xref(
            env, node["refdoc"], builder, node["reftype"], found, node, contnode
        )
        if resolved is not None:
            return resolved
    homes = [node.get("py:module") or ""]
    documented = DOCSTRING_OF.search(node.source or "")
    for name in (documented.group(1) if documented else "", f"{homes[0]}.{node.get('py:class')}"):
        value = _value(name)
        if value is not None:
            homes.append(getattr(value, "__module__", None) or name)
            homes.append(f"{homes[-1]}.{getattr(value, '__qualname__', '')}")
    if any(_exists(target, home) for home in dict.fromkeys(homes)):
        return contnode
    return None


DOCSTRING_OF = re.compile(r"docstring of ([\w.]+)")


def _exists(target: str, home: str) -> bool:
    """Whether ``target`` names a module or object of the package, read in module ``home``."""
    if target.startswith("."):
        names = [home + target, home.rpartition(".")[0] + target, target[1:]]
    else:
        names = [target, f"{home}.{target}"]
    return any(n.startswith("exact61_widgets") and _importable(n) for n in names)


def _sets_attribute(cls: type, name: str) -> bool:
    """Whether a class's own code sets ``self.name`` (an attribute of its instances)."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return False
    return re.search(rf"self\.{re.escape(name)}\b\s*(:[^=]*)?=", source) is not None


def _value(name: str) -> Any:
    if not name.startswith("exact61_widgets"):
        return None
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part, None)
        return value
    return None


def _importable(name: str) -> bool:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if part in getattr(value, "__annotations__", {}) or part in getattr(
                value, "__dataclass_fields__", {}
            ):
                return True
            if not hasattr(value, part):
                return isinstance(value, type) and _sets_attribute(value, part)
            value = getattr(value, part)
        return True
    return False


def _math_inline(self: Any, node: nodes.Element) -> None:
    self.body.append(self.starttag(node, "span", "", CLASS="math"))
    self.body.append(self.encode(node.astext()) + "</span>")
    raise nodes.SkipNode


def _math_block(self: Any, node: nodes.Element) -> None:
    self.body.append(self.starttag(node, "pre", "", CLASS="math"))
    self.body.append(self.encode(node.astext()) + "</pre>")
    raise nodes.SkipNode


#: The info strings of docs/russian-style.md's data blocks, shown as plain text.
STYLE_BLOCKS = ("forms-to-avoid", "quotations")


def setup(app: Sphinx) -> dict[str, Any]:
    # Mathematics as its text: no renderer from the internet (conf.py chooses this one).
    app.add_html_math_renderer("text", (_math_inline, None), (_math_block, None))
    # The Russian style guide's machine-readable blocks (its test reads them by these names).
    for name in STYLE_BLOCKS:
        app.add_lexer(name, TextLexer)
    app.add_config_value("exact61_aliases", {}, "env")
    # make site: -D exact61_lite_site=1 (the JupyterLite site is published beside the docs)
    app.add_config_value("exact61_lite_site", False, "env", types=(bool, int, str))
    app.connect("autodoc-process-signature", real_signature)
    app.config.exact61_aliases = aliases()
    app.connect("source-read", source_read)
    app.connect("autodoc-process-docstring", fill_constant_docs)
    app.connect("autodoc-skip-member", skip_member)
    app.connect("missing-reference", resolve_alias)
    app.connect("doctree-read", formats_labels)
    app.connect("doctree-resolved", add_slugs)
    app.connect("html-page-context", rewrite_links)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
