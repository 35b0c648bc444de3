"""Sue de Coq on HoDoKu's published examples: its regression test library (reglib-1.3, section
1101 "Sue de Coq", as HoDoKu's page http://hodoku.sourceforge.net/en/tech_misc.php#sdc teaches
it), each example's exact eliminations found by one step; the sets named in the proof; silence
where the pattern is broken or absent.
"""

from __future__ import annotations

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import FIGURE_4_2, Settings, solve_by_logic, steps_available
from pysolver.techniques.registry import TECHNIQUES
from pysolver.techniques.sue_de_coq import SUE_DE_COQ, find_sue_de_coq
from tests.hodoku_library import position

#: Lines of HoDoKu's library: the position, and what its Sue de Coq eliminates there.
LIBRARY = {
    "basic-column":
        (":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7"
         ".....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::"),
    "two-cell-core":
        (":1101:7:..8..+6.91.62+13+9+58.+1+9...+8......+7+62+8+1+9+27+6+8+9+1+4358+19+4537"
         "2+6+9346+2+71+5+8.+21+985....+8.+3+1+49.+2::733::"),
    "line-set-of-two":
        (":1101:1567:+3+2+1+94+5+867..9.+28.+34..4..3+9+2.+9+3+5+4...8.+47+8..2..961+25+8+"
         "9+47+32+4.........3....4.1..2.43..:781 682 692:174 175 179 579 587 589 599 674 6"
         "75 679 774 775::"),
    "three-digit-surplus":
        (":1101:12678:+1...32..52.4..+57.+3+3.+59....8+74+32598..+9.....+35.+516......+4.7"
         "...+5.98+5....43.6..5.....:618 628 638 854 855 856 159 259 659 468:185 195 196 2"
         "78 685 785 795 796 878 895 896::"),
    "extended":
        (":1101:456789:.3.......87.6.19.3.4.....2.2..8.6.....9...1.....15....4....2..5...."
         ".8.1.628.1.734:511 113 531 133 543 445 552 259 663 974 975 981 583 584 984 985:4"
         "18 518 667 669 769 867 869 969::"),
}


@pytest.mark.parametrize("line", LIBRARY.values(), ids=LIBRARY.keys())
def test_hodoku_library_eliminations_are_one_step(line: str) -> None:
    case = position(line)
    steps = list(find_sue_de_coq(case.board))
    assert all(case.solution[c] != d for step in steps for c, d in step.eliminations)
    step = next(s for s in steps if set(s.eliminations) == case.eliminations)
    assert step.technique is SUE_DE_COQ and step.name == "Sue de Coq"
    assert step.proof is not None
    roles = dict(step.proof.roles)
    assert set(roles) == {"intersection", "line-set", "box-set"}
    geo = case.board.geometry
    line, box = step.houses
    assert set(roles["intersection"]) <= set(geo.houses[line]) & set(geo.houses[box])
    assert set(roles["line-set"]) <= set(geo.houses[line]) - set(geo.houses[box])
    assert set(roles["box-set"]) <= set(geo.houses[box]) - set(geo.houses[line])
    assert step.proof.notation.startswith("SdC r") and " => " in step.proof.notation
    assert "Sue de Coq" in step.details and "line set" in step.details and "box set" in step.details


def test_the_cells_hold_as_many_digits_as_cells_and_the_sets_share_none() -> None:
    case = position(LIBRARY["basic-column"])
    candidates = case.board.candidates
    for step in find_sue_de_coq(case.board):
        assert step.proof is not None
        roles = dict(step.proof.roles)
        digits = [0, 0, 0]
        for k, role in enumerate(("intersection", "line-set", "box-set")):
            for cell in roles[role]:
                digits[k] |= candidates[cell]
        assert not digits[1] & digits[2]
        assert (digits[0] | digits[1] | digits[2]).bit_count() == step.size
        assert digits[0].bit_count() >= len(roles["intersection"]) + 2


def test_a_broken_line_set_does_not_fire() -> None:
    # r7c6 gets a 2, which none of the pattern's cells holds: the line set r7c36 then holds four
    # digits for two cells, the count no longer closes, and HoDoKu's eliminations are not made.
    case = position(LIBRARY["line-set-of-two"])
    candidates = list(case.board.candidates)
    candidates[6 * 9 + 5] |= 1 << 1
    board = Board(case.board.geometry, case.board.givens, case.board.values, tuple(candidates))
    found = {e for step in find_sue_de_coq(board) for e in step.eliminations}
    assert not found & case.eliminations


def test_nothing_fires_without_a_crowded_intersection() -> None:
    empty = Board.from_grid(Grid.parse("." * 81))
    solved, _ = solve_by_logic(Board.from_grid(Grid.parse(FIGURE_4_2)))
    assert next(find_sue_de_coq(empty), None) is None
    assert next(find_sue_de_coq(solved), None) is None


def test_registered_by_weight_and_switchable() -> None:
    slugs = [t.slug for t in TECHNIQUES]
    assert SUE_DE_COQ in TECHNIQUES and SUE_DE_COQ.weight == 250
    assert slugs.index("sue-de-coq") < slugs.index("als-xz")
    case = position(LIBRARY["two-cell-core"])
    assert any(s.technique is SUE_DE_COQ for s in steps_available(case.board, Settings()))
    off = Settings(disabled=frozenset({"sue-de-coq"}))
    assert all(s.technique is not SUE_DE_COQ for s in steps_available(case.board, off))
