"""The launcher of ``make lab`` / ``make classroom`` (scripts/serve.py) and the classroom's
server (scripts/classroom_server.py), without starting a server: their command lines, how
they stop a server, and the page a visitor past the cap gets. ``tests/test_make_serve.py``
runs the real thing.
"""

from __future__ import annotations

import importlib.util
import io
import json
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest

from exact61_widgets.classroom.full import RETRY_SECONDS, full_page

ROOT = Path(__file__).resolve().parent.parent


def script(name: str) -> ModuleType:
    """A module of ``scripts/`` loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


serve = script("serve")


def test_lab_gets_the_projects_settings_and_the_host_asked_for() -> None:
    command = serve.server_command("lab", 8890, no_browser=True, host="0.0.0.0")
    assert f"--LabApp.app_settings_dir={serve.LAB_SETTINGS}" in command
    assert "--ServerApp.ip=0.0.0.0" in command and "--port=8890" in command
    assert command[-1] == "--no-browser"
    overrides = json.loads((serve.LAB_SETTINGS / "overrides.json").read_text("utf-8"))
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"checkForUpdates": False, "fetchNews": "false"}
    # The JupyterLite site says the same (lite/build.py copies its own file).
    lite = json.loads((ROOT / "lite" / "overrides.json").read_text("utf-8"))
    assert lite["@jupyterlab/apputils-extension:notification"] == notification


def test_the_classroom_runs_the_classroom_server_with_its_limits() -> None:
    command = serve.server_command(
        "classroom", 8890, no_browser=False, max_learners=12, warm_kernels=0
    )
    assert command[1] == str(ROOT / "scripts" / "classroom_server.py")
    assert command[2] == "tutorials/classroom.ipynb"
    assert "--Voila.ip=localhost" in command
    assert "--ClassroomVoila.max_learners=12" in command
    assert "--ClassroomVoila.warm_kernels=0" in command
    plain = serve.server_command("classroom", 8890, no_browser=True)
    assert not [a for a in plain if "ClassroomVoila" in a]  # the server's own defaults
    kept = serve.server_command("classroom", 8890, no_browser=True, class_dir="/tmp/classes")
    assert "--ClassroomVoila.class_dir=/tmp/classes" in kept


def test_the_network_address_is_never_loopback() -> None:
    found = serve.network_address()
    assert found is None or not found.startswith("127.")


def test_the_first_stop_signal_asks_the_server_and_a_second_kills_it() -> None:
    # A stand-in server that ignores SIGTERM: only the second signal (SIGKILL) ends it.
    stubborn = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            "print('ignoring', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert stubborn.stdout is not None
        assert stubborn.stdout.readline() == "ignoring\n"  # SIGTERM is ignored from now on
        stop = serve.stopper(lambda: stubborn)
        stop(signal.SIGINT, None)
        with pytest.raises(subprocess.TimeoutExpired):
            stubborn.wait(timeout=1)
        stop(signal.SIGINT, None)
        assert stubborn.wait(timeout=10) == -signal.SIGKILL
        stop(signal.SIGINT, None)  # a server already gone: nothing to do, no error
    finally:
        stubborn.kill()
        stubborn.wait()
    serve.stopper(lambda: None)(signal.SIGTERM, None)  # before the server started


def test_the_launcher_starts_the_server_in_a_session_of_its_own() -> None:
    """So the terminal's Control-C (SIGINT to its process group) never reaches the server."""
    child = subprocess.Popen(
        [sys.executable, "-c", "import os, time; print(os.getsid(0), flush=True); time.sleep(5)"],
        preexec_fn=serve.new_session,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert int(child.stdout.readline()) == child.pid  # a session leader: its own group
    finally:
        child.kill()
        child.wait()


#: A stand-in server on the port it is given: it answers every request and stops with the
#: second one (the launcher's probe is the first).
STAND_IN = """
import http.server, sys
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
server.handle_request(); server.handle_request()
"""


class Printed(io.StringIO):
    """Standard output that says when the launcher has printed the address."""

    def __init__(self) -> None:
        super().__init__()
        self.address = threading.Event()

    def write(self, text: str) -> int:
        if "Open this address" in text:
            self.address.set()
        return super().write(text)


def test_a_port_taken_before_the_server_binds_it_is_chosen_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another program takes the port found free before the server binds it: the server
    stops before it answers, and the launcher starts it again on a port chosen again."""
    with socket.socket() as taken, socket.socket() as spare:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        spare.bind(("127.0.0.1", 0))
        ports = [int(taken.getsockname()[1]), int(spare.getsockname()[1])]
        spare.close()  # free again, for the second start
        chosen = iter(ports)
        commands: list[int] = []

        def command(kind: str, port: int, **options: object) -> list[str]:
            commands.append(port)
            if port == ports[0]:  # cannot bind: it stops at once, as Jupyter does
                return [sys.executable, "-c", "raise SystemExit(1)"]
            return [sys.executable, "-c", STAND_IN, str(port)]

        printed = Printed()
        monkeypatch.setattr(serve, "choose_port", lambda first: next(chosen))
        monkeypatch.setattr(serve, "server_command", command)
        monkeypatch.setattr(serve, "STOP_SIGNALS", ())
        monkeypatch.setattr(sys, "stdout", printed)

        def stop_when_printed() -> None:
            assert printed.address.wait(timeout=60)
            urllib.request.urlopen(f"http://127.0.0.1:{ports[1]}/", timeout=30).close()

        stopper = threading.Thread(target=stop_when_printed)
        stopper.start()
        status = serve.serve("classroom", 8888, no_browser=True)
        stopper.join(timeout=60)
    assert (status, commands) == (0, ports)
    out = printed.getvalue()
    assert f"port {ports[0]} was taken by another program" in out
    assert f"port 8888 is busy, so the server takes port {ports[1]}" in out
    assert f"http://localhost:{ports[1]}/" in out


def test_the_full_page_says_what_happened_in_english_and_russian() -> None:
    page = full_page(30)
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page
    assert f'http-equiv="refresh" content="{RETRY_SECONDS}"' in page
    assert '<section lang="en"><h1>The classroom is full</h1>' in page
    assert '<section lang="ru"><h1>Класс заполнен</h1>' in page
    assert "30 learners" in page and "30 учеников" in page
    assert "1 learner," in full_page(1) and "1 ученик " in full_page(1)
    assert "MAX_LEARNERS" in page and "JupyterLite" in page
