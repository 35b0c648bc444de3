/**
 * Draws a step's bipartite graph as SVG: one house's cells on the left and its digits on the right
 * (or, for fish, one digit's rows and columns), candidate edges, a maximum matching, the chain or
 * pile in green and the edges the step removes in red, dashed and crossed — the pictures of the
 * Dr. Dobb's "Sudoku & Graph Theory" article. Like chess.svg it draws what it is given (the step's
 * `graph` JSON) and knows no rules: Python sends each vertex's slot (matched pairs level, the chain
 * or pile on top) and the stages of the argument, each with its sentence and the layers it shows.
 *
 * The stage player above the drawing steps through those stages; "All" shows the whole picture.
 * Its sentence is a live region kept across redraws, only its words changed, so that a screen
 * reader says each stage's sentence as it comes (a region drawn anew with its words is not read).
 * It is in the page, empty and taking no room, from the element's first drawing (before any graph):
 * made with the first graph's words, it would arrive with them, and they would not be said.
 * Vertices are focusable; in the step panel, hovering or focusing one lights its cells on the board
 * (and the reverse, through the store's `link`).
 *
 * The drawing is also told as text: each vertex's name says its neighbours and, at the stage shown,
 * its partner in the matching, whether the paths reach it, whether it is in the pattern, its fins
 * and its removed edges, from the graph's own lists and Python's vertex `name`s ("digit 8"); the
 * stage's sentence (Python's) names the removed candidates; the legend is a list of what each line
 * looks like and means.
 *
 * A Hall violation's graph (Python's `violation`) is drawn with its set of vertices in red; its
 * matching stage outlines, dashed, the vertices the maximum matching leaves alone. A finned fish's
 * fins (Python's `fins`: the edges leaving the chain or pile) are dotted amber from the stage that
 * leaves them out of the fish on. The legend names only what the drawing at its stage shows.
 *
 * A big board's graph comes drawn in part: Python gives the vertices it leaves out slot −1 (and its
 * sentences say so). They and their edges are not drawn; "+n" beside a drawn vertex counts its
 * edges to them.
 *
 * Test hooks: `svg[data-kind]` with `data-layers` (class `violation` for a Hall violation's graph), `g.node[data-side][data-index]` (classes
 * `pattern`, `reached`, `unmatched`, `linked`), `line.edge[data-edge="i-j"]` (classes `matching`, `pattern`,
 * `removed`, `path`, `fin`), `path.cross[data-edge]`, `text.more[data-side][data-index]` (the "+n");
 * `.stage-player button[data-stage]`, `.stage-text`;
 * `.legend .legend-item[data-key]`.
 */

import { drawEach, h, redraw, setAttr, setData, setProp, setText, svg } from "./dom.js";

const ROW = 30;
/** The row pitch of a drawing with more rows than a 9×9 graph has (a 16×16 or 25×25 chain drawn
 * whole): the 22 px vertices nearly touch, so that sixteen rows stay within the panel. */
const TIGHT_ROW = 24;
const WHOLE_ROWS = 9;
const TOP = 48;
const WIDTH = 380;
const PILL = 78;
const LEFT_X = 24;
const RIGHT_X = WIDTH - 24 - PILL;
const ALL_LAYERS = ["edges", "matching", "pattern", "removed"];

const key = ([i, j]) => `${i}-${j}`;

/** Where along a removed edge (from its left end) the first ✕ of a vertex's removed edges is drawn,
 * how far along each next one of that vertex moves, and the least distance between two ✕s: near
 * the cell end, where the removed edges of one cell leave it, staggered so each can be counted. */
const CROSS_FROM = 0.2;
const CROSS_STEP = 0.13;
const CROSS_GAP = 13;
/** What an unmatched vertex's outline looks like: inline, so that it wins over every layer's rule
 * for a vertex (matched, pattern, violation) whatever the stage draws. */
const UNMATCHED_STYLE = "stroke: var(--red); stroke-width: 2.4; stroke-dasharray: 4 3";
/** What a fin edge looks like at the stages that show the fins: inline, so that it wins over the
 * layers' rules for an edge (matching, pattern) at those stages only. */
const FIN_STYLE = "stroke: #b45309; stroke-width: 3; stroke-dasharray: 1 5; stroke-linecap: round";
/** What the "+n" beside a vertex (its edges to vertices left out) looks like: quieter than a label. */
const MORE_STYLE = "fill: var(--muted); font-size: 11px";

/** The layers of the whole picture ("All"): a finned fish's adds its fins. */
function allLayers(graph) {
  return graph.fins && graph.fins.length ? [...ALL_LAYERS, "fins"] : ALL_LAYERS;
}

/** Column headings for the two sides, from the graph's kind. */
function headings(graph) {
  return graph.kind === "digit" ? ["rows", "columns"] : ["cells", "digits"];
}

/** A vertex: focusable, so that the keyboard reaches its name (and, in the step panel, lights its
 * cell or digit on the board as the pointer does), but no button (nothing happens on Enter): an
 * image named by what it stands for at this stage (`said`). */
function nodeElement(side, node, index, x, y, classes, said) {
  return svg("g", { class: ["node", ...classes].join(" "), "data-side": side, "data-index": index,
    "data-id": node.id, tabindex: 0, role: "img", "aria-label": said },
  svg("rect", { x, y: y - 11, width: PILL, height: 22, rx: 11,
    style: classes.includes("unmatched") ? UNMATCHED_STYLE : null }),
  svg("text", { x: x + PILL / 2, y: y + 4, "text-anchor": "middle" }, node.label));
}

/** The slot of each vertex: Python's layout (−1: left out), or the given order when a graph has none. */
function slots(graph, side) {
  return graph.layout ? graph.layout[side] : graph[side].map((_, k) => k);
}

/** How many vertices of each side the drawing leaves out. */
function leftOut(graph) {
  const out = (side) => slots(graph, side).filter((slot) => slot < 0).length;
  return { left: out("left"), right: out("right") };
}

/** Names as a list says them: "r2c1 and r3c1", "a, b and c"; names that share their first word
 * say it once, in the plural: "digits 3, 8 and 9", "columns 3 and 7". */
function joinNames(names) {
  const words = names.map((name) => name.split(" "));
  const noun = words.length > 1 && words.every((w) => w.length === 2 && w[0] === words[0][0]) ? words[0][0] : null;
  const items = noun ? words.map((w) => w[1]) : names;
  const list = items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join("");
  return noun ? `${noun}s ${list}` : list;
}

/**
 * What a screen reader hears for each vertex at `stage` (null: the whole picture), as a function
 * of (side, index): its name and its neighbours (those drawn, and how many are not), then what the
 * stage's layers show of it — "r9c1: digits 4, 7, 8 and 9; matched to digit 7; edges to digits 8
 * and 9 removed" — and, when `onBoard`, that focusing it lights it on the board.
 */
function spokenNames(graph, stage, onBoard) {
  const layers = new Set(stage ? stage.layers : allLayers(graph));
  const pattern = graph.pattern || { kind: "", left: [], right: [] };
  const other = { left: "right", right: "left" };
  const drawn = { left: slots(graph, "left"), right: slots(graph, "right") };
  const ends = (pairs) => {
    const at = { left: new Map(), right: new Map() };
    const add = (side, index, to) => at[side].set(index, [...(at[side].get(index) || []), to]);
    for (const [i, j] of pairs) {
      add("left", i, j);
      add("right", j, i);
    }
    return (side, index) => at[side].get(index) || [];
  };
  const neighbours = ends(graph.edges);
  const partner = ends(graph.matching);
  const removed = ends(graph.removed);
  const fins = ends(graph.fins || []);
  const reached = stage ? { left: new Set(stage.reached.left), right: new Set(stage.reached.right) } : null;
  const inPattern = { left: new Set(pattern.left), right: new Set(pattern.right) };
  const named = (side, indices) => joinNames(indices.map((k) => graph[side][k].name));
  return (side, index) => {
    const far = other[side];
    const shown = neighbours(side, index).filter((k) => drawn[far][k] >= 0);
    const hidden = neighbours(side, index).length - shown.length;
    const list = named(far, shown) + (!hidden ? "" : shown.length ? `, and ${hidden} more not drawn` : `${hidden} not drawn`);
    const parts = [`${graph[side][index].name}: ${list}`];
    if (layers.has("matching")) {
      const [mate] = partner(side, index);
      parts.push(mate === undefined ? "unmatched" : `matched to ${graph[far][mate].name}`);
    }
    if (layers.has("path") && reached && reached[side].has(index)) parts.push("reached by the paths");
    if (layers.has("pattern") && inPattern[side].has(index)) {
      parts.push(graph.violation ? "in the set that breaks Hall's condition" : `in the ${pattern.kind}`);
    }
    const finEnds = fins(side, index);
    if (layers.has("fins") && finEnds.length) parts.push(`${finEnds.length === 1 ? "fin" : "fins"} to ${named(far, finEnds)}`);
    const cut = removed(side, index);
    if (layers.has("removed") && cut.length) parts.push(`${cut.length === 1 ? "edge" : "edges"} to ${named(far, cut)} removed`);
    if (onBoard) parts.push("lit on the board while focused");
    return parts.join("; ");
  };
}

/**
 * Where each removed edge's ✕ goes: along the edge from its cell, the k-th removed edge of a cell
 * k steps further, and further still while it would land on a ✕ already placed.
 */
function crossSpots(removedEdges, end) {
  const spots = new Map();
  const perLeft = new Map();
  const placed = [];
  const sorted = [...removedEdges].sort((a, b) => a[0] - b[0] || end(a)[3] - end(b)[3]);
  for (const edge of sorted) {
    const [x1, y1, x2, y2] = end(edge);
    let t = CROSS_FROM + CROSS_STEP * (perLeft.get(edge[0]) || 0);
    perLeft.set(edge[0], (perLeft.get(edge[0]) || 0) + 1);
    const at = (u) => [x1 + u * (x2 - x1), y1 + u * (y2 - y1)];
    while (t < 0.9 && placed.some(([px, py]) => Math.hypot(px - at(t)[0], py - at(t)[1]) < CROSS_GAP)) t += 0.05;
    const spot = at(Math.min(t, 0.9));
    placed.push(spot);
    spots.set(key(edge), spot);
  }
  return spots;
}

/** The SVG element for one graph at one stage (null: the whole picture); `onBoard`: its vertices
 * light the board. */
function graphSvg(graph, stage, onBoard) {
  const pattern = graph.pattern || { kind: "", left: [], right: [] };
  const patternLeft = new Set(pattern.left);
  const patternRight = new Set(pattern.right);
  const matching = new Set(graph.matching.map(key));
  const removed = new Set(graph.removed.map(key));
  const fins = new Set((graph.fins || []).map(key));
  const layers = stage ? stage.layers : allLayers(graph);
  const finsShown = layers.includes("fins");
  const path = new Set(stage ? stage.path.map(key) : []);
  const reached = stage ? stage.reached : { left: [], right: [] };
  const unmatched = stage && stage.unmatched ? stage.unmatched : { left: [], right: [] };
  const leftSlot = slots(graph, "left");
  const rightSlot = slots(graph, "right");
  const rows = Math.max(0, ...leftSlot, ...rightSlot) + 1;
  const pitch = rows > WHOLE_ROWS ? TIGHT_ROW : ROW;
  const height = TOP + rows * pitch + 8;
  const yLeft = (i) => TOP + leftSlot[i] * pitch + pitch / 2;
  const yRight = (j) => TOP + rightSlot[j] * pitch + pitch / 2;
  // Edges to a vertex left out are not drawn, only counted at their drawn end.
  const more = { left: new Map(), right: new Map() };
  const count = (side, index) => more[side].set(index, (more[side].get(index) || 0) + 1);
  const drawnEdges = graph.edges.filter(([i, j]) => {
    if (leftSlot[i] >= 0 && rightSlot[j] >= 0) return true;
    if (leftSlot[i] >= 0) count("left", i);
    if (rightSlot[j] >= 0) count("right", j);
    return false;
  });
  const edges = drawnEdges.map(([i, j]) => {
    const classes = ["edge"];
    if (matching.has(key([i, j]))) classes.push("matching");
    if (patternLeft.has(i) && patternRight.has(j)) classes.push("pattern");
    if (removed.has(key([i, j]))) classes.push("removed");
    if (path.has(key([i, j]))) classes.push("path");
    if (fins.has(key([i, j]))) classes.push("fin");
    const order = classes.includes("path") ? 4 : classes.includes("removed") ? 3
      : classes.includes("pattern") || classes.includes("fin") ? 2 : classes.length;
    return { i, j, classes, order };
  });
  edges.sort((a, b) => a.order - b.order);
  const end = ([i, j]) => [LEFT_X + PILL, yLeft(i), RIGHT_X, yRight(j)];
  const spots = crossSpots(graph.removed, end);
  const lines = edges.map(({ i, j, classes }) => {
    const [x1, y1, x2, y2] = end([i, j]);
    const line = svg("line", { class: classes.join(" "), "data-edge": `${i}-${j}`, x1, y1, x2, y2,
      style: finsShown && classes.includes("fin") ? FIN_STYLE : null });
    if (!classes.includes("removed")) return line;
    const [mx, my] = spots.get(key([i, j]));
    return [line, svg("path", { class: "cross", "data-edge": `${i}-${j}`,
      d: `M${mx - 5} ${my - 5}L${mx + 5} ${my + 5}M${mx + 5} ${my - 5}L${mx - 5} ${my + 5}` })];
  });
  const [leftHead, rightHead] = headings(graph);
  const vertexClasses = (inPattern, inReach, alone) => [inPattern ? "pattern" : "", inReach ? "reached" : "",
    alone ? "unmatched" : ""].filter(Boolean);
  const said = spokenNames(graph, stage, onBoard);
  const reachedLeft = new Set(reached.left);
  const reachedRight = new Set(reached.right);
  const unmatchedLeft = new Set(unmatched.left);
  const unmatchedRight = new Set(unmatched.right);
  const moreText = (side, index, y) => svg("text", { class: "more", "data-side": side, "data-index": index,
    x: side === "left" ? LEFT_X - 3 : RIGHT_X + PILL + 3, y: y + 4, "text-anchor": side === "left" ? "end" : "start",
    style: MORE_STYLE }, `+${more[side].get(index)}`);
  const nodes = [
    ...graph.left.flatMap((node, i) => (leftSlot[i] < 0 ? [] : [nodeElement("left", node, i, LEFT_X, yLeft(i),
      vertexClasses(patternLeft.has(i), reachedLeft.has(i), unmatchedLeft.has(i)), said("left", i)),
    ...(more.left.has(i) ? [moreText("left", i, yLeft(i))] : [])])),
    ...graph.right.flatMap((node, j) => (rightSlot[j] < 0 ? [] : [nodeElement("right", node, j, RIGHT_X, yRight(j),
      vertexClasses(patternRight.has(j), reachedRight.has(j), unmatchedRight.has(j)), said("right", j)),
    ...(more.right.has(j) ? [moreText("right", j, yRight(j))] : [])])),
  ];
  // Python says whether the graph is a Hall violation: its pattern is then the set that cannot be
  // matched, outlined in red.
  return svg("svg", { class: graph.violation ? "bipartite violation" : "bipartite", role: "group",
    "aria-label": graph.described, "data-kind": pattern.kind,
    "data-layers": layers.join(" "), viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height },
  svg("text", { class: "title", x: WIDTH / 2, y: 16, "text-anchor": "middle" }, graph.title),
  svg("text", { class: "head", x: LEFT_X + PILL / 2, y: 36, "text-anchor": "middle" }, leftHead),
  svg("text", { class: "head", x: RIGHT_X + PILL / 2, y: 36, "text-anchor": "middle" }, rightHead),
  svg("g", { class: "edges" }, lines), svg("g", { class: "nodes" }, nodes));
}

const STAGE_LABELS = { edges: "Candidates", matching: "Matching", paths: "Paths", pattern: "", removed: "Removed",
  hall: "Hall's condition", fins: "Fins" };

/** The stage player's buttons, as data: one per stage (the pattern's named by its kind), ◀, ▶ and All. */
function stageButtons(graph, current) {
  const stages = graph.stages;
  const patternName = graph.pattern.kind === "pile" ? "Pile" : "Chain";
  const button = (index, words) => ({ stage: index === null ? "" : String(index), words,
    pressed: String(current === index), label: null, off: false });
  const previous = current === null ? stages.length - 1 : current - 1;
  const next = current === null ? 0 : current + 1;
  return [
    { stage: String(previous < 0 ? 0 : previous), words: "◀", pressed: null, label: "Previous stage", off: current === 0 },
    ...stages.map((stage, k) => button(k, `${k + 1} ${STAGE_LABELS[stage.name] || patternName}`)),
    { stage: next >= stages.length ? "" : String(next), words: "▶", pressed: null, label: "Next stage", off: current === null },
    button(null, "All")];
}

/** Show the stage button `spec` (stageButtons') in `button`, in place, with the intent `intent`:
 * the button pressed keeps focus as the player follows its press. */
function drawStageButton(button, spec, intent) {
  setData(button, "intent", intent);
  setData(button, "stage", spec.stage);
  setAttr(button, "aria-pressed", spec.pressed);
  setAttr(button, "aria-label", spec.label);
  setProp(button, "disabled", spec.off);
  setText(button, spec.words);
}

/** What each key of the legend looks like, said before its words to one who cannot see it. */
const KEY_LOOKS = { edge: "thin grey line", matching: "thick line", path: "blue line", unmatched: "dashed red outline",
  violation: "red line", pattern: "green line", fin: "dotted amber line", removed: "dashed red line with a cross" };

/** One legend entry: its key and its words kept together on one line; a screen reader hears what
 * the key looks like, then the words ("thin grey line: candidate"). */
function legendItem(name, keyClass, words) {
  return h("li", { class: "legend-item", "data-key": name }, h("span", { class: `key ${keyClass}`, "aria-hidden": "true" }),
    h("span", { class: "sr-only" }, `${KEY_LOOKS[keyClass]}: `), words);
}

/** The legend of what the drawing shows at this stage, and nothing else. */
function legend(graph, stage) {
  const layers = new Set(stage ? stage.layers : allLayers(graph));
  const pattern = graph.pattern || { kind: "", left: [], right: [] };
  const hasPattern = pattern.left.length + pattern.right.length > 0;
  const items = [legendItem("edge", "edge", "candidate")];
  if (layers.has("matching") && graph.matching.length) items.push(legendItem("matching", "matching", "matching"));
  if (layers.has("path") && stage && stage.path.length) items.push(legendItem("path", "path", "alternating path"));
  if (layers.has("unmatched") && stage && stage.unmatched && stage.unmatched.left.length + stage.unmatched.right.length) {
    items.push(legendItem("unmatched", "unmatched", "left unmatched"));
  }
  if (layers.has("pattern") && hasPattern) {
    items.push(graph.violation
      ? legendItem("violation", "violation", "too few partners: Hall's condition fails")
      : legendItem("pattern", "pattern", pattern.kind));
  }
  if (layers.has("fins") && graph.fins && graph.fins.length) {
    items.push(legendItem("fin", "fin", graph.fins.length === 1 ? "fin" : "fins"));
  }
  if (layers.has("removed") && graph.removed.length) items.push(legendItem("removed", "removed", "removed"));
  const out = leftOut(graph);
  if (out.left + out.right) {
    items.push(h("li", { class: "legend-item", "data-key": "more" }, `+n: lines to the ${out.left + out.right} vertices not drawn`));
  }
  return h("ul", { class: "legend", "aria-label": "Key to the drawing" }, items);
}

/** Each graph element's parts: the stage player (its buttons and its sentence, kept) and the
 * drawing with its legend. */
const parts = new WeakMap();

/** `el`'s parts, made on its first drawing. */
function partsOf(el) {
  if (!parts.has(el)) {
    const buttons = h("div", { class: "stage-buttons" });
    const text = h("p", { class: "stage-text", "aria-live": "polite" });
    const player = h("div", { class: "stage-player", role: "group", "aria-label": "The argument, stage by stage" },
      buttons, text);
    const drawing = h("div", { class: "graph-drawing" });
    el.replaceChildren(player, drawing);
    parts.set(el, { player, buttons, text, drawing });
  }
  return parts.get(el);
}

/**
 * Show `graph` (or nothing) in `el` at stage `stageIndex` (null: all of it), with the vertices in
 * `linked` ("side-index") lit; the drawing redrawn only when the graph or the stage changes, the
 * stage buttons and the stage's sentence kept, only their words and states changed. The stage buttons carry the intent `intent` (each panel keeps
 * its own stage); `onBoard`: the vertices light the board (the step panel's graph).
 */
export function renderGraph(el, graph, stageIndex = null, { linked = new Set(), intent = "graph-stage", onBoard = false } = {}) {
  const stages = graph && graph.stages ? graph.stages : [];
  const current = stageIndex !== null && stageIndex < stages.length ? stageIndex : null;
  const { player, buttons, text, drawing } = partsOf(el);
  // The sentence's region stays drawn until it has said something, taking no room (`data-blank`)
  // while nothing around it shows.
  const unsaid = text.textContent === "";
  setProp(el, "hidden", !graph && !unsaid);
  setData(el, "blank", String(!graph && unsaid));
  setProp(player, "hidden", !stages.length && !unsaid);
  setData(player, "blank", String(!stages.length && unsaid));
  drawEach(buttons, stages.length ? stageButtons(graph, current) : [], () => h("button", { type: "button" }),
    (button, spec) => drawStageButton(button, spec, intent));
  // Left as it was while no stages show, so that a graph shown again at its whole picture says
  // nothing the step's own words do not.
  if (stages.length) {
    setText(text, current === null ? "The whole argument: press 1 to read it stage by stage." : stages[current].text);
  }
  redraw(drawing, JSON.stringify([graph, current, onBoard]), () => (graph
    ? [graphSvg(graph, current === null ? null : stages[current], onBoard),
      legend(graph, current === null ? null : stages[current])] : []));
  for (const node of el.querySelectorAll("g.node")) {
    node.classList.toggle("linked", linked.has(`${node.dataset.side}-${node.dataset.index}`));
  }
}
