"""What every campaign command needs: the ruleset and an open campaign file."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from db.backup import backup_if_due
from db.connection import open_campaign
from db.lock import refuse_if_held
from cli import campaign_path, refuse_missing_folder, ruleset
from rostermgr.rules import Ruleset


@contextmanager
def campaign(args: argparse.Namespace, editing: bool = False) -> Iterator[Ruleset]:
    """Open the campaign file for one command and close it afterwards.

    An editing command is refused while the app holds the file, and first makes the hourly
    backup when one is due.
    """
    rules = ruleset(args)
    path = campaign_path(args)
    refuse_missing_folder(path)
    if editing:
        refuse_if_held(path)
    db = open_campaign(path)
    if editing:
        backup_if_due(path)
    try:
        yield rules
    finally:
        db.close()
