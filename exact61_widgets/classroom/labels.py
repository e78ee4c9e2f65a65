"""What a learner did, in a few plain words, for each misconception: the teacher's counts.

A misconception's hint (:attr:`~exact61_widgets.exercises.Misconception.hint`) is written to
the learner ("Add all the opponents' tiles first, then round once"). The teacher in front of
the class needs the other side: what the answers *did*, short enough for a bar of the
distribution and a row of the report ("6 rounded each opponent's tiles on their own"). This
module keeps that phrase for every misconception of every exercise kind, keyed by the
misconception's key (a key names one mistake wherever it is shown), in English here and in
Russian in ``i18n/ru/misconceptions.po``. No phrase gives a question's answer: it says what
was done wrong, never what is right.

>>> from exact61_widgets.exercises.kinds.going_out import MISCONCEPTIONS
>>> did(next(m for m in MISCONCEPTIONS if m.key == "each-hand-rounded"), "en")
"rounded each opponent's tiles on their own"
>>> counted(Msg("rounded in the wrong direction"), 6, "en")
'6 rounded in the wrong direction'
>>> counted(Msg("rounded in the wrong direction"), 6, "ru")
'Округлили не в том направлении: 6'
"""

from __future__ import annotations

from exact61_widgets.exercises import Misconception
from exact61_widgets.i18n import Msg

#: What the learner did, by misconception key (the kinds' own keys).
LABELS: dict[str, Msg] = {
    "award-target-forgotten": Msg("added an award that takes the score above the target"),
    "sum-not-rounded": Msg("left the sum of the differences unrounded"),
    "rounded-wrong-way": Msg("rounded in the wrong direction"),
    "each-difference-rounded": Msg("rounded each difference on its own"),
    "partner-compared": Msg("compared with the partner's total"),
    "pair-totals-pooled": Msg("pooled the partners' tiles"),
    "smaller-totals-counted": Msg("counted smaller opponent totals too"),
    "only-largest-compared": Msg("compared only with the largest opponent total"),
    "tie-cancels": Msg("let an equal total cancel the larger ones"),
    "only-smallest-earns": Msg("gave an award only to the smallest total"),
    "award-after-the-win": Msg("applied an award after the match was won"),
    "displayed-for-raw": Msg("answered in displayed points, not raw"),
    "fitting-award-rejected": Msg("rejected an award that fits"),
    "four-dealt": Msg("dealt four tiles to each player"),
    "seven-dealt": Msg("dealt seven tiles to each player"),
    "dealt-not-left": Msg("counted the tiles dealt, not those left"),
    "one-hand-dealt": Msg("dealt a hand to one player only"),
    "raw-not-divided": Msg("left the raw points undivided"),
    "multiplied-by-five": Msg("multiplied by five instead of dividing"),
    "divided-by-ten": Msg("divided by ten"),
    "settlement-target-forgotten": Msg(
        "applied a settlement that takes the score above the target"
    ),
    "settlement-split": Msg("applied only part of the settlement"),
    "partner-forgotten": Msg("forgot the partner's tiles"),
    "partner-pooled": Msg("pooled the partner's tiles with the opponents'"),
    "partner-added": Msg("added the partner's tiles instead of subtracting them"),
    "last-play-forgotten": Msg("left out the last play's award"),
    "unscored-sum-added": Msg("added an end sum that scores nothing"),
    "end-sum-rounded": Msg("rounded a sum of the ends"),
    "not-rounded": Msg("did not round the totals"),
    "each-hand-rounded": Msg("rounded each opponent's tiles on their own"),
    "minus-sign-forgotten": Msg("left out the minus sign"),
    "draw-while-playable": Msg("drew while a tile of the hand fitted"),
    "draw-after-fit": Msg("kept drawing after a drawn tile fitted"),
    "draw-from-empty": Msg("drew from an empty boneyard"),
    "pass-while-playable": Msg("passed while a tile of the hand fitted"),
    "pass-before-drawing": Msg("passed while the boneyard still held tiles"),
    "play-nothing-fits": Msg("played when no tile fits"),
    "not-the-drawn-tile": Msg("played a tile other than the one just drawn"),
    "place-does-not-fit": Msg("joined a tile to a place it does not match"),
    "branch-too-early": Msg("started a branch before both lines were filled"),
    "taken-place": Msg("counted a taken place as open"),
    "branches-forgotten": Msg("forgot a spinner's open branches"),
    "free-line-forgotten": Msg("forgot a spinner's free line"),
    "free-half-forgotten": Msg("forgot the free half at a line's end"),
    "sum-taken-as-award": Msg("took the sum of the ends as the award"),
    "target-check-forgotten": Msg("forgot to check the award against the target"),
    "award-cut-to-fit": Msg("cut the award down to fit"),
    "raw-for-displayed": Msg("answered in raw points, not displayed"),
    "new-score": Msg("gave the new score, not the award"),
    "internal-double-counted": Msg("counted an internal double in the sum"),
    "end-double-counted-once": Msg("counted an end double only once"),
    "joined-number": Msg("matched a number already joined inside the layout"),
    "no-matching-half": Msg("chose a tile with no matching half"),
    "any-tile-opens": Msg("left out tiles that may open an empty table"),
    "double-forgotten": Msg("left out a double that fits"),
    "not-a-multiple": Msg("gave a total that is no multiple of five"),
    "multiple-moved": Msg("moved a total that was already a multiple of five"),
    "internal-double": Msg("counted an internal double as an end"),
    "unused-branch": Msg("counted an unused branch as an end"),
    "started-branch": Msg("counted a started branch at the spinner"),
    "joined-half": Msg("counted a half that a tile is joined to"),
    "both-halves": Msg("counted both halves of a tile that is no double"),
    "blank-forgotten": Msg("left out a blank end"),
    "end-double-forgotten": Msg("left out an end double"),
    "raw-points": Msg("answered in raw points, not strokes"),
    "figure-as-one": Msg("counted a full figure as one"),
    "full-figures-forgotten": Msg("left out the full figures"),
    "last-figure-forgotten": Msg("left out the figure not yet full"),
    "large-x-as-one": Msg("counted the large X as one stroke"),
    "only-move-blamed": Msg("blamed a forced move"),
    "judged-by-hindsight": Msg("judged with tiles the mover could not see"),
    "no-award-blamed": Msg("blamed a move for scoring nothing at once"),
}


class UnlabelledMisconception(ValueError):
    """A misconception without a label: a kind gained one and this table did not."""


def label_of(misconception: Misconception | str) -> Msg:
    """The phrase for ``misconception`` (or its key); an unknown one raises
    :class:`UnlabelledMisconception`."""
    key = misconception if isinstance(misconception, str) else misconception.key
    found = LABELS.get(key)
    if found is None:
        raise UnlabelledMisconception(f"misconception {key!r} has no label in classroom/labels.py")
    return found


def did(misconception: Misconception | str, lang: str) -> str:
    """What a learner whose answer shows ``misconception`` did, in ``lang`` (lower case)."""
    return label_of(misconception).text(lang)


def counted(label: Msg | str, count: int, lang: str) -> str:
    """``count`` learners and what they did: "6 rounded …" / "Округлили …: 6"."""
    said = Msg("{count} {label}", {"count": count, "label": label}).text(lang)
    return said[:1].upper() + said[1:]
