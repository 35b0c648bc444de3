/**
 * Draws the board: givens, placed digits, pencil marks in a mini-grid per cell, and the shown step
 * marked as SudokuWiki and HoDoKu do (pattern candidates green, eliminations red and struck, the
 * placed digit yellow, the step's houses outlined). It draws only what the view holds.
 *
 * Test hooks: `.cell[data-cell]` with `data-given`, `data-value`; candidate spans `[data-digit]` with
 * classes `pattern`, `elim`, `placed`; `.outline[data-house]`; `#board[data-position]`.
 */

import { h, redraw } from "./dom.js";
import { cellName, isLoaded, shownStep, statusState } from "./state.js";

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

/** Sets of "cell:digit" keys for each way a step marks a candidate. */
function stepMarks(shown) {
  const marks = { pattern: new Set(), elim: new Set(), placed: new Set(), cells: new Set(), houses: [] };
  if (!shown) return marks;
  const { step } = shown;
  for (const [cell, digit] of step.pattern) marks.pattern.add(pairKey(cell, digit));
  for (const [cell, digit] of step.eliminations) marks.elim.add(pairKey(cell, digit));
  for (const [cell, digit] of step.placements) marks.placed.add(pairKey(cell, digit));
  for (const cell of step.cells) marks.cells.add(cell);
  marks.houses = step.houses;
  return marks;
}

/** The digits a cell's mini-grid shows: its candidates, plus the ones the shown step strikes. */
function shownDigits(candidates, cell, marks, n) {
  const digits = new Set(candidates);
  for (let digit = 1; digit <= n; digit += 1) {
    if (marks.elim.has(pairKey(cell, digit)) || marks.placed.has(pairKey(cell, digit))) digits.add(digit);
  }
  return [...digits].sort((a, b) => a - b);
}

/** Each shown candidate of a cell with its classes: what its mini-grid draws. */
function candidateMarks(cell, digits, marks) {
  return digits.map((digit) => {
    const key = pairKey(cell, digit);
    const classes = ["cand"];
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

/** Cells the page marks in red: conflicts from Check, or the spot of Python's last error. */
function redCells(state) {
  const red = new Set();
  for (const conflict of state.conflicts) for (const cell of conflict.cells) red.add(cell);
  if (state.error) {
    for (const cell of state.error.cells || []) red.add(cell);
    if (state.error.cell !== null && state.error.cell !== undefined) red.add(state.error.cell);
  }
  if (isLoaded(state) && statusState(state.view) === "contradiction") {
    for (const cell of state.view.status.cells || []) red.add(cell);
    if (state.view.status.cell !== null && state.view.status.cell !== undefined) red.add(state.view.status.cell);
  }
  return red;
}

/** Update every cell of `board` from `state`. */
export function renderBoard(board, state) {
  const shape = state.shape;
  if (board.dataset.shape !== `${shape.n}:${shape.box_rows}x${shape.box_cols}`) build(board, shape);
  const loaded = isLoaded(state);
  const view = loaded ? state.view : null;
  const shown = shownStep(state);
  const marks = stepMarks(shown);
  const red = redCells(state);
  const n = shape.n;
  const cells = board.querySelectorAll(".cell");
  cells.forEach((el, cell) => {
    const char = state.entry[cell];
    const given = char !== ".";
    const value = view ? view.values[cell] : Math.max(0, shape.symbols.indexOf(char) + 1);
    const placedHere = view !== null && !given && value > 0;
    // The cell's name is its text for assistive technology, the digits drawn are hidden from it:
    // a name (aria-label) that differs from the visible text confuses voice control.
    const digits = value > 0 || given ? [] : shownDigits(view ? view.candidates[cell] : [], cell, marks, n);
    const what = value > 0 ? `${shape.symbols[value - 1]}${given ? ", given" : ""}`
      : given ? `${char}, not a digit of this size`
      : digits.length ? `empty, candidates ${digits.map((d) => shape.symbols[d - 1]).join(" ")}` : "empty";
    const name = `${cellName(n, cell)}: ${what}`;
    if (value > 0 || given) {
      const symbol = value > 0 ? shape.symbols[value - 1] : char;
      redraw(el, `digit:${name}`, () => [h("span", { class: "sr-only" }, name),
        h("span", { class: "digit", "aria-hidden": "true" }, symbol)]);
    } else {
      const candidates = candidateMarks(cell, digits, marks);
      redraw(el, `cands:${name}:${shape.symbols}:${JSON.stringify(candidates)}`,
        () => [h("span", { class: "sr-only" }, name), candidateGrid(shape, candidates)]);
    }
    el.dataset.given = String(given);
    el.dataset.value = String(value);
    el.classList.toggle("given", given);
    el.classList.toggle("solved", placedHere);
    el.classList.toggle("bad", given && value === 0);
    el.classList.toggle("conflict", red.has(cell));
    el.classList.toggle("in-step", marks.cells.has(cell));
    el.classList.toggle("placed", value > 0 && marks.placed.has(pairKey(cell, value)));
    el.classList.toggle("selected", cell === state.selected);
    el.tabIndex = cell === state.selected ? 0 : -1;
  });
  const houses = [...marks.houses];
  if (state.error && state.error.house !== null && state.error.house !== undefined) houses.push(state.error.house);
  for (const conflict of state.conflicts) houses.push(conflict.house);
  board.querySelector(".outlines").replaceChildren(...houses.map((house, i) => {
    const kind = i < marks.houses.length ? "step" : "conflict";
    return h("div", { class: `outline ${kind}`, "data-house": house, style: `grid-area:${houseArea(shape, house)}` });
  }));
  board.dataset.position = String(view ? view.position : 0);
  board.dataset.mode = shown ? shown.mode : "none";
  board.setAttribute("aria-busy", String(state.busy !== null));
}
