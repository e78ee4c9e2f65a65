"""Worksheet topics: what each one chooses among the tutorials' exercises and the puzzles.

A tutorial exercise's topics follow from its task, read by the engine (a
rounding task is about rounding; an award counted from a score near 61, or a
settlement the target check rejects, is about exactly 61; a layout with a double
is about spinners); a puzzle's from its themes (:mod:`exact61_widgets.puzzles.puzzle_themes`).
One topic may choose both: ``going-out`` takes the going-out exercises and the
puzzles whose theme is the going-out settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.handouts.options import HandoutError
from exact61_widgets.i18n import Msg, check_lang

if TYPE_CHECKING:  # the command's help lists the topics: keep its import cheap
    from exact61_widgets.engine.match import Match
    from exact61_widgets.exercises import Task

#: Every topic with its name; a topic named after a puzzle theme takes the theme's name.
_NAMES: Final[Mapping[str, Msg | str]] = {
    "points": Msg("tiles, points and the deal"),
    "matching": Msg("matching, drawing and passing"),
    "spinners": Msg("spinners and branches"),
    "scoring-ends": Msg("scoring ends"),
    "rounding": Msg("rounding to 5"),
    "going-out": Msg("going out"),
    "blocked-hand": Msg("the blocked hand"),
    "exact-61": Msg("exactly {target}", TARGET_PARAMS),
    "tally": Msg("the paper tally"),
    "exact-finish": "exact_finish",
    "overshoot": "overshoot",
    "deny": "deny",
    "look-ahead": "look_ahead",
}

#: The topics, in the order the help lists them.
TOPICS: Final[tuple[str, ...]] = tuple(_NAMES)

#: The puzzle themes each topic takes.
PUZZLE_THEMES: Final[Mapping[str, tuple[str, ...]]] = {
    "spinners": ("spinner",),
    "scoring-ends": ("count",),
    "going-out": ("going_out",),
    "blocked-hand": ("block",),
    "exact-61": ("exact_finish", "overshoot", "deny"),
    "exact-finish": ("exact_finish",),
    "overshoot": ("overshoot",),
    "deny": ("deny",),
    "look-ahead": ("look_ahead",),
}

#: The topic of each kind of task.
_KIND_TOPICS: Final[Mapping[str, tuple[str, ...]]] = {
    "displayed_points": ("points",),
    "boneyard_size": ("points",),
    "playable_tiles": ("matching",),
    "legal_action": ("matching",),
    "play_draw_pass": ("matching",),
    "open_places": ("matching",),
    "scoring_ends": ("scoring-ends",),
    "play_award": ("scoring-ends",),
    "rounding": ("rounding",),
    "going_out": ("going-out", "rounding"),
    "blocked_award": ("blocked-hand", "rounding"),
    "tally_points": ("tally",),
}

#: A kind of task this module does not know takes the topic of its notebook.
_NOTEBOOK_TOPICS: Final[Mapping[str, str]] = {
    "00": "points",
    "01": "points",
    "02": "matching",
    "03": "spinners",
    "04": "scoring-ends",
    "05": "going-out",
    "06": "blocked-hand",
    "07": "going-out",
    "08": "exact-61",
    "09": "scoring-ends",
    "10": "tally",
}


def topic_name(topic: str, lang: str | None = None) -> str:
    """The topic's name in ``lang``: ``going out``, «выход последней костью»."""
    from exact61_widgets.puzzles import theme_name

    name = _NAMES[check_topic(topic)]
    return theme_name(name, lang) if isinstance(name, str) else name.text(check_lang(lang))


def check_topic(topic: object) -> str:
    """``topic`` if it is one of :data:`TOPICS` (``going_out`` is read as ``going-out``)."""
    name = topic.strip().lower().replace("_", "-") if isinstance(topic, str) else topic
    if not isinstance(name, str) or name not in _NAMES:
        raise HandoutError(
            Msg(
                "unknown topic {topic}: use one of {topics}",
                {"topic": repr(topic), "topics": ", ".join(TOPICS)},
            )
        )
    return name


def _has_double(layout: str) -> bool:
    from exact61_widgets.engine.layout import Layout

    return any(t.is_double for t in Layout.parse(layout).tiles)


def _near_target(match: Match, action: str | None) -> bool:
    """Whether ``action`` in ``match`` meets the target check: rejected, or exactly 61."""
    from exact61_widgets.engine.actions import parse_action
    from exact61_widgets.engine.events import BlockedAwardEvent, OutEvent, PlayEvent

    if action is None:
        return False
    trial = match.copy()
    events = trial.push(parse_action(action))
    return trial.winner is not None or any(
        isinstance(e, (PlayEvent, OutEvent, BlockedAwardEvent)) and e.status == "rejected"
        for e in events
    )


def exercise_topics(task: Task, notebook: str) -> tuple[str, ...]:
    """The topics of a tutorial exercise's task, in the order of :data:`TOPICS`."""
    from exact61_widgets.handouts.items import table_of

    spec: Mapping[str, Any] = task.spec()
    found = set(_KIND_TOPICS.get(task.kind, (_NOTEBOOK_TOPICS.get(notebook[:2], "points"),)))
    layout = spec.get("layout")
    if isinstance(layout, str) and task.kind in ("open_places", "scoring_ends", "play_award"):
        after = layout
        if task.kind == "play_award":
            after = f"{layout} {spec['play']}".strip()
        if _has_double(after):
            found.add("spinners")
            if task.kind == "open_places":
                found.discard("matching")
    if spec.get("score") is not None:
        found.add("exact-61")
    match = table_of(task)  # the match before the last action
    if match is not None and task.kind in ("going_out", "blocked_award"):
        action = spec.get("play", spec.get("action"))
        if _near_target(match, action if isinstance(action, str) else None):
            found.add("exact-61")
    return tuple(t for t in TOPICS if t in found)
