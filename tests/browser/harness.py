"""Real-browser test support: a Jupyter server (Lab, Notebook 7 or Voila) and Chromium.

Facts from shared/notes/jupyter-testing.md: Debian's /usr/bin/chromium driven by
Playwright (never `playwright install`), the server as a subprocess with its
config and runtime folders in a temp dir, `--allow-root` for CI, and waiting for
a real kernel ("| Idle" in the status bar) before running cells.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TOKEN = "exact61-test-token"


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running Jupyter server: its base URL and the folder it serves."""

    kind: str
    url: str
    root: Path
    process: subprocess.Popen[bytes]
    #: The server's own output (its log), written as it runs.
    log: Path

    def page(self, notebook: str) -> str:
        """The address that opens ``notebook`` in this server's front end."""
        if self.kind == "lab":
            # A workspace of its own, reset: JupyterLab would otherwise reopen every
            # notebook an earlier page had open (and ask for kernels for them).
            workspace = "t" + re.sub(r"[^A-Za-z0-9]", "", Path(notebook).stem)
            return f"{self.url}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={TOKEN}"
        if self.kind == "notebook":
            return f"{self.url}/notebooks/{notebook}?token={TOKEN}"
        return f"{self.url}/"

    def _api(self, path: str, method: str = "GET", body: object = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}/api/{path}?token={TOKEN}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else None

    def start_kernel(self, notebook: str) -> str:
        """Start ``notebook``'s session and kernel through the server's REST API (it answers
        once the kernel process runs) and return the kernel's id.

        The page opened after it finds the session by its path and connects to that kernel,
        so the front end starts none of its own. Left to start one itself, a front end on a
        busy machine sometimes asked which kernel (the kernel specs answered late), or started
        a second kernel while the first still started and shut the first down: Run All then
        went to the kernel being replaced, and most cells never ran.
        """
        session = self._api(
            "sessions",
            "POST",
            {"path": notebook, "name": notebook, "type": "notebook", "kernel": {"name": "python3"}},
        )
        return str(session["kernel"]["id"])

    def kernels_of(self, notebook: str) -> list[str]:
        """The ids of the kernels of ``notebook``'s sessions, as the server knows them."""
        return [
            str(session["kernel"]["id"])
            for session in self._api("sessions")
            if Path(session.get("path", "")).name == notebook and session.get("kernel")
        ]

    def shutdown_kernels(self, notebook: str) -> None:
        """Shut down the kernels of ``notebook``'s sessions (REST API; not for Voila)."""
        if self.kind == "voila":
            return
        with urllib.request.urlopen(
            f"{self.url}/api/sessions?token={TOKEN}", timeout=10
        ) as response:
            sessions = json.loads(response.read())
        for session in sessions:
            if Path(session.get("path", "")).name == notebook:
                request = urllib.request.Request(
                    f"{self.url}/api/sessions/{session['id']}?token={TOKEN}", method="DELETE"
                )
                with urllib.request.urlopen(request, timeout=30):
                    pass


def _wait_until_up(
    url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 60
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"the server did not answer in {timeout} s: {log.read_text(errors='replace')[-2000:]}"
    )


#: axe-core, installed from tests/browser's package.json by ``make test``.
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core over the whole page: every violation, whatever its impact."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` installs axe-core from tests/browser")
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document)).violations.map(
             v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html).slice(0, 3)}))"""
    )
    return found


#: How many times a server is started when another program takes its port meanwhile.
START_TRIES = 3


def port_taken(port: int) -> bool:
    """Whether something now listens on ``port`` of the loopback interface."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def start_on_a_free_port(
    command: Callable[[int], tuple[list[str], str]], cwd: Path, env: dict[str, str], log: Path
) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``command(port)`` on a free port, its output in ``log``, and wait until it answers.

    A port found free can be taken by another program (a kernel's channels take ports at
    random, and tests run side by side) before the server binds it: when the server stops
    before it answers and its port is taken, it is started again on another port.
    """
    for attempt in range(1, START_TRIES + 1):
        port = free_port()
        args, status = command(port)
        with log.open("wb") as out:
            process = subprocess.Popen(args, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_until_up(status, process, log)
            return process, port
        except RuntimeError:
            if process.poll() is None or not port_taken(port) or attempt == START_TRIES:
                stop(process)
                raise
    raise AssertionError("unreachable")


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM ``process`` and wait for it (SIGKILL after 15 s)."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


#: User settings for the test servers: no news toast asking to fetch Jupyter news.
USER_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
}


def quiet_settings(config: Path) -> None:
    """Write :data:`USER_SETTINGS` where Lab and Notebook 7 read them (``lab/user-settings``)."""
    for name, values in USER_SETTINGS.items():
        path = config / "lab" / "user-settings" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), "utf-8")


@contextmanager
def jupyter_server(
    kind: str,
    notebooks: list[Path],
    tmp: Path,
    voila_notebook: str | None = None,
    voila: Sequence[str] = ("-m", "voila"),
    options: Sequence[str] = (),
) -> Iterator[Server]:
    """Serve copies of ``notebooks`` with JupyterLab, Notebook 7 or Voila; stop it after.

    ``voila`` is what runs Voila after the interpreter (e.g. the classroom's own server,
    ``scripts/classroom_server.py``, which takes Voila's options); ``options`` are added
    to the server's command line.
    """
    root = tmp / "root"
    root.mkdir(parents=True, exist_ok=True)
    for path in notebooks:
        shutil.copy(path, root / path.name)
    quiet_settings(tmp / "config")
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        PYTHONUNBUFFERED="1",
    )

    def command(port: int) -> tuple[list[str], str]:
        """The server's command line on ``port`` and the address that answers once it is up."""
        common = [
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.token={TOKEN}",
            "--allow-root",
            "--no-browser",
        ]
        if kind == "lab":
            args = [
                sys.executable,
                "-m",
                "jupyterlab",
                *common,
                f"--ServerApp.root_dir={root}",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            ]
            status = f"http://127.0.0.1:{port}/api/status?token={TOKEN}"
        elif kind == "notebook":
            args = [sys.executable, "-m", "notebook", *common, f"--ServerApp.root_dir={root}"]
            status = f"http://127.0.0.1:{port}/api/status?token={TOKEN}"
        elif kind == "voila":
            # One notebook (Voila's single-notebook mode), or with "" the whole folder, each
            # notebook at /voila/render/NAME.
            assert voila_notebook is not None
            args = [
                sys.executable,
                *voila,
                str(root / voila_notebook) if voila_notebook else str(root),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0",
                "--show_tracebacks=True",
            ]
            status = f"http://127.0.0.1:{port}/"
        else:
            raise ValueError(f"unknown server kind {kind!r}")
        return [*args, *options], status

    log = tmp / f"{kind}.log"
    process, port = start_on_a_free_port(command, root, env, log)
    try:
        yield Server(kind, f"http://127.0.0.1:{port}", root, process, log)
    finally:
        stop(process)
