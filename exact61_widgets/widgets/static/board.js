// The Exact 61 board: shows the SVG markup Python sends and reports clicks and keys.
// Python owns all state; this view only replaces its picture and forwards events
// (anywidget front-end module: export default { render({ model, el }) }).

const TARGET = "[data-place], [data-tile]";

function payloadOf(node) {
  if (node.hasAttribute("data-place")) return { place: node.getAttribute("data-place") };
  return { tile: node.getAttribute("data-tile") };
}

function keyOf(node) {
  return node.getAttribute("data-place") || "tile " + node.getAttribute("data-tile");
}

// The page's theme as the renderer names it: JupyterLab and Notebook 7 mark <body>
// with data-jp-theme-light, VS Code with a vscode-dark / vscode-high-contrast class.
function pageTheme() {
  const body = document.body;
  const light = body.getAttribute("data-jp-theme-light");
  if (light === "false") return "dark";
  if (light === "true") return "light";
  const dark = body.classList.contains("vscode-dark") ||
    body.classList.contains("vscode-high-contrast");
  return dark ? "dark" : "light";
}

function render({ model, el }) {
  el.classList.add("exact61-board");
  // Keys pressed on the board are the board's: JupyterLab / Notebook 7 (Lumino) skip
  // their command shortcuts (arrows select cells) for targets inside this attribute.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const picture = document.createElement("div");
  picture.className = "exact61-board-picture";
  picture.setAttribute("role", "group");
  const live = document.createElement("div");
  live.className = "exact61-board-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const error = document.createElement("div");
  error.className = "exact61-board-error";
  error.setAttribute("role", "alert");
  el.append(picture, live, error);

  function items() {
    return Array.from(picture.querySelectorAll(model.get("focusable")));
  }

  function draw() {
    const active = document.activeElement;
    const focused = active && picture.contains(active) ? keyOf(active) : null;
    picture.innerHTML = model.get("svg");
    picture.setAttribute("aria-label", model.get("label"));
    if (!model.get("interactive")) return;
    const labels = model.get("labels") || {};
    let again = null;
    for (const node of items()) {
      const key = keyOf(node);
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      // Lumino matches shortcuts on the focused node itself before it walks up to
      // the container, so each focusable node must carry the attribute too.
      node.setAttribute("data-lm-suppress-shortcuts", "true");
      if (labels[key]) node.setAttribute("aria-label", labels[key]);
      if (key === focused) again = node;
    }
    if (again) again.focus();
    else if (focused) {
      const first = items()[0];
      if (first) first.focus();
    }
  }

  function onClick(event) {
    if (!model.get("interactive")) return;
    const node = event.target.closest(TARGET);
    if (node && picture.contains(node)) model.send({ type: "click", ...payloadOf(node) });
  }

  function onKey(event) {
    if (!model.get("interactive")) return;
    const node = event.target.closest(TARGET);
    const all = items();
    const at = node ? all.indexOf(node) : -1;
    if ((event.key === "Enter" || event.key === " ") && node) {
      event.preventDefault();
      model.send({ type: "key", key: "Enter", ...payloadOf(node) });
    } else if (event.key === "Escape") {
      model.send({ type: "key", key: "Escape" });
    } else if (event.key.startsWith("Arrow") && all.length) {
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      all[(at + step + all.length) % all.length].focus();
    }
  }

  // Tell Python the page's theme, now and whenever it changes; Python redraws.
  function reportTheme() {
    const theme = pageTheme();
    if (model.get("page_theme") !== theme) {
      model.set("page_theme", theme);
      model.save_changes();
    }
  }
  const themeWatch = new MutationObserver(reportTheme);
  themeWatch.observe(document.body, {
    attributes: true, attributeFilter: ["data-jp-theme-light", "class"] });

  function showZoom() {
    const zoom = model.get("zoom");
    picture.style.zoom = zoom && zoom !== 1 ? String(zoom) : "";
  }

  function showLive() { live.textContent = model.get("announcement"); }
  function showError() { error.textContent = model.get("error"); }

  picture.addEventListener("click", onClick);
  picture.addEventListener("keydown", onKey);
  model.on("change:svg", draw);
  model.on("change:interactive", draw);
  model.on("change:announcement", showLive);
  model.on("change:error", showError);
  model.on("change:zoom", showZoom);
  draw();
  showZoom();
  showLive();
  showError();
  reportTheme();
  return () => {
    themeWatch.disconnect();
    model.off("change:svg", draw);
    model.off("change:interactive", draw);
    model.off("change:announcement", showLive);
    model.off("change:error", showError);
    model.off("change:zoom", showZoom);
  };
}

export default { render };
