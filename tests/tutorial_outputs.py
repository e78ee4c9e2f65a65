"""Reading the committed tutorial notebooks: their cells, outputs and what a reader sees.

Shared by the tests of the tutorials' structure, their languages and their
exercises (an answer must not be visible above its question).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TAG = re.compile(r"<[^>]+>")
#: An SVG element's text; a self-closing element (``<text .../>``) has none.
SVG_TEXT = re.compile(r"<(title|desc|text)\b(?:[^>]*[^/>])?>(.*?)</\1>", re.S)
EXERCISE = re.compile(r"data-exercise=(['\"])(.*?)\1", re.S)
REPR = re.compile(r"^([A-Z]\w*)\(")


def load(path: Path) -> dict[str, Any]:
    """A notebook as JSON."""
    notebook: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return notebook


def text_of(value: str | list[str]) -> str:
    """A notebook string field (a string or a list of lines) as one string."""
    return value if isinstance(value, str) else "".join(value)


@dataclass(frozen=True)
class Output:
    """One output of a code cell, with the texts a reader can see in it."""

    cell: int
    data: dict[str, Any]

    @property
    def mimetypes(self) -> tuple[str, ...]:
        return tuple(sorted(self.data))

    def get(self, mimetype: str) -> str:
        return text_of(self.data.get(mimetype, ""))

    @property
    def widget_kind(self) -> str | None:
        """The class name of a widget (or exercise) output, from its plain-text repr."""
        found = (
            REPR.match(self.get("text/plain"))
            if WIDGET_VIEW in self.data or "exact61-" in self.get("text/html")
            else None
        )
        return found.group(1) if found else None

    @property
    def exercise_specs(self) -> list[dict[str, Any]]:
        """The task specs of the exercises this output shows (``data-exercise``)."""
        return [
            json.loads(html.unescape(m.group(2))) for m in EXERCISE.finditer(self.get("text/html"))
        ]

    def visible_text(self, *, plain: bool = True) -> str:
        """Every text of the output a reader may see: plain text, HTML text, SVG texts."""
        parts = []
        if plain:
            parts.append(self.get("text/plain"))
        parts.append(html.unescape(TAG.sub(" ", self.get("text/html"))))
        parts.extend(
            html.unescape(m.group(2)) for m in SVG_TEXT.finditer(self.get("image/svg+xml"))
        )
        parts.extend(html.unescape(m.group(2)) for m in SVG_TEXT.finditer(self.get("text/html")))
        return "\n".join(p for p in parts if p)


def outputs(notebook: dict[str, Any]) -> Iterator[Output]:
    """Every output of every code cell, in page order; consecutive prints count as one."""
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        printed: list[str] = []
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                printed.append(text_of(out["text"]))
                continue
            if printed:
                yield Output(index, {"text/plain": "".join(printed)})
                printed = []
            if out["output_type"] in ("display_data", "execute_result"):
                yield Output(index, dict(out["data"]))
            elif out["output_type"] == "error":
                yield Output(index, {"text/plain": "\n".join(out.get("traceback", []))})
        if printed:
            yield Output(index, {"text/plain": "".join(printed)})


def markdown(notebook: dict[str, Any]) -> str:
    """All markdown text of a notebook."""
    return "\n".join(
        text_of(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )


# -- what a reader sees around each exercise: the scanner of "predict, then see" --------------

FOLD = '<details class="exact61-solution">'
FORM = re.compile(r'<p class="exact61-answer-form"><i>(.*?)</i>', re.S)
STATE = "application/vnd.jupyter.widget-state+json"
NAME_FORM = re.compile(r"^ex-[0-9a-z]+-\d+$")
#: The answer words of "play, draw or pass" (in both languages), each as its choice.
CHOICES = {
    "play a tile": "play",
    "play": "play",
    "draw": "draw",
    "pass": "pass",
    "draw a tile": "draw",
    "выложить кость": "play",
    "выложить": "play",
    "взять с базара": "draw",
    "добрать": "draw",
    "пропустить ход": "pass",
    "пас": "pass",
}
#: How a text names each choice: a word, or a part of an identifier in code.
CHOICE_WORDS = {
    "play": re.compile(r"play|выклад|выложи", re.I),
    "draw": re.compile(r"draw|добир|добра|базар", re.I),
    "pass": re.compile(r"pass|\bпас\b|пропус", re.I),
}


@dataclass(frozen=True)
class Seen:
    """One thing on the page, in order: a markdown cell, a code cell's visible source, an
    output's visible text, or an exercise (its visible part; its folded solution apart)."""

    cell: int
    kind: str
    text: str
    spec: dict[str, Any] | None = None
    code: str = ""
    state_texts: tuple[str, ...] = ()
    placeholder: str = ""
    folded: str = ""


def is_hidden(cell: dict[str, Any]) -> bool:
    """Whether a code cell's source is collapsed (``jupyter.source_hidden``)."""
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def widget_state(notebook: dict[str, Any]) -> dict[str, Any]:
    """The saved widget models of a notebook, by model id."""
    state: dict[str, Any] = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {})
    return state.get("state", {})


def _model(state: dict[str, Any], ref: str) -> dict[str, Any]:
    return state.get(ref.removeprefix("IPY_MODEL_"), {}).get("state", {})


def subtree_texts(state: dict[str, Any], model_id: str) -> tuple[list[str], list[str]]:
    """What a widget rendered from its saved state shows: every text value, description and
    picture of it and its children; and the placeholders of its text boxes."""
    texts: list[str] = []
    placeholders: list[str] = []
    todo = [model_id]
    while todo:
        model = _model(state, todo.pop(0))
        for key in ("value", "description", "svg"):
            value = model.get(key)
            if isinstance(value, str) and value:
                texts.append(html.unescape(TAG.sub(" ", value)))
                texts.extend(html.unescape(m.group(2)) for m in SVG_TEXT.finditer(value))
        placeholder = model.get("placeholder")
        if isinstance(placeholder, str) and placeholder.strip("\u200b "):
            placeholders.append(placeholder)
        todo.extend(c for c in model.get("children", []) if isinstance(c, str))
    return texts, placeholders


def revealed_in_state(state: dict[str, Any], model_id: str) -> list[str]:
    """What an exercise's saved state already shows of its answer: a filled reveal box,
    feedback or solution (after Run All nothing may be there)."""
    found = []
    for ref in _model(state, model_id).get("children", []):
        model = _model(state, ref)
        classes = model.get("_dom_classes", [])
        if "exact61-reveal" in classes and model.get("children"):
            found.append("the reveal box is filled")
        if ({"exact61-feedback", "exact61-solution-text"} & set(classes)) and model.get("value"):
            found.append(f"{classes[0]} says {model['value'][:60]!r}")
    return found


def page(notebook: dict[str, Any]) -> list[Seen]:
    """Everything on a notebook's page, in order (see :class:`Seen`)."""
    state = widget_state(notebook)
    seen: list[Seen] = []
    outs = list(outputs(notebook))
    for index, cell in enumerate(notebook["cells"]):
        source = text_of(cell["source"])
        if cell["cell_type"] == "markdown":
            seen.append(Seen(index, "markdown", source))
            continue
        if not is_hidden(cell):
            seen.append(Seen(index, "code", source))
        for out in (o for o in outs if o.cell == index):
            markup = out.get("text/html")
            if not out.exercise_specs:
                seen.append(Seen(index, "output", out.visible_text()))
                continue
            shown, _, folded = markup.partition(FOLD)
            view = out.data.get(WIDGET_VIEW, {})
            texts, placeholders = subtree_texts(state, view.get("model_id", ""))
            form = FORM.search(shown)
            seen.append(
                Seen(
                    index,
                    "exercise",
                    html.unescape(TAG.sub(" ", shown)),
                    out.exercise_specs[0],
                    source,
                    tuple(texts),
                    "\n".join([*placeholders, html.unescape(form.group(1)) if form else ""]),
                    "\n".join(
                        [
                            html.unescape(TAG.sub(" ", folded)),
                            *(html.unescape(m.group(2)) for m in SVG_TEXT.finditer(folded)),
                        ]
                    ),
                )
            )
    return seen


def number_tokens(code: str) -> set[str]:
    """The number literals of Python code (its NUMBER tokens)."""
    import io
    import tokenize

    try:
        return {
            t.string
            for t in tokenize.generate_tokens(io.StringIO(code).readline)
            if t.type == tokenize.NUMBER
        }
    except (tokenize.TokenError, SyntaxError):  # pragma: no cover - the cells are Python
        return set(re.findall(r"\b\d+\b", code))


def name_tokens(code: str) -> set[str]:
    """The identifiers of Python code and the words of its string literals."""
    import io
    import tokenize

    found: set[str] = set()
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.NAME:
            found.add(token.string)
        elif token.type == tokenize.STRING:
            found.update(re.findall(r"[A-Za-z_]+", token.string))
    return found


def spelled_in(text: str, task: Any, *, code: bool) -> list[str]:
    """The answers of ``task`` (and, for a text box, its mistaken answers) that ``text``
    spells out: a number as a number, a word as a word or part of a name, a list or a
    play in notation as a whole."""
    from exact61_widgets import exercises
    from exact61_widgets import tutorial as helpers

    api = set(exercises.__all__) | set(helpers.__all__)
    found = []
    for answer in dict.fromkeys((*task.answers("en"), *task.answers("ru"))):
        if answer.lstrip("-").isdigit():
            number = answer.lstrip("-")
            hits = (
                number in number_tokens(text)
                if code
                else bool(re.search(rf"(?<![\w|\[.−-]){number}(?![\w|\]])", text))
            )
        elif answer in CHOICES:
            choice = CHOICES[answer]
            words = name_tokens(text) - api if code else {text}
            named = {
                c for c, pattern in CHOICE_WORDS.items() if any(pattern.search(w) for w in words)
            }
            # a form that offers all three choices names none of them
            hits = choice in named and (code or len(named) < 3)
        else:
            hits = answer in text
        if hits:
            found.append(answer)
    return found


def captions_above(seen: list[Seen], at: int) -> str:
    """The captions just above an exercise: the outputs of its own cell and of the code
    cells right before it (up to the text that introduces the question)."""
    found = []
    for shown in reversed(seen[:at]):
        if shown.kind in ("markdown", "exercise"):
            break
        if shown.kind == "output":
            found.append(shown.text)
    return "\n".join(found)


def award_phrases(task: Any, lang: str) -> list[str]:
    """How a caption states an award equal to a number answer: the package's
    ``N raw points (M displayed points)`` (right above a question, about any layout, it
    reads as the answer)."""
    from exact61_widgets.exercises.giveaways import normal
    from exact61_widgets.render.descriptions import raw_points

    answer = task.answer("en")
    if not answer.lstrip("-").isdigit() or task.kind not in (
        "play_award",
        "going_out",
        "blocked_award",
    ):
        return []
    raw = int(answer) * (5 if getattr(task, "unit", "raw") == "displayed" else 1)
    return [normal(raw_points(raw, language)) for language in dict.fromkeys((lang, "en", "ru"))]


def prefix_of(path: Path) -> str:
    """The notebook part of an exercise's name: ``05`` for ``05_going_out…``."""
    stem = path.stem.removesuffix("_ru")
    head = stem.split("_", 1)[0]
    return head if head.isdigit() else stem


def stated_by_question(task: Any, answer: str) -> bool:
    """Whether the question a learner reads states the number ``answer`` itself: then code
    that spells it gives nothing more away. Only a total already a multiple of 5 to round
    (R7.5) is such an answer: "Round 25 …" answers 25."""
    question = task.question().text("en")
    return bool(re.search(rf"(?<![\w|\[.−-]){re.escape(answer)}(?![\w|\]])", question))


def exercise_findings(path: Path, notebook: dict[str, Any] | None = None) -> list[str]:
    """Everything on a tutorial's page that gives an exercise's answer away (empty: nothing).

    For each exercise: its name must be neutral (``ex-NN-K``: the notebook and its
    place in it, but a twin asked before the target check, ``before_check``, numbered
    after the notebook's other exercises, so that no name given before changes); its
    answer must not be spelled in its cell's code (but a number its
    question states: :func:`stated_by_question`), nor in its
    visible part (question, the form of its answer, the text box's placeholder,
    which holds no typical wrong answer either), nor in its saved widget state;
    and no giveaway of it (:meth:`Task.giveaways`) may be in anything a reader
    sees above it — the folded solutions of the exercises above included, so that
    opening one does not spoil the next question — or between it and the next
    exercise (to the end of the notebook for the last one).
    """
    from exact61_widgets.exercises import leaked_answers, task_from_spec
    from exact61_widgets.exercises.giveaways import normal

    notebook = load(path) if notebook is None else notebook
    lang = "ru" if path.stem.endswith("_ru") else "en"
    seen = page(notebook)
    state = widget_state(notebook)
    exercises = [i for i, s in enumerate(seen) if s.kind == "exercise"]
    findings: list[str] = []
    twin = [bool(seen[at].spec and seen[at].spec.get("before_check")) for at in exercises]
    order = [i for i, t in enumerate(twin) if not t] + [i for i, t in enumerate(twin) if t]
    numbers = {i: number for number, i in enumerate(order, start=1)}
    for index, at in enumerate(exercises):
        item = seen[at]
        assert item.spec is not None
        task = task_from_spec(item.spec)
        name = str(item.spec.get("name", "?"))
        where = f"{path.name} {name}"
        wanted = f"ex-{prefix_of(path)}-{numbers[index]}"
        if name != wanted:
            findings.append(f"{where}: not a neutral name (ex-NN-K: {wanted})")
        for answer in spelled_in(item.code, task, code=True):
            if not stated_by_question(task, answer):
                findings.append(f"{where}: its cell's code spells the answer {answer!r}")
        for leak in leaked_answers(item.code, task, lang):
            findings.append(f"{where}: its cell's code holds {leak!r}")
        visible = "\n".join([item.text, *item.state_texts])
        for leak in leaked_answers(visible, task, lang):
            findings.append(f"{where}: the exercise itself shows {leak!r}")
        for answer in spelled_in(item.placeholder, task, code=False):
            findings.append(f"{where}: its placeholder or form shows the answer {answer!r}")
        # the words play, draw and pass are the form of an action's answer: its placeholder
        # offers all three, the right one among them
        typical = set(task.mistaken_answers()) - {"play", "draw", "pass"}
        for wrong in sorted(typical):
            if re.search(rf"(?<![\w|\[.−-]){re.escape(wrong)}(?![\w|\]])", item.placeholder):
                findings.append(f"{where}: its placeholder shows the typical wrong answer {wrong}")
        cell = notebook["cells"][item.cell]
        model = next(
            (
                o["data"][WIDGET_VIEW]["model_id"]
                for o in cell.get("outputs", [])
                if WIDGET_VIEW in o.get("data", {})
                and "data-exercise" in text_of(o["data"].get("text/html", ""))
            ),
            "",
        )
        findings.extend(
            f"{where}: saved after Run All, {r}" for r in revealed_in_state(state, model)
        )
        for phrase in award_phrases(task, lang):
            if phrase in normal(captions_above(seen, at)):
                findings.append(f"{where}: a caption just above it says {phrase!r}")
        above = "\n".join(s.text for s in seen[:at] if s.kind != "code")
        for leak in leaked_answers(above, task, lang):
            findings.append(f"{where}: shown above it: {leak!r}")
        opened = "\n".join(s.folded for s in seen[:at] if s.kind == "exercise")
        for leak in leaked_answers(opened, task, lang):
            findings.append(f"{where}: the solution of an exercise above it shows {leak!r}")
        end = exercises[index + 1] + 1 if index + 1 < len(exercises) else len(seen)
        between = "\n".join(s.text for s in seen[at + 1 : end])
        for leak in leaked_answers(between, task, lang):
            findings.append(f"{where}: shown after it, before the next exercise: {leak!r}")
        answers = {normal(a) for a in (*task.answers("en"), *task.answers("ru"))}
        for shown in seen[at + 1 : end]:
            if shown.kind == "output" and normal(shown.text) in answers:
                findings.append(f"{where}: an output after it is the answer {shown.text!r}")
        previous = seen[exercises[index - 1]].cell if index > 0 else -1
        findings.extend(
            f"{where}: {finding}"
            for finding in channel_findings(path, notebook, seen, at, end, previous, task, lang)
        )
    return findings


#: The words that name a choice of "play, draw or pass" as a heading or a story tells it:
#: "Drawing", "drew", "passes", «добор», «пропуск хода».
ACTION_FORMS = {
    "draw": re.compile(r"\bdr(?:aw|aws|ew|awn|awing)\b|добира|добрал|добор|добрат", re.I),
    "pass": re.compile(r"\bpass(?:es|ed|ing)?\b|пропуск|пропуска|пропусти|\bпас\b", re.I),
}
HEADING = re.compile(r"^#{1,4}\s+(.+?)\s*$", re.M)


def action_of(task: Any) -> str | None:
    """The choice an action question's answer is, if it is drawing or passing."""
    answer = task.answer("en")
    return "draw" if answer.startswith("draw") else "pass" if answer == "pass" else None


@cache
def previous_solutions(path: Path) -> str:
    """The folded solutions of the notebook before this one (same language): a learner who
    opened them has them in mind at the next notebook's first questions."""
    stem = path.stem.removesuffix("_ru")
    head = stem.split("_", 1)[0]
    if not head.isdigit() or int(head) == 0:
        return ""
    suffix = "_ru" if path.stem.endswith("_ru") else ""
    before = [
        p
        for p in sorted(path.parent.glob(f"{int(head) - 1:02d}_*{suffix}.ipynb"))
        if p.stem.endswith("_ru") == bool(suffix)
    ]
    return "\n".join(s.folded for p in before for s in page(load(p)) if s.kind == "exercise")


def channel_findings(
    path: Path,
    notebook: dict[str, Any],
    seen: list[Seen],
    at: int,
    end: int,
    previous: int,
    task: Any,
    lang: str,
) -> list[str]:
    """What gives an exercise's answer away through the channels a reader meets around it.

    The section heading above it and the lead-in (the last paragraph before it) must not
    name a draw or pass that is its answer, nor the next question's set-up (the text up
    to the next exercise); the code that prepares it (every code cell since the exercise
    before, folded ones too: GitHub and the docs site show them unfolded) must not spell
    its answer, nor any code cell a number answer that is the task's own input (a tally's
    points; a 0 is too common a literal to count; a number its question states, a total
    already a multiple of 5 to round, is given away by no code); the pictures further down
    the page, to its end, and the solutions of the notebook before must not give it away.
    """
    from exact61_widgets.exercises import leaked_answers

    found: list[str] = []
    item = seen[at]
    above = [s.text for s in seen[:at] if s.kind == "markdown"]
    headings = HEADING.findall("\n".join(above))
    heading = headings[-1] if headings else ""
    lead_in = above[-1].strip().split("\n\n")[-1] if above else ""
    setup = "\n".join(s.text for s in seen[at + 1 : end] if s.kind == "markdown")
    choice = action_of(task)
    if choice is not None:
        for name, text in (("section heading", heading), ("lead-in", lead_in)):
            if ACTION_FORMS[choice].search(text):
                found.append(f"its {name} names the answer: {text.strip()[:80]!r}")
        hit = ACTION_FORMS[choice].search(setup)
        if hit:
            found.append(f"the next question's set-up names the answer: {hit.group(0)!r}")
    for index in range(previous + 1, item.cell + 1):
        cell = notebook["cells"][index]
        if cell["cell_type"] != "code":
            continue
        code = text_of(cell["source"])
        spelled = [a for a in spelled_in(code, task, code=True) if not a.lstrip("-").isdigit()]
        found.extend(f"the code that prepares it spells {a!r}" for a in spelled)
    answer = task.answer("en")
    inputs = {str(v) for v in item.spec.values() if isinstance(v, int)} if item.spec else set()
    if (
        answer.lstrip("-").isdigit()
        and answer != "0"
        and answer in inputs
        and not stated_by_question(task, answer)
    ):
        for index, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] == "code" and answer in number_tokens(text_of(cell["source"])):
                found.append(f"code cell {index} spells its input, the answer {answer!r}")
    later = "\n".join(s.text for s in seen[end:] if s.kind == "output")
    found.extend(
        f"a picture further down shows {leak!r}" for leak in leaked_answers(later, task, lang)
    )
    earlier = previous_solutions(path)
    found.extend(
        f"a solution of the notebook before shows {leak!r}"
        for leak in leaked_answers(earlier, task, lang)
    )
    return found
