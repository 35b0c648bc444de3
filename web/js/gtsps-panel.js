/**
 * The "Graph method (GTSPS)" panel: runs the GTSPS thesis's method (chapter 4) on the loaded puzzle
 * in the worker (`gtsps`, docs/worker-protocol.md) and shows what Python reports — vertices and
 * edges of G after each rule, each box's count of valid permutations stage by stage,
 * super-vertices, cliques and the solutions. A solution is shown on the board as a preview: the
 * session is left as it was, and "Back to the puzzle" (or any request) ends the preview.
 *
 * State: `state.gtsps` = {puzzle, reply} or {puzzle, error}, kept for the puzzle it was run on;
 * `state.preview` = index of the solution shown, or null.
 * The result is no live region (a screen reader would read out every figure and solution): the
 * panel's status region (`.panel-said`) says Python's one-sentence `message` ("127 solutions in
 * 21 ms.") or the error's. The preview banner's sentence ("Showing solution 2 of 127") is said by a
 * status region of its own (#preview-said), only its words changed, in the page and empty while no
 * solution shows: the banner, hidden until then, cannot hold it, or the first sentence would arrive
 * with its region and not be said. The banner shows the sentence to the eye (aria-hidden, said by the
 * region), its buttons beside it (a region holding them would read out "‹ › Back to the puzzle"
 * with every change).
 * Test hooks: `#gtsps-panel[data-state]`, `.panel-said`, `[data-total="<stage>"]`, `tr[data-box] td[data-stage]`,
 * `button[data-intent="gtsps-show"][data-index]`, `#preview[data-index]`, `#preview .preview-showing`,
 * `#preview-said`.
 */

import { h, redraw, sentence, setAttr, setData, setOff, setProp, setText } from "./dom.js";
import { awaitsPython, givensLine, isLoaded } from "./store.js";

/** The reply's stages, in order: [key of totals, key in each box, heading, short heading]. */
const STAGES = [
  [null, "initial", "Graph G", "G"], ["after_degree", "after_degree", "Degree rule", "Degree"],
  ["after_adjacency", "after_adjacency", "Adjacency rule", "Adjacency"],
  ["after_supervertices", "after_supervertices", "In a super-vertex", "In super-v."],
];

const figure = (value) => (value === null || value === undefined ? "—" : value.toLocaleString("en-US"));

/** The run for the puzzle on the board, or null (a run on another puzzle is not shown). */
function currentRun(state) {
  const run = state.gtsps;
  return run && isLoaded(state) && run.puzzle === givensLine(state.view) ? run : null;
}

/** The state the board draws: the previewed solution's digits, no step marks; else `state`. */
export function boardState(state) {
  const run = currentRun(state);
  if (state.preview === null || state.preview === undefined || !run || !run.reply) return state;
  const symbols = state.view.symbols;
  const values = [...run.reply.solutions[state.preview]].map((char) => symbols.indexOf(char) + 1);
  const origins = state.view.givens.map((given) => (given ? "given" : "solution"));
  return { ...state, conflicts: [], view: { ...state.view, values, origins, hint: null, check: null, position: 0 } };
}

const headRow = (cells) => h("thead", null, h("tr", null, cells.map(([text, title]) =>
  h("th", { scope: "col", title }, text))));

function totalsTable(reply) {
  const rows = STAGES.map(([key, , heading]) => {
    const totals = key ? reply[key] : { vertices: reply.vertices, edges: reply.edges, passes: null };
    return h("tr", { "data-total": key || "graph" }, h("th", { scope: "row" }, heading),
      ["vertices", "edges", "passes"].map((name) =>
        h("td", { "data-figure": name }, figure(totals && totals[name]))));
  });
  return h("table", { class: "figures" }, headRow([["Stage"], ["Vertices"], ["Edges"], ["Passes"]]),
    h("tbody", null, rows));
}

/** Each box's permutation count per stage, over a bar of the share of its count in G that is left. */
function boxTable(reply) {
  const rows = reply.boxes.map((box) => h("tr", { "data-box": box.box },
    h("th", { scope: "row" }, `Box ${box.box}`),
    STAGES.map(([, key]) => {
      const count = box[key];
      const share = count ? Math.max(0.05, count / box.initial).toFixed(3) : 0;
      return h("td", { "data-stage": key, style: `--share:${share}` }, figure(count));
    })));
  return h("table", { class: "figures boxes" },
    h("caption", null, "Valid permutations of each box, stage by stage"),
    headRow([["Box"], ...STAGES.map(([, , heading, short]) => [short, heading])]), h("tbody", null, rows));
}

function pairText(pair) {
  return pair ? `${figure(pair.band)} along bands · ${figure(pair.stack)} along stacks` : "—";
}

function solutionList(reply, preview) {
  if (reply.solution_count === 0) return [];
  const more = reply.solution_count > reply.listed ? ` (the first ${reply.listed} are listed)` : "";
  const buttons = reply.solutions.map((line, index) => h("button", { type: "button",
    "data-intent": "gtsps-show", "data-index": index, "aria-pressed": String(index === preview),
    title: `Show solution ${index + 1} on the board` }, index + 1));
  return [h("h3", null, `Solutions: ${figure(reply.solution_count)}${more}`),
    h("p", { class: "hint-line" }, "Choose one to see it on the board."),
    h("div", { class: "solutions" }, buttons)];
}

function resultElements(run, preview) {
  if (run.error) return h("p", { class: "panel-error", "data-kind": run.error.kind }, sentence(run.error.message));
  const reply = run.reply;
  const outcome = reply.reason ? "panel-error" : "panel-note";
  return [h("p", { class: outcome, "data-count": reply.solution_count }, reply.message),
    totalsTable(reply),
    h("dl", { class: "pairs" },
      h("dt", null, "Super-vertices (compatible tuples)"), h("dd", { "data-figure": "supervertices" }, pairText(reply.supervertices)),
      h("dt", null, "Cliques of G*"), h("dd", { "data-figure": "cliques" }, pairText(reply.cliques))),
    boxTable(reply), solutionList(reply, preview)];
}

/** The panel: its intents for main.js, its render, and the board state while previewing. */
export function gtspsPanel(root, app) {
  const els = {
    run: root.querySelector('[data-intent="gtsps"]'), cancel: root.querySelector('[data-intent="cancel"]'),
    progress: root.querySelector(".run-progress"), result: root.querySelector(".result"),
    said: root.querySelector(".panel-said"), banner: document.getElementById("preview"), board: document.getElementById("board"),
    saidShowing: document.getElementById("preview-said"),
  };
  els.stage = els.progress.querySelector("span");
  els.bar = els.progress.querySelector("progress");
  els.showing = h("span", { class: "preview-showing", "aria-hidden": "true" });
  els.previous = h("button", { type: "button", "data-intent": "gtsps-show", "aria-label": "Previous solution" }, "‹");
  els.next = h("button", { type: "button", "data-intent": "gtsps-show", "aria-label": "Next solution" }, "›");
  els.banner.replaceChildren(els.showing, h("span", { class: "nav" }, els.previous, els.next,
    h("button", { type: "button", "data-intent": "gtsps-back", class: "back" }, "Back to the puzzle")));

  async function run() {
    const puzzle = givensLine(app.state.view);
    try {
      const reply = await app.ask("gtsps", { puzzle });
      if (reply) app.commit({ ...app.state, gtsps: { puzzle, reply } });
    } catch (error) {
      if (error && error.kind === "gtsps-limit") app.commit({ ...app.state, gtsps: { puzzle, error } });
      else app.failed(error);
    }
  }

  function show(index) {
    const current = currentRun(app.state);
    if (!current || !current.reply || app.state.busy) return;
    if (index >= 0 && index < current.reply.solutions.length) app.commit({ ...app.state, preview: index });
  }

  function renderBanner(state, current) {
    const index = state.preview ?? null;
    const on = index !== null && current !== null && current.reply !== undefined;
    setProp(els.banner, "hidden", !on);
    setData(els.board, "preview", String(on));
    if (!on) {
      setData(els.banner, "index", "");
      setText(els.saidShowing, "");
      return;
    }
    const count = current.reply.solution_count;
    redraw(els.showing, JSON.stringify([index, count]), () => h("span", null, "Showing solution ",
      h("b", null, index + 1), ` of ${figure(count)} (graph method)`));
    setText(els.saidShowing, els.showing.textContent);
    setAttr(els.previous, "data-index", String(index - 1));
    setProp(els.previous, "disabled", index <= 0);
    setAttr(els.next, "data-index", String(index + 1));
    setProp(els.next, "disabled", index + 1 >= current.reply.listed);
    setData(els.banner, "index", String(index));
  }

  function render(state) {
    const current = currentRun(state);
    const busy = state.busy && state.busy.cmd === "gtsps" ? state.busy : null;
    setData(root, "state", busy ? "running" : current ? (current.error ? "error" : "done") : "idle");
    setOff(els.run, !state.ready || state.busy !== null || !isLoaded(state), awaitsPython(state));
    setProp(els.cancel, "hidden", !busy);
    setProp(els.progress, "hidden", !busy);
    if (busy) {
      const progress = busy.progress;
      setText(els.stage, progress ? `${progress.stage}…` : busy.label);
      els.bar.value = progress ? progress.fraction : 0;
    }
    const preview = state.preview ?? null;
    redraw(els.result, JSON.stringify([current, preview]), () => (current ? resultElements(current, preview) : []));
    setText(els.said, !current ? "" : current.error ? sentence(current.error.message) : current.reply.message);
    renderBanner(state, current);
  }

  return {
    intents: {
      gtsps: run,
      "gtsps-show": (el) => show(Number(el.dataset.index)),
      "gtsps-back": () => app.commit({ ...app.state, preview: null }),
    },
    render,
  };
}
