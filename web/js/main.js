/**
 * The page: one state object, changed only in `commit`, drawn by one `render(state)`; the person's
 * input arrives as intents (input.js) and each intent asks the solver worker one question
 * (docs/worker-protocol.md) and stores the answer. Python decides everything about the puzzle; this
 * file decides only what the page is doing (booting, busy, which message to show).
 */

import { renderBoard } from "./board-view.js";
import { EXAMPLES, exampleById } from "./examples.js";
import { bindInput } from "./input.js";
import { client } from "./solver.js";
import * as S from "./state.js";
import { renderStepList, renderStepPanel } from "./step-view.js";
import { h } from "./dom.js";
import { loadSaved, readHash, save, writeHash } from "./storage.js";
import { boardState, gtspsPanel } from "./gtsps-panel.js";
import { generatePanel } from "./generate-panel.js";
import { renderProof, renderProofNotation } from "./proof-view.js";
import { sendEnabledTechniques, techniqueSettings } from "./technique-settings.js";
import { exportPanel } from "./export-panel.js";

const $ = (id) => document.getElementById(id);
const els = {
  boot: $("boot"), bootLabel: $("boot-label"), bootBar: $("boot-bar"),
  board: $("board"), pad: $("pad"), message: $("message"), status: $("status"),
  text: $("puzzle-text"), size: $("size"), examples: $("examples"), cancel: $("cancel"),
  versions: $("versions"), list: $("step-list"),
  step: { panel: $("step-panel"), title: $("step-title"), text: $("step-text"), graph: $("graph") },
};

/** What the status line says while each command runs. */
const WORKING = {
  load: "Loading the puzzle…", step: "Finding the next step…", hint: "Finding a hint…",
  back: "Going back…", forward: "Going forward…", goto: "Going to the step…",
  solve_logic: "Solving by logic…", guess: "Guessing…", backtrack: "Backtracking…",
  solve: "Solving with search…", check: "Checking…", count: "Counting solutions…",
  gtsps: "Running the graph method…", rate: "Rating the puzzle…", generate: "Making a new puzzle…",
  export: "Writing the board as text…",
};
const SLOW_MS = 400;

const stored = loadSaved();
const saved = stored.value;
let state = S.initialState(saved ? saved.shape : undefined);
let latest = 0; // sequence number of the newest request: older replies are dropped
let restored = false; // nothing is saved before the first board comes back from Python
let shownText = null;

function commit(next) {
  state = next;
  render(state);
  if (restored) {
    const snap = S.snapshot(state);
    save(snap);
    writeHash(snap.puzzle);
  }
}

// ---------------------------------------------------------------------------------------------
// Asking the solver

/** Send one request; resolve with its reply, or null when a newer request has superseded it. */
async function ask(cmd, args = {}) {
  const seq = ++latest;
  commit({ ...state, busy: { cmd, label: WORKING[cmd], slow: false, progress: null }, preview: null });
  setTimeout(() => {
    if (seq === latest && state.busy) commit({ ...state, busy: { ...state.busy, slow: true } });
  }, SLOW_MS);
  try {
    const reply = await client.request(cmd, args, {
      onProgress: (progress) => seq === latest && state.busy && commit({ ...state, busy: { ...state.busy, progress } }),
    });
    if (seq !== latest) return null;
    commit({ ...state, busy: null });
    return reply;
  } catch (error) {
    if (seq !== latest) return null;
    commit({ ...state, busy: null });
    throw error;
  }
}

function failed(error) {
  if (error && error.kind === "cancelled") return;
  commit(S.withError(state, { kind: "internal", message: String(error), cell: null, house: null, cells: [], ...error }));
}

async function loadPuzzle(puzzle, extra = {}) {
  try {
    const reply = await ask("load", { puzzle, ...extra });
    if (reply) commit(S.withView(state, reply.view));
    return true;
  } catch (error) {
    failed(error);
    return false;
  } finally {
    restored = true;
  }
}

async function boardCommand(cmd, args = {}) {
  try {
    const reply = await ask(cmd, args);
    if (!reply) return;
    let next = S.withView(state, reply.view, { hint: cmd === "hint" });
    if (cmd === "hint" && reply.view.hint === null) next = S.withNotice(next, reply.view.status.message);
    commit({ ...next, notice: cmd === "hint" && reply.view.hint === null ? next.notice : null });
  } catch (error) {
    failed(error);
  }
}

async function check() {
  const puzzle = S.isLoaded(state) ? S.valuesLine(state.view) : S.entryText(state);
  try {
    const reply = await ask("check", { puzzle });
    if (reply) commit({ ...S.withNotice(state, reply.message), conflicts: reply.conflicts });
  } catch (error) {
    failed(error);
  }
}

async function count() {
  const puzzle = S.givensLine(state.view);
  try {
    const reply = await ask("count", { puzzle });
    if (reply) commit({ ...state, count: { count: reply.count, limit: reply.limit, message: reply.message } });
  } catch (error) {
    failed(error);
  }
}

/** Stop a long computation: restart the worker, then rebuild the same board and position. */
async function cancel() {
  const snap = S.snapshot(state);
  latest += 1;
  commit({ ...S.withNotice(state, "Cancelled: restarting the solver…"), busy: null, ready: false });
  try {
    await client.cancel();
  } catch (error) {
    return; // the boot error is shown by onBootError
  }
  if (await loadPuzzle(snap.puzzle, { actions: snap.actions, position: snap.position })) {
    commit(S.withNotice(state, "Cancelled."));
  }
}

/** Say once what could not be read at boot: beside Python's error if there is one, else as a notice. */
function report(problems) {
  if (problems.length === 0) return;
  const text = problems.join(" ");
  commit(state.error ? S.withError(state, { ...state.error, message: `${state.error.message} ${text}` })
    : S.withNotice(state, text));
}

/** The first board: the URL's puzzle, else the saved one (with its steps), else Figure 4.2. A
 * malformed address or stored board is set aside with a message, never loaded in part. */
async function restore() {
  const hash = readHash();
  const problems = [stored.problem, hash.problem].filter(Boolean);
  const fromHash = hash.value;
  const fromSave = saved && (fromHash === null || fromHash === saved.puzzle) ? saved : null;
  const puzzle = fromSave ? fromSave.puzzle : fromHash ?? EXAMPLES[0].puzzle;
  if (fromSave && fromSave.actions.length > 0) {
    const ok = await loadPuzzle(puzzle, { actions: fromSave.actions, position: fromSave.position });
    if (ok) return report(problems);
    const why = state.error ? ` (${state.error.message})` : "";
    problems.push(`The saved steps could not be replayed${why}; the puzzle was loaded without them.`);
  }
  if (puzzle.length === state.entry.length) commit({ ...state, entry: [...puzzle], text: puzzle });
  await loadPuzzle(puzzle);
  report(problems);
}

// ---------------------------------------------------------------------------------------------
// Intents

function enabled(name) {
  if (!state.ready || state.busy) return name === "cancel" && state.busy !== null;
  const loaded = S.isLoaded(state);
  const view = state.view;
  const solving = loaded && S.statusState(view) === "solving";
  switch (name) {
    case "back": return loaded && view.position > 0;
    case "forward": return loaded && view.position < view.steps.length;
    case "step": case "hint": case "solve_logic": return solving;
    case "guess": return loaded && view.can_guess;
    case "backtrack": return loaded && view.can_backtrack;
    case "solve": return loaded && ["solving", "stuck"].includes(S.statusState(view));
    case "count": case "goto": case "gtsps": case "rate": case "export": return loaded;
    case "cancel": return false;
    default: return true;
  }
}

function typeChar(char) {
  if (!state.ready || state.entry[state.selected] === char) return;
  commit(S.withTyped(state, state.selected, char));
  loadPuzzle(S.entryText(state));
}

/** Pasted or submitted text: a line that fits the board goes onto it as typed, so a character
 * Python rejects is shown (and marked) in its own cell rather than on the previous puzzle. */
function loadText(text) {
  const line = text.trim();
  const fits = line.length === state.entry.length && !/\s/.test(line);
  commit({ ...state, text, ...(fits ? { entry: [...line], hint: false, conflicts: [], notice: null } : {}) });
  loadPuzzle(text);
}

function focusSelected() {
  const cell = els.board.querySelector(`[data-cell="${state.selected}"]`);
  if (cell) cell.focus();
}

const intents = {
  step: () => boardCommand("step"),
  hint: () => boardCommand("hint"),
  back: () => boardCommand("back"),
  forward: () => boardCommand("forward"),
  solve_logic: () => boardCommand("solve_logic"),
  guess: () => boardCommand("guess"),
  backtrack: () => boardCommand("backtrack"),
  solve: () => boardCommand("solve"),
  goto: (el) => boardCommand("goto", { position: Number(el.dataset.position) }),
  check,
  count,
  cancel,
  clear: () => loadPuzzle(S.BLANK.repeat(state.shape.n * state.shape.n)),
  size: (el) => loadPuzzle(S.BLANK.repeat(Number(el.value) ** 2)),
  example: (el) => {
    const example = exampleById(el.value);
    el.value = "";
    if (example) loadPuzzle(example.puzzle);
  },
  "load-text": () => loadText(els.text.value),
  "copy-link": async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      commit(S.withNotice(state, "Link copied: it opens this puzzle."));
    } catch {
      commit(S.withNotice(state, `Link: ${location.href}`));
    }
  },
  pad: (el) => typeChar(el.dataset.char),
};

const app = { ask, commit, failed, loadPuzzle, get state() { return state; } };
const panels = [gtspsPanel($("gtsps-panel"), app), generatePanel($("generate-panel"), app),
  exportPanel($("export-panel"), app)];
for (const panel of panels) Object.assign(intents, panel.intents);

bindInput(document, {
  intent(name, el) {
    if (name === "cancel" ? state.busy !== null : enabled(name) || !(name in WORKING)) intents[name]?.(el);
  },
  select(cell) {
    commit({ ...state, selected: cell });
  },
  type: typeChar,
  move(dRow, dCol) {
    commit(S.withMove(state, dRow, dCol));
    focusSelected();
  },
  paste: loadText,
  symbols: () => state.shape.symbols,
});

window.addEventListener("hashchange", () => {
  const { value: puzzle, problem } = readHash();
  if (problem) commit(S.withNotice(state, problem));
  else if (puzzle !== null && puzzle !== S.snapshot(state).puzzle && state.ready) loadPuzzle(puzzle);
});

// ---------------------------------------------------------------------------------------------
// Rendering

function renderBoot(state) {
  const boot = state.boot;
  els.boot.hidden = state.ready;
  els.boot.classList.toggle("failed", boot.error !== null);
  els.bootLabel.textContent = boot.error ? `The solver could not start (${boot.stage}): ${boot.error}` : `${boot.label}…`;
  els.bootBar.value = boot.fraction;
  document.body.dataset.ready = String(state.ready);
  els.versions.textContent = state.versions
    ? `pysolver ${state.versions.pysolver} · Python ${state.versions.python} · Pyodide ${state.versions.pyodide}`
    : "";
}

function statusOf(state) {
  if (state.boot.error) return { key: "error", badge: "Error", text: "The solver could not start." };
  if (!state.view && !state.ready) return { key: "booting", badge: "Starting", text: state.boot.label };
  if (!S.isLoaded(state)) {
    return { key: "invalid", badge: "Invalid", text: state.error ? state.error.message : "Waiting for the solver…" };
  }
  const word = S.statusState(state.view);
  return { key: word, badge: word[0].toUpperCase() + word.slice(1), text: state.view.status.message };
}

function renderStatus(state) {
  const status = statusOf(state);
  const el = els.status;
  el.dataset.state = status.key;
  el.dataset.busy = String(state.busy !== null);
  if (state.count) el.dataset.count = String(state.count.count);
  else delete el.dataset.count;
  const text = state.busy && state.busy.slow ? state.busy.label : status.text;
  el.replaceChildren(h("span", { class: "badge" }, status.badge), h("span", { class: "text" }, text),
    ...(state.count ? [h("span", { class: "count" }, state.count.message)] : []));
}

function renderMessage(state) {
  const el = els.message;
  const error = state.error;
  el.hidden = !error && !state.notice;
  el.className = `message ${error ? "error" : "notice"}`;
  el.dataset.kind = error ? error.kind : "notice";
  el.textContent = error ? error.message : state.notice || "";
}

function renderControls(state) {
  for (const button of document.querySelectorAll(".controls button[data-intent]")) {
    button.disabled = !enabled(button.dataset.intent);
  }
  els.cancel.hidden = !(state.busy && state.busy.slow);
  els.cancel.disabled = !state.busy;
  const n = String(state.shape.n);
  if (![...els.size.options].some((option) => option.value === n)) {
    els.size.add(new Option(`${n}×${n}`, n));
  }
  els.size.value = n;
  els.size.disabled = !state.ready;
  els.examples.disabled = !state.ready;
}

function renderPad(state) {
  const symbols = state.shape.symbols;
  if (els.pad.dataset.symbols !== symbols) {
    els.pad.dataset.symbols = symbols;
    els.pad.replaceChildren(
      ...[...symbols].map((s) => h("button", { type: "button", "data-intent": "pad", "data-char": s, "aria-label": `Enter ${s}` }, s)),
      h("button", { type: "button", "data-intent": "pad", "data-char": ".", "aria-label": "Erase the cell", class: "erase" }, "⌫"));
  }
  for (const button of els.pad.querySelectorAll("button")) button.disabled = !state.ready;
}

function render(state) {
  renderBoot(state);
  renderStatus(state);
  renderBoard(els.board, boardState(state));
  const shownProof = S.shownStep(state);
  renderProof(els.board, state.shape, shownProof ? shownProof.step : null);
  renderPad(state);
  renderMessage(state);
  renderControls(state);
  renderStepPanel(els.step, state);
  renderProofNotation(els.step.panel, S.shownStep(state));
  renderStepList(els.list, state);
  for (const panel of panels) panel.render(state);
  if (state.text !== shownText) {
    els.text.value = state.text;
    shownText = state.text;
  }
}

// ---------------------------------------------------------------------------------------------
// Start

for (const example of EXAMPLES) els.examples.add(new Option(example.label, example.id));

client.listen({
  onProgress: ({ stage, label, fraction }) => {
    commit({ ...state, ready: false, boot: { stage, label, fraction, error: null } });
  },
  onReady: (versions) => {
    commit({ ...state, ready: true, versions, boot: { ...state.boot, fraction: 1 } });
  },
  onBootError: ({ stage, message }) => {
    commit({ ...state, ready: false, boot: { ...state.boot, stage, error: message } });
  },
});

/** The techniques panel: a switch asks Python for the same position again with the new set. */
const techniques = techniqueSettings($("technique-settings"), {
  onChange: () => S.isLoaded(state) && boardCommand("goto", { position: state.view.position }),
});
sendEnabledTechniques(client, techniques);
/** The registry for the panel, before the first board, so a saved choice applies to it. */
async function loadTechniques() {
  try {
    techniques.show((await client.request("techniques")).techniques);
  } catch (error) {
    failed(error);
  }
}

/** A hook for the end-to-end tests: the current state, read-only. */
window.__pysolver = { get state() { return state; } };

render(state);
client.ready.then(loadTechniques).then(restore, () => {});
