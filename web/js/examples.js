/**
 * The example menu: the GTSPS thesis chapter's two worked puzzles (Figures 4.2 and 4.9), puzzles
 * whose logic solve needs each technique of the tutor (up to the nested forcing nets that finish the
 * forum's hardest), and one of each other size; Figure 4.9's logic stalls, and Guess goes on. The
 * menu groups them by the family of the technique (`family`, as the Python registry names it), in
 * the tutor's order; the thesis's figures and the other sizes have a `group` of their own.
 *
 * `shows` names the step (as the solver names it) that the example is there for; for the technique
 * examples ("Needs …") it is the hardest step of the puzzle's logic solve, else ("… at step N") the
 * step it takes at N, found with `python -m pysolver steps PUZZLE --json --no-guess` over the
 * public puzzle sets (tests/data); the hidden single's opens with one, with no naked single before
 * it (`scripts/find_examples.py --first hidden-single`). `technique` is the registry's slug of that
 * step ("Naked Pair" is chain-exclusion): the Techniques and Learn panels find an example by it
 * (`exampleForTechnique`), as the page cannot tell a step's technique from its name. tests/e2e/test_app_examples.py checks
 * each against the solver's logic solve, with the family and the cited line. Sources: Project Euler 96 (Norvig's easy50), Norvig's top95,
 * magictour's top1465, tdoku's unbiased minimal puzzles, the Kaggle "3 million Sudoku" extract,
 * the 17-clue list (no. 5023), the forum's hardest list (SE rating 11+, as collected by tdoku); the
 * 4×4, 6×6 and 16×16 ones come from `pysolver generate` (seeds 4, 6 and 16), the 12×12 one from
 * `pysolver generate --size 12 --level hard --seed 1`; more can be found with
 * scripts/find_examples.py.
 *
 * `without` names techniques (registry slugs) the example needs switched off, the fewest found:
 * the nice loops and the digit forcing chain are tried after techniques that find a step first on
 * every puzzle of those sets (the AIC of the same weight, or the grouped one, draws every
 * conclusion a loop within its length gives; a cell or house forcing chain, or else a net, came
 * first at every stall of 819 whole logic solves), so their logic reaches them only with those off
 * (`scripts/find_examples.py --without`; the digit forcing chain needs the Grouped AIC off too:
 * with only the cell and house forcing chains off, no puzzle of top95, nor of the part of top1465
 * scanned, took one). Opening such an example switches them off for its puzzle only and says so
 * (store.js, `exampleSwitches`); its label names the one switched off, or says how many.
 */

import { sentence } from "./dom.js";

export const EXAMPLES = [
  { id: "fig42", family: "singles", technique: "naked-single", group: "thesis",
    label: "Figure 4.2 (thesis, 35 clues)", shows: "Naked Single",
    puzzle: ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6." },
  { id: "fig49", family: "chain and pile exclusion", technique: "chain-exclusion", group: "thesis",
    label: "Figure 4.9 (127 solutions)", shows: "Naked Pair",
    puzzle: ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2." },
  { id: "hidden-single", family: "singles", technique: "hidden-single",
    label: "Needs a hidden single (tdoku unbiased no. 9)", shows: "Hidden Single",
    puzzle: "12.......4....9.1778.5...34.6......3....65...8...7...2......4..5..9....13...8..5." },
  { id: "pointing", family: "intersections", technique: "pointing",
    label: "Needs pointing", shows: "Pointing",
    puzzle: "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6" },
  { id: "claiming", family: "intersections", technique: "claiming",
    label: "Needs claiming", shows: "Claiming",
    puzzle: "..1..7.9.59..8...1.3.....8......58...5..6..2...41......8.....3.1...2..79.2.7..4.." },
  { id: "naked-pair", family: "chain and pile exclusion", technique: "chain-exclusion",
    label: "Needs a naked pair", shows: "Naked Pair",
    puzzle: "..19....39..7..16..3...5..7.5......9..43.26..2......7.6..1...3..42..7..65....68.." },
  { id: "naked-triple", family: "chain and pile exclusion", technique: "chain-exclusion",
    label: "Needs a naked triple", shows: "Naked Triple",
    puzzle: ".2.......3.5.62..9.68...3...5..........64.8.2..47..9....3.....1.....6...17.43...." },
  { id: "hidden-pair", family: "chain and pile exclusion", technique: "pile-exclusion",
    label: "Needs a hidden pair", shows: "Hidden Pair",
    puzzle: "45.....3....8.1....9...........5..9.2..7.....8.........1..4..........7.2...6..8.." },
  { id: "hidden-triple", family: "chain and pile exclusion", technique: "pile-exclusion",
    label: "Needs a hidden triple", shows: "Hidden Triple",
    puzzle: "4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9...." },
  { id: "x-wing", family: "fish", technique: "fish",
    label: "Needs an X-Wing", shows: "X-Wing",
    puzzle: ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71." },
  { id: "swordfish", family: "fish", technique: "fish",
    label: "Needs a Swordfish", shows: "Swordfish",
    puzzle: "2..9.....8......3....582...4.....1....5..9..8..7...29.....2.7........5.6.32.68..1" },
  { id: "jellyfish", family: "fish", technique: "fish",
    label: "Jellyfish at step 34 (17 clues)", shows: "Jellyfish",
    puzzle: "................12..3..4........3..5..6...4...7..2...1....5....2...1....8.4...3.." },
  { id: "unique-rectangle", family: "uniqueness", technique: "unique-rectangle",
    label: "Needs a Unique Rectangle type 1 (top95 no. 47)", shows: "Unique Rectangle type 1",
    puzzle: "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8" },
  { id: "unique-rectangle-2", family: "uniqueness", technique: "unique-rectangle",
    label: "Needs a Unique Rectangle type 2 (top1465 no. 516)", shows: "Unique Rectangle type 2",
    puzzle: "896.4..........7.2...9...6..18..9.246..3...8..3..1.......4..2..3....6.....5.3..1." },
  { id: "unique-rectangle-3", family: "uniqueness", technique: "unique-rectangle",
    label: "Needs a Unique Rectangle type 3 (top95 no. 39)", shows: "Unique Rectangle type 3",
    puzzle: "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3..." },
  { id: "unique-rectangle-4", family: "uniqueness", technique: "unique-rectangle",
    label: "Needs a Unique Rectangle type 4 (top1465 no. 1143)", shows: "Unique Rectangle type 4",
    puzzle: "...627.....3...1..95.......8.......7.3..19....6.3.8...5......9..97....86..6.....4" },
  { id: "hidden-rectangle", family: "uniqueness", technique: "hidden-rectangle",
    label: "Needs a Hidden Rectangle (top1465 no. 38)", shows: "Hidden Rectangle",
    puzzle: "5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7.............." },
  { id: "bug-plus-one", family: "uniqueness", technique: "bug-plus-one",
    label: "Needs BUG+1 (top1465 no. 876)", shows: "BUG+1",
    puzzle: "....3.8......2....9....163...581...92.4.......8.5..........61....2.4....63....5.." },
  { id: "remote-pairs", family: "wings", technique: "remote-pairs",
    label: "Needs Remote Pairs (top95 no. 5)", shows: "Remote Pairs",
    puzzle: "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8..." },
  { id: "w-wing", family: "wings", technique: "w-wing",
    label: "Needs a W-Wing (top95 no. 87)", shows: "W-Wing",
    puzzle: "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5.." },
  { id: "xy-wing", family: "wings", technique: "xy-wing",
    label: "Needs an XY-Wing (top95 no. 4)", shows: "XY-Wing",
    puzzle: "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...." },
  { id: "xyz-wing", family: "wings", technique: "xyz-wing",
    label: "Needs an XYZ-Wing (top95 no. 72)", shows: "XYZ-Wing",
    puzzle: "....7..8...6...5...2...3.61.1...7..2..8..534.2..9.......2......58...6.3.4...1...." },
  { id: "turbot-fish", family: "single-digit patterns", technique: "turbot-fish",
    label: "Needs a Turbot Fish (top1465 no. 1194)", shows: "Turbot Fish",
    puzzle: "42..7.....67......19..4.5.......3.65....9.1..7....8.......5.7.49..6.....5......12" },
  { id: "empty-rectangle", family: "single-digit patterns", technique: "empty-rectangle",
    label: "Needs an Empty Rectangle (top95 no. 19)", shows: "Empty Rectangle",
    puzzle: ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8......." },
  { id: "skyscraper", family: "single-digit patterns", technique: "skyscraper",
    label: "Needs a Skyscraper (top95 no. 13)", shows: "Skyscraper",
    puzzle: "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.." },
  { id: "two-string-kite", family: "single-digit patterns", technique: "two-string-kite",
    label: "Needs a 2-String Kite (top95 no. 83)", shows: "2-String Kite",
    puzzle: "....75....1..2.....4...3...5.....3.2...8...1.......6.....1..48.2........7........" },
  { id: "simple-colouring", family: "single-digit patterns", technique: "simple-colouring",
    label: "Simple Colouring at step 39 (top1465 no. 250)", shows: "Simple Colouring",
    puzzle: "......6894......7.....26...2...6.34...49..8.2...........87.5....6.83......7......" },
  { id: "multi-colouring", family: "single-digit patterns", technique: "multi-colouring",
    label: "Needs Multi-Colouring (Kaggle 3M extract no. 1891)", shows: "Multi-Colouring",
    puzzle: "......97........18.....3.....3..5......74.8....7.1.4.27.2.....5.368...9.8...6.1.." },
  { id: "finned-x-wing", family: "finned fish", technique: "finned-fish",
    label: "Needs a Finned X-Wing (tdoku unbiased no. 415)", shows: "Finned X-Wing",
    puzzle: "...4.6.58....983.........4.36..17..98..3..1..2.....5...3.7....4.4....7.59.26....." },
  { id: "finned-swordfish", family: "finned fish", technique: "finned-fish",
    label: "Needs a Finned Swordfish (top95 no. 90)", shows: "Finned Swordfish",
    puzzle: "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79." },
  { id: "sashimi-x-wing", family: "finned fish", technique: "sashimi-fish",
    label: "Needs a Sashimi X-Wing (top1465 no. 548)", shows: "Sashimi X-Wing",
    puzzle: "1.25..6..8.5....2.......5...1.....68..817..4..4.6.3......43..7......94...9..1...." },
  { id: "sashimi-swordfish", family: "finned fish", technique: "sashimi-fish",
    label: "Needs a Sashimi Swordfish (top1465 no. 526)", shows: "Sashimi Swordfish",
    puzzle: "8........95..6......6.894..3.8....1.5.4...8.7.1....6....527.3......3..72........4" },
  { id: "sue-de-coq", family: "almost locked sets", technique: "sue-de-coq",
    label: "Needs a Sue de Coq (top95 no. 80)", shows: "Sue de Coq",
    puzzle: "963......1....8......2.5....4.8......1....7......3..257......3...9.2.4.7......9.." },
  { id: "als-xz", family: "almost locked sets", technique: "als-xz",
    label: "Needs an ALS-XZ (top95 no. 58)", shows: "ALS-XZ",
    puzzle: "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.." },
  { id: "als-xy-wing", family: "almost locked sets", technique: "als-xy-wing",
    label: "Needs an ALS-XY-Wing (top1465 no. 21)", shows: "ALS-XY-Wing",
    puzzle: "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5.." },
  { id: "x-chain", family: "chains", technique: "x-chain",
    label: "Needs an X-Chain (tdoku unbiased no. 316)", shows: "X-Chain",
    puzzle: "1......674...8...9..93...2....2...4..6.1.....8..9.....2....5...63....1....5.7...3" },
  { id: "xy-chain", family: "chains", technique: "xy-chain",
    label: "Needs an XY-Chain (top95 no. 32)", shows: "XY-Chain",
    puzzle: "...5...........5.697.....2...48.2...25.1...3..8..3.........4.7..13.5..9..2...31.." },
  { id: "aic", family: "chains", technique: "aic",
    label: "Needs an AIC (top95 no. 10)", shows: "AIC",
    puzzle: ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9....." },
  { id: "nice-loop", family: "chains", technique: "nice-loop", without: ["aic"],
    label: "Needs a Discontinuous Nice Loop, AIC off (tdoku unbiased no. 71)", shows: "Discontinuous Nice Loop",
    puzzle: "1.....4....61.....7.9....1.8..36.1.5...9.5..4.....7.23..4.28....3..9....6..4...5." },
  { id: "continuous-nice-loop", family: "chains", technique: "continuous-nice-loop", without: ["aic"],
    label: "Needs a Continuous Nice Loop, AIC off (tdoku unbiased no. 144)", shows: "Continuous Nice Loop",
    puzzle: "..3.7...8........7.8...546....3..5....1.4...9..4..7.21..2.18..4.4.2.....9......83" },
  { id: "grouped-aic", family: "chains", technique: "grouped-aic",
    label: "Needs a Grouped AIC (top95 no. 31)", shows: "Grouped AIC",
    puzzle: "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32" },
  { id: "grouped-nice-loop", family: "chains", technique: "grouped-nice-loop", without: ["grouped-aic"],
    label: "Needs a Grouped Discontinuous Nice Loop, Grouped AIC off (tdoku unbiased no. 47)",
    shows: "Grouped Discontinuous Nice Loop",
    puzzle: "..3.......5.8.....7.9....24.......65..7.9.8..5.2..1.4.....12.........5.19..7.4.3." },
  { id: "grouped-continuous-nice-loop", family: "chains", technique: "grouped-continuous-nice-loop",
    without: ["grouped-aic"],
    label: "Needs a Grouped Continuous Nice Loop, Grouped AIC off (tdoku unbiased no. 641)",
    shows: "Grouped Continuous Nice Loop",
    puzzle: "..3..594...........8.3.125.5.........349....1.71.........5.8.......3951.29...683." },
  { id: "cell-forcing-chain", family: "forcing chains", technique: "cell-forcing-chain",
    label: "Needs a Cell Forcing Chain (top95 no. 12)", shows: "Cell Forcing Chain",
    puzzle: ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8..." },
  { id: "house-forcing-chain", family: "forcing chains", technique: "house-forcing-chain",
    label: "Needs a House Forcing Chain (top95 no. 11)", shows: "House Forcing Chain",
    puzzle: "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.." },
  { id: "digit-forcing-chain", family: "forcing chains", technique: "digit-forcing-chain",
    without: ["grouped-aic", "cell-forcing-chain", "house-forcing-chain"],
    label: "Needs a Digit Forcing Chain, 3 techniques off (top1465 no. 318)", shows: "Digit Forcing Chain",
    puzzle: ".1.....8....75.....39...6........8.6.9..2.4..6.1....9.......2....2149.381...3...." },
  { id: "forcing-net", family: "forcing chains", technique: "forcing-net",
    label: "Needs a Forcing Net (top95 no. 7)", shows: "Forcing Net",
    puzzle: "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....." },
  { id: "nested-forcing-net", family: "forcing chains", technique: "nested-forcing-net",
    label: "Needs a Nested Forcing Net (forum's hardest, SE 11+)", shows: "Nested Forcing Net",
    puzzle: "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9" },
  { id: "4x4", family: "singles", technique: "naked-single", group: "sizes",
    label: "4×4 (2×2 boxes)", shows: "Naked Single",
    puzzle: ".42...1......3.." },
  { id: "6x6", family: "intersections", technique: "pointing", group: "sizes",
    label: "6×6 (2×3 boxes)", shows: "Pointing",
    puzzle: ".6..1..2.3..4......3.5.....653......" },
  { id: "12x12", family: "chain and pile exclusion", technique: "chain-exclusion", group: "sizes",
    label: "12×12 (3×4 boxes), needs a naked pair", shows: "Naked Pair",
    puzzle: ".C...4..BA8..82......3.13.........4...65.73.A.BC..38.6CA..9.B...1........A..4..59.CB.B5................1.........C1.7..34....9B.86....8...2...A4" },
  { id: "16x16", family: "singles", technique: "hidden-single", group: "sizes",
    label: "16×16 (4×4 boxes)", shows: "Hidden Single",
    puzzle: ".....1.B.E.F...G...87.....2B.E.4..G.A6.8.....7....4..F.3A9..C8B..98.3...F..1....D....C......2.....2648.FB.3..5C1.1..BED9....6FG35..3..G.8.........6..31....D....4A.2D...9.G....6.C...4.A.6F.3......A.....1.....E.......6E3.591....B4..A...92D.F.1.....8.....4C52" },
];

/** The menu's group of an example: its own group (the thesis's figures, the other sizes), else
 * the family of the technique it shows, as the registry names it. */
const GROUP_LABELS = { thesis: "The thesis's figures", sizes: "Other sizes" };

function groupLabel(example) {
  if (example.group) return GROUP_LABELS[example.group];
  return sentence(example.family);
}

/** Fill the examples <select>: one <optgroup> per group, in the order the examples come (the
 * tutor's order of techniques), so that a long menu reads as the technique families. */
export function fillExampleMenu(select) {
  const groups = new Map();
  for (const example of EXAMPLES) {
    const label = groupLabel(example);
    let group = groups.get(label);
    if (!group) {
      group = select.ownerDocument.createElement("optgroup");
      group.label = label;
      groups.set(label, group);
      select.append(group);
    }
    group.append(new Option(example.label, example.id));
  }
}

/**
 * The example for the technique `slug`, or null: the simplest that fits. First one whose step is
 * `shows` (a step's name, as the Learn panel's pattern is "Naked Triple") if there is one; then a
 * 9×9 one (the size a first look at a technique is easiest on); then a technique example ("Needs …")
 * before the thesis's figures and the other sizes, which show theirs among much else. Of equals,
 * the first in the menu.
 */
export function exampleForTechnique(slug, shows = null) {
  const candidates = EXAMPLES.filter((example) => example.technique === slug);
  const rank = (e) => [e.shows === shows, e.puzzle.length === 81, !e.group];
  const better = (a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const k = ra.findIndex((value, i) => value !== rb[i]);
    return k >= 0 && ra[k];
  };
  return candidates.reduce((best, example) => (best === null || better(example, best) ? example : best), null);
}

/** The example with this id, or undefined. */
export function exampleById(id) {
  return EXAMPLES.find((example) => example.id === id);
}
