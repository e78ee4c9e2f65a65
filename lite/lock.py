"""Write the ``pyodide-lock.json`` of the offline site: exactly the wheels it ships.

The npm ``pyodide`` package is the core alone, but its lock names some 350 packages
whose files it does not hold; Pyodide would fetch any of them from beside the lock.
This lock keeps the core's ``info`` and lists only the pure-Python wheels bundled in
the site, each with the sha256 Pyodide checks, its top-level imports and its
dependencies as they hold in the browser (``sys_platform == "emscripten"``). Every
dependency must be one of the bundled wheels, at a version its requirement accepts:
a gap is an error here, at build time, and never a request to elsewhere at run time.
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version


class LockError(ValueError):
    """The bundled wheels do not make a closed, consistent set for the browser."""


@dataclass(frozen=True)
class Wheel:
    """One pure-Python wheel: what Pyodide's lock needs to know about it."""

    path: Path
    name: str
    version: str
    requires: tuple[Requirement, ...]
    imports: tuple[str, ...]

    @property
    def key(self) -> str:
        """The canonical (PEP 503) name, the key of the lock's ``packages``."""
        return canonicalize_name(self.name)


def browser_environment(python: str) -> dict[str, str]:
    """The PEP 508 marker values of Pyodide's Python ``python`` (e.g. ``3.14.2``)."""
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "python_version": ".".join(python.split(".")[:2]),
        "sys_platform": "emscripten",
        "extra": "",
    }


def read_wheel(path: Path) -> Wheel:
    """Name, version, requirements and top-level import names of the wheel at ``path``."""
    if not path.name.endswith("-none-any.whl"):
        raise LockError(f"{path.name} is not a pure-Python wheel (…-none-any.whl)")
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta_name = next(
            (n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1), None
        )
        if meta_name is None:
            raise LockError(f"{path.name} has no .dist-info/METADATA")
        meta = email.parser.HeaderParser().parsestr(archive.read(meta_name).decode("utf-8"))
        top_level = meta_name.replace("METADATA", "top_level.txt")
        if top_level in names:
            imports = [
                line.strip()
                for line in archive.read(top_level).decode("utf-8").splitlines()
                if line.strip()
            ]
        else:
            imports = _imports_from_names(names)
    requires = tuple(Requirement(r) for r in meta.get_all("Requires-Dist") or [])
    return Wheel(
        path,
        meta["Name"],
        meta["Version"],
        requires,
        tuple(sorted(i for i in set(imports) if i.isidentifier())),
    )


def _imports_from_names(names: Iterable[str]) -> list[str]:
    """Top-level packages (folders with ``__init__.py``) and modules of a wheel's files."""
    found = set()
    for name in names:
        head, _, rest = name.partition("/")
        if head.endswith((".dist-info", ".data")) or head == "__pycache__":
            continue
        if not rest and head.endswith(".py"):
            found.add(head[:-3])
        elif rest == "__init__.py":
            found.add(head)
    return sorted(found)


def dependencies(wheel: Wheel, env: Mapping[str, str]) -> list[Requirement]:
    """The requirements of ``wheel`` that hold in the browser (no extras asked for)."""
    return [r for r in wheel.requires if r.marker is None or r.marker.evaluate(dict(env))]


def check_closed(wheels: Mapping[str, Wheel], env: Mapping[str, str]) -> None:
    """Fail unless every dependency of every wheel is bundled at an accepted version."""
    faults = []
    for wheel in wheels.values():
        for req in dependencies(wheel, env):
            dep = wheels.get(canonicalize_name(req.name))
            if dep is None:
                faults.append(f"{wheel.name} {wheel.version} needs {req}, which is not bundled")
            elif not req.specifier.contains(Version(dep.version), prereleases=True):
                faults.append(
                    f"{wheel.name} {wheel.version} needs {req}, "
                    f"but {dep.name} {dep.version} is bundled"
                )
    if faults:
        raise LockError("the browser's wheels are not complete: " + "; ".join(sorted(faults)))


def sha256(path: Path) -> str:
    """The hex sha256 of a file (Pyodide checks it before installing the wheel)."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def lock_entry(wheel: Wheel, env: Mapping[str, str]) -> dict[str, Any]:
    """The lock's record of one wheel, in the form of the npm core's own records."""
    depends = sorted({canonicalize_name(r.name) for r in dependencies(wheel, env)})
    return {
        "depends": depends,
        "file_name": wheel.path.name,
        "imports": list(wheel.imports),
        "install_dir": "site",
        "name": wheel.key,
        "package_type": "package",
        "sha256": sha256(wheel.path),
        "unvendored_tests": False,
        "version": wheel.version,
    }


def write_lock(core_lock: Path, wheel_paths: Iterable[Path], target: Path) -> dict[str, Any]:
    """Write ``target``: ``core_lock``'s ``info`` and one record per wheel; return it.

    Raises :class:`LockError` when two wheels share a name or the set is not closed.
    """
    core = json.loads(core_lock.read_text("utf-8"))
    python = str(core["info"]["python"])
    env = browser_environment(python)
    wheels: dict[str, Wheel] = {}
    for path in sorted(wheel_paths):
        wheel = read_wheel(path)
        if wheel.key in wheels:
            raise LockError(
                f"two wheels of {wheel.key}: {wheels[wheel.key].path.name} and {path.name}"
            )
        wheels[wheel.key] = wheel
    check_closed(wheels, env)
    lock = {
        "info": core["info"],
        "packages": {key: lock_entry(wheels[key], env) for key in sorted(wheels)},
    }
    target.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", "utf-8")
    return lock
