// Runs web/js/storage.js under Node, as two tabs of the page sharing one localStorage with a quota
// (each tab its own instance of the module, imported under its own query string), and prints what
// each tab saved and said as JSON for tests/test_store_js.py.

/** localStorage as a browser keeps it: strings, and a quota on the characters of keys and values
 * (replacing a value counts only what it adds, as in Chromium). */
class QuotaStorage {
  constructor(quota = Infinity) {
    this.items = new Map();
    this.quota = quota;
  }

  get used() {
    let total = 0;
    for (const [key, value] of this.items) total += key.length + value.length;
    return total;
  }

  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }

  setItem(key, value) {
    const text = String(value);
    const old = this.items.has(key) ? key.length + this.items.get(key).length : 0;
    if (this.used - old + key.length + text.length > this.quota) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, text);
  }

  removeItem(key) {
    this.items.delete(key);
  }

  /** Leave `room` characters free (a filler key takes the rest). */
  fill(room) {
    this.items.delete("filler");
    this.quota = this.used + "filler".length + 1000 + room;
    this.items.set("filler", "x".repeat(1000));
  }

  free() {
    this.items.delete("filler");
    this.quota = Infinity;
  }

  dump() {
    return JSON.stringify([...this.items].sort());
  }
}

const KEY = "pysolver.board";
const ASIDE = "pysolver.board.set-aside";
const PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const OTHER = ".42...1......3..";

/** A snapshot as the page saves it. */
function game(puzzle, steps) {
  return { puzzle, actions: Array(steps).fill("logic"), position: steps, mode: "play", showCandidates: true,
    play: null, settings: null, address: { digits: "", notes: "" } };
}

let tabs = 0;
/** A new tab: a fresh instance of storage.js (its own module state). */
async function tab() {
  tabs += 1;
  return import(new URL(`../../web/js/storage.js?tab=${tabs}`, import.meta.url).href);
}

globalThis.sessionStorage = new QuotaStorage();
// The person's time zone, for the start times in the set-aside list: one of half hours, set before
// any tab's module is imported.
process.env.TZ = "Asia/Kolkata";
const results = {};

// 1. A saved game whose steps no longer replay, which its tab cannot set aside (storage full), is
// not saved over by another tab open on another game; once space is freed it is set aside.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const record = JSON.stringify({ version: 1, ...game(PUZZLE, 3) });
  storage.setItem(KEY, record);
  const other = await tab(); // open on another game since before
  other.loadSaved();
  storage.fill(100);
  const first = await tab(); // reloaded: its saved game does not replay any more
  first.loadSaved();
  const firstSaid = first.setAsideSaved();
  const otherSaid = other.save(game(OTHER, 1));
  const kept = storage.getItem(KEY) === record;
  const otherAgain = other.save(game(OTHER, 2));
  const firstSaves = first.save(game(PUZZLE, 2));
  const keptStill = storage.getItem(KEY) === record;
  storage.free();
  const otherFreed = other.save(game(OTHER, 3));
  const firstAfter = first.save(game(PUZZLE, 3));
  results.replay = { firstSaid, otherSaid, kept, otherAgain, firstSaves, keptStill, otherFreed,
    asideAfterFree: storage.getItem(ASIDE) === record, firstAfter,
    storedAfter: JSON.parse(storage.getItem(KEY)).puzzle === PUZZLE, marker: storage.getItem(`${KEY}.held`) };
}

// 2. A record that does not read whole (another format), which the tab opening it cannot set aside,
// is not saved over by a tab that opened before it was stored.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const other = await tab();
  other.loadSaved(); // nothing stored yet
  const record = JSON.stringify({ version: 2, ...game(PUZZLE, 3) });
  storage.setItem(KEY, record);
  storage.fill(100);
  const first = await tab();
  const firstSaid = first.loadSaved().problem;
  const otherSaid = other.save(game(OTHER, 1));
  results.unreadable = { firstSaid, otherSaid, kept: storage.getItem(KEY) === record };
}

// 3. Storage so full that not even the marker fits: the tab says other tabs could still save over it.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const record = JSON.stringify({ version: 1, ...game(PUZZLE, 3) });
  storage.setItem(KEY, record);
  storage.fill(0);
  const first = await tab();
  first.loadSaved();
  results.brimful = { firstSaid: first.setAsideSaved() };
}

// 4. Reading is pure: nothing is written or removed, and no problem claims a record was set aside.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const broken = JSON.stringify({ version: 2, ...game(PUZZLE, 3) });
  storage.setItem(KEY, broken);
  const reader = await tab();
  const before = storage.dump();
  const elsewhere = reader.savedElsewhere({ key: KEY, newValue: broken });
  globalThis.sessionStorage.setItem(`${KEY}.this-tab`, JSON.stringify({ board: broken, text: "typed" }));
  const kept = reader.takeKeptForReload();
  const read = reader.readSaved ? reader.readSaved() : null;
  const parsed = reader.parseSaved(broken);
  results.pure = { unchanged: storage.dump() === before, elsewhere: elsewhere && elsewhere.puzzle,
    keptProblem: kept.board.problem, keptText: kept.text, readProblem: read && read.problem,
    parsedProblem: parsed.problem };
}

// 5. Each history entry keeps the game this tab last saved there: a new puzzle's entry does not
// replace the game of the one before, which Back opens whole; only a game that reads whole, is the
// address's position and was played (not givens being typed) is offered, and one too large for the
// browser's history is left out.
{
  globalThis.localStorage = new QuotaStorage();
  const entries = [{ state: null, hash: "" }]; // the page as opened, with no address
  let at = 0;
  const browser = (limit) => ({
    get state() { return entries[at].state; },
    pushState(state, _, hash) {
      if (JSON.stringify(state).length > limit) throw new DOMException("too large", "DataCloneError");
      entries.splice(at + 1, Infinity, { state: structuredClone(state), hash });
      at += 1;
      globalThis.location.hash = hash;
    },
    replaceState(state, _, hash) {
      if (JSON.stringify(state).length > limit) throw new DOMException("too large", "DataCloneError");
      entries[at] = { state: structuredClone(state), hash };
      globalThis.location.hash = hash;
    },
  });
  globalThis.location = { hash: "" };
  globalThis.history = browser(Infinity);
  const page = await tab();
  const shown = (snap) => ({ puzzle: snap.puzzle, ...snap.address });
  const first = game(PUZZLE, 2);
  page.save(first);
  page.writeHash(shown(first));
  const moved = game(PUZZLE, 3); // a move that leaves the address as it was: the entry's game follows
  page.save(moved);
  page.writeHash(shown(moved));
  const second = game(OTHER, 1);
  page.save(second);
  page.writeHash(shown(second));
  const pushed = entries.length;
  at = 0; // Back
  globalThis.location.hash = entries[0].hash;
  const back = page.gameOfEntry(shown(moved));
  const otherPosition = page.gameOfEntry({ ...shown(moved), digits: "1" + ".".repeat(80) });
  entries[0].state = { ...entries[0].state, game: JSON.stringify({ version: 2, ...moved }) };
  const notWhole = page.gameOfEntry(shown(moved));
  entries[0].state = { ...entries[0].state, game: JSON.stringify({ version: 1, ...moved, mode: "enter" }) };
  const typing = page.gameOfEntry(shown(moved)); // givens being typed or edited: the address holds them
  globalThis.history = browser(200); // a browser that cannot keep so large a game: the address alone
  const large = game(PUZZLE, 40);
  page.save(large);
  page.writeHash(shown(large));
  results.entries = { pushed, backActions: back && back.actions.length, otherPosition, notWhole, typing,
    forward: JSON.parse(entries[1].state.game).puzzle, large: entries[0].state, hash: globalThis.location.hash };
}

// 6. The records a person can download, open or delete: each set-aside one in slot order, said in a few
// words; this tab's changes are heard; a Delete removes only the text listed; the game open before
// another is opened is set aside when it has moves, once, and not when no place is left.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const page = await tab();
  let heard = 0;
  page.watchSetAside(() => { heard += 1; });
  const readInPart = JSON.stringify({ version: 2, ...game(PUZZLE, 3) });
  storage.setItem(KEY, readInPart);
  const saidInPart = page.loadSaved().problem;
  const unusable = JSON.stringify({ version: 1, actions: [] });
  storage.setItem(KEY, unusable);
  const saidUnusable = (await tab()).loadSaved().problem; // set aside under ….2, and removed
  const removed = storage.getItem(KEY);
  const listed = page.setAsideRecords().map(({ key, text, held, summary, openable }) =>
    ({ key, exact: text === storage.getItem(key), held, summary, openable }));
  const heardAfterLoad = heard;
  const stale = page.deleteRecord(`${ASIDE}.2`, "another text");
  const notListed = page.deleteRecord("pysolver-theme", "dark");
  const deleted = page.deleteRecord(`${ASIDE}.2`, unusable);
  const gone = storage.getItem(`${ASIDE}.2`);
  const noMoves = page.setAsideGame(game(OTHER, 0));
  const kept = page.setAsideGame(game(OTHER, 2));
  const keptAgain = page.setAsideGame(game(OTHER, 2));
  for (let slot = 3; slot <= 20; slot += 1) storage.setItem(`${ASIDE}.${slot}`, `filler ${slot}`);
  const noPlace = page.setAsideGame(game(OTHER, 5));
  storage.removeItem(`${ASIDE}.3`);
  // The board shows a saved game's position without its history (Cancel stopped its replay): the
  // record stored, history and all, is kept rather than the board shown.
  const whole = JSON.stringify({ version: 1, ...game(PUZZLE, 6) });
  storage.setItem(KEY, whole);
  const savedInstead = page.setAsideGame(game(PUZZLE, 0), { savedInstead: true });
  const savedKept = storage.getItem(`${ASIDE}.3`) === whole;
  const event = (key) => page.changesSetAside({ key });
  results.listed = { listed, heardAfterLoad, saidInPart, saidUnusable, stored: removed, stale, notListed, deleted, gone,
    heard, noMoves, kept, keptAgain, keptText: storage.getItem(kept.key) === JSON.stringify({ version: 1, ...game(OTHER, 2) }),
    noPlace, savedInstead, savedKept, count: page.setAsideRecords().length,
    events: [event(null), event(`${ASIDE}.7`), event(`${KEY}.held`), event(KEY), event("pysolver-theme")],
    described: [page.describeRecord(JSON.stringify({ version: 1, ...game(OTHER, 1) })),
      page.describeRecord(JSON.stringify({ ...game(PUZZLE, 2), position: 1, mode: "enter" })),
      page.describeRecord(JSON.stringify({ ...game(":0000:x:.42...1......3..:::", 0) })),
      page.describeRecord("{"),
      page.describeRecord(JSON.stringify({ ...game(OTHER, 3),
        play: { started: 1795000000, hints: 1, checks: 0, finished_in: 95 } })),
      page.describeRecord(JSON.stringify({ ...game(OTHER, 0), play: { started: 8.7e12, hints: 0, checks: 0 } }))] };
}

// 7. A record held (storage full: not set aside) is listed by the tab holding it and by another tab
// (HELD_KEY tells it); deleted from the other tab, the holding tab's next save writes its game.
{
  const storage = globalThis.localStorage = new QuotaStorage();
  const record = JSON.stringify({ version: 2, ...game(PUZZLE, 3) });
  storage.setItem(KEY, record);
  storage.fill(100);
  const first = await tab();
  const firstSaid = first.loadSaved().problem;
  const refused = first.save(game(PUZZLE, 4));
  const other = await tab();
  const listedHere = first.setAsideRecords().map(({ key, held, openable }) => ({ key, held, openable }));
  const listedThere = other.setAsideRecords().map(({ key, held, openable }) => ({ key, held, openable }));
  const deleted = other.deleteRecord(KEY, record);
  storage.free();
  const saved = first.save(game(PUZZLE, 5));
  results.held = { firstSaid, refused, listedHere, listedThere, deleted, saved,
    stored: JSON.parse(storage.getItem(KEY)).actions.length, marker: storage.getItem(`${KEY}.held`),
    after: first.setAsideRecords().length };
}

console.log(JSON.stringify(results));
