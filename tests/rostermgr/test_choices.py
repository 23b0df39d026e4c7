"""What a report may list (rostermgr.choices), the shop and flips: by rule id, and as properties
that what is offered is what plan_game accepts, and each refusal is plan_game's own sentence."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rostermgr import choices
from rostermgr.advancement import flip_choices
from rostermgr.cards import parse_card
from rostermgr.errors import Refused, RuleBroken
from rostermgr.postgame import plan_game
from rostermgr.report import Bounty, ItemUse, OutOfAction, Ref, Report, Theft
from rostermgr.roster import DEAD, Member, Posse
from rostermgr.rules_load import default_ruleset
from rostermgr.shop import check_carry, plan_buy, shop_choices

RULES = default_ruleset()
ROLES = ("leader", "deputy", "ganger", "ganger", "ganger")
NAMES = ("Boss", "Second", "One", "Two", "Three")


def posse(name: str, faction: str, items: dict[str, tuple[str, ...]] | None = None) -> Posse:
    items = items or {}
    members = tuple(Member(n, r, items.get(n, ())) for n, r in zip(NAMES, ROLES, strict=True))
    return Posse(name, faction, members, 50, RULES.id, RULES.version)


def draft(scenario: str = "bounty", **lists: object) -> Report:
    return Report("2025-12-01", scenario, ("A", "B"), None, **lists)  # type: ignore[arg-type]


def game(a: str = "outlawmen", b: str = "bootleggers") -> dict[str, Posse]:
    return {
        "A": posse("A", a, {"One": ("hatchet", "whiskey"), "Boss": ("revolver",)}),
        "B": posse("B", b, {"Boss": ("pistol",), "Two": ("hooch",)}),
    }


def allowed(found: tuple[choices.Choice, ...]) -> list:
    return list(choices.offered(found))


def test_r13_out_of_action_offers_each_living_member_once() -> None:
    posses = game()
    dead = dataclasses.replace(posses["A"].members[4], status=DEAD)
    posses["A"] = dataclasses.replace(posses["A"], members=(*posses["A"].members[:4], dead))
    listed = draft(out_of_action=(OutOfAction(Ref("A", "One"), None),))
    found = {c.value: c for c in choices.out_of_action_choices(listed, posses, RULES)}
    assert len(found) == 10
    assert not found[Ref("A", "One")].allowed
    assert found[Ref("A", "One")].reason == "One of A is out of action twice in one game."
    assert found[Ref("A", "Three")].reason == "Three of A is dead."
    assert sum(c.allowed for c in found.values()) == 8


def test_r14_by_is_no_one_or_a_model_of_another_posse() -> None:
    found = choices.by_choices(draft(), Ref("A", "One"), game(), RULES)
    assert allowed(found) == [None, *(Ref("B", n) for n in NAMES)]
    own = next(c for c in found if c.value == Ref("A", "Boss"))
    assert own.reason == "Boss of A is in the victim's own posse; leave 'by' out for friendly fire."


def test_r4_only_used_up_items_still_held_may_be_listed_as_used() -> None:
    found = choices.used_up_choices(draft(), game(), RULES)
    assert allowed(found) == [
        ItemUse(Ref("A", "One"), "whiskey"),
        ItemUse(Ref("B", "Two"), "hooch"),
    ]
    hatchet = next(c for c in found if c.value.item == "hatchet")
    assert hatchet.reason.startswith("a hatchet is not used up in play; only consumable items")
    once = draft(items_used=(ItemUse(Ref("A", "One"), "whiskey"),))
    again = next(
        c for c in choices.used_up_choices(once, game(), RULES) if c.value.item == "whiskey"
    )
    assert again.reason == "One of A has no whiskey."


def test_r1_2026_12_only_the_bootlegger_leader_steals_below_the_theft_limit() -> None:
    """R1: the thief is the leader of a faction whose action steals (data), the item is priced
    below the theft limit (data, $10) and the victim is of the opposing posse."""
    assert choices.thieves_factions(RULES) == ("bootleggers",)
    found = choices.theft_choices(draft(), game(), RULES)
    assert allowed(found) == [
        Theft(Ref("A", "One"), Ref("B", "Boss"), "hatchet"),
        Theft(Ref("A", "One"), Ref("B", "Boss"), "whiskey"),
    ]
    why = {(c.value.source, c.value.thief, c.value.item): c.reason for c in found}
    assert why[(Ref("A", "Boss"), Ref("B", "Boss"), "revolver")] == (
        "a revolver is priced $10; only an item priced below $10 is stolen (R1)."
    )
    assert why[(Ref("A", "One"), Ref("B", "Two"), "whiskey")] == (
        "Two of B is a gang member of the Bootleggers; only the leader of the Bootleggers "
        "steals (R1)."
    )
    assert why[(Ref("B", "Two"), Ref("A", "Boss"), "hooch")].startswith(
        "Boss of A is a leader of the Outlawmen;"
    )
    assert "same posse" in why[(Ref("B", "Two"), Ref("B", "Boss"), "hooch")]


def test_r1_the_theft_limit_and_the_stealing_faction_are_data() -> None:
    rules = dataclasses.replace(RULES, theft_limit=11)
    found = choices.theft_choices(draft(), game(), rules)
    assert Theft(Ref("A", "Boss"), Ref("B", "Boss"), "revolver") in allowed(found)
    sheriffs = dataclasses.replace(RULES.factions["sheriffs"], leader_actions=(
        dataclasses.replace(RULES.factions["bootleggers"].leader_actions[0]),
    ))  # fmt: skip
    rules = dataclasses.replace(RULES, factions={**RULES.factions, "sheriffs": sheriffs})
    found = choices.theft_choices(draft(), game("outlawmen", "sheriffs"), rules)
    assert Theft(Ref("A", "One"), Ref("B", "Boss"), "whiskey") in allowed(found)


def test_r12_bounties_only_in_a_bounty_scenario_one_a_posse_claimed_for_a_take_out() -> None:
    found = choices.bounty_choices(draft("bloodbath"), game(), RULES)
    assert not allowed(found) and "Bloodbath scenario has no bounties" in found[0].reason
    out = draft(out_of_action=(OutOfAction(Ref("A", "One"), None),))
    offered = allowed(choices.bounty_choices(out, game(), RULES))
    assert Bounty("B", Ref("A", "One"), True) in offered
    assert Bounty("B", Ref("A", "Two"), True) not in offered
    assert Bounty("B", Ref("A", "Two"), False) in offered
    named = dataclasses.replace(out, bounties=(Bounty("B", Ref("A", "One"), True),))
    found = choices.bounty_choices(named, game(), RULES)
    assert all(c.value.posse == "A" for c in found if c.allowed)
    assert {c.reason for c in found if c.value.posse == "B"} == {
        "B has a bounty already; each names one (R12)."
    } | {
        f"the bounty on {Ref('A', n)} is claimed, but {n} is not out of action in this report; "
        "the reward is for taking that model out of action (R12)."
        for n in NAMES
        if n != "One"
    }


def test_r15_flip_choices_give_the_cards_stats_and_the_reflip() -> None:
    wyatt = Member("Wyatt", "leader", flips=1)
    seven = flip_choices(wyatt, RULES, parse_card("7H"))
    assert (seven.stats, seven.can_turn, seven.can_reflip) == (
        ("strength", "toughness"),
        True,
        False,
    )
    assert seven.reflip_reason == "Wyatt has no flip waiting to re-flip."
    waiting = dataclasses.replace(wyatt, pending_card="QS", flips=0)
    choice = flip_choices(waiting, RULES)
    assert choice.stats == ("defence", "wounds") and not choice.can_turn
    assert choice.reflip_reason == "Wyatt has no flip left to burn for a re-flip of QS (R15)."
    assert flip_choices(dataclasses.replace(waiting, flips=1), RULES).can_reflip


def test_r5_r16_shop_choices_say_what_may_be_bought_and_why_not() -> None:
    p = posse("P", "outlawmen", {"Two": ("light-leather",)})
    p = dataclasses.replace(p, purse=12)
    found = {c.item.id: c for c in shop_choices(p, "Two", RULES)}
    assert list(found) == list(RULES.items)
    assert found["pistol"].allowed and found["pistol"].reason == ""
    assert found["horse"].reason == "Two cannot carry a horse: only a leader or deputy may (R5)."
    assert "already has 1 clothing item" in found["fine-leather"].reason
    assert found["shotgun"].reason.startswith("P cannot afford a shotgun: it costs $15")
    for c in found.values():
        if c.allowed:
            plan_buy(p, "Two", c.item.id, RULES)
        else:
            with pytest.raises(Refused, match=f"^{c.reason.replace('$', '.')[:20]}"):
                plan_buy(p, "Two", c.item.id, RULES)


# Properties: a draft built only from offered choices is accepted; a refused choice is refused
# by plan_game with the same sentence.

ITEMS = sorted(RULES.items)


@st.composite
def campaign_posse(draw: st.DrawFn, name: str) -> Posse:
    faction = draw(st.sampled_from(sorted(RULES.factions)))
    members = []
    for n, role in zip(NAMES, ROLES, strict=True):
        member = Member(n, role, injuries=draw(st.integers(0, 2)))
        for item in draw(st.lists(st.sampled_from(ITEMS), max_size=4)):
            try:
                check_carry(member, item, RULES)
            except Refused:
                continue
            member = dataclasses.replace(member, items=(*member.items, item))
        if draw(st.integers(0, 9)) == 0:
            member = dataclasses.replace(member, status=DEAD, items=())
        members.append(member)
    return Posse(name, faction, tuple(members), 0, RULES.id, RULES.version)


LISTS = ("out_of_action", "items_used", "items_stolen", "bounties")


def _choices(report: Report, posses: dict[str, Posse], which: str, data: st.DataObject) -> tuple:
    if which == "out_of_action":
        return tuple(
            dataclasses.replace(
                c,
                value=OutOfAction(
                    c.value,
                    data.draw(
                        st.sampled_from(
                            choices.offered(choices.by_choices(report, c.value, posses, RULES))
                        )
                    ),
                ),
            )
            for c in choices.out_of_action_choices(report, posses, RULES)
        )
    if which == "items_used":
        return choices.used_up_choices(report, posses, RULES)
    if which == "items_stolen":
        return choices.theft_choices(report, posses, RULES)
    return choices.bounty_choices(report, posses, RULES)


def _with(report: Report, which: str, value: object) -> Report:
    return dataclasses.replace(report, **{which: (*getattr(report, which), value)})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    campaign_posse("A"),
    campaign_posse("B"),
    st.sampled_from(sorted(RULES.scenarios)),
    st.data(),
)
def test_r1_r4_r12_r13_r14_offered_choices_are_accepted_and_refusals_agree(
    a: Posse, b: Posse, scenario: str, data: st.DataObject
) -> None:
    posses = {"A": a, "B": b}
    report = Report("2025-12-01", scenario, ("A", "B"), None)
    for which in data.draw(st.lists(st.sampled_from(LISTS), max_size=8)):
        found = _choices(report, posses, which, data)
        refused = [c for c in found if not c.allowed]
        if refused:
            bad = data.draw(st.sampled_from(refused))
            with pytest.raises(RuleBroken) as caught:
                plan_game(_with(report, which, bad.value), posses, RULES)
            assert bad.reason in str(caught.value)
        good = [c for c in found if c.allowed]
        if good:
            report = _with(report, which, data.draw(st.sampled_from(good)).value)
            report = _winner(report, posses, data)
            plan_game(report, posses, RULES)  # accepted: raises if not


def _winner(report: Report, posses: dict[str, Posse], data: st.DataObject) -> Report:
    """R12 (2026-12): a winner the draft allows; a refused one is refused with its sentence."""
    found = choices.winner_choices(report, posses, RULES)
    for bad in (c for c in found if not c.allowed):
        with pytest.raises(RuleBroken) as caught:
            plan_game(dataclasses.replace(report, winner=bad.value), posses, RULES)
        assert str(caught.value) == f"Winner: {bad.reason}"
    return dataclasses.replace(report, winner=data.draw(st.sampled_from(choices.offered(found))))


# R12 (2026-12 rulings): reports that contradict the rules, and the winners the wizard offers.


def _out(*names: str, posse_name: str = "A") -> tuple[OutOfAction, ...]:
    return tuple(OutOfAction(Ref(posse_name, n), None) for n in names)


def test_r12_winner_choices_refuse_a_posse_that_routed_and_say_why() -> None:
    posses = {"A": posse("A", "outlawmen"), "B": posse("B", "sheriffs")}
    draft = Report(
        "2025-12-01", "bloodbath", ("A", "B"), None, out_of_action=_out("Boss", "Second")
    )
    found = {c.value: c for c in choices.winner_choices(draft, posses, RULES)}
    assert found[None].allowed and found["B"].allowed
    assert found["A"].reason == (
        "A routed (its leader and deputy are both out of action), so it cannot be the winner "
        "outside the Bounty scenario (R12)."
    )
    bounty = dataclasses.replace(draft, scenario="bounty")  # rout is ignored there
    assert choices.offered(choices.winner_choices(bounty, posses, RULES)) == (None, "A", "B")


def test_r12_a_rout_role_left_empty_by_a_death_is_said_so_not_called_out_of_action() -> None:
    """R12: a posse whose leader died (not replaced) routs once its deputy is out of action;
    the sentence names the deputy out of action and the leader it has not, not a leader
    "out of action" in a game he never played."""
    dead = dataclasses.replace(posse("A", "outlawmen").members[0], injuries=3, status=DEAD)
    leaderless = posse("A", "outlawmen")
    leaderless = dataclasses.replace(leaderless, members=(dead, *leaderless.members[1:]))
    down = {Ref("A", "Second")}
    assert choices.routed_reason(leaderless, down, RULES) == (
        "its deputy is out of action and it has no leader"
    )
    assert choices.routed_reason(posse("A", "outlawmen"), down, RULES) == ""


def test_r12_three_of_five_is_ruleset_data_counted_from_the_posses_models() -> None:
    posses = {"A": posse("A", "outlawmen"), "B": posse("B", "sheriffs")}
    two_down = Report("2025-12-01", "bloodbath", ("A", "B"), "A", out_of_action=_out("One", "Two"))
    plan_game(two_down, posses, RULES)
    assert (
        choices.routed_reason(posses["A"], {o.victim for o in two_down.out_of_action}, RULES) == ""
    )
    stricter = dataclasses.replace(RULES, rout_models=2)
    with pytest.raises(RuleBroken, match=r"^Winner: A routed \(2 of its 5 models are out"):
        plan_game(two_down, posses, stricter)


def test_r12_a_bounty_game_offers_only_the_claimant_as_winner() -> None:
    posses = {"A": posse("A", "outlawmen"), "B": posse("B", "sheriffs")}
    claim = Bounty("B", Ref("A", "One"), True)
    draft = Report(
        "2025-12-01", "bounty", ("A", "B"), None, out_of_action=_out("One"), bounties=(claim,)
    )
    assert choices.offered(choices.winner_choices(draft, posses, RULES)) == ("B",)
    second = Bounty("A", Ref("B", "Two"), True)
    with_two = dataclasses.replace(
        draft, out_of_action=(*draft.out_of_action, *_out("Two", posse_name="B"))
    )
    offered = choices.offered(choices.bounty_choices(with_two, posses, RULES))
    assert second not in offered and Bounty("A", Ref("B", "Two"), False) in offered


def test_r12_a_game_dated_before_a_posse_was_founded_is_refused() -> None:
    founded = dataclasses.replace(posse("A", "outlawmen"), created="2026-03-01")
    posses = {"A": founded, "B": posse("B", "sheriffs")}
    early = Report("2026-02-28", "bloodbath", ("A", "B"), None)
    with pytest.raises(RuleBroken, match=r"^Date: A was founded on 2026-03-01, after the game's"):
        plan_game(early, posses, RULES)
    plan_game(dataclasses.replace(early, date="2026-03-01"), posses, RULES)
    assert posse("C", "townsfolk").created == ""  # built in memory: no founding date to check


def test_r1_only_the_leader_plays_the_eighth_card_pair() -> None:
    from rostermgr.choices import plays_pair
    from rostermgr.roster import Member

    assert plays_pair(Member("Ike", "leader"))
    assert not plays_pair(Member("Ma", "deputy")) and not plays_pair(Member("Kid", "ganger"))


def test_r1_2026_12_no_thief_is_said_of_the_posses_when_none_of_their_factions_steals() -> None:
    outlaws = Posse("A", "outlawmen", (Member("Boss", "leader"),), 0, RULES.id, RULES.version)
    sheriffs = Posse("B", "sheriffs", (Member("Boss", "leader"),), 0, RULES.id, RULES.version)
    rye = Posse("C", "bootleggers", (Member("Boss", "leader"),), 0, RULES.id, RULES.version)
    assert choices.no_thief_reason([outlaws, sheriffs], RULES) == (
        "no posse here is of the Bootleggers, whose leader alone steals (R1)."
    )
    assert choices.no_thief_reason([outlaws, rye], RULES) == ""
