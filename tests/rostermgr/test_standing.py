"""A posse's standing follows from its history, like its purse from its ledger."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rostermgr.standing import DELETED, PLAYING, RETIRED, deleted_name, may_play, standing


def test_the_newest_standing_line_decides() -> None:
    assert standing([]) == PLAYING
    assert standing(["created", "buy", "retire"]) == RETIRED
    assert standing(["retire", "return", "game"]) == PLAYING
    assert standing(["retire", "delete"]) == DELETED
    assert may_play(PLAYING) and not may_play(RETIRED) and not may_play(DELETED)


@given(st.lists(st.sampled_from(["retire", "return", "delete", "buy", "game"])))
def test_any_history_ends_in_the_standing_of_its_last_standing_line(kinds: list[str]) -> None:
    last = [k for k in kinds if k in ("retire", "return", "delete")]
    expected = {"retire": RETIRED, "return": PLAYING, "delete": DELETED}
    assert standing(kinds) == (expected[last[-1]] if last else PLAYING)


def test_a_deleted_name_is_never_one_taken() -> None:
    taken = ["Kid (deleted 2026-12-01)"]
    assert deleted_name("Kid", "2026-12-01", taken) == "Kid (deleted 2026-12-01, 2)"
    assert deleted_name("Kid", "2026-12-02", taken) == "Kid (deleted 2026-12-02)"


def test_a_retired_posse_buys_sells_and_hires_nothing_until_brought_back() -> None:
    from rostermgr.errors import Refused
    from rostermgr.roster import Posse
    from rostermgr.rules_load import default_ruleset
    from rostermgr.shop import plan_buy, plan_creation, plan_hire, plan_sell, shop_choices
    from rostermgr.standing import trading_refusal
    from tests.conftest import DALTON

    rules = default_ruleset()
    plan = plan_creation(DALTON, rules)
    members = tuple(m for m in plan.members if m.name != "Slim")  # a gang member short
    playing = Posse(plan.name, plan.faction, members, 100, rules.id, rules.version)
    retired = replace(playing, standing=RETIRED)
    why = trading_refusal(retired.name, RETIRED)
    assert why.startswith(f"{retired.name} is retired") and trading_refusal("X", PLAYING) == ""
    for plan_it in (
        lambda p: plan_buy(p, "Doc", "whiskey", rules),
        lambda p: plan_sell(p, "Kid", "pistol", rules),
        lambda p: plan_hire(p, "ganger", "New", rules),
    ):
        with pytest.raises(Refused, match="is retired"):
            plan_it(retired)
    plan_buy(playing, "Doc", "whiskey", rules)  # the same posse playing may
    plan_hire(playing, "ganger", "New", rules)
    assert {c.reason for c in shop_choices(retired, "Doc", rules)} == {why}
