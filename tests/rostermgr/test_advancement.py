"""Spending flips: R15."""

from __future__ import annotations

import pytest

from rostermgr.advancement import plan_choose, plan_flip, plan_reflip
from rostermgr.cards import allowed_stats, parse_card
from rostermgr.errors import RuleBroken
from rostermgr.roster import Member
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


@pytest.mark.parametrize(
    ("card", "stats"),
    [
        ("JK", ("shot", "combat")),
        ("2H", ("shot", "combat")),
        ("5S", ("shot", "combat")),
        ("6D", ("strength", "toughness")),
        ("10C", ("strength", "toughness")),
        ("JH", ("defence", "wounds")),
        ("AS", ("defence", "wounds")),
    ],
)
def test_r15_advancement_table(card: str, stats: tuple[str, str]) -> None:
    assert allowed_stats(parse_card(card), RULES) == stats


def test_r15_flip_choose_now_or_later() -> None:
    m = Member("Wyatt", "leader", flips=2)
    step = plan_flip(m, parse_card("8H"), "strength", RULES)
    assert step.spent == 1 and step.upgrade == "strength" and step.pending is None
    waiting = plan_flip(m, parse_card("8H"), None, RULES)
    assert waiting.pending == parse_card("8H") and waiting.upgrade is None
    pending = Member("Wyatt", "leader", flips=1, pending_card="8H")
    assert plan_choose(pending, "toughness", RULES).upgrade == "toughness"
    with pytest.raises(RuleBroken, match="Strength or Toughness"):
        plan_choose(pending, "wounds", RULES)


def test_r15_reflip_burns_another_flip() -> None:
    pending = Member("Wyatt", "leader", flips=1, pending_card="2H")
    step = plan_reflip(pending, parse_card("QS"), "wounds", RULES)
    assert step.spent == RULES.reflip_cost == 1 and step.upgrade == "wounds"
    with pytest.raises(RuleBroken, match="no flip left"):
        plan_reflip(
            Member("Wyatt", "leader", flips=0, pending_card="2H"), parse_card("QS"), None, RULES
        )


def test_r15_upgrades_raise_current_stats() -> None:
    from types import MappingProxyType

    m = Member("Kid", "ganger", injuries=1, upgrades=MappingProxyType({"wounds": 1, "shot": 2}))
    stats = m.stats(RULES)
    assert stats["wounds"] == 6 and stats["shot"] == 4  # 6 + 1 - 1; 2 + 2


def test_r15_no_flips_no_dead() -> None:
    with pytest.raises(RuleBroken, match="no flips"):
        plan_flip(Member("Kid", "ganger"), parse_card("2H"), None, RULES)
    with pytest.raises(RuleBroken, match="dead"):
        plan_flip(Member("Kid", "ganger", status="dead", flips=1), parse_card("2H"), None, RULES)


@pytest.mark.parametrize("said", ["toughness", "Toughness", "TOUGHNESS", "T", " t "])
def test_r15_a_stat_by_id_name_or_short_form(said: str) -> None:
    wyatt = Member("Wyatt", "leader", flips=1)
    step = plan_flip(wyatt, parse_card("7H"), said, RULES)
    assert step.upgrade == "toughness"


def test_r15_a_refused_choice_says_what_became_of_the_flip() -> None:
    wyatt = Member("Wyatt", "leader", flips=1)
    with pytest.raises(
        RuleBroken, match=r"^7H allows .*, not Defence \(R15\); no flip was spent\.$"
    ):
        plan_flip(wyatt, parse_card("7H"), "defence", RULES)
    waiting = Member("Wyatt", "leader", flips=0, pending_card="7H")
    with pytest.raises(RuleBroken, match=r"; Wyatt's flip still waits\.$"):
        plan_choose(waiting, "Defence", RULES)
    with pytest.raises(RuleBroken, match=r"^'Moxie' is not a stat: choose one of Move, "):
        plan_choose(waiting, "Moxie", RULES)
