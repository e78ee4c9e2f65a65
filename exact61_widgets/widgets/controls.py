"""Back / next / reset buttons, a step slider and a "step k of n" label, kept in sync.

Shared by every walkthrough. The slider is the one source of truth: the buttons
move it, and its observer calls the owner's ``on_step``. Built once; a new
number of steps only changes the slider's maximum. The slider is a
:class:`~exact61_widgets.widgets.slider.NamedSlider` (a labelled native range input
that says "Step 3 of 9"), not ipywidgets' nameless handle; the buttons are named by
their labels and their tooltips say more.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from exact61_widgets.i18n import Msg, gettext
from exact61_widgets.widgets.buttons import button
from exact61_widgets.widgets.slider import NamedSlider


class StepControls(w.HBox):  # type: ignore[misc]
    """Controls for stepping through ``count`` steps; calls ``on_step(index)`` on a change."""

    def __init__(
        self,
        count: int,
        on_step: Callable[[int], None],
        *,
        lang: str | None = None,
        wrap: Callable[[Callable[..., object]], Callable[..., None]] | None = None,
    ) -> None:
        self._lang = lang
        self._on_step = on_step
        self._notify = True
        if wrap is None:
            wrap = _plain
        self.back_button = button(
            gettext("Back", lang), "back", icon="arrow-left", tooltip=gettext("Previous step", lang)
        )
        self.next_button = button(
            gettext("Next", lang), "next", icon="arrow-right", tooltip=gettext("Next step", lang)
        )
        self.reset_button = button(
            gettext("Reset", lang),
            "reset",
            icon="undo",
            tooltip=gettext("Back to the first step", lang),
        )
        self.slider = NamedSlider(
            gettext("Step", lang), value=0, min=0, max=max(count - 1, 0), step=1
        )
        self.position = w.Label()
        for widget in (
            self.back_button,
            self.next_button,
            self.reset_button,
            self.slider,
            self.position,
        ):
            widget.add_class("exact61-controls")
        self.slider.add_class("exact61-step-slider")
        self.position.add_class("exact61-step-label")
        self.back_button.on_click(wrap(self.back))
        self.next_button.on_click(wrap(self.next))
        self.reset_button.on_click(wrap(self.reset))
        self._slider_callback = wrap(self._changed)
        self.slider.observe(self._slider_callback, names="value")
        super().__init__(
            [self.back_button, self.next_button, self.reset_button, self.slider, self.position]
        )
        self._update()

    @property
    def step(self) -> int:
        """The current step, 0-based."""
        return round(self.slider.value)

    @property
    def count(self) -> int:
        """How many steps there are."""
        return round(self.slider.max) + 1

    def set_count(self, count: int) -> None:
        """Change the number of steps (the current step is kept if it still exists)."""
        self.slider.max = max(count - 1, 0)
        self._update()

    def go(self, index: int, *, notify: bool = True) -> None:
        """Move to step ``index`` (clamped); ``notify=False`` skips ``on_step`` (for undo)."""
        self._notify = notify
        try:
            self.slider.value = min(max(index, 0), self.count - 1)
        finally:
            self._notify = True
        self._update()

    def next(self) -> None:
        """One step on (nothing at the last step)."""
        self.go(self.step + 1)

    def back(self) -> None:
        """One step back (nothing at the first step)."""
        self.go(self.step - 1)

    def reset(self) -> None:
        """Back to the first step."""
        self.go(0)

    def _changed(self) -> None:
        self._update()
        if self._notify:
            self._on_step(self.step)

    def _update(self) -> None:
        self.back_button.disabled = self.step <= 0
        self.next_button.disabled = self.step >= self.count - 1
        self.position.value = Msg("Step {k} of {n}", {"k": self.step + 1, "n": self.count}).text(
            self._lang
        )
        self.slider.valuetext = self.position.value


def _plain(fn: Callable[..., object]) -> Callable[..., None]:
    """An ipywidgets callback that calls ``fn()`` and ignores the button or change."""

    def run(*_ignored: object) -> None:
        fn()

    return run
