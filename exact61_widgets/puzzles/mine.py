"""Mining puzzles from self-play: search bots play, the exact solver picks the fair positions.

Match ``i`` of a run is played by search bots (a small playout budget) with two
players when ``i`` is even and four in pairs when it is odd, from random start
scores of 30 to 60 displayed points (D10), so that finishes near 61 come up often.
Along the match each position is a *candidate* when the mover chooses among
two or more plays (no drawn tile to place, R3.3) late in the hand: at most 18
tiles unplayed with two players, 14 with four. Cheap tests go first — the
exact solve of the real deal must show one tile best by a clear margin — and
only then are 50 deals of the hidden tiles solved (:mod:`.verify`), stopping at
the third deal that disagrees (or at a deal too large to solve quickly). In a
hand at most three candidates that pass the first test go on to the deals, and
a hand gives at most one puzzle, a match three; only a quarter of the easy
puzzles whose only themes are going out, counting the ends or a spinner's count
are kept, so the set is varied.

Every puzzle so found is then checked for fairness on a fresh sample of 400
deals (:mod:`.fairness`): only those whose answer is best by 2% of the match with
a 95% Wilson lower bound of at least 90% go into the set; the others are listed in
the file's ``settings["rejected"]`` with their numbers, and mining goes on until
``count`` fair puzzles are found. Ids count every puzzle found in mining order,
the rejected included, so a puzzle keeps its id whatever is rejected before it.

Everything is seeded from the run's seed (matches, bots, sampled deals,
ratings), and the matches are taken in order, so one command gives the same
file on any machine and with any number of worker processes::

    python -m exact61_widgets.puzzles.mine --seed 61 --count 300 --workers 2

``--recheck`` makes the same file from an existing one without playing its
matches again (:func:`recheck`): after a change of the fairness check or of the
match equity table, it checks every puzzle's fairness again, mines again only
the matches that gave the rejected puzzles (whose positions the file does not
keep) and the last match, and mines on from where the file stopped if the set
falls short.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from exact61_widgets.engine.actions import Play
from exact61_widgets.engine.bots.search import SearchBot
from exact61_widgets.engine.hidden import unplayed
from exact61_widgets.engine.match import HAND_OVER, Match
from exact61_widgets.engine.record import load_record, to_record
from exact61_widgets.engine.scoring import TARGET_POINTS
from exact61_widgets.engine.seating import seating
from exact61_widgets.engine.solve import WIN
from exact61_widgets.puzzles.explain import explanation
from exact61_widgets.puzzles.fairness import BOUND, CONFIDENCE, LOWEST, check_fairness
from exact61_widgets.puzzles.fairness import DEALS as FAIR_DEALS
from exact61_widgets.puzzles.fairness import MARGIN as FAIR_MARGIN
from exact61_widgets.puzzles.model import DATA_FILE, VERSION, Puzzle, document
from exact61_widgets.puzzles.puzzle_themes import facts
from exact61_widgets.puzzles.rating import rates
from exact61_widgets.puzzles.verify import (
    DEALS,
    MARGIN,
    SHARE,
    Verdict,
    moves_json,
    real_answer,
    verify,
    verify_from_file,
)

#: The most tiles unplayed (hands and boneyard) for a candidate, by the number of players.
MOST_UNPLAYED: Final = {2: 18, 4: 14}
#: The median margin a puzzle needs over the best other move (raw points).
MEDIAN_MARGIN: Final = 10
#: Puzzles one match may give.
PER_MATCH: Final = 3
#: Work allowed for one exact solve while mining (a larger deal rejects the candidate), and
#: for all the solves of one candidate together.
MINING_NODES: Final = 50_000
MINING_BUDGET: Final = 400_000
#: Candidates of one hand that may go on to the sampled deals.
TRIES_PER_HAND: Final = 3
#: The playout budget of the bots that play the matches.
BOT_PLAYOUTS: Final = 100
#: Matches played at most, as a guard for a run that finds too little.
MAX_MATCHES: Final = 20_000
#: Start scores are drawn from this many displayed points up to 60.
LOWEST_START: Final = 30
#: The share of easy puzzles kept: those both the greedy player and the short search solve
#: whose only themes are going out, counting the ends or a spinner's count (the rest would
#: flood the set).
EASY_KEPT: Final = 0.25


def settings(seed: int, count: int) -> dict[str, Any]:
    """The parameters of a run, kept in the file so that it can be made again."""
    return {
        "seed": seed,
        "count": count,
        "deals": DEALS,
        "share": SHARE,
        "margin": MARGIN,
        "median_margin": MEDIAN_MARGIN,
        "most_unplayed": {str(k): v for k, v in MOST_UNPLAYED.items()},
        "per_match": PER_MATCH,
        "bot_playouts": BOT_PLAYOUTS,
        "max_nodes": MINING_NODES,
        "budget": MINING_BUDGET,
        "tries_per_hand": TRIES_PER_HAND,
        "lowest_start": LOWEST_START,
        "easy_kept": EASY_KEPT,
        "fairness": {
            "deals": FAIR_DEALS,
            "bound": BOUND,
            "confidence": CONFIDENCE,
            "lowest": LOWEST,
            "margin": FAIR_MARGIN,
            "unit": "match",
            "seed": "the puzzle's check_seed + '/fair'",
        },
        "command": f"python -m exact61_widgets.puzzles.mine --seed {seed} --count {count}",
    }


def is_candidate(match: Match) -> bool:
    """A cheap first test: a choice among plays, late enough in the hand to solve exactly."""
    if match.status != "playing" or match.drawn_tile is not None:
        return False
    actions = match.legal_actions()
    return (
        len(actions) >= 2
        and all(isinstance(a, Play) for a in actions)
        and unplayed(match) <= MOST_UNPLAYED.get(match.players, 0)
    )


def match_setup(seed: int, index: int) -> tuple[int, list[int]]:
    """The players and start scores of match ``index`` of a run."""
    rng = random.Random(f"{seed}/setup/{index}")
    players = 2 if index % 2 == 0 else 4
    scores = [5 * rng.randrange(LOWEST_START, TARGET_POINTS) for _ in range(seating(players).sides)]
    return players, scores


def hand_record(match: Match, start_scores: Sequence[int]) -> dict[str, Any]:
    """A record v1 of the current hand only, from ``start_scores``, up to now."""
    record = to_record(match)
    record["start_scores"] = list(start_scores)
    record["hands"] = record["hands"][-1:]
    return record


def make_puzzle(
    match: Match, verdict: Verdict, record: dict[str, Any], check_seed: str
) -> dict[str, Any]:
    """The JSON of a verified puzzle (its id is given when the set is put together)."""
    found = facts(match, verdict)
    text = explanation(match, found, verdict)
    # Rated on the position as the file holds it (a one-hand record), so that the rating
    # can be checked from the file alone: the bots' seeds depend on the hand's number.
    tried = rates(load_record(record), verdict.answer)
    fair = check_fairness(match, verdict.answer, f"{check_seed}/fair")
    puzzle = Puzzle.from_verdict(
        match,
        verdict,
        record,
        id="",
        check_seed=check_seed,
        themes=found.themes,
        tried=tried,
        explanation={lang: text.text(lang) for lang in ("en", "ru")},
        fairness=fair,
    )
    return puzzle.to_json()


def mine_match(job: tuple[int, int]) -> list[dict[str, Any]]:
    """Play match ``index`` of the run ``seed`` and return the puzzles it gave (JSON).

    Each carries its fairness check; the unfair ones are left out of the set by :func:`mine`.
    """
    seed, index = job
    players, scores = match_setup(seed, index)
    match = Match(players, seed=f"{seed}/match/{index}", start_scores=scores)
    # The set was mined with the search bot's hand-points evaluation: kept, so that the shipped
    # set stays reproducible from its seed (the bot's default now weighs the match's chance).
    bots = [
        SearchBot(seed=f"{seed}/{index}/{s}", playouts=BOT_PLAYOUTS, evaluation="points")
        for s in range(players)
    ]
    found: list[dict[str, Any]] = []
    hand_start = match.scores
    hand_done = False
    tries = 0
    while not match.is_over and len(found) < PER_MATCH:
        if match.status == HAND_OVER:
            match.deal()
            hand_start = match.scores
            hand_done = False
            tries = 0
            continue
        if (
            not hand_done
            and tries < TRIES_PER_HAND
            and is_candidate(match)
            and real_answer(match, max_nodes=MINING_NODES) is not None
        ):
            tries += 1
            check_seed = f"{seed}/{index}/{len(match.hand_events)}"
            verdict = verify(
                match, random.Random(check_seed), max_nodes=MINING_NODES, budget=MINING_BUDGET
            )
            if verdict is not None and verdict.margin >= MEDIAN_MARGIN:
                puzzle = make_puzzle(match, verdict, hand_record(match, hand_start), check_seed)
                if keep(puzzle, random.Random(f"{check_seed}/keep")):
                    found.append(puzzle)
                    hand_done = True
        match.push(bots[match.to_move].choose(match))
    return found


def keep(puzzle: dict[str, Any], rng: random.Random) -> bool:
    """Whether to keep a verified puzzle: all but most of the easy, one-idea ones."""
    rates = puzzle["rates"]
    easy = (
        rates["greedy"] == 1
        and rates["search"] == 1
        and set(puzzle["themes"]) <= {"going_out", "count", "spinner"}
    )
    return not easy or rng.random() < EASY_KEPT


#: What the file keeps of a puzzle rejected as unfair.
#: (``check_seed`` names its match, so that :func:`recheck` can mine that match again).
REJECTED_FIELDS: Final = ("id", "check_seed", "agree", "deals", "lower", "unsolved")


def _jobs(seed: int, first: int = 0) -> Iterator[tuple[int, int]]:
    return ((seed, i) for i in range(first, MAX_MATCHES))


def _mined(seed: int, first: int, workers: int) -> tuple[Iterator[list[dict[str, Any]]], Any]:
    """Each match's puzzles from match ``first`` on, in order (and the pool, to end)."""
    if workers <= 1:
        return map(mine_match, _jobs(seed, first)), None
    import multiprocessing

    pool = multiprocessing.Pool(workers)
    return pool.imap(mine_match, _jobs(seed, first), chunksize=1), pool


def _collect(
    seed: int, count: int, results: Iterator[list[dict[str, Any]]], log: Any = None
) -> dict[str, Any]:
    """The file from each match's puzzles in order: fair ones kept until ``count``."""
    start = time.perf_counter()
    puzzles: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    found_count = 0
    matches = 0
    for found in results:
        matches += 1
        for puzzle in found:
            found_count += 1
            puzzle = {**puzzle, "id": f"p{found_count:03d}"}
            fair = puzzle["fairness"]
            if fair["lower"] >= LOWEST:
                puzzles.append(puzzle)
            elif len(puzzles) < count:
                rejected.append(
                    {k: (puzzle if k in ("id", "check_seed") else fair)[k] for k in REJECTED_FIELDS}
                )
        if log is not None:
            log(
                f"{matches} matches, {min(len(puzzles), count)}/{count} puzzles "
                f"({len(rejected)} unfair), {time.perf_counter() - start:.0f} s"
            )
        if len(puzzles) >= count:
            break
    chosen = [Puzzle.from_json(p) for p in puzzles[:count]]
    return document(chosen, {**settings(seed, count), "matches": matches, "rejected": rejected})


def mine(seed: int, count: int, workers: int = 2, log: Any = None) -> dict[str, Any]:
    """Mine ``count`` puzzles from the run ``seed``; return the whole file as a dict."""
    results, pool = _mined(seed, 0, workers)
    try:
        return _collect(seed, count, results, log)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def match_index(puzzle: Mapping[str, Any]) -> int:
    """The match of the run that gave ``puzzle`` (its check seed is ``seed/match/event``)."""
    return int(str(puzzle["check_seed"]).split("/")[1])


def _refair(puzzle: dict[str, Any]) -> dict[str, Any]:
    """``puzzle`` with its fairness checked again by today's check."""
    kept = Puzzle.from_json(puzzle)
    fair = check_fairness(kept.match(), kept.answers, kept.fairness.seed)
    return {**puzzle, "fairness": fair.to_json()}


def _found_again(
    doc: Mapping[str, Any], workers: int, log: Any = None
) -> dict[int, list[dict[str, Any]]]:
    """Every match of ``doc``'s run with the puzzles it gave, by match, fairness checked anew.

    The kept puzzles are in the file. Mined again: the matches that gave the rejected
    ones (named by their check seeds; in older files, the matches between their
    neighbours') and the last match, whose puzzles past the count the file left out.
    """
    made = doc["settings"]
    seed, matches = int(made["seed"]), int(made["matches"])
    kept = {int(p["id"][1:]): p for p in doc["puzzles"]}
    known = sorted(kept)
    again = {matches - 1}
    for entry in made["rejected"]:
        if "check_seed" in entry:  # the file names its match
            again.add(match_index(entry))
            continue
        number = int(entry["id"][1:])
        before = [n for n in known if n < number]
        after = [n for n in known if n > number]
        low = match_index(kept[before[-1]]) if before else 0
        high = match_index(kept[after[0]]) if after else matches - 1
        again.update(range(low, high + 1))
    ordered = sorted(again)
    jobs = [(seed, i) for i in ordered]
    checks = [p for n, p in sorted(kept.items()) if match_index(p) not in again]
    if workers <= 1:
        mined = list(map(mine_match, jobs))
        checked = list(map(_refair, checks))
    else:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            mined = pool.map(mine_match, jobs, chunksize=1)
            checked = pool.map(_refair, checks, chunksize=4)
    if log is not None:
        log(f"{len(jobs)} matches mined again, {len(checked)} puzzles checked again")
    by_match: dict[int, list[dict[str, Any]]] = {i: [] for i in range(matches)}
    for puzzle in checked:
        by_match[match_index(puzzle)].append(puzzle)
    for index, found in zip(ordered, mined, strict=True):
        by_match[index] = found
    return by_match


def recheck(doc: dict[str, Any], workers: int = 2, log: Any = None) -> dict[str, Any]:
    """The file :func:`mine` makes today from ``doc``'s seed and count, without replaying it all.

    Mining is deterministic match by match, and what a match gives does not depend on
    the fairness check, so the file's puzzles are the run's, found in order; only their
    fairness is checked again (see :func:`_found_again`), and the matches after the
    file's last are mined if the fair ones fall short of the count.
    """
    made = doc["settings"]
    seed, count, matches = int(made["seed"]), int(made["count"]), int(made["matches"])
    by_match = _found_again(doc, workers, log)
    results, pool = _mined(seed, matches, workers)
    try:
        return _collect(seed, count, itertools.chain(by_match.values(), results), log)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def reword_one(data: dict[str, Any], made: dict[str, Any]) -> dict[str, Any]:
    """The puzzle ``data`` with its explanation written again from today's catalogs.

    Its moves' numbers are written again too, so a file of version 2 gains each
    move's chance to win the match (version 3), which the words now speak.

    The position is verified again from its seed (as the tests re-verify it), so the words
    explain what the verdict says; a puzzle whose answer or margin came out otherwise is
    an error, not something to paper over with new words.
    """
    puzzle = Puzzle.from_json(data)
    match = puzzle.match()
    verdict = verify_from_file(puzzle, made)
    if (
        verdict is None
        or tuple(str(a) for a in verdict.answer) != puzzle.answer
        or min(verdict.margin, WIN) != puzzle.margin
    ):
        raise ValueError(f"puzzle {puzzle.id} no longer verifies as the file has it")
    text = explanation(match, facts(match, verdict), verdict)
    return {
        **data,
        "moves": moves_json(verdict.stats),
        "explanation": {lang: text.text(lang) for lang in ("en", "ru")},
    }


def _reword_job(job: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    return reword_one(*job)


def reword(doc: dict[str, Any], workers: int) -> dict[str, Any]:
    """The puzzle file ``doc`` with every explanation written again (after a wording change).

    Nothing but the explanations changes, so ``make puzzles`` from the same seed gives the
    same file: the words are the catalogs' of today either way.
    """
    jobs = [(p, doc["settings"]) for p in doc["puzzles"]]
    if workers <= 1:
        puzzles = [_reword_job(job) for job in jobs]
    else:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            puzzles = pool.map(_reword_job, jobs, chunksize=4)
    return {**doc, "version": VERSION, "puzzles": puzzles}


def dumps(doc: dict[str, Any]) -> str:
    """The file's text: the header, then one puzzle a line (small diffs, easy to read)."""
    head = {k: v for k, v in doc.items() if k != "puzzles"}
    lines = [json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in doc["puzzles"]]
    body = ",\n".join(lines)
    return json.dumps(head, ensure_ascii=False)[:-1] + ',\n"puzzles": [\n' + body + "\n]}\n"


def main(argv: Sequence[str] | None = None) -> int:
    """The command: mine a puzzle set and write it as JSON."""
    parser = argparse.ArgumentParser(
        prog="python -m exact61_widgets.puzzles.mine", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", default=str(Path(__file__).with_name(DATA_FILE)))
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument(
        "--reword",
        action="store_true",
        help="write the explanations of the puzzles in --out again from today's catalogs "
        "(after a change of wording), each puzzle verified again; the moves' numbers are written "
        "again too (a version 2 file gains their chances to win the match)",
    )
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="make the file of --out again as a full run would today (after a change of the "
        "fairness check or of the match equity table) without replaying every match: "
        "each puzzle's fairness checked again, the rejected ones' matches mined again, "
        "and mining goes on if the fair puzzles fall short of the count",
    )
    args = parser.parse_args(argv)

    def log(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    if args.recheck:
        path = Path(args.out)
        start = time.perf_counter()
        doc = recheck(json.loads(path.read_text("utf-8")), args.workers, log)
        path.write_text(dumps(doc), "utf-8")
        print(
            f"{len(doc['puzzles'])} puzzles ({len(doc['settings']['rejected'])} rejected as "
            f"unfair) in {time.perf_counter() - start:.0f} s -> {path}"
        )
        return 0
    if args.reword:
        path = Path(args.out)
        reworded = reword(json.loads(path.read_text("utf-8")), args.workers)
        path.write_text(dumps(reworded), "utf-8")
        print(f"{len(reworded['puzzles'])} explanations written again -> {path}")
        return 0
    start = time.perf_counter()
    doc = mine(args.seed, args.count, args.workers, log)
    Path(args.out).write_text(dumps(doc), "utf-8")
    elapsed = time.perf_counter() - start
    print(
        f"{len(doc['puzzles'])} puzzles ({len(doc['settings']['rejected'])} rejected as unfair) "
        f"from {doc['settings']['matches']} matches in "
        f"{elapsed:.0f} s ({3600 * len(doc['puzzles']) / max(elapsed, 1e-9):.0f} per hour) "
        f"-> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
