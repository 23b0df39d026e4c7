"""What one simulated campaign remembers about values that have not changed since it last asked.

Members are frozen values: a member no game, flip or purchase touched is the same object in the
next round, so what was worked out for it (its stats, its fighter) still holds;
those entries are filed by identity and keep their object, so an id is never reused while its
entry lives. The memo lasts one campaign; what the shop offers a member is kept per process
(`simulate.policy._offers`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rostermgr.report import Ref
from rostermgr.roster import Member, Posse
from rostermgr.rules import Item, Ruleset
from rostermgr.simulate.exchange import Fighter, OddsTable, own_test, wounds_left

Seat = tuple[Member, Fighter, Ref, int, int, int]


@dataclass
class Memo:
    # a member's seat in a game (`seat`), by the member and its posse's name
    seats: dict[tuple[int, str], Seat] = field(default_factory=dict)
    # a model's ref in a game's report, by its posse's name and its own
    refs: dict[tuple[str, str], Ref] = field(default_factory=dict)
    # a member's current stats, the test it is best at (`own_test`) and the sum of its stats,
    # asked by the game, the flips, the shop and the measure after each round, of members that
    # mostly did not change
    sheets: dict[int, tuple[Member, dict[str, int], str, int]] = field(default_factory=dict)
    # the same by the stat line it is worked out from (`_sheet`): role, injuries, upgrades
    lines: dict[tuple[str, int, int], tuple[Mapping[str, int], dict[str, int], str, int]] = field(
        default_factory=dict
    )
    # what the shop offers this very member (`policy._best_buy`), by it and whether a weapon:
    # the member, the clothing it would sell and its resale value, the offers best first
    shelves: dict[tuple[int, bool], tuple[Member, tuple[Item, ...], int, tuple[Item, ...]]] = field(
        default_factory=dict
    )
    # a member's clothing (what it would sell for better) and its resale value, by items held
    clothing: dict[tuple[str, ...], tuple[tuple[Item, ...], int]] = field(default_factory=dict)

    def seat(self, member: Member, posse: Posse, rules: Ruleset, odds: OddsTable) -> Seat:
        """This very member of this posse in a game: the member, its fighter, its ref, the
        wounds it can take in the game (`exchange.wounds_left`) and its fighter's odds codes
        (`OddsTable.codes`), made once."""
        key = (id(member), posse.name)
        found = self.seats.get(key)
        if found is None or found[0] is not member:
            _, stats, first, _ = self._sheet(member, rules)
            fighter, attack, target = odds.fighter_codes(member, posse.faction, stats, first)
            named = (posse.name, member.name)
            ref = self.refs.get(named)
            if ref is None:  # a member changes after most games; its name stays
                ref = self.refs[named] = Ref(*named)
            found = self.seats[key] = (member, fighter, ref, wounds_left(fighter), attack, target)
        return found

    def _sheet(self, member: Member, rules: Ruleset) -> tuple[Member, dict[str, int], str, int]:
        found = self.sheets.get(id(member))
        if found is None or found[0] is not member:
            # Member.stats reads the role, the injuries and the upgrades alone: a member that
            # earned flips or bought since keeps its upgrades object, and so its stat line
            key = (member.role, member.injuries, id(member.upgrades))
            line = self.lines.get(key)
            if line is None or line[0] is not member.upgrades:
                line = self.lines[key] = (member.upgrades, *_stat_line(member, rules))
            found = self.sheets[id(member)] = (member, line[1], line[2], line[3])
        return found

    def stats(self, member: Member, rules: Ruleset) -> dict[str, int]:
        """`member.stats(rules)` of this very member object, worked out once (do not change it).

        A memo serves one ruleset: a campaign runs under one."""
        return self._sheet(member, rules)[1]

    def own_test(self, member: Member, rules: Ruleset) -> str:
        """`own_test` of this very member's stats, worked out once."""
        return self._sheet(member, rules)[2]

    def total(self, member: Member, rules: Ruleset) -> int:
        """The sum of this very member's current stats (what a round's measure adds up)."""
        return self._sheet(member, rules)[3]

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


StatLine = tuple[dict[str, int], str, int]  # Member.stats, own_test and the stats' sum
_lines: dict[int, tuple[Ruleset, dict[tuple[str, int, tuple[tuple[str, int], ...]], StatLine]]] = {}


def _stat_line(member: Member, rules: Ruleset) -> StatLine:
    """The member's current stats, the test it is best at and their sum, kept per process and
    ruleset by all Member.stats reads (the role, the injuries and the upgrades' values): the
    campaigns of a run meet the same few thousand stat lines again and again."""
    found = _lines.get(id(rules))
    if found is None or found[0] is not rules:
        found = _lines[id(rules)] = (rules, {})
    key = (member.role, member.injuries, tuple(member.upgrades.items()))
    line = found[1].get(key)
    if line is None:
        stats = member.stats(rules)
        line = found[1][key] = (stats, own_test(stats, rules), sum(stats.values()))
    return line
