"""The shot/combat calculator: opposed tests (R8), the damage step (R9), worked examples (R10)."""

from __future__ import annotations

import dataclasses
import re
from types import MappingProxyType

import pytest

from rostermgr import resolution, resolver
from rostermgr.cards import parse_card
from rostermgr.errors import Refused
from rostermgr.rules import DamageBand
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def make(kind: str = "shot", attack_card: str = "2H", defence_card: str = "2H", **kw):
    """A test between a Sheriffs attacker and an Outlawmen target, neither card favoured.

    Toughness 0 keeps the wounds equal to the damage; R9 needs it given once damage is dealt.
    """
    values = {
        "kind": kind,
        "attacker": "sheriffs",
        "attack": 3,
        "attack_card": parse_card(attack_card),
        "defender": "outlawmen",
        "defence": 1,
        "defence_card": parse_card(defence_card),
        "toughness": 0,
    }
    values.update(kw)
    return resolver.Test(**values)


def fields(res: resolution.Resolution) -> tuple:
    return (
        res.attack_total,
        res.defence_total,
        res.outcome,
        res.difference,
        res.damage,
        res.toughness,
        res.wounds,
        res.friendly_wounds,
    )


# (kind, attacker, attack, card, defender, defence, card, clothing, weapon, toughness) ->
# (attack total, defence total, outcome, difference, damage, toughness, wounds, friendly)
WORKED = {
    "shot 1": (
        ("shot", "sheriffs", 3, "JS", "outlawmen", 1, "7D", 0, "pistol", 1),
        (15, 8, "success", 7, 3, 1, 2, 0),
    ),
    "shot 2": (
        ("shot", "sheriffs", 2, "6S", "outlawmen", 2, "5C", 1, "pistol", 2),
        (9, 8, "success", 1, 2, 2, 0, 0),
    ),
    "shot 3": (
        ("shot", "townsfolk", 3, "AH", "bootleggers", 1, "JC", 0, "shotgun", 1),
        (19, 13, "success", 6, 6, 1, 5, 0),
    ),
    "combat 1": (
        ("combat", "sheriffs", 3, "JS", "outlawmen", 1, "7D", 0, "hunting-knife", 1),
        (15, 8, "success", 7, 3, 1, 2, 0),
    ),
    "combat 2": (
        ("combat", "sheriffs", 2, "6S", "outlawmen", 2, "5C", 1, "hunting-knife", 2),
        (9, 8, "success", 1, 2, 2, 0, 0),
    ),
    "combat 3": (
        ("combat", "townsfolk", 3, "AH", "bootleggers", 1, "JC", 0, "hatchet", 1),
        (19, 13, "success", 6, 6, 1, 5, 0),
    ),
}


@pytest.mark.parametrize("name", list(WORKED))
def test_r10_worked_examples_from_the_notes(name):
    """R10: the three shots and three combats of seeds 000/001 (shot 3 per the ruling: 5)."""
    given, expected = WORKED[name]
    kind, att, attack, a_card, dfn, defence, d_card, clothing, weapon, toughness = given
    test = resolver.Test(
        kind=kind,
        attacker=att,
        attack=attack,
        attack_card=parse_card(a_card),
        defender=dfn,
        defence=defence,
        defence_card=parse_card(d_card),
        clothing=clothing,
        weapon=weapon,
        toughness=toughness,
    )
    assert fields(resolution.resolve(test, RULES)) == expected


def test_r10_shot_1_explained_step_by_step_like_the_notes():
    test = make(attack_card="JS", defence_card="7D", weapon="pistol", toughness=1)
    steps = resolution.resolve(test, RULES).explain()
    text = "\n".join(steps)
    assert "Attack total: Shot 3 + JS 11 + favoured Jack 1 = 15." in steps
    assert "Defence total: Defence 1 + 7D 7 = 8." in steps
    assert "succeeds by 7" in text
    assert "2 damage (6 to 10)" in text
    assert "Damage total: base 2 + pistol 1 = 3." in steps
    assert steps[-1] == "3 damage - 1 toughness = 2 wounds."


def test_r10_shot_2_tie_broken_by_the_favoured_6_wings_the_deputy():
    test = make(attack=2, attack_card="6S", defence=2, defence_card="5C", clothing=1)
    test = dataclasses.replace(test, weapon="pistol", toughness=2)
    steps = resolution.resolve(test, RULES).explain()
    assert any("is a tie; only the attacker played a favoured card" in s for s in steps)
    assert steps[-1] == "2 damage - 2 toughness = 0 wounds: the model is winged."


def test_r8_tie_attacker_alone_favoured_wins_by_one():
    res = resolution.resolve(make(attack=3, attack_card="5S", defence=3, defence_card="5H"), RULES)
    assert (res.outcome, res.attack_total, res.defence_total, res.difference) == (
        "success",
        9,
        8,
        1,
    )
    assert res.damage == 1


def test_r8_terms_add_up_to_the_totals_shown_including_the_tie_break():
    res = resolution.resolve(make(attack=3, attack_card="5S", defence=3, defence_card="5H"), RULES)
    assert sum(t.value for t in res.attack_terms) == res.attack_total
    assert sum(t.value for t in res.defence_terms) == res.defence_total
    assert res.attack_terms[-1] == resolution.Term("tie-break", RULES.tie_break)


def test_r8_tie_defender_alone_favoured_holds():
    res = resolution.resolve(make(attack=3, attack_card="5H", defence=3, defence_card="5D"), RULES)
    assert (res.outcome, res.attack_total, res.defence_total, res.difference) == (
        "failure",
        8,
        9,
        -1,
    )
    assert (res.damage, res.toughness, res.wounds) == (0, 0, 0)


@pytest.mark.parametrize(("a_card", "d_card"), [("5S", "5D"), ("5H", "5C")])
def test_r8_tie_both_or_neither_favoured_is_a_score_draw(a_card, d_card):
    res = resolution.resolve(
        make(attack=3, attack_card=a_card, defence=3, defence_card=d_card), RULES
    )
    assert (res.outcome, res.attack_total, res.defence_total, res.difference) == (
        "score-draw",
        8,
        8,
        0,
    )
    assert (res.damage, res.toughness, res.wounds, res.friendly_wounds) == (0, 0, 0, 0)


def test_r8_a_favoured_face_card_also_breaks_a_tie():
    """R8 ruling: any favoured card breaks a tie, a face card (here a Queen) included."""
    res = resolution.resolve(make(attack=1, attack_card="QS", defence=1, defence_card="QH"), RULES)
    assert res.outcome == "success"


# card -> (test bonus, damage bonus) when favoured, for the Sheriffs (spades)
FACE = {"JS": (1, 0), "QS": (0, 1), "KS": (1, 1), "AS": (2, 2), "JK": (2, 2)}


@pytest.mark.parametrize("card", list(FACE))
def test_r8_r9_favoured_face_cards_and_joker_as_attacker(card):
    """R8 step 4, R9: J +1 test; Q +1 damage; K +1/+1; A +2/+2; a lone joker as the favoured ace."""
    test_bonus, damage_bonus = FACE[card]
    value = resolver.card_value(parse_card(card), RULES)
    res = resolution.resolve(make(attack=3, attack_card=card, defence=1, defence_card="2H"), RULES)
    assert res.attack_total == 3 + value + test_bonus
    assert res.outcome == "success"
    base = RULES.damage_for(res.difference)
    assert res.damage == base + damage_bonus


@pytest.mark.parametrize("card", ["JD", "QD", "KD", "AD", "JK"])
def test_r8_r9_favoured_face_cards_and_joker_as_defender(card):
    test_bonus, toughness_bonus = FACE[card.replace("D", "S")]
    value = resolver.card_value(parse_card(card), RULES)
    test = make(attack=40, attack_card="2H", defence=1, defence_card=card, toughness=1)
    res = resolution.resolve(test, RULES)
    assert res.defence_total == 1 + value + test_bonus
    assert res.toughness == 1 + toughness_bonus


def test_r8_joker_alone_counts_as_favoured_ace():
    """R8: value 14, +2 test, +2 damage."""
    joker = resolution.resolve(make(attack_card="JK", defence=10), RULES)
    ace = resolution.resolve(make(attack_card="AS", defence=10), RULES)
    assert fields(joker) == fields(ace)
    assert joker.attack_total == 3 + 14 + 2


def test_r8_face_card_of_another_suit_gives_no_bonus():
    res = resolution.resolve(
        make(attack_card="AH", defence=1, defence_card="2C", toughness=0), RULES
    )
    assert res.attack_total == 3 + 14
    assert res.damage == RULES.damage_for(res.difference)


@pytest.mark.parametrize(
    ("difference", "damage"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (20, 3)]
)
def test_r9_damage_band_edges(difference, damage):
    """R9: 1-5 gives 1, 6-10 gives 2, 11 or more gives 3."""
    test = make(attack=1 + difference, attack_card="2H", defence=1, defence_card="2C")
    res = resolution.resolve(test, RULES)
    assert (res.difference, res.damage, res.wounds) == (difference, damage, damage)


@pytest.mark.parametrize(("cover", "bonus"), [("none", 0), ("half", 1), ("three-quarter", 2)])
def test_r8_cover_adds_to_defence_in_a_shot(cover, bonus):
    res = resolution.resolve(make(cover=cover), RULES)
    assert res.defence_total == 1 + 2 + bonus


@pytest.mark.parametrize("cover", ["half", "three-quarter"])
def test_r8_cover_never_counts_in_combat(cover):
    res = resolution.resolve(make("combat", cover=cover), RULES)
    assert res.defence_total == 1 + 2
    assert any("does not count in combat" in s for s in res.explain())


def test_r8_shooting_from_horseback_is_minus_one_but_not_in_combat():
    assert resolution.resolve(make(horseback=True), RULES).attack_total == 3 + 2 - 1
    assert resolution.resolve(make("combat", horseback=True), RULES).attack_total == 3 + 2


def test_r8_clothing_adds_to_defence():
    assert resolution.resolve(make(clothing=3), RULES).defence_total == 1 + 2 + 3


def test_r9_wounds_never_below_zero():
    test = make(attack=4, attack_card="2H", defence=1, defence_card="2C", toughness=5)
    res = resolution.resolve(test, RULES)
    assert (res.outcome, res.damage, res.toughness, res.wounds) == ("success", 1, 5, 0)
    assert res.explain()[-1].endswith("the model is winged.")


def test_r9_weapon_damage_is_read_from_the_ruleset():
    plain = resolution.resolve(make(attack=6), RULES)
    rifle = resolution.resolve(make(attack=6, weapon="carbine-rifle"), RULES)
    assert rifle.damage - plain.damage == RULES.item("carbine-rifle").damage


def test_r8_step_7_failed_shot_into_combat_wounds_the_friend():
    miss = resolution.resolve(make(attack=0, defence=5, into_combat=True), RULES)
    assert (miss.outcome, miss.friendly_wounds, miss.wounds) == ("failure", 1, 0)
    assert any("unsoakable" in s for s in miss.explain())
    hit = resolution.resolve(make(attack=9, into_combat=True), RULES)
    assert (hit.outcome, hit.friendly_wounds) == ("success", 0)
    # R8 step 7, 2026-12 ruling: a score draw is not a success, so the friend is wounded too
    draw = resolution.resolve(make(attack=1, defence=1, into_combat=True), RULES)
    assert (draw.outcome, draw.friendly_wounds) == ("score-draw", 1)


def test_r8_a_combat_action_cannot_go_into_combat():
    with pytest.raises(Refused, match="Only a shot"):
        resolution.resolve(make("combat", into_combat=True), RULES)


def test_r1_sheriff_leader_pair_adds_to_that_leaders_test_total():
    attacking = resolution.resolve(make(attacker_pair=True), RULES)
    assert attacking.attack_total == 3 + 2 + RULES.leader_pair
    defending = make(attacker="outlawmen", defender="sheriffs", defender_pair=True)
    assert resolution.resolve(defending, RULES).defence_total == 1 + 2 + RULES.leader_pair


def test_r1_outlaw_leader_pair_adds_damage_or_toughness_only_in_the_damage_step():
    base = make(attacker="outlawmen", defender="sheriffs", attack=9, toughness=1)
    plain = resolution.resolve(base, RULES)
    paired = resolution.resolve(dataclasses.replace(base, attacker_pair=True), RULES)
    assert paired.attack_total == plain.attack_total
    assert paired.damage == plain.damage + RULES.leader_pair
    tough = make(attack=9, toughness=1, defender_pair=True)
    assert resolution.resolve(tough, RULES).toughness == 1 + RULES.leader_pair
    missed = resolution.resolve(make(attack=0, defence=9, defender_pair=True), RULES)
    assert (missed.outcome, missed.toughness) == ("failure", 0)


@pytest.mark.parametrize("faction", ["townsfolk", "bootleggers"])
def test_r1_other_leader_pairs_change_no_number(faction):
    plain = make(attacker=faction, defender=faction, attack=9, toughness=1)
    paired = dataclasses.replace(plain, attacker_pair=True, defender_pair=True)
    assert fields(resolution.resolve(paired, RULES)) == fields(resolution.resolve(plain, RULES))


def test_r8_numbers_come_from_the_ruleset():
    """DESIGN 3: change the ruleset, the results follow (tie-break, cover, bands)."""
    rules = dataclasses.replace(
        RULES,
        tie_break=2,
        cover=MappingProxyType({"none": 0, "half": 4}),
        damage_bands=(DamageBand(1, 5),),
    )
    tie = resolution.resolve(make(attack=1, attack_card="5S", defence=1, defence_card="5H"), rules)
    assert (tie.difference, tie.damage) == (2, 5)
    assert resolution.resolve(make(cover="half"), rules).defence_total == 1 + 2 + 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"attacker": "cowboys"}, "no faction 'cowboys'"),
        ({"weapon": "bazooka"}, "no item 'bazooka'"),
        ({"weapon": "whiskey"}, "not a weapon"),
        ({"cover": "full"}, "no cover 'full'"),
        ({"attack": -1}, "0 or more"),
        ({"toughness": -2}, "0 or more"),
        ({"kind": "brawl"}, "shot or a combat"),
    ],
)
def test_r8_refuses_what_the_rules_do_not_know(change, message):
    with pytest.raises(Refused, match=message):
        resolution.resolve(make(**change), RULES)


@pytest.mark.parametrize(
    ("kind", "weapon", "message"),
    [
        ("shot", "hatchet", "A hatchet is a melee weapon, used in combat, not in a shot (R4, R8)."),
        ("shot", "machete", "A machete is a melee weapon, used in combat, not in a shot (R4, R8)."),
        (
            "combat",
            "pistol",
            "A pistol is a ranged weapon, used in a shot, not in combat (R4, R8).",
        ),
        ("combat", "shotgun", "A shotgun is a ranged weapon, used in a shot, not in combat"),
    ],
)
def test_r4_r8_a_weapon_of_the_wrong_kind_for_the_test_is_refused(kind, weapon, message):
    """R4, R8: a shot uses a ranged weapon, a combat action a melee weapon; no damage is added."""
    with pytest.raises(Refused, match=f"^{re.escape(message)}"):
        resolution.resolve(make(kind, attack=9, weapon=weapon), RULES)


def test_r4_the_derringer_in_base_to_base_combat_is_resolved_as_a_shot():
    """R4: the derringer's combat use is a shot-vs-defence test, so the resolver takes it as one."""
    with pytest.raises(Refused, match=r"derringer in base-to-base combat .* resolve it as a shot"):
        resolution.resolve(make("combat", attack=9, weapon="derringer"), RULES)
    shot = resolution.resolve(make(attack=9, weapon="derringer"), RULES)
    assert shot.outcome == "success" and shot.damage == RULES.damage_for(shot.difference)


def test_r4_a_thrown_hunting_knife_is_a_shot_and_adds_its_damage():
    """R4: the hunting knife can be thrown 1 card length; a throw is a shot (Shot vs Defence)."""
    res = resolution.resolve(make(attack=9, weapon="hunting-knife"), RULES)
    knife = RULES.item("hunting-knife")
    assert res.damage == RULES.damage_for(res.difference) + knife.damage
    assert "The hunting knife is thrown (up to 1 card length); it is lost once thrown." in (
        res.explain()
    )


def test_r4_r8_which_test_a_weapon_kind_is_used_in_comes_from_the_ruleset():
    """DESIGN 3: a house ruleset that lets melee weapons be used in a shot is followed."""
    kinds = dict(RULES.kinds)
    kinds["melee"] = dataclasses.replace(kinds["melee"], test="shot")
    rules = dataclasses.replace(RULES, kinds=MappingProxyType(kinds))
    hatchet = resolution.resolve(make(attack=9, weapon="hatchet"), rules)
    assert hatchet.damage == rules.damage_for(hatchet.difference) + rules.item("hatchet").damage


def test_r9_the_damage_step_needs_the_targets_toughness():
    """R9: a success with no Toughness given is refused; a miss never needs it."""
    with pytest.raises(Refused, match=r"damage step needs the target's Toughness.* \(R9\)\.$"):
        resolution.resolve(make(attack=9, toughness=None), RULES)
    miss = resolution.resolve(make(attack=0, defence=9, toughness=None), RULES)
    assert (miss.outcome, miss.toughness, miss.wounds) == ("failure", 0, 0)
    assert resolver.Test.__dataclass_fields__["toughness"].default is None


# The 2026-12 rulings (issue 17).

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rostermgr.cards import full_deck  # noqa: E402

DECK = full_deck(RULES.jokers)
NATURAL = [c for c in DECK if not c.is_joker]


def test_r1_an_action_with_two_names_is_one_action_with_a_use_for_each_side():
    sheriffs = RULES.faction("sheriffs")
    assert [a.name for a in sheriffs.leader_actions] == ["Dead Eyed Aim / Dead Eyed Spirit"]
    assert sheriffs.pair_use(True).name == "Dead Eyed Aim"
    assert sheriffs.pair_use(False).name == "Dead Eyed Spirit"
    outlaws = RULES.faction("outlawmen")
    assert (outlaws.pair_use(True).name, outlaws.pair_use(False).name) == (
        "Dirt In the Wound",
        "Whiskey in the Wound",
    )
    town = RULES.faction("townsfolk")
    assert town.pair_use(True) == town.pair_use(False)


def test_r1_the_resolver_names_the_use_of_its_side():
    aim = resolution.resolve(make(attacker_pair=True), RULES)
    assert [t.label for t in aim.attack_terms][-1] == "Dead Eyed Aim"
    spirit = resolution.resolve(
        make(attacker="outlawmen", defender="sheriffs", defender_pair=True), RULES
    )
    assert [t.label for t in spirit.defence_terms][-1] == "Dead Eyed Spirit"
    assert any("Dead Eyed Spirit: +1 to the defence total" in s for s in spirit.explain())


@given(
    st.sampled_from(sorted(RULES.factions)),
    st.sampled_from(["attacker", "defender"]),
    st.sampled_from(NATURAL),
)
def test_r8_a_joker_in_any_leaders_pair_is_refused_asking_for_the_partner(faction, side, card):
    joker = parse_card("JK")
    kw = {f"{side}_pair": True, "attacker": faction, "defender": faction}
    kw |= (
        {"attack_card": joker, "defence_card": card}
        if side == "attacker"
        else {
            "attack_card": card,
            "defence_card": joker,
        }
    )
    test = dataclasses.replace(make(), **kw)
    with pytest.raises(Refused, match=rf"give that natural card as the {side}'s card"):
        resolution.resolve(test, RULES)


@given(st.sampled_from(["attacker", "defender"]), st.integers(0, 12), st.sampled_from(DECK))
def test_r1_heart_of_the_town_regains_its_wounds_never_above_maximum(side, taken, card):
    heals = RULES.faction("townsfolk").pair_use(side == "attacker").heals
    test = make(
        attacker="townsfolk",
        defender="townsfolk",
        attack_card="2C" if card.is_joker else str(card),
        **{f"{side}_pair": True, f"{side}_wounds_taken": taken},
    )
    res = resolution.resolve(test, RULES)
    healed = res.attacker_healed if side == "attacker" else res.defender_healed
    other = res.defender_healed if side == "attacker" else res.attacker_healed
    assert (healed, other) == (min(heals, taken), 0)
    assert res.as_json()["healed"][side] == healed
    plain = resolution.resolve(dataclasses.replace(test, **{f"{side}_pair": False}), RULES)
    assert fields(plain) == fields(res)  # the heal changes no number of the test itself


@given(
    st.integers(0, 6),
    st.sampled_from(DECK),
    st.integers(0, 6),
    st.sampled_from(DECK),
    st.integers(0, 3),
    st.lists(st.integers(0, 6), min_size=1, max_size=6),
    st.sampled_from(sorted(RULES.factions)),
)
def test_r4_r9_dynamite_strength_vs_defence_no_favoured_bonus_every_model_hit(
    attack, a_card, defence, d_card, clothing, toughness, faction
):
    kind = RULES.test_kinds["dynamite"]
    test = resolver.Test(
        kind="dynamite",
        attacker=faction,
        attack=attack,
        attack_card=a_card,
        defender=faction,
        defence=defence,
        defence_card=d_card,
        clothing=clothing,
        blast_toughness=tuple(toughness),
    )
    res = resolution.resolve(test, RULES)
    a_total = attack + resolver.card_value(a_card, RULES)
    d_total = defence + clothing + resolver.card_value(d_card, RULES)
    assert (res.attack_total, res.defence_total) in {
        (a_total, d_total),
        (a_total + 1, d_total),
        (a_total, d_total + 1),
    }  # tie-break
    assert RULES.attack_stat("dynamite") == "strength"
    if res.outcome != resolver.SUCCESS:
        assert res.blast == ()
        return
    damage = RULES.damage_for(res.difference) + kind.blast
    assert [(b.toughness, b.damage, b.wounds) for b in res.blast or ()] == [
        (t, damage, max(0, damage - t)) for t in toughness
    ]
    assert res.wounds == max(0, damage - toughness[0])


def test_r4_dynamite_blast_bonus_is_ruleset_data():
    kind = dataclasses.replace(RULES.test_kinds["dynamite"], blast=5)
    rules = dataclasses.replace(
        RULES, test_kinds=MappingProxyType({**RULES.test_kinds, "dynamite": kind})
    )
    test = make("dynamite", attack=9, blast_toughness=(0, 1))
    assert [b.wounds for b in resolution.resolve(test, rules).blast or ()] == [2 + 5, 2 + 5 - 1]


@given(st.sampled_from(DECK), st.sampled_from(DECK))
def test_r8_step_7_every_shot_into_combat_that_is_not_a_success_wounds_the_friend(a, d):
    res = resolution.resolve(make(attack_card=str(a), defence_card=str(d), into_combat=True), RULES)
    expected = 0 if res.outcome == resolver.SUCCESS else RULES.friendly_wounds_into_combat
    assert res.friendly_wounds == expected
