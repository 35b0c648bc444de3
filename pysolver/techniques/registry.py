"""The ordered registry of every technique, assembled from the technique modules.

``TECHNIQUES`` is the logic engine's order: the basic techniques first, in the order they have
always had (singles, intersections, then chain exclusion, pile exclusion and fish, found together
from one matching of every view), then every other technique by HoDoKu weight (its default
order). ``technique(slug)`` finds a record; ``parse_slugs`` reads a ``--without`` list.

>>> [t.slug for t in TECHNIQUES[:4]]
['naked-single', 'hidden-single', 'pointing', 'claiming']
>>> technique("fish").title
'Fish (X-Wing, Swordfish, Jellyfish)'
"""

from __future__ import annotations

from types import ModuleType
from typing import Iterable

from . import (Technique, als, chains, colouring, exclusion, finned_fish, forcing, forcing_nested,
               guessing, intersections, nets, single_digit, singles, sue_de_coq, uniqueness,
               wings)

#: The modules whose techniques run in the order they are listed, whatever their weight.
BASIC_MODULES: tuple[ModuleType, ...] = (singles, intersections, exclusion)
#: Every other module of techniques; their records are ordered by weight.
MODULES: tuple[ModuleType, ...] = (single_digit, wings, finned_fish, uniqueness, colouring, chains,
                                   als, sue_de_coq, forcing, nets, forcing_nested)


def _collect(modules: Iterable[ModuleType]) -> tuple[Technique, ...]:
    return tuple(record for module in modules for record in module.TECHNIQUES)


#: Every logic technique, in the order the engine tries them.
TECHNIQUES: tuple[Technique, ...] = _collect(BASIC_MODULES) + tuple(
    sorted(_collect(MODULES), key=lambda record: record.weight))
#: The last family before a guess. On a stalled position it can search for seconds, so a view of
#: the position does not try it by itself: Step and Hint do (``Session.may_step``).
ON_REQUEST_FAMILY = "forcing chains"
#: The slugs of the techniques of ``ON_REQUEST_FAMILY``.
ON_REQUEST: frozenset[str] = frozenset(record.slug for record in TECHNIQUES
                                       if record.family == ON_REQUEST_FAMILY)
assert all(record.slug in ON_REQUEST for record in TECHNIQUES[len(TECHNIQUES) - len(ON_REQUEST):]), \
    "the techniques tried on request must come last, so a step found without them is the engine's next"
#: Logic techniques and the guessing records, by slug.
BY_SLUG: dict[str, Technique] = {record.slug: record
                                 for record in TECHNIQUES + guessing.TECHNIQUES}
assert len(BY_SLUG) == len(TECHNIQUES) + len(guessing.TECHNIQUES), "two techniques share a slug"


def technique(slug: str) -> Technique:
    """The record of a logic technique; ``ValueError`` naming the known slugs otherwise."""
    record = BY_SLUG.get(slug)
    if record is None or record.finder is None:
        raise ValueError(f"unknown technique {slug!r}: choose from "
                         + ", ".join(record.slug for record in TECHNIQUES))
    return record


def parse_slugs(text: str) -> frozenset[str]:
    """The slugs of a comma-separated list such as ``fish,pointing``, each written exactly as
    ``pysolver techniques`` lists it.

    The list switches techniques off, so a slip in it would go unseen (the log only looks
    different): an empty item (``fish,,pointing``, a trailing comma, an empty list), spaces
    around a slug and a slug in capitals are refused as an unknown slug is, naming the item and
    the slug it differs from. Slugs are read exactly, as the page's list of techniques is
    (``fields.choice_list``) and as the CLI's other named choices are.

    >>> sorted(parse_slugs("fish,pointing"))
    ['fish', 'pointing']
    >>> parse_slugs("fish, pointing")
    Traceback (most recent call last):
    ...
    ValueError: ' pointing' has spaces around it: write 'pointing'
    >>> parse_slugs("Fish")
    Traceback (most recent call last):
    ...
    ValueError: 'Fish' is not in lower case: write 'fish'
    >>> parse_slugs("fish,,pointing")
    Traceback (most recent call last):
    ...
    ValueError: item 2 of 'fish,,pointing' is empty: separate the slugs with single commas
    >>> parse_slugs("fsh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown technique 'fsh': choose from naked-single, hidden-single, pointing, ...
    """
    if not text:
        raise ValueError("no technique named: give slugs separated by commas "
                         "('pysolver techniques' lists them)")
    return frozenset(_slug(item, index, text) for index, item in enumerate(text.split(","), 1))


def _slug(item: str, index: int, text: str) -> str:
    """``item``, the ``index``-th of the list ``text``, if it is a logic technique's slug;
    ``ValueError`` naming it otherwise (see ``parse_slugs``)."""
    meant = item.strip().lower()
    if not meant:
        raise ValueError(f"item {index} of {text!r} is empty: separate the slugs with single commas")
    if meant != item and meant in BY_SLUG and BY_SLUG[meant].finder is not None:
        slip = "has spaces around it" if item.strip() != item else "is not in lower case"
        raise ValueError(f"{item!r} {slip}: write {meant!r}")
    return technique(item).slug
