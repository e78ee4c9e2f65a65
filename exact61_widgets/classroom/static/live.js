// The learner's page of the live class: asks the server what changed (a long poll), shows
// the question, sends the learner's own answer and shows their own feedback after the
// reveal. Learners' texts go into the page as text, never as markup; the only markup put
// in is the engine's pictures, made by the server.
"use strict";
(function () {
  const { config, fill, paragraph } = window.exact61Live;
  const words = config.words;
  const api = "/live/api/r/" + config.code + "/";
  const $ = (id) => document.getElementById(id);
  let version = -1;
  let shown = null; // "seq/round/phase" drawn last
  let state = null;

  function say(id, text) {
    $(id).textContent = text || "";
  }

  function post(action, data) {
    return window.exact61Live.post(api + action, data, words.offline);
  }

  function drawJoin() {
    const named = state && state.name;
    $("join").hidden = Boolean(named) || !state || state.phase === "ended";
    $("named").hidden = !named;
    if (named) {
      say("named", fill(words.named, { name: named }));
    }
  }

  function drawQuestion() {
    const box = $("question");
    const q = state.question;
    const key = state.seq + "/" + state.round + "/" + state.phase;
    if (key === shown) return;
    const typing = document.activeElement && document.activeElement.id === "answer";
    shown = key;
    box.replaceChildren();
    if (state.phase === "ended") {
      box.append(paragraph(words.ended));
      return;
    }
    if (!q) {
      box.append(paragraph(words.waiting));
      return;
    }
    const head = document.createElement("h2");
    head.id = "question-title";
    head.textContent =
      fill(words.question, { seq: state.seq }) +
      (state.round > 1 ? " · " + fill(words.round, { round: state.round }) : "");
    box.append(head);
    if (state.round > 1 && state.phase === "open") box.append(paragraph(words.again, "muted"));
    box.append(paragraph(q.text));
    if (q.pictures.length) {
      const pictures = document.createElement("div");
      pictures.className = "pictures";
      pictures.innerHTML = q.pictures.join(""); // the engine's SVG, made by the server
      box.append(pictures);
    }
    for (const fact of q.facts) box.append(paragraph(fact, "muted"));
    if (state.phase === "open") {
      const form = document.createElement("form");
      form.id = "answer-form";
      const label = document.createElement("label");
      label.htmlFor = "answer";
      label.textContent = words.answer;
      const input = document.createElement("input");
      input.type = "text";
      input.id = "answer";
      input.name = "answer";
      input.autocomplete = "off";
      input.maxLength = 200;
      input.placeholder = q.form;
      input.setAttribute("aria-describedby", "answer-form-hint");
      const hint = paragraph(q.form, "muted");
      hint.id = "answer-form-hint";
      const send = document.createElement("button");
      send.type = "submit";
      send.textContent = words.send;
      form.append(label, input, hint, send);
      form.addEventListener("submit", submit);
      box.append(form);
      if (state.answer) input.value = state.answer;
      if (typing) input.focus();
    }
  }

  function drawStatus() {
    if (!state.question || state.phase === "ended") {
      say("status", "");
      return;
    }
    const lines = [];
    if (state.answer) lines.push(fill(words.received, { answer: state.answer }));
    if (state.phase === "open" && state.answer) lines.push(words.change);
    if (state.phase === "closed") lines.push(state.answer ? words.closed : words.closed_none);
    if (state.phase === "revealed" && !state.answer) lines.push(words.revealed_none);
    say("status", lines.join(" "));
    const old = $("feedback");
    if (old) old.remove();
    if (state.phase === "revealed" && state.feedback) {
      const box = document.createElement("section");
      box.id = "feedback";
      box.className = "box";
      box.setAttribute("aria-labelledby", "feedback-title");
      const head = document.createElement("h2");
      head.id = "feedback-title";
      head.textContent = words.feedback;
      const line = paragraph(
        (state.feedback.right ? "✔ " : "✘ ") + state.feedback.text,
        state.feedback.right ? "right" : "wrong"
      );
      line.id = "feedback-text";
      box.append(head, line);
      $("status").after(box);
    }
  }

  function draw() {
    document.body.dataset.phase = state.phase;
    drawJoin();
    drawQuestion();
    drawStatus();
  }

  async function submit(event) {
    event.preventDefault();
    const input = $("answer");
    say("error", "");
    try {
      const reply = await post("answer", { seq: state.seq, round: state.round, answer: input.value });
      state.answer = reply.answer;
      drawStatus();
    } catch (error) {
      say("error", error.message);
      if (/out of date|устарел/i.test(error.message)) {
        version = -1;
      }
    }
  }

  $("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    say("error", "");
    try {
      const reply = await post("join", { name: $("nickname").value });
      state.name = reply.name;
      drawJoin();
    } catch (error) {
      say("error", error.message);
    }
  });

  function poll() {
    return window.exact61Live.poll(
      api + "state",
      () => version,
      (reply) => {
        if ($("error").textContent === words.offline) say("error", "");
        state = reply;
        version = reply.version;
        draw();
      },
      (error) => say("error", error),
      () => say("error", words.offline)
    );
  }
  // A laptop that slept, or a page back from the browser's cache, asks again at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") version = -1;
  });
  // Opening the page joins the class (a name may come later): the console counts this learner.
  post("join", { name: null })
    .catch((error) => say("error", error.message))
    .finally(poll);
})();
