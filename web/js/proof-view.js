/**
 * Draws a step's proof on the candidates, as HoDoKu and SudokuWiki users know it: each node (a
 * candidate, or a group of them) ringed, strong links solid, weak links dashed, a chain's "on" and
 * "off" candidates in two colours, and the cells that play a named part (pivot, pincers, fins, …)
 * tinted. It draws exactly the step JSON's `proof` (nodes, links, roles, branches) in an SVG layer
 * over the board and knows no Sudoku rule.
 *
 * Eliminated candidates are ringed red. Under the reason, a "why?" disclosure shows the step's
 * details and the proof in Eureka notation as the forums write it (one line per branch of a
 * forcing chain).
 *
 * Test hooks: `#board svg.proof` with `[data-node]`, `line[data-kind="strong"|"weak"]` with
 * `data-from`/`data-to` ("cells:digit" of its ends), `circle.node.on|off|elim` with `data-cell` and
 * `data-digit`, `[data-branch]`, `rect[data-role]`; `#step-panel details.why` with `p.details` and `code`.
 */

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** The centre of a candidate's spot in its cell's mini-grid, in cell units. */
function spot(shape, cell, digit) {
  const { n, box_rows: boxRows, box_cols: boxCols } = shape;
  const row = Math.floor(cell / n);
  const col = cell % n;
  const subRow = Math.floor((digit - 1) / boxCols);
  const subCol = (digit - 1) % boxCols;
  return [col + (subCol + 0.5) / boxCols, row + (subRow + 0.5) / boxRows];
}

function centre(points) {
  const x = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const y = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  return [x, y];
}

const nodeKey = (node) => `${node.cells.join(",")}:${node.digit}`;

function drawChain(layer, shape, nodes, links, branch) {
  const radius = 0.46 / Math.max(shape.box_rows, shape.box_cols);
  const centres = nodes.map((node) => centre(node.cells.map((cell) => spot(shape, cell, node.digit))));
  links.forEach((link) => {
    const [x1, y1] = centres[link.from];
    const [x2, y2] = centres[link.to];
    const line = svg("line", { x1, y1, x2, y2, class: `link ${link.kind}`, "data-kind": link.kind,
      "data-from": nodeKey(nodes[link.from]), "data-to": nodeKey(nodes[link.to]) });
    if (branch !== null) line.dataset.branch = String(branch);
    layer.append(line);
  });
  nodes.forEach((node, index) => {
    const state = node.on === true ? "on" : node.on === false ? "off" : "plain";
    for (const cell of node.cells) {
      const [cx, cy] = spot(shape, cell, node.digit);
      const ring = svg("circle", { cx, cy, r: radius, class: `node ${state}`, "data-node": index,
        "data-cell": cell, "data-digit": node.digit });
      if (branch !== null) ring.dataset.branch = String(branch);
      layer.append(ring);
    }
  });
}

/** Draw `step.proof` over `board` (or clear the layer when there is none). */
export function renderProof(board, shape, step) {
  let layer = board.querySelector("svg.proof");
  const proof = step ? step.proof : null;
  if (!proof) {
    if (layer) layer.remove();
    return;
  }
  if (!layer) {
    layer = svg("svg", { class: "proof", "aria-hidden": "true", preserveAspectRatio: "none" });
    board.append(layer);
  }
  layer.setAttribute("viewBox", `0 0 ${shape.n} ${shape.n}`);
  layer.replaceChildren();
  for (const [role, cells] of Object.entries(proof.roles || {})) {
    for (const cell of cells) {
      layer.append(svg("rect", { x: cell % shape.n + 0.06, y: Math.floor(cell / shape.n) + 0.06,
        width: 0.88, height: 0.88, rx: 0.08, class: `role ${role}`, "data-role": role }));
    }
  }
  drawChain(layer, shape, proof.nodes || [], proof.links || [], null);
  (proof.branches || []).forEach((branch, index) => drawChain(layer, shape, branch.nodes, branch.links, index));
  const radius = 0.46 / Math.max(shape.box_rows, shape.box_cols);
  for (const [cell, digit] of step.eliminations) {
    const [cx, cy] = spot(shape, cell, digit);
    layer.append(svg("circle", { cx, cy, r: radius, class: "node elim", "data-cell": cell, "data-digit": digit }));
  }
}

/**
 * The "why?" disclosure under the reason: the step's details (Python's whole argument behind the
 * two short sentences above it), then its proof in Eureka notation when it has one. Nothing when
 * the shown step has neither (a player's move, a hint before its last level). The element is kept
 * between steps so a reader who opened it keeps it open while stepping.
 */
export function renderWhy(panel, shown) {
  let details = panel.querySelector("details.why");
  const step = shown && shown.step ? shown.step : null;
  const proof = step && step.proof && step.proof.notation ? step.proof : null;
  const text = step && step.details ? step.details : "";
  if (!proof && !text) {
    if (details) details.remove();
    return;
  }
  if (!details) {
    details = document.createElement("details");
    details.className = "why";
    const summary = document.createElement("summary");
    summary.textContent = "why?";
    summary.title = "The whole argument behind this step";
    details.append(summary, document.createElement("div"));
    panel.insertBefore(details, panel.querySelector(".graph"));
  }
  const body = details.querySelector("div");
  const key = JSON.stringify([text, proof && proof.notation]);
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  const lines = !proof ? [] : proof.branches.length
    ? [...proof.branches.map((branch) => `${branch.premise}: ${branch.notation}`),
      `=> ${proof.notation.split(" => ").pop()}`]
    : [proof.notation];
  const paragraph = document.createElement("p");
  paragraph.className = "details";
  paragraph.textContent = text;
  body.replaceChildren(...(text ? [paragraph] : []), ...lines.map((line) => {
    const code = document.createElement("code");
    code.textContent = line;
    return code;
  }));
}
