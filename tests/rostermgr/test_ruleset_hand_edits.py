"""A designer's hand edits that loaded but broke a later command: refused when read, naming the key.

Each of these rulesets loaded, and then the resolver, the odds or the simulator refused or hung
on it (the 2026-12 hostile-designer pass): a face card without a value (R7), a negative or
enormous composition (R3), a posse no starting purse can pay for (R3, R16), two factions or
roles of one name, an invisible character in a name.
"""

from __future__ import annotations

import pytest

from rostermgr.errors import RulesetError
from rostermgr.rules_load import parse_ruleset_text
from tests.rostermgr.test_nonsense_rulesets import TEXT, refusal

VALUES = "values = { J = 11, Q = 12, K = 13, A = 14, JK = 14 }"


@pytest.mark.parametrize("rank", ["J", "Q", "K", "A", "JK"])
def test_r7_a_face_card_or_joker_without_a_value_is_refused(rank: str) -> None:
    """R7: J 11, Q 12, K 13, A 14 and the joker are data; a rank left out has no value at all."""
    left = ", ".join(p for p in VALUES[11:-2].split(", ") if not p.startswith(f"{rank} "))
    assert refusal(VALUES, f"values = {{ {left} }}") == (
        f"Ruleset bad.toml: key 'cards.values' must give a value to {rank}, as to J, Q, K, A "
        "and JK (2-10 count at face value) (R7)."
    )


def test_r7_a_number_card_may_be_given_its_own_value() -> None:
    rules = parse_ruleset_text(TEXT.replace(VALUES, VALUES.replace(" }", ", 2 = 1 }"), 1), "x")
    assert rules.card_values["2"] == 1


@pytest.mark.parametrize("role", ["leader", "deputy", "ganger"])
def test_r3_a_negative_composition_is_refused(role: str) -> None:
    old = {"leader": "leader = 1\n", "deputy": "deputy = 1\n", "ganger": "ganger = 3\n"}[role]
    assert refusal(old, old.replace(old[-2], "-1")) == (
        f"Ruleset bad.toml: key 'composition.{role}' must be at least 0, not -1."
    )


def test_r3_an_empty_posse_is_refused() -> None:
    old = "leader = 1\ndeputy = 1\nganger = 3\n"
    assert refusal(old, "leader = 0\ndeputy = 0\nganger = 0\n") == (
        "Ruleset bad.toml: key 'composition' must found a posse of at least one model (R3)."
    )


def test_r3_a_posse_beyond_any_table_is_refused() -> None:
    """A billion gang members loaded, and the simulator ran out of memory founding them."""
    assert refusal("ganger = 3\n", "ganger = 1000000000\n") == (
        "Ruleset bad.toml: key 'composition' must found a posse of at most 100 models, "
        "not 1000000002 (R3)."
    )


def test_r3_r16_a_posse_the_starting_purse_cannot_pay_for_is_refused() -> None:
    """R16 refuses every creation that overspends: so no posse could ever be founded."""
    message = refusal("starting_purse = 200", "starting_purse = 144")
    assert message == (
        "Ruleset bad.toml: key 'money.starting_purse' is $144, and a posse at creation "
        "(composition) costs $145 before any gear: no posse could be founded (R3, R16)."
    )
    rules = parse_ruleset_text(TEXT.replace("starting_purse = 200", "starting_purse = 145"), "x")
    assert rules.starting_purse == 145


@pytest.mark.parametrize(
    ("old", "new", "key", "other"),
    [
        ('name = "Outlawmen"', 'name = "Sheriffs"', "factions.outlawmen.name", "factions.sheriffs"),
        ('name = "Deputy"', 'name = "leader"', "roles.deputy.name", "roles.leader"),
        ('name = "Revolver"', 'name = "Pistol"', "items.revolver.name", "items.pistol"),
        ('name = "Hatchet"', 'name = " switchBlade "', "items.hatchet.name", "items.switchblade"),
        ('name = "Mount"', 'name = "Clothing"', "kinds.mount.name", "kinds.clothing"),
        ('name = "Bloodbath"', 'name = "Bounty"', "scenarios.bloodbath.name", "scenarios.bounty"),
        ('combat = "Combat"', 'combat = "Shot"', "stats.names.combat", "stats.names.shot"),
    ],
)
def test_two_entries_of_one_name_are_refused(old: str, new: str, key: str, other: str) -> None:
    """Two factions called Sheriffs, two items called Pistol: the players cannot tell them
    apart on a card or in a list, and the simulator's posses (named after their factions)
    collided; names are compared as names are (case, spaces)."""
    assert refusal(old, new) == (
        f"Ruleset bad.toml: key '{key}' is the name of {other} too; each needs its own name."
    )


@pytest.mark.parametrize(
    ("new", "problem"),
    [
        ('"\\u202eSheriffs"', "holds the invisible character U+202E (right-to-left override)"),
        ('"Sher\\u200biffs"', "holds the invisible character U+200B (zero width space)"),
        ('"   "', "must not be empty"),
        ('"\\u0301"', "has no visible character"),
        ('""', "must not be empty"),
    ],
)
def test_a_name_must_be_one_a_posse_could_bear(new: str, problem: str) -> None:
    """The one name rule (roster.check_name): a faction called U+202E Sheriffs loaded, and a
    posse named after it was refused later; a blank name printed as nothing on a card."""
    message = refusal('name = "Sheriffs"', f"name = {new}")
    assert message.startswith("Ruleset bad.toml: key 'factions.sheriffs.name' ")
    assert problem in message
    assert "\u202e" not in message and "\u200b" not in message


def test_a_long_rule_text_is_no_name_and_loads() -> None:
    """Names are checked as names; a paragraph (a rule's text, notes) keeps its own bound."""
    long = "x" * 500
    rules = parse_ruleset_text(
        TEXT.replace(
            'rule = { name = "Badge of Honour", text = "" }',
            f'rule = {{ name = "Badge of Honour", text = "{long}" }}',
        ),
        "x",
    )
    assert rules.factions["sheriffs"].rule_text == long


def test_the_shipped_ruleset_still_loads() -> None:
    with pytest.raises(RulesetError):
        parse_ruleset_text(TEXT.replace("starting_purse = 200", "starting_purse = 0"), "x")
    assert parse_ruleset_text(TEXT, "x").starting_purse == 200


@pytest.mark.parametrize(
    ("old", "new", "key", "most"),
    [
        ("per_take_out = 1", "per_take_out = 1000000000", "flips.per_take_out", 100),
        ("per_killing_blow = 2", "per_killing_blow = 101", "flips.per_killing_blow", 100),
        ("strikes_to_die = 3", "strikes_to_die = 11", "injuries.strikes_to_die", 10),
        ("wounds = 6 }", "wounds = 1000000000 }", "roles.ganger.stats.wounds", 100),
        ("fall_free = 1 ", "fall_free = 1000000000 ", "table.fall_free", 20),
        ("climb = 1 ", "climb = 21 ", "table.climb", 20),
    ],
)
def test_a_count_drawn_or_repeated_one_by_one_is_bounded(
    old: str, new: str, key: str, most: int
) -> None:
    """R12a, R13, R14, R18: a billion flips a take-out hung the simulator (a card turned per
    flip), Wounds or strikes of a billion hung or exhausted printing the cards (a box each),
    a fall free for a billion card lengths exhausted the quick reference (a ruler each)."""
    value = new.split("= ")[1].split()[0]
    assert refusal(old, new) == (
        f"Ruleset bad.toml: key '{key}' must be at most {most}, not {value}."
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("per_take_out = 1", "per_take_out = 100"),
        ("wounds_lost = 1\nstrikes_to_die = 3", "wounds_lost = 0\nstrikes_to_die = 10"),
        ("wounds = 6 }", "wounds = 100 }"),
        ("fall_free = 1 ", "fall_free = 20 "),
    ],
)
def test_a_count_at_its_bound_loads(old: str, new: str) -> None:
    parse_ruleset_text(TEXT.replace(old, new, 1), "x")


def test_r4_r8_a_horse_shot_other_than_tests_horseback_is_refused() -> None:
    """The cards printed the horse's `shot` (Sh -2) while every test took `tests.horseback`
    (-1): one rule, two numbers."""
    assert refusal("move = 2\nshot = -1", "move = 2\nshot = -2") == (
        "Ruleset bad.toml: key 'items.horse.shot' is -2, but a shot from horseback takes "
        "tests.horseback, -1 (R8); give both the same number."
    )
    both = TEXT.replace("move = 2\nshot = -1", "move = 2\nshot = -2", 1)
    both = both.replace("horseback = -1", "horseback = -2", 1)
    assert parse_ruleset_text(both, "x").horseback == -2


def test_r8_a_shot_modifier_on_an_item_that_is_no_mount_is_refused() -> None:
    """Spectacles with shot = 1 printed 'Sh +1' on the card, and no test ever added it."""
    assert refusal("heals = 2\nprice = 4", "heals = 2\nshot = 1\nprice = 4") == (
        "Ruleset bad.toml: key 'items.hooch.shot' is the modifier of a shot from the item's "
        "back (R8), so it needs a mount, an item that sets the move."
    )


@pytest.mark.parametrize(
    ("old", "new", "shown"),
    [
        ("[items.pistol]", '[items."pi\\u202estol"]', "items.pi\\u202estol"),
        ("[items.pistol]", '[items."two words"]', "items.two words"),
        ("[items.pistol]", '[items.""]', "items."),
        ("[factions.sheriffs]", '[factions."\\u200b"]', "factions.\\u200b"),
    ],
)
def test_an_id_is_one_word_of_visible_characters(old: str, new: str, shown: str) -> None:
    """Ids are typed (`posse buy NAME MEMBER ITEM`, posse and report files): an empty id, one
    with a space, or one holding U+202E (which turns the id around on a terminal) loaded."""
    assert refusal(old, new) == (
        f"Ruleset bad.toml: key '{shown}' is no id: an id is one word of visible characters, "
        "with no space or invisible character, as it is typed on the command line."
    )


def test_an_id_of_letters_beyond_ascii_loads() -> None:
    rules = parse_ruleset_text(TEXT.replace("[items.pistol]", '[items."pístol"]', 1), "x")
    assert "pístol" in rules.items


def test_r4_r8_a_ruleset_with_no_weapon_kind_is_refused() -> None:
    """No kind naming a test loaded, and then the simulator failed (an assertion: 'a ruleset
    has at least one test') and the odds knew no shot or combat."""
    text = TEXT.replace(', test = "shot" }', " }", 1).replace(', test = "combat" }', " }", 1)
    text = text.replace("combat_as_shot = true\n", "", 1).replace("thrown = 1\n", "", 1)
    with pytest.raises(RulesetError) as refused:
        parse_ruleset_text(text, "bad.toml")
    assert str(refused.value) == (
        "Ruleset bad.toml: key 'kinds' must name a test for at least one kind of weapon "
        '(test = "shot", R4, R8).'
    )


def test_r11_a_hand_too_small_for_a_poker_hand_is_refused() -> None:
    """hand_size = 1 loaded; the initiative tool then refused every hand ("5 to 1 of them")."""
    assert refusal("hand_size = 8", "hand_size = 4") == (
        "Ruleset bad.toml: key 'game.hand_size' must be at least 5, not 4."
    )
    assert parse_ruleset_text(TEXT.replace("hand_size = 8", "hand_size = 5", 1), "x").hand_size == 5


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('effect = "heal"', 'effect = "heals"', "factions.townsfolk.leader_actions[0].effect"),
        (
            'defending = { name = "Whiskey in the Wound", effect = "damage" }',
            'defending = { name = "Whiskey in the Wound", effect = "damgae" }',
            "factions.outlawmen.leader_actions[0].defending.effect",
        ),
    ],
)
def test_r1_a_misspelt_pair_effect_is_refused(old: str, new: str, key: str) -> None:
    """A misspelt effect loaded, and the leader's pair then silently changed nothing."""
    wrong = new.split('effect = "')[1].split('"')[0]
    assert refusal(old, new) == (
        f"Ruleset bad.toml: key '{key}' must be one of test, damage, heal, steal or left out, "
        f"not '{wrong}' (R1)."
    )
