"""Reading the committed tutorial notebooks: their cells, outputs and what a reader sees.

Shared by the tests of the tutorials' structure, their languages and their
exercises (an answer must not be visible above its question).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TAG = re.compile(r"<[^>]+>")
#: An SVG element's text; a self-closing element (``<text .../>``) has none.
SVG_TEXT = re.compile(r"<(title|desc|text)\b(?:[^>]*[^/>])?>(.*?)</\1>", re.S)
EXERCISE = re.compile(r"data-exercise=(['\"])(.*?)\1", re.S)
REPR = re.compile(r"^([A-Z]\w*)\(")


def load(path: Path) -> dict[str, Any]:
    """A notebook as JSON."""
    notebook: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return notebook


def text_of(value: str | list[str]) -> str:
    """A notebook string field (a string or a list of lines) as one string."""
    return value if isinstance(value, str) else "".join(value)


@dataclass(frozen=True)
class Output:
    """One output of a code cell, with the texts a reader can see in it."""

    cell: int
    data: dict[str, Any]

    @property
    def mimetypes(self) -> tuple[str, ...]:
        return tuple(sorted(self.data))

    def get(self, mimetype: str) -> str:
        return text_of(self.data.get(mimetype, ""))

    @property
    def widget_kind(self) -> str | None:
        """The class name of a widget (or exercise) output, from its plain-text repr."""
        found = (
            REPR.match(self.get("text/plain"))
            if WIDGET_VIEW in self.data or "exact61-" in self.get("text/html")
            else None
        )
        return found.group(1) if found else None

    @property
    def exercise_specs(self) -> list[dict[str, Any]]:
        """The task specs of the exercises this output shows (``data-exercise``)."""
        return [
            json.loads(html.unescape(m.group(2))) for m in EXERCISE.finditer(self.get("text/html"))
        ]

    def visible_text(self, *, plain: bool = True) -> str:
        """Every text of the output a reader may see: plain text, HTML text, SVG texts."""
        parts = []
        if plain:
            parts.append(self.get("text/plain"))
        parts.append(html.unescape(TAG.sub(" ", self.get("text/html"))))
        parts.extend(
            html.unescape(m.group(2)) for m in SVG_TEXT.finditer(self.get("image/svg+xml"))
        )
        parts.extend(html.unescape(m.group(2)) for m in SVG_TEXT.finditer(self.get("text/html")))
        return "\n".join(p for p in parts if p)


def outputs(notebook: dict[str, Any]) -> Iterator[Output]:
    """Every output of every code cell, in page order; consecutive prints count as one."""
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        printed: list[str] = []
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                printed.append(text_of(out["text"]))
                continue
            if printed:
                yield Output(index, {"text/plain": "".join(printed)})
                printed = []
            if out["output_type"] in ("display_data", "execute_result"):
                yield Output(index, dict(out["data"]))
            elif out["output_type"] == "error":
                yield Output(index, {"text/plain": "\n".join(out.get("traceback", []))})
        if printed:
            yield Output(index, {"text/plain": "".join(printed)})


def markdown(notebook: dict[str, Any]) -> str:
    """All markdown text of a notebook."""
    return "\n".join(
        text_of(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )
