"""Peter Norvig's classic Sudoku solver, reimplemented faithfully as a speed baseline.

Source: Peter Norvig, "Solving Every Sudoku Puzzle" (norvig.com/sudoku.html, 2006; the code is
``py/sudoku.py`` in github.com/norvig/pytudes). Squares are 'A1'..'I9', each square's value is a
string of its remaining digits held in a dict; ``assign`` and ``eliminate`` propagate naked and
hidden singles by mutual recursion, and ``search`` copies the dict and branches on the square with
the fewest digits. Only the 9×9 case, as in the original. Kept here (not in the package) so
``bench_search.py`` can time our solver against it.
"""

from __future__ import annotations

from typing import Iterable


def cross(A: str, B: str) -> list[str]:
    """Cross product of elements in A and elements in B."""
    return [a + b for a in A for b in B]


digits = "123456789"
rows = "ABCDEFGHI"
cols = digits
squares = cross(rows, cols)
unitlist = ([cross(rows, c) for c in cols]
            + [cross(r, cols) for r in rows]
            + [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])
units = {s: [u for u in unitlist if s in u] for s in squares}
peers = {s: set(sum(units[s], [])) - {s} for s in squares}

Values = dict[str, str]


def parse_grid(grid: str) -> Values | bool:
    """Convert grid to a dict of possible values, {square: digits}, or False on contradiction."""
    values = {s: digits for s in squares}
    for s, d in grid_values(grid).items():
        if d in digits and not assign(values, s, d):
            return False
    return values


def grid_values(grid: str) -> dict[str, str]:
    """Convert grid into a dict of {square: char} with '0' or '.' for empties."""
    chars = [c for c in grid if c in digits or c in "0."]
    assert len(chars) == 81
    return dict(zip(squares, chars))


def assign(values: Values, s: str, d: str) -> Values | bool:
    """Eliminate all the other values (except d) from values[s] and propagate."""
    other_values = values[s].replace(d, "")
    if all(eliminate(values, s, d2) for d2 in other_values):
        return values
    return False


def eliminate(values: Values, s: str, d: str) -> Values | bool:
    """Eliminate d from values[s]; propagate when values or places <= 2."""
    if d not in values[s]:
        return values  # Already eliminated
    values[s] = values[s].replace(d, "")
    # (1) If a square s is reduced to one value d2, then eliminate d2 from the peers.
    if len(values[s]) == 0:
        return False  # Contradiction: removed last value
    elif len(values[s]) == 1:
        d2 = values[s]
        if not all(eliminate(values, s2, d2) for s2 in peers[s]):
            return False
    # (2) If a unit u is reduced to only one place for a value d, then put it there.
    for u in units[s]:
        dplaces = [s for s in u if d in values[s]]
        if len(dplaces) == 0:
            return False  # Contradiction: no place for this value
        elif len(dplaces) == 1:
            # d can only be in one place in unit; assign it there
            if not assign(values, dplaces[0], d):
                return False
    return values


def solve(grid: str) -> Values | bool:
    """Norvig's ``solve``: parse, propagate, search."""
    return search(parse_grid(grid))


def search(values: Values | bool) -> Values | bool:
    """Using depth-first search and propagation, try all possible values."""
    if values is False or values is True:
        return False  # Failed earlier
    if all(len(values[s]) == 1 for s in squares):
        return values  # Solved!
    # Chose the unfilled square s with the fewest possibilities
    n, s = min((len(values[s]), s) for s in squares if len(values[s]) > 1)
    return some(search(assign(values.copy(), s, d)) for d in values[s])


def some(seq: Iterable[Values | bool]) -> Values | bool:
    """Return some element of seq that is true."""
    for e in seq:
        if e:
            return e
    return False


def solution_line(values: Values | bool) -> str | None:
    """The solved grid as one 81-character line (our addition, for checking results)."""
    if isinstance(values, bool):
        return None
    return "".join(values[s] for s in squares)


def main(argv: list[str]) -> int:
    """``python bench/norvig.py FILE``: print each puzzle's solution line (our addition, so that
    whole processes can be timed against ``pysolver solve FILE``)."""
    with open(argv[1], encoding="utf-8") as f:
        for line in f:
            if line.strip():
                print(solution_line(solve(line.strip())) or "no solution")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv))
