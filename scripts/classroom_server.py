"""Voila for a whole lesson: ``python scripts/classroom_server.py NOTEBOOK [Voila options]``.

A thin entry point: the server is :mod:`exact61_widgets.classroom.voila` (the classroom
app in Voila with its culler, cap on learners and warm kernels, and the live class beside
it). ``make classroom`` runs it through ``scripts/serve.py``.
"""

from __future__ import annotations

from exact61_widgets.classroom.voila import ClassroomVoila, main

__all__ = ["ClassroomVoila", "main"]

if __name__ == "__main__":
    main()
