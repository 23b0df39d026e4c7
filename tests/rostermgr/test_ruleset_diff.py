"""Issue 18: the differences of two rulesets, for every item and every stat line."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

from hypothesis import given
from hypothesis import strategies as st

from rostermgr.adoption import preview_adoption
from rostermgr.roster import Member, Posse
from rostermgr.rules_load import default_ruleset
from rostermgr.ruleset_diff import diff_json, diff_lines, diff_rulesets

RULES = default_ruleset()


def test_a_ruleset_says_the_same_as_itself() -> None:
    assert diff_rulesets(RULES, RULES) == []
    assert diff_lines([]) == ["The two rulesets say the same."]


@given(st.sampled_from(sorted(RULES.items)), st.integers(min_value=0, max_value=10**6))
def test_a_price_change_is_one_change_named_by_the_item(item_id: str, price: int) -> None:
    item = RULES.items[item_id]
    items = MappingProxyType({**RULES.items, item_id: dataclasses.replace(item, price=price)})
    changes = diff_rulesets(RULES, dataclasses.replace(RULES, items=items))
    if price == item.price:
        assert changes == []
        return
    assert diff_json(changes) == [
        {"path": f"items.{item_id}.price", "old": item.price, "new": price}
    ]
    assert changes[0].section == "Items"
    assert changes[0].sentence == f"{item.name}: price ${item.price} -> ${price}"


@given(
    st.sampled_from(sorted(RULES.roles)),
    st.sampled_from(RULES.stat_order),
    st.integers(min_value=1, max_value=20),
)
def test_a_stat_line_change_is_previewed_for_every_living_member_of_that_role(
    role_id: str, stat: str, value: int
) -> None:
    role = RULES.roles[role_id]
    stats = MappingProxyType({**role.stats, stat: value})
    roles = MappingProxyType({**RULES.roles, role_id: dataclasses.replace(role, stats=stats)})
    new = dataclasses.replace(RULES, roles=roles)
    changes = diff_json(diff_rulesets(RULES, new))
    if value == role.stats[stat]:
        assert changes == []
        return
    assert changes == [
        {"path": f"roles.{role_id}.stats.{stat}", "old": role.stats[stat], "new": value}
    ]

    posse = Posse(
        "P", "sheriffs", (Member("A", role_id), Member("B", role_id, status="dead")), 0, "x", "1"
    )
    preview = preview_adoption([posse], RULES, new).posses[0]
    assert [line.split(":")[0] for line in preview.stats] == [f"A ({role.name})"]
    assert len(preview.roles) == 1


def _sentences(new: object) -> list[str]:
    assert isinstance(new, type(RULES))
    return [c.sentence for c in diff_rulesets(RULES, new)]


def test_r9_damage_bands_are_told_as_the_rule_says_them_not_as_a_dump() -> None:
    from rostermgr.rules import DamageBand

    bands = (DamageBand(1, 1), DamageBand(3, 2), DamageBand(8, 3), DamageBand(12, 4))
    assert _sentences(dataclasses.replace(RULES, damage_bands=bands)) == [
        "Damage bands (difference: base damage): 1-5: 1, 6-10: 2, 11 or more: 3 -> "
        "1-2: 1, 3-7: 2, 8-11: 3, 12 or more: 4"
    ]


def test_r12_an_end_flip_that_changes_is_told_by_its_turn_alone() -> None:
    first, second = RULES.end_flips
    fewer = dataclasses.replace(first, ends_on=("2", "3", "4"))
    assert _sentences(dataclasses.replace(RULES, end_flips=(fewer, second))) == [
        "End flip after turn 5: ends on 2, 3, 4, 5 -> ends on 2, 3, 4"
    ]


def test_r15_an_advancement_row_is_told_by_its_cards_with_the_stats_names() -> None:
    *kept, faces = RULES.advancement
    only = dataclasses.replace(faces, stats=("defence",))
    assert _sentences(dataclasses.replace(RULES, advancement=(*kept, only))) == [
        "Advancement J, Q, K, A: Defence or Wounds -> Defence"
    ]


def test_r1_a_leader_action_change_is_told_by_action_and_field_not_as_json() -> None:
    """A house `leader_pair` now reaches the actions' texts (rules_tables.filled_text): the
    diff names the action and the field, where it dumped the whole list twice as JSON."""
    from rostermgr.rules_load import parse_ruleset_text
    from tests.rostermgr.test_nonsense_rulesets import TEXT

    old = parse_ruleset_text(TEXT, "old.toml")
    new = parse_ruleset_text(TEXT.replace("leader_pair = 1", "leader_pair = 2", 1), "new.toml")
    lines = diff_lines(diff_rulesets(old, new))
    sheriffs = next(line for line in lines if line.strip().startswith("Sheriffs:"))
    assert sheriffs.strip().startswith('Sheriffs: Dead Eyed Aim / Dead Eyed Spirit: text "Play')
    assert "+1 to the leader's attack total" in sheriffs and "+2 to the leader's" in sheriffs
    assert "{" not in sheriffs  # no JSON
    added = dataclasses.replace(
        new.faction("sheriffs"),
        leader_actions=(
            *new.faction("sheriffs").leader_actions,
            dataclasses.replace(new.faction("sheriffs").leader_actions[0], name="Second Wind"),
        ),
    )
    more = dataclasses.replace(new, factions=MappingProxyType({**new.factions, "sheriffs": added}))
    told = " ".join(diff_lines(diff_rulesets(new, more)))
    assert "Sheriffs: Second Wind added" in told
