// What the live class's two pages share: their configuration, filling a message's
// placeholders, a paragraph of text (never markup), a POST as the server wants it (JSON,
// the page's XSRF token) and the long poll that brings each change.
"use strict";
window.exact61Live = (function () {
  const config = JSON.parse(document.getElementById("exact61-config").textContent);

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  }

  function paragraph(text, cls) {
    const p = document.createElement("p");
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
  }

  async function post(path, data, offline) {
    const response = await fetch(path + "?lang=" + config.lang, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-XSRFToken": config.xsrf },
      body: JSON.stringify(data || {}),
    });
    const reply = await response.json().catch(() => ({ error: offline || response.statusText }));
    if (!response.ok) throw new Error(reply.error || offline || response.statusText);
    return reply;
  }

  // Ask for the state once it differs from the version seen (the server holds the request
  // until then); draw each; on a refusal show it and stop; on a lost connection try again.
  async function poll(path, versionOf, draw, refused, lost) {
    for (;;) {
      try {
        const response = await fetch(path + "?lang=" + config.lang + "&v=" + versionOf(), {
          credentials: "same-origin",
          cache: "no-store",
        });
        const reply = await response.json();
        if (!response.ok) {
          refused(reply.error);
          return;
        }
        draw(reply);
      } catch (error) {
        lost();
        await new Promise((done) => setTimeout(done, 2000));
      }
    }
  }

  return { config, fill, paragraph, post, poll };
})();
