"""The live class: rooms, their questions and rounds, every learner's answer checked and kept.

A :class:`Room` is one class: a room code, a question bank (:mod:`.bank`), its learners
(each a random id the browser keeps in a cookie, and an optional nickname) and the
questions the teacher has opened. A question's round is ``open`` (learners answer),
``closed`` (the console shows the distribution) or ``revealed`` (each learner sees their
own feedback, the console the engine's solution); a question has a second round
("discuss with your neighbour and answer again") at most. Every change goes to the class's
file first (:mod:`.store`) and to memory after, so a refused change changes nothing and a
server started again finds the room as it was (:meth:`Lessons.reopen`).

Learners' answers are checked by the engine in this process (:func:`.answer_counts.checked`): no
kernel per learner. What a learner may read (:meth:`Room.learner_view`) holds their own
answer and, after the reveal, their own feedback, and nothing of anyone else's.

>>> import tempfile, pathlib
>>> lessons = Lessons(pathlib.Path(tempfile.mkdtemp()))
>>> room = lessons.create("00_start_here", "en", now=1.0)
>>> room.join("learner-1", "Ann", now=2.0)
>>> room.open_question("ex-00-1", now=3.0)
>>> room.submit("learner-1", room.seq, 1, "4", now=4.0).right
True
>>> room.close(now=5.0); room.reveal(now=6.0)
>>> room.learner_view("learner-1", "en")["feedback"]["right"]
True
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from exact61_widgets.classroom.answer_counts import Verdict, checked, distribution
from exact61_widgets.classroom.bank import (
    Bank,
    find_bank,
    question_view,
    section_of,
    solution_view,
    task_of,
)
from exact61_widgets.classroom.store import SUFFIX, ClassStore
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.handouts.tutorial_exercises import TutorialExercise
from exact61_widgets.i18n import Msg, check_lang

#: Room codes: letters and digits that cannot be mistaken for one another, read aloud or on
#: a projector (no 0/O, 1/I/L).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: The longest nickname and answer a learner may send (characters).
MAX_NICKNAME = 24
MAX_ANSWER = 200
#: The most learners one room takes.
MAX_LEARNERS = 200
#: Rounds a question may have: the first, and "answer again".
ROUNDS = 2


class LiveError(Exact61Error):
    """A request the live class refuses: one line, in the learner's language; nothing changed."""


class UnknownRoom(LiveError):
    """No room has the code given."""


def _now(now: float | None) -> float:
    return time.time() if now is None else now


class Beacon:
    """A version number that waiters can wait on until it moves (the pages' long-poll)."""

    def __init__(self) -> None:
        self.version = 0
        self._event: asyncio.Event | None = None

    def bump(self) -> None:
        """Something changed: wake every waiter."""
        self.version += 1
        if self._event is not None:
            self._event.set()
            self._event = None

    async def wait(self, seen: int, timeout: float) -> int:
        """Wait until the version is not ``seen`` (at most ``timeout`` s); the version."""
        if self.version == seen:
            if self._event is None:
                self._event = asyncio.Event()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._event.wait(), timeout)
        return self.version


@dataclass
class Given:
    """A learner's answer to one round and the engine's verdict on it."""

    answer: str
    verdict: Verdict
    time: float


class Room:
    """One live class (see the module): its state in memory, every change kept in ``store``."""

    def __init__(self, store: ClassStore) -> None:
        state = store.state()
        self.store = store
        self.code = state.code
        self.bank: Bank = find_bank(state.bank)
        self.lang = check_lang(state.lang)
        self.created = state.created
        self.ended = state.ended
        self.learners: dict[str, str | None] = dict(state.learners)
        self.questions: list[tuple[int, str]] = list(state.questions)
        self.phases: dict[tuple[int, int], str] = dict(state.phases)
        self.given: dict[tuple[int, int], dict[str, Given]] = {}
        for answer in store.answers():
            verdict = Verdict(answer.right, answer.misconceptions)
            round_answers = self.given.setdefault((answer.seq, answer.round), {})
            round_answers[answer.learner] = Given(answer.answer, verdict, answer.time)
        #: Moves on every change a learner's page shows (a question, a phase).
        self.public = Beacon()
        #: Moves on every change the console shows (the above, and every answer, every join).
        self.console = Beacon()

    # --- what the room is at ---

    @property
    def seq(self) -> int:
        """The current question's number (0 before the first)."""
        return self.questions[-1][0] if self.questions else 0

    @property
    def round(self) -> int:
        """The current question's round (0 before the first question)."""
        return max((r for s, r in self.phases if s == self.seq), default=0)

    @property
    def phase(self) -> str:
        """``waiting``, ``open``, ``closed``, ``revealed``, or ``ended``."""
        if self.ended:
            return "ended"
        return self.phases.get((self.seq, self.round), "waiting")

    def entry(self, seq: int | None = None) -> TutorialExercise | None:
        """The bank's entry of question ``seq`` (default: the current one)."""
        wanted = self.seq if seq is None else seq
        for number, key in self.questions:
            if number == wanted:
                return self.bank.entry(key)
        return None

    def _changed(self, public: bool) -> None:
        if public:
            self.public.bump()
        self.console.bump()

    def _refuse_if_ended(self) -> None:
        if self.ended:
            raise LiveError(Msg("This class has ended: ask your teacher for the new room code."))

    # --- the teacher's actions ---

    def open_question(self, key: str, *, now: float | None = None) -> None:
        """Open the bank's question ``key`` in its first round (the last one must not be open)."""
        self._refuse_if_ended()
        if self.phase == "open":
            raise LiveError(Msg("Close the open question first."))
        try:
            self.bank.entry(key)
        except KeyError:
            raise LiveError(Msg("There is no question {key} in this bank.", {"key": key})) from None
        seq = self.seq + 1
        self.store.open_question(seq, key, now=_now(now))
        self.questions.append((seq, key))
        self.phases[(seq, 1)] = "open"
        self._changed(public=True)

    def next_key(self) -> str | None:
        """The bank's question after the current one (the first, before any), or None."""
        keys = [e.name for e in self.bank.entries]
        current = self.questions[-1][1] if self.questions else None
        index = keys.index(current) + 1 if current in keys else 0
        return keys[index] if index < len(keys) else None

    def again(self, *, now: float | None = None) -> None:
        """A second round of the current question: "discuss with your neighbour, answer again"."""
        self._refuse_if_ended()
        if self.phase not in ("closed", "revealed"):
            raise LiveError(Msg("Close the question before its second round."))
        if self.round >= ROUNDS:
            raise LiveError(Msg("This question has had its second round already."))
        rnd = self.round + 1
        self.store.open_round(self.seq, rnd, now=_now(now))
        self.phases[(self.seq, rnd)] = "open"
        self._changed(public=True)

    def close(self, *, now: float | None = None) -> None:
        """Close the open round: no more answers; the console shows the distribution."""
        self._set_phase("open", "closed", now, Msg("No question is open."))

    def reveal(self, *, now: float | None = None) -> None:
        """Reveal the closed round: each learner sees their feedback, the console the solution."""
        self._set_phase("closed", "revealed", now, Msg("Close the question before you reveal it."))

    def _set_phase(self, before: str, after: str, now: float | None, refusal: Msg) -> None:
        self._refuse_if_ended()
        if self.phase != before:
            raise LiveError(refusal)
        self.store.set_phase(self.seq, self.round, after, now=_now(now))
        self.phases[(self.seq, self.round)] = after
        self._changed(public=True)

    def end(self, *, now: float | None = None) -> None:
        """End the lesson: the room takes no more answers (its file stays for the report)."""
        self._refuse_if_ended()
        if self.phase == "open":
            self.close(now=now)
        self.store.end(now=_now(now))
        self.ended = True
        self._changed(public=True)

    # --- the learners' actions ---

    def join(self, learner: str, nickname: str | None, *, now: float | None = None) -> None:
        """A learner joins, with an optional nickname (at most :data:`MAX_NICKNAME`
        characters, not taken in this room); a learner who has joined may name themselves
        once."""
        self._refuse_if_ended()
        name = " ".join(nickname.split()) if nickname else None
        if name is not None and len(name) > MAX_NICKNAME:
            raise LiveError(Msg("A name is at most {n} characters long.", {"n": MAX_NICKNAME}))
        if name is not None and any(
            other is not None and other.casefold() == name.casefold()
            for who, other in self.learners.items()
            if who != learner
        ):
            raise LiveError(Msg("That name is taken in this class: choose another."))
        if learner in self.learners:
            if name is None or self.learners[learner] == name:
                return
            if self.learners[learner] is not None:
                raise LiveError(Msg("You have a name in this class already."))
            with self.store.db:
                self.store.db.execute("BEGIN")
                self.store.db.execute(
                    "UPDATE learners SET nickname = ? WHERE id = ?", (name, learner)
                )
            self.learners[learner] = name
            self._changed(public=False)
            return
        if len(self.learners) >= MAX_LEARNERS:
            raise LiveError(Msg("This class is full: ask your teacher."))
        try:
            self.store.add_learner(learner, name, now=_now(now))
        except sqlite3.IntegrityError:
            raise LiveError(Msg("That name is taken in this class: choose another.")) from None
        self.learners[learner] = name
        self._changed(public=False)

    def submit(
        self, learner: str, seq: int, rnd: int, answer: str, *, now: float | None = None
    ) -> Verdict:
        """A learner's answer to round ``rnd`` of question ``seq``, checked and stored.

        Refused with one line, nothing stored: an ended room, a page showing another
        question or round (a stale page), a round that is not open, an answer too long or
        one the engine cannot read.
        """
        self._refuse_if_ended()
        if (seq, rnd) != (self.seq, self.round):
            raise LiveError(Msg("Your page was out of date: it shows the current question now."))
        if self.phase != "open":
            raise LiveError(Msg("This question is closed: your answer was not counted."))
        text = answer.strip()
        if not text:
            raise LiveError(Msg("Type an answer first."))
        if len(text) > MAX_ANSWER:
            raise LiveError(Msg("An answer is at most {n} characters long.", {"n": MAX_ANSWER}))
        entry = self.entry()
        assert entry is not None
        verdict = checked(task_of(entry), text)  # Unreadable: nothing stored
        moment = _now(now)
        if learner not in self.learners:
            self.join(learner, None, now=moment)
        self.store.add_answer(
            seq, rnd, learner, text, verdict.right, verdict.misconceptions, now=moment
        )
        self.given.setdefault((seq, rnd), {})[learner] = Given(text, verdict, moment)
        self._changed(public=False)
        return verdict

    # --- what each side may read ---

    def answered(self, seq: int | None = None, rnd: int | None = None) -> int:
        """How many learners have answered round ``rnd`` of question ``seq`` (the current)."""
        key = (self.seq if seq is None else seq, self.round if rnd is None else rnd)
        return len(self.given.get(key, {}))

    def verdicts(self, seq: int, rnd: int) -> list[Verdict]:
        """The verdicts on the learners' last answers to one round."""
        return [g.verdict for g in self.given.get((seq, rnd), {}).values()]

    def learner_view(self, learner: str, lang: str) -> dict[str, Any]:
        """What ``learner``'s page shows: the question, their own answer and, after the
        reveal, their own feedback. No count, no other learner's answer or name."""
        lang = check_lang(lang)
        view: dict[str, Any] = {
            "code": self.code,
            "phase": self.phase,
            "seq": self.seq,
            "round": self.round,
            "name": self.learners.get(learner),
            "joined": learner in self.learners,
            "version": self.public.version,
        }
        entry = self.entry()
        if entry is None:
            return view
        shown = question_view(entry, f"q{self.seq}", lang)
        view["question"] = {
            "text": shown.question,
            "form": shown.answer_form,
            "pictures": list(shown.pictures),
            "facts": list(shown.facts),
        }
        mine = self.given.get((self.seq, self.round), {}).get(learner)
        view["answer"] = mine.answer if mine is not None else None
        if self.phase == "revealed" and mine is not None:
            task = task_of(entry)
            feedback = task.check(mine.answer)
            view["feedback"] = {"right": feedback.ok, "text": feedback.text(lang)}
        return view

    def console_view(self, lang: str) -> dict[str, Any]:
        """What the teacher's console shows: everything of the room."""
        lang = check_lang(lang)
        view: dict[str, Any] = {
            "code": self.code,
            "bank": self.bank.name,
            "bank_title": self.bank.title.text(lang),
            "phase": self.phase,
            "seq": self.seq,
            "round": self.round,
            "learners": len(self.learners),
            "names": sorted(n for n in self.learners.values() if n),
            "answered": self.answered(),
            "next": self.next_key(),
            "version": self.console.version,
            "questions": [
                {"key": e.name, "text": question_view(e, "list", lang).question}
                for e in self.bank.entries
            ],
        }
        entry = self.entry()
        if entry is None:
            return view
        shown = question_view(entry, f"q{self.seq}", lang)
        view["key"] = entry.name
        view["question"] = {
            "text": shown.question,
            "pictures": list(shown.pictures),
            "facts": list(shown.facts),
            "source": section_of(entry, lang),
        }
        if self.phase in ("closed", "revealed"):
            view["distribution"] = self.distribution(lang)
        if self.phase == "revealed":
            solved = solution_view(entry, self.solution_prefix, lang)
            view["solution"] = {
                "answer": solved.answer,
                "text": solved.solution,
                "pictures": list(solved.pictures),
                "walkthrough": solved.walkthrough,
            }
        return view

    @property
    def solution_prefix(self) -> str:
        """The id prefix of the current question's solution pictures (one a question)."""
        return f"s{self.seq}"

    def distribution(self, lang: str) -> list[dict[str, Any]]:
        """The current round's rows, each with the first round's count when this is the
        second (the shift between rounds)."""
        entry = self.entry()
        assert entry is not None
        task = task_of(entry)
        now = self.verdicts(self.seq, self.round)
        before = self.verdicts(self.seq, 1) if self.round > 1 else None
        rows = distribution(task, now, *([before] if before is not None else []))
        first = {r.key: r.count for r in distribution(task, before, now)} if before else {}
        return [
            {
                "key": row.key,
                "label": row.label(lang),
                "count": row.count,
                "before": first.get(row.key) if before is not None else None,
            }
            for row in rows
        ]


def new_code(taken: set[str]) -> str:
    """A room code nobody uses yet."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


class Lessons:
    """Every room of this server, each kept in a file of ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.rooms: dict[str, Room] = {}

    def create(self, bank: str, lang: str, *, now: float | None = None) -> Room:
        """A new room on bank ``bank`` (an unknown bank is refused)."""
        try:
            find_bank(bank)
        except KeyError:
            raise LiveError(Msg("There is no question bank {bank}.", {"bank": bank})) from None
        moment = _now(now)
        code = new_code(set(self.rooms))
        day = time.strftime("%Y-%m-%d", time.localtime(moment))
        path = self.folder / f"{day}-{code}{SUFFIX}"
        store = ClassStore.create(path, code=code, bank=bank, lang=check_lang(lang), now=moment)
        room = self.rooms[code] = Room(store)
        return room

    def find(self, code: str) -> Room:
        """The room with this code (letters in any case); an unknown one is refused."""
        room = self.rooms.get(code.strip().upper())
        if room is None:
            raise UnknownRoom(
                Msg(
                    "There is no class with the room code {code}: check it with your teacher.",
                    {"code": code[: CODE_LENGTH + 3]},
                )
            )
        return room

    def reopen(self) -> None:
        """Read back every class in the folder (a server started again finds its rooms);
        a file that holds no class this version can read is skipped, never changed."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob(f"*{SUFFIX}")):
            if not ClassStore.holds_class(path):
                continue  # not a class's file: left as it is
            store = ClassStore(path)
            try:
                room = Room(store)
            except (sqlite3.DatabaseError, KeyError, ValueError):
                store.close()  # a class of a bank this version no longer has, or no class
                continue
            self.rooms[room.code] = room

    def open_rooms(self) -> Iterator[Room]:
        """The rooms not ended, newest first."""
        return iter(
            sorted((r for r in self.rooms.values() if not r.ended), key=lambda r: -r.created)
        )

    def close(self) -> None:
        """Close every file."""
        for room in self.rooms.values():
            room.store.close()
