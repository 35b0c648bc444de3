/**
 * Where the board outlives the page: the URL (`#p=<puzzle>`, so a link reproduces the board) and
 * localStorage (the puzzle with its step log and position, so a reload lands on the same step).
 *
 * Both are input the page did not write this time (an old version, another tab, a hand-edited or
 * hostile value, a mangled link), so each is read through a parser that checks every field and
 * answers `{value, problem}`: the value when it is usable, else null with one sentence that says what
 * was wrong. A stored value that fails is removed, so its message is shown once.
 */

const KEY = "pysolver.board";
/** The stored record's format, written as `version`; a record without one (the first format, with
 * the same fields) is read as this one. */
const VERSION = 1;
/** Longer text is no puzzle (a 25×25 picture with rulings stays far below) and is not sent to Python. */
const MAX_PUZZLE_CHARS = 5000;
/** More steps than any real log (a 25×25 solve by guessing stays in the thousands). */
const MAX_ACTIONS = 20000;
/** A step-log action is a short word ("logic", "guess", …); Python checks each one when it replays. */
const ACTION = /^[a-z][a-z_-]{0,31}$/;
const SYMBOL = /^[0-9A-Za-z]$/;

const result = (value, problem = null) => ({ value, problem });

/** `text` quoted for a message, cut short when long. */
function quoted(text) {
  return JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text);
}

/**
 * The puzzle in an address fragment: `{value: puzzle or null, problem: message or null}`.
 * A fragment that is not `#p=…` holds no puzzle (and no problem); a malformed percent-escape or
 * over-long text is a problem, and nothing is loaded from it.
 */
export function parseHash(hash) {
  const match = /^#p=(.*)$/s.exec(hash || "");
  if (!match) return result(null);
  const raw = match[1];
  if (raw.length > 3 * MAX_PUZZLE_CHARS) {
    return result(null, `The address holds ${raw.length} characters after #p=, too many for a puzzle; it was not loaded.`);
  }
  const bad = /%(?![0-9A-Fa-f]{2})/.exec(raw);
  if (bad) {
    const escape = raw.slice(bad.index, bad.index + 3);
    return result(null, `The address's puzzle has a malformed escape ${quoted(escape)} at character `
      + `${bad.index + 1} after #p= (a % must be followed by two hexadecimal digits); it was not loaded.`);
  }
  let puzzle;
  try {
    puzzle = decodeURIComponent(raw);
  } catch {
    return result(null, "The address's puzzle is not valid percent-encoded UTF-8 text; it was not loaded.");
  }
  if (puzzle.length > MAX_PUZZLE_CHARS) {
    return result(null, `The address's puzzle has ${puzzle.length} characters, too many for a puzzle; it was not loaded.`);
  }
  return result(puzzle);
}

/** The puzzle in the URL's `#p=` fragment: `{value, problem}` as `parseHash` gives them. */
export function readHash(hash = location.hash) {
  return parseHash(hash);
}

/** Keep `#p=` equal to the puzzle without adding a history entry per keystroke. */
export function writeHash(puzzle) {
  const hash = `#p=${encodeURIComponent(puzzle).replace(/%2E/g, ".")}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;

/** Why a stored shape {n, box_rows, box_cols, symbols} cannot be used, or null. */
function shapeProblem(shape) {
  if (!isObject(shape)) return "its board shape is missing";
  const { n, box_rows: rows, box_cols: cols, symbols } = shape;
  if (!isCount(n, 4, 25) || !isCount(rows, 1, n) || !isCount(cols, 1, n) || rows * cols !== n) {
    return "its board size is not one of a Sudoku";
  }
  if (typeof symbols !== "string" || symbols.length !== n || ![...symbols].every((s) => SYMBOL.test(s))
      || new Set(symbols).size !== n) {
    return "its digit symbols are not letters or digits, one per digit";
  }
  return null;
}

/** Why a parsed stored record cannot be used, or null. */
function recordProblem(record) {
  if (!isObject(record)) return "it is not a saved board";
  if (record.version !== undefined && record.version !== VERSION) return `it has an unknown format (version ${quoted(String(record.version))})`;
  if (typeof record.puzzle !== "string" || record.puzzle.length > MAX_PUZZLE_CHARS) return "its puzzle is missing or too long";
  if (!Array.isArray(record.actions) || record.actions.length > MAX_ACTIONS
      || !record.actions.every((action) => typeof action === "string" && ACTION.test(action))) {
    return "its step log is missing or not a list of steps";
  }
  if (!isCount(record.position, 0, record.actions.length)) return "its position in the step log is not a step of it";
  return shapeProblem(record.shape);
}

/**
 * A stored board, from the text localStorage held: `{value: {puzzle, actions, position, shape} or
 * null, problem}`. Nothing stored is no problem; anything else that is not a whole, well-formed
 * record is one, and none of its fields is used.
 */
export function parseSaved(text) {
  if (text === null || text === undefined) return result(null);
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return result(null, "The saved board could not be read (it is not valid JSON); it was discarded.");
  }
  const problem = recordProblem(record);
  if (problem) return result(null, `The saved board could not be used (${problem}); it was discarded.`);
  const { puzzle, actions, position, shape } = record;
  return result({ puzzle, actions: [...actions], position,
    shape: { n: shape.n, box_rows: shape.box_rows, box_cols: shape.box_cols, symbols: shape.symbols } });
}

/** The saved board, checked: `{value, problem}`. A record that fails is removed, so it is reported once. */
export function loadSaved() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return result(null); // storage disabled: nothing was saved
  }
  const saved = parseSaved(text);
  if (saved.problem) forget();
  return saved;
}

function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: nothing to remove.
  }
}

export function save(snapshot) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, ...snapshot }));
  } catch {
    // Storage can be full or disabled (private windows); the URL still holds the puzzle.
  }
}
