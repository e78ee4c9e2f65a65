"""``make lab`` and ``make classroom``, run as the README gives them, serve the tutorials.

Each test runs the make command in the repository, as root or not, with ``NO_BROWSER=1`` and
a ``PORT`` (the dependencies are installed already, so make goes straight to
``scripts/serve.py``). It reads the one address the command prints, waits until the server
answers there and checks the widgets are served: the start page's saved widget outputs
through JupyterLab's contents API, the page itself in Chromium with its kernel and without
the "Jupyter news" prompt (the project's settings), and the classroom app as Voila renders
it, with the widget states its kernel holds, its cap on learners (HTTP 503 with a page in
English and Russian past it) and its kernels of plain requests shut down within two minutes.
Then it stops the command as Control-C in its terminal would (SIGINT to its process group)
and checks that everything it started, kernels included, is gone within
:data:`STOP_TIMEOUT` seconds. ``BROWSER`` points at a script that only writes down that it
was called, so the tests can tell that no browser opened.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from processes import command_line, descendants, kernels, parents

from exact61_widgets.classroom.voila import HANDED

#: Each test starts a real server through make: minutes, not seconds (not in `make check`).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
START_PAGE = "tutorials/00_start_here.ipynb"
CLASSROOM = "tutorials/classroom.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The address line: an indented URL on a line of its own (scripts/serve.py prints one).
ADDRESS = re.compile(r"^\s+(http://localhost:(\d+)/\S*)\s*$")
#: Up to the address: make may install the lab extras first (pyproject.toml newer than the
#: stamp) and a server starts in 3-15 s on a busy machine.
ADDRESS_TIMEOUT = 300
#: Voila runs the classroom notebook before it answers (5-40 s here).
RENDER_TIMEOUT = 300
#: From Control-C to the last process gone, kernels included (the servers shut them down).
STOP_TIMEOUT = 10
#: The classroom's kernels of pages nobody connects to must be gone within two minutes.
CULL_TIMEOUT = 120


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Run:
    """A running ``make`` command: its process, its output so far and its browser log."""

    process: subprocess.Popen[str]
    browser_log: Path
    lines: list[str] = field(default_factory=list)

    @property
    def output(self) -> str:
        """Everything the command printed so far."""
        return "".join(self.lines)

    def address(self) -> tuple[str, int]:
        """The address the command prints, and its port, once the server answers there."""
        deadline = time.monotonic() + ADDRESS_TIMEOUT
        while time.monotonic() < deadline:
            found = [match for line in list(self.lines) if (match := ADDRESS.match(line))]
            if found:
                assert len(found) == 1, f"more than one address printed:\n{self.output}"
                return found[0][1], int(found[0][2])
            if self.process.poll() is not None:
                pytest.fail(
                    f"the command stopped (status {self.process.returncode}) "
                    f"before it printed an address:\n{self.output}"
                )
            time.sleep(0.2)
        pytest.fail(f"no address in {ADDRESS_TIMEOUT} s:\n{self.output}")

    def stop(self) -> set[int]:
        """Stop the command as Control-C would; kill what is left; return what was left.

        Control-C in a terminal is SIGINT to its foreground process group: make's own here.
        """
        family = descendants(self.process.pid) | {self.process.pid}
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGINT)
        deadline = time.monotonic() + STOP_TIMEOUT
        left = family
        while left and time.monotonic() < deadline:
            self.process.poll()  # reaps make itself
            left = family & set(parents())
            time.sleep(0.2)
        for pid in left:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        return left


@contextmanager
def make(target: str, port: int, tmp: Path, *settings: str) -> Iterator[Run]:
    """Run ``make <target> PORT=<port> NO_BROWSER=1 [settings]`` in the repository; stop it
    after."""
    browser_log = tmp / "browser-opened.txt"
    browser = tmp / "browser"
    browser.write_text(f'#!/bin/sh\necho "$@" >> "{browser_log}"\n', "utf-8")
    browser.chmod(0o755)
    # A user's shell: no make variables inherited from a `make test` around this test.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "MFLAGS"))}
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        BROWSER=str(browser),
        PYTHONUNBUFFERED="1",
    )
    process = subprocess.Popen(
        ["make", target, f"PORT={port}", "NO_BROWSER=1", *settings],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    run = Run(process, browser_log)

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            run.lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        yield run
    finally:
        run.stop()
        reader.join(timeout=10)


def get(url: str, timeout: float = 30) -> tuple[int, str]:
    """The status and text of ``url``; an HTTP error status is returned, not raised."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return int(response.status), response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return int(error.code), error.read().decode("utf-8", "replace")


def assert_stopped_cleanly(run: Run, *, kernels_before: int = 1) -> None:
    """Control-C stops the command and everything it started, kernels included, within
    :data:`STOP_TIMEOUT` seconds; no browser was opened."""
    running = kernels(run.process.pid)
    assert len(running) >= kernels_before, f"kernels before Control-C: {running}"
    started = time.monotonic()
    left = run.stop()
    took = time.monotonic() - started
    names = {pid: command_line(pid)[:120] for pid in left}
    assert not left, f"still running {STOP_TIMEOUT} s after Control-C: {names}\n{run.output}"
    print(f"\nstopped with {len(running)} kernel(s) in {took:.1f} s")
    assert not run.browser_log.exists(), run.browser_log.read_text()


def cells(notebook: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each cell's source and its outputs' data, with multi-line strings joined."""

    def joined(value: Any) -> Any:
        return "".join(value) if isinstance(value, list) else value

    return [
        (
            joined(cell["source"]),
            [
                {mime: joined(value) for mime, value in output.get("data", {}).items()}
                for output in cell.get("outputs", [])
            ],
        )
        for cell in notebook["cells"]
    ]


def saved_model_ids(notebook: Path) -> set[str]:
    """The widget model ids in a notebook's saved outputs."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    return {
        output["data"][WIDGET_VIEW]["model_id"]
        for cell in cells
        for output in cell.get("outputs", [])
        if WIDGET_VIEW in output.get("data", {})
    }


async def _widget_states(port: int, kernel_id: str) -> dict[str, Any]:
    """Every widget's state in a kernel, asked as a page does (ipywidgets' control comm)."""
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    comm_id = uuid.uuid4().hex

    def message(msg_type: str, content: dict[str, Any], metadata: dict[str, Any]) -> str:
        header = {
            "msg_id": uuid.uuid4().hex,
            "username": "test",
            "session": session,
            "msg_type": msg_type,
            "version": "5.3",
            "date": "",
        }
        return json.dumps(
            {
                "header": header,
                "parent_header": {},
                "metadata": metadata,
                "content": content,
                "channel": "shell",
                "buffers": [],
            }
        )

    socket_ = await websocket_connect(
        f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={session}"
    )
    try:
        await socket_.write_message(
            message(
                "comm_open",
                {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "1.0.0"},
            )
        )
        await socket_.write_message(
            message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}, {})
        )
        while True:
            frame = await asyncio.wait_for(socket_.read_message(), 60)
            assert frame is not None, "the kernel's websocket closed"
            if isinstance(frame, bytes):  # a message with binary buffers: JSON part first
                count = struct.unpack("!I", frame[:4])[0]
                offsets = struct.unpack(f"!{count}I", frame[4 : 4 + 4 * count])
                frame = frame[offsets[0] : offsets[1] if count > 1 else None].decode("utf-8")
            reply = json.loads(frame)
            data = reply["content"].get("data", {})
            if reply["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                states: dict[str, Any] = data["states"]
                return states
    finally:
        socket_.close()


def reachable(states: dict[str, Any], root: str) -> list[dict[str, Any]]:
    """The widgets that ``root`` shows, itself included (children, tabs, boxes …)."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in states:
            continue
        seen.add(model_id)
        todo.extend(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(states[model_id]["state"])))
    return [states[model_id] for model_id in seen]


#: The news prompt JupyterLab shows when ``fetchNews`` is unset (its notification plugin).
NEWS_PROMPT = "Would you like to get notified about official Jupyter news?"


#: The announcements plugin decides on the news prompt once the app is restored and this config
#: section is read (``Promise.all([app.restored, settings, config])``, then it emits or not).
ANNOUNCEMENTS_CONFIG = "/api/config/jupyterlabapputilsextensionannouncements"

#: Resolves after three animation frames and a task: the status bar's notification count and
#: the toasts are drawn by then for anything emitted before it started.
FRAMES_JS = """() => new Promise(done => {
    let left = 3;
    const frame = () => (--left > 0 ? requestAnimationFrame(frame) : setTimeout(done, 0));
    requestAnimationFrame(frame);
})"""


def lab_page_in_chromium(url: str) -> dict[str, Any]:
    """Open ``url`` in headless Chromium; once the notebook's kernel is idle and the news prompt's
    decision is made, what the page shows: its toasts, notification count and notebooks.

    The decision is made when both the app is restored (the splash screen is then removed) and
    the announcements config section has been read; the page is looked at after that, on page
    signals and animation frames, never after a fixed time. Playwright runs in a thread of its
    own (see :func:`_widget_states`).
    """
    from browser.harness import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    def look() -> dict[str, Any]:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            try:
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                with page.expect_response(
                    lambda response: ANNOUNCEMENTS_CONFIG in response.url, timeout=120_000
                ) as config:
                    page.goto(url)
                config.value.finished()
                page.locator("text=/\\| Idle$/").first.wait_for(timeout=120_000)
                page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=120_000)
                page.evaluate(FRAMES_JS)
                return {
                    "toasts": page.locator(".Toastify__toast").all_text_contents(),
                    "count": page.locator(".jp-Notification-Status-Text").all_text_contents(),
                    "notebook": page.locator(".jp-NotebookPanel").count(),
                }
            finally:
                browser.close()

    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(look).result()


def test_make_lab_serves_the_start_page_even_when_its_port_is_busy(tmp_path: Path) -> None:
    """``make lab`` serves 00_start_here with its widgets; a busy PORT moves it, and it says so."""
    with socket.socket() as busy_socket:
        busy_socket.bind(("127.0.0.1", 0))
        busy_socket.listen()
        busy = int(busy_socket.getsockname()[1])
        with make("lab", busy, tmp_path) as run:
            url, port = run.address()
            assert port != busy
            moved = [line for line in run.lines if "busy" in line]
            assert moved and str(busy) in moved[0] and str(port) in moved[0], run.output
            assert url.startswith(f"http://localhost:{port}/lab/tree/{START_PAGE}?token=")
            token = url.rsplit("token=", 1)[1]
            assert token

            status, page = get(url)
            assert status == 200 and "jupyter-config-data" in page, (status, page[:500])
            contents = f"http://localhost:{port}/api/contents/{START_PAGE}?content=1"
            assert get(contents)[0] == 403  # the token printed is the one that lets you in
            status, body = get(f"{contents}&token={token}")
            assert status == 200, body[:500]
            served = cells(json.loads(body)["content"])
            assert served == cells(json.loads((ROOT / START_PAGE).read_text("utf-8")))
            widgets = [data for _, outputs in served for data in outputs if WIDGET_VIEW in data]
            assert widgets, "the start page has no saved widget output"
            # Each widget's saved output also holds a static view (a picture or HTML).
            assert all(set(data) - {WIDGET_VIEW, "text/plain"} for data in widgets), widgets

            # The project's settings, not the user's (JUPYTER_CONFIG_DIR is empty here).
            plugin = "@jupyterlab/apputils-extension:notification"
            status, body = get(f"http://localhost:{port}/lab/api/settings/{plugin}?token={token}")
            assert status == 200, body[:500]
            answer = json.loads(body)  # overrides become the schema's defaults
            defaults = {k: v.get("default") for k, v in answer["schema"]["properties"].items()}
            composite = {**defaults, **answer["settings"]}
            assert (composite["fetchNews"], composite["checkForUpdates"]) == ("false", False)
            seen = lab_page_in_chromium(url)
            assert seen["notebook"] == 1, seen
            assert not [t for t in seen["toasts"] if "Jupyter news" in t], seen["toasts"]
            assert seen["count"] == ["0"], seen  # nothing was emitted, the news prompt included
            assert_stopped_cleanly(run)


def wait_for_kernels(run: Run, count: int, timeout: float) -> float:
    """Seconds until the command's server holds exactly ``count`` kernels (fail after
    ``timeout``)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if len(kernels(run.process.pid)) == count:
            return time.monotonic() - started
        time.sleep(1)
    pytest.fail(f"{len(kernels(run.process.pid))} kernels, not {count}, after {timeout} s")


def test_make_classroom_serves_the_classroom_app_rendered_by_voila(tmp_path: Path) -> None:
    """``make classroom`` serves the classroom page: Voila runs it and its widgets are live.

    With ``MAX_LEARNERS=2 WARM_KERNELS=1``: one kernel waits warm; two visitors get pages,
    the third the 503 page; the pages' kernels, which no browser ever connects to, end
    within two minutes and leave the warm kernel, and a visitor gets in again.
    """
    requested = free_port()
    classes = f"CLASS_DIR={tmp_path / 'classes'}"
    with make("classroom", requested, tmp_path, "MAX_LEARNERS=2", "WARM_KERNELS=1", classes) as run:
        url, port = run.address()
        assert (url, port) == (f"http://localhost:{requested}/", requested)
        # The live class, in the same server: the console's key is printed, and only it
        # opens the console; learners' join page needs none.
        assert re.search(rf"localhost:{port}/live/teacher\?key=[\w-]{{20,}}", run.output)
        assert get(f"{url}live", timeout=RENDER_TIMEOUT)[0] == 200
        assert get(f"{url}live/teacher", timeout=RENDER_TIMEOUT)[0] == 403
        wait_for_kernels(run, 1, RENDER_TIMEOUT)  # the warm pool is full

        status, page = get(url, timeout=RENDER_TIMEOUT)
        assert status == 200, page[:500]
        outputs = [
            json.loads(text)
            for text in re.findall(
                r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', page, re.S
            )
        ]
        assert not [output for output in outputs if output["output_type"] == "error"], outputs
        views = [
            output["data"][WIDGET_VIEW]["model_id"]
            for output in outputs
            if WIDGET_VIEW in output.get("data", {})
        ]
        assert views, f"no widget in the rendered page:\n{page[-3000:]}"
        # Executed by Voila just now: not the views saved in the notebook.
        assert not set(views) & saved_model_ids(ROOT / CLASSROOM)

        kernel = re.search(r'"kernelId": "([^"]+)"', page)
        assert kernel, "the page names no kernel"
        # In its own thread: the browser tests' Playwright may keep an event loop running
        # in this one, where asyncio.run() refuses to start another.
        with ThreadPoolExecutor(max_workers=1) as worker:
            states = worker.submit(asyncio.run, _widget_states(port, kernel[1])).result()
        shown = [widget for root in views for widget in reachable(states, root)]
        names = [widget["model_name"] for widget in shown]
        classes = {name for widget in shown for name in widget["state"].get("_dom_classes", [])}
        assert "exact61-classroom" in classes, classes
        tabs = [widget for widget in shown if widget["model_name"] == "TabModel"]
        assert tabs and len(tabs[0]["state"]["children"]) > 1, names  # the match, walkthroughs…
        pictures = [
            value
            for widget in shown
            for value in widget["state"].values()
            if isinstance(value, str) and "<svg" in value and "data-tile" in value
        ]
        assert pictures, f"no board shows tiles: {names}"

        # The second visitor gets in; the third is turned away with a page, not a trace.
        assert get(url, timeout=RENDER_TIMEOUT)[0] == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=RENDER_TIMEOUT)
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "30"
        full = refused.value.read().decode("utf-8")
        assert "The classroom is full" in full and "Класс заполнен" in full
        assert "2 learners" in full and "2 ученика" in full and "Traceback" not in full

        # Nobody's browser holds those two pages: their kernels end, the warm one stays.
        wait_for_kernels(run, 3, RENDER_TIMEOUT)  # two pages and the refilled warm kernel
        took = wait_for_kernels(run, 1, CULL_TIMEOUT)
        print(f"\nthe pages' kernels ended {took:.0f} s after the last visit")
        handed = HANDED.split("%s", 1)[0]
        before = run.output.count(handed)
        assert get(url, timeout=RENDER_TIMEOUT)[0] == 200  # a seat is free again
        # That page took the warm kernel, which had waited in the pool for over a minute: the
        # culler's next round restarts its idle time (the server says so) instead of ending
        # it under the learner, and the page's kernel and the refilled pool's are left.
        deadline = time.monotonic() + CULL_TIMEOUT
        while run.output.count(handed) == before:
            assert time.monotonic() < deadline, f"no {handed!r} line:\n{run.output[-2000:]}"
            time.sleep(0.2)
        wait_for_kernels(run, 2, RENDER_TIMEOUT)
        assert len(kernels(run.process.pid)) == 2, "the page's warm kernel was culled at once"
        assert_stopped_cleanly(run)
