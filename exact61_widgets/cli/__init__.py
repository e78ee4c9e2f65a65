"""The ``exact61`` command line (docs/formats.md): one module per subcommand group.

:mod:`.command` builds the parser and runs it (``main``, the console entry point and
``python -m exact61_widgets``); :mod:`.options` holds the argument types and file readers
every subcommand shares; :mod:`.solve`, :mod:`.review`, :mod:`.simulate` and
:mod:`.handout` add their subcommands.
"""

from exact61_widgets.cli.command import build_parser, main
from exact61_widgets.cli.options import UsageError

__all__ = ["UsageError", "build_parser", "main"]
