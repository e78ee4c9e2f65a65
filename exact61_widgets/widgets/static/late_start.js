// A widget that started late still hears Python (shared by the widgets' modules: Python
// puts this file in front of each one; each view calls recoverLateStart({ model, el })).
//
// anywidget 0.11 gives a model 2 s of wall time, from its creation, to import its module
// (AbortSignal.timeout(2000) in its Runtime); no kernel round trip is in it. On a page
// whose main thread gets little CPU (a room's pages on one small computer, a slow laptop)
// the import can finish later: the view is still drawn, but anywidget has rejected the
// model's "ready" promise, on which it waits before every message from Python, so every
// later message is dropped and the widget never answers a click. When this module runs,
// the model is ready in fact; so, if that happened, the model's messages go straight to
// ipywidgets' own handler, and Python is asked for the whole state once more (ipywidgets'
// "request_state"), since messages may have been dropped already. The page says so on
// the console and marks the view (data-exact61-late-start). Nothing changes otherwise.

const LATE_START = "Failed to initialize model";

// The widget manager's own model behind anywidget's stand-in: the one with this view.
async function viewModel(model, el) {
  const models = (model.widget_manager && model.widget_manager._models) || {};
  for (const found of Object.values(models)) {
    const real = await Promise.resolve(found).catch(() => null);
    for (const view of Object.values((real && real.views) || {})) {
      if ((await Promise.resolve(view).catch(() => null))?.el === el) return real;
    }
  }
  return null;
}

async function recoverLateStart({ model, el }) {
  // The view is registered once its render is over: look after this one has returned.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const real = await viewModel(model, el);
  const own = real && Object.getPrototypeOf(real);
  const base = own && Object.getPrototypeOf(own);
  if (!real || !real.comm || !base || typeof base._handle_comm_msg !== "function") return;
  try {  // anywidget's handler with a message ipywidgets ignores: fails if it gave up
    await own._handle_comm_msg.call(real, { content: { data: { method: "exact61-probe" } } });
    return;
  } catch (error) {
    if (!String(error && error.message).includes(LATE_START)) return;
  }
  real.comm.on_msg((message) => base._handle_comm_msg.call(real, message));
  real.comm.send({ method: "request_state" }, {});
  el.setAttribute("data-exact61-late-start", "recovered");
  console.info(`[exact61] ${real.get("_anywidget_id")}: started late, recovered`);
}
