"""What the storage layer hands out about a posse: frozen values, never rows or loose dicts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class PosseSummary:
    """A posse as `posse list` shows it; `active` counts its living members."""

    name: str
    faction: str
    purse: int
    active: int
    standing: str = "playing"  # rostermgr.standing: playing or retired (the deleted are left out)
    waiting: int = 0  # living members with a card turned and waiting for a choice (R15)

    def as_json(self) -> dict[str, Any]:
        """DESIGN 5: `posse list --json` entries, exactly the contract's keys."""
        return {
            "name": self.name,
            "faction": self.faction,
            "purse": self.purse,
            "active": self.active,
        }


@dataclass(frozen=True)
class LedgerLine:
    """One money entry with the purse after it (R16)."""

    date: str
    game: int | None
    reason: str
    amount: int
    balance: int
    game_label: str | None = None  # a game of another campaign: its date and scenario
    author: str | None = None  # who made it, in a campaign on a server (issue 29)

    def as_json(self) -> dict[str, Any]:
        """`posse ledger --json` and `posse show --json` entries."""
        return {
            "date": self.date,
            "game": self.game,
            "game_label": self.game_label,
            "reason": self.reason,
            "amount": self.amount,
            "balance": self.balance,
            "by": self.author,
        }


@dataclass(frozen=True)
class HistoryLine:
    """One campaign change of a posse (R17): the sentence a journal prints and its details."""

    date: str
    game: int | None
    kind: str
    member: str | None
    text: str
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    game_label: str | None = None  # a game of another campaign: its date and scenario
    author: str | None = None  # who made it, in a campaign on a server (issue 29)

    def as_json(self) -> dict[str, Any]:
        """`posse show --json` history entries."""
        return {
            "date": self.date,
            "game": self.game,
            "game_label": self.game_label,
            "kind": self.kind,
            "member": self.member,
            "text": self.text,
            "data": dict(self.data),
            "by": self.author,
        }


@dataclass(frozen=True)
class GameSummary:
    """A recorded game as `game list` shows it: its posses and winner by their names today."""

    id: int
    date: str
    scenario: str
    posses: tuple[str, ...]
    winner: str | None

    def as_json(self) -> dict[str, Any]:
        """DESIGN 5: `game list --json` entries."""
        return {
            "id": self.id,
            "date": self.date,
            "scenario": self.scenario,
            "posses": list(self.posses),
            "winner": self.winner,
        }


@dataclass(frozen=True)
class LaterChanges:
    """What undoing one step (a game, an adoption) takes back besides the step itself.

    `lines` name every later change: each adoption and each history line (games, purchases,
    flips...), oldest first. `beyond` is true when anything at all was written after the
    step, described or not: then the undo is more than its own step, and a backup comes first.
    """

    lines: tuple[str, ...]
    beyond: bool

    @property
    def anything(self) -> bool:
        """Whether the undo takes back more than the step itself."""
        return self.beyond or bool(self.lines)

    def listed(self) -> tuple[str, ...]:
        """Every later change as a line to show, and a last line for changes left unnamed."""
        if self.beyond and not self.lines:
            return ("changes made since that left no line in any posse's history",)
        return self.lines
