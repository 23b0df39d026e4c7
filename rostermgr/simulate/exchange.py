"""One exchange of the model: an opposed test between two members, with the real exact odds.

The wounds an exchange inflicts are drawn from `odds.exact.exact_odds` for the two members'
current stats, gear and factions (R8, R9). Working the odds out takes the resolver hundreds of
card pairs, so `OddsTable` keeps them: a test's outcome depends on the attacker's stat, the
target's Defence and its clothing only through their difference (R8 adds the clothing to the
Defence and compares the two totals), and on the weapon and the Toughness only through the
weapon's damage less the Toughness (R9, `odds.exact.same_odds`), so the table files the odds
under those differences and asks the resolver once per distinct test.
`tests/rostermgr/simulate` checks the table against `exact_odds` itself.
"""

from __future__ import annotations

import math
import random
from bisect import bisect
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace

from rostermgr.odds.exact import Matchup, exact_odds, same_odds
from rostermgr.odds.length import game_length_odds
from rostermgr.roster import DEFENCE, TOUGHNESS, WOUNDS, Member
from rostermgr.rules import Item, Ruleset, TestKind
from rostermgr.weapons import test_kinds

Chances = tuple[tuple[int, ...], tuple[int, ...]]  # wounds, and their cumulative counts


class Draw:
    """An exchange's chances ready to draw from, as often as the games ask."""

    __slots__ = ("last", "running", "total", "wounds")

    def __init__(self, chances: Chances) -> None:
        self.wounds, self.running = chances
        self.total = chances[1][-1] + 0.0
        self.last = len(self.wounds) - 1

    def draw(self, random_: Callable[[], float]) -> int:
        """The wounds of one exchange: `rng.choices(wounds, cum_weights=running)[0]`, the same
        number drawn from `random_` (the generator's `random`) without choices' checks."""
        return self.wounds[bisect(self.running, random_() * self.total, 0, self.last)]


@dataclass(frozen=True, eq=False)
class Fighter:
    """A member as an exchange sees it: its faction, current stats and what it fights with."""

    faction: str
    member: Member
    stats: dict[str, int]
    test: str  # the test id it makes when it acts
    weapon: Item | None
    clothing: int
    horseback: bool
    # what an exchange's odds read of it attacking, and of it as the target (`matchup`): two
    # fighters alike in these meet with the same odds, whatever else differs (flips, name)
    attacking: tuple[object, ...] = ()
    targeted: tuple[object, ...] = ()


_kinds: dict[int, tuple[Ruleset, tuple[TestKind, ...]]] = {}


def _tests(rules: Ruleset) -> tuple[TestKind, ...]:
    """weapons.test_kinds, kept per ruleset: asked for every member of every game."""
    found = _kinds.get(id(rules))
    if found is None or found[0] is not rules:
        found = _kinds[id(rules)] = (rules, test_kinds(rules))
    return found[1]


def own_test(stats: dict[str, int], rules: Ruleset) -> str:
    """The test a member is best at: the highest attack stat (R8), the ruleset's first of equals.

    It is the test the member arms for (the shopping policy) and raises (the flip policy).
    """
    best = None
    for kind in _tests(rules):
        if best is None or stats[kind.stat] > stats[best.stat]:
            best = kind
    assert best is not None  # a ruleset has at least one test (rules_checks)
    return best.id


def _weapon_for(member: Member, test: str, rules: Ruleset) -> Item | None:
    """R4: the most damaging weapon it holds whose kind is made for this test (a knife is not
    thrown: throwing loses it), the first held of equals."""
    best: Item | None = None
    for item_id in member.items:
        item = rules.item(item_id)
        if rules.kinds[item.kind].test == test and (best is None or item.damage > best.damage):
            best = item
    return best


def fighter(
    member: Member,
    faction: str,
    rules: Ruleset,
    stats: dict[str, int] | None = None,
    first: str | None = None,
) -> Fighter:
    """The member makes the test where its stat and its weapon's damage add up to the most;
    the test it is best at of equals (unarmed: that test with no weapon).

    `stats` and `first`: the member's current stats and `own_test`, when known already."""
    stats = member.stats(rules) if stats is None else stats
    first = own_test(stats, rules) if first is None else first
    order = sorted(_tests(rules), key=lambda k: k.id != first)
    test, weapon, score = first, None, -1
    for kind in order:
        w = _weapon_for(member, kind.id, rules)
        value = stats[kind.stat] + (w.damage if w else 0)
        if value > score:
            test, weapon, score = kind.id, w, value
    mounted = any(rules.item(i).move for i in member.items)  # R4: a mount sets the move
    horseback = mounted and rules.test_kinds[test].ranged
    clothing = member.clothing_defence(rules)
    attack = stats[rules.attack_stat(test)]
    return Fighter(
        faction,
        member,
        stats,
        test,
        weapon,
        clothing,
        horseback,
        (faction, test, attack, horseback, weapon.id if weapon else None),
        (faction, stats[DEFENCE], clothing, stats[TOUGHNESS]),
    )


def matchup(attacker: Fighter, target: Fighter, rules: Ruleset) -> Matchup:
    """The exchange as the odds lab states a test: no cover, no leader pair."""
    return Matchup(
        kind=attacker.test,
        attacker=attacker.faction,
        attack=attacker.stats[rules.attack_stat(attacker.test)],
        defender=target.faction,
        defence=target.stats[DEFENCE],
        clothing=target.clothing,
        horseback=attacker.horseback,
        weapon=attacker.weapon.id if attacker.weapon else None,
        toughness=target.stats[TOUGHNESS],
    )


def wounds_left(f: Fighter) -> int:
    """The Wounds it has in this game (R13: strikes have taken theirs already)."""
    return f.stats[WOUNDS]


CODE_BITS = 32  # a process meets a few thousand kinds of fighter, never 2**32


class OddsTable:
    """The wounds an exchange inflicts, as exact chances, worked out once per kind of exchange."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self._suits = {f.id: f.suit for f in rules.factions.values()}
        first = next(iter(rules.factions.values()))
        other = next((f for f in rules.factions.values() if f.suit != first.suit), first)
        self._same, self._other = (first.id, first.id), (first.id, other.id)
        self._wounds: dict[Hashable, Chances] = {}  # by `same_odds` of the filed matchup
        self._seen: dict[Matchup, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # as asked
        self._sides: dict[tuple[tuple[object, ...], tuple[object, ...]], Draw] = {}
        self._turns: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._fighters: dict[tuple[object, ...], tuple[Fighter, int, int]] = {}
        # `between` by the codes of what it reads of the two, attacker's | target's (`codes`)
        self.pairs: dict[int, Draw] = {}
        self._codes: dict[tuple[object, ...], int] = {}

    def key(self, m: Matchup) -> Matchup:
        """The matchup as filed: by the difference of attack and Defence plus clothing (R8), and
        by whether the two sides favour one suit, when no leader plays a pair.

        Without a pair a faction enters a test only through its favoured suit (R7, R8, R9), and
        the four suits are alike in the deck, so two factions of different suits meet with the
        odds of any other two of different suits.
        """
        low = min(m.attack, m.defence + m.clothing)
        shifted = replace(
            m, attack=m.attack - low, defence=m.defence + m.clothing - low, clothing=0
        )
        if m.attacker_pair or m.defender_pair:
            return shifted
        same = self._suits[m.attacker] == self._suits[m.defender]
        attacker, defender = self._same if same else self._other
        return replace(shifted, attacker=attacker, defender=defender)

    def chances(self, m: Matchup) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Wounds inflicted and their cumulative counts over every pair of cards."""
        found = self._seen.get(m)
        if found is not None:
            return found
        key = self.key(m)
        alike = same_odds(key, self.rules)
        found = self._wounds.get(alike)
        if found is None:
            odds = exact_odds(key, self.rules)
            wounds = tuple(odds.wounds)
            running, total = [], 0
            for w in wounds:
                total += odds.wounds[w]
                running.append(total)
            found = self._wounds[alike] = (wounds, tuple(running))
        self._seen[m] = found
        return found

    def between(self, attacker: Fighter, target: Fighter) -> Draw:
        """`chances` of the exchange's matchup, filed by what the matchup reads of the two."""
        sides = (attacker.attacking, target.targeted)
        found = self._sides.get(sides)
        if found is None:
            found = self._sides[sides] = Draw(self.chances(matchup(attacker, target, self.rules)))
        return found

    def fighter_codes(
        self, member: Member, faction: str, stats: dict[str, int], first: str
    ) -> tuple[Fighter, int, int]:
        """`fighter(member, faction, rules, stats, first)` and its `codes`, worked out once per
        process for each faction, items held and stats (all it reads of the member) and shared
        by every member alike: its `member` is the first of them, so a game asks its own seat
        for the member.

        Campaigns of one run meet the same members again and again, from their founding on."""
        key = (faction, member.items, tuple(stats.values()))
        found = self._fighters.get(key)
        if found is None:
            f = fighter(member, faction, self.rules, stats, first)
            found = self._fighters[key] = (f, *self.codes(f))
        return found

    def codes(self, f: Fighter) -> tuple[int, int]:
        """Numbers for what the odds read of the fighter attacking and as the target
        (`Fighter.attacking`, `targeted`), the same for every fighter alike in them: the
        attacker's shifted above any target's (`CODE_BITS`), so that an attacker's code | a
        target's is a number of its own for the pair, an int the games' loop hashes cheaply."""
        codes = self._codes
        attack = codes.setdefault(f.attacking, len(codes))
        return attack << CODE_BITS, codes.setdefault(f.targeted, len(codes))

    def drawing(self, attacker: Fighter, target: Fighter, key: int) -> Draw:
        """`between` the two, kept in `pairs` by the attacker's first code | the target's second
        (`codes`) for the games' loop to find first: a few thousand pairs of codes."""
        found = self.pairs[key] = self.between(attacker, target)
        return found

    def draw(self, m: Matchup, rng: random.Random) -> int:
        """The wounds of one exchange, drawn with the exact odds."""
        wounds, running = self.chances(m)
        return rng.choices(wounds, cum_weights=running)[0]

    def turns(self, rng: random.Random) -> int:
        """The turns a game lasts, drawn with the exact odds of R12's end-of-turn flips."""
        if self._turns is None:
            length = game_length_odds(self.rules).ends_after
            scale = math.lcm(*(p.denominator for p in length.values()))
            running, total = [], 0
            for p in length.values():
                total += int(p * scale)
                running.append(total)
            self._turns = (tuple(length), tuple(running))
        turns, weights = self._turns
        # rng.choices(turns, cum_weights=weights)[0], the same number drawn without its checks
        return turns[bisect(weights, rng.random() * (weights[-1] + 0.0), 0, len(turns) - 1)]

    def __len__(self) -> int:
        return len(self._wounds)

    def known(self) -> dict[Hashable, Chances]:
        """The odds worked out so far, by `same_odds` of the filed matchup: what another process
        can be given."""
        return dict(self._wounds)

    def learn(self, known: Mapping[Hashable, Chances]) -> None:
        """Take odds another table of the same ruleset worked out (`known`)."""
        for key, found in known.items():
            self._wounds.setdefault(key, found)
