"""Binder's requirements are exact pins, inside pyproject.toml's ranges, for every dependency.

``binder/requirements.txt`` installs the package from the repository (``.``) and pins each of
its dependencies and the lab extra's exactly (``name==version``), so a launch builds the same
environment every time; each pin must satisfy pyproject's range for that name.
(``tests/test_binder.py``, slow, installs the file into a fresh venv and runs every tutorial.)
"""

from __future__ import annotations

from pathlib import Path

import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def binder_lines() -> list[str]:
    text = (ROOT / "binder" / "requirements.txt").read_text("utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


def ranges() -> dict[str, Requirement]:
    """pyproject's runtime dependencies and lab extra, by canonical name."""
    found = [*PROJECT["dependencies"], *PROJECT["optional-dependencies"]["lab"]]
    return {canonicalize_name(r.name): r for r in map(Requirement, found)}


def test_binder_installs_the_package_and_pins_every_dependency_exactly() -> None:
    lines = binder_lines()
    assert lines[0] == "."
    pins = [Requirement(line) for line in lines[1:]]
    for pin in pins:
        (spec,) = pin.specifier
        assert spec.operator == "==" and "*" not in spec.version, pin
    assert {canonicalize_name(p.name) for p in pins} == set(ranges())


def test_every_pin_is_inside_pyproject_s_range() -> None:
    wanted = ranges()
    for line in binder_lines()[1:]:
        pin = Requirement(line)
        (spec,) = pin.specifier
        allowed = wanted[canonicalize_name(pin.name)].specifier
        assert allowed.contains(spec.version), f"{pin} is outside pyproject's {allowed}"
