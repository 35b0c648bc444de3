/**
 * Draws a step's bipartite graph as SVG: one house's cells on the left and its digits on the right
 * (or, for fish, one digit's rows and columns), candidate edges, a maximum matching, the chain or
 * pile in green and the edges the step removes in red, dashed and crossed — the pictures of the
 * Dr. Dobb's "Sudoku & Graph Theory" article. Like chess.svg it draws what it is
 * given (the step's `graph` JSON) and knows no rules.
 *
 * Test hooks: `svg[data-kind]`, `g.node[data-side][data-index]` (class `pattern`),
 * `line.edge[data-edge="i-j"]` (classes `matching`, `pattern`, `removed`).
 */

const NS = "http://www.w3.org/2000/svg";
const ROW = 30;
const TOP = 48;
const WIDTH = 380;
const PILL = 78;
const LEFT_X = 24;
const RIGHT_X = WIDTH - 24 - PILL;

/** What each element was last drawn with, so unchanged ones are left alone. */
const drawn = new WeakMap();

const escapeText = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const key = ([i, j]) => `${i}-${j}`;

/** Column headings for the two sides, from the graph's kind. */
function headings(graph) {
  return graph.kind === "digit" ? ["rows", "columns"] : ["cells", "digits"];
}

function nodeMarkup(side, node, index, x, y, inPattern) {
  const cls = inPattern ? "node pattern" : "node";
  return `<g class="${cls}" data-side="${side}" data-index="${index}" data-id="${node.id}">`
    + `<rect x="${x}" y="${y - 11}" width="${PILL}" height="22" rx="11"></rect>`
    + `<text x="${x + PILL / 2}" y="${y + 4}" text-anchor="middle">${escapeText(node.label)}</text></g>`;
}

/** The SVG text for one graph. */
function graphSvg(graph) {
  const pattern = graph.pattern || { kind: "", left: [], right: [] };
  const patternLeft = new Set(pattern.left);
  const patternRight = new Set(pattern.right);
  const matching = new Set(graph.matching.map(key));
  const removed = new Set(graph.removed.map(key));
  const rows = Math.max(graph.left.length, graph.right.length);
  const height = TOP + rows * ROW + 8;
  const yLeft = (i) => TOP + i * ROW + ROW / 2 + ((rows - graph.left.length) * ROW) / 2;
  const yRight = (j) => TOP + j * ROW + ROW / 2 + ((rows - graph.right.length) * ROW) / 2;
  const edges = graph.edges.map(([i, j]) => {
    const classes = ["edge"];
    if (matching.has(key([i, j]))) classes.push("matching");
    if (patternLeft.has(i) && patternRight.has(j)) classes.push("pattern");
    if (removed.has(key([i, j]))) classes.push("removed");
    return { i, j, classes, order: classes.includes("removed") ? 3 : classes.includes("pattern") ? 2 : classes.length };
  });
  edges.sort((a, b) => a.order - b.order);
  const lines = edges.map(({ i, j, classes }) => {
    const x1 = LEFT_X + PILL;
    const y1 = yLeft(i);
    const x2 = RIGHT_X;
    const y2 = yRight(j);
    let mark = "";
    if (classes.includes("removed")) {
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      mark = `<path class="cross" d="M${mx - 5} ${my - 5}L${mx + 5} ${my + 5}M${mx + 5} ${my - 5}L${mx - 5} ${my + 5}"></path>`;
    }
    return `<line class="${classes.join(" ")}" data-edge="${i}-${j}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"></line>${mark}`;
  });
  const [leftHead, rightHead] = headings(graph);
  const nodes = [
    ...graph.left.map((node, i) => nodeMarkup("left", node, i, LEFT_X, yLeft(i), patternLeft.has(i))),
    ...graph.right.map((node, j) => nodeMarkup("right", node, j, RIGHT_X, yRight(j), patternRight.has(j))),
  ];
  const names = (side, picked) => [...picked].map((i) => side[i].label).join(", ");
  const label = `${graph.title}: ${pattern.kind} of ${names(graph.left, patternLeft)} and `
    + `${names(graph.right, patternRight)}; ${graph.removed.length} edge(s) removed`;
  return `<svg xmlns="${NS}" class="bipartite" role="img" aria-label="${escapeText(label)}" `
    + `data-kind="${escapeText(pattern.kind)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}">`
    + `<text class="title" x="${WIDTH / 2}" y="16" text-anchor="middle">${escapeText(graph.title)}</text>`
    + `<text class="head" x="${LEFT_X + PILL / 2}" y="36" text-anchor="middle">${leftHead}</text>`
    + `<text class="head" x="${RIGHT_X + PILL / 2}" y="36" text-anchor="middle">${rightHead}</text>`
    + `<g class="edges">${lines.join("")}</g><g class="nodes">${nodes.join("")}</g></svg>`;
}

const LEGEND = '<p class="legend"><span class="key matching"></span> matching '
  + '<span class="key pattern"></span> chain / pile '
  + '<span class="key removed"></span> removed by this step</p>';

/** Show `graph` (or nothing) in `el`, redrawing only when it changes. */
export function renderGraph(el, graph) {
  const html = graph ? graphSvg(graph) + LEGEND : "";
  if (drawn.get(el) !== html) {
    el.innerHTML = html;
    drawn.set(el, html);
  }
  el.hidden = !graph;
}
