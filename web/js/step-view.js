/**
 * The reason panel and the step list beside the board. The panel shows the step the board
 * highlights (the hint, or the last applied step): its technique, Python's sentence of reason and
 * its bipartite graph. The list names every step of the log with its effect; each entry is a button
 * that returns the board to the point just after that step (`goto`).
 */

import { h, redraw } from "./dom.js";
import { renderGraph } from "./graph-view.js";
import { cellName, isLoaded, shownStep, statusState } from "./state.js";

/** A short effect for the list: 'r3c5 = 7', '−4 r1c2 r1c3', or a count when there are many. */
function effectText(shape, step) {
  const name = (cell) => cellName(shape.n, cell);
  const symbol = (digit) => shape.symbols[digit - 1];
  const parts = [];
  if (step.placements.length > 3) {
    parts.push(`places ${step.placements.length} digits`);
  } else {
    for (const [cell, digit] of step.placements) parts.push(`${name(cell)} = ${symbol(digit)}`);
  }
  if (step.eliminations.length > 4) {
    parts.push(`removes ${step.eliminations.length} candidates`);
  } else if (step.eliminations.length > 0) {
    const byDigit = new Map();
    for (const [cell, digit] of step.eliminations) {
      byDigit.set(digit, [...(byDigit.get(digit) || []), name(cell)]);
    }
    for (const [digit, cells] of byDigit) parts.push(`−${symbol(digit)} ${cells.join(" ")}`);
  }
  return parts.join("; ");
}

/** Fill the reason panel from the shown step. */
export function renderStepPanel(els, state) {
  const shown = shownStep(state);
  const panel = els.panel;
  if (!shown) {
    panel.dataset.technique = "";
    panel.dataset.mode = "none";
    els.title.textContent = state.view && isLoaded(state) && state.view.steps.length ? "Start" : "No step yet";
    els.text.textContent = isLoaded(state) && statusState(state.view) !== "solving"
      ? state.view.status.message
      : "Press Step to apply the next deduction, or Hint to see it first.";
    renderGraph(els.graph, null);
    return;
  }
  const { step, mode } = shown;
  panel.dataset.technique = step.technique;
  panel.dataset.mode = mode;
  els.title.textContent = mode === "hint" ? `Hint: ${step.name}` : step.name;
  els.text.textContent = step.text;
  renderGraph(els.graph, step.graph);
}

/** Rebuild the step list when the log or position changes. */
export function renderStepList(list, state) {
  const view = isLoaded(state) ? state.view : null;
  const steps = view ? view.steps : [];
  const position = view ? view.position : 0;
  const rows = [{ at: 0, classes: ["start"], name: "Start", effect: "the puzzle as given" },
    ...steps.map((step, k) => ({ at: k + 1, classes: [`tech-${step.technique}`], name: step.name,
      effect: effectText(state.shape, step) }))];
  for (const row of rows) {
    if (row.at === position) row.classes.push("current");
    if (row.at > position) row.classes.push("future");
  }
  const item = ({ at, classes, name, effect }) => h("li", { class: classes.join(" ") },
    h("button", { type: "button", "data-intent": "goto", "data-position": at,
      "aria-current": at === position && "step" },
    h("span", { class: "num" }, at), h("span", { class: "name" }, name),
    h("span", { class: "effect" }, effect)));
  if (redraw(list, JSON.stringify(rows), () => rows.map(item))) {
    const current = list.querySelector(".current");
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}
