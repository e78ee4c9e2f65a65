"""The classroom: one subsystem for a lesson with a whole room.

``make classroom`` runs one server (:mod:`.voila`) that serves two things side by side:

* the **classroom app** (:mod:`.app`, ``tutorials/classroom.ipynb`` in Voila): the match
  table, the walkthroughs and the narrated hand for the projector, one kernel a page, with
  a cap on learners (:mod:`.full` is the page past it);
* the **live class** (:mod:`.live` and its handlers): the teacher's console opens a
  question from the tutorials' exercises (:mod:`.bank`), every learner answers on their own
  device with no kernel, the engine checks each answer in the server's own process, and
  the console shows how many answered, which mistakes the answers show
  (:mod:`.answer_counts`), and the solution. Every answer is stored in SQLite as it arrives
  (:mod:`.store`), exported as CSV and summed up in an end-of-lesson report
  (:mod:`.report`).

Nothing here is imported by ``import exact61_widgets``; the modules that need ipywidgets
(:mod:`.app`) or Voila (:mod:`.voila`) load them only when imported themselves.
"""
