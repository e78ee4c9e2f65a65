"""Extract the tutorials' exercises into the package's ``tutorial-exercises.json``.

``python -m exact61_widgets.handouts.extract`` reads the committed notebooks
(``tutorials/NAME.ipynb`` and ``NAME_ru.ipynb``): every exercise's saved output
carries its task as JSON (``data-exercise``), under the section heading it
belongs to. The two languages must ask the same tasks in the same order.
``--check`` only says whether the committed file is up to date (exit status 1
if not). The reading is generic: any kind of task the notebooks save is taken,
with the topics and pictures :mod:`.topics` and :mod:`.tutorial_exercises` give it.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from exact61_widgets.exercises import task_from_spec
from exact61_widgets.handouts.topics import exercise_topics
from exact61_widgets.handouts.tutorial_exercises import (
    DATA_FILE,
    TutorialExercise,
    dumps,
    pictures_for,
)

#: The repository's tutorials, beside the package in a checkout.
TUTORIALS: Final = Path(__file__).resolve().parents[2] / "tutorials"
#: The data file in the package.
OUTPUT: Final = Path(__file__).resolve().parent / DATA_FILE
#: The command that writes it again.
COMMAND: Final = "python -m exact61_widgets.handouts.extract"

_EXERCISE = re.compile(r"data-exercise=(['\"])(.*?)\1", re.S)
_QUESTION = re.compile(r"<p><b>[^<]*</b>\s*(.*?)</p>", re.S)
_HEADING = re.compile(r"^(#{1,2})\s+(.+?)\s*$", re.M)
_ANCHOR = re.compile(r"<a\s+id=[^>]*>\s*</a>")


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _found(notebook: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """``(section, spec, question)`` for each exercise of a notebook, in page order."""
    section = ""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for _, title in _HEADING.findall(_ANCHOR.sub("", _text(cell["source"]))):
                section = title.strip()
            continue
        for out in cell.get("outputs", []):
            page = _text(out.get("data", {}).get("text/html", ""))
            for found in _EXERCISE.finditer(page):
                spec = json.loads(html.unescape(found.group(2)))
                rest = page[found.end() :]
                asked = _QUESTION.search(rest)
                question = html.unescape(asked.group(1)).strip() if asked else ""
                yield section, spec, question


def _entries(english: Path, russian: Path) -> Iterator[TutorialExercise]:
    notebook = english.stem
    pairs = list(_found(json.loads(english.read_text("utf-8"))))
    twins = list(_found(json.loads(russian.read_text("utf-8"))))
    if len(pairs) != len(twins):
        raise SystemExit(f"{russian.name} asks {len(twins)} exercises, {english.name} {len(pairs)}")
    for (section, spec, question), (section_ru, spec_ru, question_ru) in zip(
        pairs, twins, strict=True
    ):
        task_spec = {k: v for k, v in spec.items() if k != "lang"}
        if task_spec != {k: v for k, v in spec_ru.items() if k != "lang"}:
            raise SystemExit(f"{russian.name} asks another task than {english.name}: {spec}")
        task = task_from_spec(task_spec)
        asked = {}
        for lang, text in (("en", question), ("ru", question_ru)):
            if text and text != task.question().text(lang):
                asked[lang] = text
        yield TutorialExercise(
            notebook=notebook,
            section={"en": section, "ru": section_ru},
            name=str(spec.get("name", task.kind)),
            topics=exercise_topics(task, notebook),
            pictures=pictures_for(task),
            spec=task_spec,
            question=asked,
        )


def extract(tutorials: Path = TUTORIALS) -> list[TutorialExercise]:
    """Every exercise of the notebooks in ``tutorials``, notebook by notebook."""
    found: list[TutorialExercise] = []
    for english in sorted(tutorials.glob("*.ipynb")):
        if english.stem.endswith("_ru"):
            continue
        russian = english.with_name(f"{english.stem}_ru.ipynb")
        if russian.exists():
            found.extend(_entries(english, russian))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Write the data file (or, with ``--check``, compare it); the exit status says how."""
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n")[0])
    parser.add_argument("--tutorials", type=Path, default=TUTORIALS, help="the notebooks' folder")
    parser.add_argument("--out", type=Path, default=OUTPUT, help="the data file to write")
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    args = parser.parse_args(argv)
    text = dumps(extract(args.tutorials))
    if args.check:
        current = args.out.read_text("utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out.name} is stale: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, "utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
