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

import { h, redraw, svg } from "./dom.js";

const ROW = 30;
const TOP = 48;
const WIDTH = 380;
const PILL = 78;
const LEFT_X = 24;
const RIGHT_X = WIDTH - 24 - PILL;

const key = ([i, j]) => `${i}-${j}`;

/** Column headings for the two sides, from the graph's kind. */
function headings(graph) {
  return graph.kind === "digit" ? ["rows", "columns"] : ["cells", "digits"];
}

function nodeElement(side, node, index, x, y, inPattern) {
  return svg("g", { class: inPattern ? "node pattern" : "node", "data-side": side, "data-index": index,
    "data-id": node.id },
  svg("rect", { x, y: y - 11, width: PILL, height: 22, rx: 11 }),
  svg("text", { x: x + PILL / 2, y: y + 4, "text-anchor": "middle" }, node.label));
}

/** The SVG element for one graph. */
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
    const line = svg("line", { class: classes.join(" "), "data-edge": `${i}-${j}`, x1, y1, x2, y2 });
    if (!classes.includes("removed")) return line;
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    return [line, svg("path", { class: "cross",
      d: `M${mx - 5} ${my - 5}L${mx + 5} ${my + 5}M${mx + 5} ${my - 5}L${mx - 5} ${my + 5}` })];
  });
  const [leftHead, rightHead] = headings(graph);
  const nodes = [
    ...graph.left.map((node, i) => nodeElement("left", node, i, LEFT_X, yLeft(i), patternLeft.has(i))),
    ...graph.right.map((node, j) => nodeElement("right", node, j, RIGHT_X, yRight(j), patternRight.has(j))),
  ];
  const names = (side, picked) => [...picked].map((i) => side[i].label).join(", ");
  const label = `${graph.title}: ${pattern.kind} of ${names(graph.left, patternLeft)} and `
    + `${names(graph.right, patternRight)}; ${graph.removed.length} edge(s) removed`;
  return svg("svg", { class: "bipartite", role: "img", "aria-label": label, "data-kind": pattern.kind,
    viewBox: `0 0 ${WIDTH} ${height}`, width: WIDTH, height },
  svg("text", { class: "title", x: WIDTH / 2, y: 16, "text-anchor": "middle" }, graph.title),
  svg("text", { class: "head", x: LEFT_X + PILL / 2, y: 36, "text-anchor": "middle" }, leftHead),
  svg("text", { class: "head", x: RIGHT_X + PILL / 2, y: 36, "text-anchor": "middle" }, rightHead),
  svg("g", { class: "edges" }, lines), svg("g", { class: "nodes" }, nodes));
}

function legend() {
  return h("p", { class: "legend" }, h("span", { class: "key matching" }), " matching ",
    h("span", { class: "key pattern" }), " chain / pile ",
    h("span", { class: "key removed" }), " removed by this step");
}

/** Show `graph` (or nothing) in `el`, redrawing only when it changes. */
export function renderGraph(el, graph) {
  redraw(el, JSON.stringify(graph), () => (graph ? [graphSvg(graph), legend()] : []));
  el.hidden = !graph;
}
