/**
 * The reason panel and the step list beside the board. The panel shows the step the board
 * highlights (the hint, or the last applied step): its technique, Python's sentence of reason and
 * its bipartite graph. The list names every step of the log with its effect; each entry is a button
 * that returns the board to the point just after that step (`goto`).
 */

import { renderGraph } from "./graph-view.js";
import { cellName, isLoaded, shownStep, statusState } from "./state.js";

const escapeText = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

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
  const items = [`<li class="start${position === 0 ? " current" : ""}"><button type="button" data-intent="goto" `
    + `data-position="0"${position === 0 ? ' aria-current="step"' : ""}><span class="num">0</span>`
    + `<span class="name">Start</span><span class="effect">the puzzle as given</span></button></li>`];
  steps.forEach((step, k) => {
    const at = k + 1;
    const classes = [`tech-${step.technique}`];
    if (at === position) classes.push("current");
    if (at > position) classes.push("future");
    items.push(`<li class="${classes.join(" ")}"><button type="button" data-intent="goto" data-position="${at}"`
      + `${at === position ? ' aria-current="step"' : ""}><span class="num">${at}</span>`
      + `<span class="name">${escapeText(step.name)}</span>`
      + `<span class="effect">${escapeText(effectText(state.shape, step))}</span></button></li>`);
  });
  const html = items.join("");
  if (list.dataset.key !== `${steps.length}:${position}:${html.length}`) {
    list.innerHTML = html;
    list.dataset.key = `${steps.length}:${position}:${html.length}`;
    const current = list.querySelector(".current");
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}
