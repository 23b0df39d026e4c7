"""What a change to the ruleset does to a simulated campaign, on the same seeds."""

from __future__ import annotations

from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from rostermgr.simulate.run import run_slice
from rostermgr.simulate.summary import Spread, Summary, summarise
from tests.rostermgr.simulate.conftest import changed, job

RULES = default_ruleset()


def _summary(rules: Ruleset, **model: object) -> Summary:
    made = job(rules, campaigns=15, games=4, **model)
    return summarise(run_slice(made, rules, range(made.campaigns)), made.games)


def test_r16_a_starting_purse_ten_times_larger_raises_the_purse_percentiles() -> None:
    rich = changed("starting_purse = 200", "starting_purse = 2000")
    base, more = _summary(RULES), _summary(rich)
    for a, b in zip(base.by_game, more.by_game, strict=True):
        pa, pb = a.metric("purse"), b.metric("purse")
        assert (pb.p10, pb.p50, pb.p90) > (pa.p10, pa.p50, pa.p90)
        assert pb.p10 > pa.p90


def test_r15_a_ruleset_where_no_flip_raises_a_stat_gives_zero_advances() -> None:
    text = RULES.text
    for old in (
        'stats = ["shot", "combat"]',
        'stats = ["strength", "toughness"]',
        'stats = ["defence", "wounds"]',
    ):
        assert old in text
        text = text.replace(old, "stats = []")
    never = parse_ruleset_text(text, "never.toml")
    assert all(r.metric("advances") == Spread(0, 0, 0) for r in _summary(never).by_game)
    assert _summary(RULES).by_game[-1].metric("advances").p90 > 0


def test_r14_no_flips_earned_gives_zero_advances() -> None:
    none = changed(
        "per_take_out = 1\nper_killing_blow = 2", "per_take_out = 0\nper_killing_blow = 0"
    )
    assert all(r.metric("advances").p90 == 0 for r in _summary(none).by_game)


def test_the_same_ruleset_twice_gives_the_same_summary() -> None:
    assert _summary(RULES) == _summary(changed("Last Hope Frontier", "Last Hope Frontier"))


def test_r2_a_stronger_leader_shot_moves_the_numbers() -> None:
    """A what-if the designer asks: the leader's Shot 4 changes a seeded run (not a rule)."""
    sharp = changed("shot = 3, combat = 3", "shot = 4, combat = 3")
    assert _summary(sharp, shopping="weapons") != _summary(RULES, shopping="weapons")
