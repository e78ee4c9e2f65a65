"""Voila for a whole lesson, and the live class beside it, in one server.

``python scripts/classroom_server.py NOTEBOOK [Voila options]`` runs it.

``make classroom`` (through ``scripts/serve.py``) runs Voila with three things a room needs
that plain Voila does not do by itself:

* **Kernels of closed or abandoned pages end.** A page that closes asks Voila to shut its
  kernel down at once (it needs the ``_xsrf`` cookie for that, which this server sets); a
  page that vanishes (a laptop shut, a network gone, a link checker that never opens the
  page) leaves a kernel nobody is connected to. Jupyter's culler shuts such a kernel down
  once it has been idle :data:`CULL_IDLE` seconds (:data:`UNSEEN_IDLE` if no page ever
  connected to it: a page may take that long to load when a whole room arrives on a small
  computer), looking every :data:`CULL_INTERVAL` seconds. A page still loading is alive:
  once its browser has asked for anything more (Voila's scripts, the widgets' extensions:
  known by the page's ``_xsrf`` cookie), its kernel is left :data:`LOADING_IDLE` seconds
  from the last such request, so a page that takes minutes to load on an overloaded
  computer keeps its kernel, and a request that never loads the page (a link checker)
  still loses it after :data:`UNSEEN_IDLE` seconds. WebSocket pings every
  10 s notice within 30 s a connection that died silently: within two minutes in all.
* **A cap on learners.** At most ``--ClassroomVoila.max_learners`` pages hold a kernel at
  once (:data:`MAX_LEARNERS` by default, about 1.7 GB of kernels); a visitor past it gets HTTP
  503 with a short page in English and Russian that tries again by itself
  (:func:`exact61_widgets.classroom.full.full_page`), not an error trace.
* **Warm kernels.** ``--ClassroomVoila.warm_kernels`` kernels (:data:`WARM_KERNELS`) have run
  the notebook before anyone asks (Voila's preheated pool), so a page is interactive in a
  second or two; the pool fills again as pages take its kernels. 0 turns it off.

Beside the app it serves the **live class** (:mod:`exact61_widgets.classroom.handlers`,
under ``/live``): the teacher's console, opened with the teacher's secret
(``$EXACT61_TEACHER_SECRET``, which ``make classroom`` makes and prints; a server started
without one makes one and logs the console's address), and the learners' pages, which cost
no kernel. Classes are kept in ``--ClassroomVoila.class_dir``
(:func:`exact61_widgets.classroom.store.default_folder` by default) and read back when the
server starts again; ``$EXACT61_JOIN_BASE`` is the start of the address learners open (the
room's network address under ``HOST=0.0.0.0``).

It also waits longer for a cell's output (:data:`IOPUB_TIMEOUT`) than Voila does, so that a
room arriving at once on a small computer still gets its widgets, and it sends a widget's
answer to the browser without Nagle's delay (up to 40 ms a click:
:class:`exact61_widgets.server_extension.PromptConnection`). Everything else is Voila's own;
every Voila option still works.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.log import access_log
from traitlets import Integer, TraitError, Unicode, default
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from exact61_widgets.classroom.full import RETRY_SECONDS, full_page
from exact61_widgets.classroom.handlers import SETTINGS_KEY, LiveSettings, live_routes
from exact61_widgets.classroom.live import Lessons
from exact61_widgets.classroom.store import default_folder
from exact61_widgets.server_extension import PromptConnection

#: Learners at once: about 55-70 MB of memory each (``benchmarks/bench_classroom.py``).
MAX_LEARNERS = 30
#: Kernels kept warm, the notebook already run in them.
WARM_KERNELS = 2
#: Seconds a kernel whose page was connected and is gone may stay idle; a kernel no page has
#: connected to yet (a page still loading on a busy computer, or a request that never will)
#: is left :data:`UNSEEN_IDLE` seconds; the culler looks every :data:`CULL_INTERVAL`.
CULL_IDLE = 60
UNSEEN_IDLE = 90
#: Seconds a kernel whose page's browser is loading the page (it asked for the page's
#: scripts) may stay idle before the page connects: 16 pages and their kernels on two busy
#: cores took over 90 s between their last script and the connection.
LOADING_IDLE = 240
CULL_INTERVAL = 5
#: Seconds Voila waits for a cell's output once the kernel has run it: nbclient's 4 s drop
#: the classroom's widget (the cell's only output) when many pages start at once on two cores.
IOPUB_TIMEOUT = 120
#: Milliseconds between Jupyter's WebSocket pings, and how long a page may leave them
#: unanswered before its connection counts as gone (Jupyter's own: 30 s and 90 s).
PING = 10_000
PING_TIMEOUT = 30_000

#: Where Voila's page names its kernel (its page config, in the page's first part).
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]+)"')


def last_activity(kernel: Any) -> datetime | None:
    """When the kernel was last busy, or ``None`` while it starts (Jupyter sets the time
    once the kernel is up: reading it before raises)."""
    try:
        since: datetime | None = kernel.last_activity
    except TraitError:
        return None
    return since


#: What the server says when the culler first sees a warm kernel a page has taken: that
#: kernel's idle time starts then (tests/test_make_serve.py waits for it).
HANDED = "A page took the warm kernel %s: its idle time starts now"


class ClassroomFull(Exception):
    """No seat is free: every one of ``max_learners`` pages holds a kernel."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with the culler on and a count of the pages holding kernels.

    A page's kernel is either started for it (Voila's ``VOILA_PREHEAT`` is ``False``) or
    taken from the warm pool; warm kernels are known by the pool task that started them,
    and count as a page's once that task has left the pool.
    """

    max_learners = Integer(MAX_LEARNERS, config=True, help="The most pages holding kernels.")

    @default("cull_idle_timeout")
    def _default_cull_idle(self) -> int:
        return CULL_IDLE

    @default("cull_interval")
    def _default_cull_interval(self) -> int:
        return CULL_INTERVAL

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pages: set[str] = set()
        self._starting = 0
        self._warm: dict[asyncio.Task[Any], str] = {}
        self._handed: set[str] = set()
        self._seen: set[str] = set()
        self._loading: dict[str, set[str]] = {}
        self._browsed: set[str] = set()

    def _pool_tasks(self) -> set[asyncio.Task[Any]]:
        """The warm pool's tasks still waiting for a page (Voila's own pool, if any)."""
        pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        return {task for pool in pools.values() for task in pool}

    def _taken(self) -> set[str]:
        """Warm kernels that pages have taken from the pool."""
        waiting = self._pool_tasks()
        return {kid for task, kid in self._warm.items() if task not in waiting and kid in self}

    def learners(self) -> int:
        """How many pages hold a kernel now, or are having one started."""
        return len(self._pages | self._taken()) + self._starting

    def admit(self) -> None:
        """Raise :class:`ClassroomFull` if no seat is free."""
        if self.learners() >= self.max_learners:
            raise ClassroomFull

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel: for a page (seat checked first) or for the warm pool."""
        env = kwargs.get("env") or {}
        warm = env.get("VOILA_PREHEAT") == "True"
        if not warm:
            self.admit()  # no await before the count goes up: requests cannot overtake it
            self._starting += 1
        # Kernels' own warnings (every one says it talks TCP on this computer) are noise in
        # the teacher's terminal; their errors still show.
        kwargs.setdefault("extra_arguments", ["--IPKernelApp.log_level=ERROR"])
        try:
            kernel_id: str = await super().start_kernel(*args, **kwargs)
        finally:
            if not warm:
                self._starting -= 1
        task = asyncio.current_task()
        if warm and task is not None:
            self._warm[task] = kernel_id
        else:
            self._pages.add(kernel_id)
        return kernel_id

    def page_served(self, cookie: str, kernel_id: str) -> None:
        """The page of the browser with this ``_xsrf`` cookie holds ``kernel_id`` (a warm
        one or one started for it: the page names it)."""
        self._loading.setdefault(cookie, set()).add(kernel_id)

    def page_request(self, cookie: str) -> None:
        """A browser whose page's kernel no page has connected to yet asked for something
        (the page is loading): that kernel's idle time starts again, and it is culled as a
        page's that is loading (:data:`LOADING_IDLE`)."""
        for kernel_id in self._loading.get(cookie, set()) - self._seen:
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and last_activity(kernel) is not None:
                kernel.last_activity = utcnow()
                self._browsed.add(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected to the kernel: from now on it is culled as a seen one."""
        self._seen.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter's culling, but a kernel no page has connected to yet is left
        :data:`UNSEEN_IDLE` seconds (:data:`LOADING_IDLE` once its browser is loading the
        page), and a warm kernel a page has just taken is idle from
        now on, not since it warmed: else the culler, finding it idle for minutes and not
        yet connected, would end it under the learner who has just arrived."""
        kernel = self._kernels.get(kernel_id)
        if kernel_id in self._taken() and kernel_id not in self._handed:
            self._handed.add(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
            self.log.warning(HANDED, kernel_id)  # shown in the terminal: a learner arrived
            return
        if kernel is not None and kernel_id not in self._seen:
            since = last_activity(kernel)
            grace = LOADING_IDLE if kernel_id in self._browsed else UNSEEN_IDLE
            if since is None or utcnow() - since < timedelta(seconds=grace):
                return  # (no activity yet: the kernel is still starting)
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        """End a kernel and free its seat (a page closed, the culler found it, the server
        stops): at once, since a lesson's kernel keeps nothing to save and a kernel that
        is asked to stop may take seconds on a busy computer."""
        kwargs["now"] = True
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._pages.discard(kernel_id)
            self._handed.discard(kernel_id)
            self._seen.discard(kernel_id)
            self._browsed.discard(kernel_id)
            for kernels in self._loading.values():
                kernels.discard(kernel_id)
            self._loading = {cookie: kids for cookie, kids in self._loading.items() if kids}
            self._warm = {t: k for t, k in self._warm.items() if k != kernel_id}

    async def shutdown_all(self, now: bool = False) -> None:
        """End every kernel at once, as :meth:`shutdown_kernel` does."""
        await super().shutdown_all(now=True)


class ClassroomPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, turning a visitor away with :func:`full_page` when it is full."""

    #: The page's ``_xsrf`` cookie until :meth:`write` has found the page's kernel.
    page_cookie: str | None = None

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        """Voila's page as it streams; the first part names the kernel, which the kernel
        manager then knows as this browser's (:meth:`ClassroomKernelManager.page_served`)."""
        manager = self.kernel_manager
        if self.page_cookie and isinstance(chunk, str | bytes):
            text = chunk.decode("utf-8", "replace") if isinstance(chunk, bytes) else chunk
            found = KERNEL_ID.search(text)
            if found and isinstance(manager, ClassroomKernelManager):
                manager.page_served(self.page_cookie, found[1])
                self.page_cookie = None
        super().write(chunk)

    def refuse(self) -> None:
        """Answer 503 with the short page in English and Russian."""
        manager: ClassroomKernelManager = self.kernel_manager
        self.clear()
        self.set_status(503)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Retry-After", str(RETRY_SECONDS))
        self.finish(full_page(manager.max_learners))

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        """The notebook's page, if a seat is free (a warm kernel is taken with no wait).

        The page also gets its ``_xsrf`` cookie, which Voila's page leaves unset: without
        it the page's last request as it closes ("shut my kernel down") is refused, and the
        kernel waits for the culler instead.
        """
        manager = self.kernel_manager
        # The notebook's own page: "/" when Voila serves one notebook, else a notebook's path.
        page = not path if self.notebook_path else str(path).endswith(".ipynb")
        try:
            if page and isinstance(manager, ClassroomKernelManager):
                # Sets the cookie if the browser has none yet (then the cookie is the token).
                token = self.xsrf_token
                self.page_cookie = self.get_cookie("_xsrf") or token.decode()
                manager.admit()  # then straight to the warm pool, with no wait between
            await super().get(path)
        except ClassroomFull:
            if not self._headers_written:
                self.refuse()


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voila with the culler, the cap on learners and the warm pool (see the module)."""

    max_learners = Integer(MAX_LEARNERS, config=True, help="The most learners (kernels) at once.")
    warm_kernels = Integer(WARM_KERNELS, config=True, help="Kernels kept warm (0: none).")
    class_dir = Unicode("", config=True, help="Where the live classes are kept (a file each).")

    #: The live class's rooms and secret (set by :meth:`initialize`).
    live: LiveSettings | None = None

    @default("kernel_websocket_connection_class")
    def _default_connection(self) -> type:
        """Kernel WebSockets without Nagle's delay (see exact61_widgets.server_extension)."""
        return PromptConnection

    def initialize(self, argv: Any = None) -> None:
        """Voila's set-up, with this app's kernel manager, pool and WebSocket pings."""
        super().initialize(argv)
        configuration = self.voila_configuration
        configuration.multi_kernel_manager_class = ClassroomKernelManager
        configuration.preheat_kernel = self.warm_kernels > 0
        configuration.default_pool_size = self.warm_kernels
        self.config.ClassroomKernelManager.max_learners = self.max_learners
        if "iopub_timeout" not in self.config.VoilaExecutor:
            self.config.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT
        self.live = live_settings(Path(self.class_dir) if self.class_dir else default_folder())
        if not os.environ.get(SECRET_ENV):
            self.log.warning("The live class's console: /live/teacher?key=%s", self.live.secret)
        self.tornado_settings = {
            SETTINGS_KEY: self.live,
            "ws_ping_interval": PING,
            "ws_ping_timeout": PING_TIMEOUT,
            "log_function": self.log_request,
            **self.tornado_settings,
        }

    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        """Tornado's access log (every finished request), which also tells the kernel
        manager that the browser asking is alive (:meth:`ClassroomKernelManager.page_request`)."""
        status, request = handler.get_status(), handler.request
        log = access_log.info if status < 400 else access_log.warning
        log(
            "%d %s %s (%s) %.2fms",
            *(status, request.method, request.uri, request.remote_ip),
            1000 * request.request_time(),
        )
        manager = handler.settings.get("kernel_manager")
        cookie = handler.get_cookie("_xsrf")
        page = isinstance(handler, ClassroomPageHandler)  # the page itself, not its scripts
        if cookie and not page and isinstance(manager, ClassroomKernelManager):
            manager.page_request(cookie)

    def init_handlers(self) -> list[Any]:
        """The live class's handlers, then Voila's, the notebook's page served by
        :class:`ClassroomPageHandler`."""
        assert self.live is not None
        return [*live_routes(self.live)] + [
            (route[0], ClassroomPageHandler, *route[2:])
            if len(route) > 1 and route[1] is TornadoVoilaHandler
            else route
            for route in super().init_handlers()
        ]


#: The environment variables the live class reads: the teacher's secret, the join address.
SECRET_ENV = "EXACT61_TEACHER_SECRET"
JOIN_ENV = "EXACT61_JOIN_BASE"


def live_settings(folder: Path) -> LiveSettings:
    """The live class's rooms (read back from ``folder``) and the teacher's secret."""
    lessons = Lessons(folder)
    lessons.reopen()
    secret = os.environ.get(SECRET_ENV) or secrets.token_urlsafe(24)
    return LiveSettings(lessons, secret, os.environ.get(JOIN_ENV) or None)


def main() -> None:
    """Run the classroom's Voila with the command line's options."""
    ClassroomVoila.launch_instance(sys.argv[1:])


if __name__ == "__main__":
    main()
