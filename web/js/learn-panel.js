/**
 * The "Learn" panel: chain and pile exclusion taught from the examples of Dr. Dobb's "Sudoku &
 * Graph Theory", and the fish as the same graph on one digit's rows and columns (Berthier's
 * symmetry, as farhiongit/sudoku-solver applies it). Each example is a small graph the person edits
 * by toggling candidates; every edit asks the worker (`bipartite`, docs/worker-protocol.md), which
 * runs the solver's own analysis and replies with the drawing (layout and stages) and the verdict:
 * what can be excluded, a Hall violation, or nothing. The lessons themselves (titles, texts,
 * starting candidates, what each asks `bipartite` for) are Python's too (`lessons`, asked when the
 * panel is first opened): nothing about the examples is written here.
 *
 * Python also says which stage the drawing opens at (the first lesson: the matching) and which
 * step the drawn pattern is ("Naked Triple", "X-Wing"); "Try it on a puzzle" links to the example
 * puzzle that needs that step (an address, so Back returns to the puzzle that was shown).
 *
 * State: `state.lessons` (Python's list, or absent until it comes) and `state.learn` = {example,
 * candidates, reply, error, stage}.
 * Test hooks: `#learn-panel[data-example]`, `.learn-also li`, `button[data-intent="learn-toggle"][data-row][data-value]`
 * (aria-pressed, named "5 in row 1, column 3"), `.learn-verdict`, `.learn-graph svg.bipartite`, `a.learn-try[data-example]`.
 */

import { h, redraw } from "./dom.js";
import { exampleForTechnique } from "./examples.js";
import { renderGraph } from "./graph-view.js";
import { client } from "./solver.js";
import { hashOf } from "./storage.js";

/** The lesson with this id in Python's list, else its first. */
const lessonById = (lessons, id) => lessons.find((lesson) => lesson.id === id) || lessons[0];

/** The panel's state, or the first lesson untouched (null before Python has sent the lessons). */
function learnState(state) {
  if (state.learn) return state.learn;
  const lesson = state.lessons ? state.lessons[0] : null;
  return lesson && { example: lesson.id, candidates: lesson.candidates, reply: null, error: null, stage: null };
}

/**
 * The toggles: a row per left vertex, a column per right one. In a house a button shows its digit;
 * in a digit's rows × columns it shows that digit where it is a candidate (a column number there
 * would read as a digit), under column headings "c1", "c2"…; the corner names only the rows, one
 * word, so a narrow screen does not wrap it. Each button is named by the candidate it toggles, its
 * shown digit first ("2 in cell 1", "5 in row 1, column 3"): what a voice-control user reads on it
 * is part of its name, and `aria-pressed` says whether it is on.
 */
function toggleTable(lesson, candidates) {
  const size = candidates.length;
  const values = Array.from({ length: size }, (_, k) => k + 1);
  const house = lesson.kind === "house";
  const [rowName, valueName] = house ? ["cell", "digit"] : ["row", "column"];
  const head = h("tr", null, h("th", { scope: "col" }, rowName),
    values.map((v) => h("th", { scope: "col", "aria-label": `${valueName} ${v}` }, house ? v : `c${v}`)));
  const name = (r, v) => (house ? `${v} in cell ${r + 1}` : `${lesson.digit} in row ${r + 1}, column ${v}`);
  // A no-break space: "row 1" on one line, however narrow the screen.
  const rows = candidates.map((set, r) => h("tr", null, h("th", { scope: "row" }, `${rowName}\u00a0${r + 1}`),
    values.map((v) => h("td", null, h("button", { type: "button", "data-intent": "learn-toggle",
      "data-row": r, "data-value": v, "aria-pressed": String(set.includes(v)),
      "aria-label": name(r, v) }, set.includes(v) ? (house ? v : lesson.digit) : "·")))));
  return h("table", { class: "learn-toggles" }, h("caption", null,
    house ? "Candidates, a row per cell and a column per digit: press to add or remove one"
      : `Where ${lesson.digit} is a candidate, a row per row and a column per column: press to toggle`),
  h("thead", null, head), h("tbody", null, rows));
}

/** The example that needs the step Python says the drawn pattern is, else one of its technique. */
function exampleFor(reply) {
  return reply && reply.shows ? exampleForTechnique(reply.technique, reply.shows) : null;
}

/** "Try it on a puzzle": a link to the example's address, so Back comes back here. */
function tryLink(example) {
  return h("a", { class: "learn-try", "data-example": example.id, href: hashOf({ puzzle: example.puzzle }) },
    `Try it on a puzzle: ${example.label}`);
}

/** The panel: its intents for main.js and its render. */
export function learnPanel(root, app) {
  const els = { tabs: root.querySelector(".learn-tabs"), lesson: root.querySelector(".learn-lesson"),
    toggles: root.querySelector(".learn-edit"), verdict: root.querySelector(".learn-verdict"), also: root.querySelector(".learn-also"),
    graph: root.querySelector(".learn-graph"), tryIt: h("p", { class: "learn-try-line" }) };
  els.also.after(els.tryIt);

  /** The lessons, asked of Python once the panel is first opened (not through `app.ask`, which
   * would show the page busy for them); asked again when a restarted worker dropped the request. */
  let lessonsAsked = null;
  function askLessons() {
    lessonsAsked ??= client.ready.then(() => client.request("lessons"))
      .then((reply) => app.commit({ lessons: reply.lessons }), () => { lessonsAsked = null; });
  }

  async function ask(example, candidates) {
    const lesson = lessonById(app.state.lessons, example);
    const current = { example: lesson.id, candidates, reply: null, error: null, stage: null };
    app.commit({ ...app.state, learn: current });
    try {
      const reply = await app.ask("bipartite", { kind: lesson.kind, candidates, digit: lesson.digit,
        prefer: lesson.prefer, teach: lesson.teach });
      const latest = app.state.learn;
      if (reply && latest && latest.candidates === candidates) {
        // Opened at the stage Python names (the first lesson: the matching), or the whole picture.
        app.commit({ ...app.state, learn: { ...latest, reply, stage: reply.stage ?? null } });
      }
    } catch (error) {
      // Refused while a run goes on (the page's message names it): render asks again when it ends.
      const why = error && error.kind === "busy" ? { ...error, message: "The solver is busy: the lesson "
        + "shows once it is done." } : error;
      app.commit({ ...app.state, learn: { ...current, error: why } });
    }
  }

  function toggle(el) {
    const { example, candidates } = learnState(app.state);
    const row = Number(el.dataset.row);
    const value = Number(el.dataset.value);
    const next = candidates.map((set, r) => (r !== row ? set
      : set.includes(value) ? set.filter((v) => v !== value) : [...set, value].sort((a, b) => a - b)));
    return ask(example, next);
  }

  /** Before the lessons have come: no tab, lesson or graph, and the verdict's line says so. */
  function renderWaiting() {
    redraw(els.tabs, "", () => []);
    redraw(els.toggles, "", () => []);
    redraw(els.also, "", () => []);
    redraw(els.tryIt, "", () => []);
    els.lesson.textContent = "";
    els.verdict.textContent = "Asking the solver…";
    els.also.hidden = els.tryIt.hidden = true;
    renderGraph(els.graph, null);
  }

  function render(state) {
    // A closed panel draws nothing: its table of toggles (a hundred buttons) would be laid out for
    // no one while the page boots; opening it draws it.
    if (!root.open) return;
    if (!state.lessons) {
      askLessons();
      renderWaiting();
      return;
    }
    const learn = learnState(state);
    // The first lesson is asked for once the lessons have come (while a run goes on, the refusal
    // says the lesson waits for it), and asked again, once, when a run that refused it has ended
    // (a new ask replaces `learn`).
    const refused = learn.error && learn.error.kind === "busy" && !state.busy;
    if (state.ready && (!state.learn || refused)) {
      queueMicrotask(() => { if (app.state.learn === state.learn) ask(learn.example, learn.candidates); });
    }
    const lesson = lessonById(state.lessons, learn.example);
    root.dataset.example = lesson.id;
    redraw(els.tabs, lesson.id, () => state.lessons.map((item, k) => h("button", { type: "button",
      "data-intent": "learn-example", "data-example": item.id, "aria-pressed": String(item.id === lesson.id) },
    `${k + 1}. ${item.title}`)));
    if (els.lesson.textContent !== lesson.text) els.lesson.textContent = lesson.text;
    const focused = document.activeElement;
    const refocus = focused && els.toggles.contains(focused)
      ? `[data-row="${focused.dataset.row}"][data-value="${focused.dataset.value}"]` : null;
    if (redraw(els.toggles, JSON.stringify([lesson.id, learn.candidates]), () => toggleTable(lesson, learn.candidates))
      && refocus) {
      const again = els.toggles.querySelector(refocus);
      if (again) again.focus();
    }
    const verdict = learn.error ? learn.error.message : learn.reply ? learn.reply.verdict : "Asking the solver…";
    if (els.verdict.textContent !== verdict) els.verdict.textContent = verdict;
    const also = learn.reply ? learn.reply.also : [];
    redraw(els.also, JSON.stringify(also), () => also.map((text) => h("li", null, text)));
    els.also.hidden = !also.length;
    const example = exampleFor(learn.reply);
    redraw(els.tryIt, example ? example.id : "", () => (example ? tryLink(example) : []));
    els.tryIt.hidden = !example;
    els.verdict.dataset.solvable = learn.reply ? String(learn.reply.solvable) : "";
    // Its vertices light nothing: the lesson's graph is no house of the board.
    renderGraph(els.graph, learn.reply ? learn.reply.graph : null, learn.stage, { intent: "learn-stage" });
  }

  root.addEventListener("toggle", () => {
    render(app.state);
    // An answer that never came (closed while asked, or overtaken): asked again on opening.
    const learn = app.state.learn;
    if (root.open && learn && !learn.reply && !learn.error && app.state.ready) ask(learn.example, learn.candidates);
  });

  return {
    intents: {
      "learn-example": (el) => {
        const lesson = lessonById(app.state.lessons, el.dataset.example);
        return ask(lesson.id, lesson.candidates);
      },
      "learn-toggle": toggle,
      "learn-stage": (el) => app.commit({ ...app.state, learn: { ...learnState(app.state),
        stage: el.dataset.stage === "" ? null : Number(el.dataset.stage) } }),
    },
    render,
  };
}
