/**
 * The "New puzzle and level" panel: generation in the worker (`generate`, with progress and Cancel)
 * loads its puzzle through the page's normal `load` path, so the URL, the saved board and the step
 * list follow; Rate (`rate`) grades the loaded puzzle. Both replies carry the grade (level, HoDoKu
 * score, hardest technique, technique counts), which the panel shows for the puzzle it belongs to
 * (docs/worker-protocol.md). Python decides every figure; this module only lays them out.
 *
 * State: `state.rating` = the last `rate` or `generate` reply (it names its `puzzle`);
 * `state.generateError` = why the last generation failed; `state.generateChoice` = {size, level}
 * once the person picks them (until then the board's size and any unique level).
 * Test hooks: `#generate-panel[data-state]`, `.rating[data-level][data-score]`,
 * `tr[data-technique] td[data-figure="count"]`.
 */

import { h, redraw, setData, setProp, setText } from "./dom.js";
import { givensLine, isLoaded } from "./store.js";

const SIZES = [4, 6, 9, 16];

/** The size and level the menus show: the person's choice, else the board's size. */
function choice(state) {
  return state.generateChoice ?? { size: SIZES.includes(state.shape.n) ? state.shape.n : 9, level: "unique" };
}

/** What to know before generating (docs/worker-protocol.md: 16×16 timings). */
function choiceNote({ size, level }) {
  if (size === 6 && level === "hard") {
    return "Few random 6×6 puzzles are Hard (about one in a thousand): finding one can take half a minute; Cancel stops it.";
  }
  if (size !== 16 || !["expert", "extreme", "guessing"].includes(level)) return "";
  return "A 16×16 puzzle above Hard can take many minutes; Cancel stops it.";
}

/** The grade of the puzzle on the board, or null. */
function currentRating(state) {
  const rating = state.rating;
  return rating && isLoaded(state) && rating.puzzle === givensLine(state.view) ? rating : null;
}

function madeLine(reply) {
  if (reply.seed === undefined) return null;
  const grids = reply.attempts === 1 ? "1 full grid" : `${reply.attempts} full grids`;
  return h("p", { class: "hint-line", "data-seed": reply.seed },
    `New ${reply.n}×${reply.n} puzzle: ${reply.clues} clues${reply.minimal ? ", minimal" : ""} · `
    + `${grids} tried · seed ${reply.seed}`);
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
    generate: root.querySelector('button[type="submit"]'), rate: root.querySelector('[data-intent="rate"]'),
    cancel: root.querySelector('[data-intent="cancel"]'), progress: root.querySelector(".run-progress"),
    result: root.querySelector(".result"), error: root.querySelector(".panel-error"),
    note: root.querySelector(".choice-note"),
  };
  els.stage = els.progress.querySelector("span");
  els.bar = els.progress.querySelector("progress");

  async function generate() {
    const { size, level } = choice(app.state);
    const args = { size, level };
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
    setProp(els.generate, "disabled", !idle);
    setProp(els.rate, "disabled", !idle || !isLoaded(state));
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
    setProp(els.size, "value", String(chosen.size));
    setProp(els.level, "value", chosen.level);
    setProp(els.note, "hidden", !choiceNote(chosen));
    setText(els.note, choiceNote(chosen));
    setProp(els.error, "hidden", !state.generateError);
    setText(els.error, state.generateError || "");
    redraw(els.result, JSON.stringify(rating), () => (rating ? ratingElements(rating) : []));
  }

  const choose = () => app.commit({ ...app.state, generateError: null,
    generateChoice: { size: Number(els.size.value), level: els.level.value } });
  return { intents: { generate, rate, "generate-choice": choose }, render };
}
