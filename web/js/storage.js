/**
 * Where the position outlives the page. The address (`#p=<givens>&d=<digits>&n=<notes>`) carries
 * the givens, the digits on top of them and the notes (packed by Python), so the link alone
 * restores the position in another browser; a new puzzle is a new browser-history entry, moves
 * within it replace the current one, so Back and Forward go from puzzle to puzzle. localStorage
 * keeps the whole history (actions and position) and the play counters, so a reload lands on the
 * same move with Undo intact.
 */

const KEY = "pysolver.board";

/** The position in the address ({puzzle, digits, notes}), or null when it names none. */
export function readHash(hash = location.hash) {
  if (!hash.startsWith("#p=")) return null;
  const fields = new URLSearchParams(hash.slice(1));
  const puzzle = fields.get("p");
  if (!puzzle) return null;
  return { puzzle, digits: fields.get("d") || "", notes: fields.get("n") || "" };
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
  const current = readHash();
  if (!inPlace && current && current.puzzle !== position.puzzle) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}

/** The saved snapshot ({puzzle, actions, position, shape, mode, play, settings, address}), or null. */
export function loadSaved() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    return saved && typeof saved.puzzle === "string" && Array.isArray(saved.actions) ? saved : null;
  } catch {
    return null;
  }
}

export function save(snapshot) {
  try {
    localStorage.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage can be full or disabled (private windows); the address still holds the position.
  }
}
