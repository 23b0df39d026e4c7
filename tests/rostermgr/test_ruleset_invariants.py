"""One set of invariants: what `check` refuses in a campaign, loading a ruleset refuses first,
naming the key (#27 item 6).

`check` refuses a member whose current stat is below 0 (base + upgrades - strikes x
`injuries.wounds_lost`, the dead keeping their `injuries.strikes_to_die` strikes); so a ruleset
whose stat line cannot carry the strikes that kill is refused at `roles.ROLE.stats.wounds`.
Percentages are 0 to 100: a sale never returns more than the price (R16).
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.adoption import preview_posse
from rostermgr.errors import RulesetError
from rostermgr.invariants import stat_problems
from rostermgr.roster import ACTIVE, DEAD, Member, Posse
from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from tests.rostermgr.test_nonsense_rulesets import TEXT, refusal

GANGER = (
    "stats = { move = 1, shot = 2, combat = 2, strength = 2, toughness = 1, defence = 1, "
    "wounds = 6 }"
)


def _with(wounds: int = 6, lost: int = 1, strikes: int = 3) -> str:
    text = TEXT.replace(GANGER, GANGER.replace("wounds = 6", f"wounds = {wounds}"), 1)
    text = text.replace("wounds_lost = 1", f"wounds_lost = {lost}", 1)
    return text.replace("strikes_to_die = 3", f"strikes_to_die = {strikes}", 1)


@pytest.mark.parametrize("wounds", [0, 1, 2])
def test_a_ganger_whose_wounds_cannot_carry_the_strikes_is_refused_naming_the_key(
    wounds: int,
) -> None:
    with pytest.raises(RulesetError) as refused:
        parse_ruleset_text(_with(wounds=wounds), "bad.toml")
    said = str(refused.value)
    assert "key 'roles.ganger.stats.wounds'" in said, said
    assert "injuries.strikes_to_die" in said and "injuries.wounds_lost" in said, said
    assert f"Wounds {wounds - 3}" in said, said


def test_wounds_lost_that_take_a_member_below_0_is_refused() -> None:
    with pytest.raises(RulesetError, match=r"key 'roles\.\w+\.stats\.wounds'"):
        parse_ruleset_text(_with(lost=3), "bad.toml")


def test_just_enough_wounds_loads() -> None:
    rules = parse_ruleset_text(_with(wounds=3), "edge.toml")
    assert rules.roles["ganger"].stats["wounds"] == 3


@pytest.mark.parametrize("key", ["resale_percent", "goods_percent"])
@pytest.mark.parametrize("value", [101, 1000])
def test_r16_a_percentage_over_100_is_refused_naming_the_key(key: str, value: int) -> None:
    old = re.search(rf"{key} = \d+", TEXT)
    assert old is not None
    said = refusal(old.group(0), f"{key} = {value}")
    assert f"key 'money.{key}'" in said and "at most 100" in said, said


@pytest.mark.parametrize("value", [0, 100])
def test_a_percentage_of_0_or_100_loads(value: int) -> None:
    rules = parse_ruleset_text(
        TEXT.replace("resale_percent = 50", f"resale_percent = {value}"), "x"
    )
    assert rules.resale_value("pistol") == rules.item("pistol").price * value // 100


@settings(max_examples=60, deadline=None)
@given(wounds=st.integers(0, 12), lost=st.integers(0, 4), strikes=st.integers(1, 5), data=st.data())
def test_a_ruleset_loads_exactly_when_no_member_can_break_check(
    wounds: int, lost: int, strikes: int, data: st.DataObject
) -> None:
    """Loaded: every member state the game can reach passes check's stat test. Refused: one
    does not, and the refusal names the key."""
    try:
        rules = parse_ruleset_text(_with(wounds, lost, strikes), "any.toml")
    except RulesetError as refused:
        lines = {"leader": 8, "deputy": 7, "ganger": wounds}  # the shipped leader and deputy
        short = [role for role, w in lines.items() if w - strikes * lost < 0]
        assert short, str(refused)
        assert any(f"key 'roles.{role}.stats.wounds'" in str(refused) for role in short)
        return
    assert wounds - strikes * lost >= 0
    injuries = data.draw(st.integers(0, strikes))
    status = DEAD if injuries == strikes else ACTIVE
    upgrades = data.draw(st.dictionaries(st.sampled_from(rules.stat_order), st.integers(0, 3)))
    for role in rules.roles:
        assert stat_problems("Kid", role, upgrades, injuries, rules) == [], (role, status)


def test_adoption_refuses_an_upgrade_of_a_stat_the_new_ruleset_drops() -> None:
    rules = default_ruleset()
    kept = tuple(s for s in rules.stat_order if s != "strength")
    new = dataclasses.replace(rules, stat_order=kept)
    kid = Member("Kid", "ganger", upgrades={"strength": 1})
    posse = Posse("P", "outlawmen", (kid,), 0, rules.id, rules.version)
    refusals = preview_posse(posse, rules, new).refusals
    assert any("'strength'" in r and "'stats.order'" in r for r in refusals), refusals


@pytest.mark.parametrize(
    ("status", "injuries", "limit"), [(ACTIVE, 1, 1), (ACTIVE, 2, 2), (DEAD, 3, 4)]
)
def test_adoption_refuses_strikes_that_no_longer_match_life_or_death(
    status: str, injuries: int, limit: int
) -> None:
    rules = default_ruleset()
    new = dataclasses.replace(rules, strikes_to_die=limit)
    kid = Member("Kid", "ganger", status=status, injuries=injuries)
    posse = Posse("P", "outlawmen", (kid,), 0, rules.id, rules.version)
    (refusal,) = preview_posse(posse, rules, new).refusals
    assert "Kid of P" in refusal and f"'injuries.strikes_to_die' = {limit}" in refusal


@pytest.mark.parametrize(
    ("status", "injuries", "limit", "said"),
    [
        (ACTIVE, 1, 1, "Kid of P is active with 1 strike, which the new key"),
        (DEAD, 3, 4, "Kid of P is dead with 3 strikes, which the new key"),
        # more strikes than the new limit: no life or death would mend it (it said "alive")
        (DEAD, 3, 1, "Kid of P has 3 strikes, more than the new key"),
        (ACTIVE, 2, 1, "Kid of P has 2 strikes, more than the new key"),
    ],
)
def test_r13_the_adoption_refusal_says_what_the_new_limit_makes_of_the_strikes(
    status: str, injuries: int, limit: int, said: str
) -> None:
    rules = default_ruleset()
    new = dataclasses.replace(rules, strikes_to_die=limit)
    kid = Member("Kid", "ganger", status=status, injuries=injuries)
    posse = Posse("P", "outlawmen", (kid,), 0, rules.id, rules.version)
    (refusal,) = preview_posse(posse, rules, new).refusals
    assert refusal.startswith(said), refusal
    tail = {ACTIVE: "would make dead (R13).", DEAD: "would make alive (R13)."}[status]
    assert refusal.endswith("allows (R13)." if injuries > limit else tail), refusal
