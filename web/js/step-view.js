/**
 * The reason panel and the history list beside the board. The panel shows what the board
 * highlights: the hint at its level (Python decides what each level reveals), or the last entry
 * of the history — a tutor's step with its reason and bipartite graph, or a player's move. The
 * list names every entry with Python's effect text; each is a button that returns the board to
 * the point just after it (`goto`).
 */

import { renderGraph } from "./graph-view.js";
import { isLoaded, linked, shownStep } from "./store.js";

const escapeText = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Fill the reason panel from the shown step. */
export function renderStepPanel(els, state) {
  const shown = shownStep(state);
  const panel = els.panel;
  if (!shown) {
    panel.dataset.technique = "";
    panel.dataset.mode = "none";
    els.title.textContent = state.view && isLoaded(state) && state.view.steps.length ? "Start" : "No step yet";
    els.text.textContent = isLoaded(state) && state.view.status.status !== "solving"
      ? state.view.status.message
      : "Play: select a cell and type a digit (N for notes). Hint shows what to look for; Step applies the next deduction.";
    renderGraph(els.graph, null);
    return;
  }
  const { step, mode } = shown;
  panel.dataset.technique = step.technique;
  panel.dataset.mode = mode;
  panel.dataset.level = mode === "hint" ? String(step.level) : "";
  els.title.textContent = mode !== "hint" ? step.name
    : step.kind === "mistake" ? "Hint: a mistake" : `Hint ${step.level} of 3: ${step.name}`;
  els.text.textContent = step.text;
  renderGraph(els.graph, step.graph, state.graphStage, linked(state).vertices);
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
    const classes = [`tech-${step.technique}`, step.technique === "move" ? "by-player" : "by-tutor"];
    if (at === position) classes.push("current");
    if (at > position) classes.push("future");
    items.push(`<li class="${classes.join(" ")}"><button type="button" data-intent="goto" data-position="${at}"`
      + `${at === position ? ' aria-current="step"' : ""}><span class="num">${at}</span>`
      + `<span class="name">${escapeText(step.name)}</span>`
      + `<span class="effect">${escapeText(step.effect)}</span></button></li>`);
  });
  const html = items.join("");
  if (list.dataset.key !== `${steps.length}:${position}:${html.length}`) {
    list.innerHTML = html;
    list.dataset.key = `${steps.length}:${position}:${html.length}`;
    const current = list.querySelector(".current");
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}
