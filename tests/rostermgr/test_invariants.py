"""What any posse must satisfy (R3, R5), whichever way it entered the campaign."""

from __future__ import annotations

from rostermgr.invariants import carry_problems, roster_problems
from rostermgr.roster import DEAD, Member
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def test_r5_role_restrictions_and_kind_limits() -> None:
    assert carry_problems(Member("Ike", "leader", ("horse", "rabbits-foot")), RULES) == []
    assert carry_problems(Member("Kid", "ganger", ("horse",)), RULES) == [
        "Kid carries a horse, which only a leader or deputy may (R5)."
    ]
    assert carry_problems(Member("Ma", "deputy", ("light-leather", "fine-leather")), RULES) == [
        "Ma carries 2 clothing items; a member may carry only 1 (R5)."
    ]


def test_r3_counts_the_living_only() -> None:
    posse = [
        Member("Old Boss", "leader", status=DEAD, injuries=3),
        Member("New Boss", "leader"),
        Member("Ma", "deputy"),
        *[Member(n, "ganger") for n in ("Kid", "Slim", "Doc")],
    ]
    assert roster_problems("P", posse, RULES) == []
    assert roster_problems("P", [*posse, Member("Four", "ganger")], RULES) == [
        "P has 4 living gang members; a posse may have at most 3 (R3)."
    ]
