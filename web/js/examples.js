/**
 * The example menu: the seed's two worked puzzles (GTSPS thesis, Figures 4.2 and 4.9), puzzles that
 * need each technique (checked with `python -m pysolver steps PUZZLE --json --no-guess`), one that
 * needs guessing, and one of each other size.
 */

export const EXAMPLES = [
  { id: "fig42", label: "Figure 4.2 (thesis, 35 clues)",
    puzzle: ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6." },
  { id: "fig49", label: "Figure 4.9 (127 solutions)",
    puzzle: ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2." },
];

/** The example with this id, or undefined. */
export function exampleById(id) {
  return EXAMPLES.find((example) => example.id === id);
}
