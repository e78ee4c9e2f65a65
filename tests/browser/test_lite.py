"""The JupyterLite site (``make lite``) in Chromium, with nothing but the site to reach.

The site is built (or taken from the build cache, ``lite/build.py``), served on
127.0.0.1 by ``lite/serve.py`` and opened in a Chromium whose every other host name
fails to resolve, as on a classroom network without internet. A learner's path is
followed: the start page, the first tutorial run in the browser's own Python, then
a widget notebook (03) whose walkthrough steps, whose board plays a tile at an open
place on a click, and, in a cell typed below, a match table that plays a whole hand
from the keyboard. A learner's answer is kept in the browser's storage and still in
"my progress" after a reload; a broken stored record is reported and set aside.
Chromium's own network log must then show that the pages asked nothing of any host
but the local server.

The same notebook is also opened in the local JupyterLab of the other browser tests,
and the two are timed side by side (printed, never asserted): the cold start, from
the page's navigation to its first code cell executed (with Run All chosen as soon
as the kernel is ready), and the click-to-picture time of the board.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from exact61_widgets.exercises.wording import ROUNDED_WRONG_WAY

from . import ui
from .conftest import ROOT, VIEWPORT
from .harness import CHROMIUM, CHROMIUM_ARGS, Server, free_port

NOTEBOOK = "03_spinners_and_branches.ipynb"
#: Chromium resolves no host name but this computer's: the site must work offline.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]
#: The browser kernel starts slowly on a busy two-core machine (Pyodide compiles, IPython
#: imports); generous, since a too-short wait would only hide what the timings report.
KERNEL_TIMEOUT = 400
#: Clicks timed on the board (a hand tile chosen and put back in turn).
CLICKS = 10
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
#: The events of Chromium's network log that start a request (HTTP, WebSocket).
REQUEST_EVENTS = ("URL_REQUEST_START_JOB", "WEBSOCKET_SEND_REQUEST_HEADERS")
#: Requests to a host that cannot exist, made by a page and by a worker (see the last test).
CANARIES = {"http://canary.invalid/from-page.js", "http://canary.invalid/from-worker.js"}
CANARY_JS = """
async ([fromPage, fromWorker]) => {
  await fetch(fromPage).catch(() => null);
  const source = `fetch('${fromWorker}').catch(() => null).then(() => postMessage('done'))`;
  const worker = new Worker(URL.createObjectURL(new Blob([source])));
  await new Promise((resolve) => { worker.onmessage = resolve; });
  worker.terminate();
}
"""
#: The code typed into a new cell below the notebook for the match table.
TABLE_CODE = (
    "from exact61_widgets.widgets import MatchTable\n"
    'MatchTable(players=2, bots="greedy", seed=3, hint_budget=None)'
)

#: Installs ``window.__e61FirstCell``: ``performance.now()`` (ms from the page's navigation
#: start) when the first code cell's prompt turns from ``[*]`` to a number.
FIRST_CELL_JS = """
() => {
  window.__e61FirstCell = null;
  const first = () => document.querySelector('.jp-Notebook .jp-CodeCell .jp-InputPrompt');
  let busy = false;
  const observer = new MutationObserver(() => {
    const prompt = first();  // asked anew: the notebook may re-create the cell's nodes
    const text = prompt ? prompt.textContent.replace(/\\s+/g, '') : '';
    if (text.includes('*')) busy = true;
    else if (busy && /^\\[\\d+\\]:?$/.test(text)) {
      window.__e61FirstCell = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
}
"""


@dataclass
class Timing:
    """How one notebook opened in one front end: seconds from the page's navigation start."""

    kernel_ready: float = 0.0
    first_cell: float = 0.0
    run_all: float = 0.0
    clicks_ms: list[float] = field(default_factory=list)

    def row(self, name: str) -> str:
        clicks = (
            f"{statistics.median(self.clicks_ms):6.0f} ms "
            f"({min(self.clicks_ms):.0f}–{max(self.clicks_ms):.0f})"
            if self.clicks_ms
            else "—"
        )
        return (
            f"{name:<34} {self.kernel_ready:7.1f} s {self.first_cell:7.1f} s "
            f"{self.run_all:7.1f} s   {clicks}"
        )


@dataclass
class Lite:
    """The served site, a Chromium with its network log, and what the tests measured."""

    site: Path
    url: str
    browser: Any
    netlog: Path
    requests: list[str] = field(default_factory=list)
    timings: dict[str, Timing] = field(default_factory=dict)
    closed: bool = False

    def new_page(self) -> Any:
        """A page in a new browser context: a learner's first visit (no cache, no storage).

        JupyterLite keeps its workspace in the browser: a second page of the same context
        would reopen the first page's notebooks beside its own.
        """
        context = self.browser.new_context(viewport=VIEWPORT)
        context.on("request", lambda request: self.requests.append(request.url))
        return context.new_page()

    def close(self) -> None:
        """Close Chromium (which completes its network log)."""
        if not self.closed:
            self.closed = True
            self.browser.close()


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lite_site() -> Path:
    """The built site: ``lite/build.py`` builds it, or finds it in its cache."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "lite" / "build.py"), "--print-site"],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if done.returncode:
        pytest.fail(f"lite/build.py failed:\n{done.stderr[-4000:]}")
    print(done.stderr, end="")  # what was built, and how long it took (nothing when cached)
    site = Path(done.stdout.strip().splitlines()[-1])
    assert (site / "index.html").is_file(), site
    return site


@pytest.fixture(scope="module")
def lite_url(lite_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site served by ``lite/serve.py`` on 127.0.0.1."""
    port = free_port()
    log = tmp_path_factory.mktemp("lite-serve") / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "lite" / "serve.py"),
                str(lite_site),
                "--port",
                str(port),
                "--no-browser",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while "Serving" not in log.read_text(errors="replace"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"lite/serve.py did not start: {log.read_text(errors='replace')}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


@pytest.fixture(scope="module")
def lite(
    browser: Any, lite_site: Path, lite_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Lite]:
    """A Chromium of its own, offline but for this computer, logging every request it makes.

    It is launched through the session's Playwright (the ``browser`` fixture's), with
    the host resolver that knows this computer alone and Chromium's network log.
    """
    netlog = tmp_path_factory.mktemp("lite-netlog") / "netlog.json"
    offline = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            *CHROMIUM_ARGS,
            *OFFLINE_ARGS,
            f"--log-net-log={netlog}",
            "--net-log-capture-mode=Default",
        ],
    )
    session = Lite(lite_site, lite_url, offline, netlog)
    try:
        yield session
    finally:
        session.close()


# -- helpers -------------------------------------------------------------------------------------


def lab_url(lite: Lite, notebook: str) -> str:
    """The address of ``tutorials/notebook`` in the site's JupyterLab."""
    return f"{lite.url}lab/index.html?path=tutorials/{notebook}"


def run_and_time(page: Any, timing: Timing, lite: bool = True) -> None:
    """Wait for the kernel, then Run All at once; record when it was ready and the first cell ran.

    The page must just have navigated to a notebook. Both times are read in the browser
    (``performance.now()``: milliseconds from the page's navigation start).
    """
    ui.wait_for_kernel(page, "lab", timeout=KERNEL_TIMEOUT, lite=lite)
    timing.kernel_ready = page.evaluate("performance.now()") / 1000
    folded = page.locator(".jp-Notebook .jp-CodeCell").first.locator(".jp-InputPlaceholder")
    if folded.count():  # a folded setup cell shows no prompt: unfold it to watch it run
        folded.click()
        page.locator(".jp-Notebook .jp-CodeCell").first.locator(".jp-InputPrompt").wait_for()
    page.evaluate(FIRST_CELL_JS)
    timing.run_all = ui.run_all_cells(page)
    first = page.evaluate("window.__e61FirstCell")
    assert first is not None, "the first code cell was never seen running"
    timing.first_cell = first / 1000


def time_clicks(board: ui.Widget, hand: str) -> list[float]:
    """Click-to-picture times of a hand tile chosen and put back in turn, :data:`CLICKS` times."""
    tile = board.picture.locator(f"{hand} [data-tile]").first.get_attribute("data-tile")
    selector = f'{hand} [data-tile="{tile}"]'
    board.picture.locator(selector).scroll_into_view_if_needed()
    times = [ui.click_to_picture_ms(board, selector) for _ in range(CLICKS)]
    if CLICKS % 2:  # leave the tile put back, as it was
        ui.click_to_picture_ms(board, selector)
    return times


def mover_hand(board: ui.Widget) -> str:
    """The CSS selector of the hand of the seat to move, read from the status line."""
    mover = re.search(r"seat (\d+) to move", board.text(".exact61-status"))
    assert mover is not None, board.text(".exact61-status")
    return f".exact61-hand{mover.group(1)}"


@contextmanager
def screenshot_on_failure(page: Any, name: str) -> Iterator[None]:
    """Save a screenshot of ``page`` when the block fails, and name it in the error."""
    try:
        yield
    except Exception as err:
        shot = Path(tempfile.gettempdir()) / f"exact61-lite-{name}.png"
        page.screenshot(path=str(shot), full_page=True)
        raise AssertionError(f"{err}\n(screenshot: {shot})") from err


def run_typed_cell(page: Any, code: str) -> None:
    """Add a code cell at the end of the notebook, type ``code`` into it and run it.

    The notebook is left in command mode, where Tab moves the focus through the page.
    """
    page.keyboard.press("Escape")
    cells = page.locator(".jp-Notebook .jp-Cell")
    cells.last.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("b")  # a new code cell below, in command mode
    page.keyboard.press("Enter")  # edit it
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")  # runs it, and opens a new cell below for editing
    page.keyboard.press("Escape")  # back to command mode: Tab moves the focus again


# -- the learner's path --------------------------------------------------------------------------


def test_start_page_opens_the_first_tutorial_and_its_exercise_answers(lite: Lite) -> None:
    """The site's page links both start notebooks and the classroom; Start here runs in Python.

    The first tutorial opens in JupyterLab, all its cells run in the browser kernel, an
    answer typed into its exercise is checked by Python there, Show solution opens the
    exercise's reveal (its score board), and by then no prompt about Jupyter news has come up.
    """
    page = lite.new_page()
    page.goto(lite.url)
    notebooks = sorted(p.name for p in (lite.site / "files" / "tutorials").glob("*.ipynb"))
    listed = page.locator("main li a")
    assert listed.count() == len(notebooks) - 1  # every tutorial but the classroom app
    assert page.get_by_role("link", name="Начните здесь", exact=True).get_attribute("href") == (
        "lab/index.html?path=tutorials/00_start_here_ru.ipynb"
    )
    assert "classroom.ipynb" in str(
        page.get_by_role("link", name=re.compile("Classroom")).get_attribute("href")
    )
    page.get_by_role("link", name="Start here", exact=True).click()
    page.wait_for_url(re.compile(r"/lab/index\.html\?path=tutorials/00_start_here\.ipynb$"))
    timing = lite.timings["site: 00_start_here"] = Timing()
    run_and_time(page, timing)

    exercise = page.locator(".jupyter-widgets.exact61-exercise").first
    answer = exercise.locator("input[type=text]").first
    answer.fill("20")  # the raw score itself: a known mistake, answered with its hint
    answer.press("Enter")
    feedback = exercise.locator(".exact61-feedback p")
    feedback.wait_for(timeout=30_000)
    assert feedback.get_attribute("class") == "exact61-feedback-wrong", feedback.inner_html()
    assert "divide it by 5" in (feedback.text_content() or "")
    assert exercise.locator(".exact61-reveal svg").count() == 0  # nothing revealed yet
    exercise.locator("button.exact61-button.exact61-solution").click()
    exercise.locator(".exact61-reveal svg").first.wait_for(state="attached", timeout=30_000)
    # The site's own settings (lite/overrides.json): JupyterLab asks nothing about news.
    toasts = page.locator(".Toastify__toast").all_text_contents()
    assert not [t for t in toasts if "Jupyter news" in t], toasts
    page.context.close()


@pytest.fixture(scope="module")
def spinners(lite: Lite) -> Iterator[Any]:
    """03_spinners_and_branches open in the site's JupyterLab, every cell run in the browser."""
    page = lite.new_page()
    page.goto(lab_url(lite, NOTEBOOK))
    run_and_time(page, lite.timings.setdefault(f"site: {NOTEBOOK[:-6]}", Timing()))
    yield page
    page.context.close()


def test_walkthrough_steps_in_the_browser_kernel(spinners: Any) -> None:
    """Next and Back on the spinner walkthrough: Python in the browser redraws and recaptions."""
    with screenshot_on_failure(spinners, "walkthrough"):
        step_and_back(ui.widgets(spinners, ".exact61-walkthrough")[0])


def step_and_back(walk: ui.Widget) -> None:
    """Next, then Back, on a walkthrough: the label, caption and picture change and return."""
    label = walk.text(".exact61-step-label")
    caption = walk.text(".exact61-caption-text")
    picture = walk.markup()
    walk.button("next").click()
    walk.wait_for_change(picture)
    ui.wait_until(lambda: walk.text(".exact61-step-label") != label, 15, "a new step label")
    ui.wait_until(lambda: walk.text(".exact61-caption-text") != caption, 15, "a new caption")
    walk.button("back").click()
    ui.wait_until(lambda: walk.text(".exact61-step-label") == label, 15, "the first step again")
    ui.wait_until(lambda: walk.markup() == picture, 15, "the first picture again")


def test_clicking_a_tile_then_an_open_place_plays_in_the_browser_kernel(
    spinners: Any, lite: Lite
) -> None:
    """On the explorer's board: clicks reach Python, which plays the tile and redraws.

    The click-to-picture time is taken first, on a hand tile chosen and put back.
    """
    with screenshot_on_failure(spinners, "explorer"):
        board = ui.widgets(spinners, ".exact61-explorer")[0]
        hand = mover_hand(board)
        lite.timings[f"site: {NOTEBOOK[:-6]}"].clicks_ms = time_clicks(board, hand)
        play_at_an_open_place(board, hand)


def play_at_an_open_place(board: ui.Widget, hand: str) -> None:
    """Click a tile of ``hand``, then a lit open place: Python plays, redraws, announces."""
    status = board.text(".exact61-status")
    layout = board.picture.locator(".exact61-layout").inner_html()
    tile, place = ui.click_tile_then_place(board, hand)
    assert place, f"{tile} was played on an empty table"
    ui.wait_until(lambda: board.text(".exact61-status") != status, 15, "the status line to change")
    ui.wait_until(lambda: tile in board.live(), 15, "the announcement of the play")
    assert board.error() == ""
    after = board.picture.locator(".exact61-layout").inner_html()
    assert after != layout
    assert f'data-tile="{tile}"' in after  # the tile is on the table now
    assert f'data-place="{place}"' not in after  # and its place is taken


def test_a_match_table_typed_in_a_new_cell_plays_a_whole_hand_from_the_keyboard(
    spinners: Any,
) -> None:
    """A cell typed below the notebook makes a match table; keys alone play a whole hand."""
    with screenshot_on_failure(spinners, "table"):
        run_typed_cell(spinners, TABLE_CODE)
        table = ui.widgets(spinners, ".exact61-table")[-1]
        plays = ui.keyboard_hand(spinners, table)
        status = ui.table_status(table)
        assert ui.hand_is_over(status), status
        assert plays, "the learner never played"
        assert table.error() == ""


# -- the learner's own record, kept by the browser -----------------------------------------------

#: A rounding exercise of notebook 05, as a learner would meet it, typed into a new cell.
EXERCISE_CODE = (
    "from exact61_widgets.exercises import Rounding\nfrom exact61_widgets.widgets import Exercise\n"
    'Exercise(Rounding(18), name="ex-05-1", lang="en")'
)
PROGRESS_CODE = 'from exact61_widgets.widgets import MyProgress\nMyProgress(lang="en")'
#: Breaks the stored record, as a crash or an old version of the package might leave it.
BREAK_CODE = (
    "from exact61_widgets.exercises.learner_record import record_path\n"
    'record_path().write_text("{ not a record", "utf-8")\n'
    'print("broken:", record_path().name)'
)


#: The learner's record as the browser stores it: the site's drive is JupyterLite's storage
#: (IndexedDB), where the kernel's ``/drive/.exact61/record.json`` is one entry.
STORED_RECORD_JS = """
async () => {
  const db = await new Promise((ok, no) => {
    const opened = indexedDB.open('JupyterLite Storage - /');
    opened.onsuccess = () => ok(opened.result);
    opened.onerror = no;
  });
  try {
    if (!Array.from(db.objectStoreNames).includes('files')) return '';
    const entry = await new Promise((ok, no) => {
      const got = db.transaction('files').objectStore('files').get('.exact61/record.json');
      got.onsuccess = () => ok(got.result);
      got.onerror = no;
    });
    if (!entry) return '';
    if (entry.format !== 'base64') return JSON.stringify(entry.content);
    const bytes = Uint8Array.from(atob(entry.content), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } finally {
    db.close();
  }
}
"""


def stored_record(page: Any) -> str:
    """The record's text as the browser stores it (kept in base64), '' if there is none."""
    return str(page.evaluate(STORED_RECORD_JS))


def open_blank_kernel(context: Any, lite: Lite) -> Any:
    """A page of ``context`` with the start notebook open (its cells not run), the kernel
    ready: a fresh Python in the browser, reading the same storage as every page of it."""
    page = context.new_page()
    page.goto(lab_url(lite, "00_start_here.ipynb"))
    ui.wait_for_kernel(page, "lab", timeout=KERNEL_TIMEOUT, lite=True)
    return page


def progress_text(page: Any) -> str:
    """The text "my progress" shows, typed into a new cell and run."""
    run_typed_cell(page, PROGRESS_CODE)
    view = page.locator(".exact61-progress").last
    view.wait_for(timeout=120_000)
    ui.wait_until(lambda: bool((view.text_content() or "").strip()), 30, "the progress view")
    return view.text_content() or ""


def answer_exercise(page: Any, answer: str) -> str:
    """Type the rounding exercise into a new cell, answer it, and return the feedback."""
    run_typed_cell(page, EXERCISE_CODE)
    exercise = page.locator(".jupyter-widgets.exact61-exercise").last
    exercise.wait_for(timeout=120_000)
    box = exercise.locator("input[type=text]").first
    box.fill(answer)
    box.press("Enter")
    feedback = exercise.locator(".exact61-feedback p")
    feedback.wait_for(timeout=60_000)
    return feedback.text_content() or ""


def test_the_learner_s_record_survives_a_reload_and_a_broken_one_is_set_aside(lite: Lite) -> None:
    """An answer given in the site is kept in the browser's storage (IndexedDB): after a
    reload (a new page, a new kernel, the same browser), "my progress" still shows it, with
    the mistake it showed. A record broken in storage is then reported and set aside when the
    next page opens, a new record starts, and exercises go on being checked and kept."""
    context = lite.browser.new_context(viewport=VIEWPORT)
    context.on("request", lambda request: lite.requests.append(request.url))
    try:
        page = open_blank_kernel(context, lite)
        with screenshot_on_failure(page, "record-answer"):
            said = answer_exercise(page, "15")  # 18 rounded down: the wrong way
            assert "15 is not right" in said, said
            # the browser writes its storage a moment after Python: wait for the entry
            ui.wait_until(
                lambda: "rounded-wrong-way" in stored_record(page), 60, "the answer stored"
            )
        page.close(run_before_unload=False)

        page = open_blank_kernel(context, lite)
        with screenshot_on_failure(page, "record-reloaded"):
            shown = progress_text(page)
            assert "05" in shown and "still to practise" in shown, shown
            assert ROUNDED_WRONG_WAY.text("en") in shown, shown  # the mistake it showed
            assert "No answers yet" not in shown, shown
            run_typed_cell(page, BREAK_CODE)
            outputs = page.locator(".jp-OutputArea-output")
            ui.wait_until(
                lambda: "broken: record.json" in " ".join(outputs.all_text_contents()),
                60,
                "the record broken",
            )
        page.close(run_before_unload=False)

        page = open_blank_kernel(context, lite)
        with screenshot_on_failure(page, "record-broken"):
            shown = progress_text(page)
            assert "could not be read" in shown and "record.unreadable-" in shown, shown
            assert "a new record starts" in shown and "No answers yet" in shown, shown
            said = answer_exercise(page, "20")
            assert "Right!" in said, said
            ui.wait_until(lambda: "ex-05-1" in stored_record(page), 60, "the new record stored")
            assert "rounded-wrong-way" not in stored_record(page)  # the old answer set aside
            assert "05" in progress_text(page)
        page.close(run_before_unload=False)
    finally:
        context.close()


# -- side by side with JupyterLab, and the network -----------------------------------------------


def test_the_same_notebook_in_local_jupyterlab_for_the_timings(
    browser: Any, servers: Any, lite: Lite
) -> None:
    """03 in the local JupyterLab, timed as in the site: cold start and click-to-picture."""
    server: Server = servers("lab")
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    timing = lite.timings[f"JupyterLab: {NOTEBOOK[:-6]}"] = Timing()
    try:
        server.start_kernel(NOTEBOOK)
        page.goto(server.page(NOTEBOOK))
        run_and_time(page, timing, lite=False)
        board = ui.widgets(page, ".exact61-explorer")[0]
        timing.clicks_ms = time_clicks(board, mover_hand(board))
    finally:
        context.close()
        server.shutdown_kernels(NOTEBOOK)
    head = (
        f"{'':<34} {'kernel':>9} {'1st cell':>9} {'run all':>9}   click-to-picture "
        "(median, min–max)"
    )
    print("\n" + "\n".join([head, *(t.row(n) for n, t in lite.timings.items())]))
    assert timing.first_cell > 0 and timing.clicks_ms


def page_requests(netlog: Path) -> list[str]:
    """Every URL Chromium's network log shows the session's pages (and their workers) asking for.

    A page's request names its page as initiator, or is a navigation of a frame.
    Chromium's own traffic (component updates, autofill and account look-ups) is
    started by the browser itself (``not an origin``) and left aside: it is not the
    site's, and the host resolver lets none of it out anyway.
    """
    log = json.loads(netlog.read_text("utf-8"))
    names = {number: name for name, number in log["constants"]["logEventTypes"].items()}
    urls = []
    for event in log["events"]:
        params = event.get("params") or {}
        if names.get(event["type"]) not in REQUEST_EVENTS or "url" not in params:
            continue
        if params.get("initiator") == "not an origin" and params.get("request_type") not in (
            "main frame",
            "sub frame",
        ):
            continue
        urls.append(str(params["url"]))
    return urls


def test_every_request_stayed_on_this_computer(lite: Lite) -> None:
    """Chromium's network log and Playwright's both show requests to the local server alone.

    Runs last in this file: it closes the browser to complete the log. Two canaries, a
    page's and a worker's request to a host that cannot exist (``.invalid``), must be
    in the log, and the site's own heavy files too: else the check would prove nothing.
    """
    page = lite.new_page()
    page.goto(lite.url)
    page.evaluate(CANARY_JS, list(CANARIES))
    page.context.close()
    lite.close()
    logged = page_requests(lite.netlog)
    assert set(logged) >= CANARIES, "the network log misses a page's or a worker's request"
    network = [
        u
        for u in {*logged, *lite.requests} - CANARIES
        if urlsplit(u).scheme in ("http", "https", "ws", "wss")
    ]
    elsewhere = sorted(u for u in network if urlsplit(u).hostname not in LOCAL_HOSTS)
    assert not elsewhere, f"requests that left this computer: {elsewhere}"
    paths = {urlsplit(u).path for u in logged}
    for needed in ("/static/pyodide/pyodide.asm.wasm", "/static/pyodide/pyodide-lock.json"):
        assert needed in paths, f"{needed} was never requested: {sorted(paths)[:20]}"
    assert any(re.search(r"/static/pyodide/exact61_widgets-.*\.whl$", p) for p in paths)
