"""Every hint fires only for the learner's actual mistake, over many positions from the engine.

For each hint: the wrong answer its mistake leads to must bring it (and
when several mistakes lead to the same answer, the feedback names every one
of them; a mistake whose award the target check turned into 0 is named only
if no other mistake explains that 0), and the right answer and other wrong
answers must not. The mistaken
answers are worked out here from the position itself — the hands, the layout
after the play, the rules' arithmetic — not read from the checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

import pytest

from exact61_widgets import PASS, Layout, Match
from exact61_widgets.engine.actions import Action, Play
from exact61_widgets.engine.events import BlockedAwardEvent
from exact61_widgets.engine.ports import DOUBLE_PORTS, SINGLE_PORTS, Place
from exact61_widgets.engine.scoring import round5
from exact61_widgets.exercises import (
    BlockedAward,
    BoneyardSize,
    DisplayedPoints,
    GoingOut,
    Misconception,
    OpenPlaces,
    PlayAward,
    Result,
    Rounding,
    ScoringEnds,
    TallyPoints,
)
from exact61_widgets.exercises.kinds import blocked_award as ba
from exact61_widgets.exercises.kinds import boneyard_size as bs
from exact61_widgets.exercises.kinds import displayed_points as dp
from exact61_widgets.exercises.kinds import going_out as go
from exact61_widgets.exercises.kinds import play_award as pa
from exact61_widgets.exercises.kinds import rounding as rd
from exact61_widgets.exercises.kinds import tally_points as tp
from exact61_widgets.exercises.wording import (
    FIT_REJECTED,
    SHOWN_NOT_RAW,
    SUM_ROUNDED,
    UNSCORED_SUM_ADDED,
)
from exact61_widgets.views.ready_positions import BLOCKED_3P, BLOCKED_PAIRS, BLOCKED_TIE

TARGET = 305
AWARD_HINTS = pa.MISCONCEPTIONS
OUT_HINTS = go.MISCONCEPTIONS
PARTNER_HINTS = (
    go.PARTNER_FORGOTTEN,
    go.PARTNER_POOLED,
    go.PARTNER_ADDED,
    ba.PARTNER_COMPARED,
)
BLOCK_HINTS = ba.MISCONCEPTIONS


def wrong_way(total: int) -> int:
    """A total rounded the other way (remainders 1 and 2 up, 3 and 4 down)."""
    rest = total % 5
    return total if rest == 0 else total + 5 - rest if rest <= 2 else total - rest


def earned(end_sum: int) -> int:
    """What an end sum earns: itself if a positive multiple of 5 (R6.2)."""
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


@dataclass(frozen=True)
class Expect:
    """A mistake as this test works it out: the answer it gives, its hint, and whether the
    target check is part of it (the award turned into 0, or the check forgotten too)."""

    value: int
    hint: Misconception
    hidden: bool = False


def added(before: int, change: int) -> int:
    """What a change adds to a score: all of it, or nothing past 305 (R1.4)."""
    return change if before + change <= TARGET else 0


def mistaken(before: int, change: int, hint: Misconception) -> list[Expect]:
    """A mistake that changes the score by ``change``: that change, or, past 305, 0 — and
    then also the change itself, given with the target check forgotten too."""
    if before + change <= TARGET:
        return [Expect(change, hint)]
    return [Expect(0, hint, hidden=True), Expect(change, hint, hidden=True)]


def fit_rejected(before: int | None, change: int) -> list[Expect]:
    """Near 61 (the award taking the score to 280 raw or more) an award that fits, answered
    with 0."""
    near = before is not None and before + change >= 280
    return [Expect(0, FIT_REJECTED)] if near and change > 0 else []


_TEXTS: dict[int, tuple[str, str]] = {}


def hints_in(result: Result, hints: Sequence[Misconception]) -> list[Misconception]:
    """The hints whose text is in the feedback, checked in both languages alike."""
    texts = [_TEXTS.setdefault(id(h), (h.text("en"), h.text("ru"))) for h in hints]
    en_text, ru_text = result.text("en"), result.text("ru")
    en = [h for h, (t, _) in zip(hints, texts, strict=True) if t in en_text]
    ru = [h for h, (_, t) in zip(hints, texts, strict=True) if t in ru_text]
    assert en == ru, en_text
    return en


def assert_hints(
    check: Callable[[str], Result],
    right: int,
    mistakes: Sequence[Expect],
    hints: Sequence[Misconception],
    others: Sequence[int] = (),
) -> None:
    """Each mistake's answer brings its hint, every one of them if several lead to it (those
    the target check hid only if no other does); other answers bring none."""
    assert check(str(right)).ok
    assert hints_in(check(str(right)), hints) == []
    for value in {m.value for m in mistakes} - {right}:
        makers = [m for m in mistakes if m.value == value]
        makers = [m for m in makers if not m.hidden] or makers
        named = {id(m.hint) for m in makers}
        result = check(str(value))
        assert not result.ok
        wanted = [h for h in hints if id(h) in named]
        assert hints_in(result, hints) == wanted, (value, result.text())
    for value in set(others) - {m.value for m in mistakes} - {right}:
        assert hints_in(check(str(value)), hints) == [], value


# -- positions from the engine ---------------------------------------------------------------


def games(
    count: int,
    *,
    near_target: bool = False,
    wanted: Callable[[Match, Action], bool] = lambda m, a: True,
) -> Iterator[tuple[Match, Action]]:
    """The (position, action) pairs of ``count`` random matches that are ``wanted``, start
    scores near 61 if asked."""
    for seed in range(count):
        players = 2 + seed % 3
        rng = random.Random(seed)
        sides = 2 if players == 4 else players
        scores = [
            rng.choice((0, 250, 270, 280, 290, 295, 300)) if near_target else 0
            for _ in range(sides)
        ]
        match = Match(players, seed=seed, start_scores=scores)
        while match.status == "playing":
            action = rng.choice(match.legal_actions())
            if wanted(match, action):
                yield match.copy(), action
            match.push(action)


def plays(count: int) -> list[tuple[str, str]]:
    """(layout, play) pairs from random matches, the opening plays included."""
    found = dict.fromkeys(
        (str(m.layout), str(a)) for m, a in games(count, wanted=lambda m, a: isinstance(a, Play))
    )
    return list(found)


PLAYS = plays(12)
NO_SCORE = [p for p in PLAYS if Layout.parse(p[0])]


def _after(layout: str, play: str) -> Layout:
    """The layout after ``play``."""
    table = Layout.parse(layout)
    tile, _, place = play.partition("@")
    table.push(tile, place or None)
    return table


def test_there_are_enough_plays_of_every_kind() -> None:
    sums = [_after(*p).end_sum for p in PLAYS]
    assert len(PLAYS) > 150
    assert sum(1 for s in sums if s % 5) > 40 and sum(1 for s in sums if s and s % 5 == 0) > 20


# -- the award of a play -----------------------------------------------------------------------


def award_expects(after: Layout, unit: str, score: int | None) -> list[Expect]:
    """The award question's mistakes, from the layout after the play."""
    end_sum, award = after.end_sum, after.award
    per = 1 if unit == "raw" else 5
    gained = award if score is None else added(score, award)

    def from_sum(wrong_sum: int, hint: Misconception) -> Expect:
        got = earned(wrong_sum)
        hidden = score is not None and added(score, got) != got
        return Expect((0 if hidden else got) // per, hint, hidden)

    found = []
    if gained != award:
        found.append(Expect(award // per, pa.AWARD_REJECTED))
        assert score is not None
        if TARGET - score:
            found.append(Expect((TARGET - score) // per, pa.CUT_TO_FIT))
    if end_sum % 5:
        found.append(
            Expect(
                end_sum if score is None or unit == "displayed" else added(score, end_sum),
                pa.SUM_IS_NOT_AWARD,
            )
        )
    if gained:
        if unit == "displayed":
            found += [Expect(gained, pa.RAW_NOT_SHOWN), Expect(gained * 5, pa.TIMES_FIVE)]
        else:
            found.append(Expect(gained // 5, SHOWN_NOT_RAW))
    if end_sum % 5 and round5(end_sum):
        found.append(from_sum(round5(end_sum), SUM_ROUNDED))
    if score:
        found.append(Expect((score + gained) // per, pa.NEW_SCORE))
    found += fit_rejected(score, gained)
    lines = {t: sum(1 for p in after.taken(t) if p.is_line) for t in after.tiles if t.is_double}
    internal = [t for t, n in lines.items() if n == 2]
    if internal:
        found.append(from_sum(end_sum + sum(t.pips for t in internal), pa.INTERNAL_COUNTED))
    ends = [t for t, n in lines.items() if n < 2 and t.low]
    if ends:
        found.append(from_sum(end_sum - sum(t.low for t in ends), pa.END_DOUBLE_ONCE))
    return found


@pytest.mark.parametrize("unit", ["raw", "displayed"])
@pytest.mark.parametrize("score", [None, 0, 270, 295, 300])
def test_award_hints_over_many_plays(unit: str, score: int | None) -> None:
    for layout, play in PLAYS:
        after = _after(layout, play)
        end_sum, award = after.end_sum, after.award
        gained = award if score is None else added(score, award)
        right = gained // (1 if unit == "raw" else 5)

        def check(answer: str, layout: str = layout, play: str = play) -> Result:
            return PlayAward(
                layout,
                play,
                unit=unit,  # type: ignore[arg-type]
                score=score,
            ).check(answer)

        assert_hints(
            check,
            right,
            award_expects(after, unit, score),
            AWARD_HINTS,
            others=(right + 1, right + 7, end_sum + 5),
        )


def test_a_sum_that_scores_is_never_called_a_sum_that_does_not() -> None:
    """The issue's case: 15 on 295 was told "only a positive multiple of 5 scores"."""
    overshoot = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295).check("15")
    assert hints_in(overshoot, AWARD_HINTS) == [pa.AWARD_REJECTED]
    for layout, play in PLAYS:
        end_sum = _after(layout, play).end_sum
        if end_sum == 0 or end_sum % 5:
            continue
        for score in (None, 250, 295, 300):
            for answer in {end_sum, 0, end_sum // 5, end_sum + 5}:
                result = PlayAward(layout, play, score=score).check(str(answer))
                assert pa.SUM_IS_NOT_AWARD not in hints_in(result, AWARD_HINTS)


def test_the_award_task_gives_the_same_hints_as_its_check() -> None:
    task = PlayAward("[3|6]", "[6|6]@[3|6]:high", score=295)
    assert hints_in(task.check("15"), AWARD_HINTS) == [pa.AWARD_REJECTED]
    assert hints_in(task.check("295"), AWARD_HINTS) == [pa.NEW_SCORE]  # the score, unchanged
    assert hints_in(task.check("3"), AWARD_HINTS) == []  # 15 in points, rejected anyway


# -- going out -------------------------------------------------------------------------------


def going_out_positions(count: int) -> list[tuple[Match, Play]]:
    """Positions where the mover plays their last tile (not a drawn one), scores varied."""

    def last_tile(match: Match, action: Action) -> bool:
        return (
            isinstance(action, Play)
            and len(match.hand(match.to_move)) == 1
            and match.drawn_tile is None
        )

    return [
        (m, a) for m, a in games(count, near_target=True, wanted=last_tile) if isinstance(a, Play)
    ]


OUTS = going_out_positions(160)


def test_there_are_going_out_positions_of_every_size() -> None:
    assert {m.players for m, _ in OUTS} == {2, 3, 4} and len(OUTS) > 60


def out_expects(match: Match, play: Play) -> tuple[int, list[Expect]]:
    """The right change and the mistakes, worked out from the hands and the layout."""
    seat = match.to_move
    side = match.side_of(seat)
    before = match.scores[side]
    table = match.layout.copy()
    table.push(play.tile, play.at)
    last, end_sum = table.award, table.end_sum
    partner = match.partner_of(seat)
    opponents = [s for s in range(match.players) if match.side_of(s) != side]
    opips = sum(match.pips(s) for s in opponents)
    ppips = 0 if partner is None else match.pips(partner)
    net = last + round5(opips) - round5(ppips)
    right = added(before, net)
    found = []
    if right != net:
        found.append(Expect(net, go.OUT_REJECTED))
        if last and before + last <= TARGET:
            found.append(Expect(last, go.PART_REJECTED))
    rest = round5(opips) - round5(ppips)  # the settlement without the last play
    if partner is not None:
        if round5(ppips):
            found += mistaken(before, last + round5(opips), go.PARTNER_FORGOTTEN)
        if ppips:
            found += mistaken(before, last + round5(opips - ppips), go.PARTNER_POOLED)
            found += mistaken(before, last + round5(opips + ppips), go.PARTNER_ADDED)
    if last:
        found += mistaken(before, rest, go.LAST_PLAY_FORGOTTEN)
    elif end_sum > 0:  # a last play that scored nothing: its sum added, or rounded and added
        found += mistaken(before, end_sum + rest, UNSCORED_SUM_ADDED)
        if round5(end_sum):
            found += mistaken(before, round5(end_sum) + rest, SUM_ROUNDED)
    if opips % 5 or ppips % 5:
        found += mistaken(before, last + opips - ppips, go.OUT_NOT_ROUNDED)
    if wrong_way(opips) != round5(opips) or wrong_way(ppips) != round5(ppips):
        found += mistaken(before, last + wrong_way(opips) - wrong_way(ppips), go.ROUNDED_WRONG_WAY)
    holding = [s for s in opponents if match.hand(s)]
    if len(holding) > 1:
        each = sum(round5(match.pips(s)) for s in holding)
        found += mistaken(before, last + each - round5(ppips), go.OUT_EACH_ROUNDED)
    if right < 0:
        found.append(Expect(-right, go.MINUS_FORGOTTEN))
    if right and right % 5 == 0:
        found.append(Expect(right // 5, SHOWN_NOT_RAW))
    found += fit_rejected(before, right)
    return right, found


@pytest.mark.parametrize("index", range(0, len(OUTS), 12))
def test_going_out_hints_over_many_positions(index: int) -> None:
    for match, play in OUTS[index : index + 12]:
        right, expects = out_expects(match, play)

        def check(answer: str, match: Match = match, play: Play = play) -> Result:
            return GoingOut(match, play).check(answer)

        assert_hints(check, right, expects, OUT_HINTS, others=(right + 1, right - 5, 999))
        if match.players < 4:  # no partner, no partner hint, whatever the answer
            for answer in range(-20, 80, 5):
                assert hints_in(check(str(answer)), PARTNER_HINTS) == []


def test_the_partner_hints_of_the_old_notebook_05() -> None:
    """Opponents 12 + 9 = 21 → 20, partner 3 → 5: forgetting the partner and pooling both give
    20, so both are named; adding the partner gives 25, and so does rounding both totals the
    wrong way (21 → 25, 3 → 0): both are named, the learner sees which was theirs."""
    match = Match.setup(
        4,
        layout="[0|1]",
        hands=[["[1|2]"], ["[6|6]"], ["[0|3]"], ["[4|5]"]],
        boneyard=[str(t) for t in _rest("[0|1]", "[1|2]", "[6|6]", "[0|3]", "[4|5]")],
        scores=[100, 50],
    )
    task = GoingOut(match)
    assert task.check("15").ok
    assert hints_in(task.check("20"), OUT_HINTS) == [go.PARTNER_FORGOTTEN, go.PARTNER_POOLED]
    assert hints_in(task.check("25"), OUT_HINTS) == [go.PARTNER_ADDED, go.ROUNDED_WRONG_WAY]
    assert hints_in(task.check("18"), OUT_HINTS) == [go.OUT_NOT_ROUNDED]


def _rest(*used: str) -> list[str]:
    from exact61_widgets.engine.tiles import TILES

    return [str(t) for t in TILES if str(t) not in used]


# -- a blocked hand ----------------------------------------------------------------------------


def blocked_positions(per_size: int) -> Iterator[Match]:
    """Blocked hands: the tiles left in three known blocks, dealt anew to 2, 3 or 4 seats.

    Nobody can play in the base position, so nobody can after any re-deal of the
    same tiles; the totals, the partners and the scores change from deal to deal.
    """
    rng = random.Random(61)
    for scenario in (BLOCKED_3P, BLOCKED_TIE, BLOCKED_PAIRS):
        tiles = [t for hand in scenario.hands for t in hand]
        for players in (2, 3, 4):
            for _ in range(per_size):
                rng.shuffle(tiles)
                cuts = sorted(rng.sample(range(1, len(tiles)), players - 1))
                hands = [tiles[a:b] for a, b in zip([0, *cuts], [*cuts, len(tiles)], strict=True)]
                sides = 2 if players == 4 else players
                scores = [
                    rng.choice((0, 0, 200, 260, 270, 280, 285, 290, 295, 300)) for _ in range(sides)
                ]
                yield Match.setup(
                    players,
                    layout=scenario.layout,
                    hands=hands,
                    boneyard=[],
                    scores=scores,
                    leader=rng.randrange(players),
                    seed=0,
                )


BLOCKS = list(blocked_positions(8))


def test_the_re_dealt_blocks_block_and_reach_every_case() -> None:
    assert all(m.legal_actions() == [PASS] and m.blocks(PASS) for m in BLOCKS)
    statuses = set()
    for match in BLOCKS:
        after = match.copy()
        statuses |= {getattr(e, "status", "") for e in after.push(PASS)}
        statuses |= {"won"} if after.is_over else set()
    assert {"applied", "rejected", "won"} <= statuses


def block_expects(match: Match, seat: int) -> tuple[int, list[Expect]]:
    """The right award and the mistakes, worked out from the totals the hands hold."""
    after = match.copy()
    events = after.push(PASS)
    event = next((e for e in events if isinstance(e, BlockedAwardEvent) and e.seat == seat), None)
    totals = [match.pips(s) for s in range(match.players)]
    mine = totals[seat]
    opponents = [s for s in range(match.players) if match.side_of(s) != match.side_of(seat)]
    larger = [totals[s] - mine for s in opponents if totals[s] > mine]
    award = round5(sum(larger))
    if event is None:  # the match ended before this award (R8.5)
        return 0, [Expect(award, ba.AFTER_THE_WIN)] if award else []
    before = event.score_before
    assert event.award == award
    right = added(before, award)
    found = []
    if right != award:
        found.append(Expect(award, ba.BLOCK_REJECTED))
    if sum(larger) % 5:
        found += mistaken(before, sum(larger), ba.BLOCK_NOT_ROUNDED)
        found += mistaken(before, wrong_way(sum(larger)), ba.ROUNDED_WRONG_WAY)
    partner = match.partner_of(seat)
    if partner is not None and totals[partner] > mine:
        found += mistaken(before, round5(sum(larger) + totals[partner] - mine), ba.PARTNER_COMPARED)
    if partner is not None:  # each pair's tiles pooled, pair against pair
        pooled = sum(totals[s] for s in opponents) - mine - totals[partner]
        if pooled > 0:
            found += mistaken(before, round5(pooled), ba.PAIR_POOLED)
    smaller = [mine - totals[s] for s in opponents if totals[s] < mine]
    if smaller:
        found += mistaken(before, round5(sum(larger) + sum(smaller)), ba.ONLY_LARGER)
    if len(larger) > 1:
        found += mistaken(before, sum(round5(d) for d in larger), ba.ROUND_ONCE)
        found += mistaken(before, round5(max(larger)), ba.ONLY_LARGEST)
    if award:
        if any(totals[s] == mine for s in opponents):
            found.append(Expect(0, ba.TIE_CANCELS))
        if mine > min(totals):
            found.append(Expect(0, ba.SMALLEST_ONLY))
    if right:
        found.append(Expect(right // 5, SHOWN_NOT_RAW))
    found += fit_rejected(before, right)
    return right, found


@pytest.mark.parametrize("index", range(0, len(BLOCKS), 12))
def test_blocked_hand_hints_over_many_positions(index: int) -> None:
    for match in BLOCKS[index : index + 12]:
        for seat in range(match.players):
            right, expects = block_expects(match, seat)

            def check(answer: str, match: Match = match, seat: int = seat) -> Result:
                return BlockedAward(match, seat).check(answer)

            assert_hints(check, right, expects, BLOCK_HINTS, others=(right + 1, right + 10))
            if match.players < 4:
                for answer in range(0, 90, 5):
                    assert ba.PARTNER_COMPARED not in hints_in(check(str(answer)), BLOCK_HINTS)


def test_the_issue_case_three_players_get_no_partner_hint() -> None:
    """Notebook 06: 35 near the target was answered with a hint about partners."""
    near = Match.setup(
        3,
        layout=BLOCKED_3P.layout,
        hands=BLOCKED_3P.hands,
        boneyard=[],
        leader=0,
        scores=[280, 0, 290],
    )
    result = BlockedAward(near, 0).check("35")
    assert hints_in(result, BLOCK_HINTS) == [ba.BLOCK_REJECTED]


def test_an_award_after_the_winning_one_is_not_applied() -> None:
    won = Match.setup(
        3,
        layout=BLOCKED_3P.layout,
        hands=BLOCKED_3P.hands,
        boneyard=[],
        leader=0,
        scores=[270, 0, 0],
    )  # seat 0's 35 makes exactly 305
    result = BlockedAward(won, 2).check("15")
    assert not result.ok and hints_in(result, BLOCK_HINTS) == [ba.AFTER_THE_WIN]
    assert BlockedAward(won, 2).check("0").ok


# -- numbers ---------------------------------------------------------------------------------


def test_rounding_hint_only_for_an_answer_that_is_no_multiple_of_5() -> None:
    for total in range(0, 41):
        right = round5(total)
        assert hints_in(Rounding(total).check(str(right)), [rd.NOT_A_MULTIPLE]) == []
        for answer in range(0, 46):
            wanted = [rd.NOT_A_MULTIPLE] if answer % 5 else []
            if answer != right:
                assert hints_in(Rounding(total).check(str(answer)), [rd.NOT_A_MULTIPLE]) == wanted


def test_rounding_the_wrong_way_and_moving_a_multiple() -> None:
    """18 → 15 (remainder 3 rounded down), 12 → 15 (remainder 2 up), 15 → 10 or 20."""
    hints = (rd.ROUNDED_WRONG_WAY, rd.MULTIPLE_MOVED)
    for total in range(0, 61):
        rest = total % 5
        if rest:
            wrong = total - rest + 5 if rest <= 2 else total - rest
            expects = [Expect(wrong, rd.ROUNDED_WRONG_WAY)]
        else:
            expects = [Expect(total - 5, rd.MULTIPLE_MOVED), Expect(total + 5, rd.MULTIPLE_MOVED)]
        assert_hints(Rounding(total).check, round5(total), expects, hints, others=(total + 10,))


def test_tally_hints() -> None:
    hints = tp.MISCONCEPTIONS
    for points in range(0, 62):
        full, rest = divmod(points, 10)
        expects = [Expect(points * 5, tp.TALLY_IN_RAW)]
        if full:  # with no full figure, what a figure counts changes nothing
            expects.append(Expect(full + rest, tp.FIGURE_IS_TEN))
            expects.append(Expect(rest, tp.FULL_FIGURES_FORGOTTEN))
        if full and rest:
            expects.append(Expect(full * 10, tp.LAST_FIGURE_FORGOTTEN))
        crosses = full + (rest >= 2)  # each large X, of two strokes, counted as one
        if crosses:
            expects.append(Expect(points - crosses, tp.X_AS_ONE))
        assert_hints(
            TallyPoints(points).check,
            points,
            expects,
            hints,
            others=(points + 1, points + 10),
        )


def test_displayed_points_hint() -> None:
    for raw in range(0, 306, 5):
        expects = [Expect(raw, dp.NOT_DIVIDED), Expect(raw * 5, dp.TIMES_FIVE)]
        if raw % 10 == 0:
            expects.append(Expect(raw // 10, dp.BY_TEN))
        assert_hints(
            DisplayedPoints(raw).check,
            raw // 5,
            expects,
            dp.MISCONCEPTIONS,
            others=(raw // 5 + 1, raw + 5),
        )


def test_boneyard_hints() -> None:
    for players in (2, 3, 4):
        expects = [
            Expect(28 - 4 * players, bs.FOUR_DEALT),
            Expect(5 * players, bs.DEALT_NOT_LEFT),
            Expect(23, bs.ONE_HAND),
        ]
        if 7 * players <= 28:
            expects.append(Expect(28 - 7 * players, bs.SEVEN_DEALT))
        assert_hints(
            BoneyardSize(players).check,
            28 - 5 * players,
            expects,
            bs.MISCONCEPTIONS,
            others=(28, 5),
        )


# -- the reasons given for each wrong item of a list answer -----------------------------------


LAYOUTS = list(dict.fromkeys(layout for layout, _ in islice(PLAYS, 0, None, 3) if layout))


def _neighbour(table: Layout, place: Place) -> str | None:
    for link in table.connections():
        if link.parent == place:
            return str(link.child.tile)
        if link.child == place:
            return str(link.parent.tile)
    return None


def _places(table: Layout) -> Iterator[Place]:
    for tile in table.tiles:
        for port in DOUBLE_PORTS if tile.is_double else SINGLE_PORTS:
            yield Place(tile, port)


@pytest.mark.parametrize("layout", LAYOUTS[::4], ids=lambda s: s[:24])
def test_every_closed_place_named_gets_the_reason_it_is_closed(layout: str) -> None:
    table = Layout.parse(layout)
    open_now = table.open_places()
    right = ", ".join(str(p) for p in open_now)
    assert OpenPlaces(layout).check(right).ok
    for place in _places(table):
        if place in open_now:
            continue
        text = OpenPlaces(layout).check(f"{right}, {place}").text()
        other = _neighbour(table, place)
        if other is not None:
            assert f"{place} is not right: {place} is taken: {other} is joined there." in text
        else:  # a free port that is not open can only be a branch before both lines
            assert place.port.is_branch
            assert len(table.taken(place.tile)) < 2
            assert (
                f"{place} is not right: the branches of {place.tile} open only after "
                "both its lines are filled (R4.3)." in text
            )
        for good in open_now:
            assert f"{good} is not right" not in text


@pytest.mark.parametrize("layout", LAYOUTS[::4], ids=lambda s: s[:24])
def test_every_place_that_is_no_scoring_end_gets_the_reason(layout: str) -> None:
    table = Layout.parse(layout)
    ends = {
        str(c.tile) if c.port is None else f"{c.tile}:{c.port.notation}"
        for c in table.contributions()
    }
    right = ", ".join(sorted(ends))
    assert ScoringEnds(layout).check(right or "none").ok
    for place in _places(table):
        tile, port = place.tile, place.port
        key = str(tile) if tile.is_double and not port.is_branch else str(place)
        if key in ends:
            continue
        text = ScoringEnds(layout).check(f"{right}, {place}" if right else str(place)).text()
        other = _neighbour(table, place)
        if tile.is_double and not port.is_branch and other is not None:  # a taken line
            assert f"{place} is not right: {place} is taken: {other} is joined there" in text
        elif tile.is_double and not port.is_branch:
            assert f"{key} is not right: an internal double" in text
        elif other is not None and port.is_branch:
            assert f"{place} is not right: {other} is joined to this branch" in text
        elif other is not None:
            assert (
                f"{place} is not right: {other} is joined to it: a joined half adds "
                "nothing (R5.3)." in text
            )
        elif table.is_end_double(tile):
            assert f"{place} is not right: {tile} is an end double" in text
        else:
            assert f"{place} is not right: an open place, not a scoring end" in text
        for good in ends:
            assert f"{good} is not right" not in text


def test_hint_texts_are_single_sentences_with_one_rule_each() -> None:
    import re

    for hint in (
        *AWARD_HINTS,
        *OUT_HINTS,
        *BLOCK_HINTS,
        *rd.MISCONCEPTIONS,
        *tp.MISCONCEPTIONS,
        *dp.MISCONCEPTIONS,
        *bs.MISCONCEPTIONS,
    ):
        for lang in ("en", "ru"):
            text = hint.text(lang)
            assert text.endswith(".") and len(re.findall(r"\b[RD]\d+(?:\.\d+)?\b", text)) <= 1
