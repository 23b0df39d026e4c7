"""The refusal a front end gets when another rostermgr holds the campaign (with its holder)."""

from __future__ import annotations

from db.lock import CampaignHeld, Holder

__all__ = ["CampaignHeld", "Holder"]
