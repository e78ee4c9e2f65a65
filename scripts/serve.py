"""Serve the tutorials for ``make lab`` and ``make classroom``: one address to open, any user.

``python scripts/serve.py lab`` starts JupyterLab on ``tutorials/00_start_here.ipynb``;
``python scripts/serve.py classroom`` starts Voila on ``tutorials/classroom.ipynb``. The
launcher takes the first free port from ``--port`` (default 8888) upwards and says so when it
had to move, passes ``--allow-root`` only when it runs as root (Jupyter refuses root without
it), gives JupyterLab a fresh token, waits until the server answers and then prints the one
address to open, on a line of its own. ``--no-browser`` (``make lab NO_BROWSER=1``) serves
without opening a browser, for remote machines and tests. It stops the server on Control-C or
SIGTERM (kernels included) and exits with the server's status.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
#: The port tried first when none is given (Jupyter's own default).
DEFAULT_PORT = 8888
#: How many ports above the first one are tried (Jupyter's own ``port_retries``).
PORT_TRIES = 50
#: The notebook each front end opens, relative to the repository.
NOTEBOOKS = {"lab": "tutorials/00_start_here.ipynb", "classroom": "tutorials/classroom.ipynb"}


def port_is_free(port: int) -> bool:
    """Whether nothing listens on ``port`` on the loopback addresses the servers bind."""
    for family, host in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1")):
        try:
            sock = socket.socket(family, socket.SOCK_STREAM)
        except OSError:  # no IPv6 on this machine
            continue
        with sock:
            # Tornado binds with SO_REUSEADDR: a port in TIME_WAIT is free for it too.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((host, port))
            except OSError as error:
                if error.errno == errno.EADDRNOTAVAIL:  # no such loopback address here
                    continue
                return False
    return True


def choose_port(first: int) -> int:
    """The first free port from ``first`` upwards; SystemExit when all tried are busy."""
    for port in range(first, first + PORT_TRIES + 1):
        if port_is_free(port):
            return port
    raise SystemExit(
        f"serve: ports {first}-{first + PORT_TRIES} are all busy; choose another with PORT=…"
    )


def running_as_root() -> bool:
    """Whether the effective user is root (False where there are no user ids, e.g. Windows)."""
    geteuid = getattr(os, "geteuid", None)
    return geteuid is not None and geteuid() == 0


def server_command(kind: str, port: int, *, no_browser: bool) -> list[str]:
    """The command line that serves ``kind`` ("lab" or "classroom") on ``port``."""
    notebook = NOTEBOOKS[kind]
    if kind == "lab":
        # The repository is the root, so that the tutorials' links to ../RULES.md open too.
        # Warnings only, so that the address printed below is the one on screen.
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            notebook,
            f"--ServerApp.root_dir={ROOT}",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.log_level=WARN",
            "--LabApp.log_level=WARN",
        ]
        if running_as_root():
            command.append("--allow-root")
    else:
        # Voila has no root check and no token by default; it serves this one notebook.
        command = [
            sys.executable,
            "-m",
            "voila",
            notebook,
            f"--port={port}",
            "--Voila.port_retries=0",
            "--Voila.log_level=WARN",
        ]
    if no_browser:
        command.append("--no-browser")
    return command


def address(kind: str, port: int, token: str) -> str:
    """The address that opens ``kind``'s page on ``port`` (with JupyterLab's token)."""
    if kind == "lab":
        return f"http://localhost:{port}/lab/tree/{NOTEBOOKS['lab']}?token={token}"
    return f"http://localhost:{port}/"


def answers(port: int, token: str) -> bool:
    """Whether an HTTP server answers on ``port`` (any status will do: it is up)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", f"/api/status?token={token}" if token else "/api/status")
        connection.getresponse().read()
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()
    return True


def serve(kind: str, first_port: int, *, no_browser: bool) -> int:
    """Start the server, print its address once it answers, and wait until it stops."""
    port = choose_port(first_port)
    if port != first_port:
        print(
            f"serve: port {first_port} is busy, so the server takes port {port} "
            "(PORT=… chooses the first port to try).",
            flush=True,
        )
    token = secrets.token_hex(24) if kind == "lab" else ""
    env = dict(os.environ, JUPYTER_TOKEN=token) if token else dict(os.environ)
    server = subprocess.Popen(server_command(kind, port, no_browser=no_browser), cwd=ROOT, env=env)

    def stop(signum: int, frame: FrameType | None) -> None:
        # SIGTERM stops Jupyter and Voila alike at once, kernels included (on SIGINT
        # JupyterLab would ask for a confirmation first, and Voila ignores an inherited one).
        with contextlib.suppress(ProcessLookupError):
            server.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while server.poll() is None and not answers(port, token):
        time.sleep(0.2)
    if server.poll() is None:
        name = "JupyterLab" if kind == "lab" else "Voila (the classroom app)"
        print(
            f"\n{name} is serving the tutorials. Open this address in your browser:\n\n"
            f"    {address(kind, port, token)}\n\nStop it with Control-C.\n",
            flush=True,
        )
    status = server.wait()
    if status < 0:  # stopped by a signal: report it the way a shell does
        return 128 - status
    if status:
        print(
            f"serve: the server stopped with status {status} (its messages are above).",
            file=sys.stderr,
            flush=True,
        )
    return status


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and serve; the exit status is the server's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=sorted(NOTEBOOKS), help="what to serve")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="the first port to try (default %(default)s)"
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = parser.parse_args(argv)
    return serve(args.kind, args.port, no_browser=args.no_browser)


if __name__ == "__main__":
    sys.exit(main())
