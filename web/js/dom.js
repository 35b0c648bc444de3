/**
 * Builds the page's elements from data, never from markup: every string becomes a text node or an
 * attribute value, so nothing read from storage, the address, a paste or a reply can add an element
 * or run a script. `h` makes HTML elements, `svg` SVG ones, and `redraw` replaces an element's
 * children only when what they show has changed (`drawEach` updates them in place instead, for
 * controls that must keep focus); `setOff` turns a control off without taking focus from it while
 * the page waits for Python.
 *
 * Views draw the whole state after every action, so most of what they write is what is already
 * there; `setText`, `setAttr`, `setData` and `setProp` write only a change. Writing the same text
 * replaces the text node and has the browser lay the box out again, and an attribute written to
 * the same value still makes it match the page's selectors again: a few hundred such writes per
 * drawing were most of what the first board's drawing cost.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** Set `attrs` (null, undefined and false leave an attribute out; true sets it empty), add children. */
function fill(el, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined && value !== false) {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false && child !== "") {
      el.append(child instanceof Node ? child : String(child));
    }
  }
  return el;
}

/** An HTML element: `h("td", {"data-figure": "count"}, 3)`. */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, in the SVG namespace. */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** What each element was last drawn from, so unchanged ones are left alone. */
const drawnKeys = new WeakMap();

/** Is `key` (a string) other than the one `el` was last drawn from? It is remembered as drawn. */
export function drawnAnew(el, key) {
  if (drawnKeys.get(el) === key) return false;
  drawnKeys.set(el, key);
  return true;
}

/** Give `el` the children `build()` returns when `key` (a string) differs from its last one. */
export function redraw(el, key, build) {
  if (!drawnAnew(el, key)) return false;
  el.replaceChildren(...[build()].flat(Infinity).filter((node) => node instanceof Node));
  return true;
}

/** Give `el` one child per item of `items`, in order, updated in place: the child already at an
 * item's place is kept and brought up to date (`update(child, item)`), a missing one is made
 * (`make()`) first, and those left over are removed. For lists of controls drawn anew at their own
 * press (a history entry, a stage button): a control replaced by a new one drops focus to the page's
 * body, which a screen reader says as a jump, even when the page gives it to the new one after. */
export function drawEach(el, items, make, update) {
  items.forEach((item, at) => update(el.children[at] ?? el.appendChild(make()), item));
  while (el.children.length > items.length) el.lastElementChild.remove();
}

/** `text` as a sentence standing alone: its first letter a capital. Python's messages are clauses,
 * as the CLI prints them after "pysolver: error:" and as the status line shows them after its badge;
 * standing alone in a panel, the eye and a screen reader alike should meet a sentence. The one way
 * the page capitalises, its own words too (a status badge, a technique family, a record's summary). */
export function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Give `el` the text `text`, unless it has it already. */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Set attribute `name` to `value` (a string), or remove it when `value` is null, unless it is so. */
export function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

/** Set `el.dataset[key]` to `value` (a string) unless it is so. */
export function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** Set the property `name` (such as `disabled`, `hidden`, `value`) unless it holds `value`. */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/** Turn the control `el` off or on. One off only while the page waits for Python (`waiting`: the
 * store's awaitsPython) that has focus is marked aria-disabled instead, and stays so until the wait
 * ends: a disabled control drops focus to the page's body, where a screen reader says nothing and
 * Tab starts again from the top, for the whole time Python answers the control just pressed. It
 * stays so while its run's Cancel has focus, which gives focus back to it (main.js). Its press is
 * refused meanwhile, as any input is then (main.js). The rule for every control that is off while
 * Python works: the tutor's buttons, the panels' run buttons, the settings' switches. */
export function setOff(el, off, waiting) {
  const held = off && waiting && (el === el.ownerDocument.activeElement || el.getAttribute("aria-disabled") === "true");
  setProp(el, "disabled", off && !held);
  setAttr(el, "aria-disabled", held ? "true" : null);
}
