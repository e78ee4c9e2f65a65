"""The options of a handout, checked: kind, paper, players, topics, rating range, count, source.

Every bad option is one :class:`HandoutError` line that names the fault and the
choices, in English and Russian (``error.text("ru")``), raised before anything is
drawn or written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg


class HandoutError(Exact61Error):
    """A handout option that cannot be used: an unknown kind, topic or paper, an empty choice."""


#: The kinds of handout, in the order the help lists them.
KINDS: Final = ("rules-card", "score-sheet", "worksheet", "answer-key", "notation")
#: Paper sizes: (width, height) in millimetres.
PAPERS: Final = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Score sheets: two players, three players, or four in two pairs (R2.1).
PLAYERS: Final = (2, 3, 4)
#: Where worksheet items come from.
SOURCES: Final = ("all", "exercises", "puzzles")
#: How many items a worksheet holds unless told otherwise.
DEFAULT_COUNT: Final = 8
#: The most a worksheet holds.
MOST: Final = 40
#: The lessons of the teacher's pages (docs/teachers.md) and the notebooks each one teaches:
#: 1 joining tiles and counting the ends (R1–R6), 2 going out, the blocked hand and exactly
#: 61 (R7–R10), 3 a whole hand and a match (notebooks 07 on).
LESSONS: Final = {
    1: ("00", "01", "02", "03", "04"),
    2: ("05", "06", "07"),
    3: ("07", "08", "09", "10", "11", "12"),
}
#: Topics a lesson has not taught yet: its worksheet leaves out items that need them.
NOT_YET: Final = {1: ("going-out", "blocked-hand", "exact-61"), 2: (), 3: ()}
#: Difficulties: 1 first steps, 2, 3 hard (as :mod:`exact61_widgets.exercises.generate`
#: counts an exercise's); a puzzle's is read from its rating by :data:`PUZZLE_DIFFICULTY`.
DIFFICULTIES: Final = (1, 2, 3)
#: The ratings of puzzles at difficulty 1, 2 and 3 (lowest, highest).
PUZZLE_DIFFICULTY: Final = {1: (0, 999), 2: (1000, 1399), 3: (1400, 10**9)}
#: Version letters of a worksheet (A, B …) and the version numbers they stand for.
VERSION_LETTERS: Final = "ABCDEFGH"


def _choices(items: Iterable[object]) -> str:
    return ", ".join(str(i) for i in items)


def check_kind(kind: object) -> str:
    """``kind`` if it is one of :data:`KINDS`."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise HandoutError(
            Msg(
                "unknown handout {kind}: use one of {kinds}",
                {"kind": repr(kind), "kinds": _choices(KINDS)},
            )
        )
    return kind


def check_paper(paper: object) -> str:
    """``paper`` (``a4`` or ``letter``, any case) in lower case."""
    name = paper.lower() if isinstance(paper, str) else paper
    if not isinstance(name, str) or name not in PAPERS:
        raise HandoutError(
            Msg(
                "unknown paper {paper}: use one of {papers}",
                {"paper": repr(paper), "papers": _choices(PAPERS)},
            )
        )
    return name


def check_players(players: object) -> int:
    """2, 3 or 4 (two pairs); a numeric text is read."""
    value = players
    if isinstance(players, str) and players.strip().isdigit():
        value = int(players)
    if isinstance(value, bool) or value not in PLAYERS:
        raise HandoutError(
            Msg(
                "a score sheet is for 2 or 3 players or 4 in two pairs, not {players}",
                {"players": repr(players)},
            )
        )
    assert isinstance(value, int)
    return value


def check_source(source: object) -> str:
    """``all``, ``exercises`` or ``puzzles``."""
    if not isinstance(source, str) or source not in SOURCES:
        raise HandoutError(
            Msg(
                "unknown source {source}: use one of {sources}",
                {"source": repr(source), "sources": _choices(SOURCES)},
            )
        )
    return source


def check_count(count: object) -> int:
    """A whole number of items from 1 to :data:`MOST`."""
    value = count
    if isinstance(count, str) and count.strip().isdigit():
        value = int(count)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST:
        raise HandoutError(
            Msg(
                "a worksheet holds 1 to {most} items, not {count}",
                {"most": MOST, "count": repr(count)},
            )
        )
    return value


_RANGE = re.compile(r"^\s*(\d+)\s*[-–:]\s*(\d+)\s*$")


def check_rating(rating: object) -> tuple[int, int] | None:
    """A rating range ``(low, high)`` from a pair or a text ``1000-1400``; None is no range."""
    if rating is None:
        return None
    pair: tuple[object, ...] | None = None
    if isinstance(rating, str):
        found = _RANGE.match(rating)
        pair = (int(found.group(1)), int(found.group(2))) if found else None
    elif isinstance(rating, (tuple, list)) and len(rating) == 2:
        pair = tuple(rating)
    if (
        pair is None
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
        or not pair[0] <= pair[1]  # type: ignore[operator]
    ):
        raise HandoutError(
            Msg(
                "a rating range is two numbers, the lower first, like 1000-1400, not {rating}",
                {"rating": repr(rating)},
            )
        )
    low, high = pair
    assert isinstance(low, int) and isinstance(high, int)
    return low, high


@dataclass(frozen=True)
class Selection:
    """Which items a worksheet (and its answer key) holds: topics, rating range, source, count,
    and the version (fresh exercises like the tutorials' own, for A/B sheets)."""

    topics: tuple[str, ...] = ()
    rating: tuple[int, int] | None = None
    source: str = "all"
    count: int = DEFAULT_COUNT
    #: 0: the tutorials' own exercises; 1, 2 …: version A, B … of the sheet, each exercise
    #: replaced by a fresh one of its kind and difficulty (the generator's seed).
    version: int = 0
    #: A lesson of :data:`LESSONS`: only its notebooks' exercises, nothing it has not taught.
    lesson: int | None = None
    #: A difficulty of :data:`DIFFICULTIES`: exercises at it, puzzles rated for it.
    difficulty: int | None = None


def _whole(value: object) -> object:
    """A numeric text read as its number; anything else as it is."""
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return value


def check_version(version: object) -> int:
    """A worksheet's version: 0 (the tutorials' own exercises), a positive whole number, or a
    letter of :data:`VERSION_LETTERS` (``A`` is 1, ``B`` is 2, any case)."""
    if isinstance(version, str) and len(version.strip()) == 1:
        letter = version.strip().upper()
        if letter in VERSION_LETTERS:
            return VERSION_LETTERS.index(letter) + 1
    version = _whole(version)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise HandoutError(
            Msg(
                "a version is A, B … or a whole number from 0 up, not {version}",
                {"version": repr(version)},
            )
        )
    return version


def check_lesson(lesson: object) -> int | None:
    """A lesson of :data:`LESSONS` (a numeric text is read); None is every lesson."""
    if lesson is None:
        return None
    value = _whole(lesson)
    if isinstance(value, bool) or not isinstance(value, int) or value not in LESSONS:
        raise HandoutError(
            Msg(
                "unknown lesson {lesson}: use one of {lessons}",
                {"lesson": repr(lesson), "lessons": _choices(LESSONS)},
            )
        )
    return value


def check_difficulty(difficulty: object) -> int | None:
    """A difficulty of :data:`DIFFICULTIES` (a numeric text is read); None is every one."""
    if difficulty is None:
        return None
    value = _whole(difficulty)
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIFFICULTIES:
        raise HandoutError(
            Msg(
                "the difficulty is 1, 2 or 3, not {difficulty}",
                {"difficulty": repr(difficulty)},
            )
        )
    return value
