"""Driving JupyterLab 4, Notebook 7 and Voila pages, and the Exact 61 widgets on them.

Everything here works through what a user sees and does (menus, buttons, keys,
clicks); JavaScript is only used to read the page and to time events inside the
browser. The two notebook front ends share JupyterLab's building blocks, so most
helpers take the server kind (``"lab"`` or ``"notebook"``) only where they differ.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .harness import Server

_DONE_PROMPT = re.compile(r"^\[\d+\]:?$")


def wait_until(
    condition: Callable[[], bool], timeout: float, what: str, interval: float = 0.1
) -> None:
    """Poll ``condition`` until it holds; fail with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


# -- the notebook front ends ---------------------------------------------------------------------


def answer_kernel_dialog(page: Page) -> None:
    """Press Select once in a "Select Kernel" dialog, if one is open, and wait until it closed.

    Only JupyterLite needs it (its kernel runs in the page, and its front end starts it); the
    servers' notebooks get their kernel from :meth:`~browser.harness.Server.start_kernel`
    before the page opens, and a front end that then asks is a failure.
    """
    dialog = page.locator(".jp-Dialog").filter(has_text="Select Kernel")
    if dialog.count():
        dialog.first.locator(".jp-Dialog-button.jp-mod-accept").click()
        dialog.first.wait_for(state="detached", timeout=30_000)


#: Whether the notebook has its kernel and the kernel is idle, in both front ends: the
#: toolbar's kernel name is the kernel's, and the execution indicator says idle. The
#: indicator alone is not enough: it reads idle before the page has attached its kernel
#: (the name still "No Kernel"), and Run All on a notebook without a kernel makes the front
#: end start one (or ask which): the kernel replacement seen in CI runs.
KERNEL_IDLE_JS = """() => {
  const name = document.querySelector('.jp-Toolbar-kernelName');
  const text = name ? name.textContent.trim() : '';
  return text !== '' && text !== 'No Kernel' &&
    Array.from(document.querySelectorAll('.jp-Notebook-ExecutionIndicator-tooltip'))
      .some(n => /Kernel status: Idle/.test(n.textContent));
}"""


def _kernel_idle(page: Page) -> bool:
    return bool(page.evaluate(KERNEL_IDLE_JS))


def wait_for_kernel(page: Page, kind: str, timeout: float = 60, lite: bool = False) -> None:
    """Wait until the page has its kernel, idle, and its code cells are on the page.

    ``kind`` (``lab``, ``notebook``) names the front end in messages; both are read the same
    way (:data:`KERNEL_IDLE_JS`). A server's page connects to the kernel started for it, so
    no dialog may ask which kernel; in JupyterLite (``lite``) a "Select Kernel" dialog is
    answered with Select.
    """
    kernel_dialog = page.locator(".jp-Dialog").filter(has_text="Select Kernel")

    def ready() -> bool:
        if kernel_dialog.count():
            if not lite:
                raise AssertionError("the front end asked which kernel, though one was running")
            answer_kernel_dialog(page)
        return _kernel_idle(page)

    wait_until(ready, timeout, f"an idle kernel in {kind}", interval=0.2)
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", state="attached", timeout=timeout * 1000)


#: What :func:`_prompts` says for a cell whose source is collapsed: its placeholder shows
#: no execution count, so whether it ran is read from the kernel and the error outputs.
FOLDED = "folded"


def _prompts(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(
        """([folded]) => Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell'))
                 .map(c => c.querySelector('.jp-InputPlaceholder') ? folded :
                           ((c.querySelector('.jp-InputPrompt') || {}).textContent || '')
                             .replace(/\\s+/g, ''))""",
        [FOLDED],
    )
    return texts


def _executing(page: Page) -> bool:
    """Whether the notebook's kernel is busy, as its execution indicator says (no indicator:
    not busy, the prompts tell)."""
    return bool(
        page.evaluate(
            """() => { const n = document.querySelector('.jp-Notebook-ExecutionIndicator');
                       return !!n && n.getAttribute('data-status') === 'busy'; }"""
        )
    )


#: Watches the notebook's input prompts: ``window.__e61Ran`` turns true once any cell is
#: queued or running (``[*]``), or a cell's outputs are cleared to run it again (a cell
#: whose source is folded shows no prompt). A MutationObserver sees it however short that lasts; the
#: tutorials are saved executed, so their prompts already hold numbers before any run.
WATCH_PROMPTS_JS = """
() => {
  window.__e61Ran = false;
  const busy = () => Array.from(document.querySelectorAll('.jp-Notebook .jp-InputPrompt'))
    .some(p => p.textContent.includes('*'));
  // A cell whose source is folded shows no prompt: its outputs being cleared to run again
  // tell instead (widgets drawing themselves from the saved state only add nodes).
  const output = records => records.some(r => r.type === 'childList' &&
    r.removedNodes.length > 0 && r.target.classList &&
    r.target.classList.contains('jp-OutputArea') && r.target.children.length === 0);
  if (window.__e61Watch) window.__e61Watch.disconnect();
  window.__e61Watch = new MutationObserver(records => {
    if (busy() || output(records)) window.__e61Ran = true;
  });
  window.__e61Watch.observe(document.body, {subtree: true, childList: true,
                                            characterData: true});
}
"""


def run_all_cells(page: Page, timeout: float = 240) -> float:
    """Run every cell through the Run menu and wait until all ran; the seconds it took.

    It waits until a prompt turned ``[*]`` (seen by :data:`WATCH_PROMPTS_JS`) and then
    until no cell is queued or running. Run All stops at a cell that raised, leaving the
    rest unnumbered: that fails here with the error text.
    """
    start = time.monotonic()
    page.evaluate(WATCH_PROMPTS_JS)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    try:
        page.wait_for_function("window.__e61Ran === true", timeout=30_000)
    except PlaywrightTimeout:
        raise AssertionError("Run All Cells started no cell within 30 s") from None
    wait_until(
        lambda: not any("*" in p for p in _prompts(page)) and not _executing(page),
        timeout,
        "every cell to finish running",
        interval=0.25,
    )
    page.evaluate("() => window.__e61Watch.disconnect()")
    prompts = _prompts(page)
    failed = page.locator(".jp-OutputArea-output[data-mime-type*='error']").count()
    if failed or not all(_DONE_PROMPT.match(p) or p == FOLDED for p in prompts):
        errors = page.locator(  # Run All stops at an error
            ".jp-OutputArea-output[data-mime-type*='stderr'], "
            ".jp-OutputArea-output[data-mime-type*='error']"
        )
        texts = [e.text_content() or "" for e in errors.all()]
        raise AssertionError(
            f"not every cell ran (prompts {prompts}); the notebook said:\n"
            + "\n".join(texts)[-3000:]
        )
    return time.monotonic() - start


def open_and_run(page: Page, server: Server, notebook: str) -> float:
    """Start ``notebook``'s kernel, open it, wait for the kernel, run all cells; the seconds the
    run took. It fails if the front end replaced the kernel started for it."""
    kernel = server.start_kernel(notebook)
    page.goto(server.page(notebook))
    wait_for_kernel(page, server.kind)
    seconds = run_all_cells(page)
    kernels = server.kernels_of(notebook)
    if kernels != [kernel]:
        raise AssertionError(f"{notebook}: the kernel {kernel} started for it became {kernels}")
    return seconds


def menu_item(page: Page, label: str) -> Locator:
    """An item of an open menu by its label (submenu items have no ARIA role to find)."""
    exact = re.compile(rf"^{re.escape(label)}$")
    return (
        page.locator(".lm-Menu-item")
        .filter(has=page.locator(".lm-Menu-itemLabel", has_text=exact))
        .first
    )


def set_theme(page: Page, dark: bool) -> None:
    """Choose JupyterLab Light or Dark in the Settings → Theme menu (Lab and Notebook 7)."""
    name = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    menu_item(page, "Theme").click()
    menu_item(page, name).click()
    want = "false" if dark else "true"
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{want}'", timeout=30_000)
    # The flag changes before the theme's style sheet applies: wait for its colours.
    page.wait_for_function(THEME_APPLIED_JS, arg=dark, timeout=30_000)


#: Whether the page's background colour (JupyterLab's ``--jp-layout-color0``) is dark as
#: asked: read through an element styled with it, as the browser resolves it.
THEME_APPLIED_JS = """dark => {
  const probe = document.createElement('div');
  probe.style.color = 'var(--jp-layout-color0)';
  document.body.appendChild(probe);
  const [r, g, b] = getComputedStyle(probe).color.match(/\\d+/g).map(Number);
  probe.remove();
  return (0.2126 * r + 0.7152 * g + 0.0722 * b < 128) === dark;
}"""


# -- the widgets -------------------------------------------------------------------------------


@dataclass
class Widget:
    """One Exact 61 widget on the page: its outer box and its board."""

    page: Page
    root: Locator

    @property
    def board(self) -> Locator:
        """The board's container (``.exact61-board``)."""
        return self.root.locator(".exact61-board").first

    @property
    def picture(self) -> Locator:
        """The board's picture (the SVGs Python sent)."""
        return self.board.locator(".exact61-board-picture")

    def live(self) -> str:
        """The board's aria-live line: what Python announced last.

        Texts are read with ``textContent``: JupyterLab skips rendering cells out of view
        (``content-visibility``), and ``innerText`` is empty there.
        """
        return self.board.locator(".exact61-board-live").text_content() or ""

    def error(self) -> str:
        """The board's error line (empty when all is well)."""
        return self.board.locator(".exact61-board-error").text_content() or ""

    def markup(self) -> str:
        """The board picture's markup now."""
        return str(self.picture.evaluate("node => node.innerHTML"))

    def tiles(self) -> list[str]:
        """The ``data-tile`` of every tile drawn on the board."""
        found: list[str] = self.picture.evaluate(
            "node => Array.from(node.querySelectorAll('[data-tile]'))"
            ".map(t => t.getAttribute('data-tile'))"
        )
        return found

    def places(self) -> list[str]:
        """The ``data-place`` of every open place drawn on the table."""
        found: list[str] = self.picture.evaluate(
            "node => Array.from(node.querySelectorAll('.exact61-layout [data-place]'))"
            ".map(t => t.getAttribute('data-place'))"
        )
        return found

    def text(self, css: str) -> str:
        """The text of the first element matching ``css`` inside the widget."""
        return self.root.locator(css).first.text_content() or ""

    def button(self, name: str) -> Locator:
        """A button of the widget by its stable class ``exact61-<name>`` (any language)."""
        return self.root.locator(f"button.exact61-button.exact61-{name}").first

    def wait_for_change(self, before: str, timeout: float = 15) -> str:
        """Wait until the board's markup differs from ``before``; the new markup."""
        wait_until(
            lambda: self.markup() != before, timeout, "the board to be redrawn", interval=0.02
        )
        return self.markup()


def widgets(page: Page, css: str) -> list[Widget]:
    """Every widget whose outer box has the class ``css`` (e.g. ``.exact61-table``).

    Waits (up to 30 s) until at least one is on the page with its board drawn.
    """
    page.locator(css).first.locator(".exact61-board svg").first.wait_for(
        state="attached", timeout=30_000
    )
    return [Widget(page, page.locator(css).nth(i)) for i in range(page.locator(css).count())]


def board_stats(widget: Widget) -> dict[str, Any]:
    """How much the board draws: SVGs, tiles, places, and the picture's size on screen."""
    stats: dict[str, Any] = widget.picture.evaluate(
        """node => {
             const box = node.getBoundingClientRect();
             return {svgs: node.querySelectorAll('svg').length,
                     tiles: node.querySelectorAll('[data-tile]').length,
                     places: node.querySelectorAll('[data-place]').length,
                     elements: node.querySelectorAll('svg *').length,
                     width: box.width, height: box.height};
           }"""
    )
    return stats


#: Installs ``window.__exact61Timer``: a click at a selector, resolved when the picture changes.
TIMER_JS = """
(picture) => {
  window.__exact61Timer = (selector) => new Promise((resolve, reject) => {
    const target = picture.querySelector(selector);
    if (!target) { reject(new Error('nothing matches ' + selector)); return; }
    let start = 0;
    const observer = new MutationObserver(() => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - start);
    });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no redraw')); },
                             10000);
    observer.observe(picture, {childList: true, subtree: true});
    start = performance.now();
    target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true,
                                                  view: window}));
  });
}
"""


def click_to_picture_ms(widget: Widget, selector: str) -> float:
    """Milliseconds, measured in the browser, from a click on ``selector`` to a new picture.

    The clock starts with ``performance.now()`` as the click is dispatched and stops in
    a MutationObserver when the board has put Python's new picture in the page: the
    board replaces only the parts of its SVG that changed, so any element added to or
    removed from the picture, at any depth, marks it (the observer runs once the board's
    redraw is done).
    """
    widget.picture.evaluate(TIMER_JS)
    elapsed: float = widget.page.evaluate("(s) => window.__exact61Timer(s)", selector)
    return elapsed


def screenshot(page: Page, target: Path, locator: Locator | None = None) -> Path:
    """Save a PNG of the page (or of one element) at ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if locator is None:
        page.screenshot(path=str(target))
    else:
        locator.screenshot(path=str(target))
    return target


# -- the keyboard alone ------------------------------------------------------------------------

_TO_MOVE = re.compile(r"seat (\d+) to move")
#: A board's keyboard items (open places, hand tiles), as board.js marks them.
ITEM = "[data-exact61-item]"


class Keys:
    """The keyboard of a page, counting every key pressed (for the keyboard-only reports)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.by_key: Counter[str] = Counter()

    def press(self, key: str) -> None:
        """Press ``key`` (a Playwright key name such as ``Tab`` or ``Shift+Tab``) and count it."""
        self.page.keyboard.press(key)
        self.count += 1
        self.by_key[key] += 1

    def summary(self) -> str:
        """``41 key presses (Enter 12, ArrowRight 20, …)``."""
        parts = ", ".join(f"{k} {n}" for k, n in self.by_key.most_common())
        return f"{self.count} key presses ({parts})"


def _keys(page: Page, keys: Keys | None) -> Keys:
    return keys if keys is not None else Keys(page)


def table_status(table: Widget) -> str:
    """The table's status line (class exact61-status): whose turn, or how the hand ended."""
    return table.root.locator(".exact61-status").first.text_content() or ""


def wait_for_status_change(table: Widget, before: str, what: str, timeout: float = 15) -> str:
    """Wait until the status line differs from ``before``; the new status line."""
    wait_until(lambda: table_status(table) != before, timeout, what)
    return table_status(table)


def hand_is_over(status: str) -> bool:
    """Whether the status line says the hand (or the whole match) is over."""
    return "is over" in status


def tab_to(page: Page, target: Locator, limit: int = 250, keys: Keys | None = None) -> None:
    """Press Tab until the focus is on an element of ``target``, as a keyboard user would.

    Shift+Tab is used when the focus is already past the first such element, so the
    focus never has to wrap around the whole page.
    """
    press = _keys(page, keys).press
    handles = target.element_handles()
    assert handles, "nothing to tab to"
    where = """([nodes]) => {
                 const node = document.activeElement;
                 if (nodes.includes(node)) return 'on';
                 if (!node || node === document.body) return 'before';
                 const after = node.compareDocumentPosition(nodes[0])
                   & Node.DOCUMENT_POSITION_FOLLOWING;
                 return after ? 'before' : 'after';
               }"""
    key = "Shift+Tab" if page.evaluate(where, [handles]) == "after" else "Tab"
    for _ in range(limit):
        if page.evaluate(where, [handles]) == "on":
            return
        press(key)
    raise AssertionError(f"{limit} presses of {key} never reached the target")


def focused_item(page: Page) -> tuple[str | None, str | None]:
    """The ``data-tile`` and ``data-place`` of the focused element."""
    found = page.evaluate("""() => {
                               const n = document.activeElement;
                               return n ? [n.getAttribute('data-tile'),
                                           n.getAttribute('data-place')] : [null, null];
                             }""")
    return found[0], found[1]


def item_key(node: Locator) -> str:
    """An item's key as board.js names it: ``[4|4]:branchA`` or ``tile [1|2]``."""
    place = node.get_attribute("data-place")
    return place if place else f"tile {node.get_attribute('data-tile')}"


def board_order(widget: Widget) -> list[str]:
    """The keys of the board's items in the order the arrow keys visit them."""
    found: list[str] = widget.picture.evaluate(
        f"""node => Array.from(node.querySelectorAll('{ITEM}'))
              .sort((a, b) => a.dataset.exact61Order - b.dataset.exact61Order)
              .map(n => n.getAttribute('data-place') || 'tile ' + n.getAttribute('data-tile'))"""
    )
    return found


def focused_key(page: Page) -> str | None:
    """The key of the focused board item (None when the focus is elsewhere)."""
    tile, place = focused_item(page)
    return place if place else None if tile is None else f"tile {tile}"


def tab_to_board(page: Page, widget: Widget, keys: Keys | None = None) -> None:
    """Tab (or Shift+Tab) to the board's one Tab stop: the item holding tabindex 0."""
    tab_to(page, widget.picture.locator(f'{ITEM}[tabindex="0"]'), keys=keys)


def arrow_to(page: Page, widget: Widget, key: str, keys: Keys | None = None) -> None:
    """Move the focus along the board's items to ``key``: the fewest arrow, Home, End presses.

    The focus must be on the board already (:func:`tab_to_board`).
    """
    press = _keys(page, keys).press
    order = board_order(widget)
    now = focused_key(page)
    assert now in order and key in order, (now, key, order)
    at, to, count = order.index(now), order.index(key), len(order)
    routes = [
        ((to - at) % count, [], "ArrowRight"),
        ((at - to) % count, [], "ArrowLeft"),
        (to + 1, ["Home"], "ArrowRight"),
        (count - to, ["End"], "ArrowLeft"),
    ]
    steps, first, arrow = min(routes, key=lambda r: r[0])  # r[0]: presses in all
    for name in first:
        press(name)
        steps -= 1
    for _ in range(steps):
        press(arrow)
    assert focused_key(page) == key, (focused_key(page), key)


def keyboard_play(
    page: Page, widget: Widget, tiles: list[str], done: Callable[[], bool], keys: Keys | None = None
) -> str:
    """Play one of ``tiles`` (their keys) with arrows and Enter; the play made.

    The focus must be on the board. Each tile is tried in turn: Enter chooses it; if
    Python then lights places for it (``g.place.highlight``) the arrows go to the first
    lit place and Enter plays it there; a tile on an empty table plays at once. A tile
    that fits nowhere is put back with Enter. ``done()`` says when the play reached Python.
    """
    press = _keys(page, keys).press
    for tile in tiles:
        arrow_to(page, widget, tile, keys)
        before = widget.markup()
        press("Enter")
        widget.wait_for_change(before)
        if done():
            return f"{tile[5:]} opens"
        lit = widget.picture.locator(f".exact61-layout g.place.highlight{ITEM}")
        if lit.count():
            place = item_key(lit.first)
            arrow_to(page, widget, place, keys)
            press("Enter")
            wait_until(done, 15, "the play to reach Python")
            return f"{tile[5:]}@{place}"
        before = widget.markup()
        press("Enter")  # it fits nowhere: put it back
        widget.wait_for_change(before)
    raise AssertionError(f"no tile of {tiles} could be played: {widget.live()}")


def keyboard_turn(page: Page, table: Widget, keys: Keys | None = None) -> str:
    """Make one play for the learner with the keyboard alone; the play made.

    Tab (or Shift+Tab) reaches the board's one Tab stop, then :func:`keyboard_play`
    tries the tiles of the hand in their order on screen.
    """
    tab_to_board(page, table, keys)
    status = table_status(table)
    tiles = [k for k in board_order(table) if k.startswith("tile ")]
    return keyboard_play(page, table, tiles, lambda: table_status(table) != status, keys)


def keyboard_hand(
    page: Page, table: Widget, human: int = 0, turns: int = 60, keys: Keys | None = None
) -> list[str]:
    """Play a whole hand from the keyboard: the learner's plays, Auto-play for the bots.

    Only Tab, Shift+Tab, the arrows, Home, End and Enter are pressed (each counted in
    ``keys``). Returns the learner's plays. Python decides everything; the test only
    reads the status line and the board that Python redraws.
    """
    plays: list[str] = []
    for _ in range(turns):
        status = table_status(table)
        if hand_is_over(status):
            return plays
        mover = _TO_MOVE.search(status)
        if mover is not None and int(mover.group(1)) == human:
            plays.append(keyboard_turn(page, table, keys))
        else:
            tab_to(page, table.button("auto-play"), keys=keys)
            _keys(page, keys).press("Enter")
            wait_for_status_change(table, status, "Auto-play to reach Python")
    raise AssertionError(f"the hand did not end after {turns} turns: {table_status(table)}")


# -- a click, then a lit place ------------------------------------------------------------------


def click_tile_then_place(widget: Widget, hand_css: str) -> tuple[str, str]:
    """Play with the mouse: click a tile of ``hand_css``, then the first place lit for it.

    Tiles are tried in order until Python lights at least one place for one (a tile
    that fits nowhere is clicked again, which puts it back). Returns the tile and the
    place (``""`` when the tile opened an empty table); it waits until the board was
    redrawn after the play.
    """
    names = [
        str(t.get_attribute("data-tile"))
        for t in widget.picture.locator(f"{hand_css} [data-tile]").all()
    ]
    for tile in names:
        before = widget.markup()
        widget.picture.locator(f'{hand_css} [data-tile="{tile}"]').first.click()
        widget.wait_for_change(before)
        if f'data-tile="{tile}"' in widget.picture.locator(".exact61-layout").inner_html():
            return tile, ""  # the table was empty: the tile opened it
        lit = widget.picture.locator(".exact61-layout g.place.highlight[data-place]")
        if lit.count():
            place = str(lit.first.get_attribute("data-place"))
            before = widget.markup()
            lit.first.click()
            widget.wait_for_change(before)
            return tile, place
        before = widget.markup()
        widget.picture.locator(f'{hand_css} [data-tile="{tile}"]').first.click()
        widget.wait_for_change(before)
    raise AssertionError(f"no tile of {names} lit a place: {widget.live()}")


def theme_is_dark(page: Page) -> bool:
    """Whether the page shows a dark JupyterLab theme."""
    return bool(page.evaluate("document.body.dataset.jpThemeLight === 'false'"))
