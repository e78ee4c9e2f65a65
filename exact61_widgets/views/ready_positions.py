"""Ready positions for the walkthroughs, the hand stories and the explorer, as plain data.

The positions below are the hand-made ones of the engine's tests, every one of
the 28 tiles somewhere: values of the engine's types
(:class:`~exact61_widgets.engine.scenario.Scenario`,
:class:`~exact61_widgets.engine.scenario.HandScript`), which live in
:mod:`exact61_widgets.engine.scenario` with the functions that turn them into matches.
"""

from __future__ import annotations

from exact61_widgets.engine.scenario import HandScript, Scenario

__all__ = [
    "BLOCKED_3P",
    "BLOCKED_3P_NEAR_TARGET",
    "BLOCKED_3P_ONCE",
    "BLOCKED_3P_REJECTED",
    "BLOCKED_PAIRS",
    "BLOCKED_PAIRS_APART",
    "BLOCKED_PAIRS_NEAR_TARGET",
    "BLOCKED_STORY",
    "BLOCKED_TIE",
    "EXACT_61",
    "EXACT_61_PLAYS",
    "GOING_OUT_3P",
    "GOING_OUT_EXACT",
    "GOING_OUT_PAIRS",
    "GOING_OUT_REJECTED",
    "GOING_OUT_STORY",
    "RULES_NINE",
    "SPINNER_LAYOUT",
    "STORIES",
]

#: The rules text's nine plays (its diagrams), the default of the end-scoring walkthrough.
#: They are the nine moves of pagat.com's All Fives example, played here with every
#: double spinning; the awards are pagat's (tests/test_sequences.py).
RULES_NINE = (
    "[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high [3|4]@[4|4]:lineB [1|2]@[1|1]:lineB "
    "[1|5]@[1|1]:branchA [5|5]@[1|5]:high [0|5]@[5|5]:lineB [1|3]@[1|1]:branchB"
)

#: An opening spinner filled line by line, then branched; a later double not yet open.
SPINNER_LAYOUT = "[4|4] [4|5]@[4|4]:lineA [3|4]@[4|4]:lineB [1|4]@[4|4]:branchA [5|5]@[4|5]:high"

#: Going out in pair play: opponents 12 -> 10, partner 3 -> 5, net 5 (R7.2, R7.3).
GOING_OUT_PAIRS = Scenario.make(
    4, "[0|1]", [["[1|2]"], ["[6|6]"], ["[0|3]"], ["[0|0]"]], scores=[100, 50]
)
#: Going out in pair play, the classroom's default: opponents 7 + 6 = 13, rounded once to 15
#: (rounded each, 5 + 5 = 10, a classic mistake, gives another number); partner 3 -> 5;
#: net 0 + 15 − 5 = 10 (R7.2, R7.3).
GOING_OUT_PAIRS_ONCE = Scenario.make(
    4, "[0|1]", [["[1|2]"], ["[3|4]"], ["[0|3]"], ["[0|6]"]], scores=[100, 50]
)
#: Going out with three players: 6 + 7 = 13 rounds once to 15 (R7.2).
GOING_OUT_3P = Scenario.make(3, "[3|4]", [["[4|4]"], ["[0|6]"], ["[1|6]"]])
#: Going out near the target: play 5 + opponents 5 = 10 from 300 is rejected whole (R7.4).
GOING_OUT_REJECTED = Scenario.make(2, "[1|3]", [["[1|1]"], ["[0|4]"]], scores=[300, 0])
#: Going out onto exactly 61: 5 + 5 − 5 = 5 from 300 (R7.4, R9).
GOING_OUT_EXACT = Scenario.make(
    4, "[1|3]", [["[1|1]"], ["[0|4]"], ["[0|3]"], ["[0|0]"]], scores=[300, 0]
)

BLOCKED_3P_LAYOUT = (
    "[0|6] [0|4]@[0|6]:low [1|4]@[0|4]:high [5|6]@[0|6]:high [3|5]@[5|6]:low "
    "[1|5]@[1|4]:low [3|4]@[3|5]:low [2|4]@[3|4]:high [2|2]@[2|4]:low "
    "[0|2]@[2|2]:lineB [0|5]@[0|2]:low [5|5]@[1|5]:high [2|6]@[2|2]:branchA "
    "[4|6]@[2|6]:high [4|4]@[4|6]:low [2|5]@[2|2]:branchB [4|5]@[5|5]:lineB"
)
BLOCKED_3P_HANDS = (
    ("[3|3]",),
    ("[0|0]", "[0|3]", "[1|2]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"),
    ("[0|1]", "[1|1]", "[6|6]"),
)
#: A blocked hand, three players, totals 6, 31, 15; seat 0 to pass (R8).
BLOCKED_3P = Scenario.make(3, BLOCKED_3P_LAYOUT, BLOCKED_3P_HANDS, boneyard=[], leader=0)
#: The same block near the target: seat 0's 35 is rejected, seat 2's 15 makes exactly 61
#: and the match ends in the middle of the settlement (R8.4, R8.5).
BLOCKED_3P_NEAR_TARGET = Scenario.make(
    3, BLOCKED_3P_LAYOUT, BLOCKED_3P_HANDS, boneyard=[], leader=0, scores=[280, 0, 290]
)
#: The same layout, the hands dealt otherwise: totals 6, 28, 18. Seat 0's differences 22 and
#: 12 make 34, rounded once to 35 (each rounded apart: 20 + 10 = 30); seat 2 gets 28 − 18 =
#: 10 (its smaller opponent, seat 0, does not count). Every classic mistake gives another
#: number (R8.2, R8.3).
BLOCKED_3P_ONCE = Scenario.make(
    3,
    BLOCKED_3P_LAYOUT,
    [
        ["[3|3]"],
        ["[0|3]", "[1|3]", "[1|6]", "[2|3]", "[3|6]"],
        ["[0|0]", "[0|1]", "[1|1]", "[1|2]", "[6|6]"],
    ],
    boneyard=[],
    leader=0,
)
#: The same layout near the target, totals 9, 20, 23: seat 0's 11 + 14 = 25 would take 285
#: past 305 and is rejected; comparing with the largest total only (15) would fit (R8.4).
BLOCKED_3P_REJECTED = Scenario.make(
    3,
    BLOCKED_3P_LAYOUT,
    [
        ["[3|3]", "[0|3]"],
        ["[0|0]", "[0|1]", "[1|2]", "[1|3]", "[1|6]", "[2|3]"],
        ["[1|1]", "[3|6]", "[6|6]"],
    ],
    boneyard=[],
    leader=0,
    scores=[285, 0, 290],
)
#: Equal smallest totals 8 and 8 for two opponents: the hand is drawn (R8.6, D5).
BLOCKED_TIE = Scenario.make(
    3,
    "[1|6] [1|3]@[1|6]:low [3|5]@[1|3]:high [5|6]@[1|6]:high [2|5]@[3|5]:high "
    "[2|6]@[2|5]:low [4|5]@[5|6]:low [4|6]@[4|5]:low [6|6]@[4|6]:high "
    "[3|6]@[2|6]:high [0|3]@[3|6]:low [0|6]@[0|3]:low",
    [
        ["[4|4]"],
        [
            "[0|0]",
            "[0|1]",
            "[0|2]",
            "[0|4]",
            "[1|1]",
            "[1|4]",
            "[1|5]",
            "[2|2]",
            "[2|3]",
            "[2|4]",
            "[3|3]",
            "[3|4]",
            "[5|5]",
        ],
        ["[0|5]", "[1|2]"],
    ],
    boneyard=[],
    leader=0,
)
#: A blocked hand of pairs near the target (seat 3 to play [1|1], then nobody can play):
#: seat 0's 45 would pass 61 and is rejected, seat 3's 20 makes exactly 61 for pair 1+3, and
#: seat 2's 15, which pair 0+2 could have taken to 295, is never applied (R8.4, R8.5).
BLOCKED_PAIRS_NEAR_TARGET = Scenario.make(
    4,
    "[2|5] [1|5]@[2|5]:high [0|1]@[1|5]:low [0|3]@[0|1]:low [1|2]@[2|5]:low "
    "[1|3]@[0|3]:high [1|6]@[1|2]:low [4|6]@[1|6]:high [1|4]@[4|6]:low",
    [
        ["[0|0]", "[6|6]"],
        ["[0|2]", "[0|4]", "[0|5]", "[2|2]", "[2|3]", "[2|4]", "[3|3]", "[4|5]", "[5|5]"],
        ["[0|6]", "[2|6]", "[3|4]", "[3|6]", "[4|4]"],
        ["[1|1]", "[3|5]", "[5|6]"],
    ],
    boneyard=[],
    scores=[280, 285],
    to_move=3,
    leader=0,
)
#: Partners tie for the smallest total: still a win for their pair (R8.6).
BLOCKED_PAIRS = Scenario.make(
    4,
    "[1|4] [3|4]@[1|4]:high [0|1]@[1|4]:low [0|4]@[0|1]:low [3|6]@[3|4]:low "
    "[1|6]@[3|6]:high [2|4]@[0|4]:high [1|2]@[1|6]:low [2|6]@[1|2]:high "
    "[0|2]@[2|4]:low [4|6]@[2|6]:high [0|0]@[0|2]:low [0|5]@[0|0]:lineB "
    "[0|3]@[0|0]:branchA [2|5]@[0|5]:high [0|6]@[0|0]:branchB [4|5]@[4|6]:low "
    "[2|3]@[0|3]:high [5|6]@[4|5]:high [6|6]@[0|6]:high [2|2]@[2|3]:low",
    [["[4|4]"], ["[5|5]"], ["[1|1]", "[3|3]"], ["[1|3]", "[1|5]", "[3|5]"]],
    boneyard=[],
    leader=1,
)

#: The layout of :data:`BLOCKED_PAIRS`, totals 10, 4, 16, 14: seat 1 gets (10 − 4) + (16 − 4)
#: = 18 → 20, its partner's 14 never compared; pooling each pair's tiles (26 − 18 = 8 → 10)
#: or rounding each difference apart (5 + 10 = 15) gives another number (R8.1–R8.3).
BLOCKED_PAIRS_APART = Scenario.make(
    4,
    BLOCKED_PAIRS.layout,
    [["[4|4]", "[1|1]"], ["[1|3]"], ["[3|3]", "[5|5]"], ["[1|5]", "[3|5]"]],
    boneyard=[],
    leader=1,
)

#: Two players near the target: seat 0 at 290 (58 points) to move.
EXACT_61 = Scenario.make(
    2,
    "[4|4] [4|6]@[4|4]:lineA",
    [["[2|3]", "[3|4]", "[6|6]"], ["[0|4]", "[2|2]", "[4|5]"]],
    scores=[290, 250],
)
#: Seat 0's 20 would pass 305 (rejected whole), seat 1 plays, seat 0's 15 hits 305 exactly.
EXACT_61_PLAYS = ("[6|6]@[4|6]:high", "[0|4]@[4|4]:lineB", "[3|4]@[4|4]:branchA")

#: A whole hand of pairs, told by :class:`~exact61_widgets.widgets.HandStory`: the deal, the
#: opening, long and short draws, a pass, [2|2] joining, filling its lines and growing both
#: branches, an award rejected near 61 and a going-out settlement with a partner deduction.
GOING_OUT_STORY = HandScript(
    players=4,
    scores=(185, 280),
    leader=1,
    hands=(
        ("[0|0]", "[0|5]", "[3|4]", "[3|5]", "[4|5]"),
        ("[0|6]", "[1|2]", "[3|3]", "[3|6]", "[6|6]"),
        ("[0|2]", "[0|3]", "[2|3]", "[2|4]", "[2|6]"),
        ("[0|4]", "[1|4]", "[1|5]", "[5|5]", "[5|6]"),
    ),
    boneyard=("[0|1]", "[4|6]", "[4|4]", "[1|1]", "[1|6]", "[2|5]", "[2|2]", "[1|3]"),
    actions=(
        "[0|6]",
        "[0|3]@[0|6]:low",
        "[5|6]@[0|6]:high",
        "[3|5]@[0|3]:high",
        "draw",
        "draw",
        "draw",
        "draw",
        "draw",
        "draw",
        "[2|5]@[5|6]:low",
        "[2|3]@[2|5]:low",
        "[1|5]@[3|5]:high",
        "[3|4]@[2|3]:high",
        "[1|6]@[1|5]:low",
        "[2|4]@[3|4]:high",
        "draw",
        "[2|2]@[2|4]:low",
        "draw",
        "pass",
        "[1|2]@[2|2]:lineB",
        "[2|6]@[2|2]:branchB",
        "[1|4]@[1|2]:low",
        "[4|5]@[1|4]:high",
        "[4|6]@[1|6]:high",
        "[0|2]@[2|2]:branchA",
    ),
    beats=(
        ("deal", 0),
        ("opening", 1),
        ("applied", 4),
        ("draw", 5),
        ("spinner", 11),
        ("pass", 12),
        ("lines", 13),
        ("branch", 14),
        ("rejected", 17),
        ("going_out", 18),
        ("settlement", 19),
        ("next_leader", 20),
    ),
)

#: A whole blocked hand of pairs near the target: the opening spinner [5|5], draws, a pass,
#: the block, a rejected award, an award that makes exactly 61 and ends the match, and the
#: award it cuts off (seat 2's 20, which would have taken pair 0+2 to 300) (R8.4, R8.5).
BLOCKED_STORY = HandScript(
    players=4,
    scores=(240, 275),
    leader=1,
    hands=(
        ("[0|1]", "[0|5]", "[2|5]", "[4|4]", "[5|6]"),
        ("[0|0]", "[1|2]", "[2|2]", "[2|4]", "[5|5]"),
        ("[0|4]", "[2|6]", "[3|3]", "[3|4]", "[3|5]"),
        ("[0|2]", "[0|3]", "[0|6]", "[1|6]", "[4|6]"),
    ),
    boneyard=("[3|6]", "[6|6]", "[1|1]", "[4|5]", "[1|3]", "[1|4]", "[1|5]", "[2|3]"),
    actions=(
        "[5|5]",
        "[3|5]@[5|5]:lineB",
        "[0|3]@[3|5]:low",
        "[0|5]@[0|3]:low",
        "draw",
        "draw",
        "draw",
        "draw",
        "[4|5]@[5|5]:lineA",
        "[0|4]@[4|5]:low",
        "[0|2]@[0|4]:low",
        "[2|5]@[0|2]:high",
        "draw",
        "draw",
        "draw",
        "[1|5]@[0|5]:high",
        "draw",
        "pass",
        "[1|6]@[1|5]:low",
        "[5|6]@[1|6]:high",
    ),
    beats=(
        ("deal", 0),
        ("opening", 1),
        ("spinner", 1),
        ("lines", 5),
        ("draw", 5),
        ("pass", 10),
        ("block", 12),
        ("totals", 13),
        ("rejected", 14),
        ("won", 15),
        ("cut", 16),
        ("result", 17),
    ),
)

#: The stories by name, for ``HandStory(story=…)``.
STORIES = {"going-out": GOING_OUT_STORY, "blocked": BLOCKED_STORY}
