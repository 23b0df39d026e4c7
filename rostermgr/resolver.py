"""The shot, combat and dynamite calculator's numbers: opposed test (R8, R4) and damage step (R9).

Pure: give it a `Test` and the ruleset, get its `Outcome` back (`resolve_outcome`); every
number comes from the ruleset. `resolution.resolve` explains the same numbers step by step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from rostermgr.blast import Blasted, blast_models, check_blast
from rostermgr.cards import RANKS, Card, in_deck
from rostermgr.errors import Refused, quoted
from rostermgr.rules import Faction, Item, Ruleset, TestKind
from rostermgr.weapons import calculator_ids
from rostermgr.weapons import usable_in as _usable_in

# The shipped ruleset's test ids, kept for callers that name them; every rule about a test (its
# stat, its weapons, whether cover counts) is read from Ruleset.test_kinds, and the tests a
# ruleset offers are weapons.test_kinds(rules).
SHOT, COMBAT, DYNAMITE = "shot", "combat", "dynamite"
KINDS = (SHOT, COMBAT)
CALCULATOR_KINDS = (SHOT, COMBAT, DYNAMITE)  # what `resolve KIND` takes on the command line
SUCCESS, FAILURE, SCORE_DRAW = "success", "failure", "score-draw"

# What a use of a leader's eighth-card pair changes (R1): the ruleset's action effects. The size
# of a test or damage change is the ruleset's `leader_pair`, of a heal the action's `heals`.
PAIR_TEST = "test"  # Dead Eyed Aim / Spirit: that leader's attack or defence total
PAIR_DAMAGE = "damage"  # Dirt / Whiskey in the Wound: damage or toughness, in the damage step
PAIR_HEAL = "heal"  # Heart of the Town: wounds regained before damage, never above maximum
ATTACKER, DEFENDER = "attacker", "defender"


@dataclass(frozen=True)
class Test:
    """One opposed test as the players see it on the table (R8)."""

    __test__: ClassVar[bool] = False  # not a pytest class

    kind: str  # a test id of the ruleset (weapons.test_kinds): "shot", "combat"
    attacker: str  # faction id
    attack: int  # the attacker's stat of that test (Ruleset.attack_stat): Shot, Combat
    attack_card: Card
    defender: str  # faction id
    defence: int  # the target's Defence before clothing and cover
    defence_card: Card
    clothing: int = 0  # the target's clothing defence bonus
    cover: str | None = None  # a key of the ruleset's cover table; None for no cover
    horseback: bool = False  # the attacker shoots from horseback
    weapon: str | None = None  # item id of the attacker's weapon
    toughness: int | None = None  # the target's Toughness; needed once the damage step is reached
    attacker_pair: bool = False  # the attacker is a leader who played the eighth-card pair
    defender_pair: bool = False  # the target is a leader who played the eighth-card pair
    into_combat: bool = False  # a shot into a combat that involves a friendly model
    attacker_wounds_taken: int = 0  # R1 Heart of the Town: what a healing leader can regain
    defender_wounds_taken: int = 0
    # R4 dynamite: the Toughness of every model the blast reaches, the target first; empty for
    # the target alone (`toughness`)
    blast_toughness: tuple[int, ...] = ()


def card_value(card: Card, rules: Ruleset) -> int:
    """R7: the value a card adds to a test; ranks missing from the ruleset count at face value."""
    if card.rank in rules.card_values:
        return rules.card_values[card.rank]
    if not card.rank.isdigit():
        raise Refused(f"The {rules.name} ruleset gives no value for the card {card}.")
    return int(card.rank)


def is_favoured(card: Card, faction: Faction) -> bool:
    """R7: a card of the faction's favoured suit; a joker played alone always counts (R8)."""
    return card.is_joker or card.suit == faction.suit


def favoured_test_bonus(card: Card, faction: Faction, rules: Ruleset) -> int:
    """R8 step 4: the favoured-suit bonus to the test total."""
    return rules.favoured_test.get(card.rank, 0) if is_favoured(card, faction) else 0


def favoured_damage_bonus(card: Card, faction: Faction, rules: Ruleset) -> int:
    """R9: the favoured-suit bonus to damage (attacker) or toughness (defender)."""
    return rules.favoured_damage.get(card.rank, 0) if is_favoured(card, faction) else 0


# What each addend of a total is: `resolve` names it in the explanation, `resolve_outcome` only
# adds it up. Both take the addends from `work_out`, so every rule about a number is written once.
STAT, CARD, FAVOURED, CLOTHING, COVER, HORSEBACK, PAIR, BASE, WEAPON = (
    "stat", "card", "favoured", "clothing", "cover", "horseback", "pair", "base", "weapon"
)  # fmt: skip
Addends = list[tuple[str, int]]


@dataclass(frozen=True)
class Outcome:
    """The numbers of a test without its explanation: what `resolve_outcome` gives."""

    outcome: str  # SUCCESS, FAILURE or SCORE_DRAW
    wounds: int  # the target's; 0 when the test is not a success
    attack_total: int  # after any tie-break
    defence_total: int
    damage: int
    toughness: int
    friendly_wounds: int


class Worked(NamedTuple):
    """Every number of a test and the addends they are summed from, for `resolve` to explain.

    A named tuple, not a frozen dataclass: the exact odds make one for each of a matchup's
    hundreds of pairs of cards, and read only its numbers."""

    numbers: Outcome
    attack: Addends  # before any tie-break
    defence: Addends
    damage: Addends  # empty unless a non-blast test succeeds
    toughness: Addends
    blast: tuple[Blasted, ...] = ()  # a successful blast test's models, the target first


def _side_addends(
    test: Test, kind: TestKind, faction: Faction, attacking: bool, rules: Ruleset
) -> Addends:
    """R8 steps 2 to 4 and R1: a side's test total, addend by addend, in the order explained."""
    card = test.attack_card if attacking else test.defence_card
    out = [(STAT, test.attack if attacking else test.defence), (CARD, card_value(card, rules))]
    bonus = favoured_test_bonus(card, faction, rules) if kind.favoured else 0
    if bonus:
        out.append((FAVOURED, bonus))
    if attacking:
        if test.horseback and kind.ranged:  # R8 step 3: only when shooting
            out.append((HORSEBACK, rules.horseback))
    else:
        if test.clothing:
            out.append((CLOTHING, test.clothing))
        if test.cover is not None and rules.cover[test.cover] and kind.cover:
            out.append((COVER, rules.cover[test.cover]))
    paired = test.attacker_pair if attacking else test.defender_pair
    use = faction.pair_use(attacking) if paired else None
    if use is not None and use.effect == PAIR_TEST:
        out.append((PAIR, rules.leader_pair))
    return out


def _decide(
    a_total: int, d_total: int, fav_a: bool, fav_d: bool, rules: Ruleset
) -> tuple[str, int, int]:
    """R8 steps 5 and 6: the outcome and the totals after any tie-break."""
    if a_total > d_total:
        return SUCCESS, a_total, d_total
    if a_total < d_total:
        return FAILURE, a_total, d_total
    if fav_a and not fav_d:
        return SUCCESS, a_total + rules.tie_break, d_total
    if fav_d and not fav_a:
        return FAILURE, a_total, d_total + rules.tie_break
    return SCORE_DRAW, a_total, d_total


def _damage_addends(
    test: Test, kind: TestKind, att: Faction, dfn: Faction, difference: int, rules: Ruleset
) -> tuple[Addends, Addends]:
    """R9: the damage and toughness totals, addend by addend."""
    dmg = [(BASE, rules.damage_for(difference))]
    if test.weapon is not None:
        dmg.append((WEAPON, rules.item(test.weapon).damage))
    bonus = favoured_damage_bonus(test.attack_card, att, rules) if kind.favoured else 0
    if bonus:
        dmg.append((FAVOURED, bonus))
    tough = [(STAT, test.toughness or 0)]  # given: work_out checked it
    bonus = favoured_damage_bonus(test.defence_card, dfn, rules) if kind.favoured else 0
    if bonus:
        tough.append((FAVOURED, bonus))
    for paired, faction, attacking, terms in (
        (test.attacker_pair, att, True, dmg),
        (test.defender_pair, dfn, False, tough),
    ):
        use = faction.pair_use(attacking) if paired else None
        if use is not None and use.effect == PAIR_DAMAGE:
            terms.append((PAIR, rules.leader_pair))
    return dmg, tough


def addends_total(addends: Addends) -> int:
    """The total the addends make."""
    return sum(value for _, value in addends)


Side = tuple[Addends, int]  # a side's addends (`_side_addends`) and their total


def _side(test: Test, kind: TestKind, faction: Faction, attacking: bool, rules: Ruleset) -> Side:
    addends = _side_addends(test, kind, faction, attacking, rules)
    return addends, addends_total(addends)


def work_out(
    test: Test,
    kind: TestKind,
    att: Faction,
    dfn: Faction,
    rules: Ruleset,
    sides: tuple[Side, Side] | None = None,
) -> Worked:
    """Every number of a checked test (R8, R4, R9): the arithmetic `resolve` explains.

    `sides`: the attacker's and the defender's `_side` for this test, when worked out already
    (`resolve_outcomes`: each side's total reads its own card alone)."""
    if sides is None:
        sides = (_side(test, kind, att, True, rules), _side(test, kind, dfn, False, rules))
    (attack, attack_sum), (defence, defence_sum) = sides
    outcome, a_total, d_total = _decide(
        attack_sum,
        defence_sum,
        is_favoured(test.attack_card, att),
        is_favoured(test.defence_card, dfn),
        rules,
    )
    if outcome != SUCCESS:
        # R8 step 7 (2026-12 ruling): a score draw is not a success, so it counts as a failure
        friendly = rules.friendly_wounds_into_combat if test.into_combat else 0
        numbers = Outcome(outcome, 0, a_total, d_total, 0, 0, friendly)
        return Worked(numbers, attack, defence, [], [])
    difference = a_total - d_total
    if kind.blast:
        reached = test.blast_toughness or (() if test.toughness is None else (test.toughness,))
        hits = blast_models(kind, difference, reached, rules)
        first = hits[0]
        numbers = Outcome(outcome, first.wounds, a_total, d_total, first.damage, first.toughness, 0)
        return Worked(numbers, attack, defence, [], [], hits)
    if test.toughness is None:
        raise Refused(
            f"The {kind.action} succeeds, so the damage step needs the target's Toughness, "
            "which was not given (R9)."
        )
    dmg, tough = _damage_addends(test, kind, att, dfn, difference, rules)
    damage, toughness = addends_total(dmg), addends_total(tough)
    numbers = Outcome(outcome, max(0, damage - toughness), a_total, d_total, damage, toughness, 0)
    return Worked(numbers, attack, defence, dmg, tough)


def resolve_outcome(test: Test, rules: Ruleset, checked: bool = False) -> Outcome:
    """The numbers `resolve` gives (outcome, totals, damage, wounds), without the explanation.

    `checked`: a test that differs from this one in its cards alone has passed the checks
    already (the odds check a matchup's first pair of cards, not every pair).
    """
    kind = rules.test_kinds[test.kind] if checked else check_test(test, rules)
    return work_out(
        test, kind, rules.faction(test.attacker), rules.faction(test.defender), rules
    ).numbers


def resolve_outcomes(
    test: Test, attack_cards: Sequence[Card], defence_cards: Sequence[Card], rules: Ruleset
) -> Iterator[Outcome]:
    """`resolve_outcome` of the test with each attack card against each defence card, the
    attack cards outer: what the exact odds count over hundreds of pairs of cards.

    The test is checked once, with the first two cards (and refused as `resolve` would); the
    other cards must pass the same checks: cards of the deck, and no joker on a side whose
    leader plays a pair (R8). A side's total reads its own card alone (`_side_addends`), so it
    is worked out once per card, not once per pair.
    """
    if not attack_cards or not defence_cards:
        return
    first = with_cards(test, attack_cards[0], defence_cards[0])
    kind = check_test(first, rules)
    att, dfn = rules.faction(test.attacker), rules.faction(test.defender)
    defending = first.defence_card
    attack = [_side(with_cards(first, a, defending), kind, att, True, rules) for a in attack_cards]
    defence = [
        _side(with_cards(first, first.attack_card, d), kind, dfn, False, rules)
        for d in defence_cards
    ]
    for a, a_side in zip(attack_cards, attack, strict=True):
        for d, d_side in zip(defence_cards, defence, strict=True):
            yield work_out(with_cards(first, a, d), kind, att, dfn, rules, (a_side, d_side)).numbers


def with_cards(test: Test, attack_card: Card, defence_card: Card) -> Test:
    """The test with these two cards: `replace(test, attack_card=..., defence_card=...)` without
    the frozen dataclass's field-by-field init (Test has no __post_init__), for the hundreds of
    pairs a matchup's odds resolve."""
    new = object.__new__(Test)
    new.__dict__.update(test.__dict__)  # a frozen dataclass refuses setattr, not its __dict__
    new.__dict__["attack_card"] = attack_card
    new.__dict__["defence_card"] = defence_card
    return new


def check_test(test: Test, rules: Ruleset) -> TestKind:
    """The test's kind once every value of the test is one the rules know."""
    ids = calculator_ids(rules)
    if test.kind not in ids:
        names = " or ".join(_article(rules.test_kinds[t].name.lower()) for t in ids)
        raise Refused(f"A test is {names}, not {quoted(test.kind)}.")
    kind = rules.test_kinds[test.kind]
    rules.faction(test.attacker)
    rules.faction(test.defender)
    in_deck(test.attack_card, rules)
    in_deck(test.defence_card, rules)
    for name, value in (
        ("attack", test.attack),
        ("defence", test.defence),
        ("clothing", test.clothing),
        ("toughness", test.toughness),
        ("attacker's wounds taken", test.attacker_wounds_taken),
        ("defender's wounds taken", test.defender_wounds_taken),
        *(("toughness", t) for t in test.blast_toughness),
    ):
        if value is not None and value < 0:
            raise Refused(f"The {name} value must be 0 or more, not {value}.")
    check_blast(kind, test.attacker_pair or test.defender_pair, test.blast_toughness, rules)
    if test.cover is not None and test.cover not in rules.cover:
        kinds = ", ".join(rules.cover)
        raise Refused(f"There is no cover {quoted(test.cover)}; cover is one of {kinds}.")
    if test.weapon is not None:
        _check_weapon(test.kind, rules.item(test.weapon), rules)
    if test.into_combat and not kind.ranged:
        ranged = " or ".join(t.in_words for t in rules.test_kinds.values() if t.ranged)
        why = "is not one" if kind.blast else "is in base contact"
        raise Refused(
            f"Only {ranged or 'a ranged test'} can go into a combat; {kind.in_words} {why}."
        )
    for card in (test.attack_card, test.defence_card):
        if not card.is_joker and card.rank not in RANKS:
            raise Refused(f"{quoted(card)} is not a card.")
    for side, paired, card in (
        (ATTACKER, test.attacker_pair, test.attack_card),
        (DEFENDER, test.defender_pair, test.defence_card),
    ):
        if paired and card.is_joker:
            # R8 step 4 (2026-12 ruling): in a pair the joker only completes it
            raise Refused(
                f"In the {side}'s leader's pair the joker stands for its partner card, so the "
                f"test card is the partner: give that natural card as the {side}'s card, not "
                "the joker (R8)."
            )
    return kind


def usable_in(kind: str, weapon: Item, rules: Ruleset) -> bool:
    """Whether a weapon may be used in this test (R4, R8): the windows offer only these."""
    return _usable_in(kind, weapon, rules)


def _check_weapon(kind: str, weapon: Item, rules: Ruleset) -> None:
    """R4, R8: each test uses the weapons of the kinds that name it (and thrown ones if ranged)."""
    if not rules.is_weapon(weapon):
        raise Refused(f"{weapon.name} is not a weapon, so it adds no damage.")
    if _usable_in(kind, weapon, rules):
        return
    asked = rules.test_kinds[kind]
    own = rules.test_kinds[rules.kinds[weapon.kind].test]
    name, kind_name = weapon.name.lower(), rules.kinds[weapon.kind].name.lower()
    if weapon.combat_as_shot and own.ranged and not asked.ranged:
        close = " or ".join(rules.kinds[k].name.lower() for k in rules.weapon_kinds(kind))
        raise Refused(
            f"A {name} in base-to-base combat is a {own.action}-vs-defence test when the model "
            f"has no {close or 'other weapon'}, so resolve it as {own.in_words}, not "
            f"{_article(asked.name.lower())} (R4, R8)."
        )
    raise Refused(
        f"A {name} is a {kind_name}, used in {own.in_words}, not in {asked.in_words} (R4, R8)."
    )


def _article(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"
