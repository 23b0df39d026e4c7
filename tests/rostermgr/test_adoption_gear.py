"""R4 and the adoption preview (issue 18): a change to an item a member carries is news to its
posse, since the roster card prints the item's profile, even when no stat moves."""

from __future__ import annotations

import dataclasses

from rostermgr.adoption import preview_adoption, preview_posse
from rostermgr.roster import DEAD, Member, Posse
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset


def _with_item(rules: Ruleset, item_id: str, **changed: object) -> Ruleset:
    items = dict(rules.items)
    items[item_id] = dataclasses.replace(items[item_id], **changed)  # type: ignore[arg-type]
    return dataclasses.replace(rules, items=items, version="house")


def _posse(rules: Ruleset, *members: Member) -> Posse:
    return Posse("Lawmen", "sheriffs", members, 27, rules.id, rules.version)


def test_r4_a_carried_weapons_new_damage_is_told_with_its_carriers() -> None:
    rules = default_ruleset()
    new = _with_item(rules, "pistol", damage=2)
    posse = _posse(
        rules,
        Member("Wyatt", "leader", ("pistol",)),
        Member("Morgan", "ganger", ("pistol", "whiskey")),
        Member("Tom", "ganger", ()),
    )
    preview = preview_posse(posse, rules, new)
    assert not preview.unchanged
    assert preview.gear == ("Pistol, carried by Wyatt and Morgan: damage 1 -> 2.",)


def test_r4_clothing_whose_defence_changes_is_told_though_the_stat_line_is_the_same() -> None:
    rules = default_ruleset()
    new = _with_item(rules, "medium-leather", defence=3)
    posse = _posse(rules, Member("Ike", "leader", ("medium-leather",)))
    preview = preview_adoption([posse], rules, new).posses[0]
    assert preview.stats == ()
    assert preview.gear == ("Medium leather clothing, carried by Ike: defence 2 -> 3.",)


def test_r4_an_item_nobody_alive_carries_or_a_new_price_changes_nothing_for_the_posse() -> None:
    rules = default_ruleset()
    new = _with_item(_with_item(rules, "shotgun", damage=3), "pistol", price=9)
    posse = _posse(
        rules,
        Member("Wyatt", "leader", ("pistol",)),
        Member("Virgil", "deputy", ("shotgun",), status=DEAD, injuries=3),
    )
    preview = preview_posse(posse, rules, new)
    assert preview.gear == ()
    assert preview.unchanged
