"""What a use case plans and `db` writes: frozen values, and no rule that makes them.

The planners (`shop`, `postgame`, `advancement`, `exchange`'s validation) answer whether a step
may be done and return one of these; the use case hands it to `db`, which only writes it. So
`db` imports this module and never a planner (an import-linter contract says so).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rostermgr.cards import Card
from rostermgr.report import Ref, Report
from rostermgr.roster import Member


@dataclass(frozen=True)
class Entry:
    """One money movement; the purse is the sum of these (R16)."""

    amount: int
    reason: str
    kind: str  # purse, hire, buy, sell, bounty, goods, income
    member: str | None = None
    item: str | None = None


@dataclass(frozen=True)
class CreationPlan:
    name: str
    faction: str
    members: tuple[Member, ...]
    entries: tuple[Entry, ...]

    @property
    def purse(self) -> int:
        return sum(e.amount for e in self.entries)


def money(amount: int) -> str:
    """An amount of dollars as the ledger says it: `$5`, `-$3`."""
    return f"-${-amount}" if amount < 0 else f"${amount}"


@dataclass(frozen=True)
class Injury:
    """R13: one more strike; at the last the member is dead and its gear buried."""

    who: Ref
    injuries: int  # strikes after this game
    dead: bool
    buried: tuple[str, ...]
    text: str
    by: Ref | None = None


@dataclass(frozen=True)
class FlipsEarned:
    """R14: flips for a take-out, more for a killing blow."""

    who: Ref
    count: int
    victim: Ref
    killing: bool
    text: str


@dataclass(frozen=True)
class Payment:
    """R12, R16: bounty rewards, goods sold and other income."""

    posse: str
    entry: Entry
    text: str


@dataclass(frozen=True)
class ItemGone:
    who: Ref
    item: str
    text: str


@dataclass(frozen=True)
class ItemMoved:
    """R1 Slippery Paws: an item moves from one posse's member to another's."""

    source: Ref
    thief: Ref
    item: str
    text: str


Change = Injury | FlipsEarned | Payment | ItemGone | ItemMoved


@dataclass(frozen=True)
class GamePlan:
    report: Report
    changes: tuple[Change, ...]

    def lines(self) -> list[str]:
        """Every change as a sentence: the preview a player confirms."""
        return [c.text for c in self.changes]


@dataclass(frozen=True)
class FlipStep:
    """What one `flip` command does to a member."""

    member: str
    card: Card | None  # the card turned now (None when only choosing)
    spent: int  # flips used up by this step
    pending: Card | None  # the card left waiting for a choice afterwards
    upgrade: str | None  # the stat raised by this step
    upgrade_card: Card | None
    text: str


@dataclass(frozen=True)
class GameRef:
    """A game of the exporting campaign: an import links to it only where the campaign holds
    the very same game (same number, date, scenario and report), else keeps `label`."""

    id: int
    date: str
    scenario: str
    fingerprint: str  # sha256 of the game's stored report text

    @property
    def label(self) -> str:
        return f"{self.date} {self.scenario}"


@dataclass(frozen=True)
class UpgradeRow:
    stat: str
    card: str
    game: str | None
    game_id: int | None = None


@dataclass(frozen=True)
class MemberRow:
    name: str
    role: str
    status: str
    injuries: int
    flips: int
    pending_card: str | None
    items: tuple[str, ...]
    upgrades: tuple[UpgradeRow, ...]


@dataclass(frozen=True)
class LedgerRow:
    date: str
    amount: int
    reason: str
    kind: str
    game: str | None
    game_id: int | None = None


@dataclass(frozen=True)
class HistoryRow:
    date: str
    kind: str
    member: str | None
    text: str
    data: Mapping[str, Any]
    game: str | None
    game_id: int | None = None


@dataclass(frozen=True)
class PosseFile:
    name: str
    faction: str
    ruleset_id: str
    ruleset_version: str
    created: str | None
    members: tuple[MemberRow, ...]
    ledger: tuple[LedgerRow, ...]
    history: tuple[HistoryRow, ...]
    games: Mapping[int, GameRef] = field(default_factory=lambda: MappingProxyType({}))
