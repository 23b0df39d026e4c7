"""A simulated campaign: deterministic, and every invariant a recorded campaign keeps holds."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.invariants import roster_problems, state_problems
from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.campaign import found
from rostermgr.simulate.model import SHOPPING, TARGETS, Model
from rostermgr.simulate.run import chunks, run_slice
from rostermgr.simulate.summary import finish, merge, summarise, tally
from tests.rostermgr.simulate.conftest import job, one_campaign

RULES = default_ruleset()
RUNS = run_slice(job(campaigns=9, games=3), RULES, range(9))


def test_same_seed_same_campaign() -> None:
    a, books_a = one_campaign("5:0")
    b, books_b = one_campaign("5:0")
    assert a == b
    assert [x.posse for x in books_a] == [x.posse for x in books_b]
    c, _ = one_campaign("5:1")
    assert c != a


def test_a_slice_runs_the_campaigns_the_whole_run_does() -> None:
    """Campaign i depends on the seed and i alone: slices in any order give the same runs."""
    made = job(campaigns=6, games=3)
    whole = run_slice(made, RULES, range(6))
    assert run_slice(made, RULES, range(3, 6)) == whole[3:]
    assert run_slice(made, RULES, [4]) == [whole[4]]


@settings(max_examples=15, deadline=None)
@given(cuts=st.lists(st.integers(0, 9), max_size=4))
def test_the_tallies_of_a_run_s_slices_add_up_to_its_summary(cuts: list[int]) -> None:
    """A worker sends its slice's tally: the tallies of any slicing give the run's summary."""
    bounds = [0, *sorted(cuts), 9]
    parts = [tally(RUNS[a:b]) for a, b in pairwise(bounds)]
    assert finish(merge(parts), 3) == summarise(RUNS, 3)


@given(
    campaigns=st.integers(1, 200),
    size=st.integers(1, 30),
    warm=st.integers(0, 60),
    warm_size=st.integers(1, 5),
    tail=st.integers(0, 60),
    tail_size=st.integers(1, 5),
)
def test_the_pieces_of_a_run_take_every_campaign_once_in_order(
    campaigns: int, size: int, warm: int, warm_size: int, tail: int, tail_size: int
) -> None:
    """Small pieces first, while the odds are young, then pieces of `size`, and small pieces
    again for the last `tail` campaigns, so that no worker is left alone with a big last piece:
    every index once."""
    pieces = chunks(campaigns, size, warm, warm_size, tail, tail_size)
    assert [i for p in pieces for i in p] == list(range(campaigns))
    for p in pieces:
        if p.start < warm:
            assert len(p) <= warm_size
        elif p.start >= campaigns - tail:
            assert len(p) <= tail_size
        else:
            assert len(p) <= size


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    games=st.integers(1, 6),
    target=st.sampled_from(TARGETS),
    shopping=st.sampled_from(SHOPPING),
    reflip=st.sampled_from(("never", "unwanted")),
    factions=st.lists(st.sampled_from(tuple(RULES.factions)), min_size=2, max_size=5),
)
def test_r3_r5_r13_r16_invariants_hold_in_every_simulated_campaign(
    seed: int, games: int, target: str, shopping: str, reflip: str, factions: list[str]
) -> None:
    """Every simulated report passes plan_game (it would raise), and the books stay whole:
    purse = sum of its ledger and never below $0 (R16), strikes 0-3 and dead exactly at the
    last (R13), the dead carry nothing, and the living keep R3 and R5."""
    from rostermgr.simulate.campaign import run_campaign
    from rostermgr.simulate.exchange import OddsTable

    model = Model(target=target, shopping=shopping, reflip=reflip)
    start = found(factions, model, RULES)
    run, books = run_campaign(start, games, model, RULES, OddsTable(RULES), f"{seed}")
    for b in books:
        assert b.posse.purse == sum(b.ledger) >= 0
        assert not roster_problems(b.posse.name, b.posse.members, RULES)
        for m in b.posse.members:
            assert not state_problems(m.name, m.status, m.injuries, RULES)
            assert m.flips >= 0
            if not m.alive:
                assert m.items == () and m.pending_card is None
    assert len(run.rounds) == games
    for posses in run.rounds:
        assert all(0 <= p.dead_share <= 1 and p.purse >= 0 for p in posses)


def test_r14_r15_flips_are_spent_and_advances_counted() -> None:
    run, books = one_campaign("3:3", games=8)
    upgrades = sum(sum(m.upgrades.values()) for b in books for m in b.posse.members)
    assert upgrades > 0
    assert sum(p.advances for p in run.rounds[-1]) == upgrades
    # every flip earned was turned: what is left is a card waiting for no wanted stat, never a
    # flip unspent (the default prefers every stat, so none waits)
    assert all(m.flips == 0 and m.pending_card is None for b in books for m in b.posse.active)


def test_r3_a_posse_that_loses_members_hires_while_its_purse_allows() -> None:
    _, books = one_campaign("11:2", games=10)
    for b in books:
        dead = [m for m in b.posse.members if not m.alive]
        if dead:
            assert len(b.posse.members) > 5 or b.posse.purse < 20
            break
    else:
        raise AssertionError("ten games without a death: the model lost its teeth")


def test_wins_and_games_add_up() -> None:
    run, _ = one_campaign("2:9", games=6)
    games_played = len(run.take_outs)
    assert sum(run.played) == 2 * games_played
    assert sum(run.wins) <= games_played
