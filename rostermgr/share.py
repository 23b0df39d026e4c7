"""What a shared posse shows (issue 20): one roster for a phone, as a picture or a web page.

Both the image and the HTML page draw this one value, so they cannot disagree. The words and
numbers come from the posse and the ruleset; nothing here is escaped or drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset


@dataclass(frozen=True)
class SharedMember:
    name: str
    role: str  # the ruleset's name of the role
    dead: bool
    stats: tuple[int, ...]  # in the order of SharedPosse.stat_heads
    strikes: int  # times out of action (R13)
    strikes_to_die: int
    flips: int  # unspent (R15)
    pending: str  # a flip turned over and not settled, "" when none
    gear: tuple[str, ...]  # item names


@dataclass(frozen=True)
class SharedPosse:
    name: str
    faction: str
    suit: str
    suit_symbol: str
    purse: int
    ruleset: str  # "Last Hope Frontier 0.1-playtest"
    stat_heads: tuple[str, ...]  # short stat names: Mv Sh Cb ...
    stat_names: tuple[str, ...]  # full names, for a page's legend and a reader's title
    members: tuple[SharedMember, ...]

    @property
    def summary(self) -> str:
        """'Outlawmen ♦ diamonds · purse $120 · 5 active'."""
        active = sum(1 for m in self.members if not m.dead)
        return (
            f"{self.faction} {self.suit_symbol} {self.suit} · purse ${self.purse} · {active} active"
        )


def _member(m: Member, rules: Ruleset) -> SharedMember:
    stats = m.stats(rules)
    stats["move"] = m.move(rules)  # a mount sets Move (R4): show what the model moves
    return SharedMember(
        name=m.name,
        role=rules.roles[m.role].name if m.role in rules.roles else m.role,
        dead=not m.alive,
        stats=tuple(stats[s] for s in rules.stat_order),
        strikes=m.injuries,
        strikes_to_die=rules.strikes_to_die,
        flips=m.flips,
        pending=m.pending_card or "",
        gear=tuple(rules.items[i].name if i in rules.items else i for i in m.items),
    )


def shared_posse(posse: Posse, rules: Ruleset) -> SharedPosse:
    """The posse as the share image and page show it: living members first, then the dead."""
    faction = rules.faction(posse.faction)
    members = sorted(posse.members, key=lambda m: not m.alive)  # stable: roster order kept
    return SharedPosse(
        name=posse.name,
        faction=faction.name,
        suit=faction.suit,
        suit_symbol=SUIT_SYMBOLS.get(faction.suit, ""),
        purse=posse.purse,
        ruleset=f"{rules.name} {rules.version}",
        stat_heads=tuple(rules.stat_short.get(s, s) for s in rules.stat_order),
        stat_names=tuple(rules.stat_names.get(s, s) for s in rules.stat_order),
        members=tuple(_member(m, rules) for m in members),
    )


def strikes_text(m: SharedMember) -> str:
    """'●●○' style strikes as words a reader can say: 'strikes 1 of 3'."""
    return f"strikes {m.strikes} of {m.strikes_to_die}"


def flips_text(m: SharedMember) -> str:
    pending = f", {m.pending} turned over" if m.pending else ""
    return f"flips {m.flips}{pending}"
