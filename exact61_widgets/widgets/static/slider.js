// A named slider: a native range input inside its <label>, so the keyboard (arrows,
// Home/End, Page Up/Down) and screen readers get it from the browser itself; the value
// is read out as Python's "valuetext" ("Step 3 of 9") when there is one.
// (anywidget front-end module: export default { render({ model, el }) }).

function render({ model, el }) {
  el.classList.add("exact61-slider");
  const label = document.createElement("label");
  const text = document.createElement("span");
  text.className = "exact61-slider-label";
  const input = document.createElement("input");
  input.type = "range";
  // Its keys are the slider's: JupyterLab / Notebook 7 (Lumino) would take the arrows
  // as notebook shortcuts; they skip targets that carry this attribute.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  const readout = document.createElement("span");
  readout.className = "exact61-slider-readout";
  readout.setAttribute("aria-hidden", "true");  // the input says it (aria-valuetext)
  label.append(text, input);
  el.append(label, readout);

  function show() {
    text.textContent = model.get("description");
    input.min = String(model.get("min"));
    input.max = String(model.get("max"));
    input.step = String(model.get("step"));
    input.value = String(model.get("value"));
    input.disabled = model.get("disabled");
    const said = model.get("valuetext");
    if (said) input.setAttribute("aria-valuetext", said);
    else input.removeAttribute("aria-valuetext");
    readout.textContent = model.get("readout") ? said || String(model.get("value")) : "";
  }

  function onInput() {
    model.set("value", Number(input.value));
    model.save_changes();
  }

  input.addEventListener("input", onInput);
  model.on("change", show);
  show();
  return () => model.off("change", show);
}

export default { render };
