"""The seed 003 unit volley (R21): hits, Shaken, saves and bases removed, exactly."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from math import comb

import pytest

from rostermgr.errors import Refused, RulesetError
from rostermgr.volley import (
    Volley,
    default_volley_rules,
    hit_requirement,
    parse_volley_rules,
    volley_odds,
)

RULES = default_volley_rules()
SIX = Fraction(1, 6)


def binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def test_r21_the_shipped_numbers_are_the_seeds():
    """Step 3: 4+ to hit, +1 long range, +1 cover, -1 flanked, -1 dash, held at 2+ to 6+."""
    assert (RULES.die, RULES.hit_on, RULES.easiest, RULES.hardest) == (6, 4, 2, 6)
    changes = {m.id: m.change for m in RULES.modifiers.values()}
    assert changes == {"long-range": 1, "cover": 1, "flanked": -1, "dash": -1}


@pytest.mark.parametrize("size", range(5))
def test_r21_every_combination_of_modifiers_adds_up(size):
    for mods in itertools.combinations(RULES.modifiers, size):
        raw = 4 + sum(RULES.modifiers[m].change for m in mods)
        assert hit_requirement(mods, RULES) == min(6, max(2, raw))


def test_r21_the_requirement_is_held_at_6_plus_and_at_2_plus():
    hard = dataclasses.replace(RULES, hit_on=6)
    assert hit_requirement(("long-range", "cover"), hard) == 6  # 8+ held at 6+
    odds = volley_odds(Volley(1, 3, 7, 1, 1, ("long-range", "cover")), hard)
    assert odds.requirement == 6 and odds.hit_chance == SIX  # a 6 still hits
    easy = dataclasses.replace(RULES, hit_on=2)
    assert hit_requirement(("flanked", "dash"), easy) == 2  # 0+ held at 2+
    odds = volley_odds(Volley(1, 3, 7, 1, 1, ("flanked", "dash")), easy)
    assert odds.requirement == 2 and odds.hit_chance == 5 * SIX  # a 1 still misses
    assert odds.hits == binom(3, 5 * SIX)


@pytest.mark.parametrize(
    ("attack", "bases", "mods", "save", "p_hit", "p_save"),
    [
        (2, 5, (), 4, 3 * SIX, 3 * SIX),
        (1, 10, ("long-range", "cover"), 5, SIX, 2 * SIX),
        (3, 4, ("flanked", "dash"), 6, 5 * SIX, SIX),
        (1, 6, ("cover", "flanked"), 7, 3 * SIX, 0),  # a save above 6 never saves
        (2, 3, ("dash",), 1, 4 * SIX, 1),  # a save of 1 always saves
    ],
)
def test_r21_hits_and_unsaved_hits_are_binomial(attack, bases, mods, save, p_hit, p_save):
    odds = volley_odds(Volley(attack, bases, save, 3, 2, mods), RULES)
    n = attack * bases
    assert odds.dice == n and odds.hit_chance == p_hit and odds.save_chance == p_save
    assert odds.hits == binom(n, p_hit)
    # a hit is unsaved with chance p_hit x (1 - p_save), independently per attack die
    assert odds.unsaved == binom(n, p_hit * (1 - p_save))
    assert odds.shaken == sum(p for k, p in binom(n, p_hit).items() if k >= 3)
    # each base takes 2 wounds: k unsaved hits remove k // 2 bases
    removed = {
        b: sum(p for k, p in odds.unsaved.items() if k // 2 == b) for b in odds.bases_removed
    }
    assert odds.bases_removed == removed and sum(removed.values()) == 1


def test_r21_a_tiny_volley_by_enumerating_every_die():
    """Two attack dice and a save die for each hit, every face enumerated."""
    volley = Volley(1, 2, 5, 2, 2, ("cover",), wound_pool=1, target_bases=1)
    odds = volley_odds(volley, RULES)
    hits = dict.fromkeys(range(3), Fraction(0))
    removed = dict.fromkeys(range(2), Fraction(0))
    shaken = Fraction(0)
    for attack in itertools.product(range(1, 7), repeat=2):
        h = sum(1 for face in attack if face >= 5)  # 4+ with cover is 5+
        hits[h] += Fraction(1, 36)
        shaken += Fraction(1, 36) if h >= 2 else 0
        for saves in itertools.product(range(1, 7), repeat=h):
            unsaved = sum(1 for face in saves if face < 5)
            # one wound already on the unit: one unsaved hit removes a base; one base at most
            removed[min(1, (1 + unsaved) // 2)] += Fraction(1, 36) * Fraction(1, 6**h)
    assert odds.hits == hits and odds.shaken == shaken
    assert odds.bases_removed == removed and odds.destroyed == removed[1]


def test_r21_the_wound_pool_carries_over_and_bases_run_out():
    odds = volley_odds(Volley(2, 5, 7, 1, 3, target_bases=2, wound_pool=2), RULES)
    # no saves: 10 dice at 4+; 1 unsaved hit tops up the pool (a base), then every 3 more
    u = binom(10, 3 * SIX)
    assert odds.bases_removed[0] == u[0]
    assert odds.bases_removed[1] == sum(u[k] for k in (1, 2, 3))
    assert odds.destroyed == odds.bases_removed[2] == sum(u[k] for k in range(4, 11))
    assert odds.as_json()["destroyed"] == float(odds.destroyed)


@pytest.mark.parametrize(
    ("volley", "message"),
    [
        (Volley(1, 1, 4, 1, 1, ("smoke",)), "no target modifier 'smoke'"),
        (Volley(1, 1, 4, 1, 1, ("cover", "cover")), "applies once"),
        (Volley(0, 1, 4, 1, 1), "Ranged Attack must be 1 or more"),
        (Volley(1, 0, 4, 1, 1), "attacking bases must be 1 or more"),
        (Volley(1, 1, 4, 0, 1), "Courage must be 1 or more"),
        (Volley(1, 1, 4, 1, 2, wound_pool=2), "must be 0 to 1"),
        (Volley(1, 1, 4, 1, 2, target_bases=0), "bases must be 1 or more"),
    ],
)
def test_r21_refusals(volley, message):
    with pytest.raises(Refused, match=message):
        volley_odds(volley, RULES)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[volley]\nid='x'\nname='x'\nhit_on=4\neasiest=2\nhardest=6", "'volley.die' is missing"),
        (
            "[volley]\nid='x'\nname='x'\ndie=6\nhit_on=7\neasiest=2\nhardest=6\n"
            "[volley.modifiers.a]\nname='a'\nchange=1",
            "'volley.hit_on' must be at most hardest",
        ),
        (
            "[volley]\nid='x'\nname='x'\ndie=6\nhit_on=4\neasiest=2\nhardest=6\n"
            "[volley.modifiers.a]\nname='a'\nchange='one'",
            "'volley.modifiers.a.change' must be a whole number",
        ),
        ("[volley\n", "not valid"),
    ],
)
def test_r21_a_broken_volley_file_names_the_key(text, message):
    with pytest.raises(RulesetError, match=message):
        parse_volley_rules(text.encode(), "volley.toml")
