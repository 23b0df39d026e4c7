"""An item's effect in the ruleset's own words (rostermgr.presentation.item_effect)."""

from __future__ import annotations

from pathlib import Path

from rostermgr.presentation import item_effect
from rostermgr.rules_load import default_ruleset, parse_ruleset_text

SHIPPED = Path(__file__).parents[2] / "rostermgr" / "rulesets" / "last-hope-frontier.toml"


def test_clothing_names_the_rulesets_defence_stat_as_the_cards_do():
    """A ruleset that calls Defence "Armour" (short "Ar") reads "+2 armour" in the journal,
    the shared picture and page and `posse show`, as its cards read "+2 Ar"; it read "+2
    defence" there (hostile print pass, a ruleset adopted mid-campaign)."""
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace('defence = "Defence"', 'defence = "Armour"', 1)
    house = parse_ruleset_text(text.replace('defence = "Df"', 'defence = "Ar"', 1), "house")
    assert item_effect(house.items["medium-leather"], house) == "+2 armour"
    shipped = default_ruleset()
    assert item_effect(shipped.items["medium-leather"], shipped) == "+2 defence"
