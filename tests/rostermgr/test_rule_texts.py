"""R1: a faction rule's and a leader action's text name the ruleset's numbers as {name}, so a
house ruleset that changes a number prints the number it plays (rules_tables.filled_text)."""

from __future__ import annotations

from printables.cards import card_faces
from rostermgr.rules_load import parse_ruleset_text
from tests.printables.test_cards_support import dalton
from tests.rostermgr.test_nonsense_rulesets import TEXT, refusal

AIM = "Aim, attacking: +{leader_pair} to the leader's attack total."
PAWS = "worth less than ${theft_limit} from"
HEART = "the leader regains {heals} wounds before"


def _texts(text: str) -> dict[str, str]:
    rules = parse_ruleset_text(text, "house.toml")
    return {f.id: f.leader_actions[0].text for f in rules.factions.values()}


def test_r1_the_shipped_texts_read_as_the_notes_write_them() -> None:
    assert AIM in TEXT and PAWS in TEXT and HEART in TEXT  # the file names its numbers
    texts = _texts(TEXT)
    assert texts["sheriffs"] == (
        "Play a pair. Aim, attacking: +1 to the leader's attack total. Spirit, defending: +1 "
        "to the leader's defence total."
    )
    assert "Dirt, attacking: +1 damage. Whiskey, defending: +1 toughness." in texts["outlawmen"]
    assert "steals one item worth less than $10 from" in texts["bootleggers"]
    assert "the leader regains 2 wounds before damage" in texts["townsfolk"]


def test_r1_a_house_number_reaches_each_text_that_names_it() -> None:
    house = TEXT.replace("leader_pair = 1", "leader_pair = 2", 1)
    house = house.replace("theft_limit = 10", "theft_limit = 15", 1)
    house = house.replace('effect = "heal", heals = 2', 'effect = "heal", heals = 3', 1)
    texts = _texts(house)
    assert "+2 to the leader's attack total" in texts["sheriffs"]
    assert "+2 to the leader's defence total" in texts["sheriffs"]
    assert "+2 damage. Whiskey, defending: +2 toughness." in texts["outlawmen"]
    assert "worth less than $15 from" in texts["bootleggers"]
    assert "regains 3 wounds before" in texts["townsfolk"]


def test_r1_r18_the_leader_card_prints_the_house_number() -> None:
    house = parse_ruleset_text(TEXT.replace("leader_pair = 1", "leader_pair = 2", 1), "h.toml")
    (entry,) = card_faces([dalton()], house)[0].back.actions  # the Outlawmen leader's back
    assert "Dirt, attacking: +2 damage. Whiskey, defending: +2 toughness." in entry[1]


def test_r1_a_faction_rule_text_names_the_numbers_too() -> None:
    ruled = TEXT.replace(
        'rule = { name = "Risky Business", text = "" }',
        'rule = { name = "Risky Business", text = "Sell loot worth up to ${theft_limit}." }',
        1,
    )
    rules = parse_ruleset_text(ruled, "house.toml")
    assert rules.factions["bootleggers"].rule_text == "Sell loot worth up to $10."


def test_r1_a_name_no_number_answers_to_is_refused_naming_the_key() -> None:
    assert refusal(AIM, AIM.replace("{leader_pair}", "{leader_pairs}")) == (
        "Ruleset bad.toml: key 'factions.sheriffs.leader_actions[0].text' names "
        "{leader_pairs}, which is not a number a text can name: {leader_pair} or "
        "{theft_limit} or {heals} (R1)."
    )
    # a faction rule has no action, so no {heals} of its own
    heals = 'rule = { name = "Merchant Lines", text = "Heal {heals}." }'
    assert refusal('rule = { name = "Merchant Lines", text = "" }', heals) == (
        "Ruleset bad.toml: key 'factions.townsfolk.rule.text' names {heals}, which is not a "
        "number a text can name: {leader_pair} or {theft_limit} (R1)."
    )


def test_r1_braces_round_anything_but_a_name_are_text() -> None:
    odd = TEXT.replace(PAWS, "worth less than $10 {see the notes} {} from", 1)
    assert "worth less than $10 {see the notes} {} from" in _texts(odd)["bootleggers"]


def test_r1_a_stored_ruleset_keeps_an_unknown_name_as_written() -> None:
    """A campaign's stored ruleset is read as it was accepted (rules_reader.STRICT)."""
    stored = TEXT.replace(PAWS, PAWS.replace("{theft_limit}", "{limit}"), 1)
    rules = parse_ruleset_text(stored, "campaign", strict=False)
    (paws,) = rules.factions["bootleggers"].leader_actions
    assert "worth less than ${limit} from" in paws.text
