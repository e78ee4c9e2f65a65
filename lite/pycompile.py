"""Ship the browser's Python code already compiled to bytecode, so the kernel starts sooner.

Wheels from PyPI hold sources only, and so does the npm package's standard library
(``python_stdlib.zip``): in the browser each module would be compiled at its first
import, which is most of the kernel's start (IPython alone compiles some 400 files).
Here they are compiled once, at build time, by the very Python the browser runs
(the Pyodide core, under Node.js: ``pycompile.mjs``), so the bytecode's version is
right by construction. The sources stay, for tracebacks.
"""

from __future__ import annotations

import csv
import hashlib
import io
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

from fetch import publish, staging_for

HERE = Path(__file__).resolve().parent
#: Zip entries get this time, so the same files make the same archive.
EPOCH = (1980, 1, 1, 0, 0, 0)


class CompileError(RuntimeError):
    """Node.js could not run Pyodide to compile the sources."""


def _unzip(archive: Path, folder: Path) -> None:
    with zipfile.ZipFile(archive) as source:
        source.extractall(folder)


def _zip(folder: Path, target: Path, last: str | None = None, dirs: bool = False) -> None:
    """Zip ``folder`` into ``target`` in a fixed order and time.

    ``last`` is put at the end (a wheel's RECORD); ``dirs`` adds an entry for each
    folder too, as the standard library's archive has them.
    """
    paths = sorted(p for p in folder.rglob("*") if p.is_file() or (dirs and p.is_dir()))
    names = sorted(p.relative_to(folder).as_posix() + ("/" if p.is_dir() else "") for p in paths)
    if last in names:
        names.remove(last)
        names.append(last)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for name in names:
            info = zipfile.ZipInfo(name, EPOCH)
            if name.endswith("/"):
                info.external_attr = 0o40755 << 16
                out.writestr(info, b"")
                continue
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, (folder / name).read_bytes())


def _record_pycs(unpacked: Path) -> str | None:
    """Add the new ``.pyc`` files to the wheel's RECORD (no hash, as PEP 376 allows)."""
    records = sorted(unpacked.glob("*.dist-info/RECORD"))
    if not records:
        return None
    record = records[0]
    rows = list(csv.reader(io.StringIO(record.read_text("utf-8"))))
    listed = {row[0] for row in rows if row}
    pycs = sorted(p.relative_to(unpacked).as_posix() for p in unpacked.rglob("*.pyc"))
    rows.extend([name, "", ""] for name in pycs if name not in listed)
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    record.write_text(text.getvalue(), "utf-8")
    return record.relative_to(unpacked).as_posix()


def precompile(
    pyodide: Path, wheels: Iterable[Path], out: Path, stdlib: Path | None = None
) -> list[Path]:
    """Write compiled copies of ``wheels`` (and of ``stdlib``) into ``out``; the new wheels.

    ``pyodide`` is the folder of the Pyodide core that compiles them (and that the
    browser will run); the wheels and the standard library's archive keep their names.
    """
    node = shutil.which("node")
    if node is None:
        raise CompileError("Node.js is needed to compile the browser's Python (it comes with npm)")
    wheels = list(wheels)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="exact61-pycompile-") as tmp:
        tree = Path(tmp)
        for wheel in wheels:
            _unzip(wheel, tree / "wheels" / wheel.name)
        if stdlib is not None:
            _unzip(stdlib, tree / "stdlib")
        done = subprocess.run(
            [node, str(HERE / "pycompile.mjs"), str(pyodide), str(tree)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            raise CompileError(
                f"compiling with Pyodide failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
            )
        compiled = []
        for wheel in wheels:
            unpacked = tree / "wheels" / wheel.name
            last = _record_pycs(unpacked)
            _zip(unpacked, out / wheel.name, last=last)
            compiled.append(out / wheel.name)
        if stdlib is not None:
            _zip(tree / "stdlib", out / stdlib.name, dirs=True)
    return compiled


def precompile_cached(
    pyodide: Path, wheels: Iterable[Path], stdlib: Path, cache: Path
) -> tuple[list[Path], Path]:
    """:func:`precompile` into a folder of ``cache`` named by the inputs, done only once.

    For what changes seldom (the wheels from PyPI, the kernel's, the standard library);
    returns the compiled wheels and the compiled standard library.
    """
    wheels = sorted(wheels)
    digest = hashlib.sha256()
    for path in (
        HERE / "pycompile.mjs",
        HERE / "pycompile.py",
        pyodide / "pyodide.asm.wasm",
        stdlib,
        *wheels,
    ):
        digest.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
    folder = cache / f"compiled-{digest.hexdigest()[:16]}"
    if not (folder / ".complete").is_file():
        staging = staging_for(folder)
        precompile(pyodide, wheels, staging, stdlib)
        (staging / ".complete").write_text("\n".join(w.name for w in wheels) + "\n", "utf-8")
        publish(staging, folder)
    return [folder / w.name for w in wheels], folder / stdlib.name
