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


def path_lines(steps: Sequence[Step]) -> list[str]:
    """``   1. <reason>`` for each step, numbered from 1."""
    return [f"{number:4}. {step.text}" for number, step in enumerate(steps, 1)]


def path_text(steps: Sequence[Step], status: Status) -> str:
    """The numbered steps and a last line ``<state>: <message>``."""
    return "\n".join([*path_lines(steps), f"{status.state}: {status.message}"])
