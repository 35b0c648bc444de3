/**
 * The controller: the one place that talks to the solver worker. Each intent (a button, a key, a
 * pasted puzzle) becomes one request (docs/worker-protocol.md); the reply is dispatched to the
 * store as an action. Only the newest request's reply is kept, so a request may be overtaken only
 * when it is one of the person's quick edits (a digit, a note, a given typed: the next one's reply
 * shows both, and should the next fail, the board of the last edit overtaken is shown with its
 * error); while any other runs (a new puzzle being made, a count, a saved game replayed), input
 * and requests are refused with a message naming the run, and its reply still comes. A slow request
 * shows its label and a Cancel that restarts the worker and rebuilds the same position from the
 * store's snapshot (a saved game being replayed: its position without the history, the saved
 * record left as it was).
 * Nothing here knows Sudoku: which commands make sense, what is wrong and what a hint shows all
 * come from Python in the reply.
 */

import { BLANK, can, cellName, entryText, gameToRestore, givensLine, isLoaded, snapshot } from "./store.js";

/** What the status line says while each command runs. */
const WORKING = {
  load: "Loading the puzzle…", step: "Finding the next step…", hint: "Finding a hint…",
  apply: "Applying the hint…", back: "Going back…", forward: "Going forward…", undo: "Undoing…",
  redo: "Redoing…", goto: "Going to the step…", solve_logic: "Solving by logic…", guess: "Guessing…",
  backtrack: "Backtracking…", solve: "Solving with search…", check: "Checking…",
  count: "Counting solutions…", classify: "Counting solutions…", gtsps: "Running the graph method…", rate: "Rating the puzzle…",
  generate: "Making a new puzzle…", place: "Placing…", erase: "Erasing…", note: "Noting…",
  fill_notes: "Filling the notes…", settings: "Changing the settings…", export: "Writing the board as text…",
  export_path: "Writing the solution path…",
};
const SLOW_MS = 400;
/** Requests the person's next keypress may overtake: the reply to the next shows the effect of both. */
const EDITS = new Set(["place", "erase", "note", "settings"]);

/** Commands whose reply is a `view` and whose button Python enables through `can`. */
export const VIEW_COMMANDS = {
  back: "undo", forward: "redo", undo: "undo", redo: "redo", step: "step", hint: "hint",
  apply: "apply", solve_logic: "solve_logic", guess: "guess", backtrack: "backtrack", solve: "solve",
  fill_notes: "fill_notes",
};

/** The number of the saved step Python could not replay, from its message ("cannot replay action
 * 21 ('place r1c3 5'): …"), or null. */
function unreplayedStep(message) {
  const match = /cannot replay action (\d+) /.exec(message ?? "");
  return match ? Number(match[1]) : null;
}

/** `message` ended by one full stop. */
const endedWithStop = (message) => `${message.replace(/[.\s]+$/, "")}.`;

/** `setAside()` keeps the stored record as it was and says where (a sentence), before the page saves
 * the part of it that could be opened. */
export function createController(store, client, { setAside = () => "" } = {}) {
  const dispatch = store.dispatch;
  let latest = 0; // sequence number of the newest request: older replies are dropped
  // The board of the newest quick edit overtaken by a later request: Python applied that edit,
  // so when the later request fails, this board is shown before its error, not the older one.
  let overtaken = null;

  /** Refuse an input while a run (not a quick edit) is being answered: say what runs and that `what`
   * was not done; `text` (a refused puzzle text) stays in the text box. True when refused. */
  function refuse(what, text) {
    const busy = store.state.busy;
    if (!busy || busy.interruptible) return false;
    dispatch({ type: "refused", text,
      message: `${busy.label} Wait for it, or press Cancel to stop it: ${what}.` });
    return true;
  }

  /** Send one request; resolve with its reply, or null when a newer request has superseded it.
   * While a run is being answered, the request is not sent: it rejects with kind "busy" (the
   * refusal is shown already). `typing`: a given typed, which the next keypress may overtake. */
  async function ask(cmd, args = {}, { typing = false } = {}) {
    if (refuse("that request was not sent")) throw { kind: "busy", message: store.state.refused };
    const seq = ++latest;
    // A settings change is shown as asked while Python applies it (the switch must not flick back).
    dispatch({ type: "busy", cmd, label: WORKING[cmd] || "Working…", pending: cmd === "settings" ? args : null,
      interruptible: typing || EDITS.has(cmd) });
    setTimeout(() => seq === latest && dispatch({ type: "slow" }), SLOW_MS);
    try {
      const reply = await client.request(cmd, args, {
        onProgress: (progress) => seq === latest && dispatch({ type: "progress", progress }),
      });
      if (seq !== latest) {
        if (EDITS.has(cmd) && reply && reply.view) overtaken = { cmd, view: reply.view };
        return null;
      }
      overtaken = null;
      dispatch({ type: "idle" });
      return reply;
    } catch (error) {
      if (seq !== latest) return null;
      if (overtaken) dispatch({ type: "view", view: overtaken.view, cmd: overtaken.cmd });
      overtaken = null;
      dispatch({ type: "idle" });
      throw error;
    }
  }

  function failed(error) {
    if (error && (error.kind === "cancelled" || error.kind === "busy")) return;
    dispatch({ type: "error", error: { kind: "internal", message: String(error), cell: null, house: null, cells: [], ...error } });
  }

  /** A new session; an empty board starts in enter mode, any other in `mode`. A board without
   * givens but with a position Python read (pencil marks pasted: its start text is not the givens'
   * line) is not empty: typing givens would wipe the marks, so it opens in `mode` too. */
  async function load(puzzle, extra = {}, mode = "play", { typing = false, keepSaved = false } = {}) {
    // The person's settings go on through givens Python refused: the last board's, else the saved ones.
    const settings = (store.state.view ? store.state.view.settings : store.state.savedSettings) ?? undefined;
    try {
      const reply = await ask("load", { settings, ...extra, puzzle }, { typing });
      if (reply) {
        const view = reply.view;
        const empty = view.givens.every((digit) => digit === 0) && (view.start ?? givensLine(view)) === givensLine(view);
        const pending = view.classification.kind === "pending";
        // A saved history Python replays after the count: the board shows the saved position, and
        // the game stays being opened (nothing saved over it; Cancel reopens it without its steps).
        const replaying = pending && (extra.actions ?? []).length > 0;
        dispatch({ type: "view", view, cmd: "load", mode: empty ? "enter" : mode, keepSaved,
          openingGame: replaying ? { ...extra, puzzle, mode, address: { digits: extra.digits, notes: extra.notes } } : null });
        if (reply.notice) dispatch({ type: "notice", notice: reply.notice }); // how Python read the text
        // Python drew the board before counting its solutions: the count is asked at once, so the
        // worker answers it before anything the person asks next (which is refused meanwhile).
        if (pending) await classify({ typing, keepSaved });
      }
      return true;
    } catch (error) {
      // The spot Python names is a cell of the text it read: marked only when the board shows that
      // text, never on a cell of the puzzle still shown (of another size, or another picture).
      const shown = entryText(store.state) === puzzle.trim();
      failed(shown || !error || typeof error.cell === "undefined" ? error
        : { ...error, cell: null, house: null, cells: [] });
      return false;
    }
  }

  /** The count a load left pending; its reply's view (status, classification, what may be done)
   * replaces the board's, which stays as it is (mode, saved record, notice). A newer load drops it. */
  async function classify({ typing = false, keepSaved = false } = {}) {
    const reply = await ask("classify", {}, { typing });
    if (reply) dispatch({ type: "classified", view: reply.view, keepSaved });
  }

  /** A command on the session; its reply's view replaces the board, and its words of what it did
   * (`done`: Undo's and Redo's) are the notice. */
  async function command(cmd, args = {}) {
    try {
      const reply = await ask(cmd, args);
      if (reply) dispatch({ type: "view", view: reply.view, cmd, done: reply.done });
    } catch (error) {
      failed(error);
    }
  }

  /** Check: on the player's position in play; on the typed givens while entering a puzzle. */
  async function check() {
    const state = store.state;
    if (state.mode === "play" && isLoaded(state)) return command("check");
    try {
      const reply = await ask("check", { puzzle: entryText(state) });
      if (reply) dispatch({ type: "checked", message: reply.message, conflicts: reply.conflicts });
    } catch (error) {
      failed(error);
    }
  }

  /** Count solutions. On a board whose count was cancelled, Python offers that count (`can.classify`):
   * it is asked again (Cancel stops it as before), and its view brings back Step, Hint and Check. A
   * saved game kept after Cancel stays kept, as this is no move. */
  async function count() {
    try {
      if (can(store.state, "classify")) return await classify({ keepSaved: store.state.savedKept });
      const reply = await ask("count", { puzzle: givensLine(store.state.view) });
      if (reply) dispatch({ type: "count", count: { count: reply.count, limit: reply.limit, message: reply.message } });
    } catch (error) {
      failed(error);
    }
  }

  /** Stop a long computation: restart the worker, then rebuild the same position. A saved game
   * being replayed is not lost: its position comes back without the history, and nothing is saved
   * until the next board, so a reload opens the saved game whole. */
  async function cancel() {
    const state = store.state;
    const game = state.openingGame;
    const opening = state.opening;
    const snap = snapshot(state);
    // The count a big board's load left for later: the board comes back uncounted (Python's words
    // say so), its position as its link gives it (a history there waits for the count).
    const counting = state.busy !== null && state.busy.cmd === "classify";
    latest += 1;
    overtaken = null;
    dispatch({ type: "cancelled", notice: "Cancelled: restarting the solver…" });
    try {
      await client.cancel();
    } catch {
      return; // the boot error is shown by onBootError
    }
    if (game) return reopenWithoutHistory(game, counting);
    // Cancelled while a position was being opened, no board of it shown yet: the blank (or other)
    // board shown is not saved over the saved game; nor is a count asked again by Count solutions
    // on a saved game kept (its replay was cancelled), which is no move.
    const keepSaved = opening || (counting && state.savedKept);
    const extra = counting ? { digits: snap.address.digits, notes: snap.address.notes, play: snap.play,
      settings: snap.settings, count: false } : saved(snap);
    if (await load(snap.puzzle, extra, snap.mode, { keepSaved })) {
      dispatch({ type: "notice", notice: "Cancelled." });
    }
  }

  /** After Cancel stopped replaying `game`'s history: its position (digits and notes), said so;
   * left uncounted when Cancel stopped the count before the replay (`uncounted`). */
  async function reopenWithoutHistory(game, uncounted = false) {
    const count = game.actions.length;
    const steps = `${count.toLocaleString("en-US")} step${count === 1 ? "" : "s"}`;
    const extra = { digits: game.address.digits, notes: game.address.notes, play: game.play, settings: game.settings,
      ...(uncounted ? { count: false } : {}) };
    const ok = await load(game.puzzle, extra, game.mode, { keepSaved: true })
      || await load(game.puzzle, {}, game.mode, { keepSaved: true });
    if (!ok) return;
    dispatch({ type: "notice", notice: `Cancelled replaying the saved game's ${steps}: its position is `
      + `shown without ${count === 1 ? "it" : "them"}, so Undo starts here. The saved game is kept until your `
      + "next move; reload the page to open it whole." });
  }

  /** The load arguments that rebuild a snapshot's session; its position's digits and notes let
   * Python show a big board before the count its history's replay needs. */
  function saved(snap) {
    return { actions: snap.actions, position: snap.position, play: snap.play, settings: snap.settings,
      ...(snap.address ? { digits: snap.address.digits, notes: snap.address.notes } : {}) };
  }

  /** Say what could not be read, once: beside Python's error if there is one, else as a notice. */
  function report(problems) {
    if (problems.length === 0) return;
    const text = problems.join(" ");
    const error = store.state.error;
    dispatch(error ? { type: "error", error: { ...error, message: `${error.message} ${text}` } }
      : { type: "notice", notice: text });
  }

  /** Open a position: the saved one (or the game set aside while its givens were edited) when it
   * is the same position, history and all, else the address's digits and notes on the givens;
   * `problems` (what could not be read) are said after; `entryMode`, the mode its history entry was
   * left in, is the mode of a position not saved. Until Python's board comes, the page writes
   * nothing to the address, which already names the position. A puzzle Python refuses `fromAddress`
   * is said to come from the address. `keep()` sets the stored record aside, as it was, before the
   * part of it that replays is saved, and says where: the saved board's by default (a record opened
   * from the list of set-aside games is kept already). True when a board of the position came. */
  async function open(position, stored, problems = [], entryMode = "play", { fromAddress = false, keep = setAside } = {}) {
    // Back or Forward while a run goes on: refused as any input is (the run's reply still comes).
    if (refuse("the position in the address was not opened")) return false;
    dispatch({ type: "opening" });
    const matches = (snap) => Boolean(snap) && snap.puzzle === position.puzzle
      && snap.address.digits === position.digits && snap.address.notes === position.notes;
    const savedSnap = [stored, store.state.editing, store.state.setAside].find(matches) ?? stored;
    const same = matches(savedSnap);
    if (same && savedSnap.actions.length > 0) {
      dispatch({ type: "opening", game: savedSnap });
      if (await load(position.puzzle, saved(savedSnap), savedSnap.mode)) {
        report(problems);
        return true;
      }
      // The steps replay up to the one Python refused (as storage.js's reading of a log promises);
      // the record as it was is set aside before the page saves over it.
      const why = store.state.error ? store.state.error.message : "";
      const total = savedSnap.actions.length;
      const failed = unreplayedStep(why);
      const kept = failed !== null && failed > 1 ? savedSnap.actions.slice(0, failed - 1) : [];
      const said = why ? ` ${endedWithStop(`Python says: ${why}`)}` : "";
      if (kept.length > 0 && await load(position.puzzle, saved({ ...savedSnap, actions: kept,
        position: Math.min(savedSnap.position, kept.length) }), savedSnap.mode)) {
        report([...problems, `Step ${failed} of the saved game's ${total} steps could not be replayed, so the game `
          + `was opened at step ${kept.length}, the last that replays.${said} ${keep()}`.trim()]);
        return true;
      }
      dispatch({ type: "opening" }); // the history is left out now: Cancel has no game to keep
      problems = [...problems, `The saved game's steps could not be replayed, so the puzzle was loaded without `
        + `them.${said} ${keep()}`.trim()];
    }
    if (position.puzzle.length === store.state.entry.length) dispatch({ type: "text", text: position.puzzle, fits: true });
    const mode = same ? savedSnap.mode : entryMode;
    let ok = await load(position.puzzle, { digits: position.digits, notes: position.notes,
      play: same ? savedSnap.play : null, settings: same ? savedSnap.settings : undefined }, mode);
    const why = store.state.error;
    if (!ok && (position.digits || position.notes) && await load(position.puzzle, {}, mode)) {
      ok = true;
      if (why) problems = [...problems, `The link's digits and notes were left out: ${why.message}.`];
    }
    // Python refused the address's puzzle: said to come from the address, and what the board shows.
    // (A text shown on the board as it was read, its cell marked, needs no more words.)
    if (!ok && fromAddress && store.state.error && entryText(store.state) !== position.puzzle.trim()) {
      const shows = isLoaded(store.state) ? "the board still shows the previous puzzle" : "no board was opened from it";
      dispatch({ type: "error", error: { ...store.state.error,
        message: `The puzzle in the address was not opened (${store.state.error.message}); ${shows}.` } });
    }
    // No board came, but the board shows the puzzle as typed (a repeated given typed before a
    // reload, which Python refuses): the opening is over all the same, so that what is typed next
    // is saved. Refused text of another size is not shown, and the address keeps naming it.
    if (store.state.opening && entryText(store.state) === position.puzzle.trim()) dispatch({ type: "opened" });
    report(problems);
    return ok;
  }

  /** A character typed on the board: a given while entering, a digit or note while playing. */
  function type(char, { shift = false } = {}) {
    const state = store.state;
    if (!state.ready) return;
    const cell = state.selected;
    const where = cellName(state.shape.n, cell);
    if (refuse(char === BLANK ? `${where} was not erased` : `the ${char} typed in ${where} was not entered`)) return;
    if (state.mode === "enter" || !isLoaded(state)) {
      if (state.entry[cell] === char) return;
      dispatch({ type: "typed", cell, char });
      load(entryText(store.state), {}, "enter", { typing: true });
      return;
    }
    if (char === BLANK) {
      command("erase", { cell });
      return;
    }
    const digit = state.shape.symbols.indexOf(char) + 1;
    if (digit === 0) {
      // Python's own words for the size's digits, as Enter mode's message says them.
      dispatch({ type: "notice", notice: `'${char}' is not a digit here (${where} `
        + `unchanged): ${state.view.symbols_rule}.` });
      return;
    }
    const note = state.notesMode || shift;
    if (note && state.showCandidates) dispatch({ type: "show-candidates", on: false });
    command(note ? "note" : "place", { cell, digit });
  }

  /** Switch between entering the givens and playing. Back in Play with the givens the game had,
   * the game comes back with its moves and history (editing them loaded a new session). */
  function mode(next) {
    const game = next === "play" ? gameToRestore(store.state) : null;
    dispatch({ type: "mode", mode: next });
    if (game) return load(game.puzzle, saved(game), "play");
    return undefined;
  }

  /** Undo (`back`) or Redo of a given typed while entering, loaded as typing it was. */
  function retype(back) {
    dispatch({ type: "retyped", back });
    load(entryText(store.state), {}, "enter", { typing: true });
  }

  /** Pasted or submitted text: a line that fits the board goes onto it as typed, so a character
   * Python rejects is shown (and marked) in its own cell rather than on the previous puzzle. While a
   * run goes on it is refused; text from the box (`fromBox`) stays there. */
  function loadText(text, { fromBox = false } = {}) {
    if (refuse(fromBox ? "the text in the box was not loaded (it stays there)" : "the pasted text was not loaded",
      fromBox ? text : undefined)) return;
    const line = text.trim();
    dispatch({ type: "text", text, fits: line.length === store.state.entry.length && !/\s/.test(line) });
    load(text);
  }

  function settings(changes) {
    return command("settings", changes);
  }

  return { ask, failed, refuse, load, command, check, count, cancel, open, type, mode, retype, loadText, settings };
}
