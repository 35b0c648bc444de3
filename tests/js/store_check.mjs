// Runs web/js/store.js under Node: every action of a scripted session is reduced from a deeply
// frozen state (a mutation would throw), and the results are printed as JSON for the Python test.
import { enabled } from "../../web/js/controls-view.js";
import { parseSaved } from "../../web/js/storage.js";
import { createStore, exampleOff, gameToRestore, givensLine, initialState, reduce, panelWords, snapshot, shownStep }
  from "../../web/js/store.js";

const freeze = (value) => {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) freeze(value[key]);
  }
  return value;
};

const [viewJson] = process.argv.slice(2);
const view = JSON.parse(viewJson);
const actions = [
  { type: "ready", versions: { python: "3", pyodide: "p", pysolver: "0" } },
  { type: "busy", cmd: "load", label: "Loading" },
  { type: "idle" },
  { type: "view", view, cmd: "load", mode: "play" },
  { type: "select", cell: 10 },
  { type: "move", dRow: -5, dCol: 20 },
  { type: "notes-mode", on: true },
  { type: "typed", cell: 0, char: "5" },
  { type: "mode", mode: "enter" },
  { type: "proof-net", net: 2 },
  { type: "view", view, cmd: "goto" },
];
let state = freeze(initialState(null));
const seen = [];
for (const action of actions) {
  const next = reduce(state, freeze(action));
  seen.push({ type: action.type, changed: next !== state, selected: next.selected, mode: next.mode,
    notesMode: next.notesMode, showCandidates: next.showCandidates, proofNet: next.proofNet });
  state = freeze(next);
}
let unknown = null;
try { reduce(state, { type: "fly" }); } catch (error) { unknown = error.message; }
const heard = [];
const store = createStore(initialState(null), (s, a) => heard.push(a.type));
store.dispatch({ type: "select", cell: 3 });
// Python answering a digit (busy): N and the keys dialog still work, the tutor's commands wait.
const loaded = reduce(reduce(initialState(null), { type: "ready", versions: {} }), { type: "view", view, cmd: "load", mode: "play" });
const answering = reduce(loaded, { type: "busy", cmd: "settings", label: "…", pending: { mark_mistakes: true } });
const whileBusy = Object.fromEntries(["notes", "keys", "hint", "undo", "cancel"].map((name) => [name, enabled(answering, name)]));
// A typed puzzle Python rejected: switching to Play keeps the reason on screen.
const rejected = reduce({ ...initialState(null), mode: "enter", entry: ["5", "5", ...Array(79).fill(".")] },
  { type: "error", error: { message: "two 5s in row 1" } });
const playRejected = reduce(rejected, { type: "mode", mode: "play" });
const playLoaded = reduce(reduce(loaded, { type: "error", error: { message: "busy" } }), { type: "mode", mode: "enter" });
// Entering givens: Undo and Redo walk the lines typed; another puzzle to play ends that history.
let entering = reduce(reduce(initialState(null), { type: "ready", versions: {} }), { type: "mode", mode: "enter" });
entering = reduce(reduce(entering, { type: "typed", cell: 0, char: "1" }), { type: "typed", cell: 1, char: "2" });
const undone = reduce(entering, { type: "retyped", back: true });
const redone = reduce(undone, { type: "retyped", back: false });
const retyping = { undoAfterTwo: enabled(entering, "undo"), redoAfterTwo: enabled(entering, "redo"),
  afterUndo: undone.entry.slice(0, 2).join(""), redoAfterUndo: enabled(undone, "redo"),
  afterRedo: redone.entry.slice(0, 2).join(""), undoWhenPlaying: enabled({ ...entering, mode: "play" }, "undo"),
  pastAfterPlayLoad: reduce(entering, { type: "view", view, cmd: "load", mode: "play" }).entryPast.length,
  pastAfterTypedLoad: reduce(entering, { type: "view", view, cmd: "load", mode: "enter" }).entryPast.length };
// Editing a played game's givens: the game is kept; a changed given warns, Play says its moves were
// dropped (and keeps it for Back); the same givens again give the game back; an address being
// opened holds until Python's board comes.
const editingGame = reduce(loaded, { type: "mode", mode: "enter" });
const changedView = { ...view, givens: [1, ...view.givens.slice(1)], actions: [], position: 0 };
const typedChange = reduce(reduce(editingGame, { type: "typed", cell: 0, char: "1" }),
  { type: "view", view: changedView, cmd: "load", mode: "enter" });
const droppedOnPlay = reduce(typedChange, { type: "mode", mode: "play" });
const sameAgain = reduce(typedChange, { type: "view", view: { ...view, actions: [], position: 0 }, cmd: "load", mode: "enter" });
const opening = reduce(loaded, { type: "opening" });
// The tutor's commands wait for Play; Check, Count and Export work on givens being typed.
const commands = ["step", "solve", "check", "count", "export"];
const playingOnlyWhen = Object.fromEntries(["play", "enter"].map((mode) => [mode,
  commands.filter((name) => enabled(mode === "play" ? loaded : editingGame, name))]));
const editing = { kept: editingGame.editing && editingGame.editing.actions, warned: typedChange.notice,
  dropped: droppedOnPlay.notice, setAside: droppedOnPlay.setAside && droppedOnPlay.setAside.actions,
  editingAfterPlay: droppedOnPlay.editing, warnedWhenSame: sameAgain.notice,
  restore: gameToRestore(sameAgain) && gameToRestore(sameAgain).actions, restoreUntouched: gameToRestore(editingGame),
  opening: opening.opening, openedByView: reduce(opening, { type: "view", view, cmd: "load" }).opening };
// A reload while editing: the kept game is saved with the board and read back with it.
const savedWhileEditing = parseSaved(JSON.stringify({ version: 1, ...snapshot(typedChange) }));
const reloaded = initialState(savedWhileEditing.value);
const broken = JSON.parse(JSON.stringify({ version: 1, ...snapshot(typedChange) }));
broken.editing.actions = "place r1c1 9";
const reloading = { savedGame: snapshot(typedChange).editing.actions, problem: savedWhileEditing.problem,
  mode: reloaded.mode, editing: reloaded.editing && reloaded.editing.actions,
  givens: reloaded.editing && reloaded.editing.givens === editingGame.editing.givens,
  nested: "editing" in reloaded.editing, notKeptInPlay: initialState({ ...savedWhileEditing.value, mode: "play" }).editing,
  broken: parseSaved(JSON.stringify(broken)).problem };
// The list of set-aside records: the same state when storage lists the same records again; a Delete
// awaiting its confirmation only while its record is there as it was; a saved game opened from the
// list brings its notes switch, settings and edited game, as at page load.
const first = { key: "pysolver.board.set-aside", text: "a", held: false, stamp: "1.a", summary: "A", openable: true };
const second = { ...first, key: "pysolver.board.set-aside.2", text: "b", stamp: "1.b" };
const listed = freeze(reduce(freeze(initialState(null)), freeze({ type: "aside-records", records: [first, second] })));
const confirming = freeze(reduce(listed, freeze({ type: "aside-confirm", record: second })));
const openedSaved = reduce(confirming, freeze({ type: "open-saved", game: { showCandidates: false, mode: "enter",
  settings: { auto_clear_notes: false, mark_mistakes: true }, editing: { givens: "1..." } } }));
const asideList = {
  initial: initialState(null).asideRecords, listed: listed.asideRecords.map((record) => record.key),
  sameAgain: reduce(listed, freeze({ type: "aside-records", records: [{ ...first }, { ...second }] })) === listed,
  heldNow: reduce(listed, freeze({ type: "aside-records", records: [{ ...first, held: true }, second] })) !== listed,
  confirm: confirming.asideConfirm,
  confirmKept: reduce(confirming, freeze({ type: "aside-records", records: [second] })).asideConfirm,
  confirmReplaced: reduce(confirming, freeze({ type: "aside-records",
    records: [first, { ...second, text: "c", stamp: "1.c" }] })).asideConfirm,
  putAway: reduce(confirming, freeze({ type: "aside-confirm", record: null })).asideConfirm,
  opened: { showCandidates: openedSaved.showCandidates, settings: openedSaved.savedSettings,
    editing: openedSaved.editing, confirm: openedSaved.asideConfirm },
  // An example's game set aside and opened again: its switches hold for its puzzle, as after a reload.
  openedExample: exampleOff(reduce(listed, freeze({ type: "open-saved", game: { puzzle: "1...", mode: "play",
    exampleSwitches: { shows: "Discontinuous Nice Loop", off: [{ slug: "aic", title: "AIC" }] } } })), "1..."),
  openedPlain: reduce(listed, freeze({ type: "open-saved", game: { puzzle: "1...", mode: "play" } })).exampleSwitches,
};
// An example that needs AIC off, opened on the board shown and on another: its switches hold for its
// puzzle only, its board says so, another puzzle's board says they are on again.
const other = { ...view, givens: [1, ...view.givens.slice(1)], actions: [], position: 0 };
const loop = (puzzle, without = ["aic"], shows = "Discontinuous Nice Loop") => ({ type: "example-opening",
  example: { puzzle, shows, off: without.map((slug) => ({ slug, title: slug === "aic" ? "AIC" : "Grouped AIC" })) } });
const loopOpening = freeze(reduce(loaded, loop(givensLine(view))));
const openedLoop = freeze(reduce(loopOpening, { type: "view", view, cmd: "load", mode: "play" }));
const stepped = reduce(openedLoop, { type: "view", view, cmd: "step" });
const otherOpening = freeze(reduce(loaded, loop(givensLine(other))));
const exampleSwitches = {
  opening: { shown: exampleOff(loopOpening), notice: loopOpening.notice },
  otherOpening: { shown: exampleOff(otherOpening), forItsPuzzle: exampleOff(otherOpening, givensLine(other)),
    refusedThenShownAgain: reduce(otherOpening, { type: "view", view, cmd: "step" }).exampleSwitches },
  opened: { off: exampleOff(openedLoop), notice: openedLoop.notice },
  stepped: { off: exampleOff(stepped), notice: stepped.notice },
  anotherPuzzle: (() => {
    const next = reduce(stepped, { type: "view", view: other, cmd: "load", mode: "play" });
    return { off: exampleOff(next), held: next.exampleSwitches, notice: next.notice };
  })(),
  anotherExample: (() => {
    const next = reduce(reduce(stepped, loop(givensLine(other), ["grouped-aic"], "Grouped Continuous Nice Loop")),
      { type: "view", view: other, cmd: "load", mode: "play" });
    return { off: exampleOff(next), notice: next.notice };
  })(),
  // Saved with the game: a reload holds them off for its puzzle again, and its board says so again.
  reloaded: (() => {
    const saved = snapshot(stepped);
    const read = parseSaved(JSON.stringify({ version: 1, ...saved }));
    const again = initialState(read.value);
    const odd = parseSaved(JSON.stringify({ version: 1, ...saved, exampleSwitches: { shows: "X", off: ["aic"] } }));
    return { saved: saved.exampleSwitches, problem: read.problem, off: exampleOff(again, givensLine(view)),
      notice: reduce(again, { type: "view", view, cmd: "load", mode: "play" }).notice,
      afterAnotherPuzzle: "exampleSwitches" in snapshot(reduce(stepped, { type: "view", view: other, cmd: "load" })),
      odd: odd.problem, oddHeld: "exampleSwitches" in odd.value };
  })(),
  switchedOn: (() => {
    const on = reduce(stepped, { type: "technique-on", slug: "aic" });
    const next = reduce(on, { type: "view", view: other, cmd: "load", mode: "play" });
    return { off: exampleOff(on), noticeAfter: next.notice };
  })(),
};
console.log(JSON.stringify({ seen, unknown, exampleSwitches, heard, asideList, selected: store.state.selected, whileBusy, retyping, editing, reloading,
  playingOnlyWhen,
  modeKeepsRejection: playRejected.error && playRejected.error.message, modeClearsLoadedError: playLoaded.error,
  pending: answering.busy.pending,
  snapshot: snapshot(reduce(initialState(null), { type: "view", view, cmd: "load" })),
  shown: shownStep(reduce(initialState(null), { type: "view", view, cmd: "load" })),
  // The step panel (and the line under the play bar) says the hint, the player's move or the tutor's
  // step as Python sent them.
  hints: [{ ...view, hint: { kind: "step", level: 1, title: "Hint 1 of 3: Naked Single", text: "Look." } }, view,
    { ...view, steps: [{ ...view.steps[0], technique: "naked-single", name: "Naked Single", text: "r1c1 can only be 9." }] }]
    .map((shown) => panelWords(reduce(initialState(null), { type: "view", view: shown, cmd: "hint" }))) }));
