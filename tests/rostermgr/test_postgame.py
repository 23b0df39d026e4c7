"""Planning a post-game report without a database: R12, R13, R14, R16."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from rostermgr.errors import InvalidFile, RuleBroken
from rostermgr.postgame import FlipsEarned, Injury, Payment, plan_game
from rostermgr.report import parse_report
from rostermgr.roster import Member, Posse
from rostermgr.rules_load import default_ruleset

RULES = default_ruleset()


def posse(name: str, faction: str, injuries: int = 0) -> Posse:
    members = (
        Member("Boss", "leader", ("pistol",)),
        Member("Second", "deputy"),
        Member("One", "ganger", ("hatchet", "whiskey"), injuries=injuries),
        Member("Two", "ganger"),
        Member("Three", "ganger"),
    )
    return Posse(name, faction, members, 50, RULES.id, RULES.version)


def plan(injuries: int = 0, **extra: object):
    doc = {"date": "2025-12-01", "scenario": "bounty", "posses": ["A", "B"], "winner": "B", **extra}
    posses = {"A": posse("A", "outlawmen", injuries), "B": posse("B", "sheriffs")}
    return plan_game(parse_report(doc, RULES), posses, RULES)


TAKE_OUT = [{"posse": "A", "member": "One", "by": {"posse": "B", "member": "Boss"}}]


def test_r13_r14_first_take_out_is_an_injury_and_one_flip() -> None:
    changes = plan(out_of_action=TAKE_OUT).changes
    injury = next(c for c in changes if isinstance(c, Injury))
    assert (injury.injuries, injury.dead, injury.buried) == (1, False, ())
    flips = next(c for c in changes if isinstance(c, FlipsEarned))
    assert (flips.count, flips.killing) == (RULES.flips_per_take_out, False) == (1, False)


def test_r13_r14_third_strike_kills_buries_gear_and_earns_a_killing_blow() -> None:
    changes = plan(injuries=2, out_of_action=TAKE_OUT).changes
    injury = next(c for c in changes if isinstance(c, Injury))
    assert injury.dead and injury.buried == ("hatchet", "whiskey")
    flips = next(c for c in changes if isinstance(c, FlipsEarned))
    assert flips.count == 2 and flips.killing


def test_r13_a_fall_injures_without_flips() -> None:
    changes = plan(out_of_action=[{"posse": "A", "member": "One"}]).changes
    assert [type(c) for c in changes] == [Injury]


@pytest.mark.parametrize(("target", "reward"), [("Boss", 50), ("Second", 25), ("Two", 10)])
def test_r12_bounty_reward_by_the_targets_role(target: str, reward: int) -> None:
    bounty = [{"posse": "B", "target": {"posse": "A", "member": target}, "claimed": True}]
    taken_out = [{"posse": "A", "member": target, "by": {"posse": "B", "member": "Two"}}]
    changes = plan(bounties=bounty, out_of_action=taken_out).changes
    payment = next(c for c in changes if isinstance(c, Payment))
    assert payment.posse == "B" and payment.entry.amount == reward


def test_r12_unclaimed_bounty_pays_nothing() -> None:
    bounty = [{"posse": "B", "target": {"posse": "A", "member": "Boss"}, "claimed": False}]
    assert plan(bounties=bounty).changes == ()


@pytest.mark.parametrize(("value", "paid"), [(31, 15), (30, 15), (1, 0), (0, 0)])
def test_r16_goods_sell_at_half_rounded_down(value: int, paid: int) -> None:
    goods = [{"posse": "A", "market_value": value, "reason": "crates"}]
    payment = next(c for c in plan(goods_sold=goods).changes if isinstance(c, Payment))
    assert payment.entry.amount == paid


def test_r4_only_consumables_are_used_up() -> None:
    used = plan(items_used=[{"posse": "A", "member": "One", "item": "whiskey"}])
    assert used.lines() == ["One of A used up a whiskey."]
    for item in ("hatchet", "pistol"):
        holder = "One" if item == "hatchet" else "Boss"
        with pytest.raises(RuleBroken, match=rf"^Item used 1: a {item} is not used up in play; "):
            plan(items_used=[{"posse": "A", "member": holder, "item": item}])


def test_r1_an_item_is_stolen_from_an_opposing_model() -> None:
    theft = {"from": {"posse": "A", "member": "One"}, "item": "hatchet"}
    with pytest.raises(RuleBroken, match=r"are in the same posse; .* opposing model \(R1\)\.$"):
        plan(items_stolen=[{**theft, "to": {"posse": "A", "member": "Two"}}])
    moved = plan(items_stolen=[{**theft, "to": {"posse": "B", "member": "Two"}}])
    assert moved.lines() == ["Two of B stole a hatchet from One of A."]


def test_r12_one_bounty_a_posse_and_a_reward_paid_once() -> None:
    on = {"posse": "A", "member": "One"}
    two = [
        {"posse": "B", "target": on, "claimed": True},
        {"posse": "B", "target": {"posse": "A", "member": "Two"}, "claimed": False},
    ]
    with pytest.raises(RuleBroken, match=r"^Bounty 2: B has a bounty already; each names one"):
        plan(bounties=two, out_of_action=TAKE_OUT)
    doc = {
        "date": "2025-12-01",
        "scenario": "bounty",
        "posses": ["A", "B", "C"],
        "out_of_action": [{"posse": "A", "member": "One"}],
    }
    posses = {
        n: posse(n, f) for n, f in (("A", "outlawmen"), ("B", "sheriffs"), ("C", "townsfolk"))
    }
    claimed_twice = [
        {"posse": "B", "target": on, "claimed": True},
        {"posse": "C", "target": on, "claimed": True},
    ]
    with pytest.raises(RuleBroken, match=r"^Bounty 2: the bounty on One of A is claimed twice"):
        plan_game(parse_report({**doc, "bounties": claimed_twice}, RULES), posses, RULES)
    named_by_both = [claimed_twice[0], {**claimed_twice[1], "claimed": False}]
    plan_game(parse_report({**doc, "bounties": named_by_both}, RULES), posses, RULES)


def test_r1_stolen_item_must_suit_the_thief() -> None:
    theft = [
        {
            "from": {"posse": "A", "member": "One"},
            "to": {"posse": "B", "member": "Two"},
            "item": "hatchet",
        }
    ]
    assert "stole a hatchet" in plan(items_stolen=theft).lines()[0]
    horse = {
        "A": Posse(
            "A", "outlawmen", (Member("Boss", "leader", ("horse",)),), 0, RULES.id, RULES.version
        ),
        "B": posse("B", "sheriffs"),
    }
    doc = {
        "date": "2025-12-01",
        "scenario": "other",
        "posses": ["A", "B"],
        "items_stolen": [
            {
                "from": {"posse": "A", "member": "Boss"},
                "to": {"posse": "B", "member": "Two"},
                "item": "horse",
            }
        ],
    }
    with pytest.raises(RuleBroken, match="R5"):
        plan_game(parse_report(doc, RULES), horse, RULES)


def test_report_shape_is_checked_before_names() -> None:
    with pytest.raises(InvalidFile, match="negative"):
        parse_report(
            {
                "date": "2025-12-01",
                "scenario": "other",
                "posses": ["A", "B"],
                "income": [{"posse": "A", "amount": -1}],
            },
            RULES,
        )
    with pytest.raises(InvalidFile, match="winner"):
        parse_report(
            {"date": "2025-12-01", "scenario": "other", "posses": ["A", "B"], "winner": "Z"}, RULES
        )


BOUNTY_ON_ONE = [{"posse": "B", "target": {"posse": "A", "member": "One"}, "claimed": True}]


def test_r12_a_claimed_bounty_needs_its_target_out_of_action() -> None:
    """R12: the reward is for taking the named model out of action, in this game."""
    with pytest.raises(
        RuleBroken,
        match=r"^Bounty 1: the bounty on One of A is claimed, but One is not out of action in "
        r"this report; .* \(R12\)\.$",
    ):
        plan(bounties=BOUNTY_ON_ONE)
    other = [{"posse": "A", "member": "Two", "by": {"posse": "B", "member": "Boss"}}]
    with pytest.raises(RuleBroken, match=r"One is not out of action"):
        plan(bounties=BOUNTY_ON_ONE, out_of_action=other)
    for scenario in ("bounty", "other"):  # 'other' is the designer's free scenario
        with pytest.raises(RuleBroken, match=r"One is not out of action"):
            plan(scenario=scenario, bounties=BOUNTY_ON_ONE)
        paid = plan(scenario=scenario, bounties=BOUNTY_ON_ONE, out_of_action=TAKE_OUT)
        assert "B claims $10 for the bounty on One of A." in paid.lines()


@pytest.mark.parametrize("scenario", ["bloodbath", "supply-drop", "western-prairie-dog"])
@pytest.mark.parametrize("claimed", [True, False])
def test_r12_a_bounty_only_in_a_scenario_that_has_bounties(scenario: str, claimed: bool) -> None:
    """R12: bounties belong to the Bounty scenario (and the designer's free 'other')."""
    bounty = [{**BOUNTY_ON_ONE[0], "claimed": claimed}]
    name = RULES.scenarios[scenario].name
    with pytest.raises(
        RuleBroken,
        match=rf"^Bounty 1: the {name} scenario has no bounties; a bounty is named only in the "
        r"Bounty or Other scenario \(R12\)\.$",
    ):
        plan(scenario=scenario, bounties=bounty, out_of_action=TAKE_OUT)
    assert plan(scenario=scenario, out_of_action=TAKE_OUT).changes


@pytest.mark.parametrize(
    ("posses", "problem"),
    [
        (["A"], "names only A in 'posses'; a game is played between at least two posses (R12)."),
        (["A", "A"], "names the same posse twice in 'posses'."),
        ([], "needs 'posses', a list of the posse names that played."),
    ],
)
def test_r12_a_game_is_played_between_two_posses(posses: list[str], problem: str) -> None:
    doc = {"date": "2025-12-01", "scenario": "bloodbath", "posses": posses}
    with pytest.raises(InvalidFile) as caught:
        parse_report(doc, RULES)
    assert str(caught.value) == f"The report is refused: the report {problem}"


def test_r17_a_report_dated_in_the_future_is_refused() -> None:
    """R17: a report records a game already played; today is fine, tomorrow is not."""
    doc = {"scenario": "bloodbath", "posses": ["A", "B"]}
    today, tomorrow = date.today(), date.today() + timedelta(days=1)
    assert parse_report({**doc, "date": today.isoformat()}, RULES).date == today.isoformat()
    for when in (tomorrow.isoformat(), "2999-12-20"):
        with pytest.raises(InvalidFile) as caught:
            parse_report({**doc, "date": when}, RULES)
        assert str(caught.value) == (
            f"The report is refused: the report has the date {when}, which is in the future; "
            "a report is of a game already played (R17)."
        )
    with pytest.raises(InvalidFile, match="write it as YYYY-MM-DD"):
        parse_report({**doc, "date": "20/12/2999"}, RULES)
