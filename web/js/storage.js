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
 * was wrong. A stored board keeps whatever of it can be read (its puzzle, the steps that still
 * replay, defaults for odd fields) and is set aside as it was under another key, never deleted by
 * the page: `setAsideRecords` lists what is set aside (and a record held where it could not be) for
 * the page's "Set-aside games" panel, where a person downloads, opens or deletes each one.
 */

import { sentence } from "./dom.js";

const KEY = "pysolver.board";
/** The stored record's format, written as `version`; a record without one (the first format, with
 * the same fields) is read as this one. */
const VERSION = 1;
/** Longer text is no puzzle and is not sent to Python: Python's own limit (fields.MAX_TEXT_CHARS),
 * so that whatever position the page imported and wrote (a 16×16 HoDoKu position line has 8,018
 * characters, a 25×25 one up to about 61,000) it reads back. */
const MAX_PUZZLE_CHARS = 150000;
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
 * while typing a puzzle's givens), else in place. The entry keeps the page's `mode` (the address
 * does not carry it), so that Back and Forward to givens being typed open them for typing again,
 * and the game this tab last saved (`save` comes first), kept up to date with every save: the
 * browser keeps one saved board, the next puzzle's once it is opened (a "Try it" link), and Back
 * or Forward to this entry opens its game whole from it (`gameOfEntry`), history and all. */
export function writeHash(position, { inPlace = false, mode = "play" } = {}) {
  const hash = hashOf(position);
  if (location.hash === hash && modeOfEntry() === mode && entryRecord() === tried) return;
  const current = parseHash(location.hash).value;
  const write = !inPlace && current !== null && current !== position.puzzle ? "pushState" : "replaceState";
  try {
    history[write](tried === null ? { mode } : { mode, game: tried }, "", hash);
  } catch {
    history[write]({ mode }, "", hash); // a game too large for the browser's history: the address alone
  }
}

/** The saved record the current history entry keeps (writeHash), or null. */
function entryRecord() {
  const state = history.state;
  return state !== null && typeof state === "object" && typeof state.game === "string" ? state.game : null;
}

/** The game the current history entry was left with, when it is a game played (not givens being
 * typed or edited: the address holds those, and the page keeps the played game they edit, which Back
 * brings back in Play), it is the game of `position` (its puzzle, digits and notes) and it reads
 * whole; else null. Back and Forward open it rather than the saved board, which is another entry's
 * game once another puzzle was opened. */
export function gameOfEntry(position) {
  const { value: game, problem } = parseSaved(entryRecord());
  return game !== null && problem === null && game.mode === "play" && game.puzzle === position.puzzle
    && game.address.digits === position.digits && game.address.notes === position.notes ? game : null;
}

/** The mode the current history entry was left in ("enter" or "play"; "play" when it says none). */
export function modeOfEntry() {
  const state = history.state;
  return state !== null && typeof state === "object" && state.mode === "enter" ? "enter" : "play";
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

const isSeconds = (value) => value === null || (typeof value === "number" && Number.isFinite(value) && value >= 0);

/** Python's defaults for the settings a record lacks (an older format had fewer). */
const DEFAULT_SETTINGS = { auto_clear_notes: true, mark_mistakes: false };

/**
 * The usable part of a parsed record, field by field: `{value, lost}` where `lost` lists what was
 * left out (in words). Only a record without a usable puzzle has no value; any other field that is
 * missing or odd gets its default: a step log keeps its steps up to the first one that is not a
 * step (the rest replay from the start, in order), a position past the log's end goes to its end.
 */
function salvage(record, nested = false) {
  if (!isObject(record)) return { value: null, lost: ["it is not a saved board"] };
  const { puzzle } = record;
  if (typeof puzzle !== "string" || puzzle.length === 0 || puzzle.length > MAX_PUZZLE_CHARS) {
    return { value: null, lost: ["its puzzle is missing, not text, or too long"] };
  }
  const lost = [];
  if (record.version !== undefined && record.version !== VERSION) {
    lost.push(`it has an unknown format (version ${quoted(String(record.version))}), so each field was checked on its own`);
  }
  let actions = [];
  if (Array.isArray(record.actions)) {
    const bad = record.actions.findIndex((action) => typeof action !== "string" || !ACTION.test(action));
    actions = record.actions.slice(0, Math.min(bad === -1 ? Infinity : bad, MAX_ACTIONS));
    if (actions.length < record.actions.length) {
      const why = bad === actions.length ? `step ${actions.length + 1} is not a step`
        : `no game has more than ${MAX_ACTIONS.toLocaleString("en-US")} steps`;
      lost.push(`its step log was cut after ${actions.length} of ${record.actions.length} steps (${why})`);
    }
  } else {
    lost.push(`its step log is ${record.actions === undefined ? "missing" : "not a list of steps"}; the puzzle is loaded without steps`);
  }
  let position = actions.length;
  const cut = actions.length < (Array.isArray(record.actions) ? record.actions.length : 0);
  if (isCount(record.position, 0, actions.length)) position = record.position;
  else if (Array.isArray(record.actions) && !(cut && isCount(record.position, 0, record.actions.length))) {
    lost.push("its position in the step log is not a step of it; the board is at the log's last step");
  }
  const shapeWrong = shapeProblem(record.shape);
  if (shapeWrong && record.shape !== undefined) lost.push(`${shapeWrong}; the puzzle's own is used`);
  const shape = shapeWrong ? null : { n: record.shape.n, box_rows: record.shape.box_rows,
    box_cols: record.shape.box_cols, symbols: record.shape.symbols };
  const { mode, showCandidates, play, settings, address } = record;
  if (mode !== undefined && mode !== "play" && mode !== "enter") lost.push("its mode is neither play nor enter; play is used");
  if (showCandidates !== undefined && typeof showCandidates !== "boolean") lost.push("its notes switch is not true or false; it is on");
  const value = { puzzle, actions, position, shape,
    mode: mode === "enter" ? "enter" : "play", showCandidates: showCandidates !== false,
    play: playOf(play, lost), settings: settingsOf(settings, lost), address: addressOf(address, lost) };
  const editing = nested ? null : editingOf(record.editing, lost);
  const held = nested ? null : exampleSwitchesOf(record.exampleSwitches, lost);
  return { value: { ...value, ...(editing ? { editing } : {}), ...(held ? { exampleSwitches: held } : {}) }, lost };
}

/** A technique's slug and title, as the registry writes them. */
const SLUG = /^[a-z][a-z0-9-]{0,47}$/;
const isTitle = (text) => typeof text === "string" && text.length > 0 && text.length <= 80;

/**
 * The techniques an example switched off for the game's puzzle (store.js, `exampleSwitches`:
 * `{shows, off: [{slug, title}]}`; optional), whole or not at all (said in `lost`): a part would
 * replay the game's steps with other techniques than it was played with. A slug the registry
 * does not know switches nothing off (the page sends the slugs switched on).
 */
function exampleSwitchesOf(held, lost) {
  if (held === undefined || held === null) return null;
  const usable = isObject(held) && isTitle(held.shows) && Array.isArray(held.off) && held.off.length > 0
    && held.off.length <= 60 && held.off.every((t) => isObject(t) && SLUG.test(t.slug) && isTitle(t.title));
  if (!usable) {
    lost.push("the techniques its example had switched off are not what the page writes and were left out");
    return null;
  }
  return { shows: held.shows, off: held.off.map((t) => ({ slug: t.slug, title: t.title })) };
}

/**
 * The game kept while a played game's givens are edited (a board and its `givens`; optional), whole
 * or not at all (said in `lost`): it is only offered back, so a part of it is not worth keeping.
 */
function editingOf(editing, lost) {
  if (editing === undefined || editing === null) return null;
  const problem = !isObject(editing) || editing.editing !== undefined ? "it is not a saved board"
    : typeof editing.givens !== "string" || editing.givens.length > MAX_PUZZLE_CHARS ? "its givens are missing"
      : salvage(editing, true).lost.map((part) => part.split(";")[0])[0] ?? null;
  if (problem) {
    lost.push(`its game kept while editing the givens was left out (${problem})`);
    return null;
  }
  return { ...salvage(editing, true).value, givens: editing.givens };
}

const PLAY_NAMES = { started: "start time", finished_in: "finishing time", hints: "hint count", checks: "check count" };

/** The play counters, each odd one at its start value (said in `lost`). */
function playOf(play, lost) {
  if (play === undefined || play === null) return null;
  if (!isObject(play)) {
    lost.push("its play counters are not counts and were left out");
    return null;
  }
  const odd = [];
  const seconds = (name) => {
    if (isSeconds(play[name] ?? null)) return play[name] ?? null;
    odd.push(name);
    return null;
  };
  const count = (name) => {
    if (isCount(play[name] ?? 0, 0, 1e9)) return play[name] ?? 0;
    odd.push(name);
    return 0;
  };
  const value = { started: seconds("started"), hints: count("hints"), checks: count("checks"),
    finished_in: seconds("finished_in") };
  if (odd.length) {
    const names = odd.map((name) => PLAY_NAMES[name]).join(" and ");
    lost.push(`in its play counters, the ${names} ${odd.length > 1 ? "were" : "was"} not a number and ${odd.length > 1 ? "were" : "was"} left out`);
  }
  return value;
}

/** The settings, each missing one at Python's default and each odd one too (said in `lost`). */
function settingsOf(settings, lost) {
  if (settings === undefined || settings === null) return null;
  if (!isObject(settings)) {
    lost.push("its settings were not true or false and were left out");
    return null;
  }
  const value = { ...DEFAULT_SETTINGS };
  const odd = [];
  for (const name of Object.keys(DEFAULT_SETTINGS)) {
    if (typeof settings[name] === "boolean") value[name] = settings[name];
    else if (settings[name] !== undefined) odd.push(name);
  }
  if (odd.length) {
    const were = odd.length > 1 ? "were" : "was";
    lost.push(`in its settings, ${odd.map((name) => `"${name}"`).join(" and ")} ${were} not true or false and ${odd.length > 1 ? "are" : "is"} at the default`);
  }
  return value;
}

/** The address the record was saved with (its digits and notes), or none (said in `lost`). */
function addressOf(address, lost) {
  if (address === undefined) return { digits: "", notes: "" };
  if (isObject(address) && (address.digits === "" || DIGITS.test(address.digits))
      && (address.notes === "" || NOTES.test(address.notes))) {
    return { digits: address.digits, notes: address.notes };
  }
  lost.push("its address is not one the page writes and was left out");
  return { digits: "", notes: "" };
}

/** Where a stored board that could not be read whole is kept, as it was, for a person to recover:
 * the first under this key, later ones beside it (`….2`, `….3`, …), none over another. */
export const SET_ASIDE_KEY = `${KEY}.set-aside`;
const SET_ASIDE_SLOTS = 20;
/** Where a tab that could not set the stored record aside says so to every tab of the page: the
 * record's fingerprint, a few characters (room a record rarely leaves). While it names the
 * record stored under KEY, no tab saves over that record. */
const HELD_KEY = `${KEY}.held`;

/** The stored text this tab may write over without losing anything: what it wrote itself, read
 * whole, or set aside. Any other text found under KEY is checked before a save. */
let vouched = null;
/** The stored text this tab could not set aside (and so does not save over), and whether the
 * tab has said so since. */
let held = null;
let heldSaid = null;

/** A short fingerprint of `text` (its length and a 32-bit FNV-1a hash), to recognise a held record. */
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}.${(hash >>> 0).toString(36)}`;
}

/** The page's list of set-aside records (aside-panel.js), where a person downloads, opens or deletes them. */
const LISTED = "listed in this page's \"Set-aside games\" panel";

/** What a person can do to keep a record this page could not set aside. */
const RESCUE = "To keep that game, download it from this page's \"Set-aside games\" panel, where it is listed as "
  + "held, or free space for this page there by deleting the set-aside records that you no longer need: your next "
  + "move then sets it aside and saves this game again.";

/** Why a record could not be set aside, in words. */
function asideFailure(error) {
  return error && error.message === "every set-aside key is taken"
    ? `the ${SET_ASIDE_SLOTS} places for set-aside records are all taken`
    : "this browser's storage for this page is full";
}

/** The sentence that says where the record as it was is kept (`key`), or that it could not be
 * set aside (`aside`, setAside's answer) and what to do; Open is named only for a record that holds
 * a game to open (`openable`). */
function keptSentence(aside, openable) {
  if (aside.key) {
    return `It was set aside: the saved board as it was is kept in this browser's storage under "${aside.key}", ${LISTED} `
      + `to download${openable ? ", open" : ""} or delete.`;
  }
  const others = aside.marked ? ""
    : " Another tab of this page open on another game could still save over it: play only in this tab until it is set aside.";
  return `The saved board as it was could not be set aside (${aside.why}), so this page does not save over it: `
    + `what you do here is kept only in the address.${others} ${RESCUE}`;
}

/**
 * A stored board, from the text localStorage held: `{value: {puzzle, actions, position, shape,
 * mode, showCandidates, play, settings, address, and editing when a played game's givens were being
 * edited} or null, problem}`. Nothing stored is no problem. A record with a usable puzzle is used
 * for what can be read of it, and the problem says what was left out. Reading changes nothing:
 * the record is set aside (loadSaved, or save before writing over it) by whoever opens it.
 */
export function parseSaved(text) {
  if (text === null || text === undefined) return result(null);
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return result(null, "The saved board could not be read (it is not valid JSON).");
  }
  const { value, lost } = salvage(record);
  if (value === null) return result(null, `The saved board could not be used (${lost[0]}).`);
  if (lost.length === 0) return result(value);
  const said = lost.map((part) => `${sentence(part)}.`).join(" ");
  return result(value, `The saved board was read in part. ${said}`);
}

/** The stored text, or null (nothing stored, or storage turned off). */
function storedText() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The saved board, read and nothing else: `{value, problem}` as parseSaved gives them. */
export function readSaved() {
  return parseSaved(storedText());
}

/**
 * The saved board opened at page load: `{value, problem}`. A record not read whole is set aside
 * here (copied to SET_ASIDE_KEY) and, when nothing of it is usable, removed, so that its message is
 * shown once; the problem then says where it is kept, or that it could not be set aside.
 */
export function loadSaved() {
  const text = storedText();
  const saved = parseSaved(text);
  if (!saved.problem) {
    vouched = text;
    return saved;
  }
  return result(saved.value, `${saved.problem} ${setAsideSaying(text, saved.value === null)}`);
}

/** Set `text` aside (as setAside does) on the path that opens it: the sentence to say, which says it
 * once (a save refused over it afterwards is not said again). */
function setAsideSaying(text, remove) {
  const aside = setAside(text, remove);
  if (!aside.key) heldSaid = text;
  return keptSentence(aside, !remove);
}

/** The key of set-aside place `slot` (1 to SET_ASIDE_SLOTS). */
const asideKey = (slot) => (slot === 1 ? SET_ASIDE_KEY : `${SET_ASIDE_KEY}.${slot}`);

/** The set-aside key that holds `text`, or null. */
function asideHolding(text) {
  for (let slot = 1; slot <= SET_ASIDE_SLOTS; slot += 1) {
    if (localStorage.getItem(asideKey(slot)) === text) return asideKey(slot);
  }
  return null;
}

/** Keep `text` (a stored record) under a set-aside key of its own (the one already holding it, else
 * the first free one) and, when `remove`, take it out of KEY: `{key}`. When it cannot be kept
 * (storage full, every key taken), `{key: null, why, marked}`: the record stays, this tab does not
 * save over it, and HELD_KEY tells the other tabs so (`marked` when it could be written). */
function setAside(text, remove) {
  try {
    const key = keepAside(text);
    if (remove) localStorage.removeItem(KEY);
    release(text);
    vouched = remove ? null : text;
    return { key };
  } catch (error) {
    return { key: null, why: asideFailure(error), marked: hold(text) };
  }
}

/** Keep `text` under a set-aside key of its own (the one already holding it, else the first free
 * one): that key. Throws when no key is free or storage is full. */
function keepAside(text) {
  let key = asideHolding(text);
  for (let slot = 1; key === null && slot <= SET_ASIDE_SLOTS; slot += 1) {
    if (localStorage.getItem(asideKey(slot)) === null) key = asideKey(slot);
  }
  if (key === null) throw new Error("every set-aside key is taken");
  if (localStorage.getItem(key) !== text) {
    localStorage.setItem(key, text);
    changed();
  }
  return key;
}

/** Hold `text`: this tab does not save over it, and HELD_KEY says so to the others; whether it could be written. */
function hold(text) {
  held = text;
  changed();
  try {
    localStorage.setItem(HELD_KEY, fingerprint(text));
    return true;
  } catch {
    return false;
  }
}

/** `text` is set aside (or gone): no tab needs to keep it under KEY any longer. */
function release(text) {
  if (held === text) {
    held = null;
    changed();
  }
  try {
    if (localStorage.getItem(HELD_KEY) === fingerprint(text)) localStorage.removeItem(HELD_KEY);
  } catch {
    // Nothing to release where nothing can be stored.
  }
}

/** Set the stored record aside as it is (a saved game whose steps no longer all replay, before the
 * page saves what it could open of it): the sentence that says where it is kept, or that it could
 * not be; "" when nothing is stored. */
export function setAsideSaved() {
  const text = storedText();
  return text === null ? "" : setAsideSaying(text, false);
}

/** The record this tab held is no longer stored: nothing to keep from saves, nothing left to say. */
function forgetHeld() {
  if (held === null) return;
  held = null;
  heldSaid = null;
  changed();
}

let onChange = () => {};
/** Call `listener` (with no argument) whenever this tab changes what `setAsideRecords` lists. */
export function watchSetAside(listener) {
  onChange = listener;
}
function changed() {
  onChange();
}

/** Does a `storage` event (another tab's write) change what `setAsideRecords` lists? A cleared
 * storage (key null), a set-aside key, or the mark of a held record. */
export function changesSetAside(event) {
  return event.key === null || event.key === HELD_KEY || event.key.startsWith(SET_ASIDE_KEY);
}

/** "9×9, 30 givens (\"..3.2.6..9…\")" for a puzzle in one line; a position imported in another form
 * (a pencil-mark grid, a HoDoKu line) is named as such. */
function puzzleWords({ puzzle, shape }) {
  const line = puzzle.trim();
  const n = shape ? shape.n : Math.round(Math.sqrt(line.length));
  const size = `${n}×${n}`;
  if (line.length !== n * n || /\s/.test(line)) return `${shape ? `${size}, ` : ""}a position imported as text`;
  const givens = [...line].filter((symbol) => (shape ? shape.symbols.includes(symbol) : !".0".includes(symbol))).length;
  return `${size}, ${givens} ${givens === 1 ? "given" : "givens"} (${quoted(line)})`;
}

/**
 * A stored record in a few words, for the list of set-aside games: its puzzle (size, givens and
 * how its line starts), how many moves and steps it holds and where it was, when it was started,
 * and whether it reads whole; or, when it holds no usable puzzle, why it cannot be opened. A 4×4
 * game of one move, never timed, reads `4×4, 4 givens (".42...1......3.."): 1 move or step.`
 */
export function describeRecord(text) {
  return described(parseSaved(text));
}

/** `describeRecord`'s words for a record as `parseSaved` read it. */
function described({ value: game, problem }) {
  if (game === null) return `${problem} It cannot be opened; it can be downloaded.`;
  const count = game.actions.length;
  const moves = count === 0 ? "no moves yet"
    : `${count.toLocaleString("en-US")} ${count === 1 ? "move or step" : "moves and steps"}`
      + (game.position < count ? `, shown at ${game.position.toLocaleString("en-US")}` : "");
  const doing = game.mode === "enter" ? "givens being typed" : game.play && game.play.finished_in !== null ? "solved" : null;
  const whole = problem === null ? "" : " Read in part: opened, it keeps what the page can read.";
  const puzzle = puzzleWords(game);
  const parts = [moves, doing, startedWords(game.play)].filter(Boolean).join(", ");
  return `${sentence(puzzle)}: ${parts}.${whole}`;
}

const START_TIME = new Intl.DateTimeFormat("en-US",
  { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

/** "started Nov 29, 2026, 11:05 AM" (the person's time zone) for a game whose play clock has a
 * start: what tells two games of one puzzle apart in the list. Null without one. */
function startedWords(play) {
  if (!play || play.started === null) return null;
  const start = new Date(play.started * 1000);
  return Number.isNaN(start.getTime()) ? null : `started ${START_TIME.format(start)}`;
}

/** One entry of the list: where it is kept, its exact text, whether it is the held record (still
 * under the saved board's key), a fingerprint that tells texts apart, its words, and whether it holds
 * a game to open. */
function listed(key, text, isHeld) {
  const saved = parseSaved(text);
  return { key, text, held: isHeld, stamp: fingerprint(text), summary: described(saved),
    openable: !isHeld && saved.value !== null };
}

/** The records a person can download, open or delete: the one held under the saved board's key
 * (by this tab, or by another, said by HELD_KEY) when there is one, then each set-aside record in
 * slot order. None when storage is turned off. */
export function setAsideRecords() {
  const records = [];
  try {
    const stored = localStorage.getItem(KEY);
    if (stored !== null && (stored === held || localStorage.getItem(HELD_KEY) === fingerprint(stored))) {
      records.push(listed(KEY, stored, true));
    }
    for (let slot = 1; slot <= SET_ASIDE_SLOTS; slot += 1) {
      const text = localStorage.getItem(asideKey(slot));
      if (text !== null) records.push(listed(asideKey(slot), text, false));
    }
  } catch {
    return [];
  }
  return records;
}

/** Delete the record listed under `key` (a set-aside key, or the saved board's key for the record
 * held there), if it still holds `text`: another tab may have put another record there since it was
 * listed, which the person did not choose to delete. Whether it was deleted. */
export function deleteRecord(key, text) {
  const isAside = Array.from({ length: SET_ASIDE_SLOTS }, (_, at) => asideKey(at + 1)).includes(key);
  try {
    if ((!isAside && key !== KEY) || localStorage.getItem(key) !== text) return false;
    localStorage.removeItem(key);
    if (key === KEY) {
      release(text);
      if (vouched === text) vouched = null;
      forgetHeld();
    }
    changed();
    return true;
  } catch {
    return false;
  }
}

/**
 * Before a set-aside game is opened in its place: keep this tab's game (`snapshot`, as `save` takes
 * it; or, `savedInstead`, the record stored for it, when the board shows its position without the
 * history that a reload would replay) under a set-aside key, when it has moves or steps (or a game
 * kept while its givens are edited) to lose; a game without any stays reachable by Back, as when
 * any other puzzle is opened. `{ok: true, key or null}`, or `{ok: false, why}` when it could not be
 * kept (storage full, every key taken): then nothing should be opened over it.
 */
export function setAsideGame(snapshot, { savedInstead = false } = {}) {
  const stored = savedInstead ? storedText() : null;
  const game = stored === null ? snapshot : parseSaved(stored).value;
  if (game !== null && game.actions.length === 0 && !game.editing) return { ok: true, key: null };
  try {
    return { ok: true, key: keepAside(stored ?? JSON.stringify({ version: VERSION, ...snapshot })) };
  } catch (error) {
    return { ok: false, why: asideFailure(error) };
  }
}

const RELOAD_KEY = `${KEY}.this-tab`;

/** Keep this tab's board (a snapshot) and the text in its box for the reload that another tab's
 * update forces, in this tab's own sessionStorage: the board saved for all tabs may be another
 * tab's game by then, and the box's text is saved nowhere else. */
export function keepForReload(snapshot, text) {
  try {
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ board: JSON.stringify({ version: VERSION, ...snapshot }), text }));
  } catch {
    // Storage full or turned off: the reload opens the address's position, as it would have.
  }
}

/** What keepForReload kept, taken once: `{board: {value, problem} as parseSaved reads it, text}`,
 * or null when nothing was kept. */
export function takeKeptForReload() {
  let raw = null;
  try {
    raw = sessionStorage.getItem(RELOAD_KEY);
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    return null;
  }
  let kept;
  try {
    kept = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(kept) || typeof kept.board !== "string") return null;
  return { board: parseSaved(kept.board), text: typeof kept.text === "string" ? kept.text : "" };
}

/** The game another tab has just saved (a `storage` event on the saved board's key), or null. */
export function savedElsewhere(event) {
  return event.key === KEY && event.newValue !== null ? parseSaved(event.newValue).value : null;
}

let cannotSave = false; // saving failed once and was said
let tried = null; // the text this tab last saved, or tried to

/**
 * Whether `current`, the text stored under KEY, may be written over, and what to say: `{ok, say}`.
 * Text this tab vouches for may; so may a record another tab wrote that reads whole. A record held
 * by a tab (this one, or another, by HELD_KEY) or not read whole is set aside first, and while it
 * cannot be, no save goes over it and the player is told why and what to do, once.
 */
function mayWriteOver(current) {
  const marked = localStorage.getItem(HELD_KEY);
  const isHeld = current === held || (marked !== null && marked === fingerprint(current));
  const said = [];
  if (!isHeld && marked !== null) localStorage.removeItem(HELD_KEY); // it names a record no longer stored
  if (!isHeld && held !== null) {
    // The record this tab held is no longer stored: another tab set it aside, or it was replaced.
    const key = asideHolding(held);
    said.push(key ? `The saved board that could not be set aside is now kept under "${key}" (${LISTED}); this game is saved again.`
      : "The saved board that could not be set aside is no longer in this browser's storage (another tab or "
        + "version of this page saved over it); this game is saved again.");
    forgetHeld();
  }
  if (!isHeld && (current === vouched || parseSaved(current).problem === null)) {
    return { ok: true, say: said.join(" ") || null };
  }
  const aside = setAside(current, false);
  if (aside.key) {
    heldSaid = null;
    said.push(isHeld ? `The saved board that could not be set aside is now kept under "${aside.key}" (${LISTED}); this game is saved again.`
      : `The saved board, which this page could not read whole, was set aside before this game was saved over it: it is kept under "${aside.key}", ${LISTED}.`);
    return { ok: true, say: said.join(" ") };
  }
  if (heldSaid === current) return { ok: false, say: null };
  heldSaid = current;
  return { ok: false, say: `This game is not saved: the saved board in this browser is a game that could not be `
    + `set aside (${aside.why}), and saving would write over it. This tab's position stays in its address (a reload `
    + `or the link opens it). ${RESCUE}` };
}

/** Save the board: null, or a sentence to say (said once: it cannot be saved, as when storage is
 * full or turned off as in some private windows; or the record stored is kept, not saved over). */
export function save(snapshot) {
  const text = JSON.stringify({ version: VERSION, ...snapshot });
  // The same board again (the page saves on actions that change nothing stored, as a request sent):
  // nothing to write, and a refusal is said after the move it refused, not before it.
  if (text === tried) return null;
  tried = text;
  let said = null;
  try {
    const current = localStorage.getItem(KEY);
    if (current === null) forgetHeld(); // the record held was deleted (from "Set-aside games", here or in another tab)
    if (current !== null && current !== text) {
      const over = mayWriteOver(current);
      if (!over.ok) return over.say;
      said = over.say;
    }
    localStorage.setItem(KEY, text);
    vouched = text;
    return said;
  } catch (error) {
    if (cannotSave) return said;
    cannotSave = true;
    const why = error && error.name === "QuotaExceededError" ? "its storage for this page is full"
      : "it does not let this page store anything";
    return `${said ? `${said} ` : ""}This game cannot be saved in this browser (${why}): the address still holds the position, `
      + "so a reload or the link opens it, but without its Undo history.";
  }
}
