"""What one simulated campaign remembers about values that have not changed since it last asked.

Members are frozen values: a member no game, flip or purchase touched is the same object in the
next round, so what was worked out for it (its fighter, the odds of each pairing, a shop visit
that found nothing to buy) still holds. Entries are filed by identity and keep their object,
so an id is never reused while its entry lives; the memo lasts one campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rostermgr.roster import Member
from rostermgr.simulate.exchange import Chances, Fighter


@dataclass
class Memo:
    fighters: dict[tuple[int, str], tuple[Member, Fighter]] = field(default_factory=dict)
    pairs: dict[tuple[int, int], Chances] = field(default_factory=dict)
    # (member, shelf): the member as it was and the most the shop could spend then, in vain
    no_buy: dict[tuple[int, bool], tuple[Member, int]] = field(default_factory=dict)

    def fighter(self, member: Member, faction: str, make: object) -> Fighter:
        """The fighter of this very member object, made once."""
        key = (id(member), faction)
        found = self.fighters.get(key)
        if found is None or found[0] is not member:
            assert callable(make)
            found = self.fighters[key] = (member, make(member, faction))
        return found[1]

    def nothing_to_buy(self, member: Member, weapon: bool, budget: int) -> bool:
        """Whether the shop already found nothing for this member with as much to spend."""
        found = self.no_buy.get((id(member), weapon))
        return found is not None and found[0] is member and budget <= found[1]

    def found_nothing(self, member: Member, weapon: bool, budget: int) -> None:
        self.no_buy[(id(member), weapon)] = (member, budget)
