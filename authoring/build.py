"""Build the tutorial notebooks in English and Russian from one source each.

Every tutorial is written once, in ``authoring/tutorials/NAME.md``: its code cells once,
its markdown cells with the English text and then the Russian text. This script
writes ``tutorials/NAME.ipynb`` and ``tutorials/NAME_ru.ipynb`` and executes them,
so both languages have the same cells, code, exercises and widgets by
construction (``tests/test_tutorial_sources.py`` checks the committed notebooks
against the sources).

The source format, one marker a line::

    <!-- md -->            a markdown cell; its English text follows
    <!-- ru -->            the same cell's Russian text follows
    <!-- code -->          a code cell (the same in both languages)
    <!-- code hidden -->   a code cell whose source is collapsed in the notebook
                           (``jupyter.source_hidden``): setup and exercise cells of
                           the teaching notebooks, which a learner need not read
    <!-- single -->        (first line only) build this notebook in English only

Every notebook's first code cell is :data:`INSTALL_CELL`: it installs the package with
``%pip`` where it is missing (Colab, a new environment) and does nothing where it is
installed, so a notebook opened on its own can run.

In code, ``"{{lang}}"`` becomes ``"en"`` or ``"ru"``. In markdown, ``{R7.3}`` or
``{D5}`` becomes a link to that rule in the repository's rules page
(``RULES.md`` / ``RULES.ru.md``), and in Russian every link to ``NAME.ipynb``
goes to ``NAME_ru.ipynb``.

Usage: ``python authoring/build.py [NAME ...]`` writes and executes;
``--no-execute`` only writes; ``--check`` fails if a committed notebook's cells
differ from its source.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The sources, one per tutorial; the learner never needs them, so they live outside tutorials/.
SOURCES = ROOT / "authoring" / "tutorials"
#: Where the notebooks are written: the folder a learner opens.
NOTEBOOKS = ROOT / "tutorials"
LANGS = ("en", "ru")
MARKER = re.compile(r"^<!-- (md|ru|code(?: hidden)?|single) -->\s*$")
RULE = re.compile(r"\{([RD]\d+(?:\.\d+)?)\}")
NOTEBOOK_LINK = re.compile(r"\]\((?!https?:)([\w.-]+?)\.ipynb")
RULES_LINK = re.compile(r"\]\(\.\./RULES\.md")
LANG_TOKEN = '"{{lang}}"'
#: The first code cell of every notebook, before the source's own cells (the same in both
#: languages, so that the two notebooks keep the same structure).
INSTALL_CELL = (
    "# Installs exact61_widgets where it is missing (Colab, a new environment);\n"
    "# where it is installed (make lab, pip install) this cell does nothing.\n"
    "import importlib.util\n"
    "\n"
    'if importlib.util.find_spec("exact61_widgets") is None:\n'
    "    %pip install --quiet exact61_widgets"
)
#: The install cell's id: fixed, so that the other cells keep theirs.
INSTALL_ID = "install"
METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "pygments_lexer": "ipython3"},
}


class SourceError(ValueError):
    """A tutorial source that cannot be built: says which file, which line and why."""


@dataclass(frozen=True)
class Cell:
    """One cell of a source: code, or markdown with its text in every language.

    ``hidden``: a code cell whose source the notebook shows collapsed.
    """

    kind: str
    text: dict[str, str]
    hidden: bool = False


@dataclass(frozen=True)
class Source:
    """A parsed tutorial source."""

    name: str
    cells: tuple[Cell, ...]
    single: bool

    @property
    def languages(self) -> tuple[str, ...]:
        return ("en",) if self.single else LANGS


def parse(path: Path) -> Source:
    """Read a source file into cells; a markdown cell needs both languages unless single."""
    single = False
    cells: list[Cell] = []
    kind: str | None = None
    hidden = False
    lang = "en"
    text: dict[str, list[str]] = {}

    def flush(line_no: int) -> None:
        if kind is None:
            return
        joined = {k: "\n".join(v).strip("\n") for k, v in text.items()}
        if kind == "md" and not single and not joined.get("ru", "").strip():
            raise SourceError(f"{path.name}:{line_no}: a markdown cell has no Russian text")
        if any("TODO" in t for t in joined.values()):
            raise SourceError(f"{path.name}:{line_no}: a cell still says TODO")
        if not any(t.strip() for t in joined.values()):
            raise SourceError(f"{path.name}:{line_no}: an empty cell")
        cells.append(Cell(kind, joined, hidden))

    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        found = MARKER.match(line)
        if found is None:
            if kind is None:
                if line.strip():
                    raise SourceError(f"{path.name}:{number}: text before the first cell marker")
                continue
            text.setdefault(lang, []).append(line)
            continue
        marker = found.group(1)
        if marker == "single":
            if cells or kind is not None:
                raise SourceError(f"{path.name}:{number}: 'single' must be the first line")
            single = True
        elif marker == "ru":
            if kind != "md" or "ru" in text:
                raise SourceError(f"{path.name}:{number}: 'ru' only once, inside a markdown cell")
            lang = "ru"
            text["ru"] = []
        else:
            flush(number)
            hidden = marker == "code hidden"
            kind, lang, text = marker.split()[0], "en", {"en": []}
    flush(0)
    return Source(path.stem, tuple(cells), single)


def rules_link(code: str, lang: str) -> str:
    """A markdown link to rule ``code`` in the repository's rules page of ``lang``."""
    page = "RULES.md" if lang == "en" else "RULES.ru.md"
    return f"[{code}](../{page}#{code.lower().replace('.', '-')})"


def localize_markdown(text: str, lang: str) -> str:
    """Rule codes become links; in Russian, links go to the Russian twins and rules page."""
    text = RULE.sub(lambda m: rules_link(m.group(1), lang), text)
    if lang == "ru":
        text = NOTEBOOK_LINK.sub(lambda m: f"]({twin(m.group(1))}.ipynb", text)
        text = RULES_LINK.sub("](../RULES.ru.md", text)
    return text


def twin(stem: str) -> str:
    """The Russian notebook's name for an English notebook's stem (one with a source)."""
    path = SOURCES / f"{stem}.md"
    if stem.endswith("_ru") or not path.is_file():
        return stem
    with path.open(encoding="utf-8") as source:
        first = source.readline()
    return stem if MARKER.match(first) and "single" in first else f"{stem}_ru"


def install_cell(source: Source) -> dict[str, Any]:
    """The first code cell: installs the package where it is missing (:data:`INSTALL_CELL`)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": f"{source.name}-{INSTALL_ID}"[:64],
        "metadata": {},
        "outputs": [],
        "source": INSTALL_CELL,
    }


def notebook(source: Source, lang: str) -> dict[str, Any]:
    """The unexecuted notebook of ``source`` in ``lang``: the install cell before the first
    code cell, then the source's cells."""
    cells: list[dict[str, Any]] = []
    for index, cell in enumerate(source.cells):
        if cell.kind == "code" and not any(c["cell_type"] == "code" for c in cells):
            cells.append(install_cell(source))
        cell_id = f"{source.name}-{index:02d}"[:64]
        if cell.kind == "code":
            code = cell.text["en"].replace(LANG_TOKEN, f'"{lang}"')
            cells.append(
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": cell_id,
                    "metadata": {"jupyter": {"source_hidden": True}} if cell.hidden else {},
                    "outputs": [],
                    "source": code,
                }
            )
        else:
            body = cell.text.get(lang) or cell.text["en"]
            cells.append(
                {
                    "cell_type": "markdown",
                    "id": cell_id,
                    "metadata": {},
                    "source": localize_markdown(body, lang),
                }
            )
    return {
        "cells": cells,
        "metadata": json.loads(json.dumps(METADATA)),
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def target(source: Source, lang: str) -> Path:
    """Where the notebook of ``source`` in ``lang`` is written."""
    return NOTEBOOKS / (f"{source.name}.ipynb" if lang == "en" else f"{source.name}_ru.ipynb")


def execute(path: Path) -> str:
    """Execute a written notebook in place (widget state kept, no timings).

    Consecutive prints of a cell are saved as one stream output however the kernel
    happened to send them, so the two languages' notebooks have the same outputs.
    """
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    # The kernel keeps no learner's record of the author's: "my progress" is built from an
    # empty record of its own (the kernel inherits the variable), the same on every machine.
    folder = tempfile.mkdtemp(prefix="e61-build-record-")
    os.environ["EXACT61_RECORD"] = str(Path(folder) / "record.json")
    client = NotebookClient(
        nb,
        timeout=600,
        startup_timeout=300,  # a kernel on a busy machine can take more than the default 60 s
        kernel_name="python3",
        record_timing=False,
        store_widget_state=True,
        coalesce_streams=True,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    try:
        client.execute()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not _has_widgets(nb):
        nb.metadata.pop("widgets", None)
    nb = nbformat.reads(stable_model_ids(nbformat.writes(nb), path.stem), as_version=4)
    nbformat.write(nb, path)
    return path.name


def stable_model_ids(text: str, name: str) -> str:
    """A notebook's widget model ids renamed in the order the notebook reaches them.

    The kernel draws each model id at random and saves the widget state in whatever order
    the models happened to be created, so without this every build rewrote every widget
    output even where nothing changed. Here the ids are numbered as the outputs, cell by
    cell, and then each model's own references (its state's keys in sorted order) reach
    them, and the saved state is written in that order: building an unchanged source
    again gives the same bytes, and a rebuild's diff is only what changed. ``name`` keeps
    the ids of different notebooks apart.
    """
    nb = json.loads(text)
    widgets = nb.get("metadata", {}).get("widgets", {})
    saved = widgets.get("application/vnd.jupyter.widget-state+json", {})
    models: dict[str, Any] = saved.get("state", {})
    order: list[str] = []

    def reach(model: str) -> None:
        if model in models and model not in order:
            order.append(model)
            for key in sorted(models[model].get("state", {})):
                value = json.dumps(models[model]["state"][key], sort_keys=True)
                for ref in _MODEL_ID.findall(value):
                    reach(ref)

    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json", {})
            reach(str(view.get("model_id", "")))
    # Then the models no output reaches: first those no model refers to (a box shown from a
    # callback), by their content with their children's written out, so that only
    # identical trees tie; then any left (in a cycle). A model some other one refers to is
    # numbered from there, never by a tie of its own content with another's.
    referred = {ref for m in models.values() for ref in _MODEL_ID.findall(json.dumps(m))}
    for roots in (True, False):
        unreached = [m for m in models if m not in order and (m not in referred) == roots]
        for model in sorted(unreached, key=lambda m: _content(models, m, {})):
            reach(model)
    renamed = {
        old: hashlib.sha256(f"{name}:{i}".encode()).hexdigest()[:32] for i, old in enumerate(order)
    }
    if models:
        saved["state"] = {old: models[old] for old in order}
    fixed = json.dumps(nb, ensure_ascii=False)
    return _MODEL_ID.sub(lambda m: renamed.get(m.group(0), m.group(0)), fixed)


_MODEL_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


def _content(models: dict[str, Any], model: str, seen: dict[str, str]) -> str:
    """A model's saved state with each model it refers to written out in its place: what
    orders the models no output reaches. Two of them (a box, say, of a widget shown from a
    callback) differ only below their children, so their ids alone would tie, and the
    kernel's random order would decide which is numbered first."""
    if model in seen:
        return seen[model]
    seen[model] = ""  # a reference back up the tree counts as nothing
    text = json.dumps(models[model], sort_keys=True)
    seen[model] = _MODEL_ID.sub(
        lambda m: _content(models, m.group(0), seen) if m.group(0) in models else "", text
    )
    return seen[model]


def _has_widgets(nb: Any) -> bool:
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    return bool(state.get("state"))


def sources(names: Iterable[str] = ()) -> list[Source]:
    """The parsed sources named (all of them when none is named)."""
    wanted = list(names)
    paths = (
        [SOURCES / f"{n.removesuffix('.md')}.md" for n in wanted]
        if wanted
        else sorted(SOURCES.glob("*.md"))
    )
    missing = [p.name for p in paths if not p.is_file()]
    if missing:
        raise SourceError(f"no tutorial source {', '.join(missing)} in {SOURCES}")
    return [parse(p) for p in paths]


def is_hidden(cell: dict[str, Any]) -> bool:
    """Whether a notebook cell's source is collapsed (``jupyter.source_hidden``)."""
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def cell_sources(nb: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """A notebook's cells as (kind, source text, collapsed), outputs left out."""
    return [
        (
            c["cell_type"],
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"],
            is_hidden(c),
        )
        for c in nb["cells"]
    ]


def stale(source: Source) -> list[str]:
    """The notebooks of ``source`` that are missing or whose cells differ from it."""
    found = []
    for lang in source.languages:
        path = target(source, lang)
        if not path.is_file():
            found.append(f"{path.name}: missing")
            continue
        committed = json.loads(path.read_text("utf-8"))
        if cell_sources(committed) != cell_sources(notebook(source, lang)):
            found.append(f"{path.name}: cells differ from authoring/tutorials/{source.name}.md")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="sources to build (default: all)")
    parser.add_argument("--no-execute", action="store_true", help="write without executing")
    parser.add_argument("--check", action="store_true", help="only check the notebooks")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once")
    args = parser.parse_args(argv)
    try:
        chosen = sources(args.names)
    except SourceError as err:
        print(f"build: {err}", file=sys.stderr)
        return 2
    if args.check:
        problems = [p for s in chosen for p in stale(s)]
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    written = []
    for source in chosen:
        for lang in source.languages:
            path = target(source, lang)
            path.write_text(
                json.dumps(notebook(source, lang), ensure_ascii=False, indent=1) + "\n", "utf-8"
            )
            written.append(path)
    if not args.no_execute:
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for name in pool.map(execute, written):
                print(f"executed {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
