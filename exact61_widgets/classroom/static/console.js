// The teacher's console of the live class: a new room on the start page; in a room, the
// question, "answered n of m" as answers arrive (a long poll), the buttons that move the
// question on, the distribution and the engine's solution. Learners' names go into the
// page as text, never as markup.
"use strict";
(function () {
  const { config, fill, paragraph, post } = window.exact61Live;
  const words = config.words;
  const $ = (id) => document.getElementById(id);

  const start = $("new-room");
  if (start) {
    start.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const reply = await post("/live/api/teacher/rooms", { bank: $("bank").value, lang: $("room-lang").value });
        window.location.assign("/live/teacher/r/" + reply.code + "?lang=" + config.lang);
      } catch (error) {
        $("error").textContent = error.message;
      }
    });
    return;
  }

  const api = "/live/api/teacher/r/" + config.code + "/";
  let version = -1;
  let state = null;
  let listed = false;

  function drawControls() {
    const phase = state.phase;
    $("open").disabled = phase === "open" || phase === "ended";
    $("choose").disabled = phase === "open" || phase === "ended";
    $("next").disabled = phase === "open" || phase === "ended" || !state.next;
    $("close").disabled = phase !== "open";
    $("reveal").disabled = phase !== "closed";
    $("again").disabled = !(phase === "closed" || phase === "revealed") || state.round >= 2;
    $("end").disabled = phase === "ended";
    if (!listed) {
      listed = true;
      const choose = $("choose");
      for (const q of state.questions) {
        const option = document.createElement("option");
        option.value = q.key;
        option.textContent = q.key + " — " + q.text;
        choose.append(option);
      }
    }
    if (state.next && state.phase !== "open") $("choose").value = state.next;
  }

  function drawQuestion() {
    const box = $("question");
    box.replaceChildren();
    if (state.phase === "ended") box.append(paragraph(words.ended));
    if (!state.question) {
      if (state.phase !== "ended") box.append(paragraph(words.waiting));
      return;
    }
    const head = document.createElement("h2");
    head.textContent = fill(words.question, { seq: state.seq, round: state.round });
    box.append(head, paragraph(state.question.text));
    if (state.question.pictures.length) {
      const pictures = document.createElement("div");
      pictures.className = "pictures";
      pictures.innerHTML = state.question.pictures.join(""); // the engine's SVG
      box.append(pictures);
    }
    for (const fact of state.question.facts) box.append(paragraph(fact, "muted"));
    box.append(paragraph(state.question.source, "muted"));
    if (state.phase === "closed") box.append(paragraph(words.closed));
    if (state.phase === "revealed") box.append(paragraph(words.revealed));
  }

  function drawAnswers() {
    $("answered").textContent = state.question ? fill(words.answered, { n: state.answered, of: state.learners }) : "";
    const names = $("names");
    names.replaceChildren();
    for (const name of state.names) {
      const item = document.createElement("li");
      item.textContent = name;
      names.append(item);
    }
    const box = $("distribution");
    box.hidden = !state.picture;
    if (state.picture) box.innerHTML = state.picture; // made by the server, names escaped there
    const solution = $("solution");
    solution.hidden = !state.solution;
    solution.replaceChildren();
    if (state.solution) {
      const head = document.createElement("h2");
      head.textContent = words.solution;
      solution.append(head, paragraph(state.solution.text));
      if (state.solution.pictures.length) {
        const pictures = document.createElement("div");
        pictures.className = "pictures";
        pictures.innerHTML = state.solution.pictures.join("");
        solution.append(pictures);
      }
      if (state.solution.walkthrough) {
        const steps = document.createElement("div");
        steps.className = "walkthrough";
        steps.innerHTML = state.solution.walkthrough; // the engine's steps, made by the server
        solution.append(steps);
      }
    }
  }

  function act(action, data) {
    return async () => {
      $("error").textContent = "";
      try {
        await post(api + action, data ? data() : {});
      } catch (error) {
        $("error").textContent = error.message;
      }
    };
  }
  $("open").addEventListener("click", act("open", () => ({ key: $("choose").value })));
  $("next").addEventListener("click", act("next"));
  $("close").addEventListener("click", act("close"));
  $("reveal").addEventListener("click", act("reveal"));
  $("again").addEventListener("click", act("again"));
  $("end").addEventListener("click", act("end"));

  function poll() {
    return window.exact61Live.poll(
      api + "state",
      () => version,
      (reply) => {
        state = reply;
        version = reply.version;
        document.body.dataset.phase = state.phase;
        drawControls();
        drawQuestion();
        drawAnswers();
      },
      (error) => {
        $("error").textContent = error;
      },
      () => {}
    );
  }
  poll();
})();
