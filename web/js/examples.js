/**
 * The example menu: the GTSPS thesis chapter's two worked puzzles (Figures 4.2 and 4.9), puzzles
 * whose logic solve needs each technique (up to the nested forcing nets that finish the forum's
 * hardest), and one of each other size; Figure 4.9's logic stalls, and Guess goes on.
 *
 * `shows` names the step (as the solver names it) that the example is there for; for the technique
 * examples ("Needs …") it is the hardest step of the puzzle's logic solve, found with
 * `python -m pysolver steps PUZZLE --json --no-guess` over the public puzzle sets (tests/data), and
 * tests/e2e/test_app_examples.py checks it against the solver. Sources: Project Euler 96 (Norvig's
 * easy50), Norvig's top95, the Kaggle "3 million Sudoku" sample, the 17-clue list (no. 5023), the
 * forum's hardest list (SE rating 11+, as collected by tdoku); the
 * 4×4, 6×6 and 16×16 ones come from `pysolver generate` (seeds 4, 6 and 16).
 */

export const EXAMPLES = [
  { id: "fig42", label: "Figure 4.2 (thesis, 35 clues)", shows: "Naked Single",
    puzzle: ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6." },
  { id: "fig49", label: "Figure 4.9 (127 solutions)", shows: "Naked Pair",
    puzzle: ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2." },
  { id: "pointing", label: "Needs pointing", shows: "Pointing",
    puzzle: "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6" },
  { id: "claiming", label: "Needs claiming", shows: "Claiming",
    puzzle: "..1..7.9.59..8...1.3.....8......58...5..6..2...41......8.....3.1...2..79.2.7..4.." },
  { id: "naked-pair", label: "Needs a naked pair", shows: "Naked Pair",
    puzzle: "..19....39..7..16..3...5..7.5......9..43.26..2......7.6..1...3..42..7..65....68.." },
  { id: "hidden-pair", label: "Needs a hidden pair", shows: "Hidden Pair",
    puzzle: "45.....3....8.1....9...........5..9.2..7.....8.........1..4..........7.2...6..8.." },
  { id: "naked-triple", label: "Needs a naked triple", shows: "Naked Triple",
    puzzle: ".2.......3.5.62..9.68...3...5..........64.8.2..47..9....3.....1.....6...17.43...." },
  { id: "hidden-triple", label: "Needs a hidden triple", shows: "Hidden Triple",
    puzzle: "4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9...." },
  { id: "x-wing", label: "Needs an X-Wing", shows: "X-Wing",
    puzzle: ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71." },
  { id: "swordfish", label: "Needs a Swordfish", shows: "Swordfish",
    puzzle: "2..9.....8......3....582...4.....1....5..9..8..7...29.....2.7........5.6.32.68..1" },
  { id: "jellyfish", label: "Jellyfish at step 34 (17 clues)", shows: "Jellyfish",
    puzzle: "................12..3..4........3..5..6...4...7..2...1....5....2...1....8.4...3.." },
  { id: "skyscraper", label: "Needs a Skyscraper (top95 no. 13)", shows: "Skyscraper",
    puzzle: "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.." },
  { id: "two-string-kite", label: "Needs a 2-String Kite (top95 no. 83)", shows: "2-String Kite",
    puzzle: "....75....1..2.....4...3...5.....3.2...8...1.......6.....1..48.2........7........" },
  { id: "empty-rectangle", label: "Needs an Empty Rectangle (top95 no. 19)", shows: "Empty Rectangle",
    puzzle: ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8......." },
  { id: "xy-wing", label: "Needs an XY-Wing (top95 no. 4)", shows: "XY-Wing",
    puzzle: "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...." },
  { id: "xyz-wing", label: "Needs an XYZ-Wing (top95 no. 72)", shows: "XYZ-Wing",
    puzzle: "....7..8...6...5...2...3.61.1...7..2..8..534.2..9.......2......58...6.3.4...1...." },
  { id: "w-wing", label: "Needs a W-Wing (top95 no. 87)", shows: "W-Wing",
    puzzle: "...5.3.......6.7..5.8....1636..2.......4.1.......3...567....2.8..4.7.......2..5.." },
  { id: "remote-pairs", label: "Needs Remote Pairs (top95 no. 5)", shows: "Remote Pairs",
    puzzle: "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8..." },
  { id: "finned-swordfish", label: "Needs a Finned Swordfish (top95 no. 90)", shows: "Finned Swordfish",
    puzzle: "..........72.6.1....51...82.8...13..4.........37.9..1.....238..5.4..9.........79." },
  { id: "unique-rectangle", label: "Needs a Unique Rectangle type 1 (top95 no. 47)", shows: "Unique Rectangle type 1",
    puzzle: "..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8" },
  { id: "aic", label: "Needs an AIC (top95 no. 10)", shows: "AIC",
    puzzle: ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9....." },
  { id: "cell-forcing-chain", label: "Needs a Cell Forcing Chain (top95 no. 12)", shows: "Cell Forcing Chain",
    puzzle: ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8..." },
  { id: "forcing-net", label: "Needs a Forcing Net (top95 no. 7)", shows: "Forcing Net",
    puzzle: "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....." },
  { id: "nested-forcing-net", label: "Needs a Nested Forcing Net (forum's hardest, SE 11+)",
    shows: "Nested Forcing Net",
    puzzle: "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9" },
  { id: "4x4", label: "4×4 (2×2 boxes)", shows: "Naked Single",
    puzzle: ".42...1......3.." },
  { id: "6x6", label: "6×6 (2×3 boxes)", shows: "Pointing",
    puzzle: ".6..1..2.3..4......3.5.....653......" },
  { id: "16x16", label: "16×16 (4×4 boxes)", shows: "Hidden Single",
    puzzle: ".....1.B.E.F...G...87.....2B.E.4..G.A6.8.....7....4..F.3A9..C8B..98.3...F..1....D....C......2.....2648.FB.3..5C1.1..BED9....6FG35..3..G.8.........6..31....D....4A.2D...9.G....6.C...4.A.6F.3......A.....1.....E.......6E3.591....B4..A...92D.F.1.....8.....4C52" },
];

/** The example with this id, or undefined. */
export function exampleById(id) {
  return EXAMPLES.find((example) => example.id === id);
}
