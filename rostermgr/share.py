"""What a shared posse shows (issue 20): one roster for a phone, as a picture or a web page.

Both the image and the HTML page draw this one value, so they cannot disagree. The words and
numbers come from the posse and the ruleset; nothing here is escaped or drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from rostermgr.cards import SUIT_SYMBOLS
from rostermgr.presentation import MemberShown, present
from rostermgr.roster import Posse
from rostermgr.rules import Ruleset

# A shared member is the one presentation every output draws (rostermgr.presentation).
SharedMember = MemberShown


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
        members=tuple(present(m, rules) for m in members),
    )


def strikes_text(m: SharedMember) -> str:
    """Strikes as words a reader can say: 'strikes 1 of 3'."""
    return m.strikes_text


def flips_text(m: SharedMember) -> str:
    """'flips 2', and the card turned over and not settled: 'flips 2, 7H turned over'."""
    return m.flips_text
