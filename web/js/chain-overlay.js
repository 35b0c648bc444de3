/**
 * Draws a step's chain on the candidates, from the proof Python sends with the step: nodes (a digit
 * in one cell, or in the cells of a grouped node) and links, drawn as HoDoKu and SudokuWiki users
 * know them — strong links solid, weak links dashed, the chain's "on" and "off" candidates ringed
 * in two colours, eliminated candidates ringed red. A forcing chain or net sends one branch per
 * premise; every branch is drawn, each in its own group. It derives nothing: what is on, what is
 * linked and how comes from the step JSON.
 *
 * Under the reason, a "why?" disclosure shows the proof in Eureka notation (one line per branch).
 *
 * Test hooks: `svg.chain-overlay` over `#board`; `line.link.strong` / `path.link.weak` with
 * `data-from`/`data-to` ("cell:digit"); `circle.node.on` / `.off` and `circle.node.elim` with
 * `data-cell`, `data-digit`; `g.branch[data-branch]`; `details.why code` holds the notation.
 */

const SVG = "http://www.w3.org/2000/svg";
const ON = "#15803d";
const OFF = "#2563eb";
const ELIM = "#dc2626";

/** Where a candidate sits, in cell units of the board: its mini-grid slot inside its cell. */
function candidatePoint(shape, cell, digit) {
  const { n, box_rows: boxRows, box_cols: boxCols } = shape;
  const row = Math.floor(cell / n);
  const col = cell % n;
  const slotCol = (digit - 1) % boxCols;
  const slotRow = Math.floor((digit - 1) / boxCols);
  return { x: col + (slotCol + 0.5) / boxCols, y: row + (slotRow + 0.5) / boxRows };
}

/** The centre of a node: its candidate, or the middle of a grouped node's candidates. */
function nodePoint(shape, node) {
  const points = node.cells.map((cell) => candidatePoint(shape, cell, node.digit));
  const x = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const y = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  return { x, y, points };
}

const key = (node) => `${node.cells.join(",")}:${node.digit}`;

function element(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [attr, value] of Object.entries(attributes)) el.setAttribute(attr, String(value));
  return el;
}

/** One chain (nodes and links) as an SVG group. */
function drawChain(shape, nodes, links, radius, index) {
  const group = element("g", { class: "branch", "data-branch": index });
  const centres = nodes.map((node) => nodePoint(shape, node));
  for (const link of links) {
    const from = centres[link.from];
    const to = centres[link.to];
    if (!from || !to) continue;
    // A gentle bow keeps a link from running through the candidates between its ends.
    const mx = (from.x + to.x) / 2 + (to.y - from.y) * 0.12;
    const my = (from.y + to.y) / 2 - (to.x - from.x) * 0.12;
    const strong = link.kind === "strong";
    group.append(element("path", {
      class: `link ${strong ? "strong" : "weak"}`,
      d: `M ${from.x} ${from.y} Q ${mx} ${my} ${to.x} ${to.y}`,
      fill: "none", stroke: strong ? "#111827" : "#4b5563", "stroke-width": strong ? 0.045 : 0.035,
      "stroke-dasharray": strong ? "none" : "0.09 0.07", "stroke-linecap": "round",
      "data-from": key(nodes[link.from]), "data-to": key(nodes[link.to]),
    }));
  }
  nodes.forEach((node, i) => {
    const { points } = centres[i];
    const colour = node.on === false ? OFF : ON;
    const state = node.on === false ? "off" : "on";
    if (points.length > 1) {
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      group.append(element("rect", {
        class: `group ${state}`, x: Math.min(...xs) - radius, y: Math.min(...ys) - radius,
        width: Math.max(...xs) - Math.min(...xs) + 2 * radius,
        height: Math.max(...ys) - Math.min(...ys) + 2 * radius,
        rx: radius, fill: "none", stroke: colour, "stroke-width": 0.04,
      }));
    }
    for (const [k, p] of points.entries()) {
      group.append(element("circle", {
        class: `node ${state}`, cx: p.x, cy: p.y, r: radius, fill: "none", stroke: colour,
        "stroke-width": 0.05, "data-cell": node.cells[k], "data-digit": node.digit,
      }));
    }
  });
  return group;
}

/** Draw (or clear) the chain of the shown step over `board`. */
export function renderChainOverlay(board, shape, shown) {
  let svg = board.querySelector("svg.chain-overlay");
  const proof = shown && shown.step ? shown.step.proof : null;
  const chains = !proof ? []
    : proof.nodes.length ? [{ nodes: proof.nodes, links: proof.links }]
      : proof.branches.map((branch) => ({ nodes: branch.nodes, links: branch.links }));
  const drawable = chains.some((chain) => chain.links.length > 0);
  if (!drawable) {
    if (svg) svg.remove();
    return;
  }
  const stamp = JSON.stringify([shape.n, shown.step.proof.notation, shown.step.eliminations]);
  if (svg && svg.dataset.stamp === stamp) return;
  if (!svg) {
    svg = element("svg", { class: "chain-overlay", "aria-hidden": "true", preserveAspectRatio: "none" });
    svg.style.cssText = "position:absolute;inset:0;width:100%;height:100%;pointer-events:none;overflow:visible";
    board.append(svg);
  }
  svg.dataset.stamp = stamp;
  svg.setAttribute("viewBox", `0 0 ${shape.n} ${shape.n}`);
  svg.replaceChildren();
  const radius = 0.42 / Math.max(shape.box_rows, shape.box_cols);
  chains.forEach((chain, index) => svg.append(drawChain(shape, chain.nodes, chain.links, radius, index)));
  const elims = element("g", { class: "eliminations" });
  for (const [cell, digit] of shown.step.eliminations) {
    const p = candidatePoint(shape, cell, digit);
    elims.append(element("circle", {
      class: "node elim", cx: p.x, cy: p.y, r: radius, fill: "none", stroke: ELIM,
      "stroke-width": 0.06, "data-cell": cell, "data-digit": digit,
    }));
  }
  svg.append(elims);
}

/** The "why?" disclosure under the reason: the proof in Eureka notation, one line per branch. */
export function renderChainWhy(panel, shown) {
  let details = panel.querySelector("details.why");
  const proof = shown && shown.step ? shown.step.proof : null;
  if (!proof || !proof.notation) {
    if (details) details.remove();
    return;
  }
  if (!details) {
    details = document.createElement("details");
    details.className = "why";
    const summary = document.createElement("summary");
    summary.textContent = "why?";
    details.append(summary, document.createElement("div"));
    const graph = panel.querySelector(".graph");
    panel.insertBefore(details, graph);
  }
  const body = details.querySelector("div");
  const lines = proof.branches.length
    ? proof.branches.map((branch) => `${branch.premise}: ${branch.notation}`)
    : [proof.notation];
  if (body.dataset.notation === proof.notation) return;
  body.dataset.notation = proof.notation;
  body.replaceChildren(...lines.map((line) => {
    const code = document.createElement("code");
    code.textContent = line;
    code.style.cssText = "display:block;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85em";
    return code;
  }));
  if (proof.branches.length) {
    const result = document.createElement("code");
    result.textContent = `=> ${proof.notation.split(" => ").pop()}`;
    result.style.cssText = "display:block;font-size:.85em";
    body.append(result);
  }
}
