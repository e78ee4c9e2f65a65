"""A classroom under load: many learners open the classroom app at once, play, and leave.

``make classroom`` is started as the README gives it (``scripts/serve.py classroom`` on
127.0.0.1, the default cap and warm pool). Once its warm kernels are ready, ``--pages``
pages (16 by default) are opened at the same moment in headless Chromium, each in a browser
context of its own, as a room of learners would; each waits for an interactive table (the
board's keyboard items drawn from the kernel's widgets), plays a tile with a click and
waits for Python's answer on the board's live line, and the page is then closed as a tab
is (its ``beforeunload`` asks the server to shut its kernel down). Reported:

* time from navigation to the page served (Voila streams it while the notebook runs in
  the page's kernel: at once from a warm kernel) and to an interactive table, median and
  slowest, and from the first click to its answer (every browser shares this computer's
  cores with the server: on learners' own computers the browser's part runs there);
* memory per learner: the resident set of each page's kernel (``/proc``), median and
  largest, and the server's own;
* kernels left once every page is closed (they must come back to the warm pool), and how
  long that took;
* errors: pages that failed to load, to draw the table or to answer, page errors in the
  browser (among them anywidget's "Failed to initialize model", which versions from 0.9.17
  on give a widget whose module loaded more than 2 s after it was made; pyproject.toml pins
  anywidget below them), and answers other than 200.

    .venv/bin/python benchmarks/bench_classroom.py [--pages N] [--json]

``tests/browser/test_classroom_voila.py`` runs the same measure as a slow test and asserts
no error and the warm pool restored.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
# The browser tests' Chromium and their reading of /proc: the same machine, the same way.
from browser.harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from processes import command_line, descendants, kernels, rss_mb  # noqa: E402

#: What the board's script marks once it drew a table that takes clicks and keys.
INTERACTIVE = ".exact61-table .exact61-board [data-exact61-item]"
#: Bounds on every wait (seconds): the run fails rather than hangs.
PAGE_TIMEOUT = 240
CLOSE_TIMEOUT = 120
ADDRESS = re.compile(r"^\s+(http://localhost:(\d+)/)\s*$", re.MULTILINE)


@dataclass
class Visit:
    """One learner's page: its timings (seconds) and what went wrong, if anything."""

    served: float | None = None
    interactive: float | None = None
    answered: float | None = None
    errors: list[str] = field(default_factory=list)

    def page_error(self, error: Any) -> None:
        """A page error in the browser."""
        self.errors.append(f"page error: {error}")


@dataclass
class Report:
    """What one load run measured."""

    pages: int
    warm: int
    served_median: float
    served_slowest: float
    interactive_median: float
    interactive_slowest: float
    answer_median: float
    kernel_rss_median_mb: float
    kernel_rss_largest_mb: float
    server_rss_mb: float
    kernels_during: int
    kernels_after: int
    close_seconds: float
    errors: list[str]
    load_before: float
    load_after: float

    def text(self) -> str:
        """The report as a few lines for a terminal."""
        return (
            f"{self.pages} pages at once (warm pool {self.warm}), load average "
            f"{self.load_before:.1f} -> {self.load_after:.1f}\n"
            f"  page served (the notebook run): median {self.served_median:.1f} s, "
            f"slowest {self.served_slowest:.1f} s\n"
            f"  interactive table: median {self.interactive_median:.1f} s, "
            f"slowest {self.interactive_slowest:.1f} s; "
            f"a click answered after {self.answer_median:.2f} s (median)\n"
            f"  memory per learner: kernel RSS median {self.kernel_rss_median_mb:.0f} MB, "
            f"largest {self.kernel_rss_largest_mb:.0f} MB; server {self.server_rss_mb:.0f} MB\n"
            f"  kernels: {self.kernels_during} while open, {self.kernels_after} after closing "
            f"(in {self.close_seconds:.1f} s)\n"
            f"  errors: {len(self.errors)}" + "".join(f"\n    {e}" for e in self.errors)
        )


class Classroom:
    """``scripts/serve.py classroom`` on 127.0.0.1: started, waited for, stopped."""

    def __init__(self, *, max_learners: int | None = None, warm: int | None = None) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
        self.log = self.tmp / "serve.log"
        command = [sys.executable, str(ROOT / "scripts" / "serve.py"), "classroom"]
        command += ["--port", str(self._port()), "--no-browser", "--host", "127.0.0.1"]
        if max_learners is not None:
            command.append(f"--max-learners={max_learners}")
        if warm is not None:
            command.append(f"--warm-kernels={warm}")
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(self.tmp / "config"),
            JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
            PYTHONUNBUFFERED="1",
        )
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        self.url = ""

    @staticmethod
    def _port() -> int:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return int(sock.getsockname()[1])

    @property
    def server(self) -> int:
        """The Voila process (the launcher's child)."""
        found = [c for c in descendants(self.process.pid) if "classroom_server" in command_line(c)]
        if not found:
            raise RuntimeError(f"no classroom server: {self.log.read_text(errors='replace')}")
        return found[0]

    def wait(self, warm: int, timeout: float = PAGE_TIMEOUT) -> None:
        """Wait for the address and for ``warm`` kernels to be ready."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text(errors='replace')}")
            found = ADDRESS.search(self.log.read_text(errors="replace"))
            if found and len(kernels(self.process.pid)) >= warm:
                self.url = found[1].replace("localhost", "127.0.0.1")
                return
            time.sleep(0.5)
        raise RuntimeError(f"not ready in {timeout} s: {self.log.read_text(errors='replace')}")

    def stop(self) -> None:
        """SIGTERM to the launcher, as Control-C is forwarded; kill it if it lingers."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def visit(browser: Any, url: str, start: asyncio.Event) -> tuple[Visit, Any, Any]:
    """One learner: open the page, wait for the table, play a tile; the page stays open."""
    result = Visit()
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    page = await context.new_page()
    page.on("pageerror", result.page_error)
    await start.wait()
    began = time.monotonic()
    try:
        response = await page.goto(url, timeout=PAGE_TIMEOUT * 1000, wait_until="commit")
        if response is None or response.status != 200:
            result.errors.append(f"status {None if response is None else response.status}")
            return result, context, page
        await response.finished()  # Voila streams the page while the notebook runs
        result.served = time.monotonic() - began
        await page.wait_for_selector(INTERACTIVE, timeout=PAGE_TIMEOUT * 1000)
        result.interactive = time.monotonic() - began
        live = page.locator(".exact61-table .exact61-board-live").first
        before = await live.text_content() or ""
        tile = page.locator(".exact61-table .exact61-hand [data-tile]").first
        name = await tile.get_attribute("data-tile")
        clicked = time.monotonic()
        await tile.click()
        await page.wait_for_function(
            """([before, name]) => {
                 const line = document.querySelector('.exact61-table .exact61-board-live');
                 return line && line.textContent !== before && line.textContent.includes(name);
               }""",
            arg=[before, name],
            timeout=PAGE_TIMEOUT * 1000,
        )
        result.answered = time.monotonic() - clicked
    except Exception as error:  # any failure is a counted error, the run goes on
        result.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")
    return result, context, page


async def load(url: str, pages: int, server: int) -> tuple[list[Visit], dict[str, Any]]:
    """Open ``pages`` pages at once, measure, close them as tabs; the visits and numbers."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            start = asyncio.Event()
            tasks = [asyncio.ensure_future(visit(browser, url, start)) for _ in range(pages)]
            await asyncio.sleep(1)  # every context made: now all navigate at once
            start.set()
            done = await asyncio.gather(*tasks)
            during = kernels(server)
            memory = {pid: rss_mb(pid) for pid in during}
            closing = time.monotonic()
            for _visit, _context, page in done:
                await page.close(run_before_unload=True)
            # Closing runs each page's beforeunload, whose request (shut my kernel down)
            # the browser sends on its own: give it a moment before the contexts go.
            await asyncio.sleep(2)
            for _visit, context, _page in done:
                await context.close()
        finally:
            await browser.close()
    return [v for v, _c, _p in done], {
        "during": during,
        "memory": memory,
        "closing": closing,
    }


def measure(pages: int = 16, *, warm: int | None = None) -> Report:
    """Start the classroom, load it with ``pages`` learners at once, stop it: the report."""
    room = Classroom(warm=warm)
    expected = 2 if warm is None else warm
    try:
        room.wait(expected)
        load_before = os.getloadavg()[0]
        visits, seen = asyncio.run(load(room.url, pages, room.server))
        server = room.server
        deadline = seen["closing"] + CLOSE_TIMEOUT
        while time.monotonic() < deadline and len(kernels(server)) > expected:
            time.sleep(0.5)
        close_seconds = time.monotonic() - seen["closing"]
        after = len(kernels(server))
        errors = [f"page {i}: {e}" for i, v in enumerate(visits) for e in v.errors]
        served = [v.served for v in visits if v.served is not None]
        ready = [v.interactive for v in visits if v.interactive is not None]
        answers = [v.answered for v in visits if v.answered is not None]
        page_kernels = sorted(seen["memory"].values())
        return Report(
            pages=pages,
            warm=expected,
            served_median=statistics.median(served) if served else float("nan"),
            served_slowest=max(served) if served else float("nan"),
            interactive_median=statistics.median(ready) if ready else float("nan"),
            interactive_slowest=max(ready) if ready else float("nan"),
            answer_median=statistics.median(answers) if answers else float("nan"),
            kernel_rss_median_mb=statistics.median(page_kernels) if page_kernels else 0.0,
            kernel_rss_largest_mb=max(page_kernels) if page_kernels else 0.0,
            server_rss_mb=rss_mb(server),
            kernels_during=len(seen["during"]),
            kernels_after=after,
            close_seconds=close_seconds,
            errors=errors,
            load_before=load_before,
            load_after=os.getloadavg()[0],
        )
    finally:
        room.stop()


def main() -> None:
    """Run one load and print its report (``--json`` for the numbers as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=16, help="learners at once (16)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    report = measure(args.pages)
    print(json.dumps(asdict(report), indent=1) if args.json else report.text())
    if report.errors or report.kernels_after != report.warm:
        sys.exit(1)


if __name__ == "__main__":
    main()
