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
 * A forcing chain or net with several branches draws each branch's links in its own colour, and a
 * chooser under the reason ("All | r6c5=2 | r6c5=4 | …", Python's premises, each with its colour)
 * draws one branch alone, as HoDoKu and SudokuWiki show one chain at a time. Under the chooser, Python's
 * words: the branch drawn alone's `caption` (what it concludes, then its Eureka line), or with all
 * drawn the proof's `caption`; the "why?" lines are the proof's `lines`. Nothing here splits them. The store's `proofNet` is the one
 * part of the proof drawn alone: k >= 0 the nested net k, -1-k the branch k, anything else (null,
 * or NaN from "All", whose button carries no number) the whole proof.
 *
 * A key under the reason names each part the outlines draw in the step's words (Python's
 * `proof.role_labels`: "set A", "pivot", "line set", …) beside a swatch drawn by the same style
 * rule as the board's outline (`.proof .role.<role>`). Each branch button's accessible name says
 * what the branch concludes (Python's `branch.conclusion`).
 *
 * Test hooks: `#board svg.proof` with `[data-node]`, `line[data-kind="strong"|"weak"|"nested"]` with
 * `data-from`/`data-to` ("cells:digit" of its ends), `circle.node.on|off|elim` with `data-cell` and
 * `data-digit`, `[data-branch]`, `[data-net]` (a nested link, or the drawn sub-proof's marks),
 * `rect[data-role]`; `#step-panel details.why` with `p.details`, `code` and `.nets li` whose
 * `button[data-intent="proof-net"]` has `aria-pressed`; `#step-panel .proof-branches` with
 * `button[data-intent="proof-net"][data-branch]` ("all" or the branch's index) and `code` (the
 * branch drawn alone); `#step-panel ul.proof-key li[data-role]`.
 */

import { h, redraw } from "./dom.js";

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

/** Each branch's colour (its links'), one light and one dark value, none of them the red of an
 * elimination nor the green and orange of "on" and "off" rings; a seventh branch takes the first
 * colour again. Styling only: the branches are Python's. */
const BRANCH_COLOURS = ["light-dark(#1d4ed8, #60a5fa)", "light-dark(#a21caf, #e879f9)",
  "light-dark(#0f766e, #2dd4bf)", "light-dark(#854d0e, #facc15)", "light-dark(#4338ca, #a5b4fc)",
  "light-dark(#be185d, #f9a8d4)"];
const branchColour = (index) => BRANCH_COLOURS[index % BRANCH_COLOURS.length];

/** The branch drawn alone (see the header: the store's `proofNet` below zero), or null. */
function chosenBranch(proof, net) {
  const branches = proof && proof.branches ? proof.branches : [];
  const index = Number.isInteger(net) && net < 0 ? -1 - net : null;
  return index !== null && index < branches.length ? index : null;
}

/** The candidates of the branch drawn alone, as Python drew them ([cell, digit] of its nodes and of
 * the proof's own nodes), or null when the whole proof is drawn. The board marks only these among
 * the step's pattern: the other branches' candidates, drawn without rings or links then, must not
 * stand out as if they were part of the branch. */
export function candidatesDrawnAlone(step, net) {
  const proof = step ? step.proof : null;
  const alone = chosenBranch(proof, net);
  if (alone === null) return null;
  const nodes = [...(proof.nodes || []), ...proof.branches[alone].nodes];
  return nodes.flatMap((node) => node.cells.map((cell) => [cell, node.digit]));
}

/** Draw nodes and links; every mark gets `data-<tag>` = `group` when a tag is given, every link
 * the stroke `colour` when one is given. */
function drawChain(layer, shape, nodes, links, tag = null, group = null, colour = null) {
  const radius = 0.46 / Math.max(shape.box_rows, shape.box_cols);
  const centres = nodes.map((node) => centre(node.cells.map((cell) => spot(shape, cell, node.digit))));
  links.forEach((link) => {
    const [x1, y1] = centres[link.from];
    const [x2, y2] = centres[link.to];
    const line = svg("line", { x1, y1, x2, y2, class: `link ${link.kind}`, "data-kind": link.kind,
      "data-from": nodeKey(nodes[link.from]), "data-to": nodeKey(nodes[link.to]) });
    if (tag !== null) line.dataset[tag] = String(group);
    if (link.net !== undefined && tag !== "net") line.dataset.net = String(link.net);
    if (colour !== null) line.style.stroke = colour;
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
  return Number.isInteger(net) && net >= 0 && nets[net] && nets[net].nodes.length ? nets[net] : null;
}

/** Draw `step.proof` over `board` (or clear the layer when there is none); with `net`, the
 * sub-proof of that nested net in place of the main branches, or one branch alone. */
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
    const branches = proof.branches || [];
    const alone = chosenBranch(proof, net);
    branches.forEach((branch, index) => {
      if (alone !== null && index !== alone) return;
      drawChain(layer, shape, branch.nodes, branch.links, "branch", index,
        branches.length > 1 ? branchColour(index) : null);
    });
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
  const shownProof = shown && shown.step && shown.step.proof ? shown.step.proof : null;
  renderKey(panel, shownProof);
  renderBranches(panel, shownProof, net);
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
    const lines = proof ? proof.lines : [];
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

/** The panel's element of class `name` (made when missing, and put in the panel's order: key,
 * branch chooser, "why?", graph), or none when `wanted` is false. */
function part(panel, tag, name, wanted) {
  let el = panel.querySelector(`:scope > .${name}`);
  if (!wanted) {
    if (el) el.remove();
    return null;
  }
  if (!el) {
    el = h(tag, { class: name });
    const order = ["proof-key", "proof-branches", "why", "graph"];
    const later = order.slice(order.indexOf(name) + 1).map((next) => panel.querySelector(`:scope > .${next}`));
    panel.insertBefore(el, later.find((found) => found !== null) ?? null);
  }
  return el;
}

/** A swatch, hidden from assistive technology (its words are beside it). */
function swatch(width, height, viewBox, ...marks) {
  const box = svg("svg", { width, height, viewBox, "aria-hidden": "true", focusable: "false", class: "swatch" });
  box.append(...marks);
  return box;
}

/**
 * The key to the outlines: one entry per role of the proof (Python's name for it), with a swatch
 * drawn by the board's own style rule (`.proof .role.<name>`), at the board's scale. A role the
 * style draws no outline for (no stroke) has nothing on the board to name and is left out.
 */
function renderKey(panel, proof) {
  const roles = proof && proof.roles ? Object.keys(proof.roles) : [];
  const labels = proof && proof.role_labels ? proof.role_labels : {};
  const key = part(panel, "ul", "proof-key", roles.length > 0);
  if (!key) return;
  if (!redraw(key, JSON.stringify([roles, labels]), () => roles.map((role) => {
    const rect = svg("rect", { x: 0.03, y: 0.03, width: 0.36, height: 0.36, rx: 0.05, class: `role ${role}` });
    const box = swatch(22, 22, "0 0 0.42 0.42", rect);
    box.classList.add("proof");
    return h("li", { "data-role": role }, box, h("span", {}, labels[role] || role));
  }))) return;
  key.setAttribute("aria-label", "Key to the outlines on the board");
  for (const item of key.children) {
    const rect = item.querySelector("rect");
    const stroke = getComputedStyle(rect).stroke;
    item.hidden = !stroke || stroke === "none";
  }
  key.hidden = [...key.children].every((item) => item.hidden);
}

/**
 * The branch chooser of a forcing chain or net with several branches: "All", then each branch by
 * its premise with its colour, named for a screen reader in Python's words (`choice`: "r6c5=4, so
 * r4c5 is not 2") and titled with its Eureka line (`line`); each a toggle (the store's `proofNet`, see the header). Under it,
 * the caption Python words (`caption`): the branch drawn alone's, or the proof's when all are.
 */
function renderBranches(panel, proof, net) {
  const branches = proof && proof.branches ? proof.branches : [];
  const chooser = part(panel, "div", "proof-branches", branches.length > 1);
  if (!chooser) return;
  const alone = chosenBranch(proof, net);
  redraw(chooser, JSON.stringify([proof.notation, branches.map((b) => [b.premise, b.choice, b.line])]), () => {
    const all = h("button", { type: "button", "data-intent": "proof-net", "data-branch": "all", "data-net": "all",
      title: "Draw every branch, each in its colour" }, "All");
    const each = branches.map((branch, index) => {
      const line = svg("line", { x1: 0, y1: 0.5, x2: 2, y2: 0.5 });
      line.style.stroke = branchColour(index);
      return h("button", { type: "button", "data-intent": "proof-net", "data-branch": index, "data-net": -1 - index,
        "aria-label": `Draw only this branch: ${branch.choice}`,
        title: `Draw only this branch: ${branch.line}` },
      swatch(22, 11, "0 0 2 1", line), branch.premise);
    });
    const row = h("div", { role: "group", "aria-label": "Branches of the proof: draw all, or one alone" }, all, ...each);
    return [row, h("code", {})];
  });
  for (const button of chooser.querySelectorAll("button[data-branch]")) {
    const pressed = button.dataset.branch === "all" ? alone === null && openNet(proof, net) === null
      : Number(button.dataset.branch) === alone;
    if (button.getAttribute("aria-pressed") !== String(pressed)) button.setAttribute("aria-pressed", String(pressed));
  }
  const said = chooser.querySelector("code");
  const words = alone !== null ? branches[alone].caption : proof.caption;
  if (said.textContent !== words) said.textContent = words;
}
