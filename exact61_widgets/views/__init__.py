"""What the widgets show and how a click becomes a play, in plain Python: no widget library.

The widgets (:mod:`exact61_widgets.widgets`) hold state and draw; these modules hold what
they compute, so that tests, the command line and Pyodide use them without ipywidgets:
ready positions (:mod:`~exact61_widgets.views.ready_positions`), clicks to plays
(:mod:`~exact61_widgets.views.picker`), the legal moves listed with their awards
(:mod:`~exact61_widgets.views.move_list`), short texts about a match
(:mod:`~exact61_widgets.views.match_status`), undo and redo (:mod:`~exact61_widgets.views.undo`),
the exact values shown (:mod:`~exact61_widgets.views.solution`), what Export writes
(:mod:`~exact61_widgets.views.export`) and the widgets' exception
(:mod:`~exact61_widgets.views.errors`).
"""
