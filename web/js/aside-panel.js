/**
 * The "Set-aside games" panel: the stored records this page kept rather than deleted (storage.js sets
 * a saved board aside when it cannot use it whole, and the game open before a set-aside one is opened
 * over it), and the one it holds under the saved board's key when it could not set it aside (storage
 * full, every set-aside place taken). Each is said in a few words (storage.js's `describeRecord`),
 * with Download (its exact text as a .json file, made here: nothing is fetched, so it works offline),
 * Open (a record that holds a puzzle, not the held one: the game opens as a saved board opens at page
 * load, once the game open before is set aside) and Delete, confirmed or put away in the record's own
 * row. The panel shows only while something is listed; other tabs' changes come by the page's
 * `storage` event (main.js).
 *
 * State: `state.asideRecords` (storage.js's setAsideRecords), `state.asideConfirm` ({key, stamp}).
 * Test hooks: `#aside-panel`, `li[data-key]` (the record's key) with `button[data-intent]`:
 * aside-download, aside-open, aside-delete, then aside-delete-confirm and aside-keep.
 */

import { h, setOff, setProp, setText } from "./dom.js";
import { deleteRecord, parseSaved, setAsideGame, setAsideRecords } from "./storage.js";
import { awaitsPython, isRecord, snapshot } from "./store.js";

/** How long a downloaded record's object URL is kept before it is let go. */
const REVOKE_AFTER_MS = 10000;

/** What a record is called in its buttons' names and the page's messages. */
function nameOf(record) {
  return record.held ? "the saved board that could not be set aside" : `the game set aside under "${record.key}"`;
}

/** A record's row: where it is kept, its words, its buttons, and the confirmation its Delete asks for. */
function item(record) {
  const name = nameOf(record);
  const button = (intent, words, label, extra = {}) => h("button",
    { type: "button", "data-intent": intent, "data-key": record.key, "aria-label": label, ...extra }, words);
  return h("li", { class: "aside-item", "data-key": record.key, "data-held": String(record.held) },
    h("p", { class: "aside-what" },
      record.held ? h("strong", null, "Held, not set aside: ") : null, h("code", null, record.key), " ", record.summary),
    h("div", { class: "panel-actions", role: "group", "aria-label": name },
      button("aside-download", "Download", `Download ${name}`),
      record.openable ? button("aside-open", "Open", `Open ${name}`) : null,
      button("aside-delete", "Delete", `Delete ${name}`),
      h("span", { class: "aside-confirm", hidden: true },
        h("span", null, "Delete it for good?"),
        // Each name starts with the words shown, so that voice control finds the button by them.
        // Keep it first: focus goes from the Delete pressed to the first button here (`swap`), so
        // that a second Enter keeps the game rather than deleting it for good.
        button("aside-keep", "Keep it", `Keep it: ${name}`),
        button("aside-delete-confirm", "Delete for good", `Delete for good ${name}`, { class: "danger" }))));
}

/** Hide `gone` and show `shown` (a button, or a part whose first button is the one to go to), focus
 * going from one to the other: Delete pressed gives it to Keep it, Keep it back to Delete. Shown
 * first, so that focus moves before the control that has it hides: hidden with it, a control drops
 * focus to the page's body, which a screen reader says as a jump. */
function swap(gone, shown) {
  setProp(shown, "hidden", false);
  if (!gone.hidden && gone.contains(document.activeElement)) {
    (shown.matches("button") ? shown : shown.querySelector("button")).focus();
  }
  setProp(gone, "hidden", true);
}

/** The panel: its intents for main.js and its render. `app.open` opens a game as the page does at
 * load (the controller's `open`), `app.dispatch` sends an action to the store. */
export function asidePanel(root, app) {
  const els = { count: root.querySelector(".aside-count"), list: root.querySelector(".aside-list"),
    summary: root.querySelector("summary") };

  const find = (el) => app.state.asideRecords.find((record) => record.key === el.dataset.key) ?? null;
  const say = (notice) => app.dispatch({ type: "notice", notice, said: true });

  /** The record's exact text, saved as a file by the browser. */
  function download(el) {
    const record = find(el);
    if (!record) return;
    const url = URL.createObjectURL(new Blob([record.text], { type: "application/json" }));
    const link = h("a", { href: url, download: `${record.key}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS); // some browsers read it after the click returns
  }

  /** Open the record's game, the game open now set aside first (and nothing opened when it cannot
   * be: it would be saved over). What the record lost is said as at page load; the record stays
   * listed, as it was, until it is deleted. */
  async function open(el) {
    const record = find(el);
    if (!record || !record.openable) return;
    const { value: game, problem } = parseSaved(record.text);
    // After Cancel stopped a saved game's replay, the board shows its position without its history:
    // the record saved, history and all, is the game to keep.
    const kept = setAsideGame(snapshot(app.state), { savedInstead: app.state.savedKept });
    if (!kept.ok) {
      say(`The game you have open could not be set aside (${kept.why}), so ${nameOf(record)} was not opened over `
        + "it: delete the set-aside records that you no longer need (download them first to keep them), then open it again.");
      return;
    }
    const said = [`Opened ${nameOf(record)}; it stays listed in "Set-aside games" until you delete it.`, problem,
      kept.key ? `The game you had open is set aside under "${kept.key}".` : null];
    app.dispatch({ type: "open-saved", game });
    await app.open({ puzzle: game.puzzle, ...game.address }, game, said.filter(Boolean), game.mode,
      { keep: () => `The record as it was stays set aside under "${record.key}".` });
  }

  /** Delete, confirmed: the record goes, unless another tab changed it since it was listed. Focus,
   * from the keyboard, goes to the panel's summary while other records remain, else to the board. */
  function remove(el) {
    const record = find(el);
    if (!record || !isRecord(record, app.state.asideConfirm)) return;
    const others = app.state.asideRecords.filter((other) => other !== record);
    if (others.length > 0 && document.activeElement === el) els.summary.focus();
    const deleted = deleteRecord(record.key, record.text);
    // Listed again at once, not when storage.js's change is heard: a row gone then would take focus
    // with it after the page has found where focus goes.
    app.dispatch({ type: "aside-records", records: setAsideRecords() });
    app.dispatch({ type: "aside-confirm", record: null });
    if (!deleted) {
      say(`The record under "${record.key}" changed in another tab since it was listed, so it was not deleted; `
        + "the list shows it as it is now.");
      return;
    }
    const held = others.some((other) => other.held);
    say(record.held ? "Deleted the saved board that could not be set aside: your next move saves this game again."
      : `Deleted ${nameOf(record)}.${held ? " Your next move sets the held saved board aside in the space freed, "
        + "and saves this game again." : ""}`);
  }

  /** Each row drawn, by what it was drawn from. */
  let rows = new Map();

  /** One row per record, in order: a row whose record is as it was stays the same element, in its
   * place, so that its button keeps focus (and stays held off, setOff, while Python answers) as
   * other rows come (Open sets the game open before aside: a new record) or go. */
  function drawList(records) {
    const drawn = new Map(records.map((record) => {
      const key = `${record.key} ${record.stamp} ${record.held}`;
      return [key, rows.get(key) ?? item(record)];
    }));
    const wanted = [...drawn.values()];
    for (const row of [...els.list.children]) if (!wanted.includes(row)) row.remove();
    wanted.forEach((row, at) => {
      if (els.list.children[at] !== row) els.list.insertBefore(row, els.list.children[at] ?? null);
    });
    rows = drawn;
  }

  function render(state) {
    const records = state.asideRecords;
    setProp(root, "hidden", records.length === 0);
    setText(els.count, `(${records.length})`);
    drawList(records);
    records.forEach((record, at) => {
      const row = els.list.children[at];
      const confirming = isRecord(record, state.asideConfirm);
      const remove = row.querySelector('[data-intent="aside-delete"]');
      const confirm = row.querySelector(".aside-confirm");
      if (confirming) swap(remove, confirm);
      else swap(confirm, remove);
      const opens = row.querySelector('[data-intent="aside-open"]');
      if (opens) setOff(opens, !state.ready || state.busy !== null, awaitsPython(state));
    });
  }

  return {
    intents: {
      "aside-download": download, "aside-open": open, "aside-delete-confirm": remove,
      "aside-delete": (el) => app.dispatch({ type: "aside-confirm", record: find(el) }),
      "aside-keep": () => app.dispatch({ type: "aside-confirm", record: null }),
    },
    render,
  };
}
