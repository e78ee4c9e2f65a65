"""Binder: an environment built from ``binder/requirements.txt`` alone runs every tutorial.

repo2docker reads only ``binder/`` when it exists: it clones the repository, runs
``pip install -r binder/requirements.txt`` from the repository root (so ``.`` is
this package) and nothing else. No Docker engine runs here, so the faithful
stand-in is the same on a fresh virtual environment: copy the files a clone would
have, make a venv with ``python -m venv``, install the requirements file from the
copy's root, and execute every notebook of ``tutorials/`` in it with that venv's
``jupyter nbconvert`` (the kernel is the venv's own ipykernel). It also checks
that the Lab and Voila server extensions and the widget front ends are enabled,
which the Binder links need.

It takes about a minute and a half: ``--no-compile`` skips writing byte code for the
~10 000 files of JupyterLab (Python compiles on import instead), which halves the
install time; downloads go through the registry each time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def clone_files(target: Path) -> None:
    """Copy what a clone would hold: tracked and new (not ignored) files, without ``.git``."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def run(
    args: list[str | Path], cwd: Path, env: dict[str, str], timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """Run a command; fail the test with its output if it fails."""
    result = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert result.returncode == 0, (
        f"{' '.join(str(a) for a in args)} failed:\n{result.stdout[-3000:]}\n"
        f"{result.stderr[-5000:]}"
    )
    return result


def test_binder_requirements_alone_run_every_tutorial(tmp_path: Path) -> None:
    """A venv from binder/requirements.txt alone executes every tutorial without an error."""
    started = time.monotonic()
    repo = tmp_path / "repo"
    clone_files(repo)
    # A Russian twin runs the same code as its English notebook (test_tutorial_sources
    # checks that), so the English notebooks stand for both languages here.
    notebooks = sorted(
        p for p in (repo / "tutorials").glob("*.ipynb") if not p.stem.endswith("_ru")
    )
    assert notebooks, "no tutorials to run"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    # Nothing from this test run may leak in: no PYTHONPATH, own Jupyter folders.
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in ("PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "VIRTUAL_ENV")
    }
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
        JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter-runtime"),
        MPLBACKEND="Agg",
        PYTHONDONTWRITEBYTECODE="1",
    )
    run(
        [
            bin_dir / "python",
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-compile",
            "--disable-pip-version-check",
            "-r",
            "binder/requirements.txt",
        ],
        repo,
        env,
    )
    installed = time.monotonic()

    where = run(
        [bin_dir / "python", "-c", "import exact61_widgets; print(exact61_widgets.__file__)"],
        tmp_path,
        env,
    ).stdout.strip()
    assert Path(where).is_relative_to(venv), f"exact61_widgets came from {where}, not the venv"
    servers = run([bin_dir / "jupyter", "server", "extension", "list"], tmp_path, env)
    listing = _ANSI.sub("", servers.stdout + servers.stderr)
    for extension in ("jupyterlab", "notebook", "voila.server_extension"):
        assert f"{extension} enabled" in listing, listing
    labext = run([bin_dir / "jupyter", "labextension", "list"], tmp_path, env)
    listing = _ANSI.sub("", labext.stdout + labext.stderr)
    for extension in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        assert extension in listing, listing

    specs = json.loads(
        run([bin_dir / "jupyter", "kernelspec", "list", "--json"], tmp_path, env).stdout
    )["kernelspecs"]
    assert Path(specs["python3"]["resource_dir"]).is_relative_to(venv), specs

    out = tmp_path / "executed"

    def execute(share: list[Path]) -> tuple[str, float]:
        """One nbconvert for a share of the notebooks, each run in a kernel of its own."""
        begin = time.monotonic()
        run(
            [
                bin_dir / "jupyter",
                "nbconvert",
                "--to",
                "notebook",
                "--execute",
                "--ExecutePreprocessor.timeout=600",
                "--ExecutePreprocessor.kernel_name=python3",
                "--output-dir",
                out,
                *(notebook.name for notebook in share),
            ],
            repo / "tutorials",
            env,
        )
        return " ".join(notebook.stem[:2] for notebook in share), time.monotonic() - begin

    # Two nbconvert processes, half the notebooks each: Jupyter starts twice, not once a
    # notebook (every notebook still runs in a fresh kernel of the venv).
    with ThreadPoolExecutor(max_workers=2) as pool:
        timings = list(pool.map(execute, (notebooks[0::2], notebooks[1::2])))
    for notebook in notebooks:
        cells = json.loads((out / notebook.name).read_text("utf-8"))["cells"]
        errors = [o for c in cells for o in c.get("outputs", ()) if o.get("output_type") == "error"]
        assert not errors, f"{notebook.name}: {errors[0]}"
    print(
        f"\nbinder: install {installed - started:.0f} s, tutorials "
        + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in timings)
        + f"; total {time.monotonic() - started:.0f} s"
    )
