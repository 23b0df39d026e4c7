"""What every campaign command needs: the ruleset and the campaign file, opened for one command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cli import campaign_path, campaign_server, ruleset
from rostermgr.records import LaterChanges
from rostermgr.rules import Ruleset
from services.campaign import Campaign
from services.opening import for_command, for_server


@contextmanager
def campaign(args: argparse.Namespace, editing: bool = False) -> Iterator[Campaign]:
    """Open the campaign file for one command and close it afterwards.

    An editing command is refused while the app holds the file (services.campaign).
    """
    take_over = bool(getattr(args, "take_over", False))
    server = campaign_server(args)
    if server is not None:
        if take_over:
            sys.stderr.write(
                "Note: --take-over does nothing for a campaign on a PostgreSQL server: there is "
                "no file lock, the server keeps writers apart.\n"
            )
        with for_server(server, ruleset(args), editing) as c:
            yield c
        return
    with for_command(campaign_path(args), ruleset(args), editing, take_over) as c:
        yield c


def active_ruleset(args: argparse.Namespace) -> Ruleset:
    """DESIGN 5: the campaign's current ruleset; --ruleset FILE gives that file; with no
    campaign yet, the shipped one (what a new campaign would start with).

    `rules` shows it and `print reference`/`print scenarios` print it, as the window does: the
    sheets of a campaign playing its own ruleset were the shipped ruleset's.
    """
    if getattr(args, "ruleset", None):
        return ruleset(args)
    if campaign_server(args) is None and not campaign_path(args).exists():
        return ruleset(args)
    with campaign(args) as c:
        return c.rules


def taken_back(later: LaterChanges, backup: Path | None) -> str:
    """The end of an undo's sentence: everything else it took back, one a line, and the backup.

    An undo that takes back more than its own step lists all of it (issue 27).
    """
    lines = later.listed()
    if not lines:
        return ".\n"
    kept = f" (backed up first to {backup})" if backup else ""
    listed = "".join(f"  - {line}\n" for line in lines)
    return f". It also took back everything done since{kept}:\n{listed}"
