/**
 * The "Export as text" panel: asks the worker for `export` (docs/worker-protocol.md) and shows the
 * texts Python wrote — the puzzle's givens and the position on the board in each form (line,
 * picture, pencil-mark grid, candidate string, HoDoKu position line, SudokuWiki string) — each in a
 * read-only box with a Copy button. None of these needs a solve, so they come at once on any board.
 * The solution path is solved only when asked for ("Write the solution path", `export_path`): a
 * 16×16 path can take minutes of forcing nets, so Python reports each step (shown here as it comes,
 * said by the status line) and the panel's own Cancel, beside the button, stops it. Nothing here knows a format: it shows what came back, as text.
 *
 * State: `state.exported` = {key, reply, path} or {key, error}, kept for the board it was made from
 * (the puzzle's start and the position in its log); `path` is {text} or {error} once asked. A change
 * of board hides it until asked again.
 * Test hooks: `#export-panel[data-state]`, `[data-export="<format>"] textarea`,
 * `[data-export="path"][data-path-state]` (idle, running, done, error) with its
 * `button[data-intent="cancel"]`, `.export-said` (the panel's status: what came out).
 */

import { h, redraw, sentence, setData, setOff, setProp, setText } from "./dom.js";
import { awaitsPython, isLoaded } from "./store.js";

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

/** The texts to show, in order: [format key, heading, text, what its Copy button copies]. The
 * page has several Copy buttons: each one's accessible name says its text ("Copy the board as
 * Picture"), so that a list of the page's buttons tells them apart. */
function sections(reply) {
  return [
    ["givens", "Puzzle (givens)", reply.puzzle, "the puzzle (givens)"],
    ...reply.formats.map((entry) => [entry.format, entry.title, entry.text, `the board as ${entry.title}`]),
  ];
}

const PATH_COPIES = "the solution path";

/** A Copy button's accessible name: its visible words (first, as they are seen), then what it copies. */
function copyName(words, copies) {
  return words === "Copy" ? `Copy ${copies}` : `${words} (${copies})`;
}

function section([format, heading, text, copies], index) {
  const id = `export-text-${format}`;
  // A whole grid stays in view (31 lines for 25×25 pencil marks); the path scrolls.
  const rows = Math.min(format === "path" ? 12 : 32, text.split("\n").length);
  return h("div", { class: "export-item", "data-export": format },
    h("div", { class: "export-head" },
      h("label", { for: id }, heading),
      h("button", { type: "button", "data-intent": "export-copy", "data-index": index,
        "data-copies": copies, "aria-label": copyName("Copy", copies) }, "Copy")),
    h("textarea", { id, rows, readonly: true, spellcheck: "false", wrap: "off" }, text));
}

/** The solution path's place: its text once written (with Copy), else the button that asks for it
 * and, while Python solves it, the panel's own Cancel, Python's progress and its bar (filled in by
 * `showPathProgress`, so that the buttons stay the same elements, and keep focus, as it comes).
 * The written path keeps its button, hidden: focus, on it when the path is asked for from the
 * keyboard, is handed to the nearest control, the path's Copy. */
function pathSection(current, index) {
  const path = current.path;
  const ask = h("button", { type: "button", "data-intent": "export-path", hidden: path && path.text !== undefined },
    "Write the solution path");
  if (path && path.text !== undefined) {
    const item = section(["path", "Solution path", path.text, PATH_COPIES], index);
    item.dataset.pathState = "done";
    item.querySelector(".export-head label").after(ask);
    return item;
  }
  return h("div", { class: "export-item", "data-export": "path", "data-path-state": "idle" },
    h("div", { class: "export-head" },
      h("label", null, "Solution path"),
      h("span", { class: "export-path-actions" }, ask,
        h("button", { type: "button", "data-intent": "cancel", class: "danger", hidden: "" }, "Cancel"))),
    h("p", { class: "hint-line export-path-note" }),
    h("progress", { max: "1", value: "0", hidden: "" }));
}

/** The path's state, words and bar while it is asked for, solved or failed. The words are not a
 * live region: the status line says the same progress (one announcement per step), and the
 * panel's own status says the outcome. */
function showPathProgress(item, current, running, progress) {
  const path = current.path;
  const pathState = running ? "running" : path && path.error ? "error" : "idle";
  setData(item, "pathState", pathState);
  const note = item.querySelector(".export-path-note");
  note.classList.toggle("panel-error", pathState === "error");
  note.classList.toggle("hint-line", pathState !== "error");
  setText(note, running
    ? (progress ? progress.stage : "Solving for the path…")
    : path && path.error ? sentence(path.error.message)
      : "Solved only when asked: a big puzzle can take minutes (each step shows here; Cancel stops it).");
  const bar = item.querySelector("progress");
  setProp(bar, "hidden", !running);
  setProp(bar, "value", progress ? progress.fraction : 0);
  setProp(item.querySelector('[data-intent="cancel"]'), "hidden", !running);
}

/** What the panel's status region says of the outcome (never the texts themselves, which can be
 * pages long, nor the path's progress, which the status line says). */
function outcome(current) {
  if (!current) return "";
  if (current.error) return sentence(current.error.message);
  const path = current.path;
  if (path && path.error) return sentence(path.error.message);
  if (path && path.text !== undefined) return "The solution path is written below, with its Copy button.";
  return `The board's texts are below, each with its Copy button: ${sections(current.reply).length} of them, `
    + "and the solution path when asked for.";
}

/** The panel: its intents for main.js and its render. */
export function exportPanel(root, app) {
  const els = { run: root.querySelector('[data-intent="export"]'), result: root.querySelector(".result"),
    said: root.querySelector(".export-said") };

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

  /** The button says what happened for a moment, then offers to copy again; its accessible name
   * follows its words. */
  function acknowledge(el, words) {
    const say = (said) => {
      el.textContent = said;
      el.setAttribute("aria-label", copyName(said, el.dataset.copies));
    };
    say(words);
    clearTimeout(el.resetTimer);
    el.resetTimer = setTimeout(() => { say("Copy"); el.removeAttribute("title"); }, COPIED_FOR_MS);
  }

  async function copy(el) {
    const current = currentExport(app.state);
    if (!current || !current.reply) return;
    const path = ["path", "Solution path", current.path ? current.path.text : "", PATH_COPIES];
    const all = [...sections(current.reply), path];
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
    const waiting = awaitsPython(state);
    setOff(els.run, !state.ready || state.busy !== null || !isLoaded(state), waiting);
    const drawn = current ? `${current.key} ${current.error ? "error" : "texts"}` : "";
    redraw(els.result, drawn, () => {
      if (!current) return [];
      if (current.error) return h("p", { class: "panel-error" }, sentence(current.error.message));
      // Python's remarks on how the texts differ from the board shown (notes, a repeated digit).
      const remarks = current.reply.remarks || [];
      return [remarks.length ? h("ul", { class: "export-remarks hint-line" }, remarks.map((r) => h("li", null, r))) : null,
        ...sections(current.reply).map(section), h("div", { class: "export-path-slot" })];
    });
    setText(els.said, outcome(current));
    const slot = els.result.querySelector(".export-path-slot");
    if (!slot || !current || !current.reply) return;
    const path = current.path;
    const written = Boolean(path && path.text !== undefined);
    redraw(slot, String(written), () => pathSection(current, sections(current.reply).length));
    const item = slot.querySelector('[data-export="path"]');
    if (!written) showPathProgress(item, current, pathRunning, pathRunning ? state.busy.progress : null);
    for (const button of slot.querySelectorAll('[data-intent="export-path"]')) {
      setOff(button, !state.ready || state.busy !== null, waiting);
    }
  }

  return { intents: { export: run, "export-path": runPath, "export-copy": copy }, render };
}
