"""The ``exact61`` command: describe, render, replay, play; simulate, solve, review, handout.

Its commands and options are stated on the :ref:`formats page, §7 Command line <formats-7>`.

Every error is one line on stderr and nothing on stdout: exit status 2 for bad input
(words, notation, records), 1 for a run that could not finish (a file that cannot be written).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from exact61_widgets import __version__
from exact61_widgets.cli import handout, options, review, simulate, solve, tutorials
from exact61_widgets.cli.options import Parser, RunError, UsageError, add_lang, examples
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.engine.seating import seating
from exact61_widgets.i18n import Msg

END_KINDS = {
    "out": Msg("a player went out"),
    "blocked": Msg("blocked"),
    "match_won": Msg("the match was won"),
}


def _cmd_describe(args: argparse.Namespace) -> str:
    from exact61_widgets.render.descriptions import describe

    return describe(args.layout, args.lang) + "\n"


def _cmd_render(args: argparse.Namespace) -> str:
    from exact61_widgets.engine.layout import Layout
    from exact61_widgets.render import render_svg

    svg = render_svg(Layout.parse(args.layout), lang=args.lang)
    if args.output:
        options.write_text(args.output, str(svg), args.lang)
        return ""
    return str(svg) + "\n"


def _scores_text(scores: Sequence[int], lang: str) -> str:
    return Msg("scores {scores}", {"scores": " ".join(str(s) for s in scores)}).text(lang)


def _cmd_replay(args: argparse.Namespace) -> str:
    from exact61_widgets.engine.record import Replayer
    from exact61_widgets.engine.scenario import SavedScenario, is_saved_scenario

    data = options.read_json(args.record)  # a saved scenario by its marker, else a record
    match, hands = (
        SavedScenario.from_json(data).replay() if is_saved_scenario(data) else Replayer(data).run()
    )
    if args.json:
        doc = {"hands": hands, "scores": list(match.scores), "winner": match.winner}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    lines: list[str] = []
    events = list(match.events)
    start = 0
    for number, hand in enumerate(hands, start=1):
        lines.append(Msg("Hand {n}", {"n": number}).text(args.lang))
        count = len(hand["events"])
        for event in events[start : start + count]:
            lines.append(f"  {event.explain(args.lang)} ({_scores_text(event.scores, args.lang)})")
        start += count
        end = hand["end"]
        if end is None:
            lines.append("  " + Msg("in progress").text(args.lang))
        else:
            lines.append(
                "  "
                + Msg(
                    "Hand ends: {end}; {scores}.",
                    {
                        "end": END_KINDS[end],
                        "scores": _scores_text(hand["scores"], args.lang),
                    },
                ).text(args.lang)
            )
    winner = match.winner
    lines.append(
        Msg(
            "Final {scores}; winner: {winner}.",
            {
                "scores": _scores_text(match.scores, args.lang),
                "winner": "-" if winner is None else seating(match.players).side_name(winner),
            },
        ).text(args.lang)
    )
    return "\n".join(lines) + "\n"


def _hand_line(
    number: int,
    kind: str,
    hand_winner: int | None,
    match_winner: int | None,
    scores: Sequence[int],
    players: int,
    lang: str,
) -> str:
    """``play``'s progress line for a hand that ended: how, and who won it or the match.

    A winner is named as the rules name it: a player, or a pair with four players.
    """
    params = {"n": number, "scores": _scores_text(scores, lang)}
    sides = seating(players)
    if kind == "match_won":  # a play reached the target in the middle of the hand
        assert match_winner is not None
        msg = Msg(
            "Hand {n}: {side} wins the match; {scores}.",
            {**params, "side": sides.side_name(match_winner)},
        )
    elif hand_winner is None:  # a blocked hand that no side won
        msg = Msg("Hand {n}: blocked, and no side won the hand; {scores}.", params)
    else:
        msg = Msg(
            "Hand {n}: {end}, {side} wins the hand; {scores}.",
            {**params, "end": END_KINDS[kind], "side": sides.side_name(hand_winner)},
        )
    return msg.text(lang)


def _cmd_play(args: argparse.Namespace) -> str:
    from exact61_widgets.engine.match import Match
    from exact61_widgets.engine.record import to_record
    from exact61_widgets.simulation.matches import play_match, seat_bots

    lang = args.lang
    seed = args.seed
    if seed is None:  # a fresh match each time, and the seed to play it again
        seed = random.SystemRandom().randrange(10**6)
        print(
            Msg("Seed {seed} (give --seed {seed} to play this match again).", {"seed": seed}).text(
                lang
            ),
            flush=True,
        )
    bots = seat_bots(args.bots.split(","), args.players, seed)
    match = Match(args.players, seed=seed)

    def progress(m: Match) -> None:
        end = m.hand_end
        assert end is not None
        print(
            _hand_line(
                m.hand_number, end.kind, end.hand_winner, m.winner, end.scores, m.players, lang
            ),
            flush=True,
        )

    play_match(match, bots, on_hand_end=progress)
    if args.record:
        options.write_text(args.record, json.dumps(to_record(match), indent=1) + "\n", lang)
    winner = match.winner
    return (
        Msg(
            "Match over after {hands} hands: {side} reaches exactly {target}; {scores}.",
            {
                **TARGET_PARAMS,
                "hands": match.hand_number,
                "side": "-" if winner is None else seating(match.players).side_name(winner),
                "scores": _scores_text(match.scores, lang),
            },
        ).text(lang)
        + "\n"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``exact61`` command."""
    parser = Parser(
        prog="exact61",
        description="Exact 61 Five Up: rules engine tools.",
        epilog=examples(
            "exact61 describe '[1|4] [1|1]@[1|4]:low'",
            "exact61 play --players 2",
            "exact61 tutorials",
            "exact61 SUBCOMMAND --help   (each subcommand's options and examples)",
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=Parser, metavar="SUBCOMMAND"
    )
    p = sub.add_parser(
        "describe",
        help="print the long description of a layout",
        description="Print the long description of a layout: its caption, tiles, spinners, "
        "connections, open places and scoring contributions (the text a screen reader reads).",
        epilog=examples(
            "exact61 describe '[1|4] [1|1]@[1|4]:low'",
            "exact61 describe '[5|5] [0|5]@[5|5]:lineA' --lang ru",
        ),
    )
    p.add_argument("layout", help="layout notation, e.g. '[1|4] [1|1]@[1|4]:low'")
    add_lang(p, "the description")
    p.set_defaults(run=_cmd_describe)
    p = sub.add_parser(
        "render",
        help="write the SVG picture of a layout",
        description="Write the SVG picture of a layout, with its caption as <title> and its "
        "long description as <desc>.",
        epilog=examples(
            "exact61 render '[1|4] [1|1]@[1|4]:low' -o layout.svg",
            "exact61 render '[3|3]' --lang ru > layout.svg",
        ),
    )
    p.add_argument("layout", help="layout notation, e.g. '[1|4] [1|1]@[1|4]:low'")
    p.add_argument("-o", "--output", help="the .svg file to write (default: stdout)")
    add_lang(p, "the picture's texts")
    p.set_defaults(run=_cmd_render)
    p = sub.add_parser(
        "replay",
        help="check a game record (or saved scenario) move by move",
        description="Check a game record (or a saved scenario) move by move and print every "
        "scoring event and the scores; the first broken rule is reported with its hand and "
        "action.",
        epilog=examples(
            "exact61 play --players 2 --seed 7 --record game.json",
            "exact61 replay game.json",
            "exact61 replay game.json --json",
        ),
    )
    p.add_argument("record", help="RECORD.json: a game record, or a saved scenario (JSON)")
    p.add_argument("--json", action="store_true", help="print the event stream as JSON")
    add_lang(p, "the printed events")
    p.set_defaults(run=_cmd_replay)
    p = sub.add_parser(
        "play",
        help="play a whole match between bots",
        description="Play a whole match between bots, printing a line as each hand ends. "
        "Without --seed a seed is chosen at random and printed first.",
        epilog=examples(
            "exact61 play --players 2",
            "exact61 play --players 4 --seed 7 --bots greedy,random,greedy,random "
            "--record game.json",
        ),
    )
    p.add_argument(
        "--players", type=options.players, required=True, help="2, 3 or 4 (4 play in pairs)"
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the seed of the deals and the bots: the same seed plays the same match "
        "(default: a random seed, printed)",
    )
    p.add_argument(
        "--bots",
        default="greedy",
        help="bot names separated by commas: one for all or one per seat (default greedy)",
    )
    p.add_argument("--record", help="save the game record (JSON) here")
    add_lang(p, "the progress lines")
    p.set_defaults(run=_cmd_play)
    for module in (simulate, solve, review, handout, tutorials):
        module.add_command(sub)
    return parser


def _error(err: Exception) -> None:
    message = str(err).replace("\n", " ")
    sys.stderr.write(f"exact61: error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status.

    0 on success; 2 for any error, as the formats document's command-line contract has it:
    bad input (unknown words, bad notation, a broken record) or a run that fails (a file
    that cannot be written). Either is one line on stderr, and nothing on stdout.
    """
    try:
        args = build_parser().parse_args(argv)
        out = args.run(args)
    except (RunError, UsageError, Exact61Error, ValueError) as err:
        _error(err)
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
