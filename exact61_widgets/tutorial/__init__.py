"""What the tutorial notebooks' cells call: the language, pictures with their texts, positions.

The notebooks are built in English and Russian from one source; their first code
cell is ``from exact61_widgets.tutorial import setup, show`` and ``setup("en")``
(or ``"ru"``), so that the rest of the code is the same in both languages. The
pictures are shown with :func:`show`, which gives a reader without SVG support
(an untrusted notebook, a screen reader, a text diff) the picture's title and
description instead. The small helpers the teaching notebooks share — every
hand face up, a made-up position, the settlement of going out or of a block,
a story told up to a step or in parts, what each legal play would do, a whole match
hand by hand and taken back to a hand — live in :mod:`.engine_calls`, :mod:`.pictures` and
:mod:`.matches`, and the original rules' eleven diagrams in
:mod:`.diagrams`, so that the notebooks' cells stay short and a learner need not
read them.
"""

from __future__ import annotations

from exact61_widgets.tutorial.diagrams import DIAGRAMS, diagram
from exact61_widgets.tutorial.display import (
    alt_text,
    setup,
    show,
    show_curious,
    show_folded,
    table_text,
)
from exact61_widgets.tutorial.engine_calls import (
    alternatives,
    before_step,
    block,
    explain,
    go_out,
    plays,
    position,
    refusal,
    say,
    scores_line,
    story_part,
    story_until,
)
from exact61_widgets.tutorial.matches import (
    HandLine,
    back_to_hand,
    hands_text,
    play_hands,
    refused_deal,
)
from exact61_widgets.tutorial.pictures import hands_svg, show_captioned, show_hands

__all__ = [
    "DIAGRAMS",
    "HandLine",
    "alt_text",
    "alternatives",
    "back_to_hand",
    "before_step",
    "block",
    "diagram",
    "explain",
    "go_out",
    "hands_svg",
    "hands_text",
    "play_hands",
    "plays",
    "position",
    "refusal",
    "refused_deal",
    "say",
    "scores_line",
    "setup",
    "show",
    "show_captioned",
    "show_curious",
    "show_folded",
    "show_hands",
    "story_part",
    "story_until",
    "table_text",
]
