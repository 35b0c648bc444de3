"""The Learn panel's graphs: Dr. Dobb's examples analysed by the solver, edits changing the verdict,
Hall violations named, bad fields named."""

from __future__ import annotations

import json

import pytest

from pysolver.learn import house_lesson, lesson
from pysolver.web import handle

#: Dr. Dobb's "Sudoku & Graph Theory": the chain example, and the pile example as its result prints
#: it (the printed starting graph repeats {4,6} once, giving ten cells for nine digits).
CHAIN = [[1, 2, 3, 7], [3, 6], [3, 4], [1, 4], [5, 6, 7], [4, 6], [2, 7], [8, 9], [8, 9]]
PILE = [[1, 2, 3, 5], [3, 6], [3, 4], [5, 6], [1, 7, 8, 9], [5, 7, 8, 9], [4, 6], [6, 7, 8, 9], [1, 4]]
PERMUTATION = [[1, 2, 3, 5], [2, 3], [2, 3, 4], [3, 4], [4, 5]]
#: The fish lesson's 5s: rows 1 and 4 keep theirs in columns 3 and 7, an X-Wing.
FISH = [[3, 7], [1, 3, 5, 7], [2, 4], [3, 7], [1, 2, 4, 5], [2, 5, 6, 8, 9], [6, 8], [6, 9], [8, 9]]


def test_the_articles_chain_removes_3_4_and_6_from_the_other_cells() -> None:
    result = house_lesson(CHAIN)
    assert result["graph"]["pattern"] == {"kind": "chain", "left": [1, 2, 5], "right": [2, 3, 5]}
    assert {(1, 3), (4, 4), (5, 6)} <= {tuple(e) for e in result["removed"]}
    assert result["verdict"].startswith("Chain: cell 2, cell 3 and cell 6 hold only {3,4,6}")
    assert [s["name"] for s in result["graph"]["stages"]][-1] == "removed"


def test_the_articles_pile_keeps_7_8_9_in_their_three_cells() -> None:
    result = lesson("house", PILE, prefer_name="pile")
    assert result["graph"]["pattern"] == {"kind": "pile", "left": [4, 5, 7], "right": [6, 7, 8]}
    assert "Pile: 7, 8 and 9 fit only in cell 5, cell 6 and cell 8" in result["verdict"]
    assert {(5, 1), (6, 5), (8, 6)} <= {tuple(e) for e in result["removed"]}


def test_toggling_a_candidate_changes_the_exclusion() -> None:
    edited = [list(c) for c in CHAIN]
    edited[5] = [4, 6, 7]  # cell 6 may now hold 7: {3,4,6} is no longer closed
    before, after = house_lesson(CHAIN)["verdict"], house_lesson(edited)["verdict"]
    assert "cell 2, cell 3 and cell 6 hold only {3,4,6}" in before
    assert "cell 2, cell 3 and cell 6 hold only" not in after and after != before


def test_a_hall_violation_is_flagged_and_told_in_stages() -> None:
    """The violation flag is Python's (the page drew a digit-side violation as a valid pile), and
    its stages show the maximum matching with the vertices it leaves alone, then the Hall set."""
    result = house_lesson([[1, 2, 3, 5], [2, 3], [2, 3], [2, 3], [4, 5]])
    assert not result["solvable"] and result["graph"]["violation"] is True
    assert result["verdict"].startswith("Hall's condition fails: cell 2, cell 3 and cell 4 need 3 different digits")
    assert result["matching"] == 4
    stages = result["graph"]["stages"]
    assert [s["name"] for s in stages] == ["edges", "matching", "hall"]
    assert stages[1]["unmatched"] == {"left": [3], "right": [4]} and "unmatched" in stages[1]["layers"]
    assert "cell 4 and digit 5 are left unmatched" in stages[1]["text"]
    assert "cell 2, cell 3 and cell 4 need 3 digits of their own but have only the digits 2 and 3" \
        in stages[2]["text"]
    digit_side = house_lesson([[1, 2, 3, 4], [2, 3, 4], [2, 3, 4], [2, 3, 4], [2, 3, 4]])
    assert digit_side["verdict"].startswith("Hall's condition fails: the digit 5 fits in no cell")
    assert digit_side["graph"]["violation"] is True
    assert digit_side["graph"]["pattern"] == {"kind": "pile", "left": [], "right": [4]}
    assert digit_side["graph"]["stages"][2]["text"].startswith("Why: digit 5 fits in no cell. Hall's")
    assert house_lesson(CHAIN)["graph"]["violation"] is False


def test_a_graph_where_nothing_follows_says_so() -> None:
    result = house_lesson([[1, 2], [1, 2], [3, 4], [3, 4]])
    assert result["solvable"] and result["removed"] == []
    assert "every candidate may still be in a solution" in result["verdict"]


def test_fish_is_the_same_rule_on_a_digits_rows_and_columns() -> None:
    rows = [[3, 7], [1, 3, 5, 7], [2, 4], [3, 7], [1, 2, 4, 5], [2, 5, 6, 8, 9], [6, 8], [6, 9], [8, 9]]
    result = lesson("digit", rows, 5)
    assert result["verdict"] == ("X-Wing: in row 1 and row 4 the 5s lie only in column 3 and column 7 "
                                 "(a chain on rows), so 5 leaves the other rows of those columns: "
                                 "removes 5 from r2c3 and r2c7.")
    assert result["also"] == ["Swordfish: in row 7, row 8 and row 9 the 5s lie only in column 6, "
                              "column 8 and column 9 (a chain on rows), so 5 leaves the other rows of "
                              "those columns: removes 5 from r6c6, r6c8 and r6c9."]
    assert (result["shows"], result["technique"]) == ("X-Wing", "fish")


def test_removals_are_grouped_as_true_digit_by_cell_products() -> None:
    """As the board's steps word them: "2 and 3 from cell 1", not "2 from cell 1; 3 from cell 1"."""
    result = house_lesson(PERMUTATION)
    assert result["verdict"] == ("Pile: 1 and 5 fit only in cell 1 and cell 5, so those cells keep just "
                                 "{1,5}: removes 2 and 3 from cell 1; 4 from cell 5.")


def test_a_single_is_named_rather_than_its_large_complement() -> None:
    """Cells 1-4, 6 and 7 holding only {1,2,3,4,6,7} says no more than "5 fits only in cell 5"."""
    also = house_lesson(CHAIN)["also"]
    assert also[0] == ("Single: 5 fits only in cell 5 (a pile of one), so that cell keeps just 5: "
                       "removes 6 and 7 from cell 5.")
    assert not any("cell 1, cell 2, cell 3, cell 4, cell 6 and cell 7" in text for text in also)


def test_the_first_lesson_teaches_the_matching_before_any_exclusion() -> None:
    result = lesson("house", PERMUTATION, teach="matching")
    assert result["verdict"].startswith("A perfect matching (the thick lines) pairs every cell with its "
                                        "own digit: cell 1 gets 1,")
    assert "Pile" not in result["verdict"] and result["also"] == [] and result["shows"] is None
    assert result["graph"]["stages"][result["stage"]]["name"] == "matching"
    assert lesson("house", PERMUTATION)["stage"] is None  # the other lessons open at the whole picture


def test_each_exclusion_lesson_names_the_step_it_teaches() -> None:
    assert (house_lesson(CHAIN)["shows"], house_lesson(CHAIN)["technique"]) == ("Naked Triple", "chain-exclusion")
    pile = lesson("house", PILE, prefer_name="pile")
    assert (pile["shows"], pile["technique"]) == ("Hidden Triple", "pile-exclusion")


def test_the_stages_name_what_the_paths_reach_and_why_that_proves_the_pattern() -> None:
    paths = lesson("house", PERMUTATION)["graph"]["stages"][2]["text"]
    assert paths.startswith("Follow alternating paths from digit 5 (an edge to a cell that can take it")
    assert "they reach only the digits 1 and 5, in cell 1 and cell 5." in paths
    assert "Every cell they reach is matched back to a digit they reach, so these 2 digits fit in " \
        "exactly 2 cells" in paths
    removed = house_lesson(CHAIN)["graph"]["stages"][4]["text"]
    assert removed.startswith("So 3, 4 and 6 leave every other cell of the house:")


def test_the_removed_stage_names_its_candidates_as_the_verdict_does() -> None:
    """A screen reader hears what the red edges are, not only how many: the stage names each
    candidate as the verdict does, a fish's by its cell."""
    chain = house_lesson(CHAIN)
    assert "removes 3 from cell 1; 4 from cell 4; 6 from cell 5." in chain["verdict"]
    assert chain["graph"]["stages"][-1]["text"].endswith(
        "the red edges go (3 candidates: 3 from cell 1; 4 from cell 4; 6 from cell 5).")
    fish = lesson("digit", FISH, digit=5)
    assert "removes 5 from r2c3 and r2c7." in fish["verdict"]
    assert fish["graph"]["stages"][-1]["text"].endswith("the red edges (2 candidates: r2c3 and r2c7).")


def test_each_vertex_has_its_name_as_words_say_it() -> None:
    """A house's digit is "digit 3" in words (its drawn label is "3"); the other labels say what
    they are already."""
    house = house_lesson(CHAIN)["graph"]
    assert [v["name"] for v in house["left"][:2]] == ["cell 1", "cell 2"]
    assert [v["name"] for v in house["right"][:2]] == ["digit 1", "digit 2"]
    fish = lesson("digit", FISH, digit=5)["graph"]
    assert (fish["left"][0]["name"], fish["right"][2]["name"]) == ("row 1", "column 3")


def test_the_worker_command_answers_and_names_a_bad_field() -> None:
    reply = json.loads(handle(json.dumps({"cmd": "bipartite", "kind": "house", "candidates": PERMUTATION})))
    assert reply["ok"] and reply["graph"]["layout"]
    bad = json.loads(handle(json.dumps({"cmd": "bipartite", "kind": "house", "candidates": [[1, 9], [1]]})))
    assert bad["error"]["message"] == "candidates[1] must list numbers from 1 to 2, not [1, 9]"
    assert bad["error"]["field"] == "candidates"
    kind = json.loads(handle(json.dumps({"cmd": "bipartite", "kind": "box", "candidates": [[1]]})))
    assert kind["error"]["message"] == 'kind must be one of "house", "digit", not "box"'


@pytest.mark.parametrize("candidates", [[], "123", [[1]] * 26], ids=["empty", "text", "too-large"])
def test_a_graph_that_is_not_a_list_of_lists_is_refused(candidates: object) -> None:
    with pytest.raises(ValueError, match="candidates must be a list of 1 to 25 lists"):
        lesson("house", candidates)


@pytest.mark.parametrize(("kind", "candidates", "verdict"), [
    ("house", [[], [1, 2], [1, 2, 3]], "cell 1 needs a digit but none is left for it"),
    ("house", [[1], [1], [1, 2, 3]], "cell 1 and cell 2 need 2 different digits but only one (1) "
                                     "is left for them"),
    ("house", [[1, 2], [1, 2], [1, 2]], "the digit 3 fits in no cell"),
    ("house", [[1, 2, 3, 4], [1, 2], [1, 2], [1, 2]], "the digits 3 and 4 fit only in cell 1"),
    ("digit", [[1, 2], [1, 2], [1, 2]], "column 3 fits in no row"),
])
def test_halls_condition_is_told_in_the_number_of_what_it_counts(kind: str, candidates: list[list[int]],
                                                                 verdict: str) -> None:
    assert lesson(kind, candidates)["verdict"] == (
        f"Hall's condition fails: {verdict}, so no perfect matching exists and this has no solution.")
