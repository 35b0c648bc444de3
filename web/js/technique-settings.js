/**
 * The techniques panel: the registry Python sends (the `techniques` command: slug, title, family,
 * level, weight, summary, assumes_uniqueness), drawn as a legend grouped by family with one switch
 * per technique, so a teacher can keep the tutor to what the class knows. The slugs switched off
 * are kept in localStorage (read back only as a list of known slugs); every request that runs the
 * logic carries the list switched on (`techniques`), and Python answers with that set.
 *
 * A technique that has an example puzzle (web/js/examples.js, by its `technique`) links to it
 * ("Try it: Needs a naked pair"): an address, so Back returns to the puzzle shown before.
 *
 * Test hooks: `#technique-settings input[data-slug]` (checked when on), `[data-off-count]`,
 * `a.technique-example[data-example]`.
 */

import { exampleForTechnique } from "./examples.js";
import { hashOf } from "./storage.js";

const KEY = "pysolver.techniques-off";
/** Commands whose answer depends on which techniques the logic may use. */
const LOGIC_COMMANDS = new Set(["load", "step", "hint", "apply", "goto", "back", "forward", "undo", "redo",
  "place", "erase", "note", "fill_notes", "solve_logic", "guess", "backtrack", "solve"]);

function readOff() {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(parsed) ? parsed.filter((slug) => typeof slug === "string") : []);
  } catch {
    return new Set();
  }
}

function element(tag, attributes = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value);
  }
  for (const child of children) el.append(child);
  return el;
}

/**
 * The panel in `container` (a <details>); `onChange()` runs after a switch is flipped, so the page
 * can ask Python for the current position again with the new set.
 */
export function techniqueSettings(container, { onChange } = {}) {
  let techniques = null; // the registry, once Python has sent it
  let off = readOff();
  const body = container.querySelector(".technique-list") || container;
  const count = container.querySelector("[data-off-count]");

  function known(slug) {
    return techniques !== null && techniques.some((t) => t.slug === slug);
  }

  function draw() {
    body.replaceChildren();
    const families = new Map();
    // Grouped by family to read; each keeps its place in the tutor's order (the registry's order).
    techniques.forEach((t, index) => families.set(t.family, [...(families.get(t.family) || []), { ...t, order: index + 1 }]));
    for (const [family, members] of families) {
      const list = element("ul");
      for (const t of members) {
        const input = element("input", { type: "checkbox", "data-slug": t.slug });
        input.checked = !off.has(t.slug);
        input.addEventListener("change", () => {
          if (input.checked) off.delete(t.slug); else off.add(t.slug);
          try { localStorage.setItem(KEY, JSON.stringify([...off].filter(known))); } catch { /* private mode */ }
          drawCount();
          if (onChange) onChange();
        });
        const note = t.assumes_uniqueness ? " — assumes one solution" : "";
        const summaryId = `technique-summary-${t.slug}`;
        input.setAttribute("aria-describedby", summaryId);
        const label = element("label", {}, [input,
          element("span", { class: "technique-order", "data-order": String(t.order), text: `${t.order}.` }),
          element("span", { class: "technique-title", text: t.title }),
          element("span", { class: "technique-meta", text: `${t.level_name} · ${t.weight}${note}` })]);
        // The summary is shown, not only a tooltip: a touch screen has no hover.
        const summary = element("p", { class: "technique-summary", id: summaryId, text: t.summary });
        const example = exampleForTechnique(t.slug);
        const link = example ? [element("a", { class: "technique-example", "data-example": example.id,
          href: hashOf({ puzzle: example.puzzle }), text: `Try it: ${example.label}` })] : [];
        list.append(element("li", { "data-level": t.level }, [label, summary, ...link]));
      }
      body.append(element("fieldset", {}, [element("legend", { text: family }), list]));
    }
    drawCount();
  }

  function drawCount() {
    if (!count) return;
    const n = techniques ? techniques.filter((t) => off.has(t.slug)).length : 0;
    count.dataset.offCount = String(n);
    count.textContent = n ? `${n} off` : "all on";
  }

  return {
    /** Draw the registry (the reply of the `techniques` command). */
    show(list) {
      techniques = list;
      off = new Set([...off].filter(known));
      draw();
    },
    /** The slugs switched on, or undefined before the registry arrived (Python then uses all). */
    enabled() {
      return techniques === null ? undefined : techniques.filter((t) => !off.has(t.slug)).map((t) => t.slug);
    },
  };
}

/**
 * `client` whose logic requests carry the set of `settings` switched on: the one place the page
 * adds it, so no command forgets it.
 */
export function sendEnabledTechniques(client, settings) {
  const request = client.request.bind(client);
  client.request = (cmd, args = {}, options) => {
    const enabled = settings.enabled();
    const withSet = LOGIC_COMMANDS.has(cmd) && enabled !== undefined && args.techniques === undefined
      ? { ...args, techniques: enabled } : args;
    return request(cmd, withSet, options);
  };
  return client;
}
