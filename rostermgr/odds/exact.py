"""Exact odds of a shot or combat (R8, R9) by enumerating every pair of cards.

Each player turns a card from their own full deck (52 cards and the ruleset's jokers), so every
pair of cards is equally likely. Cards the resolver cannot tell apart (same value, same favoured
test and damage bonus, same favour) form one `CardClass` with its multiplicity, and the resolver
works out each pair of classes once: 27 x 27 resolutions stand for the 54 x 54 pairs, with the
same exact counts. `pairings` gives each resolution explained (`resolver.resolve`); the odds need
only its numbers (`resolver.resolve_outcomes`, the same arithmetic without the sentences, each
side's total worked out once per card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from rostermgr.cards import Card, full_deck
from rostermgr.errors import Refused
from rostermgr.resolution import Resolution, resolve
from rostermgr.resolver import (
    FAILURE,
    SCORE_DRAW,
    SUCCESS,
    Outcome,
    Test,
    card_value,
    favoured_damage_bonus,
    favoured_test_bonus,
    is_favoured,
    resolve_outcomes,
)
from rostermgr.rules import Ruleset

OUTCOMES = (SUCCESS, FAILURE, SCORE_DRAW)
ATTACKER, DEFENDER = "attacker", "defender"
SIDES = (ATTACKER, DEFENDER)
# The rows and columns a grid shows by default: a display choice, not a rule.
ATTACKS = tuple(range(1, 6))
DEFENCES = tuple(range(1, 7))


@dataclass(frozen=True)
class Matchup:
    """Everything about one test except the two cards (R8)."""

    kind: str  # a test id of the ruleset (weapons.test_kinds): "shot", "combat"
    attacker: str  # faction id
    attack: int  # the attacker's stat of that test (Ruleset.attack_stat)
    defender: str  # faction id
    defence: int  # the target's Defence before clothing and cover
    clothing: int = 0
    cover: str | None = None
    horseback: bool = False
    weapon: str | None = None
    toughness: int = 0
    attacker_pair: bool = False
    defender_pair: bool = False

    def test(self, attack_card: Card, defence_card: Card) -> Test:
        """The resolver's test for this matchup with these two cards."""
        return Test(
            kind=self.kind,
            attacker=self.attacker,
            attack=self.attack,
            attack_card=attack_card,
            defender=self.defender,
            defence=self.defence,
            defence_card=defence_card,
            clothing=self.clothing,
            cover=self.cover,
            horseback=self.horseback,
            weapon=self.weapon,
            toughness=self.toughness,
            attacker_pair=self.attacker_pair,
            defender_pair=self.defender_pair,
        )


@dataclass(frozen=True)
class CardClass:
    """Cards one faction's player cannot tell apart in a test, with their number in the deck."""

    cards: tuple[Card, ...]
    value: int
    test_bonus: int
    damage_bonus: int
    favoured: bool

    @property
    def card(self) -> Card:
        return self.cards[0]

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class Pairing:
    """One attacker class against one defender class, resolved once for all their pairs."""

    attack: CardClass
    defence: CardClass
    resolution: Resolution

    @property
    def weight(self) -> int:
        return self.attack.count * self.defence.count


@dataclass(frozen=True)
class Odds:
    """Exact outcome and wound counts over `pairs` equally likely card pairs (R8, R9)."""

    pairs: int
    outcomes: Mapping[str, int]  # SUCCESS, FAILURE, SCORE_DRAW -> pairs
    wounds: Mapping[int, int]  # wounds inflicted -> pairs; 0 counts failures and draws too
    winged: int  # successes that inflict no wound

    def chance(self, count: int) -> Fraction:
        return Fraction(count, self.pairs)

    @property
    def success(self) -> Fraction:
        return self.chance(self.outcomes[SUCCESS])

    @property
    def failure(self) -> Fraction:
        return self.chance(self.outcomes[FAILURE])

    @property
    def score_draw(self) -> Fraction:
        return self.chance(self.outcomes[SCORE_DRAW])

    @property
    def wound_chances(self) -> dict[int, Fraction]:
        return {w: self.chance(n) for w, n in self.wounds.items()}

    @property
    def mean_wounds(self) -> Fraction:
        return Fraction(sum(w * n for w, n in self.wounds.items()), self.pairs)

    def as_json(self) -> dict[str, Any]:
        return {
            "pairs": self.pairs,
            "counts": dict(self.outcomes),
            "success": float(self.success),
            "failure": float(self.failure),
            "score_draw": float(self.score_draw),
            "winged": float(self.chance(self.winged)),
            "wounds": {str(w): float(p) for w, p in self.wound_chances.items()},
            "wound_counts": {str(w): n for w, n in self.wounds.items()},
            "mean_wounds": float(self.mean_wounds),
        }


def _key(card: Card, faction: str, rules: Ruleset) -> tuple[int, int, int, bool]:
    fac = rules.faction(faction)
    return (
        card_value(card, rules),
        favoured_test_bonus(card, fac, rules),
        favoured_damage_bonus(card, fac, rules),
        is_favoured(card, fac),
    )


def card_classes(
    faction: str, rules: Ruleset, deck: Sequence[Card] | None = None
) -> tuple[CardClass, ...]:
    """The deck (full by default) split into classes the resolver treats alike, deck order."""
    groups: dict[tuple[int, int, int, bool], list[Card]] = {}
    for card in full_deck(rules.jokers) if deck is None else deck:
        groups.setdefault(_key(card, faction, rules), []).append(card)
    return tuple(CardClass(tuple(cards), *key) for key, cards in groups.items())


def test_deck(rules: Ruleset, paired: bool) -> tuple[Card, ...]:
    """The cards a side's test card can be: the full deck, or its natural cards with a pair.

    R8 step 4 (2026-12 ruling): in a leader's pair the joker only stands for its partner, so the
    test card of a side that plays a pair is a natural card.
    """
    deck = full_deck(rules.jokers)
    return tuple(c for c in deck if not c.is_joker) if paired else tuple(deck)


test_deck.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def chosen_class(card: Card, faction: str, rules: Ruleset) -> CardClass:
    """One card a player chose, as a class of one; refused if the deck has no such card."""
    if card not in full_deck(rules.jokers):
        raise Refused(f"The {rules.name} deck has no {card}.")
    return CardClass((card,), *_key(card, faction, rules))


def pairings(
    matchup: Matchup,
    rules: Ruleset,
    attack_card: Card | None = None,
    defence_card: Card | None = None,
) -> Iterator[Pairing]:
    """Every attacker class against every defender class; a given card is that side's only one."""
    attack, defence = _sides(matchup, rules, attack_card, defence_card)
    for a in attack:
        for d in defence:
            yield Pairing(a, d, resolve_pair(matchup, a.card, d.card, rules))


def _sides(
    matchup: Matchup, rules: Ruleset, attack_card: Card | None, defence_card: Card | None
) -> tuple[tuple[CardClass, ...], tuple[CardClass, ...]]:
    """The attacker's and the defender's card classes; a given card is that side's only one."""
    attack = (
        card_classes(matchup.attacker, rules, test_deck(rules, matchup.attacker_pair))
        if attack_card is None
        else (chosen_class(attack_card, matchup.attacker, rules),)
    )
    defence = (
        card_classes(matchup.defender, rules, test_deck(rules, matchup.defender_pair))
        if defence_card is None
        else (chosen_class(defence_card, matchup.defender, rules),)
    )
    return attack, defence


def resolve_pair(
    matchup: Matchup, attack_card: Card, defence_card: Card, rules: Ruleset
) -> Resolution:
    """resolver.resolve for this matchup and these two cards."""
    return resolve(matchup.test(attack_card, defence_card), rules)


def tally(weighted: Iterable[tuple[Resolution | Outcome, int]]) -> Odds:
    """Count outcomes and wounds over resolutions, each standing for `weight` card pairs."""
    outcomes: Counter[str] = Counter({o: 0 for o in OUTCOMES})
    wounds: Counter[int] = Counter()
    winged = total = 0
    for res, weight in weighted:
        total += weight
        outcomes[res.outcome] += weight
        wounds[res.wounds] += weight
        if res.outcome == SUCCESS and res.wounds == 0:
            winged += weight
    if not total:
        raise Refused("There are no cards to draw, so there are no odds to give.")
    return Odds(
        pairs=total,
        outcomes=MappingProxyType(dict(outcomes)),
        wounds=MappingProxyType(dict(sorted(wounds.items()))),
        winged=winged,
    )


def exact_odds(
    matchup: Matchup,
    rules: Ruleset,
    attack_card: Card | None = None,
    defence_card: Card | None = None,
) -> Odds:
    """R8, R9: exact odds with both cards random, or with one side's card chosen.

    The numbers of each pair of classes are `resolver.resolve_outcome`'s: `resolve`'s without
    the explanation, which no count needs.
    """
    attack, defence = _sides(matchup, rules, attack_card, defence_card)
    return tally(_outcomes(matchup, rules, attack, defence))


def same_odds(matchup: Matchup, rules: Ruleset) -> Hashable:
    """A key that two matchups exact_odds accepts share only when their odds are the same: a
    table of odds filed by it works out each distinct test once.

    R9 compares the damage (the base for the difference, the weapon's damage, a favoured card's
    and a pair's bonus) with the target's Toughness (its stat, a favoured card's and a pair's
    bonus), and nothing else of the test reads the weapon or the Toughness: the wounds are the
    damage less the Toughness, so the two count only through the weapon's damage less the
    Toughness. A blast (dynamite) reads each model's Toughness apart: its key is the matchup.
    """
    if rules.test_kinds[matchup.kind].blast:
        return matchup
    damage = rules.item(matchup.weapon).damage if matchup.weapon is not None else 0
    return replace(matchup, weapon=None, toughness=0), damage - matchup.toughness


def _outcomes(
    matchup: Matchup,
    rules: Ruleset,
    attack: Sequence[CardClass],
    defence: Sequence[CardClass],
) -> Iterator[tuple[Outcome, int]]:
    """Each pair of classes' outcome and the card pairs it stands for.

    `resolve_outcomes` checks the first pair alone (and refuses it as `resolve` would): the
    pairs differ in their cards alone, every card is one of the deck, and a side whose leader
    plays a pair has no joker among its classes (`test_deck`) unless it was chosen, and then it
    is in every pair.
    """
    if not attack or not defence:
        return
    outcomes = resolve_outcomes(
        matchup.test(attack[0].card, defence[0].card),
        [a.card for a in attack],
        [d.card for d in defence],
        rules,
    )
    weights = (a.count * d.count for a in attack for d in defence)
    yield from zip(outcomes, weights, strict=True)


@dataclass(frozen=True)
class GridCell:
    attack: int
    defence: int
    clothing: int
    odds: Odds


@dataclass(frozen=True)
class Grid:
    """Odds for every attack against every defence and clothing, for one weapon and toughness."""

    matchup: Matchup  # weapon, toughness, factions, cover; attack/defence/clothing vary by cell
    attack_card: Card | None
    attacks: tuple[int, ...]
    defences: tuple[int, ...]
    clothing: tuple[int, ...]
    cells: tuple[GridCell, ...]

    def odds(self, attack: int, defence: int, clothing: int = 0) -> Odds:
        for cell in self.cells:
            if (cell.attack, cell.defence, cell.clothing) == (attack, defence, clothing):
                return cell.odds
        raise KeyError((attack, defence, clothing))


def clothing_levels(rules: Ruleset) -> tuple[int, ...]:
    """No clothing, then every defence bonus an item of the ruleset gives, rising."""
    return (0, *sorted({i.defence for i in rules.items.values() if i.defence > 0}))


def odds_grid(
    matchup: Matchup,
    rules: Ruleset,
    attacks: Sequence[int] = ATTACKS,
    defences: Sequence[int] = DEFENCES,
    clothing: Sequence[int] | None = None,
    attack_card: Card | None = None,
) -> Grid:
    """exact_odds for each cell; the matchup's own attack, defence and clothing are replaced."""
    levels = tuple(clothing_levels(rules) if clothing is None else clothing)
    cells = tuple(
        GridCell(
            a,
            d,
            c,
            exact_odds(replace(matchup, attack=a, defence=d, clothing=c), rules, attack_card),
        )
        for c in levels
        for a in attacks
        for d in defences
    )
    return Grid(matchup, attack_card, tuple(attacks), tuple(defences), levels, cells)
