"""Each faction's win rate with its own 95% interval from one run (`summary.rate_interval`).

A campaign's games share its posses, so they are not independent draws: the campaign is the
cluster, the rate a ratio estimator over the campaigns and its standard error the
cluster-robust one. These tests check the formula against a hand computation and its
properties for every input, that the slices of a run (its workers) give the run's interval, and
that over many simulated runs of a clustered model of known rate the interval covers that rate
about 95% of the time, where the binomial interval that takes every game as independent does not.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rostermgr.rules_load import default_ruleset
from rostermgr.simulate.run import run_slice
from rostermgr.simulate.summary import (
    Z95,
    finish,
    games_figure,
    merge,
    rate_interval,
    tally,
    wins_figure,
)
from tests.rostermgr.simulate.conftest import job

RULES = default_ruleset()
GAMES = 3
RUNS = run_slice(job(campaigns=12, games=GAMES), RULES, range(12))


def test_the_interval_is_the_hand_computed_cluster_robust_one() -> None:
    # three campaigns: 1 win in 2 games, 2 in 4, 0 in 2; the rate is 3 / 8
    # residuals w - R n: 0.25, 0.5, -0.75; squares 0.875; SE^2 = 3/2 * 0.875 / 8^2
    se = math.sqrt(1.5 * 0.875 / 64)
    assert rate_interval([1, 2, 0], [2, 4, 2]) == pytest.approx(1.96 * se)
    assert 1.96 * se == pytest.approx(0.2807, abs=1e-4)


def test_campaigns_that_did_not_play_the_faction_are_left_out() -> None:
    with_idle = rate_interval([1, math.nan, 2, 0, 0], [2, math.nan, 4, 0, 2])
    assert with_idle == rate_interval([1, 2, 0], [2, 4, 2])


def test_fewer_than_two_campaigns_that_played_it_have_no_interval() -> None:
    assert rate_interval([], []) is None
    assert rate_interval([3], [5]) is None
    assert rate_interval([3, 0], [5, 0]) is None


campaign_counts = st.lists(
    st.tuples(st.integers(0, 12), st.integers(1, 12)).map(lambda t: (min(t), t[1])),
    min_size=2,
    max_size=40,
)


@given(campaign_counts)
def test_with_as_many_games_in_every_campaign_it_is_the_mean_rate_s_standard_error(
    counts: list[tuple[int, int]],
) -> None:
    games = max(n for _, n in counts)
    wins = [min(w, games) for w, _ in counts]
    rates = [w / games for w in wins]
    expected = Z95 * statistics.stdev(rates) / math.sqrt(len(rates))
    assert rate_interval(wins, [games] * len(wins)) == pytest.approx(expected, abs=1e-12)


@given(campaign_counts, st.integers(2, 9), st.randoms(use_true_random=False))
def test_the_order_of_the_campaigns_and_the_unit_of_counting_do_not_matter(
    counts: list[tuple[int, int]], scale: int, rnd: random.Random
) -> None:
    wins, games = [w for w, _ in counts], [n for _, n in counts]
    half = rate_interval(wins, games)
    assert half is not None and half >= 0
    shuffled = list(counts)
    rnd.shuffle(shuffled)
    assert rate_interval([w for w, _ in shuffled], [n for _, n in shuffled]) == pytest.approx(
        half, abs=1e-12
    )
    assert rate_interval([w * scale for w in wins], [n * scale for n in games]) == (
        pytest.approx(half, abs=1e-12)
    )


@given(st.lists(st.integers(1, 10), min_size=2, max_size=30), st.integers(0, 4))
def test_campaigns_that_all_won_the_same_share_leave_no_noise(
    games: list[int], quarter: int
) -> None:
    wins = [n * quarter / 4 for n in games]
    assert rate_interval(wins, games) == pytest.approx(0.0, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 12), max_size=4).map(sorted))
def test_a_run_cut_into_slices_has_the_interval_of_the_whole(cuts: list[int]) -> None:
    """Workers send their slice's tally; the merged tally gives the one-process interval."""
    whole = finish(tally(RUNS), GAMES)
    bounds = [0, *cuts, len(RUNS)]
    parts = [tally(RUNS[a:b]) for a, b in itertools.pairwise(bounds)]
    assert finish(merge(parts), GAMES).win_interval == whole.win_interval


def test_a_run_s_intervals_come_from_its_campaigns_wins_and_games() -> None:
    summary = finish(tally(RUNS), GAMES)
    figures = dict(summary.per_campaign)
    assert [f for f, _ in summary.win_interval] == list(summary.factions)
    for (faction, half), (_, rate) in zip(summary.win_interval, summary.win_rate, strict=True):
        wins, games = figures[wins_figure(faction)], figures[games_figure(faction)]
        assert rate == sum(wins) / sum(games)
        assert half == rate_interval(wins, games)
        assert half is not None and 0 < half < 0.5


def _binomial_half(wins: list[int], games: list[int]) -> float:
    """The interval that takes every game as an independent draw (wrong here: for contrast)."""
    rate = sum(wins) / sum(games)
    return Z95 * math.sqrt(rate * (1 - rate) / sum(games))


def test_over_many_runs_it_covers_the_true_rate_about_95_percent_of_the_time() -> None:
    """A clustered model of known rate: each campaign has a strength of its own (its posses),
    drawn from Beta(2, 3), whose mean 0.4 is the rate; it plays 3 to 8 games, each won with
    that strength. Fixed seed: the same 2,000 runs of 60 campaigns every time, so the test
    cannot flicker; its bounds are some 4 standard errors of a coverage from 2,000 runs."""
    rng = random.Random(20261203)
    true_rate, runs, campaigns = 0.4, 2000, 60
    covered = naive_covered = 0
    for _ in range(runs):
        wins: list[int] = []
        games: list[int] = []
        for _ in range(campaigns):
            strength = rng.betavariate(2, 3)
            played = rng.randint(3, 8)
            games.append(played)
            wins.append(sum(rng.random() < strength for _ in range(played)))
        rate = sum(wins) / sum(games)
        half = rate_interval(wins, games)
        assert half is not None
        covered += abs(rate - true_rate) <= half
        naive_covered += abs(rate - true_rate) <= _binomial_half(wins, games)
    assert 0.93 <= covered / runs <= 0.97
    assert naive_covered / runs < 0.90  # the games of a campaign are not independent
