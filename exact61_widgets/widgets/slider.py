"""A slider with an accessible name: a native range input inside its ``<label>``.

ipywidgets' own sliders draw a handle (``div[role=slider]``) that no label names, so
screen readers announce it as a nameless slider and axe-core reports
``aria-input-field-name``. :class:`NamedSlider` is an anywidget with the same
``value``/``min``/``max``/``step``/``description`` traits; the browser's ``<input
type="range">`` gives the keyboard (arrows, Home/End, Page Up/Down) for free, and
``valuetext`` tells screen readers what a value means ("Step 3 of 9").
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from exact61_widgets.i18n import Msg
from exact61_widgets.views.errors import WidgetError
from exact61_widgets.widgets.board import static_text

SLIDER_CSS = """
.exact61-slider { display: flex; align-items: center; gap: 8px; margin: 0 4px; }
.exact61-slider label { display: flex; align-items: center; gap: 8px; }
.exact61-slider-label { color: var(--jp-widgets-label-color, var(--jp-ui-font-color1, inherit));
  font-size: var(--jp-widgets-font-size, inherit); }
.exact61-slider input[type=range] { width: 12em; accent-color: var(--jp-brand-color1, #1a5fb4); }
.exact61-slider-readout { min-width: 2em; color: var(--jp-ui-font-color1, inherit); }
"""


class NamedSlider(anywidget.AnyWidget):
    """A range slider whose ``description`` is its visible label and its accessible name.

    ``value`` is kept between ``min`` and ``max`` (a value outside is clamped, as
    ipywidgets' sliders do); ``valuetext`` is what screen readers say for the value
    (empty: the number); ``readout`` shows that text next to the slider.
    """

    _esm = static_text("slider.js")
    _css = SLIDER_CSS

    value = traitlets.Float(0.0).tag(sync=True)
    min = traitlets.Float(0.0).tag(sync=True)
    max = traitlets.Float(100.0).tag(sync=True)
    step = traitlets.Float(1.0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    valuetext = traitlets.Unicode("").tag(sync=True)
    readout = traitlets.Bool(False).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, description: str, **kwargs: Any) -> None:
        if not description.strip():
            raise WidgetError(Msg("a slider needs a name: its description is empty"))
        super().__init__(description=description, **kwargs)
        self.observe(self._clamp, names=["min", "max"])

    @traitlets.validate("value")
    def _valid_value(self, proposal: Any) -> float:
        return float(min(max(proposal["value"], self.min), self.max))

    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> float:
        if proposal["value"] <= 0:
            raise WidgetError(
                Msg(
                    "a slider's step is a positive number, not {step}",
                    {"step": repr(proposal["value"])},
                )
            )
        return float(proposal["value"])

    def _clamp(self, _change: object) -> None:
        """A new ``min`` or ``max`` moves a value that is now outside into the range."""
        self.value = self.value
