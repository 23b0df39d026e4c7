"""What one edit changed, so that a front end shows again only that (like Anki's OpChanges).

A use case the window calls (services.edits) returns its result with a `Changes`: the posses
whose own page (roster, purse, ledger, history) changed, whether the list of posses changed
(a posse added, renamed, retired, deleted, or its list line: purse, members, flips waiting),
and whether the campaign's ruleset did. Undo and redo change the same things back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Changes:
    """What an edit changed; the default is nothing."""

    posses: frozenset[str] = frozenset()  # posses whose own page changed
    listing: bool = False  # the list of posses, or a line of it
    every_posse: bool = False  # every posse's page (a game, a ruleset, another's change)
    rules: bool = False  # the campaign's ruleset

    def touches(self, posse: str | None) -> bool:
        """Whether the page of `posse` (None: no posse shown) changed."""
        return posse is not None and (self.every_posse or posse in self.posses)

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            self.posses | other.posses,
            self.listing or other.listing,
            self.every_posse or other.every_posse,
            self.rules or other.rules,
        )


EVERYTHING = Changes(listing=True, every_posse=True, rules=True)


def of_posse(*names: str, listing: bool = True) -> Changes:
    """The page of each posse named, and (unless `listing` is False) the posse list."""
    return Changes(posses=frozenset(names), listing=listing)


@dataclass(frozen=True)
class Changed(Generic[T]):
    """A use case's result with what it changed."""

    value: T
    changes: Changes
