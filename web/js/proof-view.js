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
 * A nested forcing net is drawn main branch first: each net nested in a branch is one dotted
 * `nested` link to what it proves, and its sub-proof (Python's `proof.nets`) is listed under
 * "why?" with a toggle button that draws it on the board instead (the store's `proofNet`).
 *
 * Test hooks: `#board svg.proof` with `[data-node]`, `line[data-kind="strong"|"weak"|"nested"]` with
 * `data-from`/`data-to` ("cells:digit" of its ends), `circle.node.on|off|elim` with `data-cell` and
 * `data-digit`, `[data-branch]`, `[data-net]` (a nested link, or the drawn sub-proof's marks),
 * `rect[data-role]`; `#step-panel details.why` with `p.details`, `code` and `.nets li` whose
 * `button[data-intent="proof-net"]` has `aria-pressed`.
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

/** Draw nodes and links; every mark gets `data-<tag>` = `group` when a tag is given. */
function drawChain(layer, shape, nodes, links, tag = null, group = null) {
  const radius = 0.46 / Math.max(shape.box_rows, shape.box_cols);
  const centres = nodes.map((node) => centre(node.cells.map((cell) => spot(shape, cell, node.digit))));
  links.forEach((link) => {
    const [x1, y1] = centres[link.from];
    const [x2, y2] = centres[link.to];
    const line = svg("line", { x1, y1, x2, y2, class: `link ${link.kind}`, "data-kind": link.kind,
      "data-from": nodeKey(nodes[link.from]), "data-to": nodeKey(nodes[link.to]) });
    if (tag !== null) line.dataset[tag] = String(group);
    if (link.net !== undefined && tag !== "net") line.dataset.net = String(link.net);
    layer.append(line);
  });
  nodes.forEach((node, index) => {
    const state = node.on === true ? "on" : node.on === false ? "off" : "plain";
    for (const cell of node.cells) {
      const [cx, cy] = spot(shape, cell, node.digit);
      const ring = svg("circle", { cx, cy, r: radius, class: `node ${state}`, "data-node": index,
        "data-cell": cell, "data-digit": node.digit });
      if (tag !== null) ring.dataset[tag] = String(group);
      layer.append(ring);
    }
  });
}

/** The nested net to draw instead of the main branches, when one is open and the shown step has it. */
function openNet(proof, net) {
  const nets = proof && proof.nets ? proof.nets : [];
  return net !== null && nets[net] && nets[net].nodes.length ? nets[net] : null;
}

/** Draw `step.proof` over `board` (or clear the layer when there is none); with `net`, the
 * sub-proof of that nested net in place of the main branches. */
export function renderProof(board, shape, step, net = null) {
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
  const sub = openNet(proof, net);
  if (sub) {
    drawChain(layer, shape, sub.nodes, sub.links, "net", net);
  } else {
    drawChain(layer, shape, proof.nodes || [], proof.links || []);
    (proof.branches || []).forEach((branch, index) => drawChain(layer, shape, branch.nodes, branch.links, "branch", index));
  }
  const radius = 0.46 / Math.max(shape.box_rows, shape.box_cols);
  for (const [cell, digit] of step.eliminations) {
    const [cx, cy] = spot(shape, cell, digit);
    layer.append(svg("circle", { cx, cy, r: radius, class: "node elim", "data-cell": cell, "data-digit": digit }));
  }
}

/**
 * The "why?" disclosure under the reason: the step's details (Python's whole argument behind the
 * two short sentences above it), then its proof in Eureka notation when it has one, then a nested
 * forcing net's nested nets, each with its words, its notation and a button that draws it. Nothing
 * when the shown step has neither (a player's move, a hint before its last level). The element is
 * kept between steps so a reader who opened it keeps it open while stepping.
 */
export function renderWhy(panel, shown, net = null) {
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
  const nets = proof && proof.nets ? proof.nets : [];
  const key = JSON.stringify([text, proof && proof.notation, nets.length]);
  if (body.dataset.key !== key) {
    body.dataset.key = key;
    const lines = !proof ? [] : proof.branches.length
      ? [...proof.branches.map((branch) => `${branch.premise}: ${branch.notation}`),
        `=> ${proof.notation.split(" => ").pop()}`]
      : [proof.notation];
    const paragraph = document.createElement("p");
    paragraph.className = "details";
    paragraph.textContent = text;
    body.replaceChildren(...(text ? [paragraph] : []), ...lines.map(code), ...(nets.length ? [netList(proof)] : []));
  }
  for (const button of body.querySelectorAll('button[data-intent="proof-net"]')) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.net) === net));
  }
}

function code(line) {
  const el = document.createElement("code");
  el.textContent = line;
  return el;
}

/** The nested nets of a nested forcing net: a toggle button each (its summary), its words and its
 * notation. A summarised net (a step the board does not show) has no nodes and no button. */
function netList(proof) {
  const section = document.createElement("div");
  section.className = "nets";
  const heading = document.createElement("p");
  heading.textContent = "Nested nets (each drawn as one dotted link in its branch):";
  const list = document.createElement("ul");
  proof.nets.forEach((net, index) => {
    const item = document.createElement("li");
    const reason = document.createElement("span");
    reason.textContent = ` ${net.reason}`;
    if (net.nodes.length) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.intent = "proof-net";
      button.dataset.net = String(index);
      button.textContent = net.summary;
      button.title = "Draw this nested net on the board (again: back to the main branch)";
      item.append(button);
    } else {
      item.append(net.summary);
    }
    item.append(reason, code(`${net.premise} inside ${proof.branches[net.branch].premise}: ${net.notation}`));
    list.append(item);
  });
  section.append(heading, list);
  return section;
}
