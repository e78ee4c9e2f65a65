"""The live class: its store (every change, a restart, the export), the counting of answers by
misconception, and its web routes, requested directly as learners, a teacher and an attacker
would (exact61_widgets/classroom/)."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest
from live_server import SECRET, Served, a_mistake, first_numbered, live_server, post, token

from exact61_widgets.classroom.answer_counts import Unreadable, checked, distribution
from exact61_widgets.classroom.bank import find_bank, task_of
from exact61_widgets.classroom.labels import did
from exact61_widgets.classroom.live import MAX_NICKNAME, Lessons, LiveError, Room
from exact61_widgets.classroom.pages import distribution_svg
from exact61_widgets.classroom.report import answers_csv, lesson_report
from exact61_widgets.classroom.store import ClassStore
from exact61_widgets.exercises import DisplayedPoints, Rounding, Task

BANK = "01_tiles_points_and_target"


# --- counting answers ---


@pytest.mark.parametrize(
    ("task", "answers", "expected"),
    [
        (
            Rounding(18),
            ["20", "15", "15", "17", "25", "20"],
            [("right", 2), ("not-a-multiple", 1), ("rounded-wrong-way", 2), ("other", 1)],
        ),
        (
            DisplayedPoints(20),
            ["4", "20", "2", "2", "100", "7", "4", "4"],
            [
                ("right", 3),
                ("raw-not-divided", 1),
                ("divided-by-ten", 2),
                ("multiplied-by-five", 1),
                ("other", 1),
            ],
        ),
    ],
)
def test_answers_are_counted_by_the_misconceptions_the_notebooks_name(
    task: Task, answers: list[str], expected: list[tuple[str, int]]
) -> None:
    rows = distribution(task, [checked(task, a) for a in answers])
    assert sorted((r.key, r.count) for r in rows) == sorted(expected)
    keys = [m.key for m in task.misconceptions]
    shown = [r.key for r in rows if r.key not in ("right", "other")]
    assert shown == sorted(shown, key=keys.index)  # the kind's own order
    named = {r.key: r.label("en") for r in rows}
    for misconception in task.misconceptions:
        if misconception.key in named:
            assert named[misconception.key] == did(misconception, "en")


def test_an_unreadable_answer_counts_nowhere_and_says_why_in_both_languages() -> None:
    with pytest.raises(Unreadable) as caught:
        checked(Rounding(18), "twenty-ish")
    assert "\n" not in caught.value.text("en") and caught.value.text("ru") != str(caught.value)


def test_a_second_round_keeps_a_row_for_every_misconception_of_either_round() -> None:
    task = Rounding(18)
    first = [checked(task, a) for a in ("15", "15", "20")]
    second = [checked(task, a) for a in ("20", "20", "20")]
    rows = distribution(task, second, first)
    assert [(r.key, r.count) for r in rows] == [
        ("right", 3),
        ("rounded-wrong-way", 0),
        ("other", 0),
    ]


# --- the store and the room ---


def new_room(folder: Path, bank: str = BANK) -> tuple[Lessons, Room]:
    lessons = Lessons(folder)
    return lessons, lessons.create(bank, "en", now=100.0)


def test_every_change_of_a_class_is_in_its_file_as_it_happens(tmp_path: Path) -> None:
    lessons, room = new_room(tmp_path)
    key = first_numbered(room.bank)
    task = task_of(room.bank.entry(key))
    wrong, misconception = a_mistake(task)
    room.join("learner-a", "Ann", now=101.0)
    room.open_question(key, now=102.0)
    room.submit("learner-a", 1, 1, wrong, now=103.0)
    room.submit("learner-b", 1, 1, task.answer("en"), now=104.0)  # joins by answering
    room.close(now=105.0)
    room.again(now=106.0)
    room.submit("learner-a", 1, 2, task.answer("en"), now=107.0)
    room.close(now=108.0)
    room.reveal(now=109.0)
    room.end(now=110.0)
    # Another connection to the same file sees all of it: nothing waits in memory.
    other = ClassStore(room.store.path)
    assert other.events() == [
        ("created", None, None),
        ("joined", None, None),
        ("open", 1, 1),
        ("joined", None, None),
        ("closed", 1, 1),
        ("open", 1, 2),
        ("closed", 1, 2),
        ("revealed", 1, 2),
        ("ended", None, None),
    ]
    stored = [(a.learner, a.round, a.answer, a.right, a.misconceptions) for a in other.answers()]
    assert stored == [
        ("learner-a", 1, wrong, False, (misconception,)),
        ("learner-b", 1, task.answer("en"), True, ()),
        ("learner-a", 2, task.answer("en"), True, ()),
    ]
    state = other.state()
    assert state.ended and state.learners == {"learner-a": "Ann", "learner-b": None}
    assert state.phases == {(1, 1): "closed", (1, 2): "revealed"}
    assert other.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    other.close()
    lessons.close()


def test_a_refused_change_changes_nothing(tmp_path: Path) -> None:
    lessons, room = new_room(tmp_path)
    key = first_numbered(room.bank)
    task = task_of(room.bank.entry(key))

    def snapshot() -> tuple[object, ...]:
        return (room.store.events(), room.store.answers(latest=False), room.phase, room.round)

    refusals = [
        (lambda: room.submit("x" * 20, 1, 1, "5"), "out of date"),
        (lambda: room.close(), "No question is open"),
        (lambda: room.reveal(), "Close the question before"),
        (lambda: room.again(), "Close the question before its second round"),
        (lambda: room.open_question("no-such"), "There is no question no-such"),
    ]
    room.join("learner-a", "Ann")
    for action, said in refusals:
        before = snapshot()
        with pytest.raises(LiveError, match=said):
            action()
        assert snapshot() == before
    room.open_question(key)
    for answer, error in (
        ("twenty-ish", Unreadable),
        ("", LiveError),
        ("1" * 201, LiveError),
    ):
        before = snapshot()
        with pytest.raises(error):
            room.submit("learner-a", 1, 1, answer)
        assert snapshot() == before
    before = snapshot()
    with pytest.raises(LiveError, match="Close the open question first"):
        room.open_question(key)
    with pytest.raises(LiveError, match="out of date"):
        room.submit("learner-a", 1, 2, task.answer("en"))
    with pytest.raises(LiveError, match="taken"):
        room.join("learner-b", "ann")
    with pytest.raises(LiveError, match=f"at most {MAX_NICKNAME}"):
        room.join("learner-c", "n" * (MAX_NICKNAME + 1))
    assert snapshot() == before and set(room.learners) == {"learner-a"}
    room.close()
    with pytest.raises(LiveError, match="This question is closed"):
        room.submit("learner-a", 1, 1, task.answer("en"))
    room.end()
    with pytest.raises(LiveError, match="This class has ended"):
        room.join("learner-d", None)
    assert set(room.learners) == {"learner-a"}
    lessons.close()


def test_a_server_started_again_mid_question_has_every_answer(tmp_path: Path) -> None:
    lessons, room = new_room(tmp_path)
    key = first_numbered(room.bank)
    task = task_of(room.bank.entry(key))
    wrong, _ = a_mistake(task)
    room.open_question(key)
    for number in range(12):
        room.submit(f"learner-{number:02}", 1, 1, wrong if number % 3 else task.answer("en"))
    code = room.code
    lessons.close()  # the server stops
    again = Lessons(tmp_path)
    again.reopen()
    back = again.find(code)
    assert back.phase == "open" and back.seq == 1 and back.answered() == 12
    assert back.learner_view("learner-04", "en")["answer"] == wrong
    back.submit("learner-99", 1, 1, wrong)
    back.close()
    rows = {row["key"]: row["count"] for row in back.distribution("en")}
    assert rows["right"] == 4 and sum(rows.values()) == 13
    again.close()


def test_a_file_that_is_no_class_is_skipped_when_the_classes_are_read_back(
    tmp_path: Path,
) -> None:
    (tmp_path / "notes.sqlite3").write_text("not a database", "utf-8")
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE t (x)")
    other.close()
    lessons, room = new_room(tmp_path)
    lessons.close()
    again = Lessons(tmp_path)
    again.reopen()
    assert list(again.rooms) == [room.code]
    assert (tmp_path / "notes.sqlite3").read_text("utf-8") == "not a database"
    with sqlite3.connect(tmp_path / "other.sqlite3") as other:
        assert other.execute("SELECT name FROM sqlite_master").fetchall() == [("t",)]
    again.close()


def test_the_csv_has_a_row_a_learners_answer_to_a_round(tmp_path: Path) -> None:
    lessons, room = new_room(tmp_path)
    key = first_numbered(room.bank)
    task = task_of(room.bank.entry(key))
    wrong, misconception = a_mistake(task)
    room.join("learner-a", "=HYPERLINK(1)")
    room.open_question(key, now=1_000_000.0)
    room.submit("learner-a", 1, 1, task.answer("en"), now=1_000_001.0)
    room.submit("learner-a", 1, 1, wrong, now=1_000_002.0)  # changed: the last counts
    room.submit("learner-b", 1, 1, wrong, now=1_000_003.0)
    rows = list(csv.DictReader(io.StringIO(answers_csv(room))))
    assert [(r["learner"], r["answer"], r["right"], r["misconception"]) for r in rows] == [
        ("'=HYPERLINK(1)", wrong, "no", misconception),
        ("#2", wrong, "no", misconception),
    ]
    assert rows[0]["question"] == "1" and rows[0]["item"] == key and rows[0]["round"] == "1"
    assert rows[0]["time"] == "1970-01-12T13:46:42+00:00"
    assert rows[0]["mistake"] == did(misconception, room.lang)
    assert len(room.store.answers(latest=False)) == 3  # every answer stays in the file
    lessons.close()


def test_the_report_names_each_misconception_its_questions_and_where_it_is_taught(
    tmp_path: Path,
) -> None:
    lessons, room = new_room(tmp_path)
    key = first_numbered(room.bank)
    entry = room.bank.entry(key)
    task = task_of(entry)
    wrong, misconception = a_mistake(task)
    room.open_question(key)
    for number in range(3):
        room.submit(f"learner-{number}", 1, 1, wrong)
    room.close()
    for lang in ("en", "ru"):
        report = lesson_report(room, lang)
        known = next(m for m in task.misconceptions if m.key == misconception)
        shown = report.replace("&#x27;", "'")
        assert f"<td>3</td><td><strong>{did(known, lang)}</strong><br>{known.text(lang)}" in shown
        assert entry.section[lang] in report
        assert f'<html lang="{lang}">' in report
    lessons.close()


def test_the_distribution_picture_escapes_its_words_and_shows_the_shift() -> None:
    rows = [
        {"key": "right", "label": "right", "count": 5, "before": 2},
        {"key": "x", "label": "<script>alert(1)</script>", "count": 1, "before": 4},
    ]
    svg = distribution_svg(rows, "en")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "2 → 5 right" in svg and "4 → 1" in svg
    assert "Right: 2 → 5" in distribution_svg(rows, "ru")


# --- the web routes, requested directly ---


@pytest.fixture
def served(tmp_path: Path) -> Served:
    with live_server(tmp_path) as running:
        yield running  # type: ignore[misc]


def open_room(served: Served, bank: str = BANK) -> tuple[str, str]:
    """A teacher opens a room and its first number question; the room code and its key."""
    teacher, xsrf = served.teacher()
    made = post(teacher, "/live/api/teacher/rooms", xsrf, {"bank": bank, "lang": "en"})
    assert made.status_code == 200, made.text
    code = made.json()["code"]
    key = first_numbered(served.lessons.find(code).bank)
    opened = post(teacher, f"/live/api/teacher/r/{code}/open", xsrf, {"key": key})
    assert opened.status_code == 200, opened.text
    return code, key


def test_a_whole_question_over_http_right_mistake_nonsense_reveal_and_a_second_round(
    served: Served,
) -> None:
    code, key = open_room(served)
    task = task_of(served.lessons.find(code).bank.entry(key))
    wrong, misconception = a_mistake(task)
    teacher, txsrf = served.teacher()
    ann, axsrf = served.learner(code)
    bob, bxsrf = served.learner(code)
    cat, cxsrf = served.learner(code, "ru")
    assert post(ann, f"/live/api/r/{code}/join", axsrf, {"name": "Ann"}).json() == {"name": "Ann"}
    answer = f"/live/api/r/{code}/answer"
    right = post(ann, answer, axsrf, {"seq": 1, "round": 1, "answer": task.answer("en")})
    assert right.json() == {"received": True, "answer": task.answer("en"), "seq": 1, "round": 1}
    assert post(bob, answer, bxsrf, {"seq": 1, "round": 1, "answer": wrong}).status_code == 200
    nonsense = post(cat, answer, cxsrf, {"seq": 1, "round": 1, "answer": "жёлтый"})
    assert nonsense.status_code == 400 and "\n" not in nonsense.json()["error"]
    assert "ответ" in nonsense.json()["error"]  # in the learner's language
    state = teacher.get(f"/live/api/teacher/r/{code}/state").json()
    assert (state["answered"], state["learners"]) == (2, 2) and state["names"] == ["Ann"]
    # Before the reveal a learner sees their own answer and no feedback.
    mine = bob.get(f"/live/api/r/{code}/state").json()
    assert mine["answer"] == wrong and "feedback" not in mine
    for action in ("close", "reveal"):
        assert post(teacher, f"/live/api/teacher/r/{code}/{action}", txsrf, {}).status_code == 200
    state = teacher.get(f"/live/api/teacher/r/{code}/state").json()
    counts = {row["key"]: row["count"] for row in state["distribution"]}
    assert counts == {"right": 1, misconception: 1, "other": 0}
    assert state["solution"]["answer"] and 'data-key="right"' in state["picture"]
    assert isinstance(state["solution"]["walkthrough"], str)  # the kind's steps, if any
    bobs = bob.get(f"/live/api/r/{code}/state").json()["feedback"]
    hint = next(m for m in task.misconceptions if m.key == misconception).text("en")
    assert bobs["right"] is False and hint in bobs["text"]
    assert ann.get(f"/live/api/r/{code}/state").json()["feedback"]["right"] is True
    assert "feedback" not in cat.get(f"/live/api/r/{code}/state").json()
    # The second round: Bob changes his mind; the console shows the shift.
    assert post(teacher, f"/live/api/teacher/r/{code}/again", txsrf, {}).status_code == 200
    stale = post(bob, answer, bxsrf, {"seq": 1, "round": 1, "answer": task.answer("en")})
    assert stale.status_code == 400 and "out of date" in stale.json()["error"]
    again = {"seq": 1, "round": 2, "answer": task.answer("en")}
    assert post(bob, answer, bxsrf, again).status_code == 200
    assert post(teacher, f"/live/api/teacher/r/{code}/close", txsrf, {}).status_code == 200
    rows = teacher.get(f"/live/api/teacher/r/{code}/state").json()["distribution"]
    shift = {row["key"]: (row["before"], row["count"]) for row in rows}
    assert shift == {"right": (1, 1), misconception: (1, 0), "other": (0, 0)}


def test_the_teachers_routes_need_the_teachers_cookie(served: Served) -> None:
    code, _ = open_room(served)
    learner, xsrf = served.learner(code)
    for path in (
        "/live/teacher",
        f"/live/teacher/r/{code}",
        f"/live/teacher/r/{code}/answers.csv",
        f"/live/teacher/r/{code}/report",
        f"/live/api/teacher/r/{code}/state",
    ):
        refused = learner.get(path)
        assert refused.status_code == 403, path
        assert "Ann" not in refused.text and code not in refused.text.replace(path, "")
    for action in ("open", "next", "close", "reveal", "again", "end"):
        refused = post(learner, f"/live/api/teacher/r/{code}/{action}", xsrf, {"key": "ex-01-1"})
        assert refused.status_code == 403 and refused.json()["error"].count("\n") == 0
    made = post(learner, "/live/api/teacher/rooms", xsrf, {"bank": BANK, "lang": "en"})
    assert made.status_code == 403
    wrong = served.client().get("/live/teacher", params={"key": SECRET + "x"})
    assert wrong.status_code == 403 and "exact61_teacher" not in wrong.headers.get("set-cookie", "")
    assert served.lessons.find(code).phase == "open" and len(served.lessons.rooms) == 1
    # The teacher's cookie is an HMAC of the secret, never the secret; HttpOnly, SameSite.
    teacher = served.client()
    given = teacher.get("/live/teacher", params={"key": SECRET})
    assert given.status_code == 302 and given.headers["location"].startswith("/live/teacher?")
    cookie = given.headers["set-cookie"]
    assert SECRET not in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie


def test_a_learner_reads_only_their_own_answer_and_feedback(served: Served) -> None:
    code, key = open_room(served)
    task = task_of(served.lessons.find(code).bank.entry(key))
    wrong, _ = a_mistake(task)
    teacher, txsrf = served.teacher()
    ann, axsrf = served.learner(code)
    eve, exsrf = served.learner(code)
    post(ann, f"/live/api/r/{code}/join", axsrf, {"name": "Ann"})
    post(ann, f"/live/api/r/{code}/answer", axsrf, {"seq": 1, "round": 1, "answer": wrong})
    post(eve, f"/live/api/r/{code}/join", exsrf, {"name": "Eve"})
    allowed = {"code", "phase", "seq", "round", "name", "joined", "version", "question", "answer"}
    for phase in ("open", "close", "reveal"):
        if phase != "open":
            post(teacher, f"/live/api/teacher/r/{code}/{phase}", txsrf, {})
        seen = eve.get(f"/live/api/r/{code}/state")
        assert set(seen.json()) <= allowed  # no counts, names, distribution, solution
        assert seen.json()["answer"] is None and seen.json()["name"] == "Eve"
        assert "Ann" not in seen.text and "feedback" not in seen.json()  # Eve never answered
    page = eve.get(f"/live/r/{code}").text
    assert "Ann" not in page and wrong not in page.split("exact61-config")[0]
    # Eve's cookie names no one else: without one, a request reads the question alone.
    anonymous = served.client().get(f"/live/api/r/{code}/state").json()
    assert anonymous["answer"] is None and "feedback" not in anonymous
    cookie = served.client().get(f"/live/r/{code}").headers["set-cookie"]
    assert "exact61_learner=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie


def test_state_changing_requests_need_the_pages_token_json_and_this_origin(
    served: Served,
) -> None:
    code, key = open_room(served)
    task = task_of(served.lessons.find(code).bank.entry(key))
    learner, xsrf = served.learner(code)
    path = f"/live/api/r/{code}/answer"
    body = {"seq": 1, "round": 1, "answer": task.answer("en")}
    refusals = [
        learner.post(path, json=body),  # no token
        learner.post(path, json=body, headers={"X-XSRFToken": "2|00|00|00"}),
        learner.post(path, json=body, headers={"X-XSRFToken": xsrf, "Origin": "http://evil.test"}),
        learner.post(path, data=body, headers={"X-XSRFToken": xsrf}),  # a form, not JSON
        learner.post(
            path,
            content=b"{not json",
            headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"},
        ),
        learner.post(
            path,
            content=b'{"answer": "' + b"9" * 5000 + b'"}',
            headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"},
        ),
        post(learner, path, xsrf, [1, 2, 3]),
        post(learner, path, xsrf, {"seq": "1", "round": 1, "answer": "4"}),
    ]
    chunked = learner.post(
        path,
        content=iter([b'{"answer": "', b"9" * 3000, b"9" * 3000, b'"}']),  # no length given
        headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"},
    )
    refusals.append(chunked)
    assert [r.status_code for r in refusals] == [403, 403, 403, 400, 400, 413, 400, 400, 413]
    for refused in refusals:
        said = refused.json()["error"]
        assert said and "\n" not in said and "Traceback" not in said
    assert served.lessons.find(code).answered() == 0
    assert post(learner, path, xsrf, body).status_code == 200


def test_bad_input_gets_one_line_in_the_learners_language(served: Served) -> None:
    code, key = open_room(served)
    task = task_of(served.lessons.find(code).bank.entry(key))
    teacher, txsrf = served.teacher()
    ann, axsrf = served.learner(code, "ru")
    bob, bxsrf = served.learner(code, "ru")
    assert post(ann, f"/live/api/r/{code}/join", axsrf, {"name": "Аня"}).status_code == 200
    cases = [
        (post(bob, "/live/api/r/ZZZZZ/answer", bxsrf, {}, lang="ru"), 404, "Класса с кодом"),
        (
            post(bob, f"/live/api/r/{code}/join", bxsrf, {"name": "аня"}, lang="ru"),
            400,
            "занято",
        ),
        (
            post(bob, f"/live/api/r/{code}/join", bxsrf, {"name": "я" * 30}, lang="ru"),
            400,
            "не длиннее",
        ),
        (
            post(
                bob,
                f"/live/api/r/{code}/answer",
                bxsrf,
                {"seq": 1, "round": 1, "answer": "?"},
                lang="ru",
            ),
            400,
            "ответ",
        ),
        (
            post(
                bob,
                f"/live/api/r/{code}/answer",
                bxsrf,
                {"seq": 9, "round": 1, "answer": "5"},
                lang="ru",
            ),
            400,
            "устарела",
        ),
    ]
    for response, status, said in cases:
        assert response.status_code == status, response.text
        assert said in response.json()["error"] and "\n" not in response.json()["error"]
    post(teacher, f"/live/api/teacher/r/{code}/close", txsrf, {})
    late = {"seq": 1, "round": 1, "answer": task.answer("en")}
    closed = post(bob, f"/live/api/r/{code}/answer", bxsrf, late, lang="ru")
    assert closed.status_code == 400 and closed.json()["error"].startswith("Вопрос закрыт")
    unknown = served.client().get("/live/r/NOPE1", params={"lang": "ru"})
    assert unknown.status_code == 404 and "Класса с кодом комнаты NOPE1 нет" in unknown.text
    room = served.lessons.find(code)
    assert room.answered() == 0 and list(room.learners.values()) == ["Аня"]


def test_a_name_is_data_everywhere_never_markup(served: Served) -> None:
    code, key = open_room(served)
    task = task_of(served.lessons.find(code).bank.entry(key))
    evil = "<img src=x onerror=1>"
    learner, xsrf = served.learner(code)
    assert post(learner, f"/live/api/r/{code}/join", xsrf, {"name": evil}).status_code == 200
    post(learner, f"/live/api/r/{code}/answer", xsrf, {"seq": 1, "round": 1, "answer": "<b>"})
    teacher, _ = served.teacher()
    assert teacher.get(f"/live/api/teacher/r/{code}/state").json()["names"] == [evil]
    for path in (f"/live/teacher/r/{code}", f"/live/teacher/r/{code}/report", "/live/teacher"):
        assert "<img" not in teacher.get(path).text
    exported = teacher.get(f"/live/teacher/r/{code}/answers.csv")
    assert exported.headers["content-type"].startswith("text/csv")
    page = learner.get(f"/live/r/{code}")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert task.answer("en")  # the question is one the engine can answer


def test_a_restarted_server_gives_a_reloaded_page_its_question_and_answer(
    tmp_path: Path,
) -> None:
    with live_server(tmp_path) as first:
        code, key = open_room(first)
        task = task_of(first.lessons.find(code).bank.entry(key))
        learner, xsrf = first.learner(code)
        given = {"seq": 1, "round": 1, "answer": task.answer("en")}
        assert post(learner, f"/live/api/r/{code}/answer", xsrf, given).status_code == 200
        cookies = dict(learner.cookies)
    with live_server(tmp_path) as second:
        back = second.client()
        back.cookies.update(cookies)
        page = back.get(f"/live/r/{code}")
        assert page.status_code == 200
        state = back.get(f"/live/api/r/{code}/state").json()
        assert (state["phase"], state["seq"], state["answer"]) == ("open", 1, task.answer("en"))
        teacher, _ = second.teacher()
        assert teacher.get(f"/live/api/teacher/r/{code}/state").json()["answered"] == 1
        xsrf = token(page.text)
        assert post(back, f"/live/api/r/{code}/answer", xsrf, given).status_code == 200


def test_a_long_poll_answers_when_the_question_changes(served: Served) -> None:
    code, _ = open_room(served)
    learner, _ = served.learner(code)
    first = learner.get(f"/live/api/r/{code}/state").json()
    teacher, txsrf = served.teacher()
    post(teacher, f"/live/api/teacher/r/{code}/close", txsrf, {})
    waited = learner.get(f"/live/api/r/{code}/state", params={"v": str(first["version"])})
    assert waited.json()["phase"] == "closed" and waited.json()["version"] > first["version"]


def test_the_store_refuses_a_second_class_with_the_same_file(tmp_path: Path) -> None:
    ClassStore.create(tmp_path / "a.sqlite3", code="A", bank=BANK, lang="en", now=1.0).close()
    with pytest.raises(FileExistsError):
        ClassStore.create(tmp_path / "a.sqlite3", code="A", bank=BANK, lang="en", now=1.0)
    store = ClassStore(tmp_path / "a.sqlite3")
    store.add_learner("x", "Ann", now=2.0)
    with pytest.raises(sqlite3.IntegrityError):
        store.add_learner("y", "Ann", now=3.0)
    assert store.state().learners == {"x": "Ann"}
    store.close()


def test_every_tutorial_bank_opens_and_every_question_shows_without_its_answer() -> None:
    bank = find_bank("all")
    assert len(bank.entries) >= 60
    from exact61_widgets.classroom.bank import question_view

    for entry in bank.entries:
        shown = question_view(entry, "t", "ru")
        assert shown.question and shown.answer_form
