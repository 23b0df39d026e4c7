"""Opposed tests as ruleset data (R4, R8 and the 2026-12 rulings): stats and weapons per test."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.cards import card_faces
from rostermgr import resolution, resolver, weapons
from rostermgr.cards import full_deck, parse_card
from rostermgr.errors import Refused, RuleBroken, RulesetError
from rostermgr.odds import Matchup, exact_odds, odds_grid
from rostermgr.odds.text import describe, grid_lines
from rostermgr.roster import Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset, parse_ruleset
from rostermgr.shop import plan_buy

RULES = default_ruleset()
SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"
COMBAT_STAT = 'stat = "combat"'
THROWN_KIND = 'mount = { name = "Mount", limit = 0 }'
AXE = """
[items.throwing-axe]
name = "Throwing axe"
kind = "thrown"
range = [0, 1]
damage = 2
price = 4
"""


def edited(old: str, new: str, extra: str = "") -> Ruleset:
    """The shipped ruleset with one piece of its TOML text replaced (and a table added)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    return parse_ruleset((text.replace(old, new, 1) + extra).encode(), "house.toml")


def with_throwing_axe() -> Ruleset:
    """A kind added in data only: thrown weapons, tested by Shot, one per member (R5)."""
    kind = 'thrown = { name = "Thrown weapon", limit = 1, test = "shot" }'
    return edited(THROWN_KIND, f"{THROWN_KIND}\n{kind}", AXE)


def test(kind: str, attack: int, weapon: str | None, rules: Ruleset, **kw: object):
    return resolver.Test(
        kind=kind,
        attacker=kw.pop("attacker", "sheriffs"),  # type: ignore[arg-type]
        attack=attack,
        attack_card=parse_card(kw.pop("attack_card", "JS")),  # type: ignore[arg-type]
        defender="outlawmen",
        defence=kw.pop("defence", 1),  # type: ignore[arg-type]
        defence_card=parse_card(kw.pop("defence_card", "7D")),  # type: ignore[arg-type]
        weapon=weapon,
        toughness=kw.pop("toughness", 1),  # type: ignore[arg-type]
        **kw,  # type: ignore[arg-type]
    )


test.__test__ = False  # type: ignore[attr-defined]


def test_r8_each_opposed_test_is_a_ruleset_entry() -> None:
    """R8: shot, combat and dynamite are [tests.kinds] entries with their stat and words."""
    assert list(RULES.test_kinds) == ["shot", "combat", "dynamite"]
    shot, combat, dynamite = RULES.test_kinds.values()
    assert (shot.name, shot.stat, shot.ranged, shot.cover) == ("Shot", "shot", True, True)
    assert (combat.name, combat.stat, combat.ranged, combat.cover) == (
        "Combat",
        "combat",
        False,
        False,
    )
    # R4 ruling 2026-12: dynamite is Strength vs Defence with no favoured-suit bonus.
    assert (dynamite.stat, dynamite.favoured) == ("strength", False)
    # The calculator's tests are those a kind of weapon names; dynamite's is data only.
    assert weapons.test_ids(RULES) == ("shot", "combat")
    assert [t.id for t in weapons.test_kinds(RULES)] == ["shot", "combat"]


def test_r8_2026_12_combat_uses_the_combat_stat() -> None:
    assert RULES.attack_stat("combat") == "combat"
    assert RULES.attack_stat("shot") == "shot"
    assert RULES.attack_stat_name("combat") == "Combat"
    with pytest.raises(RuleBroken, match="'brawl'"):
        RULES.attack_stat("brawl")


@pytest.mark.parametrize(
    ("role", "a_card", "defence", "d_card", "clothing", "weapon", "toughness", "wounds"),
    [
        ("leader", "JS", 1, "7D", 0, "hunting-knife", 1, 2),
        ("deputy", "6S", 2, "5C", 1, "hunting-knife", 2, 0),
        ("leader", "AH", 1, "JC", 0, "hatchet", 1, 5),
    ],
    ids=["combat 1", "combat 2", "combat 3"],
)
def test_r8_r10_combat_worked_examples_with_the_attackers_combat(
    role: str,
    a_card: str,
    defence: int,
    d_card: str,
    clothing: int,
    weapon: str,
    toughness: int,
    wounds: int,
) -> None:
    """R8 2026-12, R10: the seed-001 combats give 2, 0 and 5 wounds with the model's Combat."""
    attack = RULES.roles[role].stats[RULES.attack_stat("combat")]
    attacker = "townsfolk" if a_card == "AH" else "sheriffs"
    res = resolution.resolve(
        test(
            "combat",
            attack,
            weapon,
            RULES,
            attacker=attacker,
            attack_card=a_card,
            defence=defence,
            defence_card=d_card,
            clothing=clothing,
            toughness=toughness,
        ),
        RULES,
    )
    assert res.wounds == wounds
    assert res.attack_terms[0] == resolution.Term("Combat", attack)
    assert res.explain()[0].startswith(f"Combat: the {RULES.factions[attacker].name} model (Combat")


def test_r8_a_ruleset_that_sets_combat_back_to_strength_is_followed() -> None:
    """R8 2026-12: the designer may switch combat back to Strength in data alone."""
    rules = edited(COMBAT_STAT, 'stat = "strength"')
    assert rules.attack_stat("combat") == "strength"
    res = resolution.resolve(test("combat", 2, "hatchet", rules), rules)
    assert res.attack_terms[0] == resolution.Term("Strength", 2)
    assert "(Strength 2) attacks" in res.explain()[0]
    assert any(s.startswith("Attack total: Strength 2 + JS 11") for s in res.explain())
    matchup = Matchup("combat", "sheriffs", 2, "outlawmen", 1, weapon="hatchet", toughness=1)
    assert "Combat: Sheriffs, Strength 2, against Outlawmen" in describe(matchup, rules)
    grid = odds_grid(matchup, rules, attacks=(1, 2), defences=(1,), clothing=(0,))
    assert any(line.startswith("Strength / Defence") for line in grid_lines(grid, rules))
    # the shipped ruleset says Combat in the same places
    assert "Combat: Sheriffs, Combat 2, against Outlawmen" in describe(matchup, RULES)
    grid = odds_grid(matchup, RULES, attacks=(1, 2), defences=(1,), clothing=(0,))
    assert any(line.startswith("Combat / Defence") for line in grid_lines(grid, RULES))


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        (COMBAT_STAT, 'stat = "brawn"', "tests.kinds.combat.stat", "names 'brawn', which is not"),
        ('name = "Combat"\n', "", "tests.kinds.combat.name", "is missing"),
        ("ranged = true\n", 'ranged = "yes"\n', "tests.kinds.shot.ranged", "true or false"),
        ("favoured = false\n", "reach = 1\n", "tests.kinds.dynamite.reach", "not a key"),
        ("[tests.kinds.shot]", "[tests.kind.shot]", "kinds.ranged.test", "not 'shot'"),
        ('test = "combat"', 'test = "brawl"', "kinds.melee.test", "must be one of shot, combat"),
    ],
)
def test_r8_test_kinds_are_validated_naming_key_and_problem(
    old: str, new: str, key: str, problem: str
) -> None:
    with pytest.raises(RulesetError) as caught:
        edited(old, new)
    message = str(caught.value)
    assert "house.toml" in message and f"'{key}'" in message and problem in message


def test_r8_a_ruleset_without_test_kinds_says_what_to_add() -> None:
    text = SHIPPED.read_text(encoding="utf-8").replace("[tests.kinds.", "[tests.old.")
    with pytest.raises(RulesetError, match=r"'tests.kinds' is missing: .*\[tests.kinds.ID\]"):
        parse_ruleset(text.encode(), "old.toml")


def test_r4_weapon_kinds_come_from_the_data() -> None:
    """R4: a kind is a weapon kind when it names a test; nothing lists ids in Python."""
    assert RULES.weapon_kinds("shot") == ("ranged",)
    assert RULES.weapon_kinds("combat") == ("melee",)
    assert RULES.weapon_kinds("dynamite") == ()
    assert [i for i in RULES.items if RULES.items[i].is_weapon] == [
        i for i in RULES.items if RULES.kinds[RULES.items[i].kind].test
    ]
    assert not RULES.items["dynamite"].is_weapon and RULES.items["hatchet"].is_weapon


def test_r4_weapons_for_each_test() -> None:
    """R4: a thrown melee weapon counts for a shot; the derringer is a shot in base contact."""
    held = ("pistol", "hunting-knife", "hatchet", "whiskey", "light-leather")
    assert [w.id for w in weapons.weapons_for(RULES, "shot", held)] == ["pistol", "hunting-knife"]
    assert [w.id for w in weapons.weapons_for(RULES, "combat", held)] == [
        "hunting-knife",
        "hatchet",
    ]
    assert weapons.best_weapon(RULES, "combat", held).id == "hatchet"  # type: ignore[union-attr]
    assert weapons.best_weapon(RULES, "combat", ("pistol",)) is None
    assert [w.id for w in weapons.base_contact_shots(RULES, ("derringer", "whiskey"))] == [
        "derringer"
    ]
    assert weapons.base_contact_shots(RULES, ("derringer", "switchblade")) == ()
    with pytest.raises(RuleBroken):
        weapons.weapons_for(RULES, "brawl", held)


@given(
    st.sampled_from(sorted(RULES.items)),
    st.sampled_from(weapons.test_ids(RULES)),
    st.integers(0, 12),
)
def test_r4_r8_the_resolver_takes_exactly_the_offered_weapons(
    item_id: str, kind: str, attack: int
) -> None:
    """R4, R8: for every item and test, the resolver accepts the weapon iff weapons_for offers it,
    and a success adds its damage."""
    offered = weapons.weapons_for(RULES, kind, [item_id])
    t = test(kind, attack, item_id, RULES)
    if not offered:
        with pytest.raises(Refused):
            resolution.resolve(t, RULES)
        return
    res = resolution.resolve(t, RULES)
    if res.outcome == resolver.SUCCESS:
        bare = resolution.resolve(test(kind, attack, None, RULES), RULES)
        assert res.damage == bare.damage + RULES.items[item_id].damage


def test_r4_a_weapon_kind_added_in_data_is_the_shots_weapon_in_the_resolver() -> None:
    rules = with_throwing_axe()
    assert rules.items["throwing-axe"].is_weapon
    assert rules.weapon_kinds("shot") == ("ranged", "thrown")
    res = resolution.resolve(test("shot", 3, "throwing-axe", rules), rules)
    assert res.damage == rules.damage_for(res.difference) + 2
    assert "Damage total: base 2 + throwing axe 2 = 4." in res.explain()
    with pytest.raises(Refused, match="throwing axe is a thrown weapon, used in a shot"):
        resolution.resolve(test("combat", 3, "throwing-axe", rules), rules)


def test_r5_a_weapon_kind_added_in_data_is_sold_with_its_kinds_limit() -> None:
    rules = with_throwing_axe()
    member = Member("Kid", "ganger")
    posse = Posse("P", "outlawmen", (member,), 20, rules.id, rules.version)
    entry = plan_buy(posse, "Kid", "throwing-axe", rules)
    assert (entry.amount, entry.item) == (-4, "throwing-axe")
    armed = Posse("P", "outlawmen", (Member("Kid", "ganger", ("throwing-axe",)),), 20, "x", "y")
    with pytest.raises(RuleBroken, match=r"already has 1 thrown weapon item; .* only 1 \(R5\)"):
        plan_buy(armed, "Kid", "throwing-axe", rules)


def test_r18_a_weapon_kind_added_in_data_is_listed_on_the_card() -> None:
    rules = with_throwing_axe()
    kid = Member("Kid", "leader", ("throwing-axe", "whiskey"))
    posse = Posse("P", "outlawmen", (kid,), 0, rules.id, rules.version)
    (face,) = card_faces([posse], rules)
    assert [(w.name, w.range, w.damage) for w in face.weapons] == [
        ("Throwing axe", "0\u20131", "+2")
    ]
    assert "Throwing axe" not in " ".join(face.items)


def test_r8_r9_a_weapon_kind_added_in_data_counts_in_the_odds() -> None:
    rules = with_throwing_axe()
    base = Matchup("shot", "sheriffs", 3, "outlawmen", 1, toughness=1)
    axe = Matchup("shot", "sheriffs", 3, "outlawmen", 1, weapon="throwing-axe", toughness=1)
    plain, armed = exact_odds(base, rules), exact_odds(axe, rules)
    assert armed.success == plain.success
    assert armed.mean_wounds > plain.mean_wounds
    pairs = len(full_deck(rules.jokers)) ** 2
    assert armed.pairs == pairs and isinstance(armed.mean_wounds, Fraction)
