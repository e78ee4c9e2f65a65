"""The JupyterLite site's builder without a browser: its lock, its cache key, its pages.

``lite/lock.py`` must list exactly the bundled wheels with what Pyodide checks (the
sha256, the dependencies as they hold in the browser) and refuse an incomplete set;
``lite/build.py``'s cache key must follow every input; its landing page must link
every notebook in its language. The whole build runs in ``tests/browser/test_lite.py``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str) -> ModuleType:
    """Import ``lite/NAME.py`` under a name of its own (``lite/`` is scripts, not a package)."""
    sys.path.insert(0, str(ROOT / "lite"))
    try:
        spec = importlib.util.spec_from_file_location(
            f"exact61_lite_{name}", ROOT / "lite" / f"{name}.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module
    finally:  # build.py puts its folder on the path too
        sys.path[:] = [p for p in sys.path if p != str(ROOT / "lite")]


lock = _load("lock")
build = _load("build")

CORE_INFO = {
    "abi_version": "2026_0",
    "arch": "wasm32",
    "platform": "emscripten_5_0_3",
    "python": "3.14.2",
}


def make_wheel(
    folder: Path,
    name: str,
    version: str,
    requires: tuple[str, ...] = (),
    modules: tuple[str, ...] = (),
    top_level: bool = False,
) -> Path:
    """A minimal pure-Python wheel: METADATA with ``requires``, and ``modules`` as packages."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        *(f"Requires-Dist: {r}" for r in requires),
    ]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{dist}.dist-info/METADATA", "\n".join(meta) + "\n")
        archive.writestr(f"{dist}.dist-info/RECORD", "")
        if top_level:
            archive.writestr(f"{dist}.dist-info/top_level.txt", "\n".join(modules) + "\n")
        for module in modules:
            archive.writestr(f"{module}/__init__.py", "")
    return path


@pytest.fixture
def core_lock(tmp_path: Path) -> Path:
    """A core ``pyodide-lock.json`` naming packages whose files the site will not have."""
    path = tmp_path / "core-lock.json"
    path.write_text(
        json.dumps(
            {
                "info": CORE_INFO,
                "packages": {
                    "numpy": {"name": "numpy", "file_name": "numpy-2.4.6-cp314-cp314-x.whl"}
                },
            }
        )
    )
    return path


def test_the_lock_lists_exactly_the_wheels_with_browser_dependencies(
    tmp_path: Path, core_lock: Path
) -> None:
    """Only the bundled wheels; dependencies whose markers hold under Emscripten; real sha256s."""
    wheels = [
        make_wheel(
            tmp_path,
            "Top-Pkg",
            "1.0",
            ("dep>=2", 'pexpect; sys_platform != "emscripten"', 'extra-thing; extra == "docs"'),
            ("top_pkg",),
        ),
        make_wheel(tmp_path, "dep", "2.1", (), ("dep_a", "dep_b"), top_level=True),
    ]
    target = tmp_path / "pyodide-lock.json"
    written = lock.write_lock(core_lock, wheels, target)
    assert json.loads(target.read_text()) == written
    assert written["info"] == CORE_INFO
    assert sorted(written["packages"]) == ["dep", "top-pkg"]  # numpy is gone
    top = written["packages"]["top-pkg"]
    assert top["depends"] == ["dep"]
    assert top["imports"] == ["top_pkg"]
    assert top["file_name"] == wheels[0].name
    assert top["sha256"] == hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    assert written["packages"]["dep"]["imports"] == ["dep_a", "dep_b"]


def test_a_missing_or_too_old_dependency_is_refused(tmp_path: Path, core_lock: Path) -> None:
    """The set must be closed at accepted versions: a gap is a build error, never a fetch."""
    top = make_wheel(tmp_path, "top", "1.0", ("dep>=2",), ("top",))
    with pytest.raises(lock.LockError, match=r"top 1.0 needs dep>=2, which is not bundled"):
        lock.write_lock(core_lock, [top], tmp_path / "out.json")
    old = make_wheel(tmp_path, "dep", "1.5", (), ("dep",))
    with pytest.raises(lock.LockError, match=r"but dep 1.5 is bundled"):
        lock.write_lock(core_lock, [top, old], tmp_path / "out.json")
    assert not (tmp_path / "out.json").exists()


def test_two_wheels_of_one_package_and_compiled_wheels_are_refused(
    tmp_path: Path, core_lock: Path
) -> None:
    """One wheel per name, and pure-Python ones only (a browser cannot load a native build)."""
    first = make_wheel(tmp_path, "dep", "1.0", (), ("dep",))
    (tmp_path / "other").mkdir()
    second = make_wheel(tmp_path / "other", "dep", "2.0", (), ("dep",))
    with pytest.raises(lock.LockError, match="two wheels of dep"):
        lock.write_lock(core_lock, [first, second], tmp_path / "out.json")
    native = tmp_path / "fast-1.0-cp314-cp314-manylinux_2_28_x86_64.whl"
    native.write_bytes(first.read_bytes())
    with pytest.raises(lock.LockError, match="not a pure-Python wheel"):
        lock.read_wheel(native)


def test_notebook_imports_skip_magics_and_relative_imports() -> None:
    """The modules a notebook needs decide whether it can run in the browser."""
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": ["import not_code\n"]},
            {
                "cell_type": "code",
                "source": [
                    "%matplotlib inline\n",
                    "import numpy as np, os.path\n",
                    "from exact61_widgets.widgets import MatchTable\n",
                ],
            },
            {"cell_type": "code", "source": ["!pip install x\n", "from . import local\n"]},
            {"cell_type": "code", "source": ["def broken(:\n"]},
        ]
    }
    assert build.notebook_imports(notebook) == {"numpy", "os", "exact61_widgets"}


def test_the_cache_key_follows_every_input(tmp_path: Path) -> None:
    """A changed notebook, module or builder file is a new site; an unrelated file is not."""
    for name, text in (
        ("pyproject.toml", "[project]\n"),
        ("lite/build.py", "# builder\n"),
        ("exact61_widgets/a.py", "A = 1\n"),
        ("tutorials/00.ipynb", "{}"),
        ("RULES.md", "# rules\n"),
        ("notes.txt", "not an input\n"),
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    key = build.site_key(tmp_path)
    assert build.site_key(tmp_path) == key
    (tmp_path / "notes.txt").write_text("still not an input\n")
    (tmp_path / "exact61_widgets" / "__pycache__").mkdir()
    (tmp_path / "exact61_widgets" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"x")
    assert build.site_key(tmp_path) == key
    for name in ("tutorials/00.ipynb", "exact61_widgets/a.py", "lite/build.py", "RULES.md"):
        before = (tmp_path / name).read_text()
        (tmp_path / name).write_text(before + " ")
        assert build.site_key(tmp_path) != key, name
        (tmp_path / name).write_text(before)
    assert build.site_key(tmp_path) == key


def test_the_landing_page_links_every_notebook_in_its_language(tmp_path: Path) -> None:
    """English and Russian lists, each notebook by its title; the classroom has its own link."""

    def notebook(name: str, title: str) -> Path:
        path = tmp_path / name
        path.write_text(
            json.dumps({"cells": [{"cell_type": "markdown", "source": [f"# {title}\n", "text\n"]}]})
        )
        return path

    page = build.landing_page(
        [
            notebook("01_a.ipynb", "1. Tiles & <points>"),
            notebook("01_a_ru.ipynb", "1. Кости"),
            notebook("classroom.ipynb", "Classroom"),
        ]
    )
    english = page[page.index("<h2>All tutorials") : page.index('<h2 lang="ru">')]
    russian = page[page.index('<h2 lang="ru">') :]
    assert (
        '<a href="lab/index.html?path=tutorials/01_a.ipynb">1. Tiles &amp; &lt;points&gt;</a>'
        in english
    )
    assert '<a href="lab/index.html?path=tutorials/01_a_ru.ipynb">1. Кости</a>' in russian
    assert "01_a_ru" not in english and "classroom.ipynb</a>" not in page
    assert 'href="notebooks/index.html?path=tutorials/classroom.ipynb"' in page
    assert 'id="jupyter-config-data"' in page  # JupyterLite's pages read their settings here
