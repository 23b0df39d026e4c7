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
