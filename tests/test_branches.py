"""The guess tree as the session reports it: depths, the branch a Backtrack abandons, and the
contradiction that ended it; Backtrack's effect names the abandoned guess."""

from __future__ import annotations

from pysolver.explain import effect
from pysolver.grid import Grid
from pysolver.session import Session
from pysolver.step import Step
from pysolver.techniques.guessing import GUESS
from tests.helpers import BEYOND_BASIC, TOP95_13


def to_contradiction() -> Session:
    session = Session(Grid.parse(TOP95_13), disabled=BEYOND_BASIC)
    session.solve_logic()
    while not session.can_backtrack():
        session.guess()
        session.solve_logic()
    return session


def test_entries_under_a_guess_are_one_deeper_and_nothing_is_abandoned_yet() -> None:
    session = to_contradiction()
    branches = session.branches()
    guesses = [k for k, e in enumerate(session.steps) if isinstance(e, Step) and e.technique is GUESS]
    assert guesses
    for depth, k in enumerate(guesses):
        assert branches[k].depth == depth
        assert branches[k + 1].depth == depth + 1 if k + 1 < len(branches) else True
    assert not any(b.abandoned for b in branches)


def test_a_backtrack_abandons_its_branch_and_names_the_contradiction() -> None:
    session = to_contradiction()
    contradiction = session.contradiction()
    assert contradiction is not None
    last_guess = max(k for k, e in enumerate(session.steps)
                     if isinstance(e, Step) and e.technique is GUESS)
    step = session.backtrack()
    branches = session.branches()
    end = len(session.steps) - 1
    assert [b.abandoned for b in branches] == [last_guess <= k < end for k in range(end + 1)]
    assert branches[end].guess == last_guess
    assert branches[end].depth == branches[last_guess].depth
    assert branches[end].ended == contradiction
    json = branches[end].to_json()
    assert json["ended"]["message"] == contradiction.message
    cell, digit = step.eliminations[0]
    name = session.geometry.cell_name(cell)
    assert effect(session.geometry, step) == f"guess {name} = {digit} abandoned; −{digit} {name}"
