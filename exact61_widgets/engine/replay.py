"""``replay(record)``: the event stream for a game record.

The stream is stated on the :ref:`formats page, §6 Event stream <formats-6>`.
"""

from __future__ import annotations

from typing import Any

from exact61_widgets.engine.record import Replayer


def replay(record: object) -> dict[str, Any]:
    """Check ``record`` move by move and return ``{"hands", "scores", "winner"}``.

    A broken record raises :class:`~exact61_widgets.engine.errors.RecordError`
    naming the hand, the action and the reason; nothing partial is returned.

    >>> from exact61_widgets import Match
    >>> from exact61_widgets.engine.record import to_record
    >>> match = Match(2, seed=7)
    >>> events = match.push(match.legal_actions()[0])
    >>> document = replay(to_record(match))
    >>> document["scores"], document["winner"], document["hands"][0]["end"]
    ([0, 5], None, None)
    """
    match, hands = Replayer(record).run()
    return {"hands": hands, "scores": list(match.scores), "winner": match.winner}
