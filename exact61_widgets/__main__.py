"""``python -m exact61_widgets`` runs the ``exact61`` command."""

from exact61_widgets.cli import main

raise SystemExit(main())
