"""Norvig's method generalised to n×n grids (16×16 and 25×25): the reference for large grids.

Peter Norvig, "Solving Every Sudoku Puzzle" (norvig.com/sudoku.html, 2006), written for 9×9: a
dict from square to the string of its remaining digits, ``assign`` and ``eliminate`` propagating
naked and hidden singles by mutual recursion, and a depth-first ``search`` that copies the dict
and branches on the square with the fewest digits. Only the vocabulary changes here: squares are
(row, column) pairs, digits are the first n symbols of 1-9 then A-P, and boxes are √n × √n.
Kept beside bench/norvig.py (the faithful 9×9 original) for ``bench_big.py``.
"""

from __future__ import annotations

import sys
from math import isqrt
from typing import Iterable

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

Values = dict[tuple[int, int], str]


class NorvigN:
    """Units, peers and the solver for one grid size n (a perfect square)."""

    def __init__(self, n: int) -> None:
        box = isqrt(n)
        assert box * box == n, "square boxes only"
        self.n = n
        self.digits = SYMBOLS[:n]
        self.squares = [(r, c) for r in range(n) for c in range(n)]
        unitlist = ([[(r, c) for r in range(n)] for c in range(n)]
                    + [[(r, c) for c in range(n)] for r in range(n)]
                    + [[(r, c) for r in range(br, br + box) for c in range(bc, bc + box)]
                       for br in range(0, n, box) for bc in range(0, n, box)])
        self.units = {s: [u for u in unitlist if s in u] for s in self.squares}
        self.peers = {s: set(sum(self.units[s], [])) - {s} for s in self.squares}
        # The recursion of assign/eliminate runs as deep as a chain of forced squares.
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20 * n * n))

    def parse_grid(self, grid: str) -> Values | bool:
        values = {s: self.digits for s in self.squares}
        for s, d in zip(self.squares, grid):
            if d in self.digits and not self.assign(values, s, d):
                return False
        return values

    def assign(self, values: Values, s: tuple[int, int], d: str) -> Values | bool:
        other_values = values[s].replace(d, "")
        if all(self.eliminate(values, s, d2) for d2 in other_values):
            return values
        return False

    def eliminate(self, values: Values, s: tuple[int, int], d: str) -> Values | bool:
        if d not in values[s]:
            return values
        values[s] = values[s].replace(d, "")
        if len(values[s]) == 0:
            return False
        elif len(values[s]) == 1:
            d2 = values[s]
            if not all(self.eliminate(values, s2, d2) for s2 in self.peers[s]):
                return False
        for u in self.units[s]:
            dplaces = [s for s in u if d in values[s]]
            if len(dplaces) == 0:
                return False
            elif len(dplaces) == 1:
                if not self.assign(values, dplaces[0], d):
                    return False
        return values

    def search(self, values: Values | bool) -> Values | bool:
        if values is False or values is True:
            return False
        if all(len(values[s]) == 1 for s in self.squares):
            return values
        _, s = min((len(values[s]), s) for s in self.squares if len(values[s]) > 1)
        return _some(self.search(self.assign(values.copy(), s, d)) for d in values[s])

    def solve(self, grid: str) -> Values | bool:
        return self.search(self.parse_grid(grid))

    def solution_line(self, values: Values | bool) -> str | None:
        if isinstance(values, bool):
            return None
        return "".join(values[s] for s in self.squares)


def _some(seq: Iterable[Values | bool]) -> Values | bool:
    for e in seq:
        if e:
            return e
    return False
