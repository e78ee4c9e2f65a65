"""The release workflow (.github/workflows/release.yml) is ready for trusted publishing, and the
commands it runs work here.

GitHub runs it on a version tag; here its build job's shell steps run as they stand, in a copy of
the repository's files (``dist/`` in a temporary folder): the tag check accepts the package's
version and refuses another, the build makes one sdist and one wheel, and ``twine check
--strict`` passes. The publishing job alone may ask for an OpenID Connect token, and stores no
password.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import exact61_widgets

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW: dict[Any, Any] = yaml.safe_load(
    (ROOT / ".github" / "workflows" / "release.yml").read_text("utf-8")
)


def test_it_runs_on_version_tags_and_publishes_by_trusted_publishing() -> None:
    trigger = WORKFLOW[True]  # YAML 1.1 reads the key "on" as True
    assert trigger == {"push": {"tags": ["v*"]}}
    assert WORKFLOW["permissions"] == {"contents": "read"}
    build, publish = WORKFLOW["jobs"]["build"], WORKFLOW["jobs"]["publish"]
    assert "permissions" not in build
    assert publish["needs"] == "build" and publish["permissions"] == {"id-token": "write"}
    assert publish["environment"] == "release"
    (step,) = [s for s in publish["steps"] if "pypa/gh-action-pypi-publish" in s.get("uses", "")]
    assert "with" not in step  # no password, no token: the index trusts the workflow
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text("utf-8").lower()
    assert "password" not in text.replace("no password", "") and "secrets." not in text


def shell_steps() -> dict[str, str]:
    return {s["name"]: s["run"] for s in WORKFLOW["jobs"]["build"]["steps"] if "run" in s}


def run_step(script: str, cwd: Path, tag: str) -> subprocess.CompletedProcess[str]:
    """A step's script in bash, as GitHub runs it, with this interpreter as ``python``."""
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "GITHUB_REF_NAME": tag, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def test_the_tag_check_accepts_the_version_and_refuses_another() -> None:
    check = shell_steps()["The tag names the package's version"]
    version = exact61_widgets.__version__
    assert run_step(check, ROOT, f"v{version}").returncode == 0
    assert run_step(check, ROOT, "v9.9.9").returncode != 0


@pytest.mark.slow
def test_the_build_and_the_check_pass(tmp_path: Path) -> None:
    """The workflow's build and twine steps, in a copy of the clone's files."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tmp_path / name)
    steps = shell_steps()
    for name in ("Build the sdist and the wheel", "Check them as the index will"):
        done = run_step(steps[name], tmp_path, "")
        assert done.returncode == 0, (name, done.stdout[-2000:], done.stderr[-3000:])
    built = sorted(p.name for p in (tmp_path / "dist").iterdir())
    version = exact61_widgets.__version__
    assert built == [
        f"exact61_widgets-{version}-py3-none-any.whl",
        f"exact61_widgets-{version}.tar.gz",
    ]
