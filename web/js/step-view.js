/**
 * The reason panel and the history list beside the board. The panel shows what the board
 * highlights: the hint at its level (Python decides what each level reveals), or the last entry
 * of the history — a tutor's step with its reason and bipartite graph, or a player's move. The
 * list names every entry with Python's effect text; each is a button that returns the board to
 * the point just after it (`goto`). Python places each entry in the guess tree (`view.branches`):
 * entries under a guess are indented by their depth, an abandoned branch is greyed, and its
 * Backtrack says which contradiction ended it.
 */

import { drawEach, drawnAnew, h, setAttr, setData, setText } from "./dom.js";
import { renderGraph } from "./graph-view.js";
import { countAwaited, isLoaded, linked, panelWords, shownGraph, shownStep } from "./store.js";


/** Fill the reason panel from the shown step. */
export function renderStepPanel(els, state) {
  const shown = shownStep(state);
  const panel = els.panel;
  const words = panelWords(state);
  // Quiet while its words are another live region's, said there once: the status line's (the count
  // running or cancelled, the position's status, the givens' entry status) or the message's error.
  setAttr(els.title.parentElement, "aria-live", countAwaited(state) || !words || words.said ? "off" : "polite");
  if (!shown) {
    setData(panel, "technique", "");
    setData(panel, "mode", "none");
    if (words) {
      setText(els.title, words.title);
      setText(els.text, words.text);
    }
    renderGraph(els.graph, shownGraph(state), null, { linked: linked(state).vertices, onBoard: true });
    return;
  }
  const { step, mode } = shown;
  setData(panel, "technique", step.technique);
  setData(panel, "mode", mode);
  setData(panel, "level", mode === "hint" ? String(step.level) : "");
  setText(els.title, words.title);
  setText(els.text, words.text);
  renderGraph(els.graph, shownGraph(state), state.graphStage, { linked: linked(state).vertices, onBoard: true });
}

/** A history entry, empty: a button that returns the board to the point just after it. */
function entry() {
  return h("li", null, h("button", { type: "button", "data-intent": "goto" },
    h("span", { class: "num" }), h("span", { class: "name" }), h("span", { class: "effect" })));
}

/** Show `row` in the history entry `li`, in place: the entry pressed keeps focus as the list follows. */
function drawEntry(li, { at, classes, name, effect, depth, ended }, position) {
  setAttr(li, "class", classes.join(" "));
  setData(li, "depth", String(depth));
  setAttr(li, "style", `--depth:${Math.min(depth, 8)}`);
  const button = li.firstElementChild;
  setData(button, "position", String(at));
  setAttr(button, "aria-current", at === position ? "step" : null);
  const [num, title, words] = button.children;
  setText(num, String(at));
  setText(title, name);
  setText(words, effect);
  let end = button.nextElementSibling;
  if (ended === null) end?.remove();
  else setText(end ?? li.appendChild(h("p", { class: "branch-end" })), `Branch abandoned: ${ended}.`);
}

/** Draw the step list again, in place, when the log or position changes. */
export function renderStepList(list, state) {
  const view = isLoaded(state) ? state.view : null;
  const steps = view ? view.steps : [];
  const position = view ? view.position : 0;
  const rows = [{ at: 0, classes: ["start"], name: "Start", effect: "the puzzle as given", depth: 0, ended: null },
    ...steps.map((step, k) => {
      const branch = view.branches[k];
      const classes = [`tech-${step.technique}`, step.technique === "move" ? "by-player" : "by-tutor"];
      if (branch.abandoned) classes.push("abandoned");
      if (branch.depth > 0) classes.push("in-branch");
      return { at: k + 1, classes, name: step.name, effect: step.effect, depth: branch.depth,
        ended: branch.ended ? branch.ended.message : null };
    })];
  for (const row of rows) {
    if (row.at === position) row.classes.push("current");
    if (row.at > position) row.classes.push("future");
  }
  if (drawnAnew(list, JSON.stringify(rows))) {
    drawEach(list, rows, entry, (li, row) => drawEntry(li, row, position));
    // Only a list with entries can need scrolling; reading offsetTop lays the page out at once.
    const current = steps.length ? list.querySelector(".current") : null;
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}
