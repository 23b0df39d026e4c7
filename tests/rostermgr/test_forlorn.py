"""Forlorn Hope (seed 002): its TOML read whole, and every chance checked by enumerating dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from rostermgr.errors import Refused, RulesetError
from rostermgr.forlorn import EFFECTS, ForlornRules, default_forlorn_rules, load_forlorn_rules
from rostermgr.forlorn_odds import (
    Fire,
    event_chance,
    fire_odds,
    melee_odds,
    morale_odds,
)

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "forlorn-hope.toml"


@pytest.fixture(scope="module")
def rules() -> ForlornRules:
    return default_forlorn_rules()


def test_the_seeds_tables_are_read_whole(rules: ForlornRules) -> None:
    musket = rules.fire["musket"]
    assert [(b.to, b.dice, b.hit) for b in musket.bands] == [
        (6, 2, 3),
        (10, 2, 4),
        (25, 1, 5),
        (60, 1, 6),
    ]
    assert [(b.to, b.dice, b.hit) for b in rules.fire["rifle"].bands] == [
        (15, 2, 3),
        (36, 1, 4),
        (50, 1, 5),
        (80, 1, 6),
    ]
    assert rules.fire["rifle"].reload_turns == 2
    assert [rules.hit_effect(n) for n in range(1, 7)] == [
        "none",
        "wounded",
        "wounded",
        "dying",
        "killed",
        "killed",
    ]
    assert rules.morale.base == {"british": 15, "french": 10}
    assert rules.melee_modifiers["obstacle"].change == 3
    assert rules.melee_modifiers["wounded"].change == -3
    assert sum(f.count * sum(x.count for x in f.figures) for f in rules.forces) == (
        5 * 25 + 2 * 10 + 6 + 4 + 4 + 8 + 8 + 20 + 2 + 5
    )
    assert [w.title for w in rules.write_ins] == ["Random event list (cards)", "Panic table"]


def test_a_band_reaches_its_end_and_the_pistol_stops_below_6(rules: ForlornRules) -> None:
    musket, pistol = rules.fire["musket"], rules.fire["pistol"]
    assert musket.band_at(6) == musket.bands[0] and musket.band_at(6.5) == musket.bands[1]
    assert musket.band_at(0.5) == musket.bands[0] and musket.band_at(61) is None
    assert pistol.band_at(5.9) == pistol.bands[0] and pistol.band_at(6) == pistol.bands[1]


def _fire_by_hand(rules: ForlornRules, fire: Fire) -> tuple[Counter[int], Counter[str], int]:
    """Every fire die and every hit-table die, counted one outcome at a time."""
    table = rules.fire[fire.weapon]
    band = table.band_at(fire.inches)
    assert band is not None
    mods = rules.fire_modifiers
    change = fire.short * mods.per_man_short + (mods.elite if fire.elite else 0) + fire.modifier
    faces = range(1, rules.die + 1)
    hits: Counter[int] = Counter()
    anyone: Counter[str] = Counter()
    total = 0
    for shots in product(faces, repeat=band.dice):
        for table_rolls in product(faces, repeat=band.dice):
            total += 1
            landed = [f == 6 or f + change >= band.hit for f in shots]
            hits[sum(landed)] += 1
            results = {
                rules.hit_effect(t) for t, hit in zip(table_rolls, landed, strict=True) if hit
            }
            for effect in results:
                anyone[effect] += 1
    return hits, anyone, total


@pytest.mark.parametrize(
    "fire",
    [
        Fire("musket", 3),
        Fire("musket", 8, short=1),
        Fire("musket", 8, short=3, elite=True),
        Fire("musket", 40, short=2),  # only a natural six hits
        Fire("rifle", 15, elite=True),
        Fire("rifle", 70),
        Fire("single", 5, modifier=-2),
        Fire("pistol", 5.5),
        Fire("pistol", 6, elite=True),
    ],
)
def test_fire_odds_match_every_die_enumerated(rules: ForlornRules, fire: Fire) -> None:
    odds = fire_odds(fire, rules)
    hits, anyone, total = _fire_by_hand(rules, fire)
    assert dict(odds.hits) == {k: Fraction(hits[k], total) for k in odds.hits}
    assert sum(odds.hits.values()) == 1
    for effect in EFFECTS:
        assert odds.any_effect[effect] == Fraction(anyone[effect], total), effect


def test_a_six_always_hits_whatever_the_men_short(rules: ForlornRules) -> None:
    odds = fire_odds(Fire("musket", 50, short=3), rules)
    assert odds.per_die == Fraction(1, 6)


@pytest.mark.parametrize(
    ("attacker", "defender"),
    [
        ((), ()),
        (("charging", "bayonet"), ("obstacle",)),
        (("mounted", "officer", "sword"), ("wounded", "unarmed")),
        (("second",), ("elite", "charging", "obstacle")),
    ],
)
def test_melee_odds_match_every_pair_of_dice(
    rules: ForlornRules, attacker: tuple[str, ...], defender: tuple[str, ...]
) -> None:
    odds = melee_odds(attacker, defender, rules)
    a_mod = sum(rules.melee_modifiers[k].change for k in attacker)
    d_mod = sum(rules.melee_modifiers[k].change for k in defender)
    wins: Counter[tuple[str, str]] = Counter()
    for a, d in product(range(1, 7), repeat=2):
        diff = (a + a_mod) - (d + d_mod)
        if diff == 0:
            wins["tie", ""] += 1
        else:
            # the loser reads the difference on the hit table: 1 none ... 5 and more killed
            loser = "none" if abs(diff) == 1 else "wounded" if abs(diff) <= 3 else "dying"
            loser = "killed" if abs(diff) >= 5 else loser
            wins["attacker" if diff > 0 else "defender", loser] += 1
    assert odds.tie == Fraction(wins["tie", ""], 36)
    for effect in EFFECTS:
        assert odds.attacker_loser[effect] == Fraction(wins["attacker", effect], 36)
        assert odds.defender_loser[effect] == Fraction(wins["defender", effect], 36)
    assert odds.attacker_wins + odds.defender_wins + odds.tie == 1


def test_the_seeds_example_a_difference_of_two_wounds(rules: ForlornRules) -> None:
    assert rules.hit_effect(2) == "wounded"


@pytest.mark.parametrize(
    ("side", "hits", "kills", "wounded", "officer"),
    [
        ("british", 0, 0, 0, False),
        ("british", 4, 2, 3, False),
        ("french", 2, 1, 4, True),
        ("french", 9, 3, 6, False),
    ],
)
def test_morale_odds_match_every_d10(
    rules: ForlornRules, side: str, hits: int, kills: int, wounded: int, officer: bool
) -> None:
    odds = morale_odds(rules, side, hits=hits, kills=kills, wounded=wounded, officer=officer)
    base = {"british": 15, "french": 10}[side]
    morale = base - hits - kills - 2 * (wounded // 2) + (3 if officer else 0)
    assert odds.morale == morale
    assert odds.passes == Fraction(sum(1 for roll in range(1, 11) if roll < morale), 10)


def test_the_event_check_is_14_in_36(rules: ForlornRules) -> None:
    drawn = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b in (7, 11) or a == b)
    assert drawn == 14
    assert event_chance(rules) == Fraction(14, 36)


@pytest.mark.parametrize(
    ("fire", "words"),
    [
        (Fire("musket", 61), "out of range"),
        (Fire("musket", 0), "more than 0"),
        (Fire("pistol", 3, short=1), "fires alone"),
        (Fire("musket", 3, short=4), "Men short"),
        (Fire("cannon", 3), "no fire table"),
    ],
)
def test_a_fire_that_cannot_be_made_is_refused_in_a_sentence(
    rules: ForlornRules, fire: Fire, words: str
) -> None:
    with pytest.raises(Refused, match=words):
        fire_odds(fire, rules)


def test_a_house_rule_is_a_one_line_change(tmp_path: Path) -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace("per_man_short = -1", "per_man_short = -2")
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    house = load_forlorn_rules(path)
    # 3+ to hit at 3": one man short needs a 4 (-1 a man) or a 5 (the house's -2)
    assert fire_odds(Fire("musket", 3, short=1), house).per_die == Fraction(2, 6)
    assert fire_odds(Fire("musket", 3, short=1), default_forlorn_rules()).per_die == Fraction(3, 6)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("roll = [5, 6]", "roll = [5]", "every face"),
        ("{ to = 10, dice = 2, hit = 4 }", "{ to = 5, dice = 2, hit = 4 }", "at least 7"),
        ("{ to = 6, dice = 2, hit = 3 }", "{ to = 6, dice = 2, hit = 9 }", "a face of the D6"),
        ("totals = [7, 11]", "totals = [7, 13]", "totals of 2D6"),
        ('side = "french"', 'side = "spanish"', "one of british, french"),
    ],
)
def test_a_broken_file_names_the_key_and_the_problem(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesetError, match=words) as caught:
        load_forlorn_rules(path)
    assert "broken.toml" in str(caught.value) and "\n" not in str(caught.value)
