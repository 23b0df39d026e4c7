"""`resolve_outcome` gives exactly `resolve`'s numbers, without the explanation (R8, R4, R9).

The odds and the simulator count outcomes and wounds over every pair of cards with the fast
function; the calculator explains with `resolve`. Both read one piece of arithmetic, and these
properties hold them to it for random tests of every kind and every pair of cards.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rostermgr.cards import full_deck
from rostermgr.errors import Refused
from rostermgr.odds.exact import Matchup, exact_odds, pairings, tally, test_deck
from rostermgr.resolution import resolve
from rostermgr.resolver import Test, resolve_outcome, resolve_outcomes, usable_in
from rostermgr.rules_load import default_ruleset
from rostermgr.weapons import calculator_ids

RULES = default_ruleset()
KINDS = calculator_ids(RULES)
FACTIONS = tuple(RULES.factions)
COVER = (None, *RULES.cover)
WEAPONS = {
    k: (None, *(i for i in RULES.items.values() if RULES.is_weapon(i) and usable_in(k, i, RULES)))
    for k in KINDS
}


@st.composite
def any_test(draw: st.DrawFn) -> Test:
    """A test the rules accept, but for its two cards (drawn later): every kind and option."""
    kind = draw(st.sampled_from(KINDS))
    blast = RULES.test_kinds[kind].blast
    weapon = draw(st.sampled_from(WEAPONS[kind]))
    paired = (False, False) if blast else (draw(st.booleans()), draw(st.booleans()))
    return Test(
        kind=kind,
        attacker=draw(st.sampled_from(FACTIONS)),
        attack=draw(st.integers(0, 7)),
        attack_card=full_deck(0)[0],
        defender=draw(st.sampled_from(FACTIONS)),
        defence=draw(st.integers(0, 7)),
        defence_card=full_deck(0)[0],
        clothing=draw(st.integers(0, 3)),
        cover=draw(st.sampled_from(COVER)),
        horseback=draw(st.booleans()),
        weapon=weapon.id if weapon else None,
        toughness=draw(st.integers(0, 5)),
        attacker_pair=paired[0],
        defender_pair=paired[1],
        into_combat=RULES.test_kinds[kind].ranged and draw(st.booleans()),
        attacker_wounds_taken=draw(st.integers(0, 3)),
        defender_wounds_taken=draw(st.integers(0, 3)),
        blast_toughness=tuple(draw(st.lists(st.integers(0, 5), max_size=3))) if blast else (),
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(test=any_test())
def test_the_fast_path_gives_resolves_numbers_for_every_pair_of_cards(test):
    for a in test_deck(RULES, test.attacker_pair):
        for d in test_deck(RULES, test.defender_pair):
            paired = Test(**{**test.__dict__, "attack_card": a, "defence_card": d})
            res = resolve(paired, RULES)
            fast = resolve_outcome(paired, RULES)
            assert fast == resolve_outcome(paired, RULES, checked=True)
            assert (fast.outcome, fast.wounds) == (res.outcome, res.wounds)
            assert (fast.attack_total, fast.defence_total, fast.damage, fast.toughness) == (
                res.attack_total,
                res.defence_total,
                res.damage,
                res.toughness,
            )
            assert fast.friendly_wounds == res.friendly_wounds


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(test=any_test(), data=st.data())
def test_the_outcomes_of_many_pairs_are_each_pairs_own(test, data):
    """resolve_outcomes works each side's total out once per card: every pair's numbers are
    still resolve_outcome's for that pair, in order, the attack cards outer."""
    attack = data.draw(st.lists(st.sampled_from(test_deck(RULES, test.attacker_pair)), max_size=6))
    defence = data.draw(st.lists(st.sampled_from(test_deck(RULES, test.defender_pair)), max_size=6))
    each = [
        resolve_outcome(Test(**{**test.__dict__, "attack_card": a, "defence_card": d}), RULES)
        for a in attack
        for d in defence
    ]
    assert list(resolve_outcomes(test, attack, defence, RULES)) == each


@settings(max_examples=20, deadline=None)
@given(test=any_test(), chosen=st.sampled_from((None, "attacker", "defender")))
def test_exact_odds_count_what_the_explained_pairings_count(test, chosen):
    matchup = Matchup(
        test.kind,
        test.attacker,
        test.attack,
        test.defender,
        test.defence,
        test.clothing,
        test.cover,
        test.horseback,
        test.weapon,
        test.toughness or 0,
        test.attacker_pair,
        test.defender_pair,
    )
    card = full_deck(RULES.jokers)[7]
    a_card = card if chosen == "attacker" else None
    d_card = card if chosen == "defender" else None
    explained = tally((p.resolution, p.weight) for p in pairings(matchup, RULES, a_card, d_card))
    assert exact_odds(matchup, RULES, a_card, d_card) == explained


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "poker"}, "not 'poker'"),
        ({"cover": "castle"}, "There is no cover 'castle'"),
        ({"weapon": "whiskey"}, "Whiskey is not a weapon"),
        ({"attack": -1}, "attack value must be 0 or more"),
        ({"toughness": None}, "needs the target's Toughness"),
    ],
)
def test_the_fast_path_refuses_what_resolve_refuses(change, message):
    base = Test("shot", "sheriffs", 9, full_deck(0)[12], "outlawmen", 0, full_deck(0)[0])
    test = Test(**{**base.__dict__, **change})
    with pytest.raises(Refused, match=message) as slow:
        resolve(test, RULES)
    with pytest.raises(Refused) as fast:
        resolve_outcome(test, RULES)
    assert str(fast.value) == str(slow.value)
    with pytest.raises(Refused) as many:
        list(resolve_outcomes(test, [test.attack_card], [test.defence_card], RULES))
    assert str(many.value) == str(slow.value)


def test_exact_odds_refuse_a_joker_chosen_for_a_leaders_pair_as_resolve_does():
    matchup = Matchup("shot", "sheriffs", 3, "outlawmen", 2, attacker_pair=True, toughness=1)
    joker = full_deck(RULES.jokers)[-1]
    assert joker.is_joker
    with pytest.raises(Refused, match="the joker stands for its partner card"):
        exact_odds(matchup, RULES, attack_card=joker)
