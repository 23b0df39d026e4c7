"""What one simulated campaign remembers about values that have not changed since it last asked.

Members are frozen values: a member no game, flip or purchase touched is the same object in the
next round, so what was worked out for it (its fighter, the odds of each pairing) still holds;
those entries are filed by identity and keep their object, so an id is never reused while its
entry lives. A shop visit that found nothing is filed by what the shop's answer depends on (the
role, the items held, the test armed for): the same finds nothing with no more to spend. The
memo lasts one campaign.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rostermgr.roster import Member
from rostermgr.rules import Item, Ruleset
from rostermgr.simulate.exchange import Draw, Fighter, own_test


@dataclass
class Memo:
    fighters: dict[tuple[int, str], tuple[Member, Fighter]] = field(default_factory=dict)
    # a member's current stats and the test it is best at (`own_test`), asked by the game, the
    # flips, the shop and the measure after each round, of members that mostly did not change
    sheets: dict[int, tuple[Member, dict[str, int], str]] = field(default_factory=dict)
    pairs: dict[tuple[int, int], Draw] = field(default_factory=dict)
    # a member's clothing (what it would sell for better) and its resale value, by items held
    clothing: dict[tuple[str, ...], tuple[tuple[Item, ...], int]] = field(default_factory=dict)
    # (role, items held, the test armed for or None for clothing): the most the shop could
    # spend for such a member, in vain
    no_buy: dict[tuple[str, tuple[str, ...], str | None], int] = field(default_factory=dict)

    def fighter(
        self, member: Member, faction: str, make: Callable[[Member, str], Fighter]
    ) -> Fighter:
        """The fighter of this very member object, made once."""
        key = (id(member), faction)
        found = self.fighters.get(key)
        if found is None or found[0] is not member:
            found = self.fighters[key] = (member, make(member, faction))
        return found[1]

    def _sheet(self, member: Member, rules: Ruleset) -> tuple[Member, dict[str, int], str]:
        found = self.sheets.get(id(member))
        if found is None or found[0] is not member:
            stats = member.stats(rules)
            found = self.sheets[id(member)] = (member, stats, own_test(stats, rules))
        return found

    def stats(self, member: Member, rules: Ruleset) -> dict[str, int]:
        """`member.stats(rules)` of this very member object, worked out once (do not change it).

        A memo serves one ruleset: a campaign runs under one."""
        return self._sheet(member, rules)[1]

    def own_test(self, member: Member, rules: Ruleset) -> str:
        """`own_test` of this very member's stats, worked out once."""
        return self._sheet(member, rules)[2]

    def worn(
        self,
        items: tuple[str, ...],
        rules: Ruleset,
        find: Callable[[tuple[str, ...], Ruleset], tuple[Item, ...]],
    ) -> tuple[tuple[Item, ...], int]:
        """The clothing among these items (`find`), and what the town pays back for it (R16)."""
        found = self.clothing.get(items)
        if found is None:
            worn = find(items, rules)
            found = self.clothing[items] = (worn, sum(rules.resale_value(w.id) for w in worn))
        return found

    def nothing_to_buy(self, key: tuple[str, tuple[str, ...], str | None], budget: int) -> bool:
        """Whether the shop already found nothing for such a member with as much to spend."""
        found = self.no_buy.get(key)
        return found is not None and budget <= found

    def found_nothing(self, key: tuple[str, tuple[str, ...], str | None], budget: int) -> None:
        self.no_buy[key] = max(budget, self.no_buy.get(key, budget))
