"""What every walkthrough shares: steps, the board, step controls, caption and text panel.

A walkthrough is a list of :class:`Step` built once from its scenario (pure data:
what to draw, the caption with its rule numbers, the lines of the text panel).
The widgets are built once; moving to a step only changes their values, and
each step's picture is drawn on first use and kept. Rule codes in the captions
(``R7.3``) link to the rules pages. Saved without a kernel, a walkthrough shows
every step: a strip of small pictures with their captions, and the captions as text.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import ipywidgets as w

from exact61_widgets.exercises.verdict import Misconception, Mistake
from exact61_widgets.i18n import Msg, Plural, check_lang, gettext
from exact61_widgets.rule_links import link_codes
from exact61_widgets.widgets.base import BoardWidget
from exact61_widgets.widgets.controls import StepControls
from exact61_widgets.widgets.figures import Figure, compose, draw, focus_labels
from exact61_widgets.widgets.mimebundle import StaticPicture, id_prefix, shrink, strip_html


@dataclass(frozen=True)
class Lines:
    """Several sentences shown as one text, each translated on its own."""

    parts: tuple[Msg | str, ...]

    def text(self, lang: str | None = None) -> str:
        """The sentences in ``lang``, joined by spaces."""
        return " ".join(p if isinstance(p, str) else p.text(lang) for p in self.parts)


Text = Msg | str | Lines
"""A line of text: a message translated when shown, sentences, or text already in its language."""


def localized(text: Text, lang: str) -> str:
    """The text of a line in ``lang``."""
    return text if isinstance(text, str) else text.text(lang)


def linked(text: str, lang: str) -> str:
    """Plain text as HTML, its rule codes linked to the rules pages."""
    return link_codes(html.escape(text), lang)


@dataclass(frozen=True)
class Said:
    """A wrong answer in words (``yes``), not a number, with the misconception it shows: for a
    question that is not about points (may this tile go there?)."""

    #: The answer as a learner says it.
    value: Msg | str
    #: The misconception of the exercises it shows.
    misconception: Misconception


@dataclass(frozen=True)
class Step:
    """One step: the pictures to show, the caption (what changed, which rule) and details.

    ``panels`` are drawn side by side on the board, the first one is also the
    static picture; ``details`` are extra lines for the text panel (a long
    description, a settlement written out).
    """

    #: The pictures, side by side; the first one is also the static picture.
    panels: tuple[Figure, ...]
    #: What changed, and which rule.
    caption: Text
    #: Extra lines for the text panel (a long description, a settlement written out).
    details: tuple[Text, ...] = field(default=())
    #: In predict mode, what is shown before this step: the play drawn without its result
    #: (no end badges, no award, no score), its caption a question, so that a class can say
    #: what the play gives before a second Next shows it.
    ask: Step | None = None
    #: ``"play"`` for a step that shows a play and holds its result back, ``"result"`` for
    #: the step that then shows it, ``"step"`` for any other.
    role: str = "step"
    #: For an ask step, the wrong answers a class is likely to give to its question, each
    #: with the misconception of the exercises it shows (the teacher's script).
    expect: tuple[Mistake | Said, ...] = ()


def wrong_answers(mistakes: Sequence[Mistake], right: int) -> tuple[Mistake, ...]:
    """The mistakes worth a teacher's note, in order: those whose answer is wrong (not
    ``right``), each misconception once per answer (a teacher's script lists an answer two
    mistakes give with both)."""
    seen: set[tuple[int | str, str]] = set()
    kept: list[Mistake] = []
    for m in mistakes:
        if m.value != right and (m.value, m.misconception.key) not in seen:
            seen.add((m.value, m.misconception.key))
            kept.append(m)
    return tuple(kept)


def predicted(steps: Sequence[Step], predict: bool) -> list[Step]:
    """The steps shown: in predict mode each step with an :attr:`Step.ask` comes in two,
    the play (role ``"play"``) and then its result (role ``"result"``); otherwise as built."""
    if not predict:
        return list(steps)
    shown: list[Step] = []
    for step in steps:
        if step.ask is None:
            shown.append(step)
        else:
            shown += [replace(step.ask, role="play"), replace(step, role="result")]
    return shown


class Walkthrough(BoardWidget, StaticPicture, w.VBox):  # type: ignore[misc]
    """Base of the walkthroughs and hand stories: back / next / reset, a slider, caption, text.

    Subclasses give :attr:`kind`, build their steps in :meth:`build_steps` and may
    add widgets with :meth:`extra_children`. ``lang`` is ``"en"`` or ``"ru"``;
    ``name`` fixes the SVG id prefix (by default it comes from the scenario);
    ``theme`` is the pictures' palette (``"auto"`` follows the page, see :class:`Board`).
    """

    #: The walkthrough's name in element ids and files.
    kind: ClassVar[str] = "walkthrough"
    #: The heading it shows.
    title: ClassVar[Msg] = Msg("Walkthrough")
    #: Whether the board takes clicks and keys (the learner may play).
    interactive: ClassVar[bool] = False
    #: Whether Next shows a play first and its result only at the next Next (off in the
    #: notebooks unless asked, on in the classroom app): set :attr:`predict` to change it.
    predict_default: ClassVar[bool] = False
    #: The first step (0-based) the saved strip and text show: a story told in parts shows
    #: only the steps of its own part there, the earlier ones being told above it.
    saved_from: int = 0
    kept: ClassVar[tuple[str, ...]] = ("_shown", "_built", "_predict")

    def __init__(
        self,
        *,
        lang: str | None = None,
        name: str | None = None,
        content: Sequence[object] = (),
        theme: str = "auto",
    ) -> None:
        self.lang = check_lang(lang)
        self.prefix = id_prefix(self.kind, *content, lang, name=name)
        self._shown = 0
        self._cache: dict[tuple[Any, str, str], str] = {}
        self._own_board(theme, interactive=self.interactive, clicks=self.interactive)
        self.board.add_class("exact61-quiet-live")  # the caption below shows the same text
        self._predict = self.predict_default
        self._built: list[Step] = list(self.build_steps())
        self._steps: list[Step] = predicted(self._built, self._predict)
        self._watchers: list[Callable[[Step], None]] = []
        self.controls = StepControls(
            len(self._steps), self._on_step, lang=self.lang, wrap=self.guard.callback
        )
        self.heading = w.HTML(f"<h3>{html.escape(self.title.text(self.lang))}</h3>")
        self.caption = w.HTML()
        self.caption.add_class("exact61-caption")
        self.text_panel = w.HTML()
        self.text_panel.add_class("exact61-text")
        super().__init__(
            [
                self.heading,
                self.board,
                self.caption,
                self.controls,
                *self.extra_children(),
                self.text_panel,
            ]
        )
        self.add_class("exact61-walkthrough")
        self._render(0)

    # -- for subclasses -----------------------------------------------------------------

    def build_steps(self) -> Sequence[Step]:
        """The steps of this walkthrough (called once, from the scenario)."""
        raise NotImplementedError

    def extra_children(self) -> Sequence[Any]:
        """Widgets shown between the controls and the text panel (none by default)."""
        return ()

    def replace_steps(self, steps: Sequence[Step], go_to: int, *, held: bool = False) -> None:
        """Swap in new steps as built (a learner's own play) and show step ``go_to`` of them:
        in predict mode its result, or with ``held`` its play held back (a new play is asked
        about before it is shown scored)."""
        self._built = list(steps)
        self._steps = predicted(self._built, self._predict)
        self.controls.set_count(len(self._steps))
        shown = self._shown_index(go_to)
        if held and self._predict and self._built[go_to].ask is not None:
            shown -= 1
        self.controls.go(shown, notify=False)
        self._render(self.controls.step)

    def _shown_index(self, built: int) -> int:
        """Where step ``built`` of the steps as built is among the steps shown."""
        return len(predicted(self._built[: built + 1], self._predict)) - 1

    def _built_index(self, shown: int) -> int:
        """Which of the steps as built step ``shown`` of the steps shown belongs to."""
        count = -1
        for i, step in enumerate(self._built):
            count += 2 if self._predict and step.ask is not None else 1
            if count >= shown:
                return i
        return len(self._built) - 1

    # -- predict mode ---------------------------------------------------------------------

    @property
    def predict(self) -> bool:
        """Whether Next shows each play first and its result at the next Next."""
        return self._predict

    @predict.setter
    def predict(self, value: bool) -> None:
        if bool(value) == self._predict:
            return
        at = self._built_index(self._shown)
        self._predict = bool(value)
        self._steps = predicted(self._built, self._predict)
        self.controls.set_count(len(self._steps))
        # The step in view stays in view; turned on, a play not yet answered is asked again.
        start = self._shown_index(at - 1) + 1 if at else 0
        self.controls.go(start, notify=False)
        self._render(self.controls.step)

    @property
    def role(self) -> str:
        """The role of the step shown: ``"play"``, ``"result"`` or ``"step"``."""
        return self._steps[self._shown].role

    # -- public API ----------------------------------------------------------------------

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step, in order."""
        return tuple(self._steps)

    @property
    def built_steps(self) -> tuple[Step, ...]:
        """Every step as built, each held-back play inside its result (:attr:`Step.ask`)."""
        return tuple(self._built)

    def on_step(self, watcher: Callable[[Step], None]) -> None:
        """Call ``watcher`` with the step shown, now and each time another is shown."""
        self._watchers.append(watcher)
        watcher(self._steps[self._shown])

    @property
    def step(self) -> int:
        """The step shown now (0-based)."""
        return self._shown

    @property
    def caption_text(self) -> str:
        """The caption of the step shown, in the widget's language."""
        return localized(self._steps[self._shown].caption, self.lang)

    @property
    def text(self) -> str:
        """Everything the text panel says about the step shown, one line each."""
        step = self._steps[self._shown]
        return "\n".join(localized(t, self.lang) for t in (step.caption, *step.details))

    def next(self) -> None:
        """One step on."""
        self.controls.next()

    def back(self) -> None:
        """One step back."""
        self.controls.back()

    def reset(self) -> None:
        """Back to the first step."""
        self.controls.reset()

    def go(self, index: int) -> None:
        """Show step ``index``."""
        self.controls.go(index)

    # -- drawing -------------------------------------------------------------------------

    def _on_step(self, index: int) -> None:
        self._render(index)

    def refresh(self) -> None:
        """Draw the step shown again (a new theme, a state put back)."""
        self._render(self._shown)

    def _restored(self) -> None:
        self._steps = predicted(self._built, self._predict)
        self.controls.set_count(len(self._steps))
        self.controls.go(self._shown, notify=False)
        self.refresh()

    def _pictures(self, index: int) -> tuple[str, str]:
        return compose(
            self._steps[index].panels, self.prefix, self.lang, self._cache, self.board.drawn_theme
        )

    def _render(self, index: int) -> None:
        step = self._steps[index]
        picture, markup = self._pictures(index)
        caption = localized(step.caption, self.lang)
        lines = "".join(
            f"<p>{linked(localized(t, self.lang), self.lang)}</p>" for t in step.details
        )
        self._shown = index
        labels = focus_labels(step.panels, self.lang) if self.board.interactive else None
        self.board.show(picture, markup, labels)
        self.board.announcement = caption
        shown = linked(caption, self.lang)
        self.caption.value = f'<p class="exact61-caption-text">{shown}</p>'
        label = html.escape(gettext("Text description", self.lang))
        self.text_panel.value = (
            f'<details><summary>{label}</summary><div role="region" aria-label="{label}">'
            f"<p>{shown}</p>{lines}</div></details>"
        )
        for watcher in self._watchers:
            watcher(step)

    def static_svg(self) -> str:
        """The first picture of the step shown."""
        return self._pictures(self._shown)[0]

    def plain_text(self) -> str:
        """E.g. ``SpinnerWalkthrough(step 1 of 6, lang='en')``."""
        return (
            f"{type(self).__name__}(step {self._shown + 1} of {len(self._steps)}, "
            f"lang={self.lang!r})"
        )

    def _heading(self, index: int) -> str:
        return Msg("Step {k} of {n}", {"k": index + 1, "n": len(self._steps)}).text(self.lang)

    def static_text(self) -> str:
        """The repr, then every step's heading and caption, one line each."""
        lines = [self.plain_text()]
        lines += [
            f"{self._heading(i)}: {localized(step.caption, self.lang)}"
            for i, step in enumerate(self._steps)
            if i >= self.saved_from
        ]
        return "\n".join(lines)

    def static_html(self) -> str:
        """Every step (from :attr:`saved_from`) with all its pictures and its caption, for a
        reader without a kernel.

        Each step's pictures are drawn light, with ids of their own (``PREFIX-stepN-…``),
        at full size (a picture wider than a notebook is shrunk to its width); a step
        whose pictures are all those of the step before says so instead.
        """
        cells: list[tuple[str, list[str], str]] = []
        before: Any = None
        drawn_at = 0
        for i, step in enumerate(self._steps):
            if i < self.saved_from:
                continue
            caption = linked(localized(step.caption, self.lang), self.lang)
            specs = tuple(panel.spec for panel in step.panels)
            svgs: list[str] = []
            if specs and specs == before:
                same = Msg("Same pictures as step {k}.", {"k": drawn_at + 1}).text(self.lang)
                caption = f"<i>{html.escape(same)}</i> {caption}"
            else:
                svgs = [
                    shrink(draw(panel.spec, f"{self.prefix}-step{i + 1}-{panel.suffix}", self.lang))
                    for panel in step.panels
                ]
                drawn_at = i
            before = specs or None
            cells.append((self._heading(i), svgs, caption))
        intro = html.escape(
            Msg(
                "{steps}, each with its pictures; run the notebook to step through them.",
                {"steps": Plural("{n} step", "{n} steps", len(self._steps) - self.saved_from)},
            ).text(self.lang)
        )
        return strip_html(self.title.text(self.lang), intro, cells)
