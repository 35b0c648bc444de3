/**
 * Where the position outlives the page. The address (`#p=<givens>&d=<digits>&n=<notes>`) carries
 * the givens, the digits on top of them and the notes (packed by Python), so the link alone
 * restores the position in another browser; a new puzzle is a new browser-history entry, moves
 * within it replace the current one, so Back and Forward go from puzzle to puzzle. localStorage
 * keeps the whole history (actions and position), the play counters and settings, so a reload
 * lands on the same move with Undo intact.
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
/** A history action is a word ("logic", "guess", …) or a move ("place r3c5 4", "restore <digits>
 * <notes>"): a word and up to three plain arguments; Python checks each one when it replays. */
const ACTION = /^[a-z][a-z_-]{0,31}(?: [0-9A-Za-z._-]{1,4000}){0,3}$/;
/** The digits of a position (one symbol or '.' per cell) and its packed notes (URL-safe base64). */
const DIGITS = /^[0-9A-Za-z.]{1,700}$/;
const NOTES = /^[A-Za-z0-9_-]{1,3000}$/;
const SYMBOL = /^[0-9A-Za-z]$/;

const result = (value, problem = null) => ({ value, problem });

/** `text` quoted for a message, cut short when long. */
function quoted(text) {
  return JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text);
}

/**
 * The puzzle in an address fragment: `{value: puzzle or null, problem: message or null}`.
 * A fragment that is not `#p=…` holds no puzzle (and no problem); a malformed percent-escape or
 * over-long text is a problem, and nothing is loaded from it. The digits and notes after `&d=` and
 * `&n=` are read by `parsePosition`.
 */
export function parseHash(hash) {
  const match = /^#p=([^&]*)/s.exec(hash || "");
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

/**
 * The whole position in an address: `{value: {puzzle, digits, notes} or null, problem}`. Digits or
 * notes that are not what the page writes are left out with a message; the puzzle still loads.
 */
export function parsePosition(hash) {
  const puzzle = parseHash(hash);
  if (puzzle.value === null) return puzzle;
  const fields = new Map();
  for (const part of (hash.split("&").slice(1))) {
    const at = part.indexOf("=");
    if (at > 0) fields.set(part.slice(0, at), part.slice(at + 1));
  }
  const problems = [];
  const field = (name, pattern, what) => {
    const raw = fields.get(name);
    if (raw === undefined || raw === "") return "";
    if (pattern.test(raw)) return raw;
    problems.push(`The address's ${what} (${quoted(raw)} after &${name}=) are not what the page writes; they were left out.`);
    return "";
  };
  const digits = field("d", DIGITS, "digits");
  const notes = field("n", NOTES, "notes");
  return result({ puzzle: puzzle.value, digits, notes }, problems.length ? problems.join(" ") : null);
}

/** The position in the URL: `{value, problem}` as `parsePosition` gives them. */
export function readHash(hash = location.hash) {
  return parsePosition(hash);
}

/** The fragment for a position ('.' left readable). */
export function hashOf(position) {
  const part = (text) => encodeURIComponent(text).replace(/%2E/g, ".");
  let hash = `#p=${part(position.puzzle)}`;
  if (position.digits) hash += `&d=${part(position.digits)}`;
  if (position.notes) hash += `&n=${part(position.notes)}`;
  return hash;
}

/** Show `position` in the address: a new history entry for a new puzzle (unless `inPlace`, as
 * while typing a puzzle's givens), else in place. */
export function writeHash(position, { inPlace = false } = {}) {
  const hash = hashOf(position);
  if (location.hash === hash) return;
  const current = parseHash(location.hash).value;
  if (!inPlace && current !== null && current !== position.puzzle) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
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
  return shapeProblem(record.shape) || playProblem(record) || editingProblem(record.editing);
}

/** Why the game kept while its givens are edited (optional: a board and its `givens`) cannot be
 * used, or null. */
function editingProblem(editing) {
  if (editing === undefined || editing === null) return null;
  const problem = !isObject(editing) || editing.editing !== undefined ? "it is not a saved board"
    : typeof editing.givens !== "string" || editing.givens.length > MAX_PUZZLE_CHARS ? "its givens are missing"
      : recordProblem(editing);
  return problem ? `its game kept while editing the givens is not usable: ${problem}` : null;
}

const isSeconds = (value) => value === null || (typeof value === "number" && Number.isFinite(value) && value >= 0);

/** Why the play fields of a record (all optional: the first format had none) cannot be used, or null. */
function playProblem(record) {
  const { mode, showCandidates, play, settings, address } = record;
  if (mode !== undefined && mode !== "play" && mode !== "enter") return "its mode is neither play nor enter";
  if (showCandidates !== undefined && typeof showCandidates !== "boolean") return "its notes switch is not true or false";
  if (play !== undefined && play !== null && (!isObject(play) || !isSeconds(play.started ?? null)
      || !isSeconds(play.finished_in ?? null) || !isCount(play.hints, 0, 1e9) || !isCount(play.checks, 0, 1e9))) {
    return "its play counters are not counts";
  }
  if (settings !== undefined && settings !== null && (!isObject(settings)
      || typeof settings.auto_clear_notes !== "boolean" || typeof settings.mark_mistakes !== "boolean")) {
    return "its settings are not true or false";
  }
  if (address !== undefined && (!isObject(address) || !(address.digits === "" || DIGITS.test(address.digits))
      || !(address.notes === "" || NOTES.test(address.notes)))) {
    return "its address is not one the page writes";
  }
  return null;
}

/**
 * A stored board, from the text localStorage held: `{value: {puzzle, actions, position, shape,
 * mode, showCandidates, play, settings, address, and editing when a played game's givens were being
 * edited} or null, problem}`. Nothing stored is no problem; anything else that is not a whole,
 * well-formed record is one, and none of its fields is used.
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
  const board = savedBoard(record);
  return result(record.editing ? { ...board, editing: { ...savedBoard(record.editing), givens: record.editing.givens } }
    : board);
}

/** The known fields of a checked record, copied. */
function savedBoard(record) {
  const { puzzle, actions, position, shape, play, settings, address } = record;
  return { puzzle, actions: [...actions], position,
    shape: { n: shape.n, box_rows: shape.box_rows, box_cols: shape.box_cols, symbols: shape.symbols },
    mode: record.mode === "enter" ? "enter" : "play", showCandidates: record.showCandidates !== false,
    play: play ? { started: play.started ?? null, hints: play.hints, checks: play.checks,
      finished_in: play.finished_in ?? null } : null,
    settings: settings ? { auto_clear_notes: settings.auto_clear_notes, mark_mistakes: settings.mark_mistakes } : null,
    address: address ? { digits: address.digits, notes: address.notes } : { digits: "", notes: "" } };
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
    // Storage can be full or disabled (private windows); the address still holds the position.
  }
}
