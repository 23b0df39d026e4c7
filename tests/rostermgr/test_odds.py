"""Exact odds of a shot or combat (R8, R9): enumeration by card classes against brute force."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

from rostermgr.cards import JOKER, RANKS, Card, full_deck, parse_card
from rostermgr.errors import Refused
from rostermgr.odds import (
    ATTACKER,
    DEFENDER,
    Matchup,
    card_classes,
    clothing_levels,
    exact_odds,
    favoured_worth,
    odds_grid,
    pairings,
)
from rostermgr.resolution import resolve
from rostermgr.resolver import Test
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()
DECK = full_deck(RULES.jokers)

SHOT = Matchup("shot", "sheriffs", 3, "outlawmen", 1, weapon="pistol", toughness=1)
CONFIGS = {
    "shot, pistol": SHOT,
    "shot, cover, clothing, horseback": Matchup(
        "shot", "townsfolk", 4, "bootleggers", 2, clothing=2, cover="half", horseback=True,
        weapon="carbine-rifle", toughness=2,
    ),
    "combat, hatchet, both leaders' pairs": Matchup(
        "combat", "sheriffs", 2, "outlawmen", 3, clothing=1, weapon="hatchet", toughness=2,
        attacker_pair=True, defender_pair=True,
    ),
    "combat, same faction, no weapon": Matchup("combat", "outlawmen", 1, "outlawmen", 6),
}  # fmt: skip


def brute(matchup: Matchup, attack: list[Card], defence: list[Card]) -> tuple[Counter, Counter]:
    """Outcome and wound counts over every card pair, one resolver call per pair."""
    outcomes: Counter[str] = Counter()
    wounds: Counter[int] = Counter()
    for a in attack:
        for d in defence:
            test = Test(
                kind=matchup.kind,
                attacker=matchup.attacker,
                attack=matchup.attack,
                attack_card=a,
                defender=matchup.defender,
                defence=matchup.defence,
                defence_card=d,
                clothing=matchup.clothing,
                cover=matchup.cover,
                horseback=matchup.horseback,
                weapon=matchup.weapon,
                toughness=matchup.toughness,
                attacker_pair=matchup.attacker_pair,
                defender_pair=matchup.defender_pair,
            )
            res = resolve(test, RULES)
            outcomes[res.outcome] += 1
            wounds[res.wounds] += 1
    return outcomes, wounds


def test_r7_r8_card_classes_split_the_deck_by_what_the_resolver_sees():
    for faction in RULES.factions:
        classes = card_classes(faction, RULES)
        assert sorted(c for cls in classes for c in cls.cards) == sorted(DECK)
        # 13 ranks favoured and not, and the jokers share the favoured Aces' class (R8)
        assert len(classes) == 26
        suit = RULES.factions[faction].suit
        ace = next(cls for cls in classes if Card("A", suit) in cls.cards)
        assert Card(JOKER) in ace.cards and ace.count == 1 + RULES.jokers
        assert all(cls.favoured == (cls.card.is_joker or cls.card.suit == suit) for cls in classes)


def deck_for(paired: bool) -> list[Card]:
    """R8 step 4 (2026-12): a side playing a leader's pair turns a natural card for the test."""
    return [c for c in DECK if not (paired and c.is_joker)]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_r8_r9_both_random_equals_brute_force_over_all_54_x_54_pairs(name):
    matchup = CONFIGS[name]
    odds = exact_odds(matchup, RULES)
    attack, defence = deck_for(matchup.attacker_pair), deck_for(matchup.defender_pair)
    outcomes, wounds = brute(matchup, attack, defence)
    pairs = len(attack) * len(defence)
    assert odds.pairs == pairs == (2916 if not matchup.attacker_pair else 52 * 52)
    assert dict(odds.outcomes) == {o: outcomes[o] for o in odds.outcomes}
    assert dict(odds.wounds) == dict(sorted(wounds.items()))
    assert odds.success + odds.failure + odds.score_draw == 1
    assert sum(odds.wound_chances.values()) == 1
    assert odds.mean_wounds == Fraction(sum(w * n for w, n in wounds.items()), pairs)


def test_r8_r9_a_chosen_attack_card_equals_brute_force_over_the_defenders_deck():
    """Mode (b) for every attacker card; together they add up to mode (a)."""
    matchup = CONFIGS["shot, cover, clothing, horseback"]
    total: Counter[str] = Counter()
    for card in DECK:
        odds = exact_odds(matchup, RULES, attack_card=card)
        outcomes, wounds = brute(matchup, [card], DECK)
        assert odds.pairs == len(DECK)
        assert {o: n for o, n in odds.outcomes.items() if n} == dict(outcomes)
        assert dict(odds.wounds) == dict(sorted(wounds.items()))
        total.update(odds.outcomes)
    assert dict(total) == dict(exact_odds(matchup, RULES).outcomes)


def test_r8_r9_a_chosen_defence_card_equals_brute_force_over_the_attackers_deck():
    for text in ("2D", "QD", "KS", "JK"):
        card = parse_card(text)
        odds = exact_odds(SHOT, RULES, defence_card=card)
        outcomes, wounds = brute(SHOT, DECK, [card])
        assert {o: n for o, n in odds.outcomes.items() if n} == dict(outcomes)
        assert dict(odds.wounds) == dict(sorted(wounds.items()))


def test_r8_r9_seeded_monte_carlo_agrees_with_the_exact_odds():
    matchup = CONFIGS["combat, hatchet, both leaders' pairs"]
    odds = exact_odds(matchup, RULES)
    rng = random.Random(20261128)
    n = 20000
    outcomes: Counter[str] = Counter()
    wounds = 0
    for _ in range(n):
        cards = rng.choice(deck_for(True)), rng.choice(deck_for(True))  # both leaders pair
        res = resolve(matchup.test(*cards), RULES)
        outcomes[res.outcome] += 1
        wounds += res.wounds
    for outcome, count in odds.outcomes.items():
        p = float(odds.chance(count))
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(outcomes[outcome] / n - p) < 5 * sigma + 1e-9, outcome
    assert abs(wounds / n - float(odds.mean_wounds)) < 0.05


# The R10 worked examples of seeds 000 and 001 (shot 3 per the RULES ruling: 5 wounds).
WORKED = {
    "shot 1": (Matchup("shot", "sheriffs", 3, "outlawmen", 1, 0, weapon="pistol", toughness=1),
               "JS", "7D", 2),
    "shot 2": (Matchup("shot", "sheriffs", 2, "outlawmen", 2, 1, weapon="pistol", toughness=2),
               "6S", "5C", 0),
    "shot 3": (Matchup("shot", "townsfolk", 3, "bootleggers", 1, 0, weapon="shotgun", toughness=1),
               "AH", "JC", 5),
    "combat 1": (Matchup("combat", "sheriffs", 3, "outlawmen", 1, 0, weapon="hunting-knife",
                         toughness=1), "JS", "7D", 2),
    "combat 2": (Matchup("combat", "sheriffs", 2, "outlawmen", 2, 1, weapon="hunting-knife",
                         toughness=2), "6S", "5C", 0),
    "combat 3": (Matchup("combat", "townsfolk", 3, "bootleggers", 1, 0, weapon="hatchet",
                         toughness=1), "AH", "JC", 5),
}  # fmt: skip


@pytest.mark.parametrize("name", list(WORKED))
def test_r10_worked_examples_are_among_the_enumerated_outcomes(name):
    matchup, a_text, d_text, expected = WORKED[name]
    a_card, d_card = parse_card(a_text), parse_card(d_text)
    found = [
        p
        for p in pairings(matchup, RULES)
        if a_card in p.attack.cards and d_card in p.defence.cards
    ]
    assert len(found) == 1
    pairing = found[0]
    assert (pairing.resolution.outcome, pairing.resolution.wounds) == ("success", expected)
    # the pairing stands for every pair of cards in its two classes, the example's among them
    assert pairing.weight == pairing.attack.count * pairing.defence.count
    assert exact_odds(matchup, RULES).wounds[expected] >= pairing.weight
    chosen = exact_odds(matchup, RULES, attack_card=a_card, defence_card=d_card)
    assert (chosen.pairs, dict(chosen.wounds)) == (1, {expected: 1})


def test_r8_grid_cells_are_the_exact_odds_of_their_matchup():
    grid = odds_grid(SHOT, RULES)
    levels = clothing_levels(RULES)
    assert levels == (0, 1, 2, 3)  # no clothing, light, medium and fine leather (R4)
    assert len(grid.cells) == 5 * 6 * len(levels)
    for a, d, c in ((1, 1, 0), (5, 6, 3), (3, 2, 1)):
        cell = dataclasses.replace(SHOT, attack=a, defence=d, clothing=c)
        assert grid.odds(a, d, c) == exact_odds(cell, RULES)
    for c in levels:
        for a in grid.attacks:
            row = [grid.odds(a, d, c).success for d in grid.defences]
            assert row == sorted(row, reverse=True)  # more defence, less success
        for d in grid.defences:
            column = [grid.odds(a, d, c).mean_wounds for a in grid.attacks]
            assert column == sorted(column)  # more attack, more wounds
    # R8: clothing adds to the defence total like Defence itself
    assert grid.odds(2, 1, 3) == grid.odds(2, 4, 0)


def test_r8_grid_with_the_attackers_card_chosen():
    card = parse_card("QS")
    grid = odds_grid(SHOT, RULES, attacks=(2, 3), defences=(1,), clothing=(0,), attack_card=card)
    assert [c.odds.pairs for c in grid.cells] == [len(DECK)] * 2
    assert grid.odds(3, 1) == exact_odds(SHOT, RULES, attack_card=card)


def test_r8_r9_what_each_favoured_card_is_worth():
    worth = favoured_worth(SHOT, RULES, ATTACKER)
    assert [w.rank for w in worth] == [*RANKS, JOKER]
    spades = RULES.factions["sheriffs"].suit
    for w in worth:
        assert w.favoured_card.is_joker or w.favoured_card.suit == spades
        assert not w.unfavoured_card.is_joker and w.unfavoured_card.suit != spades
        assert w.favoured == exact_odds(SHOT, RULES, attack_card=w.favoured_card)
        assert w.success_change >= 0 and w.wounds_change >= 0
    by_rank = {w.rank: w for w in worth}
    # a lone joker counts as the favoured Ace (R8), compared with the unfavoured Ace
    assert by_rank[JOKER].favoured == by_rank["A"].favoured
    assert by_rank[JOKER].unfavoured_card == by_rank["A"].unfavoured_card
    # a favoured number card only breaks ties (R8 step 6): Shot 3 + 7 = 10 ties Defence 1 + a 9,
    # and wins where the defender's 9 is not favoured (three of the four nines)
    assert by_rank["7"].success_change == Fraction(3, 54)
    assert by_rank["Q"].wounds_change > by_rank["7"].wounds_change
    defence = favoured_worth(SHOT, RULES, DEFENDER)
    diamonds = RULES.factions["outlawmen"].suit
    assert all(w.favoured_card.is_joker or w.favoured_card.suit == diamonds for w in defence)
    assert all(w.success_change <= 0 and w.wounds_change <= 0 for w in defence)
    assert {w.rank: w.success_change for w in defence}["A"] < 0


def test_odds_refusals_are_one_sentence():
    no_jokers = dataclasses.replace(RULES, jokers=0)
    with pytest.raises(Refused, match="deck has no JK"):
        exact_odds(SHOT, no_jokers, attack_card=Card(JOKER))
    with pytest.raises(Refused, match="no faction 'cowboys'"):
        exact_odds(dataclasses.replace(SHOT, attacker="cowboys"), RULES)
    with pytest.raises(Refused, match="attacker or the defender"):
        favoured_worth(SHOT, RULES, "bystander")
    assert [w.rank for w in favoured_worth(SHOT, no_jokers)][-1] == "A"
