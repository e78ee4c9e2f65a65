"""The guard against reading outside the repository (``tests/outside.py``) catches what it must.

Each case runs a small pytest session of its own with the guard loaded, its temporary folder
set to a fresh folder, and a file in another folder that the session is not allowed to read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def run_session(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    """Run ``body`` as a test under the guard; ``FORBIDDEN`` names a file it may not read."""
    allowed_tmp, elsewhere = tmp_path / "tmp", tmp_path / "elsewhere"
    allowed_tmp.mkdir()
    elsewhere.mkdir()
    forbidden = elsewhere / "data.txt"
    forbidden.write_text("outside", "utf-8")
    test = allowed_tmp / "test_probe.py"
    test.write_text(f"FORBIDDEN = {str(forbidden)!r}\nROOT = {str(ROOT)!r}\n\n{body}", "utf-8")
    env = dict(os.environ, TMPDIR=str(allowed_tmp), PYTHONPATH=str(TESTS))
    for name in ("E61_OUTSIDE_LOG", "E61_OUTSIDE_ALLOW", "PYTEST_XDIST_WORKER"):
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "outside", "-p", "no:cacheprovider", str(test)],
        cwd=allowed_tmp,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.mark.slow
def test_a_test_that_reads_outside_the_repository_fails(tmp_path: Path) -> None:
    result = run_session(
        tmp_path,
        "def test_reads():\n    open(FORBIDDEN, encoding='utf-8').read()\n",
    )
    assert result.returncode == 1, result.stdout
    assert "a file outside the repository was opened" in result.stdout
    assert "elsewhere/data.txt" in result.stdout


@pytest.mark.slow
def test_a_process_a_test_starts_is_watched_too(tmp_path: Path) -> None:
    result = run_session(
        tmp_path,
        "import subprocess, sys\n\n"
        "def test_starts_a_reader():\n"
        "    code = f'open({FORBIDDEN!r}).read()'\n"
        "    subprocess.run([sys.executable, '-c', code], check=True)\n",
    )
    assert result.returncode == 1, result.stdout
    assert "elsewhere/data.txt" in result.stdout


@pytest.mark.slow
def test_reading_inside_the_repository_passes(tmp_path: Path) -> None:
    result = run_session(
        tmp_path,
        "from pathlib import Path\n\n"
        "def test_reads_the_rules():\n"
        "    assert Path(ROOT, 'RULES.md').read_text('utf-8')\n",
    )
    assert result.returncode == 0, result.stdout + result.stderr
