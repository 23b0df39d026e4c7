"""Planning a post-game report without a database: R12, R13, R14, R16."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from rostermgr.errors import InvalidFile, RuleBroken
from rostermgr.plans import FlipsEarned, Injury, Payment
from rostermgr.postgame import plan_game
from rostermgr.report import parse_report
from rostermgr.roster import DEAD, Member, Posse
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


def plan(injuries: int = 0, thief: str = "", **extra: object):
    """A game of A (Outlawmen) against B (Sheriffs, or Bootleggers when B is the `thief`)."""
    b_faction = "bootleggers" if thief == "B" else "sheriffs"
    posses = {"A": posse("A", "outlawmen", injuries), "B": posse("B", b_faction)}
    return plan_with(posses, **extra)


def plan_with(posses: dict[str, Posse], **extra: object):
    doc = {"date": "2025-12-01", "scenario": "bounty", "posses": ["A", "B"], "winner": "B", **extra}
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
    """R1: the Bootlegger leader's Slippery Paws takes an item from a model of another posse."""
    theft = {"from": {"posse": "A", "member": "One"}, "item": "whiskey"}
    same = {"A": posse("A", "bootleggers"), "B": posse("B", "sheriffs")}
    with pytest.raises(RuleBroken, match=r"are in the same posse; .* opposing model \(R1\)\.$"):
        plan_with(same, items_stolen=[{**theft, "to": {"posse": "A", "member": "Boss"}}])
    moved = plan(items_stolen=[{**theft, "to": {"posse": "B", "member": "Boss"}}], thief="B")
    assert moved.lines() == ["Boss of B stole a whiskey from One of A."]


@pytest.mark.parametrize(
    ("faction", "member", "role"),
    [
        ("sheriffs", "Two", "gang member"),
        ("outlawmen", "Boss", "leader"),
        ("bootleggers", "Two", "gang member"),
    ],
)
def test_r1_2026_12_only_a_bootlegger_leader_steals(faction: str, member: str, role: str) -> None:
    """R1 ruling 2026-12: a Sheriffs ganger or an Outlawmen leader stealing is refused."""
    posses = {"A": posse("A", "townsfolk"), "B": posse("B", faction)}
    theft = {"from": {"posse": "A", "member": "One"}, "to": {"posse": "B", "member": member}}
    name = RULES.factions[faction].name
    with pytest.raises(RuleBroken) as caught:
        plan_with(posses, items_stolen=[{**theft, "item": "whiskey"}])
    assert str(caught.value) == (
        f"Item stolen 1: {member} of B is a {role} of the {name}; only the leader of the "
        "Bootleggers steals (R1)."
    )


def test_r1_2026_12_only_an_item_priced_below_the_theft_limit_is_stolen() -> None:
    """R1: Slippery Paws takes an item worth less than the theft limit ($10 by default)."""
    assert RULES.theft_limit == 10
    boss = Member("Boss", "leader", ("revolver", "pistol"))
    victim = Posse("A", "sheriffs", (boss,), 0, RULES.id, RULES.version)
    posses = {"A": victim, "B": posse("B", "bootleggers")}
    theft = {"from": {"posse": "A", "member": "Boss"}, "to": {"posse": "B", "member": "Boss"}}
    with pytest.raises(
        RuleBroken, match=r"revolver is priced \$10; only an item priced below \$10"
    ):
        plan_with(posses, items_stolen=[{**theft, "item": "revolver"}])
    ok = plan_with(posses, items_stolen=[{**theft, "item": "pistol"}])
    assert ok.lines() == ["Boss of B stole a pistol from Boss of A."]


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
    # R12 (2026-12): the claimant of a Bounty game's bounty is its winner
    won = {**doc, "bounties": named_by_both, "winner": "B"}
    plan_game(parse_report(won, RULES), posses, RULES)


def test_r1_r5_stolen_item_must_suit_the_thief() -> None:
    """R5: a Bootlegger leader in leather cannot take a second clothing item."""
    dressed = Member("Boss", "leader", ("light-leather",))
    thieves = Posse("B", "bootleggers", (dressed,), 0, RULES.id, RULES.version)
    lawman = Member("Wyatt", "leader", ("light-leather", "whiskey"))
    posses = {"A": Posse("A", "sheriffs", (lawman,), 0, RULES.id, RULES.version), "B": thieves}
    theft = {"from": {"posse": "A", "member": "Wyatt"}, "to": {"posse": "B", "member": "Boss"}}
    with pytest.raises(RuleBroken, match=r"^Item stolen 1: Boss already has 1 clothing item.*R5"):
        plan_with(posses, items_stolen=[{**theft, "item": "light-leather"}])
    assert (
        "stole a whiskey"
        in plan_with(posses, items_stolen=[{**theft, "item": "whiskey"}]).lines()[0]
    )


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


def test_r12_a_posse_with_no_living_member_plays_no_game() -> None:
    """An empty posse (every member dead) was recorded in a game, even as its winner."""
    dead = tuple(
        Member(m.name, m.role, injuries=3, status=DEAD) for m in posse("A", "outlawmen").members
    )
    posses = {
        "A": Posse("A", "outlawmen", dead, 0, RULES.id, RULES.version),
        "B": posse("B", "sheriffs"),
    }
    for winner in ("A", "B", None):
        with pytest.raises(RuleBroken) as refused:
            plan_with(posses, winner=winner)
        assert str(refused.value) == (
            "The report names A, which has no living member to field; hire one before it "
            "plays a game (R3, R12)."
        )
    one_left = {
        **posses,
        "A": Posse(
            "A", "outlawmen", (*dead[:4], Member("Three", "ganger")), 0, RULES.id, RULES.version
        ),
    }
    assert plan_with(one_left, winner="B").changes == ()
