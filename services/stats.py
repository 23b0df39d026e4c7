"""Playtest statistics of the campaign (R12-R16)."""

from __future__ import annotations

from db.stats import read_campaign
from rostermgr.stats import Table, campaign_stats
from services.campaign import Campaign


def tables(c: Campaign) -> tuple[Table, ...]:
    """Every statistics table of the campaign, under its ruleset."""
    return campaign_stats(read_campaign(), c.rules)
