/**
 * The page around the board: boot progress, the status line (with the classification said at
 * load and the finishing message), the message (an error, else a notice, in a live region that is
 * always there: see `renderMessage`), the buttons (enabled from Python's `can` map), the mode switch, Notes, the digit pad
 * (which follows Notes mode), the notes-and-mistakes settings and the keys dialog (whose digits
 * and letter shortcuts follow the size: at 25×25 N and H are digits). It reads the
 * store and draws; it decides nothing about the puzzle.
 */

import { VIEW_COMMANDS } from "./controller.js";
import { h, redraw, sentence, setAttr, setData, setOff, setProp, setText } from "./dom.js";
import { shortcutKeys } from "./input.js";
import { awaitsPython, can, canRetype, countAwaited, isLoaded, panelWords } from "./store.js";

/** Intents that change only how the page takes input: a fast typist's N while Python is still
 * answering the previous digit must not be lost. */
const WHILE_BUSY = new Set(["notes", "keys", "close-keys"]);
/** Intents that need no solver: a set-aside record can be downloaded or deleted while Python boots,
 * answers, or failed to start. */
const ANYTIME = new Set(["aside-download", "aside-delete", "aside-delete-confirm", "aside-keep"]);

/** Is the button for `name` usable now? */
/** The commands that play the puzzle (the tutor's steps, hints, notes): off in Enter puzzle mode,
 * where Check names the repeats among the givens typed. */
const PLAYING = new Set(["step", "hint", "apply", "solve_logic", "guess", "backtrack", "solve", "fill_notes"]);

export function enabled(state, name) {
  if (ANYTIME.has(name)) return true;
  if (state.ready && state.busy && WHILE_BUSY.has(name)) return name !== "notes" || notesUsable(state);
  if (!state.ready || state.busy) return name === "cancel" && state.busy !== null;
  if (state.mode === "enter" && (name === "undo" || name === "redo")) return canRetype(state, name === "undo");
  // The tutor plays the puzzle once it is one: while its givens are typed, Play comes first.
  if (state.mode === "enter" && PLAYING.has(name)) return false;
  if (name in VIEW_COMMANDS) return can(state, VIEW_COMMANDS[name]);
  switch (name) {
    case "count": case "goto": case "gtsps": case "rate": case "export": return isLoaded(state);
    case "notes": return notesUsable(state);
    case "cancel": return false;
    default: return true;
  }
}

function notesUsable(state) {
  return state.mode === "play" && isLoaded(state);
}

/** What the boot bar says of the downloads that have stalled: which files, from where, and what now. */
export function stallMessage({ downloads, seconds }) {
  const files = downloads.map(({ file, url }) => `${file} (${url})`).join(", ");
  const one = downloads.length === 1;
  return `Stalled: nothing has arrived for ${seconds}\u00a0s from ${files}. Still waiting for ${one ? "it" : "them"}; `
    + "if it does not resume, Retry starts again.";
}

function statusOf(state) {
  if (state.boot.error) return { key: "error", badge: "Error", text: "The solver could not start." };
  if (state.boot.stalled && !state.ready) {
    return { key: "stalled", badge: "Stalled", text: `Waiting for ${state.boot.stalled.downloads.map((d) => d.file).join(", ")}` };
  }
  if (!state.view && !state.ready) return { key: "booting", badge: "Starting", text: state.boot.label };
  if (!isLoaded(state)) {
    return state.error ? { key: "invalid", badge: "Invalid", text: state.error.message }
      : { key: "loading", badge: "Loading", text: "Opening the puzzle…" };
  }
  // While the givens are typed, the worker's entry status: "Stuck" would talk about solving them.
  const { status: word, message } = state.mode === "enter" ? state.view.entry : state.view.status;
  return { key: word, badge: sentence(word), text: message };
}

/** How often, at most, the status line says a slow run's progress anew (see runWords). */
const SAY_PROGRESS_MS = 15_000;

export function createControlsView(doc) {
  const $ = (id) => doc.getElementById(id);
  const els = {
    boot: $("boot"), bootLabel: $("boot-label"), bootBar: $("boot-bar"), versions: $("versions"),
    status: $("status"), message: $("message"), messageLive: $("message-live"), spoken: $("spoken"),
    classification: $("classification"), finish: $("finish"),
    stepEcho: $("step-echo"), echoTitle: doc.querySelector("#step-echo .echo-title"), echoText: doc.querySelector("#step-echo .echo-text"),
    pad: $("pad"), size: $("size"), examples: $("examples"), cancel: $("cancel"), text: $("puzzle-text"),
    notes: $("notes-toggle"), dialog: $("keys-dialog"), settings: $("settings-panel"),
    keysDigits: $("keys-digits"), keysNotes: $("keys-notes"), keysHint: $("keys-hint"),
  };
  let shownText = null;

  function renderBoot(state) {
    const boot = state.boot;
    setProp(els.boot, "hidden", state.ready);
    els.boot.classList.toggle("failed", boot.error !== null);
    els.boot.classList.toggle("stalled", boot.error === null && boot.stalled !== null);
    setText(els.bootLabel, boot.error ? `The solver could not start (${boot.stage}): ${boot.error}`
      : boot.stalled ? `${boot.label}… ${stallMessage(boot.stalled)}` : `${boot.label}…`);
    setProp(els.bootBar, "value", boot.fraction);
    setData(doc.body, "ready", String(state.ready));
    setText(els.versions, state.versions
      ? `pysolver ${state.versions.pysolver} · Python ${state.versions.python} · Pyodide ${state.versions.pyodide}`
      : "");
  }

  let said = null; // what the status line last said of the slow run going on: {words, at, progressed}

  /** What the status line's live part says of a slow run: its label ("Solving by logic…") or Python's
   * progress as the run turns slow, then the first progress to come after a label, then the latest
   * progress once every SAY_PROGRESS_MS at most; its end is said by the status it leaves. Python
   * reports every step of Solve by logic ("Solving by logic: 25 steps, 146 cells to go"): said
   * each time, the figures talked over whatever the person was reading (the step's explanation,
   * say), a few a second for as long as the run went on. Said this sparingly, a screen reader still
   * hears that a run of minutes moves, and a new stage that comes alone ("Replaying the saved
   * game's 12 steps…"); the progress shown is always there to be read. */
  function runWords(busy) {
    const progress = busy.progress && busy.progress.stage ? busy.progress.stage : null;
    const now = performance.now();
    const due = said === null || (progress !== null && progress !== said.words
      && (!said.progressed || now - said.at >= SAY_PROGRESS_MS));
    if (due) said = { words: progress ?? busy.label, at: now, progressed: progress !== null };
    return said.words;
  }

  function renderStatus(state) {
    const status = statusOf(state);
    const el = els.status;
    setData(el, "state", status.key);
    setData(el, "busy", String(state.busy !== null));
    // Quiet while it says the error that the message says, and while a given just typed is read
    // ("Opening the puzzle…" at each keystroke, said before the entry status that follows it).
    const typing = status.key === "loading" && state.busy !== null && state.busy.interruptible;
    setAttr(el, "aria-live", status.key === "invalid" || typing ? "off" : "polite");
    setAttr(el, "data-count", state.count ? String(state.count.count) : null);
    // A slow run shows Python's progress as it comes, in a part of the line that is not live (see runWords).
    const slow = state.busy !== null && state.busy.slow;
    if (!slow) said = null;
    const progress = slow && state.busy.progress && state.busy.progress.stage ? state.busy.progress.stage : "";
    const parts = [["badge", status.badge], ["text", slow ? runWords(state.busy) : status.text], ["progress", null]];
    if (state.count) parts.push(["count", state.count.message]);
    redraw(el, JSON.stringify(parts), () => parts.map(([name, text]) => h("span",
      { class: name, "aria-live": name === "progress" && "off" }, text)));
    setText(el.querySelector(".progress"), progress);
    setData(el, "progress", String(progress !== ""));
    const view = isLoaded(state) && state.mode === "play" ? state.view : null; // the entry status says it
    setData(els.classification, "kind", view ? view.classification.kind : "");
    // The status line says the count runs (or was cancelled): said once, not again from here.
    setAttr(els.classification, "aria-live", countAwaited(state) ? "off" : null);
    setText(els.classification, view ? view.classification.message : "");
    const solved = view !== null && view.status.status === "solved";
    setProp(els.finish, "hidden", !solved);
    setText(els.finish, solved ? view.status.message : "");
  }

  let sayingAgain = null; // the words to put back on the next frame, while a repeat is being said

  /** An error, else a notice; an input refused while a run goes on is said above both until it ends.
   * The live region (#message-live, role=status) is always in the page, the box it holds shown only
   * with words: a screen reader announces a region's changes, not a region arriving with its words,
   * nor one whose role changes with them. `again` (the words were just said anew: Check twice,
   * finding no mistake twice) empties the box and puts the same words back on the next frame, so
   * that they are announced again; the box keeps its height meanwhile. `hold` (a button is pinned under
   * the finger): the box does not shrink, its room held, see holdRoom. The line that says what the
   * board highlights (renderStepEcho) stands in the box too, so that a shorter one is held alike. */
  function renderMessage(state, again, hold) {
    const el = els.message;
    const error = state.refused ? null : state.error;
    const text = state.refused || (error ? error.message : state.notice || "");
    // The box's height as it was drawn, read only under a pinned button that its shrinking would move.
    const was = hold && !isHeld() ? els.messageLive.offsetHeight : 0;
    renderStepEcho(state.mode === "play" && isLoaded(state) ? panelWords(state) : null);
    setText(els.spoken, state.spoken ?? "");
    holdRoom(text === "" && (was > 0 || isHeld()), was);
    setProp(el, "hidden", text === "");
    setData(els.messageLive, "empty", String(text === ""));
    setProp(el, "className", `message ${error ? "error" : "notice"}`);
    setData(el, "kind", state.refused ? "busy" : error ? error.kind : "notice");
    if (sayingAgain !== null) {
      sayingAgain = text; // the frame to come puts back the latest words
    } else if (again && text !== "" && el.textContent === text) {
      sayingAgain = text;
      el.style.minHeight = `${el.offsetHeight}px`;
      el.textContent = "";
      requestAnimationFrame(() => {
        const words = sayingAgain;
        sayingAgain = null;
        el.style.minHeight = "";
        setProp(el, "hidden", words === "");
        setText(el, words);
      });
    } else {
      setText(el, text);
    }
  }

  const isHeld = () => els.messageLive.dataset.held === "true";

  /** The step panel's title and words (`words`, panelWords: the hint, the tutor's step or the move
   * the board shows, else how to play) again, right under the play bar, where a phone or a tablet
   * held upright shows them (style.css): there the step panel is below the window, and the board's
   * outline or new digit alone would say nothing. For the eyes only (aria-hidden): the step panel's
   * live region announces them. In play only, from the first board on, so that its room, the same
   * height whatever it says, never moves the tutor's buttons under it. */
  function renderStepEcho(words) {
    setData(els.messageLive, "echo", String(words !== null));
    setProp(els.stepEcho, "hidden", words === null);
    setData(els.stepEcho, "kind", words ? words.kind : "");
    setText(els.echoTitle, words ? words.title : "");
    setText(els.echoText, words ? words.text : "");
  }

  /** Keep (or let go) the message box's room as it shrinks. A step that clears the message above the
   * tutor's toolbar moves the toolbar up by the message's height, which scrolling back up makes good
   * only if the page is scrolled down by as much (a tablet held upright is not, with the puzzle's
   * text closed): the room stays, partly empty, until new words fill it or it has gone off the
   * window's top (letGoOffScreen). `height`: the box's, as it was before it shrank. */
  function holdRoom(hold, height = 0) {
    const live = els.messageLive;
    if (hold && !isHeld()) live.style.minHeight = `${height}px`;
    else if (!hold) live.style.minHeight = "";
    setData(live, "held", String(hold));
  }

  /** Let the held room go once it is wholly above the window, scrolling the page up by as much as it
   * took, so that nothing on screen moves (Chromium's scroll anchoring does so itself; Safari has none). */
  function letGoOffScreen() {
    if (!isHeld() || els.messageLive.getBoundingClientRect().bottom > 0) return;
    const after = els.messageLive.nextElementSibling;
    const top = after.getBoundingClientRect().top;
    holdRoom(false);
    const moved = after.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) scrollBy({ top: moved, behavior: "instant" });
  }

  function renderControls(state) {
    const waiting = awaitsPython(state);
    for (const button of doc.querySelectorAll(".controls button[data-intent]")) {
      setOff(button, !enabled(state, button.dataset.intent), waiting);
    }
    for (const button of doc.querySelectorAll('button[data-intent="mode"]')) {
      setAttr(button, "aria-pressed", String(button.dataset.mode === state.mode));
      setOff(button, !state.ready || state.busy !== null, waiting);
    }
    setAttr(els.notes, "aria-pressed", String(state.notesMode));
    setProp(els.cancel, "hidden", !(state.busy && state.busy.slow));
    // Python's sizes (its `sizes` reply, state.sizes) once they have come; index.html holds the same.
    if (state.sizes) {
      redraw(els.size, JSON.stringify(state.sizes.map(({ n, label }) => [n, label])),
        () => state.sizes.map(({ n, label }) => h("option", { value: n }, label)));
    }
    // Not while the person looks through it with the arrow keys (input.js): Enter chooses then.
    if (els.size.dataset.before === undefined) setProp(els.size, "value", String(state.shape.n));
    // Off while a run goes on (a quick edit aside): a choice made then could only be refused, and
    // the refusal would go with the run, leaving the menu back where it was without a word. The menu
    // just chosen from keeps focus, held off as a button is (setOff): its arrows look on meanwhile.
    const running = state.busy !== null && !state.busy.interruptible;
    setOff(els.size, !state.ready || running, waiting);
    setOff(els.examples, !state.ready || running, waiting);
  }

  /** The digit pad: one button per symbol and erase; in Notes mode its buttons toggle notes. */
  function renderPad(state) {
    const symbols = state.shape.symbols;
    const notes = state.mode === "play" && state.notesMode;
    const key = `${symbols}:${notes}`;
    if (els.pad.dataset.key !== key) {
      els.pad.dataset.key = key;
      els.pad.dataset.symbols = symbols;
      const buttons = [...symbols].map((symbol) => {
        const button = doc.createElement("button");
        button.type = "button";
        button.dataset.intent = "pad";
        button.dataset.char = symbol;
        button.setAttribute("aria-label", notes ? `Note ${symbol}` : `Enter ${symbol}`);
        button.textContent = symbol;
        return button;
      });
      const erase = doc.createElement("button");
      Object.assign(erase, { type: "button", className: "erase", textContent: "⌫" });
      erase.dataset.intent = "pad";
      erase.dataset.char = ".";
      erase.setAttribute("aria-label", "Erase the cell");
      els.pad.replaceChildren(...buttons, erase);
    }
    setData(els.pad, "notes", String(notes));
    setAttr(els.pad, "aria-label", notes ? "Add or remove a note in the selected cell" : "Enter a digit in the selected cell");
    for (const button of els.pad.querySelectorAll("button")) setProp(button, "disabled", !state.ready);
  }

  function renderSettings(state) {
    const view = isLoaded(state) ? state.view : null;
    const pending = (state.busy && state.busy.pending) || {};
    const waiting = awaitsPython(state);
    for (const input of els.settings.querySelectorAll("input[type=checkbox]")) {
      setOff(input, !state.ready || state.busy !== null || !view, waiting);
      setProp(input, "checked", input.name === "show_candidates" ? state.showCandidates
        : input.name in pending ? Boolean(pending[input.name]) : Boolean(view && view.settings[input.name]));
    }
  }

  /** The Keys dialog's rows that depend on the size: which keys are digits, which letters are
   * shortcuts. */
  function renderKeys(state) {
    const symbols = state.shape.symbols;
    const kbd = (key) => h("kbd", null, key);
    const run = (chars) => (chars.length > 1 ? [kbd(chars[0]), "–", kbd(chars[chars.length - 1])] : [kbd(chars[0])]);
    const digits = [...symbols].filter((c) => /[0-9]/.test(c));
    const letters = [...symbols].filter((c) => !/[0-9]/.test(c));
    redraw(els.keysDigits, symbols, () => [
      h("th", { scope: "row" }, "Digits ", run(digits), letters.length ? [", ", run(letters)] : []),
      h("td", null, "Place a digit (a note in Notes mode)")]);
    for (const [el, intent, what] of [[els.keysNotes, "notes", "Notes mode on or off"],
      [els.keysHint, "hint", "Hint (press again for more)"]]) {
      const keys = shortcutKeys(intent, symbols);
      const taken = shortcutKeys(intent, "").filter((key) => !keys.includes(key));
      redraw(el, keys.join(), () => [
        h("th", { scope: "row" }, keys.map((key, i) => [i ? ", " : "", kbd(key)])),
        h("td", null, what, taken.length ? ` (${taken.join(", ")} is a digit at this size)` : "")]);
    }
  }

  function renderDialog(state) {
    if (state.dialog && !els.dialog.open) els.dialog.showModal();
    if (!state.dialog && els.dialog.open) els.dialog.close();
  }

  /** Draw `state`; `again`: its message was just said anew (see renderMessage). */
  function render(state, again = false, hold = false) {
    renderBoot(state);
    renderStatus(state);
    renderMessage(state, again, hold);
    renderControls(state);
    renderPad(state);
    renderSettings(state);
    renderKeys(state);
    renderDialog(state);
    if (state.text !== shownText) {
      els.text.value = state.text;
      shownText = state.text;
    }
  }

  return { render, letGoOffScreen, finish: els.finish, dialog: els.dialog };
}
