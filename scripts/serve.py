"""Serve the tutorials for ``make lab`` and ``make classroom``: one address to open, any user.

``python scripts/serve.py lab`` starts JupyterLab on ``tutorials/00_start_here.ipynb``;
``python scripts/serve.py classroom`` starts the classroom app on ``tutorials/classroom.ipynb``
with Voila as a lesson needs it (``scripts/classroom_server.py``: kernels of closed pages end,
at most ``--max-learners`` at once, ``--warm-kernels`` kept ready). The launcher takes the
first free port from ``--port`` (default 8888) upwards and says so when it had to move (and
chooses again if another program takes that port before the server binds it), passes
``--allow-root`` only when it runs as root (Jupyter refuses root without it), gives JupyterLab
a fresh token and JupyterLab the project's settings (``jupyter/lab-settings``: no news
prompt), waits until the server answers and then prints the one address to open, on a line of
its own. ``--host 0.0.0.0`` serves every network of this computer (a classroom's) and prints
the address learners open too. ``--no-browser`` (``make lab NO_BROWSER=1``) serves without
opening a browser, for remote machines and tests. For the classroom it also makes the
teacher's secret of the live class and prints the console's address with it (learners get
the join address, never the secret); ``--class-dir`` is where the classes are kept.

Stopping: the server runs in a session of its own, so Control-C in the terminal (SIGINT to
the terminal's whole process group) reaches ``make`` and this launcher, never the server
directly; the launcher then sends the server exactly one SIGTERM, on which JupyterLab and
Voila shut down in order, kernels included, and it exits with the server's status. (A
server that also got the terminal's SIGINT would, without a terminal of its own, stop by
KeyboardInterrupt in the middle of its event loop, skip its clean-up and wait for ever at
exit for a worker thread of its file API: the fault this arrangement removes.) A second
Control-C kills the server at once; on Linux the server also gets SIGTERM if the launcher
itself is killed.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import errno
import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
#: The port tried first when none is given (Jupyter's own default).
DEFAULT_PORT = 8888
#: How many ports above the first one are tried (Jupyter's own ``port_retries``).
PORT_TRIES = 50
#: How many times the server is started when another program takes its port meanwhile.
START_TRIES = 3
#: The notebook each front end opens, relative to the repository.
NOTEBOOKS = {"lab": "tutorials/00_start_here.ipynb", "classroom": "tutorials/classroom.ipynb"}
#: JupyterLab's settings for the tutorials (``overrides.json``): the project's, not the user's.
LAB_SETTINGS = ROOT / "jupyter" / "lab-settings"
#: Addresses that mean "every network of this computer".
WILDCARDS = ("0.0.0.0", "::", "")
#: Signals that stop the server: Control-C, ``kill``, and the terminal closing.
STOP_SIGNALS = (
    signal.SIGINT,
    signal.SIGTERM,
    *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []),
)


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


def server_command(
    kind: str,
    port: int,
    *,
    no_browser: bool,
    host: str = "localhost",
    max_learners: int | None = None,
    warm_kernels: int | None = None,
    class_dir: str | None = None,
) -> list[str]:
    """The command line that serves ``kind`` ("lab" or "classroom") on ``host``:``port``."""
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
            f"--ServerApp.ip={host}",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.log_level=WARN",
            "--LabApp.log_level=WARN",
            f"--LabApp.app_settings_dir={LAB_SETTINGS}",
        ]
        if running_as_root():
            command.append("--allow-root")
    else:
        # Voila has no root check and no token by default; it serves this one notebook.
        command = [
            sys.executable,
            str(ROOT / "scripts" / "classroom_server.py"),
            notebook,
            f"--Voila.ip={host}",
            f"--port={port}",
            "--Voila.port_retries=0",
            "--Voila.log_level=WARN",
        ]
        if max_learners is not None:
            command.append(f"--ClassroomVoila.max_learners={max_learners}")
        if warm_kernels is not None:
            command.append(f"--ClassroomVoila.warm_kernels={warm_kernels}")
        if class_dir:
            command.append(f"--ClassroomVoila.class_dir={class_dir}")
    if no_browser:
        command.append("--no-browser")
    return command


def network_address() -> str | None:
    """This computer's address on its main network (None if it has none but loopback).

    A UDP socket "connected" to a private address gives the source address the system
    would use; nothing is sent.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.connect(("10.255.255.255", 1))
        found = str(sock.getsockname()[0])
        if not found.startswith("127."):
            return found
    return None


def address(kind: str, port: int, token: str) -> str:
    """The address that opens ``kind``'s page on ``port`` (with JupyterLab's token)."""
    if kind == "lab":
        return f"http://localhost:{port}/lab/tree/{NOTEBOOKS['lab']}?token={token}"
    return f"http://localhost:{port}/"


def answers(port: int, token: str, host: str = "127.0.0.1") -> bool:
    """Whether an HTTP server answers at ``host``:``port`` (any status will do: it is up)."""
    connection = http.client.HTTPConnection(host, port, timeout=2)
    try:
        connection.request("GET", f"/api/status?token={token}" if token else "/api/status")
        connection.getresponse().read()
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()
    return True


def new_session() -> None:
    """In the server's process before it starts: a session of its own, and on Linux
    SIGTERM when the launcher dies (so a killed launcher leaves no server behind)."""
    os.setsid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def stopper(server: Callable[[], subprocess.Popen[bytes] | None]) -> Callable[..., None]:
    """The launcher's handler for :data:`STOP_SIGNALS`: SIGTERM to the server the first
    time, SIGKILL the second (a second Control-C), nothing before the server has started."""
    asked = 0

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal asked
        process = server()
        if process is None or process.poll() is not None:
            return
        asked += 1
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM if asked == 1 else signal.SIGKILL)

    return stop


def serve(
    kind: str,
    first_port: int,
    *,
    no_browser: bool,
    host: str = "localhost",
    max_learners: int | None = None,
    warm_kernels: int | None = None,
    class_dir: str | None = None,
) -> int:
    """Start the server, print its address once it answers, and wait until it stops.

    A port found free can be taken by another program before the server binds it (a kernel's
    channels take ports at random): when the server stops before it answers and its port is
    no longer free, the launcher chooses again, up to :data:`START_TRIES` times.
    """
    token = secrets.token_hex(24) if kind == "lab" else ""
    env = dict(os.environ, JUPYTER_TOKEN=token) if token else dict(os.environ)
    teacher = secrets.token_urlsafe(24) if kind == "classroom" else ""
    there = network_address() if host in WILDCARDS else None
    started: list[subprocess.Popen[bytes]] = []
    handler = stopper(lambda: started[-1] if started else None)
    for signum in STOP_SIGNALS:
        signal.signal(signum, handler)
    posix = os.name == "posix"
    probe = "127.0.0.1" if host in WILDCARDS or host == "localhost" else host
    for attempt in range(1, START_TRIES + 1):
        port = choose_port(first_port)
        if teacher:
            env["EXACT61_TEACHER_SECRET"] = teacher
            if there:
                env["EXACT61_JOIN_BASE"] = f"http://{there}:{port}"
        command = server_command(
            kind,
            port,
            no_browser=no_browser,
            host=host,
            max_learners=max_learners,
            warm_kernels=warm_kernels,
            class_dir=class_dir,
        )
        started.append(
            subprocess.Popen(command, cwd=ROOT, env=env, preexec_fn=new_session if posix else None)
        )
        server = started[-1]
        while server.poll() is None and not answers(port, token, probe):
            time.sleep(0.2)
        if server.poll() is None or port_is_free(port) or attempt == START_TRIES:
            break
        print(
            f"serve: port {port} was taken by another program while the server started; "
            "choosing again.",
            flush=True,
        )
    if server.poll() is None:
        name = "JupyterLab" if kind == "lab" else "Voila (the classroom app)"
        lines = [
            f"\n{name} is serving the tutorials. Open this address in your browser:\n",
            f"    {address(kind, port, token)}\n",
        ]
        if port != first_port:
            lines.insert(
                0,
                f"serve: port {first_port} is busy, so the server takes port {port} "
                "(PORT=… chooses the first port to try).",
            )
        if host in WILDCARDS:
            where = f"http://{there}:{port}/" if there else f"this computer's address, port {port}"
            lines.append(f"Learners on this network open: {where}\n")
        if teacher:
            learners = f"http://{there}:{port}/live" if there else f"http://localhost:{port}/live"
            lines.append(
                "The live class's console, for the teacher alone (keep this address to "
                f"yourself): http://localhost:{port}/live/teacher?key={teacher}\n"
                f"Learners join the live class at {learners} with the room code it shows.\n"
            )
        lines.append("Stop it with Control-C.\n")
        print("\n".join(lines), flush=True)
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
    parser.add_argument(
        "--host",
        default="localhost",
        help="the address to serve on: 0.0.0.0 serves every network (default %(default)s)",
    )
    parser.add_argument(
        "--max-learners", type=int, help="classroom: the most learners at once (default 30)"
    )
    parser.add_argument(
        "--warm-kernels", type=int, help="classroom: kernels kept ready (default 2; 0: none)"
    )
    parser.add_argument(
        "--class-dir", help="classroom: where the live classes are kept (a file each)"
    )
    args = parser.parse_args(argv)
    return serve(
        args.kind,
        args.port,
        no_browser=args.no_browser,
        host=args.host,
        max_learners=args.max_learners,
        warm_kernels=args.warm_kernels,
        class_dir=args.class_dir,
    )


if __name__ == "__main__":
    sys.exit(main())
