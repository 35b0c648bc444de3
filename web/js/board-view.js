/**
 * Draws the board: givens, the player's digits and the tutor's (each its own look), a mini-grid
 * per empty cell of either the player's notes or the solver's candidates, the shown step or hint
 * marked as SudokuWiki and HoDoKu do (pattern candidates green, eliminations red and struck, the
 * placed digit yellow, the step's houses outlined), and the cells Python names as wrong. It draws
 * only what the view holds.
 *
 * Test hooks: `.cell[data-cell]` with `data-given`, `data-value`, `data-origin`; candidate spans
 * `[data-digit]` with classes `pattern`, `elim`, `placed` (and `note` for the player's notes);
 * `.outline[data-house]`; `#board[data-position]`, `[data-show]`, `[data-mode]`.
 * Accessible names: "r1c1: given 7", "r3c5: 4", "r2c2: empty, notes 1 2 6".
 */

import { h, redraw, setAttr, setData, setProp } from "./dom.js";
import { candidatesDrawnAlone } from "./proof-view.js";
import { cellName, isLoaded, shownStep } from "./store.js";

const pairKey = (cell, digit) => `${cell}:${digit}`;

/** Build the cells and outline layer once per board shape. */
function build(board, shape) {
  const { n, box_rows: boxRows, box_cols: boxCols } = shape;
  board.dataset.n = String(n);
  board.style.setProperty("--n", String(n));
  board.style.setProperty("--box-cols", String(boxCols));
  board.style.setProperty("--box-rows", String(boxRows));
  const cells = [];
  for (let cell = 0; cell < n * n; cell += 1) {
    const row = Math.floor(cell / n);
    const col = cell % n;
    const classes = ["cell"];
    if ((col + 1) % boxCols === 0 && col < n - 1) classes.push("box-right");
    if ((row + 1) % boxRows === 0 && row < n - 1) classes.push("box-bottom");
    cells.push(h("div", { class: classes.join(" "), role: "gridcell", "data-cell": cell, tabindex: -1 }));
  }
  const rows = [];
  for (let row = 0; row < n; row += 1) {
    rows.push(h("div", { class: "row", role: "row" }, cells.slice(row * n, row * n + n)));
  }
  board.replaceChildren(h("div", { class: "cells" }, rows), h("div", { class: "outlines", "aria-hidden": "true" }));
  board.dataset.shape = `${n}:${boxRows}x${boxCols}`;
}

/** Grid placement of a house's outline: rows, then columns, then boxes. */
function houseArea(shape, house) {
  const { n, box_rows: boxRows, box_cols: boxCols } = shape;
  if (house < n) return `${house + 1} / 1 / ${house + 2} / ${n + 1}`;
  if (house < 2 * n) {
    const col = house - n;
    return `1 / ${col + 1} / ${n + 1} / ${col + 2}`;
  }
  const box = house - 2 * n;
  const boxesPerRow = n / boxCols;
  const top = Math.floor(box / boxesPerRow) * boxRows;
  const left = (box % boxesPerRow) * boxCols;
  return `${top + 1} / ${left + 1} / ${top + boxRows + 1} / ${left + boxCols + 1}`;
}

/** Sets of "cell:digit" keys for each way a step marks a candidate. With one branch of a forcing
 * chain drawn alone (`net`, the store's `proofNet`), the pattern is that branch's part of it. */
function stepMarks(shown, net) {
  const marks = { pattern: new Set(), elim: new Set(), placed: new Set(), cells: new Set(), houses: [] };
  if (!shown) return marks;
  const { step } = shown;
  const alone = candidatesDrawnAlone(step, net);
  const drawn = alone && new Set(alone.map(([cell, digit]) => pairKey(cell, digit)));
  for (const [cell, digit] of step.pattern) {
    const key = pairKey(cell, digit);
    if (!drawn || drawn.has(key)) marks.pattern.add(key);
  }
  for (const [cell, digit] of step.eliminations) marks.elim.add(pairKey(cell, digit));
  for (const [cell, digit] of step.placements) marks.placed.add(pairKey(cell, digit));
  for (const cell of step.cells) marks.cells.add(cell);
  marks.houses = step.houses;
  return marks;
}

/** The digits a cell's mini-grid shows: its candidates (or the player's notes), plus the ones
 * the shown step uses, strikes or places, so that a step reads whole whatever the notes hold. */
function shownDigits(candidates, cell, marks, n) {
  const digits = new Set(candidates);
  for (let digit = 1; digit <= n; digit += 1) {
    const key = pairKey(cell, digit);
    if (marks.pattern.has(key) || marks.elim.has(key) || marks.placed.has(key)) digits.add(digit);
  }
  return [...digits].sort((a, b) => a - b);
}

/** Each shown candidate (or note) of a cell with its classes: what its mini-grid draws. */
function candidateMarks(cell, digits, marks, notes) {
  return digits.map((digit) => {
    const key = pairKey(cell, digit);
    const classes = notes ? ["cand", "note"] : ["cand"];
    if (marks.pattern.has(key)) classes.push("pattern");
    if (marks.elim.has(key)) classes.push("elim");
    if (marks.placed.has(key)) classes.push("placed");
    return { digit, classes: classes.join(" ") };
  });
}

function candidateGrid(shape, candidates) {
  return h("div", { class: "cands", "aria-hidden": "true" }, candidates.map(({ digit, classes }) => {
    const col = ((digit - 1) % shape.box_cols) + 1;
    const row = Math.floor((digit - 1) / shape.box_cols) + 1;
    return h("span", { class: classes, "data-digit": digit, style: `grid-area:${row}/${col}` },
      shape.symbols[digit - 1]);
  }));
}

/** Cells the page marks in red: Check's findings, repeats, a contradiction's or error's spot. */
function redCells(state) {
  const red = new Set();
  const add = (found) => {
    if (!found) return;
    for (const cell of found.cells || []) red.add(cell);
    if (found.cell !== null && found.cell !== undefined) red.add(found.cell);
  };
  for (const conflict of state.conflicts) add(conflict);
  add(state.error);
  if (isLoaded(state)) {
    const view = state.view;
    if (["contradiction", "wrong"].includes(view.status.status)) add(view.status);
    add(view.check);
    if (view.hint && view.hint.kind === "mistake") add(view.hint);
  }
  return red;
}

/** The houses outlined in red: an error's, Check's repeats, the page's own conflicts, a contradiction's. */
function redHouses(state) {
  const houses = [];
  if (state.error && state.error.house !== null && state.error.house !== undefined) houses.push(state.error.house);
  for (const conflict of state.conflicts) houses.push(conflict.house);
  if (isLoaded(state) && state.view.check) for (const conflict of state.view.check.conflicts) houses.push(conflict.house);
  const status = isLoaded(state) ? state.view.status : null;
  // Python names every house a contradiction concerns: its house, or on one digit's rows ×
  // columns the lines that cannot all get the digit.
  if (status && status.status === "contradiction") houses.push(...(status.houses || []));
  return houses;
}

/** What a filled cell's name adds about who filled it (a player's digit adds nothing). */
const ORIGIN_WORDS = { tutor: ", by the tutor", solution: ", in the solution shown" };

/** The cell's accessible name, e.g. "r1c1: given 7", "r3c5: 4", "r2c2: empty, notes 1 2 6",
 * "r7c5: empty, candidates 2 4 5 8 9, the step removes 8 9" (what the shown step strikes there). */
function cellLabel(shape, cell, { char, given, value, origin, notes, candidates, wrong, struck }) {
  const name = cellName(shape.n, cell);
  const symbols = (digits) => digits.map((d) => shape.symbols[d - 1]).join(" ");
  if (value > 0) {
    const symbol = shape.symbols[value - 1];
    if (given) return `${name}: given ${symbol}${wrong ? ", in conflict" : ""}`;  // drawn red too
    return `${name}: ${symbol}${ORIGIN_WORDS[origin] ?? ""}${wrong ? ", wrong" : ""}`;
  }
  if (given) return `${name}: ${char}, not a digit of this size`;
  const removes = struck.length ? `, the step removes ${symbols(struck)}` : "";
  if (notes.length) return `${name}: empty, notes ${symbols(notes)}${wrong ? ", wrong" : ""}${removes}`;
  if (candidates) return `${name}: empty, candidates ${symbols(candidates)}${removes}`;
  return `${name}: empty${removes}`;
}

/** Update every cell of `board` from `state`. */
export function renderBoard(board, state) {
  const shape = state.shape;
  if (board.dataset.shape !== `${shape.n}:${shape.box_rows}x${shape.box_cols}`) build(board, shape);
  const view = isLoaded(state) ? state.view : null;
  const shown = shownStep(state);
  const marks = stepMarks(shown, state.proofNet);
  const red = redCells(state);
  const showNotes = view !== null && !state.showCandidates;
  const n = shape.n;
  const cells = board.querySelectorAll(".cell");
  cells.forEach((el, cell) => {
    const char = state.entry[cell];
    const given = char !== ".";
    const value = view ? view.values[cell] : Math.max(0, shape.symbols.indexOf(char) + 1);
    const origin = view ? view.origins[cell] : given ? "given" : "";
    const notes = view ? view.notes[cell] : [];
    // The cell's name is its text for assistive technology, the digits drawn are hidden from it:
    // a name (aria-label) that differs from the visible text confuses voice control.
    const struck = [];
    for (let digit = 1; digit <= n; digit += 1) if (marks.elim.has(pairKey(cell, digit))) struck.push(digit);
    const name = cellLabel(shape, cell, { char, given, value, origin, notes,
      candidates: view && !showNotes ? view.candidates[cell] : null, wrong: red.has(cell), struck });
    if (value > 0 || given) {
      const symbol = value > 0 ? shape.symbols[value - 1] : char;
      redraw(el, `digit:${name}`, () => [h("span", { class: "sr-only" }, name),
        h("span", { class: "digit", "aria-hidden": "true" }, symbol)]);
    } else {
      const base = showNotes ? notes : view ? view.candidates[cell] : [];
      const candidates = candidateMarks(cell, shownDigits(base, cell, marks, n), marks, showNotes);
      // A cell with nothing to show gets no mini-grid: before the first reply and in play with no
      // notes that is every empty cell, and each grid is one more box to lay out.
      redraw(el, `cands:${name}:${shape.symbols}:${JSON.stringify(candidates)}`,
        () => [h("span", { class: "sr-only" }, name), candidates.length ? candidateGrid(shape, candidates) : null]);
    }
    setData(el, "given", String(given));
    setData(el, "value", String(value));
    setData(el, "origin", origin);
    el.classList.toggle("given", given);
    el.classList.toggle("solved", origin === "tutor" || origin === "solution");
    el.classList.toggle("player", origin === "player");
    el.classList.toggle("bad", given && value === 0);
    el.classList.toggle("conflict", red.has(cell));
    el.classList.toggle("in-step", marks.cells.has(cell));
    el.classList.toggle("placed", value > 0 && marks.placed.has(pairKey(cell, value)));
    el.classList.toggle("selected", cell === state.selected);
    setProp(el, "tabIndex", cell === state.selected ? 0 : -1);
    setAttr(el, "aria-selected", cell === state.selected ? "true" : null);
  });
  const houses = [...marks.houses, ...redHouses(state)];
  redraw(board.querySelector(".outlines"), JSON.stringify(houses) + marks.houses.length, () => houses.map((house, i) => {
    const kind = i < marks.houses.length ? "step" : "conflict";
    return h("div", { class: `outline ${kind}`, "data-house": house, style: `grid-area:${houseArea(shape, house)}` });
  }));
  setData(board, "position", String(view ? view.position : 0));
  setData(board, "mode", shown ? shown.mode : "none");
  setData(board, "show", showNotes ? "notes" : "candidates");
  setData(board, "play", state.mode);
  setData(board, "notes", String(state.notesMode));
  setAttr(board, "aria-busy", String(state.busy !== null));
}

/** The boards that have cells lit (renderLinks). */
const litBoards = new WeakSet();

/**
 * Light the cells a graph vertex stands for (`linked` from the store): the cell gets `linked`, and
 * when the vertex is a digit, that digit's candidate in each cell gets `linked` too.
 */
export function renderLinks(board, { cells, digit }) {
  // Nothing lit and nothing to light, the usual case: no need to visit every candidate. While
  // something is lit every drawing lights it again, as a redrawn cell's candidates are new.
  const lit = cells.size > 0;
  if (!lit && !litBoards.has(board)) return;
  if (lit) litBoards.add(board);
  else litBoards.delete(board);
  for (const el of board.querySelectorAll(".cell")) {
    const on = cells.has(Number(el.dataset.cell));
    el.classList.toggle("linked", on);
    for (const cand of el.querySelectorAll(".cand")) {
      cand.classList.toggle("linked", on && digit !== null && Number(cand.dataset.digit) === digit);
    }
  }
}
