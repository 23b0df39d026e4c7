"""The model's exchange odds are the real resolver's exact odds (R8, R9)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from types import MappingProxyType

from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.odds.exact import exact_odds
from rostermgr.roster import Member
from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.exchange import OddsTable, fighter, matchup

RULES = default_ruleset()
ROLES = tuple(RULES.roles)
FACTIONS = tuple(RULES.factions)
CARRIED = (
    "pistol",
    "shotgun",
    "carbine-rifle",
    "hatchet",
    "machete",
    "derringer",
    "switchblade",
    "hunting-knife",
    "light-leather",
    "fine-leather",
    "whiskey",
)


@st.composite
def members(draw: st.DrawFn) -> Member:
    role = draw(st.sampled_from(ROLES))
    items = draw(st.lists(st.sampled_from(CARRIED), max_size=3, unique=True))
    clothing = [i for i in items if RULES.item(i).kind == "clothing"][:1]
    items = [i for i in items if RULES.item(i).kind != "clothing"] + clothing
    upgrades = draw(
        st.dictionaries(st.sampled_from(RULES.stat_order), st.integers(0, 4), max_size=3)
    )
    return Member(
        name=draw(st.sampled_from(("Kid", "Slim", "Doc"))),
        role=role,
        items=tuple(items),
        injuries=draw(st.integers(0, RULES.strikes_to_die - 1)),
        upgrades=MappingProxyType(upgrades),
    )


def _chances(wounds: tuple[int, ...], running: tuple[int, ...]) -> dict[int, Fraction]:
    counts = [b - a for a, b in zip((0, *running), running, strict=False)]
    return {w: Fraction(n, running[-1]) for w, n in zip(wounds, counts, strict=True) if n}


@settings(max_examples=60, deadline=None)
@given(
    attacker=members(),
    target=members(),
    att_faction=st.sampled_from(FACTIONS),
    tgt_faction=st.sampled_from(FACTIONS),
)
def test_r8_r9_exchange_odds_equal_exact_odds_for_the_same_stats(
    attacker: Member, target: Member, att_faction: str, tgt_faction: str
) -> None:
    """However the table files the odds (by difference, by suit), each exchange's wound chances
    are exact_odds' for the two members' current stats, gear and factions."""
    table = OddsTable(RULES)
    m = matchup(fighter(attacker, att_faction, RULES), fighter(target, tgt_faction, RULES), RULES)
    exact = exact_odds(m, RULES)
    assert _chances(*table.chances(m)) == {w: p for w, p in exact.wound_chances.items() if p}


@settings(max_examples=40, deadline=None)
@given(
    fights=st.lists(
        st.tuples(members(), members(), st.sampled_from(FACTIONS), st.sampled_from(FACTIONS)),
        min_size=2,
        max_size=6,
    )
)
def test_one_table_serves_each_exchange_the_odds_exact_odds_works_out_afresh(
    fights: list[tuple[Member, Member, str, str]],
) -> None:
    """A table that kept the odds of earlier exchanges (filed by `same_odds`: other weapons
    and Toughness with the same difference share them) serves each later one exact_odds' own."""
    table = OddsTable(RULES)
    for attacker, target, att_faction, tgt_faction in fights:
        f, t = fighter(attacker, att_faction, RULES), fighter(target, tgt_faction, RULES)
        m = matchup(f, t, RULES)
        exact = {w: p for w, p in exact_odds(m, RULES).wound_chances.items() if p}
        assert _chances(*table.chances(m)) == exact
        drawn = table.between(f, t)
        assert _chances(drawn.wounds, drawn.running) == exact


def test_r8_the_matchup_uses_current_stats_clothing_and_the_best_weapon() -> None:
    kid = Member("Kid", "ganger", ("pistol", "machete"), upgrades=MappingProxyType({"combat": 2}))
    doc = Member("Doc", "deputy", ("medium-leather",), injuries=1)
    f, t = fighter(kid, "outlawmen", RULES), fighter(doc, "sheriffs", RULES)
    m = matchup(f, t, RULES)
    assert (m.kind, m.weapon) == ("combat", "machete")  # the machete does more damage (R4)
    assert m.attack == RULES.roles["ganger"].stats["combat"] + 2
    assert m.defence == RULES.roles["deputy"].stats["defence"]
    assert m.clothing == RULES.items["medium-leather"].defence
    assert m.toughness == RULES.roles["deputy"].stats["toughness"]
    unarmed = matchup(fighter(Member("Slim", "ganger"), "outlawmen", RULES), t, RULES)
    assert (unarmed.kind, unarmed.weapon) == ("shot", None)


def test_draws_follow_the_exact_chances() -> None:
    """Ten thousand draws land near the exact chances (a loose check of the sampling)."""
    import random

    table = OddsTable(RULES)
    a = fighter(Member("Kid", "ganger", ("pistol",)), "outlawmen", RULES)
    t = fighter(Member("Doc", "ganger"), "sheriffs", RULES)
    m = matchup(a, t, RULES)
    rng = random.Random(4)
    seen = Counter(table.draw(m, rng) for _ in range(10_000))
    for w, p in exact_odds(m, RULES).wound_chances.items():
        assert abs(seen[w] / 10_000 - float(p)) < 0.02


def test_the_game_loop_draws_what_choice_randrange_and_choices_draw() -> None:
    """The loop's shortcuts draw the very numbers Random's own calls would, so a seed gives
    the campaign it gave before they were taken."""
    from rostermgr.simulate.exchange import Draw
    from rostermgr.simulate.game import below as draw_below

    chances = ((0, 1, 2, 4), (700, 900, 990, 1000))
    mine, theirs = random.Random("seed:1"), random.Random("seed:1")
    below, draw = draw_below(mine), Draw(chances)
    for n in (1, 2, 3, 5, 7, 2, 9) * 50:
        assert below(n) == theirs.randrange(n)
        assert below(n) == theirs.choice(range(n))
        assert draw.draw(mine.random) == theirs.choices(chances[0], cum_weights=chances[1])[0]
