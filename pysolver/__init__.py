"""pysolver: a Sudoku solver and tutor built on the permutation bipartite graphs of its houses."""

from .errors import ConflictError, PuzzleError, PuzzleFormatError
from .geometry import Geometry, geometry_for_size
from .grid import Grid

__version__ = "0.1.0"

__all__ = [
    "ConflictError",
    "Geometry",
    "Grid",
    "PuzzleError",
    "PuzzleFormatError",
    "geometry_for_size",
    "__version__",
]
