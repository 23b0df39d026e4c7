"""`same_odds`: matchups filed under one key have the very same exact odds (R8, R9, issue 33).

The simulator's odds table works out each key's odds once and serves them to every matchup
with that key; these properties hold the key to `exact_odds` itself, worked out afresh for
each matchup.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rostermgr.odds.exact import Matchup, exact_odds, same_odds
from rostermgr.resolver import usable_in
from rostermgr.rules_load import default_ruleset
from rostermgr.weapons import calculator_ids

RULES = default_ruleset()
KINDS = calculator_ids(RULES)
FACTIONS = tuple(RULES.factions)
COVER = (None, *RULES.cover)
ITEMS = tuple(RULES.items.values())
WEAPONS = {
    k: (None, *(i.id for i in ITEMS if RULES.is_weapon(i) and usable_in(k, i, RULES)))
    for k in KINDS
}
SLOW = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def damage(weapon: str | None) -> int:
    return RULES.item(weapon).damage if weapon is not None else 0


@st.composite
def matchups(draw: st.DrawFn, blast: bool = False) -> Matchup:
    """A matchup exact_odds accepts, of any kind with (or without) a blast, every option."""
    kind = draw(st.sampled_from([k for k in KINDS if bool(RULES.test_kinds[k].blast) == blast]))
    paired = (False, False) if blast else (draw(st.booleans()), draw(st.booleans()))
    return Matchup(
        kind=kind,
        attacker=draw(st.sampled_from(FACTIONS)),
        attack=draw(st.integers(0, 8)),
        defender=draw(st.sampled_from(FACTIONS)),
        defence=draw(st.integers(0, 8)),
        clothing=draw(st.integers(0, 3)),
        cover=draw(st.sampled_from(COVER)),
        horseback=draw(st.booleans()),
        weapon=draw(st.sampled_from(WEAPONS[kind])),
        toughness=draw(st.integers(0, 6)),
        attacker_pair=paired[0],
        defender_pair=paired[1],
    )


@settings(max_examples=80, **SLOW)  # type: ignore[arg-type]
@given(m=matchups(), data=st.data())
def test_r9_another_weapon_and_toughness_with_the_same_difference_have_the_same_odds(
    m: Matchup, data: st.DataObject
) -> None:
    """Any weapon of the test and a Toughness that leave the weapon's damage less the Toughness
    as it was: the same key, and exact_odds worked out afresh gives the very same odds."""
    weapon = data.draw(st.sampled_from(WEAPONS[m.kind]))
    toughness = m.toughness + damage(weapon) - damage(m.weapon)
    if toughness < 0:  # no Toughness is below 0: shift both up by a weapon's worth instead
        toughness = 0
        m = replace(m, toughness=damage(m.weapon) - damage(weapon))
    other = replace(m, weapon=weapon, toughness=toughness)
    assert same_odds(other, RULES) == same_odds(m, RULES)
    assert exact_odds(other, RULES) == exact_odds(m, RULES)


@settings(max_examples=60, **SLOW)  # type: ignore[arg-type]
@given(m=matchups(), toughness=st.integers(0, 6), factions=st.booleans())
def test_a_matchup_that_differs_otherwise_has_another_key(
    m: Matchup, toughness: int, factions: bool
) -> None:
    """A Toughness that changes the difference, or other factions, is another key: the key
    stands for no more matchups than the R9 difference allows."""
    if toughness != m.toughness:
        assert same_odds(replace(m, toughness=toughness), RULES) != same_odds(m, RULES)
    if factions and m.attacker != m.defender:
        swapped = replace(m, attacker=m.defender, defender=m.attacker)
        assert same_odds(swapped, RULES) != same_odds(m, RULES)


@settings(max_examples=20, **SLOW)  # type: ignore[arg-type]
@given(m=matchups(blast=True))
def test_r4_a_blast_is_its_own_key(m: Matchup) -> None:
    """Dynamite reads every reached model's Toughness apart: nothing is shared."""
    assert same_odds(m, RULES) == m
    assert same_odds(replace(m, toughness=m.toughness + 1), RULES) != same_odds(m, RULES)
