"""Exact odds of the game's length (R12), enumerated over the 54-card deck."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

from rostermgr.game_length import drawn_game_length
from rostermgr.odds import game_length_odds
from rostermgr.rules import EndFlip
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def test_r12_chance_the_game_ends_after_turns_5_6_and_7():
    odds = game_length_odds(RULES)
    assert odds.ends_after == {
        5: Fraction(16, 54),  # 2 to 5: four ranks of four cards
        6: Fraction(38, 54) * Fraction(36, 54),  # 6 to A or joker, then 2 to 10
        7: Fraction(38, 54) * Fraction(18, 54),  # then J to A or joker
    }
    assert sum(odds.ends_after.values()) == 1
    assert odds.mean == 5 * Fraction(16, 54) + 6 * Fraction(38 * 36, 54**2) + 7 * Fraction(
        38 * 18, 54**2
    )
    assert odds.as_json()["ends_after"][0] == {"turn": 5, "chance": 16 / 54, "exact": "8/27"}


def test_r12_the_odds_follow_the_ruleset():
    no_flips = dataclasses.replace(RULES, end_flips=())
    assert game_length_odds(no_flips).ends_after == {RULES.turns: 1}
    one_flip = dataclasses.replace(RULES, end_flips=(EndFlip(5, ("JK",)),), last_turn=6)
    assert game_length_odds(one_flip).ends_after == {5: Fraction(2, 54), 6: Fraction(52, 54)}


def test_r12_seeded_flips_from_shuffled_decks_agree_with_the_exact_odds():
    odds = game_length_odds(RULES)
    rng = random.Random(12)
    n = 4000
    seen = Counter(drawn_game_length(RULES, rng).ends_after for _ in range(n))
    for turn, chance in odds.ends_after.items():
        p = float(chance)
        assert abs(seen[turn] / n - p) < 5 * (p * (1 - p) / n) ** 0.5
