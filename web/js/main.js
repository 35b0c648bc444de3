/**
 * The page, composed: one store (store.js) drawn by the views after every action; a controller
 * (controller.js) that asks the solver worker and dispatches its replies; input (input.js) that
 * turns clicks and keys into intents; the panels; and persistence (storage.js) of the position in
 * the address and localStorage.
 */

import { asidePanel } from "./aside-panel.js";
import { renderBoard, renderLinks } from "./board-view.js";
import { VIEW_COMMANDS, createController } from "./controller.js";
import { createControlsView, enabled } from "./controls-view.js";
import { EXAMPLES, exampleById, fillExampleMenu } from "./examples.js";
import { exportPanel } from "./export-panel.js";
import { generatePanel } from "./generate-panel.js";
import { boardState, gtspsPanel } from "./gtsps-panel.js";
import { bindInput } from "./input.js";
import { learnPanel } from "./learn-panel.js";
import { client } from "./solver.js";
import { changesSetAside, gameOfEntry, keepForReload, loadSaved, modeOfEntry, readHash, readSaved, save, savedElsewhere,
  setAsideRecords, setAsideSaved, takeKeptForReload, watchSetAside, writeHash } from "./storage.js";
import { renderProof, renderWhy } from "./proof-view.js";
import { BLANK, awaitsPython, createStore, exampleOff, givensLine, initialState, isLoaded, linked, shownStep,
  snapshot } from "./store.js";
import { renderStepList, renderStepPanel } from "./step-view.js";
import { sendEnabledTechniques, techniqueSettings } from "./technique-settings.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const stepEls = { panel: $("step-panel"), title: $("step-title"), text: $("step-text"), graph: $("graph") };
const controls = createControlsView(document);
// Reloaded by an update taken in another tab: this tab's own game, kept for the reload, else the saved one.
const keptForReload = takeKeptForReload();
const stored = keptForReload && keptForReload.board.value ? keptForReload.board : loadSaved();
const saved = stored.value;
let restored = false; // nothing is saved before the first board comes back from Python

/** Actions that change only what the pointer shows, never the position worth saving; a refusal,
 * which leaves the position as it was (saved again, it would push the shown puzzle after an
 * address refused during a run); the list of set-aside records, storage's own; the settings of a
 * set-aside game about to be opened, saved with its board once that comes; and an example's switches,
 * saved with its board likewise, or a switch turned on, which the Techniques panel saves. */
const TRANSIENT = new Set(["link", "graph-stage", "proof-net", "refused", "aside-records", "aside-confirm",
  "open-saved", "example-opening", "technique-on"]);

/** Givens typed that Python has not made a board of: refused (a repeated digit), or not answered
 * yet. Kept as typed, at the keystroke, so that a reload shows them (with the same reason when
 * refused) instead of dropping the last keystroke. */
function typedNotLoaded(state) {
  return state.ready && state.mode === "enter" && !isLoaded(state);
}

/** Is `state` a position worth saving: Python's board, or givens as typed? */
function worthSaving(state) {
  return isLoaded(state) || typedNotLoaded(state);
}

let addressed = { puzzle: null, mode: null }; // the puzzle in the address and the mode it came in
/** The game another tab saved over this tab's, once said (the "storage" listener below); forgotten
 * when this tab saves again, so that the next one is said. */
let elsewhere = null;

/** Keep the position in localStorage and in the address. Givens typed one by one change the
 * address in place; leaving a puzzle for a blank board (Clear, Size) or for editing its givens
 * (a puzzle played, even one whose givens were typed just before) makes a new entry, so that Back
 * brings the puzzle back. */
function persist(state) {
  if (state.savedKept) return; // Cancel stopped replaying the saved game: a reload opens it whole
  const snap = snapshot(state);
  const unsaved = save(snap); // said once, after the action being handled
  elsewhere = null;
  if (unsaved) queueMicrotask(() => say(unsaved));
  writeHash({ puzzle: snap.puzzle, ...snap.address },
    { inPlace: state.mode === "enter" && addressed.mode === "enter", mode: state.mode });
  if (snap.puzzle !== addressed.puzzle || state.mode === "play") addressed = { puzzle: snap.puzzle, mode: state.mode };
}

/** Add `text` to what the message line says (after Python's error or notice, if any). Only the
 * message changes (`said`): saving on it would write this tab's game over the one another tab
 * has just saved, as it is said. */
function say(text) {
  const { error, notice } = store.state;
  store.dispatch(error ? { type: "error", error: { ...error, message: `${error.message} ${text}` }, said: true }
    : { type: "notice", notice: notice ? `${notice} ${text}` : text, said: true });
}

let drawn = null; // the state the views last drew
/** Actions that say their message anew, even in the words already shown (Check finding no mistake
 * twice): the message view has them announced again. */
const SAYS = new Set(["notice", "error", "checked", "refused", "cancelled", "view"]);
let saidAnew = false; // an action since the last drawing said its message anew
/** The button pressed from the keyboard (or a stage player's, clicked), found again by what it does
 * once the views have redrawn (a control held off while Python answers comes back usable; one its
 * own press turned off hands focus on), so that focus is not lost to the page. */
let refocus = null;
let dialogOpener = null; // the button that opened the keys dialog, to return to on closing

/** The tutor's button last pressed with the pointer, and its top on screen then, while what it started
 * goes on: what the answer draws above it (a message the step clears, the puzzle's finish) would move it
 * from under the finger, and the next tap would land on another button. Let go at the run's end, or
 * at the person's next touch, wheel or key (scrolling themselves, they move it on purpose). */
let pinned = null;

let flippedWhileBusy = false; // a technique switch was flipped while Python answered (askWithTechniques)

/** Room kept over the finish banner when the page is scrolled to show it, in CSS pixels. */
const FINISH_MARGIN = 8;

/** Scroll the page by as much as the pinned button has moved since it was pressed; but once the
 * puzzle is finished, the finish banner is what the person looks for: never scroll it off the
 * window's top (Solve tapped on a tablet held upright, the puzzle's text open: 187 px above it at 16×16). */
function keepPinned() {
  if (pinned === null || !pinned.button.isConnected) return;
  const moved = pinned.button.getBoundingClientRect().top - pinned.top;
  if (Math.abs(moved) >= 1) scrollBy({ top: moved, behavior: "instant" });
  const finish = controls.finish;
  const above = finish.hidden ? 0 : finish.getBoundingClientRect().top - FINISH_MARGIN;
  if (above < 0) scrollBy({ top: above, behavior: "instant" });
}
addEventListener("scroll", () => controls.letGoOffScreen(), { passive: true });
for (const type of ["pointerdown", "wheel", "keydown"]) {
  document.addEventListener(type, () => { pinned = null; }, { capture: true, passive: true });
}

/** Draw `state` unless it is the one drawn last. */
function draw(state) {
  if (state === drawn) return;
  const dialogClosed = drawn !== null && drawn.dialog && !state.dialog;
  drawn = state;
  handBackFromCancel(state);
  render(state, saidAnew, pinned !== null);
  saidAnew = false;
  restoreFocus(state);
  if (dialogClosed) returnFromDialog();
  keepPinned();
}

/** A run that ends by itself hides the Cancel it handed focus to (restoreFocus): focus goes back to
 * the control that started it before the views draw, so that it never falls to the page between. */
function handBackFromCancel(state) {
  if (handedTo === null || document.activeElement !== handedTo || state.busy !== null) return;
  document.querySelector(refocus)?.focus();
}

/** Focus back where the keys dialog was opened from: its button, or else the board. Done as the
 * dialog closes, not on its "close" event, which comes a task later: by then the person may have
 * moved on (Tab, a click, the Keys button focused again), and focus would be taken from there. */
function returnFromDialog() {
  if (dialogOpener && dialogOpener.isConnected) dialogOpener.focus();
  else focusBoard();
  dialogOpener = null;
}

const store = createStore(initialState(saved), (state, action) => {
  if (SAYS.has(action.type)) saidAnew = true;
  // Saved before the views draw: writing the address makes the browser lay the page out at once,
  // which costs nothing while the last frame's layout still holds.
  if (restored && worthSaving(state) && !state.opening && !TRANSIENT.has(action.type) && !action.said) persist(state);
  // Boot progress moves only the bar and the status line, the controls' view: the other views
  // would redraw and lay out the page again for every step of the download.
  if (action.type === "boot-progress") controls.render(state);
  // A run's end ("idle") is drawn in a microtask, which comes before the reply it ended is
  // dispatched (the code awaiting it resumes later in the same turn): the page is drawn for each,
  // within one turn, and a run that ends without a reply (refused, cancelled) is drawn too.
  else if (action.type === "idle") queueMicrotask(() => draw(store.state));
  else draw(state);
  if (!state.busy && action.type !== "idle") pinned = null; // the run's answer is drawn
  // In a task of its own: the run's reply is dispatched after its "idle", in the same turn.
  if (action.type === "idle" && flippedWhileBusy) setTimeout(askWithTechniques, 0);
});
const control = createController(store, client, { setAside: setAsideSaved });

/** The techniques panel: a switch asks Python for the same position again with the new set. One
 * flipped while Python answers asks once the answer has come: asked then, it would be refused, and
 * the board would go on showing what the old set found (a stale "Step tries forcing chains"). */
function askWithTechniques() {
  flippedWhileBusy = isLoaded(store.state) && store.state.busy !== null;
  if (!isLoaded(store.state)) return; // the next board is asked for with the switches as they are
  if (!flippedWhileBusy) control.command("goto", { position: store.state.view.position });
}
const techniques = techniqueSettings($("technique-settings"), { onChange: (slug, on) => {
  if (on) store.dispatch({ type: "technique-on", slug });
  askWithTechniques();
} });
sendEnabledTechniques(client, techniques, (puzzle) => exampleOff(store.state, puzzle));

/** An example about to open (`without`: the slugs it needs off): those the person has on are held
 * off for its puzzle (the store's `exampleSwitches`), and its board will say so. */
function openingExample({ puzzle, shows, without = [] }) {
  store.dispatch({ type: "example-opening", example: { puzzle, shows, off: techniques.switchedOn(without) } });
}

/** The example opening is the puzzle shown (its address is the one shown, or differs only in
 * digits the person had not placed): no board is loaded, so the position is asked for again with
 * the example's switches. */
function askIfExampleWaits() {
  const lent = store.state.exampleSwitches;
  if (lent && !lent.shown && isLoaded(store.state) && givensLine(store.state.view) === lent.puzzle) askWithTechniques();
}

/** "Try it" (the Techniques and Learn panels) is an address: before the browser follows it, the
 * example's switches are held off for its puzzle. An address refused while Python answers opens
 * nothing, so nothing is held then; a link opened in another tab is left to the browser. */
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-example]") : null;
  const example = link && exampleById(link.dataset.example);
  const newTab = event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
  if (!example || newTab || !store.state.ready || store.state.busy) return;
  openingExample(example);
  if (link.hash === location.hash) askIfExampleWaits(); // the browser goes nowhere
});

const app = {
  ask: control.ask, failed: control.failed, loadPuzzle: (puzzle) => control.load(puzzle),
  commit: (next) => store.dispatch({ type: "merge", patch: next }),
  dispatch: store.dispatch, open: control.open,
  get state() { return store.state; },
};
const panels = [gtspsPanel($("gtsps-panel"), app), generatePanel($("generate-panel"), app),
  exportPanel($("export-panel"), app), asidePanel($("aside-panel"), app), learnPanel($("learn-panel"), app)];

/** The set-aside records as storage holds them now: read again whenever this tab changes them (in
 * a microtask: the change may come while an action is handled) or another tab does. */
const listSetAside = () => store.dispatch({ type: "aside-records", records: setAsideRecords() });
watchSetAside(() => queueMicrotask(listSetAside));

/** Focus the board's tab stop: the selected cell. A cell on screen is focused where it is: on a
 * phone the board stays at the top while the page scrolls under it, and scrolling to the cell
 * would take the page back up, away from the explanation being read. After a press of the pointer
 * (`byPointer`) the page never scrolls, even to a cell off screen (a phone held sideways, where the
 * board scrolls away): the person tapped where they are looking, and the step's words and the
 * button tapped would be taken off screen; from the keyboard, the focused cell is brought into view. */
function focusBoard({ byPointer = false } = {}) {
  const cell = board.querySelector(`[data-cell="${store.state.selected}"]`) ?? board.querySelector('[tabindex="0"]');
  if (!cell) return;
  const box = cell.getBoundingClientRect();
  cell.focus({ preventScroll: byPointer || (box.top >= 0 && box.bottom <= innerHeight) });
}

/** After a History entry is chosen far down the page: the board and the step it shows in view. On a
 * phone the board sticks at the top and the step's words scroll under it, so they are brought just
 * below it; beside the board, the board's top is brought into view too. */
function revealStep() {
  const title = stepEls.title.getBoundingClientRect();
  const box = board.getBoundingClientRect();
  const above = box.left < title.right && title.left < box.right; // one column: the board over the step
  const free = above ? Math.max(0, box.bottom) : 0;
  if (title.top < free || title.bottom > innerHeight) scrollBy({ top: title.top - free - 8, behavior: "instant" });
  if (board.getBoundingClientRect().top < 0 && !above) board.scrollIntoView({ block: "start", behavior: "instant" });
}

const intents = {
  goto: async (el) => {
    await control.command("goto", { position: Number(el.dataset.position) });
    revealStep();
  },
  check: control.check,
  count: control.count,
  cancel: control.cancel,
  clear: () => control.load(BLANK.repeat(store.state.shape.n ** 2), {}, "enter"),
  size: (el) => control.load(BLANK.repeat(Number(el.value) ** 2), {}, "enter"),
  example: (el) => {
    const example = exampleById(el.value);
    el.value = "";
    if (!example) return;
    openingExample(example);
    control.load(example.puzzle);
  },
  "load-text": () => control.loadText($("puzzle-text").value, { fromBox: true }),
  "copy-link": async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      store.dispatch({ type: "notice", notice: "Link copied: it opens this position." });
    } catch {
      store.dispatch({ type: "notice", notice: `Link: ${location.href}` });
    }
  },
  pad: (el) => control.type(el.dataset.char),
  mode: (el) => control.mode(el.dataset.mode),
  // Said unless the Notes button keeps focus (pressed with Enter or Space), whose pressed state is heard.
  notes: (el, byPointer) => store.dispatch({ type: "notes-mode", on: !store.state.notesMode,
    announce: !el || byPointer }),
  "show-candidates": (el) => store.dispatch({ type: "show-candidates", on: el.checked }),
  setting: (el) => control.settings({ [el.name]: el.checked }),
  keys: () => store.dispatch({ type: "dialog", open: true }),
  "close-keys": () => store.dispatch({ type: "dialog", open: false }),
  "proof-net": (el) => store.dispatch({ type: "proof-net",
    net: el.getAttribute("aria-pressed") === "true" ? null : Number(el.dataset.net) }),
  "graph-stage": (el) => store.dispatch({ type: "graph-stage",
    stage: el.dataset.stage === "" ? null : Number(el.dataset.stage) }),
  fill_notes: () => {
    store.dispatch({ type: "show-candidates", on: false });
    return control.command("fill_notes");
  },
};
for (const name of ["undo", "redo"]) {  // while entering, the givens typed; else the session's history
  intents[name] = () => (store.state.mode === "enter" ? control.retype(name === "undo") : control.command(name));
}
for (const name of ["back", "forward", "step", "hint", "apply", "solve_logic", "guess", "backtrack", "solve"]) {
  intents[name] ??= () => control.command(name);
}
for (const panel of panels) Object.assign(intents, panel.intents);

/** Intents whose buttons, clicked with the pointer, leave focus on the board (so the keys keep
 * working after a click); pressed with Enter or Space, focus stays on the button. */
const KEEP_FOCUS = new Set(["undo", "redo", "back", "forward", "step", "hint", "apply", "check", "notes", "pad",
  "solve_logic", "guess", "backtrack", "solve", "fill_notes", "mode"]);

/** Buttons that their own click may turn off (a graph's stage player: ◀ at the second stage, ▶ at
 * the last), followed after a click as after Enter: focus, given by the click, stays on the control
 * pressed (or, one that its press disabled, goes to the nearest of its group) rather than on the page. */
const FOLLOWED_AFTER_CLICK = ".stage-player button";

/** A selector that finds `button` (or a menu) again once the views have redrawn it: its intent (a form's
 * submit: its type), inside the nearest container with an id (three panels have a Cancel), told
 * from its siblings by its form name (the new-puzzle panel's Size and Level menus share their
 * intent), and by its name (aria-label) when it has one, else by every data-* attribute it
 * carries (a lesson's example, a solution's index, a stage, a history position, a digit). Read
 * from the element, not from a list of known attributes, so that a new panel's buttons are found
 * again with no change here; a named button's data may change with its own press (Next stage
 * points at the stage after), its name does not. */
function selectorOf(button) {
  const label = button.getAttribute("aria-label");
  const data = label ? [] : [...button.attributes].filter((a) => a.name.startsWith("data-") && a.name !== "data-intent");
  const home = button.id ? null : button.parentElement && button.parentElement.closest("[id]");
  return (home ? `#${CSS.escape(home.id)} ` : "")
    + (button.dataset.intent ? `${button.localName}[data-intent="${CSS.escape(button.dataset.intent)}"]`
      : `button[type="${CSS.escape(button.type)}"]:not([data-intent])`)  // a form's submit
    + (button.id ? `#${CSS.escape(button.id)}` : "")
    + (button.getAttribute("name") ? `[name="${CSS.escape(button.getAttribute("name"))}"]` : "")
    + (label ? `[aria-label="${CSS.escape(label)}"]` : ":not([aria-label])")
    + data.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
}

/** Can `el` be pressed now: in the page, enabled (not even held off, aria-disabled, while Python
 * answers: see controls-view.js) and drawn? */
function usable(el) {
  return el !== null && el.isConnected && !el.disabled && el.getAttribute("aria-disabled") !== "true"
    && el.checkVisibility();
}

/** What can take focus by Tab (a redrawn panel's text boxes, a `details`' summary included). */
const FOCUSABLE = 'button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])';

/** The nearest usable control of `el`'s own group (`role="group"`, the stage player's buttons, the
 * lessons) or panel (`details`): the first one after it there, else the last one before it; or null.
 * The tutor's toolbars are no such group: the board is their controls' home. */
function nearestInGroup(el) {
  const group = el.closest('[role="group"], details');
  if (!group) return null;
  const all = [...group.querySelectorAll(FOCUSABLE)].filter((other) => other !== el && usable(other));
  const after = all.find((other) => el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING);
  return after ?? all.at(-1) ?? null;
}

/** The Cancel that stops the run `el` started: the one shown in its own panel or toolbar, or null. */
function cancelOf(el) {
  const home = el.closest('[role="toolbar"], details');
  return home ? [...home.querySelectorAll('button[data-intent="cancel"]')].find(usable) ?? null : null;
}

let handedTo = null; // the Cancel given focus while the run of the control in `refocus` goes on

/** Where focus goes after a control pressed from the keyboard (or a stage player's, clicked) has
 * done its work, so that it is never lost to the page (the rule for every such control):
 * - while Python is answering (or restarting after Cancel, or about to count a big board's
 *   solutions), the control, off meanwhile, may come back: it keeps focus if it can (a tutor's
 *   button, a panel's, a setting's switch and a menu do, held off with aria-disabled: dom.js's
 *   setOff); once the Cancel shown in its own panel or toolbar (a run's Cancel: the Export
 *   panel's, the tutor's) appears, focus goes there, and nothing else moves; that Cancel pressed
 *   gives focus back to the control at once, as does the run's end, before the Cancel hides;
 * - then the pressed control, found again by `selectorOf` (a tutor button enabled again, New
 *   puzzle once its run has loaded the new board), keeps or gets focus, from the Cancel too,
 *   whether the run finished or was cancelled;
 * - a control that its own action disabled or hid hands focus to the nearest usable control of its
 *   own group or panel (▶ at the last stage: the stage just shown, "All"; the solution path once
 *   written: its Copy); with none (Solve once solved, Undo with nothing left, Apply once applied,
 *   all in the tutor's toolbars, or Back to the puzzle with its banner) to the board's tab stop,
 *   the selected cell, where every key of the tutor works.
 * Focus the person moved elsewhere stays there. The control stays remembered while focus is on it,
 * so that a run of several replies (New puzzle: generate, then load) brings it back each time. */
function restoreFocus(state) {
  if (refocus === null) return;
  const active = document.activeElement;
  if (active && active !== document.body && !active.matches(refocus) && active !== handedTo) {
    refocus = null;
    handedTo = null;
    return;
  }
  const again = document.querySelector(refocus);
  if (awaitsPython(state)) {
    const cancel = again && !usable(again) ? cancelOf(again) : null;
    if (cancel && active !== cancel) {
      handedTo = cancel;
      cancel.focus();
    }
    return;
  }
  handedTo = null;
  if (usable(again)) {
    if (active !== again) again.focus();
    return;
  }
  refocus = null;
  const near = again && again.isConnected ? nearestInGroup(again) : null;
  if (near) near.focus();
  else focusBoard();
}
document.addEventListener("pointerdown", () => {
  refocus = null;
  handedTo = null;
}, true);

/** What a refused intent did not do, for the message naming the run that goes on. */
const NOT_DONE = {
  "load-text": "the text in the box was not loaded (it stays there)", example: "the example was not opened",
  size: "the board size was not changed", generate: "no new puzzle was started",
};

/** An intent refused while a run goes on says so (a quick edit being answered refuses silently);
 * the puzzle text submitted stays in its box. Refused otherwise (its key pressed while its button is
 * off: S on a solved board, H past the last hint, Ctrl+Z at the start; S, H or N while the givens
 * are typed), it says why in Python's words (the view's `cannot`, or `entering_cannot` in Enter
 * puzzle mode, kept from the `techniques` reply), where Python gives them. */
function refused(name, el) {
  const state = store.state;
  if (!state.ready) return;
  if (!state.busy) {
    const view = isLoaded(state) ? state.view : null;
    const why = !view ? null : state.mode === "enter" ? state.enteringCannot[name]
      : name in VIEW_COMMANDS ? view.cannot[VIEW_COMMANDS[name]] : null;
    if (why) store.dispatch({ type: "notice", notice: why, said: true });
    return;
  }
  const label = el instanceof HTMLButtonElement ? el.textContent.trim() : "";
  const what = NOT_DONE[name] ?? `"${label || name}" was not done`;
  control.refuse(what, name === "load-text" ? $("puzzle-text").value : undefined);
  if (name === "example") el.value = ""; // the menu shows no example that was not opened
}

bindInput(document, {
  intent(name, el, byPointer = false) {
    const usable = name === "cancel" ? store.state.busy !== null : enabled(store.state, name);
    if (!intents[name]) return;
    if (!usable) {
      refused(name, el);
      return;
    }
    // A form (New puzzle) is remembered by its submit button, the control the person pressed.
    const button = el instanceof HTMLButtonElement ? el
      : el instanceof HTMLFormElement ? el.querySelector('button[type="submit"]') : null;
    if (name === "keys") dialogOpener = button;
    // Cancel pressed from the keyboard during a run: focus goes back to the control that started it,
    // at once (held off while the solver restarts), rather than to the page as Cancel hides.
    const cancelsRun = name === "cancel" && el === handedTo && refocus !== null;
    if (cancelsRun) document.querySelector(refocus)?.focus();
    // A menu (Size, Examples), off while the board it chose loads, is found again as a button
    // pressed from the keyboard is, however it was changed: it had focus, and arrows go on from it.
    // So is a stage player's button clicked: the click gave it focus, which turning it off would drop.
    if (!cancelsRun) {
      const found = button && (!byPointer || button.matches(FOLLOWED_AFTER_CLICK));
      refocus = el instanceof HTMLSelectElement ? selectorOf(el) : found ? selectorOf(button) : null;
    }
    // The side column's buttons (the tutor's) only: the board's column is at the page's top on a
    // phone, where a digit tapped on the pad that finishes the puzzle shows the banner over the
    // board, which a pinned pad would scroll off the screen.
    pinned = button && byPointer && KEEP_FOCUS.has(name) && button.closest(".side")
      ? { button, top: button.getBoundingClientRect().top } : null;
    intents[name](el, byPointer);
    if (KEEP_FOCUS.has(name) && (!el || (button && byPointer))) focusBoard({ byPointer });
    if (!store.state.busy) pinned = null; // done at once, drawn already
  },
  select: (cell) => store.dispatch({ type: "select", cell }),
  type: (char, options) => control.type(char, options),
  move(dRow, dCol) {
    store.dispatch({ type: "move", dRow, dCol });
    focusBoard();
  },
  paste: (text) => control.loadText(text),
  link: (link) => {
    const same = JSON.stringify(link) === JSON.stringify(store.state.link);
    if (!same) store.dispatch({ type: "link", link });
  },
  symbols: () => store.state.shape.symbols,
});

// Escape closes the dialog through the store, as Close does: closed by the browser first, it
// would be opened again by any drawing before the store heard of it.
controls.dialog.addEventListener("cancel", (event) => {
  event.preventDefault();
  store.dispatch({ type: "dialog", open: false });
});
// Closed some other way (the browser's own close request), the store hears of it here. The event
// comes a task after the closing, and a key press may come first (a browser handles input first):
// a dialog opened again by then is open, and stays so.
controls.dialog.addEventListener("close", () => {
  if (store.state.dialog && !controls.dialog.open) store.dispatch({ type: "dialog", open: false });
});

/** Back, Forward or an edited address: open the position it names, unless it is the one shown.
 * A malformed address is named in a notice and the board stays. */
function followAddress() {
  const { value: position, problem } = readHash();
  if (!store.state.ready) return;
  if (problem && position === null) {
    store.dispatch({ type: "notice", notice: problem });
    return;
  }
  if (position === null) return;
  const snap = snapshot(store.state);
  const same = snap.puzzle === position.puzzle && snap.address.digits === position.digits
    && snap.address.notes === position.notes;
  if (same) {
    askIfExampleWaits();
    return;
  }
  // The game this entry was left with (its own history, kept by the entry), else the saved board.
  const game = gameOfEntry(position) ?? readSaved().value;
  // Back or Forward to an example's game: its switches hold again, as its steps were taken with them.
  if (game && game.puzzle === position.puzzle && game.exampleSwitches && !store.state.busy) {
    const { shows, off } = game.exampleSwitches;
    openingExample({ puzzle: game.puzzle, shows, without: off.map((t) => t.slug) });
  }
  // While a run goes on the address is refused (said by the controller) and given back to the board
  // shown, in place: else the next save would push the shown puzzle after it, a second entry for
  // Back to pass.
  const opened = control.open(position, game, problem ? [problem] : [],
    modeOfEntry(), { fromAddress: true });
  // Not refused, the opening has begun by now (open() marks it before its first wait).
  const giveBack = () => writeHash({ puzzle: snap.puzzle, ...snap.address }, { inPlace: true, mode: store.state.mode });
  if (!store.state.opening) giveBack();
  // Python refused the address's puzzle and the board still shows the previous one: the address is
  // given back to it in place too, so that the address and the board agree.
  else opened.then(() => {
    const shown = snapshot(store.state);
    if (store.state.error && shown.puzzle === snap.puzzle && readHash().value?.puzzle === position.puzzle) giveBack();
  });
}
/** Another tab of the page saved another game over this tab's (the browser keeps one): another
 * puzzle's, or another position of this puzzle. Said once for each such game until this tab saves
 * again, since a reload here would open the other game, or this tab's position (from its address)
 * without its history; this tab's game is saved whole again with its next move. */
window.addEventListener("storage", (event) => {
  if (changesSetAside(event)) listSetAside();
  const other = savedElsewhere(event);
  if (!other || !isLoaded(store.state)) return;
  const ours = snapshot(store.state);
  const samePuzzle = other.puzzle === ours.puzzle;
  const address = other.address ?? {};
  if (samePuzzle && address.digits === ours.address.digits && address.notes === ours.address.notes) return;
  const game = samePuzzle ? `another position of ${other.puzzle}` : other.puzzle;
  if (game === elsewhere) return;
  elsewhere = game;
  say(samePuzzle
    ? "Another tab saved its own game of this puzzle in this browser, over this one: a reload here opens this "
      + "tab's position from its address, but without its Undo history, until your next move here saves it again."
    : "Another tab saved a different game in this browser, over this one: this tab's game stays in its "
      + "address (a reload or the link opens its position), and your next move here saves it again.");
});
// offline.js reloads this tab into a new version another tab took: this tab's game and the text in
// its box are kept for the reload.
window.addEventListener("pysolver-reload", () => {
  if (isLoaded(store.state)) keepForReload(snapshot(store.state), $("puzzle-text").value);
});
window.addEventListener("popstate", followAddress);
window.addEventListener("hashchange", followAddress);

function render(state, again, hold) {
  controls.render(state, again, hold);
  renderBoard(board, boardState(state));
  techniques.showExample(exampleOff(state));
  const shown = shownStep(state);
  renderProof(board, state.shape, shown ? shown.step : null, state.proofNet);
  renderStepPanel(stepEls, state);
  renderWhy(stepEls.panel, shown, state.proofNet);
  renderLinks(board, linked(state));
  renderStepList($("step-list"), state);
  for (const panel of panels) panel.render(state);
}

/** The registry for the panel, before the first board, so a saved choice applies to it; and why
 * the play keys do nothing while the givens are typed, the same for every board, kept in the store. */
async function loadTechniques() {
  try {
    const reply = await client.request("techniques");
    techniques.show(reply.techniques);
    store.dispatch({ type: "merge", patch: { enteringCannot: reply.entering_cannot } });
  } catch (error) {
    control.failed(error);
  }
}

/** Resolve once the page has been drawn (or in 100 ms when no frame comes, as in a hidden tab).
 * Writing the address makes the browser lay the page out at once: done after the frame that drew
 * the first board, that layout is already made, instead of being forced in the middle of it. */
function afterNextPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }));
  });
}

/** Resolve in a task of its own, after whatever else is waiting to run. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The first board: the address's position (with the saved history when it is the same), else
 * the saved one, else Figure 4.2. What a malformed address or stored board holds that can be read
 * is loaded, and one message says what was left out (storage.js keeps the stored record aside). */
async function restore() {
  const hash = readHash();
  const kept = saved ? { puzzle: saved.puzzle, ...saved.address } : null;
  const position = hash.value ?? kept ?? { puzzle: EXAMPLES[0].puzzle, digits: "", notes: "" };
  const problems = [stored.problem, hash.problem].filter(Boolean);
  const opened = await control.open(position, saved, problems, modeOfEntry(), { fromAddress: hash.value !== null });
  // The address's puzzle refused: the saved game opens instead (rather than being overwritten by
  // the next keystroke on an empty board), and takes the refused address's place in the history.
  const refused = !opened && hash.value !== null && kept !== null && kept.puzzle !== hash.value.puzzle;
  if (refused) {
    const why = store.state.error ? store.state.error.message : "Python refused it.";
    await control.open(kept, saved, [...problems, `${why.replace(/; no board was opened from it\.$/, "")}; the saved game `
      + "was opened instead."], saved.mode);
  }
  await afterNextPaint();
  restored = true;
  // Still opening: Cancel stopped the count before a saved game's replay and is reopening it,
  // whose board is saved (or kept from saving) as its own load says.
  if (worthSaving(store.state) && !store.state.opening) {
    if (refused) writeHash({ puzzle: kept.puzzle, ...kept.address }, { inPlace: true, mode: store.state.mode });
    persist(store.state);
  }
}

fillExampleMenu($("examples"));

/** A hook for the end-to-end tests: the current state, read-only. */
window.__pysolver = { get state() { return store.state; } };

if (keptForReload && keptForReload.text) store.dispatch({ type: "keep-text", text: keptForReload.text });
listSetAside(); // loadSaved may have set the saved board aside, before the list was watched
draw(store.state);
// Last: listen() replays the boot so far at once, and each report renders the whole page.
client.listen({
  onProgress: ({ stage, label, fraction }) => store.dispatch({ type: "boot-progress", stage, label, fraction }),
  onReady: (versions) => store.dispatch({ type: "ready", versions }),
  onBootError: ({ stage, message }) => store.dispatch({ type: "boot-error", stage, message }),
  onStall: ({ downloads, seconds }) => store.dispatch({ type: "boot-stall", downloads, seconds }),
});
// The techniques panel is built in one task and the first board drawn in the next (a timer task),
// so that a busy phone does not run both in one.
client.ready.then(loadTechniques).then(nextTask).then(restore, () => {});
