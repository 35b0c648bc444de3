/**
 * Turns the person's clicks, keys and pastes into intents, by event delegation on the document
 * (the TodoMVC way): buttons name their intent in `data-intent`; board cells are selected by click;
 * keys typed on the board fill, erase and move; a few letters are shortcuts. Nothing here knows the
 * solver: `handlers` does the work.
 *
 *   handlers.intent(name, element)  a [data-intent] button, select or form
 *   handlers.select(cell)           a cell clicked
 *   handlers.type(char)             a character for the selected cell ('.' erases)
 *   handlers.move(dRow, dCol)       an arrow key
 *   handlers.paste(text)            text pasted outside the text box
 *   handlers.symbols()              the current size's digit symbols
 */

/** Letters that act as buttons; they are never digit symbols of the sizes in the menu. */
const SHORTCUTS = { s: "step", h: "hint", u: "back", r: "forward" };

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
  if (key.length !== 1) return null;
  const upper = key.toUpperCase();
  if (onBoard && symbols.includes(upper)) return { kind: "type", char: upper };
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
      handlers.intent(button.dataset.intent, button);
      return;
    }
    const cell = target.closest(".cell[data-cell]");
    if (cell) handlers.select(Number(cell.dataset.cell));
  });

  root.addEventListener("change", (event) => {
    const target = event.target;
    if (target instanceof HTMLSelectElement && target.dataset.intent) handlers.intent(target.dataset.intent, target);
  });

  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.dataset.intent) {
      event.preventDefault();
      handlers.intent(form.dataset.intent, form);
    }
  });

  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || inField(event.target)) return;
    const onBoard = event.target instanceof Element && event.target.closest("#board") !== null;
    if (!onBoard && event.target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;
    const action = boardKey(event.key, handlers.symbols(), onBoard);
    if (!action || (action.kind === "move" && !onBoard)) return;
    event.preventDefault();
    if (action.kind === "move") {
      handlers.move(...action.by);
    } else if (action.kind === "type") {
      handlers.type(action.char);
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
