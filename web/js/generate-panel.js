/**
 * The "New puzzle and level" panel: generation in the worker (`generate`, with progress and Cancel)
 * loads its puzzle through the page's normal `load` path, so the URL, the saved board and the step
 * list follow; Rate (`rate`) grades the loaded puzzle. Both replies carry the grade (level, HoDoKu
 * score, hardest technique, technique counts), which the panel shows for the puzzle it belongs to
 * (docs/worker-protocol.md). Python decides every figure; this module only lays them out.
 *
 * The Seed box's text goes to Python as typed (a seed makes the same puzzle again; blank, a new one).
 * The Size and Level menus are built from Python's `sizes` reply (asked once the worker is ready,
 * kept as `state.sizes`): every grid size, and per size the levels New puzzle makes, those it cannot
 * (disabled, with Python's reason as their title and in the note under the menus) and what to know
 * before a slow one. index.html holds the same options for the page before that reply
 * (tests/test_size_menus.py checks that they match), so nothing moves when they are rebuilt.
 *
 * State: `state.rating` = the last `rate` or `generate` reply (it names its `puzzle`);
 * `state.generateError` = why the last generation failed; `state.generateChoice` = {size, level,
 * board} once the person picks them (`board`: the board's size then; the size menu follows the
 * board's size again once another size is loaded, and shows it until then: any unique level).
 * The grade's table is no live region (a screen reader would read it out whole): the panel's
 * status region (`.panel-said`) says Python's one-sentence `summary` of the reply instead.
 * Test hooks: `#generate-panel[data-state]`, `.panel-said`, `.rating[data-level][data-score]`,
 * `tr[data-technique] td[data-figure="count"]`, `.hint-line[data-seed][data-elapsed-ms]`.
 */

import { h, redraw, sentence, setAttr, setData, setOff, setProp, setText } from "./dom.js";
import { client } from "./solver.js";
import { awaitsPython, givensLine, isLoaded } from "./store.js";

/** The size and level the menus show: the person's choice while the board keeps the size it
 * had then, else the board's size with the level chosen last. */
function choice(state) {
  const n = state.shape.n;
  const chosen = state.generateChoice;
  return chosen && chosen.board === n ? chosen : { size: n, level: chosen ? chosen.level : "unique", board: n };
}

/** Python's entries for the chosen size and level, or nulls before the `sizes` reply. */
function entries(state, { size, level }) {
  const sizeEntry = (state.sizes || []).find((entry) => entry.n === size) || null;
  const levelEntry = sizeEntry ? sizeEntry.levels.find((entry) => entry.level === level) || null : null;
  return { sizeEntry, levelEntry };
}

/** What to know before generating: the levels not made at the size, and a slow level's note. */
function choiceNote({ sizeEntry, levelEntry }) {
  return [sizeEntry && sizeEntry.note, levelEntry && levelEntry.note].filter(Boolean).join(" ");
}

function option(value, label, refused) {
  return h("option", { value, disabled: Boolean(refused), title: refused }, label);
}

/** The grade of the puzzle on the board, or null. */
function currentRating(state) {
  const rating = state.rating;
  return rating && isLoaded(state) && rating.puzzle === givensLine(state.view) ? rating : null;
}

function madeLine(reply) {
  if (reply.seed === undefined) return null;
  return h("p", { class: "hint-line", "data-seed": reply.seed, "data-elapsed-ms": Math.round(reply.elapsed_ms) },
    reply.message);
}

function ratingElements(reply) {
  const rows = reply.techniques.map((t) => h("tr", { "data-technique": t.technique },
    h("th", { scope: "row" }, t.name), h("td", { "data-level": t.level }, t.level),
    h("td", { "data-figure": "weight" }, t.weight), h("td", { "data-figure": "count" }, t.count)));
  const guesses = reply.guesses ? ` · ${reply.guesses} guess${reply.guesses === 1 ? "" : "es"}` : "";
  const heads = ["Technique", "Level", "Weight", "Count"].map((head) => h("th", { scope: "col" }, head));
  return [
    h("div", { class: "rating", "data-level": reply.level, "data-score": reply.score },
      h("span", { class: "level-badge" }, reply.level_name),
      h("span", null, "score ", h("b", null, reply.score)),
      h("span", null, "hardest: ", h("b", null, reply.hardest || "none"), guesses)),
    reply.unique ? null : h("p", { class: "panel-error" }, "This puzzle has more than one solution."),
    madeLine(reply),
    h("table", { class: "figures techniques" }, h("thead", null, h("tr", null, heads)), h("tbody", null, rows)),
  ];
}

/** The panel: its intents for main.js and its render. */
export function generatePanel(root, app) {
  const els = {
    size: root.querySelector('[name="size"]'), level: root.querySelector('[name="level"]'),
    seed: root.querySelector('[name="seed"]'),
    generate: root.querySelector('button[type="submit"]'), rate: root.querySelector('[data-intent="rate"]'),
    cancel: root.querySelector('[data-intent="cancel"]'), progress: root.querySelector(".run-progress"),
    result: root.querySelector(".result"), error: root.querySelector(".panel-error"),
    note: root.querySelector(".choice-note"), said: root.querySelector(".panel-said"),
  };
  els.stage = els.progress.querySelector("span");
  els.bar = els.progress.querySelector("progress");

  async function generate() {
    const { size, level } = choice(app.state);
    // The Seed box's text as typed: Python reads it (blank: a seed drawn at random) and says
    // what is wrong with it.
    const args = { size, level, seed: els.seed.value };
    if (app.state.generateError) app.commit({ ...app.state, generateError: null });
    try {
      const reply = await app.ask("generate", args);
      if (!reply) return;
      app.commit({ ...app.state, rating: reply, generateError: null });
      await app.loadPuzzle(reply.puzzle);
    } catch (error) {
      if (error && error.kind === "invalid") app.commit({ ...app.state, generateError: error.message });
      else app.failed(error);
    }
  }

  async function rate() {
    try {
      const reply = await app.ask("rate", { puzzle: givensLine(app.state.view) });
      if (reply) app.commit({ ...app.state, rating: reply });
    } catch (error) {
      app.failed(error);
    }
  }

  function render(state) {
    const busy = state.busy && ["generate", "rate"].includes(state.busy.cmd) ? state.busy : null;
    const rating = currentRating(state);
    setData(root, "state", busy ? `${busy.cmd}-running` : rating ? "rated" : "idle");
    const idle = state.ready && state.busy === null;
    const waiting = awaitsPython(state);
    setOff(els.rate, !idle || !isLoaded(state), waiting);
    setProp(els.cancel, "hidden", !(busy && busy.cmd === "generate"));
    setProp(els.progress, "hidden", !(busy && busy.cmd === "generate"));
    if (busy && busy.progress) {
      setText(els.stage, `${busy.progress.stage}…`);
      setProp(els.bar, "value", busy.progress.fraction);
    } else if (busy) {
      setText(els.stage, busy.label);
      els.bar.removeAttribute("value");
    }
    const chosen = choice(state);
    const found = entries(state, chosen);
    if (state.sizes) {
      redraw(els.size, JSON.stringify(state.sizes.map(({ n, label, refused }) => [n, label, refused])),
        () => state.sizes.map(({ n, label, refused }) => option(String(n), label, refused)));
    }
    if (found.sizeEntry) {
      redraw(els.level, JSON.stringify(found.sizeEntry.levels),
        () => found.sizeEntry.levels.map(({ level, name, refused }) => option(level, name, refused)));
    }
    setProp(els.size, "value", String(chosen.size));
    setProp(els.level, "value", chosen.level);
    const refused = (found.sizeEntry && found.sizeEntry.refused) || (found.levelEntry && found.levelEntry.refused);
    setOff(els.generate, !idle || Boolean(refused), waiting);
    setAttr(els.generate, "aria-describedby", refused ? els.note.id : null);
    const note = choiceNote(found);
    setProp(els.note, "hidden", !note);
    setText(els.note, note);
    setProp(els.error, "hidden", !state.generateError);
    setText(els.error, sentence(state.generateError || ""));
    redraw(els.result, JSON.stringify(rating), () => (rating ? ratingElements(rating) : []));
    setText(els.said, rating ? rating.summary : "");
  }

  const choose = () => app.commit({ ...app.state, generateError: null,
    generateChoice: { size: Number(els.size.value), level: els.level.value, board: app.state.shape.n } });
  // The menus' sizes and levels: Python's, asked once the solver is ready (not through `app.ask`,
  // which would show the page busy for a reply nobody waits on).
  client.ready.then(() => client.request("sizes"))
    .then((reply) => app.commit({ sizes: reply.sizes }), () => {});
  return { intents: { generate, rate, "generate-choice": choose }, render };
}
