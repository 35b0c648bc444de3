"""The solution path as text: one numbered line per step, then the closing status, as
``pysolver steps`` prints it (and as the page exports it).

>>> from pysolver.grid import Grid
>>> from pysolver.session import Session
>>> session = Session(Grid.parse("1.3." "34.." "...." "...2"))
>>> lines = path_text(session.solve(), session.status()).splitlines()
>>> lines[0][:7], lines[-1]
('   1. N', 'solved: Solved in 11 steps.')
"""

from __future__ import annotations

from typing import Sequence

from ..session import Status
from ..step import Step


def path_lines(steps: Sequence[Step], why: bool = False) -> list[str]:
    """``   1. <technique>: <short text>`` for each step, numbered from 1, as the page shows it
    beside the board; with ``why`` the step's details under it (the page's "why?"); and under a
    chain-like step its proof in Eureka notation, as the forums write it."""
    return [line for number, step in enumerate(steps, 1) for line in numbered_lines(number, step, why)]


def numbered_lines(number: int, step: Step, why: bool = False) -> list[str]:
    """One step's lines in ``path_lines``: its number, title and text, then its details (with
    ``why``) and its proof in Eureka notation."""
    lines = [f"{number:4}. {step_line(step)}"]
    if why and step.details:
        lines.append(f"      why: {step.details}")
    if step.proof is not None and step.proof.notation:
        lines.append(f"      {step.proof.notation}")
    return lines


def step_line(step: Step) -> str:
    """``Hidden Pair: In row 3, 4 and 8 fit only in r3c8 and r3c9. So ...``: the page's title and
    text, in the same words."""
    return f"{step.name}: {step.text}"


def status_line(status: Status) -> str:
    """``<state>: <message>``, as a log ends: ``contradiction: column 5 has no place left for 6.
    Undo or erase a digit.``, the state said once (the message's own leading ``Contradiction:``,
    which the page shows alone, is dropped).

    >>> status_line(Status("contradiction", "Contradiction: row 1 has no place left for 2."))
    'contradiction: row 1 has no place left for 2.'
    """
    said = status.message.removeprefix(f"{status.state.capitalize()}: ")
    return f"{status.state}: {said}"


def path_text(steps: Sequence[Step], status: Status) -> str:
    """The numbered steps and a last line ``<state>: <message>`` (``status_line``)."""
    return "\n".join([*path_lines(steps), status_line(status)])
