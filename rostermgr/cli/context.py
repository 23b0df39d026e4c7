"""What every campaign command needs: the ruleset and an open campaign file."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from db.connection import open_campaign
from rostermgr.cli import campaign_path
from rostermgr.rules import Ruleset
from rostermgr.rules_load import default_ruleset, load_ruleset


def ruleset(args: argparse.Namespace) -> Ruleset:
    return load_ruleset(args.ruleset) if getattr(args, "ruleset", None) else default_ruleset()


@contextmanager
def campaign(args: argparse.Namespace) -> Iterator[Ruleset]:
    """Open the campaign file for one command and close it afterwards."""
    rules = ruleset(args)
    db = open_campaign(campaign_path(args))
    try:
        yield rules
    finally:
        db.close()
