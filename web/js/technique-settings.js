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
 * An example may need techniques switched off (its `without`) while its puzzle is shown: the store
 * holds those (store.js, `exampleSwitches`), not this panel, so the person's own choice, kept here,
 * is as it was once another puzzle opens. The panel shows them off (`showExample`), counts them, and
 * says why; each request about that puzzle leaves them out too (`sendEnabledTechniques`).
 *
 * Test hooks: `#technique-settings input[data-slug]` (checked when on; `data-example-off` when off
 * for the example shown), `[data-off-count]`, `a.technique-example[data-example]`,
 * `.example-switches` (the note, hidden when no example switches any off).
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
 * The panel in `container` (a <details>); `onChange(slug, on)` runs after a switch is flipped, so
 * the page can ask Python for the current position again with the new set.
 */
export function techniqueSettings(container, { onChange } = {}) {
  let techniques = null; // the registry, once Python has sent it
  let off = readOff();
  let lent = new Set(); // the slugs the example shown switches off (store.js, exampleSwitches)
  const body = container.querySelector(".technique-list") || container;
  const count = container.querySelector("[data-off-count]");
  const note = element("p", { class: "example-switches" });
  note.hidden = true;
  body.before(note);

  /** Is `slug` switched off, by the person or by the example shown? */
  const isOff = (slug) => off.has(slug) || lent.has(slug);

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
        input.checked = !isOff(t.slug);
        input.addEventListener("change", () => {
          if (input.checked) off.delete(t.slug); else off.add(t.slug);
          // Switched on, it is the person's choice: the example holds it off no longer.
          if (input.checked) lent.delete(t.slug);
          try { localStorage.setItem(KEY, JSON.stringify([...off].filter(known))); } catch { /* private mode */ }
          drawSwitches();
          if (onChange) onChange(t.slug, input.checked);
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
    drawSwitches();
  }

  /** The switches, the count and the note as the person's choice and the example's make them. */
  function drawSwitches() {
    for (const input of body.querySelectorAll("input[data-slug]")) {
      input.checked = !isOff(input.dataset.slug);
      input.toggleAttribute("data-example-off", lent.has(input.dataset.slug));
    }
    const titles = techniques ? techniques.filter((t) => lent.has(t.slug)).map((t) => t.title) : [];
    note.hidden = titles.length === 0;
    const they = titles.length > 1 ? "They are" : "It is";
    note.textContent = titles.length ? `Off for the example shown: ${titles.join(", ")}. ${they} on again `
      + "when you open another puzzle." : "";
    if (!count) return;
    const n = techniques ? techniques.filter((t) => isOff(t.slug)).length : 0;
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
    /** Show the slugs `slugs` as switched off for the example shown (none: []). */
    showExample(slugs) {
      const next = new Set(slugs);
      if (next.size === lent.size && [...next].every((slug) => lent.has(slug))) return;
      lent = next;
      if (techniques !== null) drawSwitches();
    },
    /** Of `slugs`, those the person has on, each with the registry's title (a slug it does not
     * know stands for itself): what an example switching them off changes. */
    switchedOn(slugs) {
      return slugs.filter((slug) => !off.has(slug))
        .map((slug) => ({ slug, title: (techniques || []).find((t) => t.slug === slug)?.title ?? slug }));
    },
    /** The slugs switched on, less `alsoOff` (an example's), or undefined before the registry
     * arrived (Python then uses all). */
    enabled(alsoOff = []) {
      return techniques === null ? undefined
        : techniques.filter((t) => !off.has(t.slug) && !alsoOff.includes(t.slug)).map((t) => t.slug);
    },
  };
}

/**
 * `client` whose logic requests carry the set of `settings` switched on: the one place the page
 * adds it, so no command forgets it. `exampleOff(puzzle)` names the slugs an example switches off
 * for the puzzle a request is about (a load's own puzzle, else null: the one shown).
 */
export function sendEnabledTechniques(client, settings, exampleOff = () => []) {
  const request = client.request.bind(client);
  client.request = (cmd, args = {}, options) => {
    const enabled = settings.enabled(exampleOff(cmd === "load" ? args.puzzle : null));
    const withSet = LOGIC_COMMANDS.has(cmd) && enabled !== undefined && args.techniques === undefined
      ? { ...args, techniques: enabled } : args;
    return request(cmd, withSet, options);
  };
  return client;
}
