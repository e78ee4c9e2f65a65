"""The live class under a room's load: real HTTP clients on 127.0.0.1 against the real server.

The classroom's own server (``scripts/classroom_server.py``, Voila and the live class in one
process, as ``make classroom`` runs it; no warm kernels, since no learner here opens the
classroom app) is started on 127.0.0.1. Each learner is an ``httpx`` client of its own (its
own cookies), doing what the learner's page does: it opens the page (the cookie and the
XSRF token), joins, keeps a long poll open for the question, and answers once the question
is open. The teacher's console keeps its own long poll.

1. **One room**: ``--learners`` (60) learners answer within the same ``--spread`` (10) s,
   half right and half with a known misconception. Reported: every answer stored (counted in
   the class's SQLite file), the time from each submit to "answer received" (p50, p95,
   largest), and how long after the last answer the console's long poll showed the full
   count.
2. **A stress**: ``--rooms`` (10) rooms of ``--per-room`` (30) learners, all connected
   with their long polls open at once, each answering within the same spread.

The server's resident memory (``/proc``) is read before the learners arrive, after the
first room and after the stress. Everything is bounded: a fixed number of clients, each
request with a timeout, the whole run well under two minutes.

    .venv/bin/python benchmarks/bench_live_class.py [--learners 60] [--rooms 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from live_server import SECRET, a_mistake, classroom_server, first_numbered  # noqa: E402
from processes import rss_mb  # noqa: E402

from exact61_widgets.classroom.bank import find_bank, task_of  # noqa: E402

BANK = "01_tiles_points_and_target"
XSRF = re.compile(r'"xsrf": "([^"]+)"')
#: No single request may take longer than this (seconds): the run is bounded.
TIMEOUT = 60.0


@dataclass
class Round:
    """What one room's round measured."""

    learners: int
    stored: int = 0
    submit_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console_lag_ms: float | None = None


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Learner:
    """One learner's browser: its own cookies, the page's token, its long poll."""

    def __init__(self, url: str, code: str) -> None:
        self.client = httpx.AsyncClient(base_url=url, timeout=TIMEOUT)
        self.code = code
        self.xsrf = ""
        self.version = -1
        self.state: dict[str, Any] = {}
        self.changed = asyncio.Event()

    async def arrive(self) -> None:
        page = await self.client.get(f"/live/r/{self.code}")
        found = XSRF.search(page.text)
        assert page.status_code == 200 and found, page.text[:200]
        self.xsrf = found[1]
        joined = await self.post("join", {"name": None})
        assert joined.status_code == 200, joined.text

    async def post(self, action: str, data: object) -> httpx.Response:
        return await self.client.post(
            f"/live/api/r/{self.code}/{action}", json=data, headers={"X-XSRFToken": self.xsrf}
        )

    async def poll(self) -> None:
        """The page's long poll, until cancelled."""
        while True:
            reply = await self.client.get(
                f"/live/api/r/{self.code}/state", params={"v": str(self.version)}
            )
            self.state = reply.json()
            self.version = self.state["version"]
            self.changed.set()

    async def answer_when_open(self, answer: str, delay: float, measured: Round) -> float:
        """Wait for the open question, then ``delay`` s, then answer; the answer's time."""
        while self.state.get("phase") != "open":
            self.changed.clear()
            await self.changed.wait()
        await asyncio.sleep(delay)  # the room's spread of answers, not a wait for a result
        body = {"seq": self.state["seq"], "round": self.state["round"], "answer": answer}
        start = time.perf_counter()
        reply = await self.post("answer", body)
        done = time.perf_counter()
        if reply.status_code == 200 and reply.json().get("received"):
            measured.submit_ms.append(1000 * (done - start))
        else:
            measured.errors.append(f"{reply.status_code} {reply.text[:80]}")
        return done

    async def leave(self) -> None:
        await self.client.aclose()


class Teacher:
    """The teacher's console: the key, a room, its questions, its long poll."""

    def __init__(self, url: str) -> None:
        self.client = httpx.AsyncClient(base_url=url, timeout=TIMEOUT)
        self.xsrf = ""

    async def arrive(self) -> None:
        await self.client.get("/live/teacher", params={"key": SECRET})
        home = await self.client.get("/live/teacher")
        found = XSRF.search(home.text)
        assert found, home.text[:200]
        self.xsrf = found[1]

    async def post(self, path: str, data: object) -> dict[str, Any]:
        reply = await self.client.post(path, json=data, headers={"X-XSRFToken": self.xsrf})
        assert reply.status_code == 200, reply.text
        result: dict[str, Any] = reply.json()
        return result

    async def room(self) -> str:
        made = await self.post("/live/api/teacher/rooms", {"bank": BANK, "lang": "en"})
        return str(made["code"])

    async def watch(self, code: str, wanted: int) -> float:
        """The console's long poll until it shows ``wanted`` answers; when it did."""
        version = -1
        while True:
            reply = await self.client.get(
                f"/live/api/teacher/r/{code}/state", params={"v": str(version)}
            )
            state = reply.json()
            version = state["version"]
            if state.get("answered", 0) >= wanted:
                return time.perf_counter()


def stored_answers(classes: Path, code: str) -> int:
    """The answers the class's file holds (read by a connection of its own)."""
    (path,) = classes.glob(f"*-{code}.sqlite3")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM answers").fetchone()
    return int(count)


async def run_rooms(
    url: str, classes: Path, rooms: int, per_room: int, spread: float, seed: int
) -> list[Round]:
    """``rooms`` rooms of ``per_room`` learners answering within ``spread`` s."""
    bank = find_bank(BANK)
    key = first_numbered(bank)
    task = task_of(bank.entry(key))
    answers = [task.answer("en"), a_mistake(task)[0]]
    chance = random.Random(seed)
    teacher = Teacher(url)
    await teacher.arrive()
    codes = [await teacher.room() for _ in range(rooms)]
    learners = {code: [Learner(url, code) for _ in range(per_room)] for code in codes}
    everyone = [one for group in learners.values() for one in group]
    await asyncio.gather(*(one.arrive() for one in everyone))
    polls = [asyncio.create_task(one.poll()) for one in everyone]
    results = {code: Round(per_room) for code in codes}
    watchers = {code: asyncio.create_task(teacher.watch(code, per_room)) for code in codes}
    answering = {
        code: [
            asyncio.create_task(
                one.answer_when_open(answers[n % 2], chance.uniform(0, spread), results[code])
            )
            for n, one in enumerate(group)
        ]
        for code, group in learners.items()
    }
    for code in codes:
        await teacher.post(f"/live/api/teacher/r/{code}/open", {"key": key})
    for code in codes:
        last = max(await asyncio.gather(*answering[code]))
        seen = await asyncio.wait_for(watchers[code], TIMEOUT)
        results[code].console_lag_ms = 1000 * max(0.0, seen - last)
        results[code].stored = stored_answers(classes, code)
    for task_ in polls:
        task_.cancel()
    await asyncio.gather(*polls, return_exceptions=True)
    await asyncio.gather(*(one.leave() for one in everyone))
    await teacher.client.aclose()
    return list(results.values())


def summary(rounds: list[Round]) -> dict[str, Any]:
    """The figures of a phase."""
    times = [t for r in rounds for t in r.submit_ms]
    lags = [r.console_lag_ms or 0.0 for r in rounds]
    return {
        "rooms": len(rounds),
        "learners": sum(r.learners for r in rounds),
        "stored": sum(r.stored for r in rounds),
        "errors": [e for r in rounds for e in r.errors],
        "submit_p50_ms": round(statistics.median(times), 1) if times else None,
        "submit_p95_ms": round(percentile(times, 0.95), 1) if times else None,
        "submit_max_ms": round(max(times), 1) if times else None,
        "console_lag_max_ms": round(max(lags), 1),
    }


def cpu_seconds(pid: int) -> float:
    """The CPU time the process has used (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime: clock ticks of 1/100 s


def main() -> None:
    """Run both phases and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=60, help="learners in one room (60)")
    parser.add_argument("--rooms", type=int, default=10, help="rooms of the stress (10)")
    parser.add_argument("--per-room", type=int, default=30, help="learners a room (30)")
    parser.add_argument("--spread", type=float, default=10.0, help="seconds of answers (10)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, classroom_server(Path(folder)) as server:
        pid = server.process.pid
        before = rss_mb(pid)
        cpu = cpu_seconds(pid)
        one = summary(
            asyncio.run(run_rooms(server.url, server.classes, 1, args.learners, args.spread, 1))
        )
        one["server_cpu_s"] = round(cpu_seconds(pid) - cpu, 2)
        after_one = rss_mb(pid)
        cpu = cpu_seconds(pid)
        stress = summary(
            asyncio.run(
                run_rooms(server.url, server.classes, args.rooms, args.per_room, args.spread, 2)
            )
        )
        stress["server_cpu_s"] = round(cpu_seconds(pid) - cpu, 2)
        after_stress = rss_mb(pid)
    report = {
        "one_room": one,
        "stress": stress,
        "memory_mb": {
            "before": round(before, 1),
            "after_one_room": round(after_one, 1),
            "after_stress": round(after_stress, 1),
        },
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for name, phase in (("one room", one), ("stress", stress)):
        print(
            f"{name}: {phase['learners']} learners in {phase['rooms']} room(s), "
            f"{phase['stored']} answers stored, {len(phase['errors'])} errors; "
            f"submit → received p50 {phase['submit_p50_ms']} ms, p95 {phase['submit_p95_ms']} ms, "
            f"max {phase['submit_max_ms']} ms; console current "
            f"{phase['console_lag_max_ms']} ms after the last answer; the server used "
            f"{phase['server_cpu_s']} s of CPU"
        )
    memory = report["memory_mb"]
    print(
        f"server memory: {memory['before']} MB before, {memory['after_one_room']} MB after "
        f"one room, {memory['after_stress']} MB after the stress"
    )
    for error in (one["errors"] + stress["errors"])[:5]:
        print("error:", error)


if __name__ == "__main__":
    main()
