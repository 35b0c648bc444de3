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

import { givensLine, isLoaded } from "./state.js";

const escapeText = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const SIZES = [4, 6, 9, 16];

/** The size and level the menus show: the person's choice, else the board's size. */
function choice(state) {
  return state.generateChoice ?? { size: SIZES.includes(state.shape.n) ? state.shape.n : 9, level: "unique" };
}

/** What to know before generating (docs/worker-protocol.md: 16×16 timings). */
function choiceNote({ size, level }) {
  if (size !== 16) return "";
  return level === "easy" ? "16×16 Easy puzzles may keep a few removable clues: a minimal one takes minutes."
    : "A 16×16 puzzle above Easy can take many minutes; Cancel stops it.";
}

/** The grade of the puzzle on the board, or null. */
function currentRating(state) {
  const rating = state.rating;
  return rating && isLoaded(state) && rating.puzzle === givensLine(state.view) ? rating : null;
}

function madeLine(reply) {
  if (reply.seed === undefined) return "";
  const grids = reply.attempts === 1 ? "1 full grid" : `${reply.attempts} full grids`;
  return `<p class="hint-line" data-seed="${reply.seed}">New ${reply.n}×${reply.n} puzzle: ${reply.clues} clues`
    + `${reply.minimal ? ", minimal" : ""} · ${grids} tried · seed ${reply.seed}</p>`;
}

function ratingMarkup(reply) {
  const rows = reply.techniques.map((t) => `<tr data-technique="${t.technique}"><th scope="row">${escapeText(t.name)}</th>`
    + `<td data-level="${t.level}">${escapeText(t.level)}</td><td data-figure="weight">${t.weight}</td>`
    + `<td data-figure="count">${t.count}</td></tr>`).join("");
  const guesses = reply.guesses ? ` · ${reply.guesses} guess${reply.guesses === 1 ? "" : "es"}` : "";
  const unique = reply.unique ? "" : '<p class="panel-error">This puzzle has more than one solution.</p>';
  return `<div class="rating" data-level="${reply.level}" data-score="${reply.score}">`
    + `<span class="level-badge">${escapeText(reply.level_name)}</span>`
    + `<span>score <b>${reply.score}</b></span>`
    + `<span>hardest: <b>${escapeText(reply.hardest || "none")}</b>${guesses}</span></div>`
    + unique + madeLine(reply)
    + `<table class="figures techniques"><thead><tr><th scope="col">Technique</th><th scope="col">Level</th>`
    + `<th scope="col">Weight</th><th scope="col">Count</th></tr></thead><tbody>${rows}</tbody></table>`;
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
  let shown = null;

  async function generate() {
    const { size, level } = choice(app.state);
    // A minimal 16×16 Easy puzzle takes minutes; `minimal: false` only lets Easy keep clues.
    const args = { size, level, minimal: size < 16 };
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
    root.dataset.state = busy ? `${busy.cmd}-running` : rating ? "rated" : "idle";
    const idle = state.ready && state.busy === null;
    els.generate.disabled = !idle;
    els.rate.disabled = !idle || !isLoaded(state);
    els.cancel.hidden = !(busy && busy.cmd === "generate");
    els.progress.hidden = !(busy && busy.cmd === "generate");
    if (busy && busy.progress) {
      els.stage.textContent = `${busy.progress.stage}…`;
      els.bar.value = busy.progress.fraction;
    } else if (busy) {
      els.stage.textContent = busy.label;
      els.bar.removeAttribute("value");
    }
    const chosen = choice(state);
    els.size.value = String(chosen.size);
    els.level.value = chosen.level;
    els.note.hidden = !choiceNote(chosen);
    els.note.textContent = choiceNote(chosen);
    els.error.hidden = !state.generateError;
    els.error.textContent = state.generateError || "";
    const html = rating ? ratingMarkup(rating) : "";
    if (html !== shown) {
      els.result.innerHTML = html;
      shown = html;
    }
  }

  const choose = () => app.commit({ ...app.state, generateError: null,
    generateChoice: { size: Number(els.size.value), level: els.level.value } });
  return { intents: { generate, rate, "generate-choice": choose }, render };
}
