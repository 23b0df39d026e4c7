"""The ruleset as data (DESIGN 3): loading, the R1-R6 numbers, and validation."""

from __future__ import annotations

from pathlib import Path

import pytest

from rostermgr.errors import RulesetError
from rostermgr.rules_load import default_ruleset, load_ruleset

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"


def test_r1_factions_and_favoured_suits() -> None:
    rules = default_ruleset()
    suits = {f: rules.factions[f].suit for f in rules.factions}
    assert suits == {
        "sheriffs": "spades",
        "outlawmen": "diamonds",
        "bootleggers": "clubs",
        "townsfolk": "hearts",
    }
    assert [a.name for a in rules.factions["bootleggers"].leader_actions] == ["Slippery Paws"]
    assert rules.factions["sheriffs"].rule_name == "Badge of Honour"


def test_r2_stat_lines() -> None:
    rules = default_ruleset()
    order = rules.stat_order
    assert [rules.roles["leader"].stats[s] for s in order] == [1, 3, 3, 2, 2, 2, 8]
    assert [rules.roles["deputy"].stats[s] for s in order] == [1, 2, 2, 2, 2, 2, 7]
    assert [rules.roles["ganger"].stats[s] for s in order] == [1, 2, 2, 2, 1, 1, 6]


def test_r4_r6_every_item_with_its_price() -> None:
    rules = default_ruleset()
    prices = {i: rules.items[i].price for i in rules.items}
    assert prices == {
        "derringer": 4,
        "pistol": 8,
        "revolver": 10,
        "shotgun": 15,
        "carbine-rifle": 20,
        "scope-rifle": 25,
        "switchblade": 2,
        "hunting-knife": 3,
        "hatchet": 5,
        "machete": 8,
        "light-leather": 5,
        "medium-leather": 10,
        "fine-leather": 15,
        "whiskey": 2,
        "hooch": 4,
        "dynamite": 12,
        "rabbits-foot": 6,
        "horse": 30,
        "town-map": 8,
    }
    assert rules.starting_purse == 200
    assert rules.items["shotgun"].reload == 3 and rules.items["scope-rifle"].range == (3, 4)
    assert rules.roles["ganger"].creation_cost == 60 and rules.roles["ganger"].hire_cost == 20


def test_r4_r8_which_test_each_weapon_is_used_in() -> None:
    """R4, R8: ranged weapons shoot, melee weapons fight; the derringer and knife notes as data."""
    rules = default_ruleset()
    assert {k: rules.kinds[k].test for k in ("ranged", "melee", "clothing")} == {
        "ranged": "shot",
        "melee": "combat",
        "clothing": "",
    }
    assert [i for i in rules.items if rules.items[i].combat_as_shot] == ["derringer"]
    assert {i: rules.items[i].thrown for i in rules.items if rules.items[i].thrown} == {
        "hunting-knife": 1
    }


def test_r12_bounties_belong_to_the_bounty_scenario_and_the_free_one() -> None:
    """R12: only the Bounty scenario names bounties; 'other' is free, so it may too."""
    rules = default_ruleset()
    assert [s for s in rules.scenarios if rules.scenarios[s].bounties] == ["bounty", "other"]


def test_r16_resale_is_half_rounded_down() -> None:
    rules = default_ruleset()
    assert rules.resale_value("hunting-knife") == 1  # $3 -> $1.50 -> $1
    assert rules.goods_value(31) == 15


def test_a_users_ruleset_changes_the_numbers(tmp_path: Path) -> None:
    text = SHIPPED.read_text().replace("starting_purse = 200", "starting_purse = 250")
    path = tmp_path / "house.toml"
    path.write_text(text)
    assert load_ruleset(path).starting_purse == 250


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ("starting_purse = 200", 'starting_purse = "lots"', "money.starting_purse", "whole number"),
        ('suit = "spades"', 'suit = "cups"', "factions.sheriffs.suit", "must be one of"),
        ('kind = "mount"', 'kind = "vehicle"', "items.horse.kind", "not in [kinds]"),
        ("used_up = true", 'used_up = "yes"', "kinds.consumable.used_up", "true or false"),
        ("limit = 1 }", "limit = 1, uses = 2 }", "kinds.clothing.uses", "not a key"),
        ("price = 30\n", "", "items.horse.price", "is missing"),
        ('roles = ["leader"]', 'roles = ["sheriff"]', "items.rabbits-foot.roles", "not a role"),
        ('cards = ["J", "Q", "K", "A"]', 'cards = ["J", "Q", "K"]', "advancement", "every rank"),
        ('test = "shot"', 'test = "brawl"', "kinds.ranged.test", "must be one of shot, combat"),
        (
            'kind = "ranged"\nrange = [0, 0]',
            'kind = "melee"\nrange = [0, 0]',
            "items.derringer.combat_as_shot",
            "needs a weapon whose kind is used in a ranged test, such as a shot",
        ),
        ("thrown = 1", "thrown = -1", "items.hunting-knife.thrown", "at least 0"),
        (
            "bounties = true\nends_on_bounty",
            'bounties = "yes"\nends_on_bounty',
            "scenarios.bounty.bounties",
            "true or false",
        ),
        (
            "rout = true\nmap = 1",
            "rout = true\nbounty = true\nmap = 1",
            "scenarios.western-prairie-dog.bounty",
            "not a key",
        ),
        # R12 setup maps: a card laid off the board, a posse that is neither player's
        (
            "x = 438.15, y = 0,",
            "x = 538.15, y = 0,",
            "scenarios.western-prairie-dog.cards[4].x",
            "lays the card off the 609.6 x 609.6 mm board",
        ),
        (
            "posse = 2, x = 520.7, y = 209.55",
            "posse = 3, x = 520.7, y = 209.55",
            "scenarios.bloodbath.cards[3].posse",
            "at most 2",
        ),
        ("card_width_mm = 63.5", "card_width_mm = 0", "table.card_width_mm", "between 1 and"),
    ],
)
def test_validation_names_file_key_and_problem(
    tmp_path: Path, old: str, new: str, key: str, problem: str
) -> None:
    text = SHIPPED.read_text()
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert str(path) in message and f"'{key}'" in message and problem in message


def test_not_toml_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text("[ruleset\nid=")
    with pytest.raises(RulesetError, match="not valid TOML"):
        load_ruleset(path)


def test_no_price_in_python() -> None:
    """Rules are data: no module of the domain repeats an R6 price next to an item id."""
    root = Path(__file__).parents[2]
    for module in (root / "rostermgr").rglob("*.py"):
        text = module.read_text()
        for item_id in ("shotgun", "horse", "machete"):
            assert f'"{item_id}": ' not in text, module


OLD_SHERIFFS = """leader_actions = [
  { name = "Dead Eyed Aim", effect = "test", text = "Play a pair: +1." },
  { name = "Dead Eyed Spirit", text = "" },
]
"""


def test_r1_an_older_ruleset_with_two_separate_actions_still_loads(tmp_path: Path) -> None:
    """A user's ruleset written before the 2026-12 ruling: its first action acts on both sides."""
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index('leader_actions = [\n  { name = "Dead Eyed Aim"')
    end = text.index("]\n", start) + 2
    path = tmp_path / "old.toml"
    path.write_text(text[:start] + OLD_SHERIFFS + text[end:], encoding="utf-8")
    sheriffs = load_ruleset(path).faction("sheriffs")
    assert [a.name for a in sheriffs.leader_actions] == ["Dead Eyed Aim", "Dead Eyed Spirit"]
    assert sheriffs.pair_use(True) == sheriffs.pair_use(False)
    assert sheriffs.pair_use(False).effect == "test"


def test_r1_r4_r12_the_rulings_numbers_are_ruleset_data(tmp_path: Path) -> None:
    """Dynamite's +2, Heart of the Town's 2 wounds and the rout's roles and count."""
    rules = default_ruleset()
    assert rules.test_kinds["dynamite"].blast == 2 and rules.test_kinds["dynamite"].area == 1
    assert rules.faction("townsfolk").pair_use(False).heals == 2
    assert (rules.rout_roles, rules.rout_models) == (("leader", "deputy"), 3)
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("blast = 2 ", "blast = 3 ").replace("heals = 2,", "heals = 1,")
    text = text.replace("out_of_action = 3 }", "out_of_action = 4 }")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    mine = load_ruleset(path)
    assert mine.test_kinds["dynamite"].blast == 3
    assert mine.faction("townsfolk").pair_use(True).heals == 1
    assert mine.rout_models == 4
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('rout = { roles = ["leader"', 'rout = { roles = ["sheriff"'))
    with pytest.raises(RulesetError, match=r"game\.rout\.roles' names 'sheriff', which is not"):
        load_ruleset(bad)


def test_r12_a_ruleset_stored_before_the_table_was_data_reads_with_the_notes_numbers(
    tmp_path: Path,
) -> None:
    """A campaign keeps its ruleset's text: one without [table] and setup maps still loads,
    with the notes' 2 x 2 ft board and 3.5 x 2.5 inch card (R12, R12a), and no maps."""
    text = SHIPPED.read_text(encoding="utf-8")
    start, end = text.index("[table]"), text.index("[scenarios]")
    old = text[:start] + text[end:]
    old = old[: old.index("[scenarios.bounty]")] + (
        'bounty = { name = "Bounty", rout = false, bounties = true, ends_on_bounty = true }\n'
        'bloodbath = { name = "Bloodbath", rout = true }\n'
    )
    path = tmp_path / "old.toml"
    path.write_text(old.replace("setup = 2   #", "#"), encoding="utf-8")
    rules = load_ruleset(path)
    assert rules.tabletop.board_mm == (609.6, 609.6) and rules.tabletop.card_mm == (88.9, 63.5)
    assert rules.tabletop.setup_models == 1 and rules.items["town-map"].setup == 0
    assert rules.scenarios["bloodbath"].cards == () and not rules.scenarios["bounty"].objective
    shipped = load_ruleset(SHIPPED)
    assert shipped.tabletop == rules.tabletop  # the shipped file states the same numbers
    assert len(shipped.scenarios["western-prairie-dog"].cards) == 10
