// The Exact 61 board: shows the SVG markup Python sends and reports clicks and keys.
// Python owns all state; this view only replaces its picture and forwards events
// (anywidget front-end module: export default { render({ model, el }) }).
//
// Roles (WAI-ARIA Authoring Practices): a board you can act on is a labelled composite,
// role "application" (its arrow keys are the board's, not a screen reader's reading
// keys), whose items are the open places and hand tiles, each a named "button"; every
// SVG holding items is a "group" named by its own <title>, and a picture you only look
// at stays role "img" with its title and description. The keyboard reaches the board
// with one Tab stop (roving tabindex): one item has tabindex 0, the others -1.

const TARGET = "[data-place], [data-tile]";
const KEYS_NEXT = ["ArrowRight", "ArrowDown"];
const KEYS_BACK = ["ArrowLeft", "ArrowUp"];
let boards = 0;

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

// Reading order: panel after panel, inside each top to bottom in rows, a row left to
// right. Items whose middles are less than half an item's height apart share a row.
// A board not on screen (a hidden tab) has no boxes: it keeps the markup's order.
function readingOrder(nodes, picture) {
  const panels = Array.from(picture.children);
  const placed = nodes.map((node, index) => {
    const box = node.getBoundingClientRect();
    let panel = 0;
    while (panel < panels.length && !panels[panel].contains(node)) panel += 1;
    return { node, index, panel, x: box.left + box.width / 2, y: box.top + box.height / 2,
             h: box.height, seen: box.width > 0 || box.height > 0 };
  });
  if (!placed.every((p) => p.seen)) return nodes;
  placed.sort((a, b) => a.panel - b.panel || a.y - b.y || a.x - b.x || a.index - b.index);
  const rows = [];
  for (const item of placed) {
    const row = rows[rows.length - 1];
    const first = row && row[0];
    if (first && first.panel === item.panel &&
        Math.abs(item.y - first.y) < Math.max(first.h, item.h) / 2) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x || a.index - b.index))
    .map((item) => item.node);
}

// A new picture replaces only the parts that changed. Python sends the whole markup; it
// is parsed aside (a <template>: not laid out), and, level by level down to DEPTH (the
// wrapper, each SVG, each part of it: a seat, the layout, the side column's texts), a part
// whose markup is the one shown stays as it is, with its focus and its layout, and a part
// whose markup differs is replaced by the new one. Containers whose own tag and
// attributes changed, or whose children do not pair up, are replaced whole, so what is
// shown is always exactly what Python drew. ``sources`` keeps the markup each shown
// element was made from (the board marks shown items with roles and labels afterwards).
const DEPTH = 3;

// An element's start tag as the page writes it: its tag and attributes, no children.
function startTag(node) {
  const bare = node.cloneNode(false).outerHTML;
  return bare.slice(0, bare.lastIndexOf("</"));
}

function remember(node, depth, sources) {
  sources.set(node, node.outerHTML);
  if (depth > 0) for (const child of node.children) remember(child, depth - 1, sources);
}

function pairs(shown, fresh) {
  return shown.childNodes.length === shown.children.length &&
    fresh.childNodes.length === fresh.children.length &&
    shown.children.length === fresh.children.length;
}

// Bring ``shown``'s children to ``fresh``'s (elements of the template); false if they do
// not pair up, when the caller replaces ``shown`` whole.
function patch(shown, fresh, depth, sources) {
  if (!pairs(shown, fresh)) return false;
  const old = Array.from(shown.children);
  const now = Array.from(fresh.children);
  for (let i = 0; i < now.length; i += 1) {
    const was = old[i];
    const next = now[i];
    const markup = next.outerHTML;
    if (sources.get(was) === markup) continue;
    if (depth > 0 && was.tagName === next.tagName && sources.has(was) &&
        sources.get(was).startsWith(startTag(next)) && patch(was, next, depth - 1, sources)) {
      sources.set(was, markup);
      continue;
    }
    remember(next, depth, sources);
    was.replaceWith(next);
  }
  return true;
}

function render({ model, el }) {
  boards += 1;
  el.classList.add("exact61-board");
  // Keys pressed on the board are the board's: JupyterLab / Notebook 7 (Lumino) skip
  // their command shortcuts (arrows select cells) for targets inside this attribute.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const picture = document.createElement("div");
  picture.className = "exact61-board-picture";
  const keys = document.createElement("div");
  keys.className = "exact61-board-keys";
  keys.id = `exact61-board-keys-${boards}-${Math.random().toString(36).slice(2, 8)}`;
  const live = document.createElement("div");
  live.className = "exact61-board-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const error = document.createElement("div");
  error.className = "exact61-board-error";
  error.setAttribute("role", "alert");
  el.append(picture, keys, live, error);
  // The item that holds the board's Tab stop, by key, and its place in reading order;
  // the frame that settles a new picture, and whether it must put the focus back.
  let current = null;
  let currentAt = 0;
  let settling = 0;
  let refocus = false;
  let sources = new WeakMap();
  let drawnInteractive = null;

  // The items in reading order, each numbered (data-exact61-order) as the arrows go.
  // Reading positions needs the page laid out: never called while a picture is drawn.
  function items() {
    const all = readingOrder(Array.from(picture.querySelectorAll(model.get("focusable"))),
                             picture);
    all.forEach((node, at) => node.setAttribute("data-exact61-order", String(at)));
    return all;
  }

  // ``focus``: true to focus the item (scrolled into view, as the arrow keys move), "keep"
  // to give the focus back to an item redrawn where it was (no scrolling: it is in view).
  function hold(node, focus) {
    for (const other of picture.querySelectorAll("[data-exact61-item]")) {
      other.setAttribute("tabindex", other === node ? "0" : "-1");
    }
    current = keyOf(node);
    const at = node.getAttribute("data-exact61-order");
    if (at !== null) currentAt = Number(at);
    if (focus === "keep") {
      if (document.activeElement !== node) node.focus({ preventScroll: true });
    } else if (focus) node.focus();
  }

  // Show the markup Python sent: only the parts that changed are replaced (see patch).
  function show(markup) {
    const fresh = document.createElement("template");
    fresh.innerHTML = markup;
    if (patch(picture, fresh.content, DEPTH, sources)) return;
    sources = new WeakMap();
    for (const child of fresh.content.children) remember(child, DEPTH, sources);
    picture.replaceChildren(fresh.content);
  }

  // On the first frame after a new picture (laid out by then anyway): number the items
  // and, if the item that held the Tab stop is gone (a tile played, a place taken), give
  // the stop, and the focus if the board had it, to the item now where it was.
  function settle() {
    settling = 0;
    const focus = refocus;
    refocus = false;
    const all = items();
    if (!all.length) return;
    const same = all.find((node) => keyOf(node) === current);
    const active = document.activeElement;
    const free = !active || active === document.body || picture.contains(active);
    hold(same || all[Math.min(currentAt, all.length - 1)], focus && free && !same);
  }

  function showRoles(interactive) {
    picture.setAttribute("aria-label", model.get("label"));
    keys.textContent = interactive ? model.get("instructions") : "";
    if (interactive) {
      picture.setAttribute("role", "application");
      picture.setAttribute("aria-describedby", keys.id);
    } else {
      picture.setAttribute("role", "group");
      picture.removeAttribute("aria-describedby");
    }
  }

  function draw() {
    const active = document.activeElement;
    const lost = !active || active === document.body;  // the last picture took it along
    const hadFocus = Boolean(active && picture.contains(active)) || (refocus && lost);
    const interactive = model.get("interactive");
    // The items of a board one can act on are marked (roles, tab stops) once shown: when
    // that changes, nothing shown may stay.
    if (interactive !== drawnInteractive) sources = new WeakMap();
    drawnInteractive = interactive;
    show(model.get("svg"));
    showRoles(interactive);
    if (!interactive) return;
    const labels = model.get("labels") || {};
    const all = Array.from(picture.querySelectorAll(model.get("focusable")));
    for (const node of all) {
      const key = keyOf(node);
      node.setAttribute("data-exact61-item", "");
      node.setAttribute("tabindex", "-1");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", labels[key] || key);
      // Lumino matches shortcuts on the focused node itself before it walks up to
      // the container, so each item must carry the attribute too.
      node.setAttribute("data-lm-suppress-shortcuts", "true");
      // An SVG with items inside is a group of them (an "img" may hold nothing focusable).
      const svg = node.closest("svg");
      if (svg && svg.getAttribute("role") === "img") svg.setAttribute("role", "group");
    }
    if (!all.length) return;
    // The same item keeps the Tab stop (and the focus) at once; if it is gone, the first
    // item holds the stop until the next frame settles it (reading order needs layout).
    const same = all.find((node) => keyOf(node) === current);
    if (same) hold(same, hadFocus ? "keep" : false);
    else all[0].setAttribute("tabindex", "0");
    refocus = hadFocus && !same;
    if (!settling) settling = requestAnimationFrame(settle);
  }

  function onClick(event) {
    if (!model.get("interactive")) return;
    const node = event.target.closest(TARGET);
    if (node && picture.contains(node)) model.send({ type: "click", ...payloadOf(node) });
  }

  function onFocus(event) {
    const node = event.target.closest("[data-exact61-item]");
    if (node && picture.contains(node) && keyOf(node) !== current) {
      items();
      hold(node, false);
    }
  }

  function onKey(event) {
    if (!model.get("interactive") || event.altKey || event.ctrlKey || event.metaKey) return;
    const node = event.target.closest("[data-exact61-item]");
    if (!node || !picture.contains(node)) return;
    const key = event.key;
    if (key === "Enter" || key === " ") {
      event.preventDefault();
      model.send({ type: "key", key: "Enter", ...payloadOf(node) });
    } else if (key === "Escape") {
      event.preventDefault();
      model.send({ type: "key", key: "Escape" });
    } else if (KEYS_NEXT.includes(key) || KEYS_BACK.includes(key) || key === "Home" ||
               key === "End") {
      event.preventDefault();
      const all = items();
      const at = all.indexOf(node);
      const step = KEYS_NEXT.includes(key) ? 1 : -1;
      const to = key === "Home" ? 0 : key === "End" ? all.length - 1 :
        (at + step + all.length) % all.length;
      hold(all[to], true);
    }
  }

  // The palette the pictures are drawn in, for the focus outline's colour (board.css).
  function showTheme() {
    const theme = model.get("theme");
    el.dataset.theme = theme === "light" || theme === "dark" ? theme : pageTheme();
  }

  // Tell Python the page's theme, now and whenever it changes; Python redraws.
  function reportTheme() {
    const theme = pageTheme();
    if (model.get("page_theme") !== theme) {
      model.set("page_theme", theme);
      model.save_changes();
    }
    showTheme();
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
  function showLabels() { showRoles(model.get("interactive")); }

  picture.addEventListener("click", onClick);
  picture.addEventListener("keydown", onKey);
  picture.addEventListener("focusin", onFocus);
  model.on("change:svg", draw);
  model.on("change:interactive", draw);
  model.on("change:label", showLabels);
  model.on("change:instructions", showLabels);
  model.on("change:announcement", showLive);
  model.on("change:error", showError);
  model.on("change:zoom", showZoom);
  model.on("change:theme", showTheme);
  draw();
  showZoom();
  showLive();
  showError();
  reportTheme();
  return () => {
    themeWatch.disconnect();
    if (settling) cancelAnimationFrame(settling);
    model.off("change:svg", draw);
    model.off("change:interactive", draw);
    model.off("change:label", showLabels);
    model.off("change:instructions", showLabels);
    model.off("change:announcement", showLive);
    model.off("change:error", showError);
    model.off("change:zoom", showZoom);
    model.off("change:theme", showTheme);
  };
}

export default { render };
