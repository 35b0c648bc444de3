/**
 * The "Export as text" panel: asks the worker for `export` (docs/worker-protocol.md) and shows the
 * texts Python wrote — the puzzle's givens and the position on the board in each form (line,
 * picture, pencil-mark grid, candidate string, HoDoKu position line, SudokuWiki string) — each in a
 * read-only box with a Copy button. None of these needs a solve, so they come at once on any board.
 * The solution path is solved only when asked for ("Write the solution path", `export_path`): a
 * 16×16 path can take minutes of forcing nets, so Python reports each step (shown here as it comes)
 * and the page's Cancel stops it. Nothing here knows a format: it shows what came back, as text.
 *
 * State: `state.exported` = {key, reply, path} or {key, error}, kept for the board it was made from
 * (the puzzle's start and the position in its log); `path` is {text} or {error} once asked. A change
 * of board hides it until asked again.
 * Test hooks: `#export-panel[data-state]`, `[data-export="<format>"] textarea`,
 * `[data-export="path"][data-path-state]` (idle, running, done, error).
 */

import { h, redraw, setData, setProp } from "./dom.js";
import { isLoaded } from "./store.js";

/** How long a Copy button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 2500;

/** Which board an export belongs to. */
function boardKey(state) {
  if (!isLoaded(state)) return null;
  const view = state.view;
  return JSON.stringify([view.start, view.actions.slice(0, view.position)]);
}

function currentExport(state) {
  const exported = state.exported;
  return exported && exported.key === boardKey(state) ? exported : null;
}

/** The texts to show, in order: [format key, heading, text]. */
function sections(reply) {
  return [
    ["givens", "Puzzle (givens)", reply.puzzle],
    ...reply.formats.map((entry) => [entry.format, entry.title, entry.text]),
  ];
}

function section([format, heading, text], index) {
  const id = `export-text-${format}`;
  // A whole grid stays in view (31 lines for 25×25 pencil marks); the path scrolls.
  const rows = Math.min(format === "path" ? 12 : 32, text.split("\n").length);
  return h("div", { class: "export-item", "data-export": format },
    h("div", { class: "export-head" },
      h("label", { for: id }, heading),
      h("button", { type: "button", "data-intent": "export-copy", "data-index": index }, "Copy")),
    h("textarea", { id, rows, readonly: true, spellcheck: "false", wrap: "off" }, text));
}

/** The solution path's place: its text once written, else the button that asks for it, with
 * Python's progress while it is being solved. */
function pathSection(current, running, progress, index) {
  const path = current.path;
  if (path && path.text !== undefined) {
    const item = section(["path", "Solution path", path.text], index);
    item.dataset.pathState = "done";
    return item;
  }
  const pathState = running ? "running" : path && path.error ? "error" : "idle";
  const words = running
    ? (progress ? progress.stage : "Solving for the path…")
    : path && path.error ? path.error.message
      : "Solved only when asked: a big puzzle can take minutes (each step shows here; Cancel stops it).";
  return h("div", { class: "export-item", "data-export": "path", "data-path-state": pathState },
    h("div", { class: "export-head" },
      h("label", null, "Solution path"),
      h("button", { type: "button", "data-intent": "export-path", disabled: running ? "" : null }, "Write the solution path")),
    h("p", { class: pathState === "error" ? "panel-error" : "hint-line export-path-note" }, words),
    running ? h("progress", { max: "1", value: String(progress ? progress.fraction : 0) }) : null);
}

/** The panel: its intents for main.js and its render. */
export function exportPanel(root, app) {
  const els = { run: root.querySelector('[data-intent="export"]'), result: root.querySelector(".result") };

  async function run() {
    const key = boardKey(app.state);
    try {
      const reply = await app.ask("export");
      if (reply) app.commit({ ...app.state, exported: { key, reply } });
    } catch (error) {
      if (error && error.kind === "cancelled") return;
      app.commit({ ...app.state, exported: { key, error } });
    }
  }

  /** The solution path, solved when asked for; kept with the texts of the same board. */
  async function runPath() {
    const key = boardKey(app.state);
    const withPath = (path) => {
      const current = currentExport(app.state);
      if (current && current.key === key && current.reply) app.commit({ ...app.state, exported: { ...current, path } });
    };
    try {
      const reply = await app.ask("export_path");
      if (reply) withPath({ text: reply.path });
    } catch (error) {
      if (error && (error.kind === "cancelled" || error.kind === "busy")) return;
      withPath({ error });
    }
  }

  /** The button says what happened for a moment, then offers to copy again. */
  function acknowledge(el, words) {
    el.textContent = words;
    clearTimeout(el.resetTimer);
    el.resetTimer = setTimeout(() => { el.textContent = "Copy"; el.removeAttribute("title"); }, COPIED_FOR_MS);
  }

  async function copy(el) {
    const current = currentExport(app.state);
    if (!current || !current.reply) return;
    const all = [...sections(current.reply), ["path", "Solution path", current.path ? current.path.text : ""]];
    const [, heading, text] = all[Number(el.dataset.index)];
    try {
      await navigator.clipboard.writeText(text);
      el.title = `${heading} copied`;
      acknowledge(el, "Copied");
    } catch {
      const area = el.closest(".export-item").querySelector("textarea");
      area.focus();
      area.select();
      acknowledge(el, "Selected: press Ctrl+C");
    }
  }

  function render(state) {
    const current = currentExport(state);
    const busy = state.busy && state.busy.cmd === "export";
    const pathRunning = Boolean(state.busy && state.busy.cmd === "export_path");
    setData(root, "state", busy ? "running" : current ? (current.error ? "error" : "done") : "idle");
    setProp(els.run, "disabled", !state.ready || state.busy !== null || !isLoaded(state));
    const drawn = current ? `${current.key} ${current.error ? "error" : "texts"}` : "";
    redraw(els.result, drawn, () => {
      if (!current) return [];
      if (current.error) return h("p", { class: "panel-error" }, current.error.message);
      // Python's remarks on how the texts differ from the board shown (notes, a repeated digit).
      const remarks = current.reply.remarks || [];
      return [remarks.length ? h("ul", { class: "export-remarks hint-line" }, remarks.map((r) => h("li", null, r))) : null,
        ...sections(current.reply).map(section), h("div", { class: "export-path-slot" })];
    });
    const slot = els.result.querySelector(".export-path-slot");
    if (!slot || !current || !current.reply) return;
    const progress = pathRunning ? state.busy.progress : null;
    const path = current.path;
    const pathKey = JSON.stringify([pathRunning, progress, path ? (path.error ? "error" : "text") : null]);
    redraw(slot, pathKey, () => pathSection(current, pathRunning, progress, sections(current.reply).length));
    for (const button of slot.querySelectorAll('[data-intent="export-path"]')) {
      setProp(button, "disabled", !state.ready || state.busy !== null);
    }
  }

  return { intents: { export: run, "export-path": runPath, "export-copy": copy }, render };
}
