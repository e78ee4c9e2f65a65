"""The live class's web handlers, in the classroom server's own process (no kernel a learner).

Every route is under ``/live``. Learners: ``/live`` (the room code), ``/live/r/CODE`` (the
page), ``/live/api/r/CODE/state`` (a long poll: what the page shows, when it changes),
``.../join`` and ``.../answer`` (POST). The teacher: ``/live/teacher?key=SECRET`` (sets
the teacher's cookie once, then leaves the secret out of the address), ``/live/teacher``,
``/live/teacher/r/CODE`` (the console), ``/live/api/teacher/...`` and the CSV and report.

What protects what:

* the teacher's routes need the teacher's cookie: an HMAC of the server's secret, which
  only the address ``make classroom`` prints gives (HttpOnly, SameSite=Strict);
* a learner is a random id in an HttpOnly, SameSite=Strict cookie; their requests read
  only :meth:`.live.Room.learner_view` (their own answer and feedback) and change only
  their own answer or name;
* every POST must carry the page's ``X-XSRFToken`` (Tornado's check against the ``_xsrf``
  cookie), be JSON, come from this server's own origin if the browser names one, and be
  at most :data:`MAX_BODY` bytes (read no further);
* every refusal is a one-line message in the learner's language (JSON ``{"error": …}``)
  and changes nothing; the pages send a Content-Security-Policy that runs only this
  server's scripts and loads nothing from anywhere else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.ioloop
import tornado.web

from exact61_widgets.classroom.bank import banks, prepare_solutions, solution_ready, solution_view
from exact61_widgets.classroom.live import Lessons, LiveError, Room, UnknownRoom
from exact61_widgets.classroom.pages import (
    console_home,
    console_page,
    distribution_svg,
    join_page,
    learner_page,
    message_page,
)
from exact61_widgets.classroom.report import answers_csv, lesson_report
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import LANGUAGES, Msg, check_lang

#: The largest request body the live class reads (bytes).
MAX_BODY = 4096
#: How long a long poll waits for a change before it answers anyway (seconds).
POLL_SECONDS = 25.0
#: The cookies: the learner's id, the teacher's key.
LEARNER_COOKIE = "exact61_learner"
TEACHER_COOKIE = "exact61_teacher"
LANG_COOKIE = "exact61_lang"
#: Where the pages' script and style sheet are.
STATIC = Path(__file__).with_name("static")
#: What every page and answer of the live class may load: this server's own files only.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
SETTINGS_KEY = "exact61_live"


@dataclass
class LiveSettings:
    """What the handlers share: the rooms, the teacher's secret, the join address's start."""

    lessons: Lessons
    secret: str
    join_base: str | None = None

    def teacher_key(self) -> str:
        """The value of the teacher's cookie: an HMAC of the secret, never the secret."""
        return hmac.new(self.secret.encode(), b"exact61 teacher", hashlib.sha256).hexdigest()


def request_language(handler: tornado.web.RequestHandler, fallback: str = "en") -> str:
    """The language asked for (``?lang=``), else the one the learner's page was last opened
    in (a cookie), else the browser's first known one, else ``fallback``."""
    asked = handler.get_query_argument("lang", "")
    if asked in LANGUAGES:
        return asked
    kept = handler.get_cookie(LANG_COOKIE, "")
    if kept in LANGUAGES:
        return kept
    accept = handler.request.headers.get("Accept-Language", "")
    for part in accept.split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return check_lang(fallback)


class LiveHandler(tornado.web.RequestHandler):
    """The common ground of every live-class route (see the module).

    The routes that take a POST stream its body in (``stream_request_body``:
    :meth:`data_received`), so that one larger than :data:`MAX_BODY` is refused as soon
    as it is, not first held in memory; a refused POST closes its connection (its body may
    be unread).
    """

    def initialize(self) -> None:
        self.live: LiveSettings = self.settings[SETTINGS_KEY]
        self.lang = "en"
        self.received = bytearray()
        #: The browser has gone (a long poll is then not answered).
        self.gone = False

    def on_connection_close(self) -> None:
        self.gone = True

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")

    def check_xsrf_cookie(self) -> None:
        """Tornado's check, run by :meth:`prepare` for the POSTs of this handler only."""
        super().check_xsrf_cookie()

    def prepare(self) -> None:
        self.lang = request_language(self)
        if self.request.method != "POST":
            return
        length = self.request.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            self.refuse(413, Msg("The request is too large."))
            return
        origin = self.request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != self.request.host:
            self.refuse(403, Msg("The request came from another site: it was refused."))
            return
        kind = self.request.headers.get("Content-Type", "").split(";")[0].strip()
        if kind != "application/json":
            self.refuse(400, Msg("The request could not be read."))
            return
        try:
            self.check_xsrf_cookie()
        except tornado.web.HTTPError:
            self.refuse(403, Msg("The page is out of date: reload it."))
            return

    def data_received(self, chunk: bytes) -> None:
        """A part of the body: kept, unless the body has grown past :data:`MAX_BODY`."""
        if self._finished:
            return
        self.received += chunk
        if len(self.received) > MAX_BODY:
            self.refuse(413, Msg("The request is too large."))

    def body(self) -> dict[str, Any]:
        """The POST's JSON object; anything else raises :class:`LiveError`."""
        try:
            data = json.loads(bytes(self.received) or b"null")
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict):
            raise LiveError(Msg("The request could not be read."))
        return data

    def refuse(self, status: int, message: Msg | Exact61Error) -> None:
        """Answer ``status`` with one line in the request's language."""
        text = message.text(self.lang)
        if self.request.method == "POST":
            self.set_header("Connection", "close")
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps({"error": text}, ensure_ascii=False))

    def reply(self, data: dict[str, Any]) -> None:
        """Answer with JSON."""
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def page(self, text: str, status: int = 200) -> None:
        """Answer with an HTML page."""
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(text)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Every other error as one line too (never a trace)."""
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps({"error": self._reason}))

    def room(self, code: str) -> Room:
        """The room, with the request's language defaulting to the room's."""
        room = self.live.lessons.find(code)
        if not self.get_query_argument("lang", "") and not self.get_cookie(LANG_COOKIE):
            self.lang = request_language(self, room.lang)
        return room

    def room_or_refuse(self, code: str) -> Room | None:
        """The room, or None once the request has been refused (404, one line)."""
        if self._finished:
            return None
        try:
            return self.room(code)
        except LiveError as error:
            self.refuse(404, error)
            return None

    def learner_id(self, create: bool) -> str | None:
        """The learner's id from their cookie; a new one if ``create`` and there is none."""
        found = self.get_cookie(LEARNER_COOKIE)
        if found and 16 <= len(found) <= 64 and found.replace("-", "").replace("_", "").isalnum():
            return found
        if not create:
            return None
        made = secrets.token_urlsafe(24)
        self.set_cookie(LEARNER_COOKIE, made, path="/live", httponly=True, samesite="Strict")
        return made

    def is_teacher(self) -> bool:
        """Whether the request carries the teacher's cookie."""
        given = self.get_cookie(TEACHER_COOKIE) or ""
        return hmac.compare_digest(given.encode(), self.live.teacher_key().encode())


# --- learners ---


class JoinHandler(LiveHandler):
    """``/live``: ask for the room code; ``?code=`` goes to the room's page."""

    def get(self) -> None:
        code = self.get_query_argument("code", "").strip()
        if not code:
            self.page(join_page(self.lang))
            return
        try:
            room = self.live.lessons.find(code)
        except LiveError as error:
            self.page(join_page(self.lang, error.text(self.lang)), 404)
            return
        self.redirect(f"/live/r/{room.code}?lang={self.lang}")


class LearnerPageHandler(LiveHandler):
    """``/live/r/CODE``: the learner's page (the learner's cookie is set here)."""

    def get(self, code: str) -> None:
        try:
            room = self.room(code)
        except LiveError as error:
            self.page(join_page(self.lang, error.text(self.lang)), 404)
            return
        self.learner_id(create=True)
        self.set_cookie(LANG_COOKIE, self.lang, path="/live", httponly=True, samesite="Strict")
        self.page(learner_page(room.code, self.lang, self.xsrf_token.decode()))


class LearnerStateHandler(LiveHandler):
    """``/live/api/r/CODE/state?v=N``: the learner's view, once it differs from version N."""

    async def get(self, code: str) -> None:
        room = self.room_or_refuse(code)
        if room is None:
            return
        learner = self.learner_id(create=False) or ""
        seen = self.get_query_argument("v", "")
        if seen.isdigit() and len(seen) < 10:
            await room.public.wait(int(seen), POLL_SECONDS)
        if not self.gone:
            self.reply(room.learner_view(learner, self.lang))


@tornado.web.stream_request_body
class LearnerActionHandler(LiveHandler):
    """``/live/api/r/CODE/join`` and ``.../answer`` (POST): the learner's own name or answer."""

    def post(self, code: str, action: str) -> None:
        if self._finished:
            return
        try:
            room = self.room(code)
            learner = self.learner_id(create=False)
            if learner is None:
                raise LiveError(
                    Msg("Your browser did not keep this class's cookie: reload the page.")
                )
            data = self.body()
            if action == "join":
                name = data.get("name")
                if name is not None and not isinstance(name, str):
                    raise LiveError(Msg("The request could not be read."))
                room.join(learner, name or None)
                self.reply({"name": room.learners.get(learner)})
                return
            seq, rnd, answer = data.get("seq"), data.get("round"), data.get("answer")
            if not (isinstance(seq, int) and isinstance(rnd, int) and isinstance(answer, str)):
                raise LiveError(Msg("The request could not be read."))
            room.submit(learner, seq, rnd, answer)
            self.reply({"received": True, "answer": answer.strip(), "seq": seq, "round": rnd})
        except LiveError as error:
            self.refuse(404 if isinstance(error, UnknownRoom) else 400, error)
        except Exact61Error as error:  # the engine could not read the answer
            self.refuse(400, error)


# --- the teacher ---


class TeacherMixin(LiveHandler):
    """A teacher's route: refused (403, one line) without the teacher's cookie."""

    def prepare(self) -> None:
        super().prepare()
        if not self._finished and not self.is_teacher():
            if self.request.path.startswith("/live/api/"):
                self.refuse(403, Msg("Only the teacher's console may do this."))
            else:
                said = Msg(
                    "This page is for the teacher: open the address that make classroom printed."
                ).text(self.lang)
                self.page(message_page(self.lang, said), 403)


class TeacherLoginHandler(LiveHandler):
    """``/live/teacher?key=SECRET`` sets the teacher's cookie; ``/live/teacher`` is the start
    page (rooms running, a new room)."""

    def get(self) -> None:
        key = self.get_query_argument("key", "")
        if key:
            if not hmac.compare_digest(key.encode(), self.live.secret.encode()):
                said = Msg("That is not the teacher's key.").text(self.lang)
                self.page(message_page(self.lang, said), 403)
                return
            self.set_cookie(
                TEACHER_COOKIE,
                self.live.teacher_key(),
                path="/live",
                httponly=True,
                samesite="Strict",
            )
            self.redirect(f"/live/teacher?lang={self.lang}")
            return
        if not self.is_teacher():
            said = Msg(
                "This page is for the teacher: open the address that make classroom printed."
            ).text(self.lang)
            self.page(message_page(self.lang, said), 403)
            return
        rooms = [(r.code, r.bank.title.text(self.lang)) for r in self.live.lessons.open_rooms()]
        offered = [(b.name, b.title.text(self.lang)) for b in banks()]
        self.page(console_home(self.lang, self.xsrf_token.decode(), rooms, offered))


@tornado.web.stream_request_body
class NewRoomHandler(TeacherMixin):
    """``/live/api/teacher/rooms`` (POST ``{"bank", "lang"}``): a new room; its code."""

    def post(self) -> None:
        if self._finished:
            return
        try:
            data = self.body()
            bank, lang = data.get("bank"), data.get("lang", self.lang)
            if not isinstance(bank, str) or lang not in LANGUAGES:
                raise LiveError(Msg("The request could not be read."))
            room = self.live.lessons.create(bank, lang)
        except LiveError as error:
            self.refuse(400, error)
            return
        self.reply({"code": room.code})


def join_address(handler: LiveHandler, code: str) -> str:
    """The address learners open: on the room's network if the server serves it."""
    base = handler.live.join_base or f"{handler.request.protocol}://{handler.request.host}"
    return f"{base.rstrip('/')}/live/r/{code}"


class ConsolePageHandler(TeacherMixin):
    """``/live/teacher/r/CODE``: the console of a room."""

    def get(self, code: str) -> None:
        try:
            room = self.room(code)
        except LiveError as error:
            self.page(message_page(self.lang, error.text(self.lang)), 404)
            return
        address = join_address(self, room.code)
        self.page(console_page(room.code, self.lang, self.xsrf_token.decode(), address))


class ConsoleStateHandler(TeacherMixin):
    """``/live/api/teacher/r/CODE/state?v=N``: the console's view once it differs from N."""

    async def get(self, code: str) -> None:
        room = self.room_or_refuse(code)
        if room is None:
            return
        seen = self.get_query_argument("v", "")
        if seen.isdigit() and len(seen) < 10:
            await room.console.wait(int(seen), POLL_SECONDS)
        if self.gone:
            return
        entry = room.entry()
        if room.phase == "revealed" and entry is not None:
            prefix = room.solution_prefix
            if not solution_ready(entry, prefix, self.lang):  # drawn off the event loop
                loop = tornado.ioloop.IOLoop.current()
                await loop.run_in_executor(None, solution_view, entry, prefix, self.lang)
        view = room.console_view(self.lang)
        if "distribution" in view:
            view["picture"] = distribution_svg(view["distribution"], self.lang)
        self.reply(view)


@tornado.web.stream_request_body
class ConsoleActionHandler(TeacherMixin):
    """``/live/api/teacher/r/CODE/ACTION`` (POST): open, next, close, reveal, again, end."""

    def post(self, code: str, action: str) -> None:
        if self._finished:
            return
        try:
            room = self.room(code)
            data = self.body()
            if action == "open":
                key = data.get("key")
                if not isinstance(key, str):
                    raise LiveError(Msg("The request could not be read."))
                room.open_question(key)
            elif action == "next":
                following = room.next_key()
                if following is None:
                    raise LiveError(Msg("That was the bank's last question."))
                room.open_question(following)
            elif action == "close":
                room.close()
            elif action == "reveal":
                room.reveal()
            elif action == "again":
                room.again()
            else:
                room.end()
        except LiveError as error:
            self.refuse(400, error)
            return
        entry = room.entry()
        if action in ("open", "next") and entry is not None:
            # the solution's walkthrough is drawn in a worker thread while the class answers
            tornado.ioloop.IOLoop.current().run_in_executor(
                None, prepare_solutions, entry, room.solution_prefix
            )
        self.reply({"phase": room.phase, "seq": room.seq, "round": room.round})


class AnswersCsvHandler(TeacherMixin):
    """``/live/teacher/r/CODE/answers.csv``: the class's answers."""

    def get(self, code: str) -> None:
        room = self.room_or_refuse(code)
        if room is None:
            return
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="class-{room.code}.csv"')
        self.finish(answers_csv(room))


class ReportHandler(TeacherMixin):
    """``/live/teacher/r/CODE/report``: the end-of-lesson report."""

    def get(self, code: str) -> None:
        room = self.room_or_refuse(code)
        if room is None:
            return
        self.page(lesson_report(room, self.lang))


class StaticHandler(tornado.web.StaticFileHandler):
    """The pages' script and style sheet."""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")


CODE = r"([A-Za-z0-9]{1,12})"


def live_routes(settings: LiveSettings) -> list[tuple[Any, ...]]:
    """The live class's routes; ``settings`` goes into the application's settings as
    ``exact61_live`` (see :func:`install`)."""
    return [
        (r"/live/?", JoinHandler),
        (rf"/live/r/{CODE}/?", LearnerPageHandler),
        (rf"/live/api/r/{CODE}/state", LearnerStateHandler),
        (rf"/live/api/r/{CODE}/(join|answer)", LearnerActionHandler),
        (r"/live/teacher/?", TeacherLoginHandler),
        (r"/live/api/teacher/rooms", NewRoomHandler),
        (rf"/live/teacher/r/{CODE}/?", ConsolePageHandler),
        (rf"/live/api/teacher/r/{CODE}/state", ConsoleStateHandler),
        (rf"/live/api/teacher/r/{CODE}/(open|next|close|reveal|again|end)", ConsoleActionHandler),
        (rf"/live/teacher/r/{CODE}/answers\.csv", AnswersCsvHandler),
        (rf"/live/teacher/r/{CODE}/report", ReportHandler),
        (
            r"/live/static/(common\.js|live\.js|console\.js|live\.css)",
            StaticHandler,
            {"path": str(STATIC)},
        ),
    ]


def application(settings: LiveSettings, **tornado_settings: Any) -> tornado.web.Application:
    """A Tornado application serving the live class alone (tests, the benchmark)."""
    return tornado.web.Application(
        live_routes(settings), **{SETTINGS_KEY: settings, **tornado_settings}
    )
