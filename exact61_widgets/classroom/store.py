"""A live class kept on disk: one SQLite file a class, every change written as it happens.

A class's file (``<folder>/<date>-<room code>.sqlite3``; the folder is
:func:`default_folder` unless the server is told another) holds the room's settings, its
learners, every question opened, every round's phase and every answer as it arrived, in
WAL mode with ``synchronous=FULL``: an answer the learner was told is received is on disk,
and a server stopped and started again reads the class back as it was
(:meth:`ClassStore.state`). Only the standard library's :mod:`sqlite3` is used.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = ClassStore.create(folder / "x.sqlite3", code="ABCDE", bank="all", lang="en", now=1.0)
>>> store.add_learner("id1", "Ann", now=2.0)
>>> store.open_question(1, "ex-00-1", now=3.0)
>>> store.add_answer(1, 1, "id1", "4", True, (), now=4.0)
>>> [(a.learner, a.answer, a.right) for a in store.answers()]
[('id1', '4', True)]
>>> store.close()
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

#: The file name's ending: a class's SQLite database.
SUFFIX = ".sqlite3"
#: The version of the layout below, kept in ``meta``.
SCHEMA = 1

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    id TEXT PRIMARY KEY, nickname TEXT UNIQUE, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS questions (
    seq INTEGER PRIMARY KEY, item TEXT NOT NULL, opened REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    seq INTEGER NOT NULL REFERENCES questions(seq), round INTEGER NOT NULL,
    phase TEXT NOT NULL CHECK (phase IN ('open', 'closed', 'revealed')),
    changed REAL NOT NULL, PRIMARY KEY (seq, round));
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT, seq INTEGER NOT NULL, round INTEGER NOT NULL,
    learner TEXT NOT NULL REFERENCES learners(id), answer TEXT NOT NULL,
    right INTEGER NOT NULL, misconceptions TEXT NOT NULL, time REAL NOT NULL,
    FOREIGN KEY (seq, round) REFERENCES rounds(seq, round));
CREATE INDEX IF NOT EXISTS answers_round ON answers (seq, round, learner);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, time REAL NOT NULL, what TEXT NOT NULL,
    seq INTEGER, round INTEGER);
"""


def default_folder() -> Path:
    """Where classes are kept unless the server is told another folder:
    ``$EXACT61_CLASSES``, else ``$XDG_DATA_HOME/exact61_widgets/classes``
    (``~/.local/share/exact61_widgets/classes``)."""
    chosen = os.environ.get("EXACT61_CLASSES")
    if chosen:
        return Path(chosen)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "exact61_widgets" / "classes"


@dataclass(frozen=True)
class Answer:
    """One stored answer: to question ``seq``, round ``round``, by ``learner``."""

    seq: int
    round: int
    learner: str
    answer: str
    right: bool
    misconceptions: tuple[str, ...]
    time: float


@dataclass
class ClassState:
    """A class as its file holds it: what a restarted server starts again from."""

    code: str
    bank: str
    lang: str
    created: float
    ended: bool
    learners: dict[str, str | None] = field(default_factory=dict)
    questions: list[tuple[int, str]] = field(default_factory=list)
    phases: dict[tuple[int, int], str] = field(default_factory=dict)


class ClassStore:
    """One class's SQLite file; every method writes (and commits) at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")

    @staticmethod
    def holds_class(path: Path) -> bool:
        """Whether ``path`` is a class's file (read only: any other file is left as it is)."""
        try:
            with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
                found = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError:
            return False
        return bool(found == (str(SCHEMA),))

    @classmethod
    def create(cls, path: Path, *, code: str, bank: str, lang: str, now: float) -> ClassStore:
        """A new class's file at ``path`` (which must not exist yet)."""
        if path.exists():
            raise FileExistsError(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        store = cls(path)
        store.db.executescript(_TABLES)
        meta = {
            "schema": str(SCHEMA),
            "code": code,
            "bank": bank,
            "lang": lang,
            "created": repr(now),
            "ended": "",
        }
        with store.db:
            store.db.execute("BEGIN")
            store.db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            store._event(now, "created")
        return store

    def close(self) -> None:
        """Close the file (everything is on disk already)."""
        self.db.close()

    def _event(self, now: float, what: str, seq: int | None = None, rnd: int | None = None) -> None:
        self.db.execute(
            "INSERT INTO events (time, what, seq, round) VALUES (?, ?, ?, ?)", (now, what, seq, rnd)
        )

    def add_learner(self, learner: str, nickname: str | None, *, now: float) -> None:
        """A learner joins (a nickname already taken raises :class:`sqlite3.IntegrityError`)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO learners VALUES (?, ?, ?)", (learner, nickname, now))
            self._event(now, "joined")

    def open_question(self, seq: int, item: str, *, now: float) -> None:
        """Question ``seq`` (the bank's ``item``) opens in its first round."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO questions VALUES (?, ?, ?)", (seq, item, now))
            self.db.execute("INSERT INTO rounds VALUES (?, 1, 'open', ?)", (seq, now))
            self._event(now, "open", seq, 1)

    def open_round(self, seq: int, rnd: int, *, now: float) -> None:
        """Round ``rnd`` of question ``seq`` opens."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO rounds VALUES (?, ?, 'open', ?)", (seq, rnd, now))
            self._event(now, "open", seq, rnd)

    def set_phase(self, seq: int, rnd: int, phase: str, *, now: float) -> None:
        """Round ``rnd`` of question ``seq`` is now ``closed`` or ``revealed``."""
        with self.db:
            self.db.execute("BEGIN")
            changed = self.db.execute(
                "UPDATE rounds SET phase = ?, changed = ? WHERE seq = ? AND round = ?",
                (phase, now, seq, rnd),
            ).rowcount
            if changed != 1:
                raise KeyError((seq, rnd))
            self._event(now, phase, seq, rnd)

    def add_answer(
        self,
        seq: int,
        rnd: int,
        learner: str,
        answer: str,
        right: bool,
        misconceptions: tuple[str, ...],
        *,
        now: float,
    ) -> None:
        """An answer as it arrives (a learner's later answer to the same round replaces
        theirs in the counts; both stay in the file)."""
        self.db.execute(
            "INSERT INTO answers (seq, round, learner, answer, right, misconceptions, time)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (seq, rnd, learner, answer, int(right), " ".join(misconceptions), now),
        )

    def end(self, *, now: float) -> None:
        """The lesson is over: the room takes no more learners or answers."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'ended'", (repr(now),))
            self._event(now, "ended")

    def answers(self, *, latest: bool = True) -> list[Answer]:
        """Every answer in the order it arrived; ``latest``: only each learner's last answer
        to each round."""
        query = "SELECT seq, round, learner, answer, right, misconceptions, time FROM answers"
        if latest:
            query += " WHERE id IN (SELECT MAX(id) FROM answers GROUP BY seq, round, learner)"
        rows = self.db.execute(query + " ORDER BY id").fetchall()
        return [
            Answer(s, r, who, text, bool(ok), tuple(m.split()), t)
            for s, r, who, text, ok, m, t in rows
        ]

    def events(self) -> list[tuple[str, int | None, int | None]]:
        """Every change of the class, in order: what, question, round."""
        return list(self.db.execute("SELECT what, seq, round FROM events ORDER BY id"))

    def state(self) -> ClassState:
        """The class as the file holds it."""
        meta = dict(self.db.execute("SELECT key, value FROM meta"))
        found = ClassState(
            meta["code"], meta["bank"], meta["lang"], float(meta["created"]), bool(meta["ended"])
        )
        for learner, nickname in self.db.execute(
            "SELECT id, nickname FROM learners ORDER BY joined"
        ):
            found.learners[learner] = nickname
        found.questions = list(self.db.execute("SELECT seq, item FROM questions ORDER BY seq"))
        for seq, rnd, phase in self.db.execute("SELECT seq, round, phase FROM rounds"):
            found.phases[(seq, rnd)] = phase
        return found
