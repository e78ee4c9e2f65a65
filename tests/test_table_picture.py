"""The README's picture, ``docs/table.svg``, is what ``authoring/table_picture.py`` writes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "authoring" / "table_picture.py"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("table_picture", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["table_picture"] = module
    spec.loader.exec_module(module)
    return module


def test_the_committed_picture_is_what_the_script_writes() -> None:
    script = _script()
    assert script.PICTURE.read_text("utf-8") == script.picture(), (
        "docs/table.svg is out of date: run python authoring/table_picture.py"
    )
    assert script.main(["--check"]) == 0


def test_the_picture_is_a_table_in_play_with_its_description() -> None:
    text = (ROOT / "docs" / "table.svg").read_text("utf-8")
    assert text.startswith("<svg") and "<title" in text and "<desc" in text
    assert "Boneyard" in text and "Your hand" in text
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "](docs/table.svg)" in readme.split("## Two commands")[0]
