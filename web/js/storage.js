/**
 * Where the board outlives the page: the URL (`#p=<puzzle>`, so a link reproduces the board) and
 * localStorage (the puzzle with its step log and position, so a reload lands on the same step).
 */

const KEY = "pysolver.board";

/** The puzzle in the URL's `#p=` fragment, or null. */
export function readHash(hash = location.hash) {
  const match = /^#p=(.*)$/.exec(hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Keep `#p=` equal to the puzzle without adding a history entry per keystroke. */
export function writeHash(puzzle) {
  const hash = `#p=${encodeURIComponent(puzzle).replace(/%2E/g, ".")}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

/** The saved snapshot ({puzzle, actions, position, shape}), or null. */
export function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved && typeof saved.puzzle === "string" ? saved : null;
  } catch {
    return null;
  }
}

export function save(snapshot) {
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage can be full or disabled (private windows); the URL still holds the puzzle.
  }
}
