"""The package's outside shape: cheap import, entry points, typing marker, pure engine."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import exact61_widgets

PACKAGE = Path(exact61_widgets.__file__).parent


def test_importing_the_package_loads_no_ui_or_svg_library() -> None:
    code = (
        "import sys, exact61_widgets; "
        "print(sorted(m for m in ('ipywidgets', 'anywidget', 'svgwrite', 'traitlets', "
        "'IPython') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_six_entry_points_are_importable_from_the_package() -> None:
    from exact61_widgets import (  # noqa: F401
        Layout,
        caption,
        describe,
        layout_geometry,
        render_svg,
        replay,
    )

    assert callable(replay) and callable(describe) and callable(caption)
    assert issubclass(exact61_widgets.NotationError, ValueError)
    assert issubclass(exact61_widgets.RecordError, ValueError)
    assert issubclass(exact61_widgets.IllegalMoveError, ValueError)


def test_the_engine_imports_nothing_from_the_ui_side() -> None:
    forbidden = (
        "ipywidgets",
        "anywidget",
        "svgwrite",
        "traitlets",
        "IPython",
        "tqdm",
        "matplotlib",
        "exact61_widgets.widgets",
        "exact61_widgets.render",
    )
    for path in (PACKAGE / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(forbidden) or _is_lazy(tree, node), (
                    f"{path.name} imports {name}"
                )


def test_engine_render_and_exercises_import_nothing_from_the_widgets() -> None:
    """The arrows run down: widgets/ uses engine/, render/ and exercises/, never the reverse.

    Every import statement is read, lazy ones too, and no string names a widget module.
    """
    ui = ("exact61_widgets.widgets", "ipywidgets", "anywidget", "traitlets")
    for folder in ("engine", "render", "exercises"):
        for path in (PACKAGE / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    assert not name.startswith(ui), f"{folder}/{path.name} imports {name}"

    for path in (PACKAGE / "exercises").rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        named = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and "exact61_widgets.widgets" in node.value
        ]
        assert not named, f"{path.name} names {named}"
    code = (
        "import sys, pkgutil, importlib, exact61_widgets.engine as e, exact61_widgets.render as r, "
        "exact61_widgets.exercises as x\n"
        "for p in (e, r, x):\n"
        "    for m in pkgutil.walk_packages(p.__path__, p.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('exact61_widgets.widgets', "
        "'ipywidgets', 'anywidget'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_exercise_widgets_are_the_widgets_package_s() -> None:
    from exact61_widgets import exercises, widgets
    from exact61_widgets.widgets.exercise import Exercise
    from exact61_widgets.widgets.practice import MyProgress, Practice

    assert (widgets.Exercise, widgets.Practice, widgets.MyProgress) == (
        Exercise,
        Practice,
        MyProgress,
    )
    assert not hasattr(exercises, "Exercise")


def _is_lazy(tree: ast.Module, target: ast.AST) -> bool:
    """Whether an import sits inside a function (a lazy ``_repr_svg_`` hook)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            child is target for child in ast.walk(node)
        ):
            return node.name.startswith("_repr_")
    return False


def test_typing_marker_and_module_entry_point() -> None:
    assert (PACKAGE / "py.typed").is_file()
    result = subprocess.run(
        [sys.executable, "-m", "exact61_widgets", "describe", "[2|2]"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("Scoring contributions: 4 = 4.")


def test_the_record_schema_ships_in_the_package() -> None:
    from exact61_widgets.engine.record import record_schema

    assert record_schema()["properties"]["format"] == {"const": "exact61-record"}
