/**
 * The page's one store: a plain state object, changed only by `reduce(state, action)` — a pure
 * function of the action (the 2048/TodoMVC pattern) — and read by the views. The solver's reply
 * (`view`, docs/worker-protocol.md) is kept as it came: this module never computes candidates,
 * steps, mistakes or hints; it records what Python said, what the person typed while entering a
 * puzzle (`entry`, one character per cell, so nothing typed is lost even when Python rejects it),
 * and what the page is doing (booting, busy, which message, which mode).
 *
 * Modes: "enter" (typed characters become the givens; the empty board starts here) and "play"
 * (typed digits are the player's moves; every loaded puzzle starts here). `notesMode` makes typed
 * digits notes; `showCandidates` shows the solver's candidates instead of the player's notes.
 * While entering, Undo and Redo walk `entryPast` and `entryFuture` (the lines typed before and
 * undone): the givens are not yet a puzzle with a history of its own in Python. A played game whose
 * givens are edited is kept (`editing`): Play gives it back when the givens end up the same, and
 * when they changed it is set aside (`setAside`) for Back to bring back, with a notice either way.
 *
 * An example opened with techniques switched off (`exampleSwitches`: its puzzle, the slugs and their
 * titles, and the step it shows) switches them off for its puzzle only: every request about that
 * puzzle is sent without them (`exampleOff`), and the Techniques panel shows them off; the person's
 * own switches are not changed. Its board says so once it comes; the board of another puzzle ends
 * it and says that they are on again; a switch the person turns back on leaves it. They are saved
 * with the game (`snapshot`), so a reload, or Back to the example, replays its steps with them off.
 *
 * `busy` names the request Python is answering; `busy.interruptible` marks the person's own quick
 * edits (a digit, a note, a given typed), which the next keypress may overtake. Any other request
 * (a new puzzle being made, a count, a saved game being replayed) is a run whose reply must come:
 * input meanwhile is refused with `refused`, a sentence naming the run, until it ends.
 */

import { sentence } from "./dom.js";

/** The shape of a 9×9 board before Python has answered; replaced by every view. */
const NINE = { n: 9, box_rows: 3, box_cols: 3, symbols: "123456789" };

export const BLANK = ".";

/** A fresh state: an empty board of the given shape, booting. */
export function initialState(saved = null) {
  const shape = saved && saved.shape ? saved.shape : NINE;
  return {
    boot: { stage: "start", label: "Starting", fraction: 0, error: null, stalled: null },
    ready: false,
    versions: null,
    shape,
    entry: Array(shape.n * shape.n).fill(BLANK),
    entryPast: [],
    entryFuture: [],
    view: null,
    // The saved board's settings, sent with the givens until Python's first board has them (a
    // reload onto givens Python refuses has none).
    savedSettings: saved && saved.settings ? saved.settings : null,
    mode: saved && saved.mode === "enter" ? "enter" : "play",
    notesMode: false,
    showCandidates: saved ? saved.showCandidates !== false : true,
    dialog: false,
    selected: 0,
    busy: null,
    error: null,
    notice: null,
    // The notice says what the last reply did (Undo, Redo: Python's `done`), which the step panel's
    // words, the entry the board shows after it, do not.
    doneSaid: false,
    // Words for a screen reader alone (the message's live region says them): Notes on or off, when
    // the Notes button that shows it does not have focus (N or T, or a click that gives focus to the board).
    spoken: null,
    conflicts: [],
    count: null,
    text: "",
    gtsps: null,
    rating: null,
    generateError: null,
    preview: null,
    graphStage: null,
    proofNet: null,
    link: null,
    // The address names a position being opened (Back, Forward, a link): nothing is written to the
    // address until Python's board for it comes, so the shown puzzle does not push itself back.
    opening: false,
    // The saved game (a snapshot with a history) being replayed while the address opens: Cancel
    // then shows its position without the history and leaves the saved record as it was.
    openingGame: null,
    // After such a Cancel: nothing is saved until the next board from Python, so a reload opens the
    // saved game whole.
    savedKept: false,
    // Why the last input was refused while a run went on (cleared when the run ends), and the text
    // of a refused puzzle-text box, kept in the box until it is loaded.
    refused: null,
    keptText: null,
    // The game (a snapshot with its `givens`) whose givens are being edited, and the one set aside
    // when editing changed them: Play with the same givens, or Back, brings it back whole. The game
    // being edited is saved with the board, so a reload while editing keeps it.
    editing: saved && saved.mode === "enter" && saved.editing ? saved.editing : null,
    setAside: null,
    // The stored records a person can download, open or delete (storage.js's setAsideRecords: set
    // aside, or held where the page could not set them aside), and the one whose Delete awaits its
    // confirmation ({key, stamp}), if any.
    asideRecords: [],
    asideConfirm: null,
    // Why S, H and N do nothing while the givens are typed (the `techniques` reply's
    // `entering_cannot`, Python's words, the same for every board): none said before it comes.
    enteringCannot: {},
    exampleSwitches: saved ? savedSwitches(saved) : null,
  };
}

/** A saved game's example switches: they hold for its puzzle again, and its board says so again. */
function savedSwitches(saved) {
  return saved.exampleSwitches ? { puzzle: saved.puzzle, ...saved.exampleSwitches, back: [], shown: false } : null;
}

/** The page's settings from a saved game being opened, as `initialState` takes them at page load:
 * its notes switch, its settings, the game kept while its givens were edited, and its example's
 * switches (without any, those of an example shown now end with its board, which says so). */
function openingSaved(state, saved) {
  return { ...state, showCandidates: saved.showCandidates !== false, savedSettings: saved.settings ?? null,
    editing: saved.mode === "enter" && saved.editing ? saved.editing : null, setAside: null, asideConfirm: null,
    exampleSwitches: savedSwitches(saved) ?? state.exampleSwitches };
}

/** Is `record` the one whose `{key, stamp}` is `which`? */
export function isRecord(record, which) {
  return which !== null && record.key === which.key && record.stamp === which.stamp;
}

/** The list of set-aside records as storage now holds them: the same state when nothing changed (no
 * drawing), and a Delete awaiting confirmation only while its record is still there as it was (a
 * record another tab put in its place was not the one chosen). */
function withRecords(state, records) {
  const same = records.length === state.asideRecords.length
    && records.every((record, at) => isRecord(state.asideRecords[at], record) && record.held === state.asideRecords[at].held);
  if (same) return state;
  const confirm = records.some((record) => isRecord(record, state.asideConfirm)) ? state.asideConfirm : null;
  return { ...state, asideRecords: records, asideConfirm: confirm };
}

/** The puzzle line the person typed (blanks as '.'). */
export function entryText(state) {
  return state.entry.join("");
}

/** The givens of a view as a line of symbols, '.' for a blank. */
export function givensLine(view) {
  return view.givens.map((d) => (d ? view.symbols[d - 1] : BLANK)).join("");
}

/** Does the board show Python's view of what was typed (rather than rejected input)? */
export function isLoaded(state) {
  return state.view !== null && givensLine(state.view) === entryText(state);
}

/** Python's board before its solutions are counted, or with their count cancelled: the status line
 * (a polite live region) says so, and the other live regions that would say it too keep quiet. */
export function countAwaited(state) {
  return isLoaded(state) && ["pending", "uncounted"].includes(state.view.classification.kind);
}

/** Is the page waiting for Python: starting or restarting it, a request being answered, or the
 * count of the board just drawn still to come (a 16×16 or larger load's, asked at once)? What is
 * off meanwhile may be on again when it ends. */
export function awaitsPython(state) {
  return !state.ready || state.busy !== null || (isLoaded(state) && state.view.classification.kind === "pending");
}

/** The step the board highlights: the hint at its level (before it), or the last applied entry. */
export function shownStep(state) {
  if (!isLoaded(state)) return null;
  const view = state.view;
  if (view.hint) return { step: view.hint, mode: "hint" };
  if (view.position > 0) return { step: view.steps[view.position - 1], mode: "applied" };
  return null;
}

const PLAY_HELP = "Play: select a cell and type a digit (N for notes). Hint shows what to look for; "
  + "Step applies the next deduction.";

/** The panel's title and text when no step is shown, or null to leave them as they are: while
 * entering, Python's entry status of the givens (kept while it reads the next keystroke, rather
 * than flashing the play help), and its reason when it refuses them, with what to do next. `said`:
 * the words are the status line's, or the error the message says, which those live regions say. */
function idleWords(state) {
  const view = state.view;
  if (isLoaded(state)) {
    const title = view.steps.length ? "Start" : "No step yet";
    if (state.mode === "enter") return { title, text: view.entry.message, said: true };
    return view.status.status !== "solving" ? { title, text: view.status.message, said: true }
      : { title, text: PLAY_HELP, said: false };
  }
  if (state.error) {
    const reason = `${sentence(state.error.message)}.`;
    const undo = canRetype(state, true) ? ", or press Undo," : "";
    // A text pasted or loaded that does not fit the board is not put on it: no cell to change
    // (Undo would take back a given typed before it), but the box holds the text.
    const next = state.error.cell === null || state.error.cell === undefined
      ? "The text is kept in “Puzzle as text”: correct it there, then Load."
      : `Change that cell${undo} to go on: what you typed is kept.`;
    return state.mode === "enter" ? { title: "Not a puzzle yet", text: `${reason} ${next}`, said: true }
      : { title: "Not loaded", text: reason, said: true };
  }
  return state.mode === "enter" && view ? null : { title: "No step yet", text: PLAY_HELP, said: false };
}

/** The step panel's title and words, which the line under the play bar repeats where the panel is
 * out of sight: `{title, text, kind, said}` of the hint the board shows (Python's title, "Hint 2 of 3:
 * X-Wing"), of the history entry it shows (its name: a tutor's step, or the player's own move), else
 * the idle words; null to leave the panel's words as they are (see idleWords). `said`: another live
 * region says them already, or says what the board's change was (Undo, Redo: see `doneSaid`). */
export function panelWords(state) {
  const shown = shownStep(state);
  if (shown === null) {
    const idle = idleWords(state);
    return idle && { ...idle, kind: "idle", said: idle.said || state.doneSaid };
  }
  const { step, mode } = shown;
  const said = state.doneSaid;
  if (mode === "hint") return { title: step.title, text: step.text, kind: step.kind, said };
  return { title: step.name, text: step.text, kind: step.technique === "move" ? "move" : "step", said };
}

/** The graph the panel draws: a Hall violation's at a contradiction, else the shown step's. */
export function shownGraph(state) {
  if (!isLoaded(state)) return null;
  const status = state.view.status;
  if (status.status === "contradiction" && status.graph) return status.graph;
  const shown = shownStep(state);
  return shown ? shown.step.graph : null;
}

/**
 * What the pointer or focus rests on, in the board's terms: `{cells, digit}` from a graph vertex
 * (its cells, and the digit whose candidates light up there) or `{cell}` from a board cell; the
 * graph's vertices that stand for the linked cell, or the linked vertex itself. Python's graph
 * JSON names each vertex's cells, so nothing here knows the rule behind them.
 */
export function linked(state) {
  const shown = shownStep(state);
  const graph = shownGraph(state);
  const link = state.link;
  const none = { cells: new Set(), digit: null, vertices: new Set() };
  if (!graph || !link) return none;
  if (link.side) {
    const vertex = graph[link.side][link.index];
    if (!vertex) return none;
    const digit = graph.kind === "house" && link.side === "right" ? vertex.id
      : graph.kind === "digit" && shown ? shown.step.digit : null;
    return { cells: new Set(vertex.cells), digit, vertices: new Set([`${link.side}-${link.index}`]) };
  }
  const sides = graph.kind === "house" ? ["left"] : ["left", "right"];
  const vertices = new Set();
  for (const side of sides) {
    graph[side].forEach((vertex, index) => {
      if (vertex.cells.includes(link.cell)) vertices.add(`${side}-${index}`);
    });
  }
  return { cells: vertices.size ? new Set([link.cell]) : new Set(), digit: null, vertices };
}

/** Is this command one Python says makes sense now? */
export function can(state, name) {
  return isLoaded(state) && Boolean(state.view.can[name]);
}

/** What must survive a reload or a worker restart: enough to rebuild the session and the page,
 * and the game whose givens are being edited. */
export function snapshot(state) {
  const page = { shape: state.shape, mode: state.mode, showCandidates: state.showCandidates,
    ...(state.editing ? { editing: state.editing } : {}) };
  if (isLoaded(state)) {
    const view = state.view;
    const lent = state.exampleSwitches;
    const held = lent !== null && lent.off.length > 0 && lent.puzzle === givensLine(view)
      ? { exampleSwitches: { shows: lent.shows, off: lent.off } } : {};
    // `start` (Python's text for the session's start) keeps the placed digits and removed
    // candidates of an imported position; it is the givens' line for a plain puzzle.
    return { ...page, puzzle: view.start ?? givensLine(view), actions: view.actions, position: view.position,
      play: view.play, settings: view.settings, address: view.address, ...held };
  }
  return { ...page, puzzle: entryText(state), actions: [], position: 0, play: null,
    settings: state.view ? state.view.settings : state.savedSettings,
    address: { digits: "", notes: "" } };
}

/** The slugs an example switched off for `puzzle` (by default the puzzle shown), or none. */
export function exampleOff(state, puzzle = null) {
  const lent = state.exampleSwitches;
  const about = puzzle ?? (isLoaded(state) ? givensLine(state.view) : null);
  return lent !== null && lent.puzzle === about ? lent.off.map((t) => t.slug) : [];
}

/** "AIC", "AIC and Grouped AIC", "A, B and C", with the verb that agrees with it. */
function titled(off, one, many) {
  const titles = off.map((t) => t.title);
  const list = titles.length > 1 ? `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}` : titles[0];
  return `${list} ${titles.length > 1 ? many : one}`;
}

/** What the example's board says of its switches, and what it says of any an earlier example had
 * switched off for the puzzle before (on again now). */
function switchedOffWords(lent) {
  const back = backOnWords(lent.back);
  if (lent.off.length === 0) return back;
  const they = lent.off.length > 1 ? "They are" : "It is";
  return `${back ? `${back} ` : ""}${titled(lent.off, "is", "are")} switched off for this example, so the `
    + `${lent.shows} shows. ${they} back on with the next puzzle (or in Techniques).`;
}

/** What the board of another puzzle says once the switches `off` an example held are on again. */
function backOnWords(off) {
  return off.length ? `${titled(off, "is", "are")} on again (switched off only for the example).` : null;
}

/** An example about to open (`example`: its puzzle, the step it shows, and `off`, the slugs and
 * titles it switches off): its switches, held until its board comes; those of an example shown
 * before are said to be on again then. */
function exampleOpening(state, { puzzle, shows, off }) {
  const before = state.exampleSwitches;
  const back = before && before.shown ? before.off.filter((t) => !off.some((o) => o.slug === t.slug)) : [];
  return { ...state, exampleSwitches: { puzzle, shows, off, back, shown: false } };
}

/** A view's effect on an example's switches: its own board says them, once; another puzzle's ends
 * them (saying so if they were shown). */
function withExampleSwitches(state) {
  const lent = state.exampleSwitches;
  if (lent === null) return state;
  // Said before what the view itself says (a given typed that will drop the game's moves).
  const said = (words) => [words, state.notice].filter(Boolean).join(" ") || null;
  if (givensLine(state.view) === lent.puzzle) {
    return lent.shown ? state
      : { ...state, exampleSwitches: { ...lent, shown: true, back: [] }, notice: said(switchedOffWords(lent)) };
  }
  return { ...state, exampleSwitches: null, notice: lent.shown ? said(backOnWords(lent.off)) : state.notice };
}

/** The person switched `slug` on: an example holds it off no longer. */
function switchedOn(state, slug) {
  const lent = state.exampleSwitches;
  if (lent === null || !lent.off.some((t) => t.slug === slug)) return state;
  return { ...state, exampleSwitches: { ...lent, off: lent.off.filter((t) => t.slug !== slug) } };
}

/** 'r3c5' for a cell index, as the solver's text writes it. */
export function cellName(n, cell) {
  return `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
}

/** Python's `view` in reply to `cmd`; `done`: what the reply says the command did (Undo, Redo). */
function withView(state, view, cmd, done) {
  const shape = { n: view.n, box_rows: view.box_rows, box_cols: view.box_cols, symbols: view.symbols };
  const entry = [...givensLine(view)];
  const samePuzzle = state.view !== null && givensLine(state.view) === givensLine(view);
  const hintless = cmd === "hint" && view.hint === null;
  return {
    ...state,
    shape,
    entry,
    view,
    selected: Math.min(state.selected, view.n * view.n - 1),
    error: null,
    notice: done ?? (hintless ? view.status.message : cmd === "check" && view.check ? view.check.message : null),
    doneSaid: done !== undefined,
    conflicts: [],
    count: samePuzzle ? state.count : null,
    // A puzzle text refused while a run went on stays in the box until it is loaded.
    text: state.keptText ?? entry.join(""),
    preview: null, // any reply from Python ends a GTSPS preview: the board shows the game again
    graphStage: null,
    proofNet: null,
    link: null,
    opening: false,
    openingGame: null,
  };
}

function moved(state, dRow, dCol) {
  const n = state.shape.n;
  const row = Math.min(n - 1, Math.max(0, Math.floor(state.selected / n) + dRow));
  const col = Math.min(n - 1, Math.max(0, (state.selected % n) + dCol));
  return { ...state, selected: row * n + col };
}

/** Lines of givens kept for Undo while entering. */
const ENTRY_UNDO_LIMIT = 500;

function typed(state, cell, char) {
  const entry = state.entry.slice();
  entry[cell] = char;
  const entryPast = [...state.entryPast, entryText(state)].slice(-ENTRY_UNDO_LIMIT);
  return { ...state, entry, entryPast, entryFuture: [], conflicts: [], notice: null, text: entry.join(""),
    keptText: null };
}

/** Undo (`back`) or Redo of the givens typed: the line moves between the two stacks. */
function retyped(state, back) {
  const [from, to] = back ? ["entryPast", "entryFuture"] : ["entryFuture", "entryPast"];
  if (!state[from].length) return state;
  const line = state[from][state[from].length - 1];
  return { ...state, entry: [...line], text: line, keptText: null, conflicts: [], notice: null,
    [from]: state[from].slice(0, -1), [to]: [...state[to], entryText(state)] };
}

/** Can Undo (`back`) or Redo change the givens being typed? */
export function canRetype(state, back) {
  return state.mode === "enter" && (back ? state.entryPast : state.entryFuture).length > 0;
}

/** A game worth keeping while its givens are edited: one with a history (moves, steps). */
function gameOf(state) {
  if (!isLoaded(state) || state.view.actions.length === 0) return null;
  const game = { ...snapshot(state), givens: givensLine(state.view) };
  delete game.editing; // a kept game keeps no other
  return game;
}

/** "the 3 moves … are" or "the 1 move … is", as `words` needs them. */
function moves(game, words) {
  const one = game.actions.length === 1;
  return words(`the ${game.actions.length} ${one ? "move" : "moves"}`, one ? "is" : "are", one ? "was" : "were",
    one ? "it" : "them");
}

/** Said when a given typed makes the givens differ from the game's. */
function willDrop(game) {
  return moves(game, (what, is, was, them) => `Changing the givens makes a new puzzle: ${what} played on `
    + `the old one ${is} dropped when you press Play. Undo the change to keep ${them}.`);
}

/** Enter mode keeps the game being edited; Play says when its moves were dropped (the controller
 * brings it back when the givens are the same). */
function switchedMode(state, mode) {
  // A rejected puzzle's message stays: it is why Play has nothing to play yet.
  const next = { ...state, mode, notesMode: mode === "play" && state.notesMode,
    error: isLoaded(state) ? null : state.error, notice: null, doneSaid: false, spoken: null };
  if (mode === state.mode) return next;
  if (mode === "enter") return { ...next, editing: gameOf(state) };
  const game = state.editing;
  if (!game || entryText(state) === game.givens) return { ...next, editing: null };
  return { ...next, editing: null, setAside: game,
    notice: moves(game, (what, is, was) => `A new puzzle: ${what} played on the old givens ${was} dropped. `
      + "The browser's Back button brings that game back.") };
}

/** The game that Play brings back after its givens were edited and then restored, or null. */
export function gameToRestore(state) {
  const game = state.editing;
  if (state.mode !== "enter" || !game || entryText(state) !== game.givens || !isLoaded(state)) return null;
  const view = state.view;
  const same = view.position === game.position && JSON.stringify(view.actions) === JSON.stringify(game.actions);
  return same ? null : game;
}

/** The one place the state changes. */
export function reduce(state, action) {
  switch (action.type) {
    case "boot-progress":
      return { ...state, ready: false, boot: { stage: action.stage, label: action.label, fraction: action.fraction, error: null,
        stalled: state.boot.stalled } };
    case "boot-stall":
      return { ...state, boot: { ...state.boot,
        stalled: action.downloads.length > 0 ? { downloads: action.downloads, seconds: action.seconds } : null } };
    case "ready":
      return { ...state, ready: true, versions: action.versions, boot: { ...state.boot, fraction: 1, stalled: null } };
    case "boot-error":
      return { ...state, ready: false, boot: { ...state.boot, stage: action.stage, error: action.message } };
    case "busy":
      return { ...state, busy: { cmd: action.cmd, label: action.label, slow: false, progress: null,
        pending: action.pending ?? null, interruptible: Boolean(action.interruptible) } };
    case "slow":
      return state.busy ? { ...state, busy: { ...state.busy, slow: true } } : state;
    case "progress":
      return state.busy ? { ...state, busy: { ...state.busy, progress: action.progress } } : state;
    case "idle":
      return { ...state, busy: null, refused: null };
    case "cancelled":
      return { ...state, busy: null, refused: null, ready: false, notice: action.notice, error: null };
    case "refused":
      return action.text === undefined ? { ...state, refused: action.message }
        : { ...state, refused: action.message, text: action.text, keptText: action.text };
    case "view": {
      const next = withView(state, action.view, action.cmd, action.done);
      // Another puzzle to play ends the typing that Undo walks back.
      const typing = action.mode === "enter" || (action.mode === undefined && state.mode === "enter");
      const kept = typing ? next : { ...next, entryPast: [], entryFuture: [], editing: null };
      const warned = typing && state.editing && givensLine(action.view) !== state.editing.givens
        ? { ...kept, notice: willDrop(state.editing) } : kept;
      const saving = { ...warned, savedKept: Boolean(action.keepSaved),
        // A saved game's position shown while Python counts, then replays its history: still opening.
        ...(action.openingGame ? { opening: true, openingGame: action.openingGame } : {}) };
      return withExampleSwitches(action.mode ? { ...saving, mode: action.mode } : saving);
    }
    case "example-opening":
      return exampleOpening(state, action.example);
    case "technique-on":
      return switchedOn(state, action.slug);
    case "classified": // the count a load left pending: the same board, now with all Python knows
      return state.view && givensLine(state.view) === givensLine(action.view)
        ? { ...state, view: action.view, opening: false, openingGame: null, savedKept: Boolean(action.keepSaved) }
        : state;
    case "opening":
      return { ...state, opening: true, openingGame: action.game ?? null };
    case "opened": // Python refused the position opened: its text, shown as typed, may be saved again
      return { ...state, opening: false, openingGame: null };
    case "error":
      return { ...state, error: action.error, notice: null };
    case "notice":
      return { ...state, notice: action.notice, error: action.notice ? null : state.error };
    case "checked":
      return { ...state, notice: action.message, error: null, conflicts: action.conflicts };
    case "count":
      return { ...state, count: action.count };
    case "select":
      return { ...state, selected: action.cell };
    case "move":
      return moved(state, action.dRow, action.dCol);
    case "typed":
      return typed(state, action.cell, action.char);
    case "retyped":
      return retyped(state, action.back);
    case "text":
      return action.fits
        ? { ...state, text: action.text, keptText: null, entry: [...action.text.trim()], conflicts: [], notice: null }
        : { ...state, text: action.text, keptText: null };
    case "keep-text": // the box's text, kept through a reload, stays until a text is loaded
      return { ...state, text: action.text, keptText: action.text };
    case "mode":
      return switchedMode(state, action.mode);
    case "notes-mode": // `announce`: said to a screen reader (see `spoken`)
      return { ...state, notesMode: action.on, showCandidates: action.on ? false : state.showCandidates,
        spoken: action.announce ? `Notes ${action.on ? "on" : "off"}` : null };
    case "show-candidates":
      return { ...state, showCandidates: action.on };
    case "dialog":
      return { ...state, dialog: action.open };
    case "graph-stage":
      return { ...state, graphStage: action.stage };
    case "proof-net":
      return { ...state, proofNet: action.net };
    case "link":
      return { ...state, link: action.link };
    case "aside-records":
      return withRecords(state, action.records);
    case "aside-confirm": // a record's Delete pressed ({key, stamp}), or its confirmation put away (null)
      return { ...state, asideConfirm: action.record && { key: action.record.key, stamp: action.record.stamp } };
    case "open-saved":
      return openingSaved(state, action.game);
    case "merge":
      return { ...state, ...action.patch };
    default:
      throw new Error(`unknown action ${action.type}`);
  }
}

/** A store: `dispatch(action)` reduces and calls `listener(state, action)`. */
export function createStore(initial, listener) {
  let state = initial;
  return {
    get state() { return state; },
    dispatch(action) {
      state = reduce(state, action);
      listener(state, action);
    },
  };
}
