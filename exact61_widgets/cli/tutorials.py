"""``exact61 tutorials [DIR]``: write the tutorials that ship with the package into a folder.

The notebooks (English and Russian, with their data) go to ``DIR/tutorials/`` and the rules
pages to ``DIR/``, so that the notebooks' rule links work
(:func:`exact61_widgets.resources.write_tutorials`); the command then says how to open them.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from exact61_widgets.cli import options
from exact61_widgets.i18n import Msg
from exact61_widgets.resources import TutorialsFolderError, write_tutorials

DEFAULT_FOLDER = "exact61-tutorials"


def _cmd_tutorials(args: argparse.Namespace) -> str:
    try:
        done = write_tutorials(args.folder, overwrite=args.overwrite)
    except TutorialsFolderError as err:
        raise ValueError(err.text(args.lang)) from None  # bad words: exit status 2
    except OSError as err:
        reason = err.strerror or str(err)
        message = Msg("cannot write {path}: {reason}", {"path": args.folder, "reason": reason})
        raise options.RunError(message.text(args.lang)) from None
    start = shlex.quote(str(done.start))
    folder = shlex.quote(str(done.folder))
    lines: list[str | Msg] = [
        Msg(
            "Wrote {written} files to {folder} ({unchanged} already there).",
            {
                "written": len(done.written),
                "folder": str(done.folder),
                "unchanged": len(done.unchanged),
            },
        ),
        Msg("Open the first notebook in JupyterLab:"),
        f"  jupyter lab {start}",
        Msg("or in Jupyter Notebook 7:"),
        f"  jupyter notebook {start}",
        Msg("or open the folder in VS Code (with its Jupyter extension):"),
        f"  code {folder}",
        Msg(
            "The Russian notebooks end in _ru.ipynb; the rules pages are RULES.md and RULES.ru.md."
        ),
    ]
    return (
        "\n".join(line if isinstance(line, str) else line.text(args.lang) for line in lines) + "\n"
    )


def add_command(subparsers: Any) -> None:
    """Add ``tutorials`` to the ``exact61`` command's subcommands."""
    p = subparsers.add_parser(
        "tutorials",
        help="write the tutorial notebooks (English and Russian) into a folder",
        description="Write the tutorial notebooks that ship with the package (English and "
        "Russian, with their data) into a folder, with the rules pages they link to, and say "
        "how to open them. A file already there with other content (an edited notebook) is "
        "never overwritten without --overwrite; nothing is written then.",
        epilog=options.examples(
            "exact61 tutorials",
            "exact61 tutorials ~/exact61 --lang ru",
        ),
    )
    p.add_argument(
        "folder",
        nargs="?",
        default=DEFAULT_FOLDER,
        help=f"the folder to write into (default: {DEFAULT_FOLDER}, created if missing)",
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="replace files that differ from the package's copies (edits are lost)",
    )
    options.add_lang(p, "the messages")
    p.set_defaults(run=_cmd_tutorials)
