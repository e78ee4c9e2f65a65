"""What every ``exact61`` subcommand shares: its parser class, argument types and readers.

An argument type raises :class:`argparse.ArgumentTypeError`, which the parser turns into
a :class:`UsageError`: one line on stderr with exit status 2 (:func:`.command.main`).
A run that cannot finish although its words were right (a file that cannot be written)
raises :class:`RunError`: one line on stderr with exit status 1.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from exact61_widgets.engine.errors import SetupError
from exact61_widgets.engine.seating import PLAYER_COUNTS
from exact61_widgets.i18n import Msg, check_lang


class UsageError(Exception):
    """Bad command-line words; reported like every other error."""


class RunError(Exception):
    """A run that failed although its words were right, such as an unwritable file (exit 2,
    as every error of the command)."""


def write_text(path: str, text: str, lang: str) -> None:
    """Write ``text`` to file ``path``; a file that cannot be written is a :class:`RunError`."""
    try:
        Path(path).write_text(text, "utf-8")
    except OSError as err:
        reason = err.strerror or str(err)
        message = Msg("cannot write {path}: {reason}", {"path": path, "reason": reason})
        raise RunError(message.text(lang)) from None


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting.

    Every subcommand's help ends with its examples (``epilog``), kept as written.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def lang(text: str) -> str:
    """``--lang``: ``en`` or ``ru``."""
    try:
        return check_lang(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def examples(*lines: str) -> str:
    """A subcommand's ``epilog``: its example command lines under a heading."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def add_lang(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--lang`` to ``parser``: the language of ``what`` (the output, the page)."""
    parser.add_argument(
        "--lang", type=lang, default="en", help=f"the language of {what}: en (default) or ru"
    )


def players(text: str) -> int:
    """``--players``: 2, 3 or 4."""
    if text not in tuple(str(n) for n in PLAYER_COUNTS):
        raise argparse.ArgumentTypeError(f"a match has 2, 3 or 4 players, not {text!r}")
    return int(text)


def count(low: int) -> Callable[[str], int]:
    """A count of at least ``low``, written in digits alone (``--samples``, ``--max-nodes``)."""

    def parse(text: str) -> int:
        if not text.isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"a whole number of at least {low}, not {text!r}")
        return int(text)

    return parse


def positive(text: str) -> int:
    """A whole number of at least 1 as Python reads it (``--matches``, ``--processes``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def read_json(path: str) -> Any:
    """The JSON document in file ``path``; a file that cannot be read is a usage error."""
    try:
        text = Path(path).read_text("utf-8")
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(
            f"{path} is not valid JSON: line {err.lineno} column {err.colno}: {err.msg}"
        ) from None


def read_document(path: str) -> Any:
    """The JSON document in file ``path`` (a record or a saved scenario), or a SetupError."""
    try:
        return json.loads(Path(path).read_text("utf-8"))
    except OSError as err:
        raise SetupError(
            Msg("cannot read {path}: {reason}", {"path": path, "reason": err.strerror or str(err)})
        ) from None
    except json.JSONDecodeError as err:
        raise SetupError(
            Msg("{path} is not valid JSON: {reason}", {"path": path, "reason": err.msg})
        ) from None
