"""Build the tutorials as a JupyterLite site: JupyterLab and Python in the browser, offline.

``python lite/build.py --out _site`` (what ``make lite`` runs) makes a static site
that any web server can host: JupyterLab with the Pyodide kernel, the tutorials in
English and Russian, the classroom app and every wheel the notebooks import, so
that nothing is fetched from anywhere but the site itself. What it is made of:

- the JupyterLite app and the Pyodide kernel extension (``jupyterlite-core``,
  ``jupyterlite-pyodide-kernel`` from PyPI, installed from ``lite/requirements.txt``);
- the Pyodide core from the npm registry's ``pyodide`` package, at the version the
  kernel names (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``);
- the pure-Python wheels pinned in ``lite/browser-requirements.txt`` from PyPI, the
  kernel's own wheels, and this package's wheel, all listed in a
  ``pyodide-lock.json`` of their own (``lite/lock.py``) and preloaded when the
  kernel starts, so ``import exact61_widgets`` works in every notebook as it is;
- all of that Python, and the core's standard library, compiled to bytecode by the
  same Pyodide under Node.js (``lite/pycompile.py``), which halves the kernel's start.

A finished site is kept in a cache folder (``.lite-cache/`` or ``$EXACT61_LITE_CACHE``)
under a key made of every input, so building again with nothing changed takes a
moment. ``--print-site`` prints the cached site's folder (for the tests).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import html
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fetch import browser_wheels, package_wheel, publish, pyodide_core, staging_for
from lock import read_wheel, write_lock
from pycompile import precompile, precompile_cached

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
#: The site's pages and documents besides the notebooks (the tutorials link to them).
DOCUMENTS = ("RULES.md", "RULES.ru.md", "docs")
#: The packages the kernel loads while it starts: the kernel's own (names as the kernel
#: checks them, so it does not install them again) and this package with its dependencies.
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "widgetsnbextension",
    "exact61-widgets",
)
#: The kernelspec of the site's notebooks: the Pyodide kernel's, so no kernel is asked for.
KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
#: How many built sites the cache keeps (the newest).
KEEP_SITES = 2
#: Bundled wheels whose JupyterLab extensions the site's front end needs: the widget
#: manager and anywidget, at the very versions of the browser's Python packages.
EXTENSION_WHEELS = ("jupyterlab_widgets", "anywidget")


class BuildError(RuntimeError):
    """The site could not be built; the message says what is missing."""


def cache_root() -> Path:
    """Where downloads and built sites are kept."""
    return Path(os.environ.get("EXACT61_LITE_CACHE") or ROOT / ".lite-cache").resolve()


def _files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
    elif path.is_dir():
        for child in sorted(path.rglob("*")):
            if child.is_file() and "__pycache__" not in child.parts and child.suffix != ".pyc":
                yield child


def inputs(root: Path = ROOT) -> list[Path]:
    """Every file whose content goes into the site (the cache key is made of them)."""
    found: list[Path] = []
    for name in ("pyproject.toml", "lite", "exact61_widgets", *DOCUMENTS):
        found.extend(_files(root / name))
    found.extend(sorted((root / "tutorials").glob("*.ipynb")))
    return found


def site_key(root: Path = ROOT) -> str:
    """A hash of every input and of the build tools' versions: the cached site's name."""
    digest = hashlib.sha256()
    for tool in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        digest.update(f"{tool}=={importlib.metadata.version(tool)}\n".encode())
    for path in inputs(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


# -- what goes into the site ---------------------------------------------------------------------


def notebook_imports(notebook: dict[str, Any]) -> set[str]:
    """The top-level modules a notebook's code cells import (magics and shell lines skipped)."""
    found: set[str] = set()
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source", []))
        lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found


def notebook_title(notebook: dict[str, Any], fallback: str) -> str:
    """The first level-1 heading of a notebook's markdown, without the ``#``."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def choose_notebooks(available: set[str]) -> tuple[list[Path], dict[str, list[str]]]:
    """The tutorials that can run in the browser, and those left out with what they miss.

    A notebook is left out when it imports a module that is neither in Python's standard
    library nor in a bundled wheel (e.g. matplotlib, which needs a WebAssembly build).
    """
    kept: list[Path] = []
    left_out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tutorials").glob("*.ipynb")):
        imports = notebook_imports(json.loads(path.read_text("utf-8")))
        missing = sorted(
            m for m in imports if m not in available and m not in sys.stdlib_module_names
        )
        if missing:
            left_out[path.name] = missing
        else:
            kept.append(path)
    return kept, left_out


def copy_contents(notebooks: Iterable[Path], files: Path) -> None:
    """Lay out the site's ``files/``: the documents, and the notebooks for the Pyodide kernel."""
    files.mkdir(parents=True, exist_ok=True)
    for name in DOCUMENTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, files / name)
        elif source.is_file():
            shutil.copy2(source, files / name)
    (files / "tutorials").mkdir(parents=True)
    for path in notebooks:
        notebook = json.loads(path.read_text("utf-8"))
        notebook.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
        (files / "tutorials" / path.name).write_text(
            json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8"
        )


def landing_page(notebooks: Iterable[Path]) -> str:
    """The site's ``index.html``: where to start, in English and Russian, and every notebook."""
    template = (LITE / "index.html").read_text("utf-8")
    rows: dict[str, list[str]] = {"en": [], "ru": []}
    for path in notebooks:
        if path.name == "classroom.ipynb":
            continue
        title = notebook_title(json.loads(path.read_text("utf-8")), path.stem)
        lang = "ru" if path.stem.endswith("_ru") else "en"
        href = html.escape(f"lab/index.html?path=tutorials/{path.name}", quote=True)
        rows[lang].append(f'      <li><a href="{href}">{html.escape(title)}</a></li>')
    return template.replace("<!-- NOTEBOOKS_EN -->", "\n".join(rows["en"]).strip()).replace(
        "<!-- NOTEBOOKS_RU -->", "\n".join(rows["ru"]).strip()
    )


def kernel_extension() -> Path:
    """The installed Pyodide kernel labextension (holds the kernel's own wheels)."""
    dist = importlib.metadata.distribution("jupyterlite-pyodide-kernel")
    for file in dist.files or []:
        if str(file).endswith("pyodide-kernel-extension/package.json"):
            return Path(str(dist.locate_file(file))).resolve().parent
    raise BuildError(
        "jupyterlite-pyodide-kernel has no labextension: reinstall it "
        "(pip install -r lite/requirements.txt)"
    )


def kernel_wheels(extension: Path) -> list[Path]:
    """The kernel's own wheels from its extension: piplite, pyodide-kernel, the ipykernel
    stand-in, and the widgetsnbextension 4 stand-in that ipywidgets 8 asks for."""
    wheels = [
        w
        for w in sorted((extension / "static" / "pypi").glob("*.whl"))
        if not w.name.startswith("widgetsnbextension-3.")
    ]
    names = {read_wheel(w).key for w in wheels}
    wanted = {"piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension"}
    if not wanted <= names:
        raise BuildError(f"the kernel extension lacks wheels: {sorted(wanted - names)}")
    return wheels


def lite_config(extensions: list[str]) -> dict[str, Any]:
    """``jupyter_lite_config.json`` of the build: ``lite/``'s, with the extensions to bundle."""
    config: dict[str, Any] = json.loads((LITE / "jupyter_lite_config.json").read_text("utf-8"))
    config.setdefault("LiteBuildConfig", {})["federated_extensions"] = extensions
    return config


def runtime_config() -> dict[str, Any]:
    """``jupyter-lite.json`` of the build: ``lite/``'s, with the packages to preload."""
    config: dict[str, Any] = json.loads((LITE / "jupyter-lite.json").read_text("utf-8"))
    plugins = config.setdefault("jupyter-config-data", {}).setdefault("litePluginSettings", {})
    kernel = plugins.setdefault("@jupyterlite/pyodide-kernel-extension:kernel", {})
    kernel.setdefault("loadPyodideOptions", {})["packages"] = list(PRELOAD)
    kernel["disablePyPIFallback"] = True
    return config


# -- the build -----------------------------------------------------------------------------------


def assemble(lite_dir: Path, downloads: Path, log: list[str]) -> list[Path]:
    """Lay out ``lite_dir`` for ``jupyter lite build``; the notebooks it holds."""
    from jupyterlite_pyodide_kernel.constants import (  # type: ignore[import-untyped]
        PYODIDE_VERSION,
    )

    core = pyodide_core(PYODIDE_VERSION, downloads)
    core_lock = json.loads((core / "pyodide-lock.json").read_text("utf-8"))
    python = str(core_lock["info"]["python"])
    log.append(f"Pyodide {PYODIDE_VERSION} (Python {python}) from the npm registry")

    pypi = browser_wheels(LITE / "browser-requirements.txt", python, downloads)
    extension = kernel_extension()
    own = package_wheel(ROOT, lite_dir.parent / "wheel")
    kernel = kernel_wheels(extension)
    log.append(f"{len(pypi)} wheels from PyPI, {len(kernel)} of the kernel, and {own.name}")

    # Bytecode compiled by Pyodide itself: the kernel starts about twice as fast.
    pyodide = lite_dir / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    started = time.monotonic()
    third, stdlib = precompile_cached(core, [*pypi, *kernel], core / "python_stdlib.zip", downloads)
    compiled = [*third, *precompile(core, [own], lite_dir.parent / "compiled")]
    log.append(f"compiled to bytecode in {time.monotonic() - started:.0f} s")
    for path in [*compiled, stdlib]:
        shutil.copy2(path, pyodide / path.name)
    for path in sorted(core.iterdir()):
        if not (pyodide / path.name).exists() and path.name not in (
            "pyodide-lock.json",
            "package.json",
        ):
            shutil.copy2(path, pyodide / path.name)
    write_lock(
        core / "pyodide-lock.json",
        [pyodide / w.name for w in compiled],
        pyodide / "pyodide-lock.json",
    )

    available = {name for wheel in compiled for name in read_wheel(wheel).imports}
    notebooks, left_out = choose_notebooks(available)
    for name, missing in left_out.items():
        log.append(
            f"left out {name}: it imports {', '.join(missing)}, which has no "
            "pure-Python wheel (Pyodide builds it for WebAssembly; neither PyPI nor "
            "the npm package carries that build)"
        )
    copy_contents(notebooks, lite_dir / "files")

    by_name = {read_wheel(w).name.replace("-", "_").lower(): w for w in pypi}
    extensions = [str(extension), *(str(by_name[n]) for n in EXTENSION_WHEELS)]
    (lite_dir / "jupyter_lite_config.json").write_text(
        json.dumps(lite_config(extensions), indent=2), "utf-8"
    )
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(runtime_config(), indent=2), "utf-8")
    (lite_dir / "overrides.json").write_text((LITE / "overrides.json").read_text("utf-8"), "utf-8")
    return notebooks


def check_offline(site: Path) -> None:
    """Fail if the built configuration still points the browser anywhere but the site."""
    config = json.loads((site / "jupyter-lite.json").read_text("utf-8"))
    data = config["jupyter-config-data"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    urls = [kernel.get("pyodideUrl", ""), *kernel.get("pipliteUrls", [])]
    remote = [u for u in urls if not u.startswith("./")]
    if not kernel.get("pyodideUrl") or remote:
        raise BuildError(
            f"the site would load from elsewhere: pyodideUrl "
            f"{kernel.get('pyodideUrl')!r}, pipliteUrls {kernel.get('pipliteUrls')}"
        )
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text("utf-8"))
    absent = [
        p["file_name"]
        for p in lock["packages"].values()
        if not (site / "static/pyodide" / p["file_name"]).is_file()
    ]
    if absent:
        raise BuildError(f"the lock names wheels the site lacks: {absent}")


def check_contents(site: Path, notebooks: Iterable[Path]) -> None:
    """Fail unless the site's file browser lists every notebook (jupyter_server indexes them)."""
    index = site / "api" / "contents" / "tutorials" / "all.json"
    listed = (
        {item["name"] for item in json.loads(index.read_text("utf-8"))["content"]}
        if index.is_file()
        else set()
    )
    missing = sorted({p.name for p in notebooks} - listed)
    if missing:
        raise BuildError(
            f"the site's file browser lacks {missing}: is jupyter_server "
            "installed (pip install -r lite/requirements.txt)?"
        )


def build(target: Path, log: list[str]) -> None:
    """Build the site into the new folder ``target``."""
    downloads = cache_root() / "downloads"
    with tempfile.TemporaryDirectory(prefix="exact61-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        lite_dir.mkdir()
        notebooks = assemble(lite_dir, downloads, log)
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(Path(tmp) / "config"),
            JUPYTER_DATA_DIR=str(Path(tmp) / "data"),
        )
        args = [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            str(lite_dir),
            "--output-dir",
            str(target),
        ]
        done = subprocess.run(
            args, cwd=lite_dir, env=env, capture_output=True, text=True, check=False
        )
        if done.returncode:
            raise BuildError(
                f"jupyter lite build failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}"
            )
        (target / "index.html").write_text(landing_page(notebooks), "utf-8")
        if (target / "lab" / "favicon.ico").is_file():  # browsers ask the root for one
            shutil.copy2(target / "lab" / "favicon.ico", target / "favicon.ico")
        (target / ".nojekyll").write_text("", "utf-8")  # GitHub Pages: serve every file as is
    check_offline(target)
    check_contents(target, notebooks)


def cached_site(force: bool = False, quiet: bool = False) -> Path:
    """The built site for the tree as it is now: from the cache, or built into it."""
    key = site_key()
    sites = cache_root() / "sites"
    site = sites / key
    if site.is_dir() and (site / "index.html").is_file() and not force:
        return site
    started = time.monotonic()
    log: list[str] = []
    partial = staging_for(site)
    try:
        build(partial, log)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    if force:
        shutil.rmtree(site, ignore_errors=True)
    publish(partial, site)
    log.append(f"built in {time.monotonic() - started:.0f} s: {site}")
    if not quiet:
        print("\n".join(log), file=sys.stderr)
    _prune(sites, keep=site)
    return site


def _prune(sites: Path, keep: Path) -> None:
    """Keep only the newest :data:`KEEP_SITES` sites in the cache."""
    built = sorted(
        (p for p in sites.iterdir() if p.is_dir() and ".partial-" not in p.name),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in built[KEEP_SITES:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, help="copy the site to this folder (e.g. _site)")
    parser.add_argument(
        "--print-site", action="store_true", help="print the folder of the cached site"
    )
    parser.add_argument("--force", action="store_true", help="build even if cached")
    args = parser.parse_args(argv)
    try:
        site = cached_site(force=args.force)
    except (BuildError, RuntimeError, ValueError) as err:
        print(f"lite/build.py: {err}", file=sys.stderr)
        return 2
    if args.out is not None:
        out = args.out.resolve()
        if out == ROOT or out in ROOT.parents:
            print(f"lite/build.py: refusing to replace {out}", file=sys.stderr)
            return 2
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(site, out)
        print(f"The site is in {out}: serve it with `python3 lite/serve.py {args.out}`")
    if args.print_site:
        print(site)
    return 0


if __name__ == "__main__":
    sys.exit(main())
