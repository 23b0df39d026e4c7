"""Rulesets and jobs for the simulator's tests."""

from __future__ import annotations

from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset, parse_ruleset_text
from rostermgr.simulate.campaign import CampaignRun, found, run_campaign
from rostermgr.simulate.exchange import OddsTable
from rostermgr.simulate.model import Model
from rostermgr.simulate.run import Job


def changed(old: str, new: str, name: str = "changed.toml") -> Ruleset:
    """The shipped ruleset with one piece of its text replaced."""
    text = default_ruleset().text
    assert old in text, old
    return parse_ruleset_text(text.replace(old, new), name)


def job(rules: Ruleset | None = None, campaigns: int = 12, games: int = 4, **model: object) -> Job:
    rules = rules or default_ruleset()
    return Job(
        rules.text,
        rules.source,
        campaigns,
        games,
        tuple(rules.factions),
        7,
        Model(**model),  # type: ignore[arg-type]
    )


def one_campaign(seed: str, games: int = 5, rules: Ruleset | None = None, **model: object):
    rules = rules or default_ruleset()
    m = Model(**model)  # type: ignore[arg-type]
    start = found(tuple(rules.factions), m, rules)
    return run_campaign(start, games, m, rules, OddsTable(rules), seed)


__all__ = ["CampaignRun", "changed", "job", "one_campaign"]
