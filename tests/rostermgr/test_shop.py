"""Creation, buying, selling and hiring: R3, R5, R16."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.errors import RuleBroken
from rostermgr.hiring import nobody_to_hire
from rostermgr.roster import Member, Posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import plan_buy, plan_creation, plan_hire, plan_sell
from rostermgr.standing import RETIRED, trading_refusal
from tests.conftest import DALTON

RULES = default_ruleset()


def posse(purse: int = 50, members: tuple[Member, ...] | None = None) -> Posse:
    members = members or (
        Member("Ike", "leader"),
        Member("Ma", "deputy"),
        Member("Kid", "ganger", ("pistol",)),
        Member("Slim", "ganger"),
        Member("Doc", "ganger"),
    )
    return Posse("P", "outlawmen", members, purse, RULES.id, RULES.version)


def test_r16_creation_purse_of_the_dalton_boys() -> None:
    plan = plan_creation(DALTON, RULES)
    assert plan.purse == 7  # 200 - (50 + 35 + 60 + 10 + 10 + 15 + 8 + 3 + 2)
    assert plan.entries[0].amount == RULES.starting_purse


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (lambda d: d["members"].append({"name": "Bob", "role": "leader"}), "exactly 1 leader"),
        (
            lambda d: d["members"].append({"name": "Bob", "role": "ganger"}),
            "exactly 3 gang members",
        ),
        (lambda d: d["members"].pop(), "exactly 3 gang members"),
    ],
)
def test_r3_composition(change, sentence: str) -> None:
    doc = {**DALTON, "members": [dict(m) for m in DALTON["members"]]}
    change(doc)
    with pytest.raises(RuleBroken, match=sentence):
        plan_creation(doc, RULES)


def test_r5_restrictions() -> None:
    p = posse(purse=100)
    with pytest.raises(RuleBroken, match="only a leader or deputy"):
        plan_buy(p, "Kid", "horse", RULES)
    with pytest.raises(RuleBroken, match="only a leader"):
        plan_buy(p, "Ma", "rabbits-foot", RULES)
    assert plan_buy(p, "Ike", "horse", RULES).amount == -30
    dressed = posse(members=(Member("Ike", "leader", ("light-leather",)),))
    with pytest.raises(RuleBroken, match="only 1"):
        plan_buy(dressed, "Ike", "fine-leather", RULES)
    feet = posse(members=(Member("Ike", "leader", ("rabbits-foot", "rabbits-foot")),))
    assert plan_buy(feet, "Ike", "rabbits-foot", RULES).amount == -6  # a leader may hold several


def test_r16_overspend_refused_and_sale_rounds_down() -> None:
    with pytest.raises(RuleBroken, match=r"costs \$25 and the purse holds \$24"):
        plan_buy(posse(purse=24), "Ike", "scope-rifle", RULES)
    assert plan_sell(posse(), "Kid", "pistol", RULES).amount == 4
    with pytest.raises(RuleBroken, match="no hunting knife"):
        plan_sell(posse(), "Kid", "hunting-knife", RULES)


def test_r3_hire_only_into_a_vacancy() -> None:
    with pytest.raises(RuleBroken, match="already has a living leader"):
        plan_hire(posse(), "leader", "New", RULES)
    with pytest.raises(RuleBroken, match="already has 3 living gang members"):
        plan_hire(posse(), "ganger", "New", RULES)
    short = posse(members=(Member("Ike", "leader"), Member("Kid", "ganger", status="dead")))
    member, entry = plan_hire(short, "ganger", "New Kid", RULES)
    assert member.role == "ganger" and entry.amount == -RULES.roles["ganger"].hire_cost
    with pytest.raises(RuleBroken, match="already has a member named 'Kid'"):
        plan_hire(short, "ganger", "Kid", RULES)


def test_dead_members_cannot_shop() -> None:
    p = posse(members=(Member("Kid", "ganger", status="dead"),))
    with pytest.raises(Exception, match="dead"):
        plan_buy(p, "Kid", "pistol", RULES)


def test_r3_r16_nobody_to_hire_says_why_in_one_sentence() -> None:
    """Asked before a hire is offered: a full posse says every place is filled (the window's
    hire dialog said only "already has a living leader", its first role's refusal)."""
    assert nobody_to_hire(posse(), RULES) == (
        "P has every place filled: a living leader, a living deputy and 3 living gang members, "
        "the most a posse may have; a member is hired only to replace one (R3)."
    )
    one_down = posse(
        purse=RULES.roles["ganger"].hire_cost,
        members=(
            Member("Ike", "leader"),
            Member("Ma", "deputy"),
            Member("Kid", "ganger", status="dead"),
            Member("Slim", "ganger"),
            Member("Doc", "ganger"),
        ),
    )
    assert nobody_to_hire(one_down, RULES) == ""
    plan_hire(one_down, "ganger", "New Kid", RULES)  # what it allows, the planner takes
    broke = replace(one_down, purse=RULES.roles["ganger"].hire_cost - 1)
    assert nobody_to_hire(broke, RULES).startswith("P cannot afford a new gang member")
    with pytest.raises(RuleBroken, match="cannot afford"):
        plan_hire(broke, "ganger", "New Kid", RULES)
    retired = replace(one_down, standing=RETIRED)
    assert nobody_to_hire(retired, RULES) == trading_refusal("P", RETIRED)


@given(
    alive=st.lists(st.sampled_from(["leader", "deputy", "ganger"]), max_size=6),
    purse=st.integers(0, 120),
)
def test_r3_r16_nobody_to_hire_is_empty_exactly_when_some_role_may_be_hired(
    alive: list[str], purse: int
) -> None:
    members = tuple(Member(f"M{i}", role) for i, role in enumerate(alive))
    p = Posse("P", "outlawmen", members, purse, RULES.id, RULES.version)
    some = False
    for role in RULES.roles:
        try:
            plan_hire(p, role, "Newcomer", RULES)
        except RuleBroken:
            continue
        some = True
    assert (nobody_to_hire(p, RULES) == "") == some
