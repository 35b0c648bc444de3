"""Unavoidable sets: groups of cells of a solution grid that every puzzle for it must give a clue in.

If the digits of some cells of a full grid can be rearranged into another valid grid, a puzzle
with no clue among those cells has both grids as solutions; such a set of cells is *unavoidable*
(McGuire, Tugemann and Civario, "There is no 16-clue Sudoku", 2012, hunt minimal puzzles with
them). The generator asks thousands of times whether a clue may be blanked; when some unavoidable
set's only clues lie in that clue's orbit, the answer is no without a search.

The sets come from two places. Two digits ``a`` and ``b`` swapped on a set of cells give a valid
grid exactly when every house holds both its ``a`` and its ``b`` cell in the set or neither; the
smallest such sets are the connected pieces of the graph linking each house's ``a`` and ``b`` cell.
And every second solution the search finds differs from the solution on an unavoidable set.

Cells are bits of a *cell mask* (bit ``c`` for cell ``c``), an ``int`` like the candidate masks.
"""

from __future__ import annotations

from typing import Sequence

from .geometry import Geometry


def two_digit_sets(geometry: Geometry, solution: Sequence[int]) -> list[int]:
    """The unavoidable sets of ``solution`` made by swapping two digits, as cell masks.

    >>> from pysolver.geometry import geometry_for_size
    >>> grid = [1, 2, 3, 4,  3, 4, 1, 2,  2, 1, 4, 3,  4, 3, 2, 1]
    >>> sorted(bin(s).count("1") for s in two_digit_sets(geometry_for_size(4), grid))[:3]
    [4, 4, 4]
    """
    n = geometry.n
    where: list[list[int]] = [[] for _ in range(n + 1)]
    for cell, digit in enumerate(solution):
        where[digit].append(cell)
    found: list[int] = []
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            cells = where[a] + where[b]
            parent = {cell: cell for cell in cells}

            def root(cell: int) -> int:
                while parent[cell] != cell:
                    parent[cell] = parent[parent[cell]]
                    cell = parent[cell]
                return cell

            for house in geometry.houses:
                pair = [cell for cell in house if solution[cell] in (a, b)]
                parent[root(pair[0])] = root(pair[1])
            pieces: dict[int, int] = {}
            for cell in cells:
                key = root(cell)
                pieces[key] = pieces.get(key, 0) | 1 << cell
            found.extend(pieces.values())
    return found


class Unavoidables:
    """The unavoidable sets known for one solution grid, growing as the search finds more.

    ``needed(clues, orbit)`` answers, without a search, "does some known set hold clues only in
    ``orbit``?" (then blanking the orbit lets a second solution in).
    """

    def __init__(self, geometry: Geometry, solution: Sequence[int]) -> None:
        self.sets = sorted(set(two_digit_sets(geometry, solution)), key=int.bit_count)

    def add(self, cells: int) -> None:
        """Record the cells where a second solution differs from the solution."""
        self.sets.append(cells)

    def needed(self, clues: int, orbit: int) -> bool:
        """Whether some known set has clues (a cell mask) and all of them inside ``orbit``."""
        for cells in self.sets:
            hit = cells & clues
            if hit and not hit & ~orbit:
                return True
        return False

    def needed_orbits(self, clues: int, orbit_of: dict[int, int]) -> set[int]:
        """The orbits (by the mask of their cells) that some known set proves needed.

        ``orbit_of`` maps each cell to its orbit's cell mask.
        """
        found: set[int] = set()
        for cells in self.sets:
            hit = cells & clues
            if hit:
                orbit = orbit_of[(hit & -hit).bit_length() - 1]
                if not hit & ~orbit:
                    found.add(orbit)
        return found
