/**
 * Turns the person's clicks, keys and pastes into intents, by event delegation on the document
 * (the TodoMVC way): buttons name their intent in `data-intent`; board cells are selected by click;
 * keys typed on the board fill, erase and move; a few letters are shortcuts (N or T notes, H or Q
 * hint, S step, U/R and Ctrl+Z/Ctrl+Y/Ctrl+Shift+Z undo and redo, ? the keys), unless the letter
 * is a digit of the size. Keys typed in a form field
 * stay in the field. Nothing here knows the solver: `handlers` does the work.
 *
 *   handlers.intent(name, element, byPointer)  a [data-intent] button, select, checkbox or form;
 *                                   byPointer: a button clicked with the pointer (not Enter/Space)
 *   handlers.select(cell)           a cell clicked
 *   handlers.type(char, {shift})    a character for the selected cell ('.' erases); Shift+digit
 *                                   (read from the key's code, as Shift+1 types '!') makes a note
 *   handlers.move(dRow, dCol)       an arrow key
 *   handlers.paste(text)            text pasted outside the text box
 *   handlers.link(target)           the pointer or focus rests on a graph vertex ({side, index}),
 *                                   a board cell ({cell}), or neither (null)
 *   handlers.symbols()              the current size's digit symbols
 */

/** Letters that act as buttons. One that is a digit of the size (N and H at 25×25, whose digits
 * run to P) types that digit instead; T and Q, past P, toggle Notes and ask for a hint at every size. */
const SHORTCUTS = { s: "step", h: "hint", q: "hint", u: "undo", r: "redo", n: "notes", t: "notes", "?": "keys" };

/** The keys (as the Keys dialog shows them) that do `intent` at a size whose digits are `symbols`. */
export function shortcutKeys(intent, symbols) {
  return Object.keys(SHORTCUTS).filter((key) => SHORTCUTS[key] === intent)
    .map((key) => key.toUpperCase()).filter((key) => !symbols.includes(key));
}

/** Ctrl (or ⌘) with a key: undo and redo, as in every editor. */
function historyKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === "z") return event.shiftKey ? "redo" : "undo";
  if (key === "y") return "redo";
  return null;
}

/** The character of a key pressed with Shift: the digit of "Digit1"/"Numpad1", else the key. */
function shiftedChar(event) {
  const match = /^(?:Digit|Numpad)(\d)$/.exec(event.code || "");
  return match ? match[1] : event.key;
}

/** Keys that look through a closed menu: Chromium and Firefox change its value, and fire `change`,
 * at each of them (WebKitGTK at Alt+Arrow too), as they do for a letter typed (it jumps to the
 * first choice with that letter). In a menu's open list (Firefox hands the page its keys there)
 * they only move the highlight, and no `change` comes of them. */
const BROWSE_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/** A menu whose choice replaces the board (Size, Examples: `data-choose="enter"`). Acting on each
 * `change` loaded a puzzle over the game at every arrow key, and reset the menu so that the next
 * key could only reach the first example: from the keyboard such a menu is looked through with
 * the arrows and acts on Enter, if the value shown is not the one it had; Escape or leaving it
 * puts it back. A `change` that no looking-through key made (a choice in the open list, by the
 * pointer or the keyboard) acts at once, as any menu's. `dataset.before` is the value the menu had
 * while it is looked through (controls-view.js leaves the Size menu alone then). */
function choosesOnEnter(target) {
  return target instanceof HTMLSelectElement && target.dataset.choose === "enter";
}

/** The last key pressed on a menu, `{value, enter, acted, at}`: the value before it, whether it
 * was Enter and the value Enter acted on, and when (performance.now()). A `change` soon after a
 * looking-through key is that key's (Chromium may fire it as a task of its own, after a timer
 * set at the key); one long after it is a choice made in the list the key opened. */
const keyOf = new WeakMap();
/** How soon after its key a `change` is the key's, in milliseconds. */
const KEY_CHANGE_MS = 1000;

/** Put a looked-through menu back to the value it had before the first key. */
function stopBrowsing(menu, revert) {
  keyOf.delete(menu);
  if (menu.dataset.before === undefined) return;
  if (revert) menu.value = menu.dataset.before;
  delete menu.dataset.before;
}

/** A key on a menu that acts on Enter: Enter acts on a looked-through value other than the one the
 * menu had; Escape puts the menu back; a key that neither looks through nor chooses (Space, F4,
 * which open the list) forgets the last one. */
function menuKey(menu, event, act) {
  if (event.ctrlKey || event.metaKey) return;
  const at = performance.now();
  if (event.key === "Escape") {
    stopBrowsing(menu, true);
  } else if (event.key === "Enter") {
    const was = menu.dataset.before;
    stopBrowsing(menu, false);
    const acted = was !== undefined && menu.value !== was ? menu.value : null;
    keyOf.set(menu, { enter: true, acted, at });
    if (acted === null) return;
    // Not Enter's own work too: Chromium on Linux opens the list at Enter, over the board chosen,
    // and the menu, held off while that board loads (controls-view.js), is not disabled to stop it.
    event.preventDefault();
    act();
  } else if (BROWSE_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " ")) {
    keyOf.set(menu, { value: menu.value, enter: false, at });
  } else {
    keyOf.delete(menu);
  }
}

/** A menu's `change` that is its key's: looked through (then the menu keeps the value it had
 * before), or the value Enter has just acted on. */
function keyedChange(menu) {
  const key = keyOf.get(menu);
  if (!key || performance.now() - key.at > KEY_CHANGE_MS) return false;
  if (key.enter) return key.acted === menu.value;
  if (menu.dataset.before === undefined) menu.dataset.before = key.value;
  return true;
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const ERASE = new Set(["Backspace", "Delete", ".", "0", " "]);

/** Is the event aimed at a text field, where keys and pastes belong to the field? */
function inField(target) {
  return target instanceof Element && target.closest("input, textarea, select, [contenteditable]") !== null;
}

/** The intent of a key pressed on the board, or null. */
function boardKey(key, symbols, onBoard) {
  if (ARROWS[key]) return { kind: "move", by: ARROWS[key] };
  if (onBoard && ERASE.has(key)) return { kind: "type", char: "." };
  // A named key ("Enter", "F2", "Dead") is no character; any other key is one, even outside the
  // Basic Multilingual Plane (an emoji is two UTF-16 units, and is said to be no digit too).
  if (key.length !== 1 && (/^[A-Za-z][A-Za-z0-9]+$/.test(key) || key === "")) return null;
  const upper = key.toUpperCase();
  if (symbols.includes(upper)) return onBoard ? { kind: "type", char: upper } : null;
  if (SHORTCUTS[key.toLowerCase()]) return { kind: "intent", name: SHORTCUTS[key.toLowerCase()] };
  // Any other character is kept as typed: Python's parser names it and its cell.
  if (onBoard && /\S/.test(key)) return { kind: "type", char: key };
  return null;
}

export function bindInput(root, handlers) {
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const button = target.closest("button[data-intent]");
    if (button && !button.disabled) {
      handlers.intent(button.dataset.intent, button, event.detail > 0);  // detail 0: Enter or Space
      return;
    }
    const cell = target.closest(".cell[data-cell]");
    if (cell) handlers.select(Number(cell.dataset.cell));
  });

  /** What a graph vertex or board cell under the pointer or focus stands for, or null. */
  const linkTarget = (target) => {
    if (!(target instanceof Element)) return null;
    const node = target.closest("#graph g.node[data-side]");
    if (node) return { side: node.dataset.side, index: Number(node.dataset.index) };
    const cell = target.closest("#board .cell[data-cell]");
    return cell ? { cell: Number(cell.dataset.cell) } : null;
  };
  for (const type of ["mouseover", "focusin"]) {
    root.addEventListener(type, (event) => handlers.link(linkTarget(event.target)));
  }
  for (const type of ["mouseout", "focusout"]) {
    root.addEventListener(type, (event) => {
      if (!linkTarget(event.relatedTarget)) handlers.link(null);
    });
  }

  root.addEventListener("change", (event) => {
    const target = event.target;
    if (choosesOnEnter(target)) {
      if (keyedChange(target)) return;
      stopBrowsing(target, false);  // chosen in the open list: it acts now
    }
    const named = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "checkbox");
    if (named && target.dataset.intent) handlers.intent(target.dataset.intent, target);
  });

  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.dataset.intent) {
      event.preventDefault();
      handlers.intent(form.dataset.intent, form);
    }
  });

  root.addEventListener("pointerdown", (event) => {
    if (choosesOnEnter(event.target)) stopBrowsing(event.target, true);
  });
  root.addEventListener("focusout", (event) => {
    if (choosesOnEnter(event.target)) stopBrowsing(event.target, true);
  });

  root.addEventListener("keydown", (event) => {
    const menu = event.target;
    if (choosesOnEnter(menu)) {
      menuKey(menu, event, () => handlers.intent(menu.dataset.intent, menu));
      return;
    }
    if (inField(event.target) || (event.target instanceof Element && event.target.closest("dialog"))) return;
    const history = historyKey(event);
    if (history) {
      event.preventDefault();
      handlers.intent(history, null);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const onBoard = event.target instanceof Element && event.target.closest("#board") !== null;
    if (!onBoard && event.target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;
    const shift = event.shiftKey && event.key.length === 1 && event.key !== "?";
    const action = boardKey(shift ? shiftedChar(event) : event.key, handlers.symbols(), onBoard);
    if (!action || (action.kind === "move" && !onBoard)) return;
    event.preventDefault();
    if (action.kind === "move") {
      handlers.move(...action.by);
    } else if (action.kind === "type") {
      handlers.type(action.char, { shift });
    } else {
      handlers.intent(action.name, null);
    }
  });

  root.addEventListener("paste", (event) => {
    if (inField(event.target)) return;
    const text = event.clipboardData ? event.clipboardData.getData("text") : "";
    if (text.trim()) {
      event.preventDefault();
      handlers.paste(text);
    }
  });
}
