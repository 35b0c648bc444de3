/**
 * The page's one state object and the pure transitions that change it (the 2048/TodoMVC pattern).
 *
 * The solver's reply (`view`, see docs/worker-protocol.md) is kept as it came: this module never
 * computes candidates or steps, it only records what Python said, what the person typed (`entry`,
 * one character per cell, so nothing typed is lost even when Python rejects it), and what the page
 * is doing (booting, busy, the last message). Every transition returns a new object; main.js swaps
 * it in one place and calls render.
 */

/** The shape of a 9×9 board before Python has answered; replaced by every view. */
const NINE = { n: 9, box_rows: 3, box_cols: 3, symbols: "123456789" };

export const BLANK = ".";

/** A fresh state: an empty board of the given shape, booting. */
export function initialState(shape = NINE) {
  return {
    boot: { stage: "start", label: "Starting…", fraction: 0, error: null },
    ready: false,
    versions: null,
    shape,
    entry: Array(shape.n * shape.n).fill(BLANK),
    view: null,
    hint: false,
    selected: 0,
    busy: null,
    error: null,
    notice: null,
    conflicts: [],
    count: null,
    text: "",
    gtsps: null,
    rating: null,
    generateError: null,
    preview: null,
  };
}

/** The puzzle line the person typed (blanks as '.'). */
export function entryText(state) {
  return state.entry.join("");
}

/** The givens of a view as a line of symbols, '.' for a blank. */
export function givensLine(view) {
  return view.givens.map((d) => (d ? view.symbols[d - 1] : BLANK)).join("");
}

/** The current board (givens and placed digits) as a line, for Check. */
export function valuesLine(view) {
  return view.values.map((d) => (d ? view.symbols[d - 1] : BLANK)).join("");
}

/** Does the board show Python's view of what was typed (rather than rejected input)? */
export function isLoaded(state) {
  return state.view !== null && givensLine(state.view) === entryText(state);
}

/** A new view from Python: the board follows it and the typed entry becomes its givens. */
export function withView(state, view, { hint = false } = {}) {
  const shape = { n: view.n, box_rows: view.box_rows, box_cols: view.box_cols, symbols: view.symbols };
  const entry = [...givensLine(view)];
  const samePuzzle = state.view !== null && givensLine(state.view) === givensLine(view);
  return {
    ...state,
    shape,
    entry,
    view,
    hint: hint && view.hint !== null,
    selected: Math.min(state.selected, view.n * view.n - 1),
    error: null,
    notice: null,
    conflicts: [],
    count: samePuzzle ? state.count : null,
    text: entry.join(""),
  };
}

/** Python refused a request: keep everything typed, show its message and spot. */
export function withError(state, error) {
  return { ...state, error, notice: null };
}

/** An informational line (check result, cancellation). */
export function withNotice(state, notice) {
  return { ...state, notice, error: notice ? null : state.error };
}

/** One character typed into a cell ('.' to erase): the entry changes, the view waits for Python. */
export function withTyped(state, cell, char) {
  const entry = state.entry.slice();
  entry[cell] = char;
  return { ...state, entry, hint: false, conflicts: [], notice: null, text: entry.join("") };
}

/** Move the selection by (dRow, dCol), staying on the board. */
export function withMove(state, dRow, dCol) {
  const n = state.shape.n;
  const row = Math.min(n - 1, Math.max(0, Math.floor(state.selected / n) + dRow));
  const col = Math.min(n - 1, Math.max(0, (state.selected % n) + dCol));
  return { ...state, selected: row * n + col };
}

/** The step the board highlights: the hint (state before it) or the last applied step. */
export function shownStep(state) {
  if (!isLoaded(state)) return null;
  const view = state.view;
  if (state.hint && view.hint) return { step: view.hint, mode: "hint" };
  if (view.position > 0) return { step: view.steps[view.position - 1], mode: "applied" };
  return null;
}

/** What must survive a reload or a worker restart: enough to rebuild the session. */
export function snapshot(state) {
  if (isLoaded(state)) {
    // `start` (Python's text for the session's start) keeps placed digits and removed candidates
    // of an imported position; it is the givens' line for a plain puzzle.
    return { puzzle: state.view.start ?? givensLine(state.view), actions: state.view.actions,
      position: state.view.position, shape: state.shape };
  }
  return { puzzle: entryText(state), actions: [], position: 0, shape: state.shape };
}

/** The session's state word: solving, solved, stuck or contradiction. */
export function statusState(view) {
  return view.status.state ?? view.status.status;
}

/** 'r3c5' for a cell index, as the solver's text writes it. */
export function cellName(n, cell) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}
