"""Posses and their members as frozen values, with the stats derived from the ruleset (R2, R13)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rostermgr.errors import Refused
from rostermgr.rules import Ruleset

ACTIVE = "active"
DEAD = "dead"
NAME_LIMIT = 60


@dataclass(frozen=True)
class Member:
    name: str
    role: str
    items: tuple[str, ...] = ()
    status: str = ACTIVE
    injuries: int = 0
    flips: int = 0
    upgrades: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    pending_card: str | None = None  # a flip turned over but not yet settled (R15)
    id: int | None = None

    @property
    def alive(self) -> bool:
        return self.status == ACTIVE

    def stats(self, rules: Ruleset) -> dict[str, int]:
        """Current stats: base + upgrades - injuries (R2, R13, R15)."""
        base = rules.role(self.role).stats
        current = {s: base[s] + self.upgrades.get(s, 0) for s in rules.stat_order}
        current["wounds"] -= self.injuries * rules.wounds_lost
        return current

    def clothing_defence(self, rules: Ruleset) -> int:
        return sum(rules.item(i).defence for i in self.items)

    def move(self, rules: Ruleset) -> int:
        """Move in card lengths; a mount sets it (R4: a horse makes it 2)."""
        mounts = [rules.item(i).move for i in self.items if rules.item(i).move]
        return max(mounts) if mounts else self.stats(rules)["move"]


@dataclass(frozen=True)
class Posse:
    name: str
    faction: str
    members: tuple[Member, ...]
    purse: int
    ruleset_id: str
    ruleset_version: str
    id: int | None = None

    def suit(self, rules: Ruleset) -> str:
        return rules.faction(self.faction).suit

    @property
    def active(self) -> tuple[Member, ...]:
        return tuple(m for m in self.members if m.alive)

    def member(self, name: str) -> Member:
        """The member with this name, living or dead, or a refusal."""
        for m in self.members:
            if m.name == name:
                return m
        raise Refused(f"{self.name} has no member named '{name}'.")

    def living_member(self, name: str) -> Member:
        m = self.member(name)
        if not m.alive:
            raise Refused(f"{name} of {self.name} is dead.")
        return m


def check_name(name: object, what: str) -> str:
    """A usable name: text, not blank, no control characters, not over-long."""
    if not isinstance(name, str):
        raise Refused(f"The {what} must be text.")
    clean = name.strip()
    if not clean:
        raise Refused(f"The {what} must not be empty.")
    if len(clean) > NAME_LIMIT:
        raise Refused(f"The {what} '{clean[:20]}...' is longer than {NAME_LIMIT} characters.")
    if any(ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF for c in clean):
        raise Refused(f"The {what} '{clean}' contains a control character.")
    return clean
