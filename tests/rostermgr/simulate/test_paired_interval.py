"""B - A of two simulated rulesets with its sampling error: campaign i of B ran on the seeds of
campaign i of A, so the pairs' differences give the 95% interval (DESIGN 5, `simulate
--against`). A difference inside it is not presented as an effect of the rules."""

from __future__ import annotations

import dataclasses
import math

import pytest

from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from rostermgr.simulate.run import run_slice
from rostermgr.simulate.summary import (
    TAKE_OUTS,
    Summary,
    paired_interval,
    summarise,
    win_figure,
)
from rostermgr.simulate.text import comparison_json, comparison_lines
from tests.rostermgr.simulate.conftest import job

RULES = default_ruleset()
MADE = job(campaigns=12, games=3)
A = summarise(run_slice(MADE, RULES, range(12)), 3)


def _with(summary: Summary, figure: str, values: list[float]) -> Summary:
    return dataclasses.replace(summary, per_campaign=((figure, tuple(values)),))


def test_the_interval_is_1_96_standard_errors_of_the_paired_differences() -> None:
    a = _with(A, TAKE_OUTS, [1.0, 2.0, 3.0, math.nan])
    b = _with(A, TAKE_OUTS, [2.0, 4.0, 6.0, 5.0])  # differences 1, 2, 3; the NaN pair is left out
    assert paired_interval(a, b, TAKE_OUTS) == pytest.approx(1.96 * 1.0 / math.sqrt(3))


def test_fewer_than_two_pairs_have_no_interval() -> None:
    a = _with(A, TAKE_OUTS, [1.0])
    assert paired_interval(a, a, TAKE_OUTS) is None


def test_every_campaign_has_its_own_figures_in_campaign_order() -> None:
    figures = dict(A.per_campaign)
    assert len(figures[TAKE_OUTS]) == 12
    assert sum(figures[TAKE_OUTS]) / 12 == pytest.approx(A.take_outs)
    assert set(figures) >= {win_figure(f) for f in RULES.factions}


def test_the_same_rules_again_differ_by_nothing_in_every_campaign() -> None:
    same = parse_ruleset_text(
        RULES.text.replace('version = "0.1-playtest"', 'version = "again"'), "again.toml"
    )
    b = summarise(run_slice(job(same, campaigns=12, games=3), same, range(12)), 3)
    text = "\n".join(comparison_lines(A, RULES, b, same, 1, MADE.model))
    assert "B - A, ± the 95% interval from the 12 pairs of campaigns\n(a difference within" in text
    assert "Models out of action per game: +0.00 (the same in every campaign)." in text
    assert "Sheriffs +0.0 pts (the same in every campaign)" in text
    doc = comparison_json(A, RULES, b, same, 1)["difference"]
    assert doc["take_outs_per_game"] == 0
    assert doc["interval95"]["take_outs_per_game"] == 0
    assert set(doc["interval95"]["win_rate"]) == set(RULES.factions)


def test_a_rule_that_changes_the_campaigns_reports_a_positive_interval() -> None:
    text = RULES.text.replace("damage = 1\nprice = 8", "damage = 3\nprice = 8")
    assert text != RULES.text  # R4: the pistol's damage
    harder = parse_ruleset_text(text.replace("0.1-playtest", "0.1-pistol"), "pistol.toml")
    b = summarise(run_slice(job(harder, campaigns=12, games=3), harder, range(12)), 3)
    half = paired_interval(A, b, TAKE_OUTS)
    assert half is not None and half > 0
    doc = comparison_json(A, RULES, b, harder, 1)["difference"]
    assert doc["interval95"]["take_outs_per_game"] == round(half, 4)


def _outs(mean: float, per_campaign: list[float]) -> Summary:
    return dataclasses.replace(
        _with(A, TAKE_OUTS, per_campaign), take_outs=mean, win_rate=(), draw_rate=0.0
    )


def test_a_difference_inside_its_interval_is_marked_within_noise_and_one_outside_is_not() -> None:
    a = _outs(2.0, [2.0, 2.0, 2.0, 2.0])
    noisy = _outs(2.1, [3.0, 1.0, 3.4, 1.0])  # differences +1, -1, +1.4, -1: mean +0.1
    steady = _outs(2.1, [2.1, 2.1, 2.2, 2.0])  # differences 0.1, 0.1, 0.2, 0: mean +0.1
    line = "Models out of action per game: +0.10 ± "
    noisy_text = "\n".join(comparison_lines(a, RULES, noisy, RULES, 1, MADE.model))
    steady_text = "\n".join(comparison_lines(a, RULES, steady, RULES, 1, MADE.model))
    assert f"{line}1.26 (within noise)." in noisy_text
    assert f"{line}0.08." in steady_text
