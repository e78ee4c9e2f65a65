"""The live class's web application served on 127.0.0.1 in a thread of the test, for requests
made directly (httpx), as a learner's or a teacher's browser would make them."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from browser.harness import START_TRIES, port_taken
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from exact61_widgets.classroom.answer_counts import checked
from exact61_widgets.classroom.bank import Bank, task_of
from exact61_widgets.classroom.handlers import LiveSettings, application
from exact61_widgets.classroom.live import Lessons
from exact61_widgets.exercises import Task

SECRET = "the-teachers-secret-for-tests"
#: Where a page names its XSRF token (the page's configuration).
XSRF = re.compile(r'"xsrf": "([^"]+)"')


@dataclass
class Served:
    """A running live class: its address and its rooms (read them only between requests)."""

    url: str
    lessons: Lessons

    def client(self) -> httpx.Client:
        """A browser of its own: its own cookies."""
        return httpx.Client(base_url=self.url, timeout=30, follow_redirects=False)

    def teacher(self) -> tuple[httpx.Client, str]:
        """A client with the teacher's cookie, and the console's XSRF token."""
        client = self.client()
        client.get("/live/teacher", params={"key": SECRET})
        home = client.get("/live/teacher")
        assert home.status_code == 200, home.text
        return client, token(home.text)

    def learner(self, code: str, lang: str = "en") -> tuple[httpx.Client, str]:
        """A client that has opened room ``code``'s page, and its XSRF token."""
        client = self.client()
        page = client.get(f"/live/r/{code}", params={"lang": lang})
        assert page.status_code == 200, page.text
        return client, token(page.text)


def token(page: str) -> str:
    """The XSRF token a page carries for its script."""
    found = XSRF.search(page)
    assert found, page[:300]
    return found[1]


def post(client: httpx.Client, path: str, xsrf: str, data: object, **params: str) -> httpx.Response:
    """A POST as the pages' scripts make it: JSON, with the XSRF header."""
    return client.post(path, json=data, headers={"X-XSRFToken": xsrf}, params=params or None)


@contextmanager
def live_server(folder: Path) -> Iterator[Served]:
    """Serve the live class kept in ``folder`` (its classes read back first) until the end."""
    lessons = Lessons(folder)
    lessons.reopen()
    settings = LiveSettings(lessons, SECRET)
    sock, port = bind_unused_port()
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    holder: list[HTTPServer] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        server = HTTPServer(application(settings))
        server.add_sockets([sock])
        holder.append(server)
        loop.call_soon(ready.set)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30)
    try:
        yield Served(f"http://127.0.0.1:{port}", lessons)
    finally:
        loop.call_soon_threadsafe(holder[0].stop)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)
        lessons.close()


def a_mistake(task: Task) -> tuple[str, str]:
    """A wrong answer the task's check names one misconception for, and that misconception's
    key (from the kind's own list, as a notebook's exercise names it)."""
    for mistake in task.mistakes():
        verdict = checked(task, str(mistake.value))
        if not verdict.right and verdict.misconceptions == (mistake.misconception.key,):
            return str(mistake.value), mistake.misconception.key
    raise AssertionError(f"no single misconception answer for {task}")


def first_numbered(bank: Bank) -> str:
    """The bank's first question whose answer is a number with a known mistake."""
    for entry in bank.entries:
        task = task_of(entry)
        if task.answer("en").lstrip("-").isdigit() and task.mistakes():
            return entry.name
    raise AssertionError("no number question in the bank")


@dataclass
class Running:
    """The classroom's server: its address, its process and where it keeps its classes."""

    url: str
    process: subprocess.Popen[bytes]
    classes: Path


def answers(url: str, process: subprocess.Popen[bytes], timeout: float = 120) -> bool:
    """Whether the live class at ``url`` answers before ``process`` stops (or ``timeout``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{url}/live", timeout=2).status_code == 200:
                return True
        except httpx.TransportError:
            time.sleep(0.2)  # not up yet: ask again
    return False


@contextmanager
def classroom_server(tmp: Path) -> Iterator[Running]:
    """The classroom's own server (``scripts/classroom_server.py``, as ``make classroom``
    runs it: Voila and the live class in one process) on 127.0.0.1, classes kept in
    ``tmp``, until the end."""
    root = Path(__file__).resolve().parent.parent
    env = dict(
        os.environ,
        EXACT61_TEACHER_SECRET=SECRET,
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
    )
    # A port found free can be taken by another program (a kernel's channels take ports at
    # random) before the server binds it: then the server stops at once, and starts again.
    for attempt in range(1, START_TRIES + 1):
        sock, port = bind_unused_port()
        sock.close()
        command = [
            sys.executable,
            str(root / "scripts" / "classroom_server.py"),
            "tutorials/classroom.ipynb",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            "--Voila.log_level=WARN",
            "--ClassroomVoila.warm_kernels=0",
            f"--ClassroomVoila.class_dir={tmp / 'classes'}",
            "--no-browser",
        ]
        process = subprocess.Popen(command, cwd=root, env=env)
        url = f"http://127.0.0.1:{port}"
        up = answers(url, process)
        if up or process.poll() is None or not port_taken(port) or attempt == START_TRIES:
            break
    try:
        if not up:
            raise AssertionError(f"the classroom server did not answer (status {process.poll()})")
        yield Running(url, process, tmp / "classes")
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)
