"""The match equity table of Exact 61: each side's chance to win the match from every score.

Backgammon players grade match play in *match-winning chance*, read from a match
equity table; this package does the same for Exact 61 Five Up. The table
(:mod:`.met`) gives, for two players, three players and pairs, each side's
chance to win from every score (raw, in steps of 5) with a given seat to lead the
next hand. It is built from the package's own engine (:mod:`.build`): hands of
self-play kept as the awards they attempted (:mod:`.hands`), then a dynamic
programme over the scores (:mod:`.dp`) that applies the exact-61 rule to each
hand from each score. :mod:`.value` turns a hand's end into a side's chance, the
unit of the review, the hints and the search bot.

>>> from exact61_widgets.engine.equity import load_table
>>> table = load_table(2)
>>> table.chance((300, 0), leader=0) > table.chance((0, 300), leader=0)
True
"""

from exact61_widgets.engine.equity.met import MatchEquityTable, load_table
from exact61_widgets.engine.equity.value import end_chance

__all__ = ["MatchEquityTable", "end_chance", "load_table"]
