/**
 * The reason panel and the history list beside the board. The panel shows what the board
 * highlights: the hint at its level (Python decides what each level reveals), or the last entry
 * of the history — a tutor's step with its reason and bipartite graph, or a player's move. The
 * list names every entry with Python's effect text; each is a button that returns the board to
 * the point just after it (`goto`). Python places each entry in the guess tree (`view.branches`):
 * entries under a guess are indented by their depth, an abandoned branch is greyed, and its
 * Backtrack says which contradiction ended it.
 */

import { h, redraw, setAttr, setData, setText } from "./dom.js";
import { renderGraph } from "./graph-view.js";
import { canRetype, countAwaited, isLoaded, linked, shownGraph, shownStep } from "./store.js";


const PLAY_HELP = "Play: select a cell and type a digit (N for notes). Hint shows what to look for; "
  + "Step applies the next deduction.";

/** The panel's title and text when no step is shown, or null to leave them as they are: while
 * entering, Python's entry status of the givens (kept while it reads the next keystroke, rather
 * than flashing the play help), and its reason when it refuses them, with what to do next. */
function idleWords(state) {
  const view = state.view;
  if (isLoaded(state)) {
    const title = view.steps.length ? "Start" : "No step yet";
    if (state.mode === "enter") return { title, text: view.entry.message };
    return { title, text: view.status.status !== "solving" ? view.status.message : PLAY_HELP };
  }
  if (state.error) {
    const reason = `${state.error.message[0].toUpperCase()}${state.error.message.slice(1)}.`;
    const undo = canRetype(state, true) ? ", or press Undo," : "";
    return state.mode === "enter"
      ? { title: "Not a puzzle yet", text: `${reason} Change that cell${undo} to go on: what you typed is kept.` }
      : { title: "Not loaded", text: reason };
  }
  return state.mode === "enter" && view ? null : { title: "No step yet", text: PLAY_HELP };
}

/** Fill the reason panel from the shown step. */
export function renderStepPanel(els, state) {
  const shown = shownStep(state);
  const panel = els.panel;
  // The status line says the count runs (or was cancelled), and the idle words repeat it: quiet.
  setAttr(els.title.parentElement, "aria-live", countAwaited(state) ? "off" : "polite");
  if (!shown) {
    setData(panel, "technique", "");
    setData(panel, "mode", "none");
    const words = idleWords(state);
    if (words) {
      setText(els.title, words.title);
      setText(els.text, words.text);
    }
    renderGraph(els.graph, shownGraph(state), null, linked(state).vertices);
    return;
  }
  const { step, mode } = shown;
  setData(panel, "technique", step.technique);
  setData(panel, "mode", mode);
  setData(panel, "level", mode === "hint" ? String(step.level) : "");
  setText(els.title, mode === "hint" ? step.title : step.name); // Python's "Hint 2 of 3: X-Wing"
  setText(els.text, step.text);
  renderGraph(els.graph, shownGraph(state), state.graphStage, linked(state).vertices);
}

/** Rebuild the step list when the log or position changes. */
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
  const item = ({ at, classes, name, effect, depth, ended }) => h("li", { class: classes.join(" "),
    "data-depth": depth, style: `--depth:${Math.min(depth, 8)}` },
  h("button", { type: "button", "data-intent": "goto", "data-position": at,
    "aria-current": at === position && "step" },
  h("span", { class: "num" }, at), h("span", { class: "name" }, name),
  h("span", { class: "effect" }, effect)),
  ended ? h("p", { class: "branch-end" }, `Branch abandoned: ${ended}.`) : null);
  if (redraw(list, JSON.stringify(rows), () => rows.map(item))) {
    // Only a list with entries can need scrolling; reading offsetTop lays the page out at once.
    const current = steps.length ? list.querySelector(".current") : null;
    if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}
