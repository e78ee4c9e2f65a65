"""The ``exact61`` command: describe, render, replay, play; simulate, solve, review, handout.

Its commands and options are stated on the :ref:`formats page, §7 Command line <formats-7>`.

Every error is one line on stderr with exit status 2 and nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from exact61_widgets.cli import handout, options, review, simulate, solve
from exact61_widgets.cli.options import Parser, UsageError
from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.engine.scoring import TARGET_PARAMS
from exact61_widgets.i18n import Msg

END_KINDS = {
    "out": Msg("a player went out"),
    "blocked": Msg("blocked"),
    "match_won": Msg("the match was won"),
}


def _cmd_describe(args: argparse.Namespace) -> str:
    from exact61_widgets.render.text import describe

    return describe(args.layout, args.lang) + "\n"


def _cmd_render(args: argparse.Namespace) -> str:
    from exact61_widgets.engine.layout import Layout
    from exact61_widgets.render import render_svg

    svg = render_svg(Layout.parse(args.layout), lang=args.lang)
    if args.output:
        try:
            Path(args.output).write_text(str(svg), "utf-8")
        except OSError as err:
            raise UsageError(f"cannot write {args.output}: {err.strerror or err}") from None
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
                "winner": "-" if winner is None else Msg("side {side}", {"side": winner}),
            },
        ).text(args.lang)
    )
    return "\n".join(lines) + "\n"


def _cmd_play(args: argparse.Namespace) -> str:
    from exact61_widgets.engine.match import Match
    from exact61_widgets.engine.record import to_record
    from exact61_widgets.simulation.matches import play_match, seat_bots

    bots = seat_bots(args.bots.split(","), args.players, args.seed)
    match = Match(args.players, seed=args.seed)
    lang = args.lang

    def progress(m: Match) -> None:
        end = m.hand_end
        assert end is not None
        winner = "-" if end.hand_winner is None else Msg("side {side}", {"side": end.hand_winner})
        print(
            Msg(
                "Hand {n}: {end}, hand won by {winner}; {scores}.",
                {
                    "n": m.hand_number,
                    "end": END_KINDS[end.kind],
                    "winner": winner,
                    "scores": _scores_text(end.scores, lang),
                },
            ).text(lang),
            flush=True,
        )

    play_match(match, bots, on_hand_end=progress)
    if args.record:
        try:
            Path(args.record).write_text(json.dumps(to_record(match), indent=1) + "\n", "utf-8")
        except OSError as err:
            raise UsageError(f"cannot write {args.record}: {err.strerror or err}") from None
    winner = match.winner
    return (
        Msg(
            "Match over after {hands} hands: side {side} reaches exactly {target}; {scores}.",
            {
                **TARGET_PARAMS,
                "hands": match.hand_number,
                "side": "-" if winner is None else winner,
                "scores": _scores_text(match.scores, lang),
            },
        ).text(lang)
        + "\n"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``exact61`` command."""
    parser = Parser(prog="exact61", description="Exact 61 Five Up: rules engine tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser("describe", help="print the long description of a layout")
    p.add_argument("layout", help="layout notation, e.g. '[1|4] [1|1]@[1|4]:low'")
    p.add_argument("--lang", type=options.lang, default="en", help="en (default) or ru")
    p.set_defaults(run=_cmd_describe)
    p = sub.add_parser("render", help="write the SVG picture of a layout")
    p.add_argument("layout")
    p.add_argument("-o", "--output", help="the .svg file to write (default: stdout)")
    p.add_argument("--lang", type=options.lang, default="en")
    p.set_defaults(run=_cmd_render)
    p = sub.add_parser("replay", help="check a game record (or saved scenario) move by move")
    p.add_argument("record", help="RECORD.json: a game record, or a saved scenario (JSON)")
    p.add_argument("--json", action="store_true", help="print the event stream as JSON")
    p.add_argument("--lang", type=options.lang, default="en")
    p.set_defaults(run=_cmd_replay)
    p = sub.add_parser("play", help="play a whole match between bots")
    p.add_argument("--players", type=options.players, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--bots", default="greedy", help="bot names, one for all or one per seat")
    p.add_argument("--record", help="save the game record (JSON) here")
    p.add_argument("--lang", type=options.lang, default="en")
    p.set_defaults(run=_cmd_play)
    for module in (simulate, solve, review, handout):
        module.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status (0, or 2 on any error)."""
    try:
        args = build_parser().parse_args(argv)
        out = args.run(args)
    except (UsageError, Exact61Error, ValueError) as err:
        message = str(err).replace("\n", " ")
        sys.stderr.write(f"exact61: error: {message}\n")
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
